# Reading what a player types: card codes, bids, trump, pass/swap/keep.
#
# Only the text console and tests type actions, so this module is imported on
# first use and costs a game on buttons no heap.
from engine import IllegalAction
from engine.actions import (BID, KEEP, NINES_RANKS, NO_TRUMP, PASS, SUIT_NAMES, SUITS, SWAP,
                            TRUMP, trump_bid)


def number(word):
    # The whole number in ASCII digits, or None: "\u00b2" or another script's
    # digits ("\u0663") are not numbers here (str.isdigit and int() take them).
    if not word or len(word) > 9:
        return None
    n = 0
    for ch in word:
        d = ord(ch) - 48
        if not 0 <= d <= 9:
            return None
        n = n * 10 + d
    return n


def parse_suit(text):
    # Suit letter, suit name or NT/no trump -> 0..4; None if not a suit.
    t = text.strip().lower()
    if t in ("nt", "n", "no trump", "no trumps", "notrump", "notrumps"):
        return NO_TRUMP
    for s in range(4):
        if t == SUITS[s].lower() or t == SUIT_NAMES[s] or t == SUIT_NAMES[s][:-1]:
            return s
    return None


def parse_card(text):
    # 'QH', 'qh', '10S', 'TS' or a Nines code ('s1', 'ha', 'ce', 'd9') -> card int.
    t = text.strip().lower()
    if len(t) == 2 and t[0] in "cdhs" and t[1] in NINES_RANKS:
        return "cdhs".index(t[0]) * 13 + NINES_RANKS.index(t[1])
    if len(t) >= 2:
        s = "cdhs".find(t[-1])
        r = t[:-1]
        if r == "10":
            r = "t"
        if s >= 0 and len(r) == 1 and r in "23456789tjqka":
            return s * 13 + "23456789tjqka".index(r)
    raise IllegalAction("'%s' is not a card: try QH, 10S or TS." % text.strip())


def parse_action(text):
    # Text -> action int, without judging legality. Case-insensitive.
    #
    # 'QH', '10s', 's1', 'bid 3', '3', 'call 2', 'trump NT', 'nt', 'bid 6 S',
    # '6 spades', 'pass', 'swap', 'keep'.
    words = text.strip().lower().split()
    if not words:
        raise IllegalAction("Type an action, for example QH, bid 3 or pass.")
    if words[0] in ("bid", "call", "contract") and len(words) > 1:
        words = words[1:]
    if len(words) == 1:
        w = words[0]
        if w in ("pass", "swap", "keep"):
            return (PASS, SWAP, KEEP)[("pass", "swap", "keep").index(w)]
        n = number(w)
        if n is not None:
            if n > 13:
                raise IllegalAction("Bids go from 0 to 13.")
            return BID + n
        if w in ("nt", "notrump", "notrumps"):
            return TRUMP + 4
        return parse_card(w)
    if words[0] == "trump":
        s = parse_suit(" ".join(words[1:]))
        if s is None:
            raise IllegalAction("Choose trump as C, D, H, S or NT.")
        return TRUMP + s
    n = number(words[0])
    if n is not None:
        s = parse_suit(" ".join(words[1:]))
        if s is None or not 5 <= n <= 13:
            raise IllegalAction("A trump bid is a number 5-13 and a suit, like 'bid 6 S'.")
        return trump_bid(n, s)
    raise IllegalAction("'%s' is not an action: try QH, bid 3, trump H or pass." % text.strip())
