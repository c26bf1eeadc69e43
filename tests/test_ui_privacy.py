"""Pass-and-play privacy: at every step of games with two or more humans the
scene graph (the displayio groups actually on screen, not the pixels) holds no
card of a human who is not the one to act."""
import random
import re

import pytest

from hal import keys as K
from ui import draw, fmt
from ui.screens.common import start_table
from ui.session import Session

from test_ui_harness import make_rig

CARD_TEXT = re.compile("(10|[2-9JQKA])([\u2663\u2666\u2665\u2660])")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = "\u2663\u2666\u2665\u2660"
SHEET_CHARS = [chr(32 + i) for i in range(draw.ASCII)] + list(SUITS) + [fmt.LEAD]  # by tile


def visible_cards(group, sheet, public=()):
    """Cards face up anywhere in the visible scene graph (sprite tiles and card
    texts), except the tiles in public (the trick on the table: played cards)."""
    import displayio
    found = set()
    skip = set(id(t) for t in public)

    def walk(node):
        if getattr(node, "hidden", False) or id(node) in skip:
            return
        if isinstance(node, displayio.Group):
            for child in node:
                walk(child)
        elif isinstance(node, draw.Text):
            for r, s in CARD_TEXT.findall(shown_text(node)):
                found.add(SUITS.index(s) * 13 + RANKS.index(r))
        elif isinstance(node, displayio.TileGrid) and node.bitmap is sheet:
            card = draw.card_at(node)
            if card < 52:
                found.add(card)

    walk(group)
    return found


def public(rig):
    """What shows played cards only: the trick's tiles, and the prompt while
    it says who won the finished trick on show (with the winning card)."""
    tv = rig.screen.table_view
    if tv is None:
        return ()
    t = rig.table()
    won = t.hold_until and t.trick_hold and t.prompt == t.note
    return list(tv.trick) + ([tv.prompt] if won else [])


def shown_text(text):
    """What a text's tiles draw (not what it was asked to show), a line a row."""
    rows = []
    for r in range(text.rows):
        rows.append("".join(SHEET_CHARS[text[r * text.cols + c]] for c in range(text.cols)))
    return "\n".join(rows)


def test_shown_text_reads_the_tiles():
    make_rig()                       # a display for the font sheet
    t = draw.Text(12, 0, 0, draw.INK, draw.RIGHT, 2)
    t.set("10\u2665 Q\u2660\nA\u2663")
    assert shown_text(t).split("\n") == ["      10\u2665 Q\u2660", "          A\u2663"]
    assert visible_cards(_group(t), None) == {2 * 13 + 8, 3 * 13 + 10, 12}


def _group(*items):
    import displayio
    g = displayio.Group()
    for it in items:
        g.append(it)
    return g


def check(rig, tally):
    rig.screen.draw(rig.app, refresh=False)
    t = rig.table()
    st = t.state()
    v = st.view(None)
    acting = st.to_act()
    shown = visible_cards(rig.screen.root, rig.screen.cards.bitmap, public(rig))
    top = rig.app.top()
    if getattr(top, "caught", False):
        # what this person missed names cards played on the table (the last
        # deal's may be in a hand again): tests/test_catchup.py checks them
        shown -= set(SUITS.index(s) * 13 + RANKS.index(r)
                     for r, s in CARD_TEXT.findall(" ".join(top.lines)))
    for h in t.session.humans():
        if h == acting:
            continue
        leak = shown & set(v["hands"][h])
        assert not leak, "seat %d's cards %r on screen while seat %d acts (%s)" % (
            h, sorted(leak), acting, type(rig.app.top()).__name__)
    tally[0] += 1
    if shown & set(v["hands"][acting] if acting >= 0 else []):
        tally[1] += 1


SETUPS = [
    ("nommie", ["human", "bot", "human", "bot"], {}, 500),
    ("linger", ["human", "human", "bot", "human"], {}, 0),
    ("nines", ["human", "human", "bot"], {"start_score": 3}, 0),
    ("callbreak", ["bot", "human", "human", "bot"], {}, 0),
    ("israeli", ["human", "human", "human", "human"], {"rounds": 1}, 0),
]


@pytest.mark.parametrize("gid,seats,opts,limit", SETUPS, ids=[s[0] for s in SETUPS])
def test_no_other_humans_cards_on_screen(gid, seats, opts, limit):
    rig = make_rig()
    rig.app.settings["autoplay"] = True
    start_table(rig.app, Session.new(gid, seats, [1] * len(seats), 21, opts))
    rnd = random.Random(gid)
    tally = [0, 0]          # checks made, checks with the actor's own cards shown
    keys = 0
    app = rig.app
    while True:
        check(rig, tally)
        top = app.top()
        if type(top).__name__ == "GameOver" or (limit and keys >= limit):
            break
        if app.busy():
            wait = app.tick(rig.driver.now)
            rig.driver.now += max(1, min(wait if wait is not None else 20, 5000))
            continue
        k = rnd.choice((K.A, K.A, K.A, K.A, K.RIGHT, K.LEFT, K.DOWN, K.B))
        app.key(k)
        keys += 1
        assert keys < 20000, "game did not end"
    assert tally[0] > 50 and tally[1] > 10    # the check ran, and hands were really shown
