# Short texts for a small screen: cards with suit symbols, actions, scores;
# and how many characters the table's centre panel holds (at the end).
# Plain Python (no displayio).

# Unicode code points for the suits (the display's font draws them from
# ui.draw.glyphs; terminals have them)
SUIT_CHARS = ("\u2663", "\u2666", "\u2665", "\u2660")
# the mark before the name of the seat that led the trick on the table (a
# small triangle: ui.draw.glyphs draws it)
LEAD = "\u25b8"

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def card(c):
    return RANKS[c % 13] + SUIT_CHARS[c // 13]


def cards(cs):
    return " ".join([card(c) for c in cs])


def played(name, card, led):
    # A card on the table in words: "Dee led 2♣", "Bob 7♥" (card: its text, as
    # the screen or the console writes it); pass-and-play's catch-up
    # (ui/catchup.py) and the console's trick line say it so.
    return (name + " led " if led else name + " ") + card


def arrange(hand, trump, on=True):
    # A hand (the engine's order: clubs, diamonds, hearts, spades) as shown:
    # with on (Settings: Hand order, Trumps apart) and a trump suit known, its trumps at
    # the right and the other suits before them so that the colours
    # alternate (trump spades: diamonds, clubs, hearts, spades); no trump
    # yet, or no trumps (a Nines hand, an NT contract): as it is.
    if not on or trump is None or not 0 <= trump < 4:
        return hand
    reds = trump in (1, 2)
    order = (0 if reds else 1, 3 - trump, 3 if reds else 2, trump)
    return [c for s in order for c in hand if c // 13 == s]


def trump(t):
    if t is None:
        return "-"
    return "NT" if t == 4 else SUIT_CHARS[t]


def trump_words(t):
    # A trump in words: "hearts", "No Trumps" (the engine's suit names).
    from engine.actions import NO_TRUMP, SUIT_NAMES
    return "No Trumps" if t == NO_TRUMP else SUIT_NAMES[t]


def action(a):
    # What a picker shows for an action int. engine.actions is imported here,
    # not at the top: menus load this module at the title, before any game,
    # and the engine's modules would stay in the heap (tests/test_cp_heap.py).
    from engine.actions import (BID, KEEP, PASS, SWAP, TRUMP, TRUMP_BID, is_bid, is_card,
                                is_trump, is_trump_bid)
    if is_card(a):
        return card(a)
    if is_bid(a):
        return str(a - BID)
    if is_trump(a):
        s = a - TRUMP
        return trump_words(s) if s == 4 else SUIT_CHARS[s] + " " + trump_words(s)
    if is_trump_bid(a):
        n, s = (a - TRUMP_BID) // 5, (a - TRUMP_BID) % 5
        return "%d %s" % (n, trump(s))
    return {PASS: "Pass", SWAP: "Swap hand", KEEP: "Keep hand"}.get(a, str(a))


def score(v, scale=1, short=False):
    # An integer score shown with its scale (Call Break keeps tenths: "3.2";
    # short: a whole number without its ".0", for a seat's label).
    if scale == 1 or v is None:
        return str(v)
    sign = "-" if v < 0 else ""
    v = abs(v)
    if short and v % scale == 0:
        return "%s%d" % (sign, v // scale)
    return "%s%d.%d" % (sign, v // scale, v % scale) if scale == 10 else str(v / scale)


def pad(s, n):
    # s left-aligned in n columns (no str.ljust on the device).
    s = s[:n]
    return s + " " * (n - len(s))


def rpad(s, n):
    s = s[:n]
    return " " * (n - len(s)) + s


def fit(text, n):
    # text in at most n characters, cut after a whole word ("" if no word fits)
    if len(text) <= n:
        return text
    i = text.rfind(" ", 0, n + 1)
    return text[:i].rstrip() if i > 0 else ""     # ("a  b": "a", not "a ")


def shorten(text, n):
    # text in at most n characters: its whole first words, else cut (one long word)
    return fit(text, n) or text[:n]


# The table's layout on a screen of a given size, which the drawing side
# (ui.draw.table, ui.draw.places) and the table's words (ui.table) both
# read: the centre panel's size in characters and when the hand doubles.

WIDE = 200          # from this screen width the panel keeps a character's room
                    # clear of the side labels; at 160 px every character counts
                    # ("192.168.1.20", a 14-letter table name)
HAND_2X = 240       # from this screen width the hand's cards are twice the size
                    # (ui.draw.table): 13 of them, each 24 px wide, 18 px of it
                    # (its rank and suit) showing under the next
HAND_2X_MORE = 11   # the pixels such a hand takes above the screen's bottom beyond
                    # a plain one: 32 (the cards' last rows below the edge) and a
                    # 2 px lift for the cursor, not 19 and 4


def panel_cols(width):
    # Characters per line in the centre panel of a screen width pixels wide (the
    # side seats' labels take 6 characters and a margin each: 37 pixels): one
    # fewer than its box holds, so no line meets the box's edges (ui.draw.table).
    return max(8, (width - 76 - (6 if width >= WIDE else 0)) // 6 - 1)


def panel_rows(width, height, lh):
    # Lines in the centre panel: between the top seat and the bottom seat's line.
    more = HAND_2X_MORE if width >= HAND_2X else 0
    return max(2, (height - 17 - 2 * lh - 6 - 26 - more) // lh)
