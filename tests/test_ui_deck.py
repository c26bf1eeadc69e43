"""Cards anyone can read (issue 23): suit symbols in text that tell apart at
the font's cell size, the four-colour deck chosen in Settings, and the wide
screen's hand."""
from hal import keys as K
from ui import fmt, draw
from ui.screens.common import start_table
from ui.session import Session

from test_ui_harness import make_rig

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
MIN_APART = 6        # pixels in which any two suit symbols differ, at least
CAPITALS = "AK"      # capitals a suit stands beside ("K♣"), no tail below


def cell(ch):
    """The character's cell in the text font as drawn: rows of 0/1."""
    sheet = draw.font_sheet()
    x0 = draw.tile_of(ch) * draw.CW
    return [[1 if sheet[x0 + x, y] else 0 for x in range(draw.CW)] for y in range(draw.LH)]


def inked_rows(c):
    return [y for y in range(len(c)) if any(c[y])]


def runs(row):
    """How many separate stretches of ink a row has."""
    return sum(1 for x in range(len(row)) if row[x] and (x == 0 or not row[x - 1]))


def test_text_suits_are_as_big_as_capitals_and_differ_from_each_other():
    make_rig()                       # a display for the font sheet
    suits = [cell(ch) for ch in fmt.SUIT_CHARS]
    caps = [inked_rows(cell(ch)) for ch in CAPITALS]
    top, bottom = min(r[0] for r in caps), max(r[-1] for r in caps)
    for s in suits:
        rows = inked_rows(s)
        assert rows[0] >= top and rows[-1] <= bottom          # within the capitals' rows
        assert len(rows) >= bottom - top, rows                # and nearly as tall
        assert max(sum(r) for r in s) == draw.CW - 1           # 5 wide: a column to part them
    for i in range(4):
        for j in range(i + 1, 4):
            apart = sum(suits[i][y][x] != suits[j][y][x]
                        for y in range(draw.LH) for x in range(draw.CW))
            assert apart >= MIN_APART, (fmt.SUIT_CHARS[i], fmt.SUIT_CHARS[j], apart)


def test_the_spade_is_pointed_and_the_club_has_three_lobes():
    make_rig()
    spade, club = cell(fmt.SUIT_CHARS[SPADES]), cell(fmt.SUIT_CHARS[CLUBS])
    rows = [spade[y] for y in inked_rows(spade)]
    widths = [sum(r) for r in rows]
    assert widths[0] == 1 and max(widths) == draw.CW - 1      # a point, then broad
    broad = widths.index(max(widths))
    assert widths[:broad + 1] == sorted(widths[:broad + 1])   # never narrower on the way down
    assert all(runs(r) == 1 for r in rows)                    # one shape, no notches
    assert widths[-2] == 1                                    # its stem (over a foot)
    rows = [club[y] for y in inked_rows(club)]
    widths = [sum(r) for r in rows]
    # a neck: a row narrower than the top lobe above it and the side lobes below
    necks = [i for i in range(1, len(rows) - 2)
             if widths[i] < widths[i - 1] and widths[i] < max(widths[i + 1:])]
    assert necks, widths
    below = rows[necks[0] + 1:]
    assert any(runs(r) >= 2 for r in below)                   # side lobes parted by a notch
    assert max(sum(r) for r in below) == draw.CW - 1           # and wider than the top lobe
    assert widths[-2] == 1                                    # its stem (over a foot)


