# Short texts for a small screen: cards with suit symbols, actions, scores,
# the score sheet and round summaries. Plain Python (no displayio).

# Unicode code points for the suits (the display's font draws them from
# ui.glyphs; terminals have them)
SUIT_CHARS = ("\u2663", "\u2666", "\u2665", "\u2660")

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades", "No Trumps")


def card(c):
    return RANKS[c % 13] + SUIT_CHARS[c // 13]


def cards(cs):
    return " ".join([card(c) for c in cs])


def trump(t):
    if t is None:
        return "-"
    return "NT" if t == 4 else SUIT_CHARS[t]


def action(a):
    # What a picker shows for an action int.
    if 0 <= a < 52:
        return card(a)
    if 100 <= a < 114:
        return str(a - 100)
    if 200 <= a < 205:
        s = a - 200
        return "No Trumps" if s == 4 else SUIT_CHARS[s] + " " + SUIT_WORDS[s]
    if 325 <= a < 370:
        n, s = (a - 300) // 5, (a - 300) % 5
        return "%d %s" % (n, trump(s))
    return {400: "Pass", 401: "Swap hands", 402: "Keep hand"}.get(a, str(a))


def score(v, scale=1):
    # An integer score shown with its scale (Call Break keeps tenths).
    if scale == 1 or v is None:
        return str(v)
    sign = "-" if v < 0 else ""
    v = abs(v)
    return "%s%d.%d" % (sign, v // scale, v % scale) if scale == 10 else str(v / scale)


def pad(s, n):
    # s left-aligned in n columns (no str.ljust on the device).
    s = s[:n]
    return s + " " * (n - len(s))


def rpad(s, n):
    s = s[:n]
    return " " * (n - len(s)) + s


def bid_tricks(b, t):
    return ("b-" if b is None else "b%d" % b) + " t%d" % t


# The score sheet and round summary texts load with ui.sheet when asked for
# (the console calls them through here).
def score_sheet(view, names, cols):
    from ui import sheet
    return sheet.score_sheet(view, names, cols)


def round_summary(view, names, cols):
    from ui import sheet
    return sheet.round_summary(view, names, cols)


def last_trick(view, names):
    from ui import sheet
    return sheet.last_trick(view, names)