def hand_palettes(four, size=(160, 128)):
    """{suit: palette} of the cards in a Nommie hand on screen."""
    rig = make_rig(*size)
    rig.app.settings["four_colours"] = four
    start_table(rig.app, Session.new("nommie", ["human", "bot", "bot", "bot"], [1] * 4, 4))
    rig.driver.settle()
    rig.draw()
    tv = rig.screen.table_view
    got = {}
    for t in tv.hand:
        card = draw.card_at(t)
        if not t.hidden and card < 52:
            got.setdefault(card // 13, t.pixel_shader)
    assert len(got) == 4, got
    return got


INK, RED_INK = 2, 3      # the card sheet's ink indexes (ui.draw.glyphs.card_sheet)


def test_the_deck_setting_changes_the_cards_palettes():
    two = hand_palettes(False)
    assert two[CLUBS][INK] == two[SPADES][INK] == 0x000000
    assert two[DIAMONDS][RED_INK] == two[HEARTS][RED_INK] == 0xD01010
    four = hand_palettes(True)
    inks = (four[CLUBS][INK], four[DIAMONDS][RED_INK], four[HEARTS][RED_INK],
            four[SPADES][INK])
    assert inks[HEARTS] == 0xD01010 and inks[SPADES] == 0x000000
    assert len(set(inks)) == 4                            # four colours, one a suit
    g = inks[CLUBS]
    assert (g >> 8) & 0xFF > (g >> 16) & 0xFF and (g >> 8) & 0xFF > g & 0xFF      # green
    b = inks[DIAMONDS]
    assert b & 0xFF > (b >> 16) & 0xFF and b & 0xFF > (b >> 8) & 0xFF             # blue


def test_a_dim_or_framed_card_keeps_its_suits_colour_family():
    cards = make_rig().screen.cards
    cards.deck(True)
    for look in range(draw.LOOK_MARKED + draw.LOOK_CURSOR + 1):
        club, spade = cards.palette(0, look), cards.palette(3 * 13, look)
        assert club is not spade and club[INK] != spade[INK]
        assert club[1] == spade[1] and club[4] == spade[4]     # the same face and border
    assert cards.palette(draw.BACK, 0) is cards.palette(3 * 13, 0)
    cards.deck(False)
    assert cards.palette(0, 0) is cards.palette(3 * 13, 0)


def test_settings_offer_the_deck_and_save_it():
    rig = make_rig()
    while rig.top().lines[rig.top().cursor] != "Settings":     # on the title
        rig.press(K.DOWN)
    rig.press(K.A)
    top = rig.top()
    assert type(top).__name__ == "Settings"
    i = [ln.split()[0] for ln in top.lines].index("Deck")
    assert "2 colours" in top.lines[i] and not rig.app.settings.get("four_colours")
    while top.cursor != i:
        rig.press(K.DOWN)
    assert top.footer == "\u2663 green, \u2666 blue"
    assert len(top.footer) <= rig.screen.list_view.footer.cols       # drawn whole
    rig.press(K.RIGHT)
    assert "4 colours" in top.lines[i] and rig.app.settings["four_colours"] is True
    rig.press(K.B)
    assert rig.app.store.load_settings()["four_colours"] is True


def hand_on_screen(size):
    """(x0, y0, x1, y1) of each card of a 13-card hand as drawn, and the view."""
    from test_ui_harness import boxes
    rig = make_rig(*size)
    start_table(rig.app, Session.new("nommie", ["human", "bot", "bot", "bot"], [1] * 4, 4))
    rig.driver.settle()
    rig.draw()
    tv = rig.screen.table_view
    cards = [b for b in boxes(tv.group) if b[0] == "card" and b[3] >= tv.hand_y - 8]
    # (a box is a card's top tile: its rank; the suit's tile is as tall below it)
    return [(b[2], b[3], b[4], b[5] + (b[5] - b[3])) for b in cards], tv


def test_the_wide_screen_hand_is_twice_the_size_and_shows_every_rank_and_suit():
    hand, tv = hand_on_screen((240, 135))
    assert len(hand) == 13
    for x0, y0, x1, y1 in hand:
        assert x1 - x0 == 2 * draw.CARD_W and y1 - y0 == 2 * draw.CARD_H
        assert 0 <= x0 and x1 <= 240
        assert y1 - 135 <= 4          # at most the last two rows of a card below the edge
    xs = sorted(b[0] for b in hand)
    # each card shows its rank and suit under the next: 9 of its 12 pixels, doubled
    assert min(xs[i + 1] - xs[i] for i in range(12)) >= 2 * 9
    small, tv = hand_on_screen((160, 128))
    assert len(small) == 13
    for x0, y0, x1, y1 in small:
        assert x1 - x0 == draw.CARD_W and y1 <= 128 and x0 >= 0 and x1 <= 160
    assert all(t in tv.group for t in tv.hand)   # no group of its own at 160 px (heap)
