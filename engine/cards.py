"""Cards are ints 0..51: suit * 13 + rank (suit 0 C, 1 D, 2 H, 3 S; rank 0 '2' .. 12 'A').

Small ints cost no heap on the device, so hands are plain sorted lists of ints.
"""
from engine import IllegalAction

SUITS = "CDHS"
RANKS = "23456789TJQKA"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
NO_TRUMP = 4
# Nines terminal codes: suit letter first, then 1 = ace, a = ten, b = jack,
# d = queen, e = king (see rules/nines.md).
NINES_RANKS = "23456789abde1"


def suit(card):
    return card // 13


def rank(card):
    return card % 13


def card_text(card):
    return RANKS[card % 13] + SUITS[card // 13]


def trump_text(trump):
    """'C', 'D', 'H', 'S' or 'NT'."""
    return "NT" if trump == NO_TRUMP else SUITS[trump]


def parse_suit(text):
    """Suit letter, suit name or NT/no trump -> 0..4; None if not a suit."""
    t = text.strip().lower()
    if t in ("nt", "n", "no trump", "no trumps", "notrump", "notrumps"):
        return NO_TRUMP
    for s in range(4):
        if t == SUITS[s].lower() or t == SUIT_NAMES[s] or t == SUIT_NAMES[s][:-1]:
            return s
    return None


def parse_card(text):
    """'QH', 'qh', '10S', 'TS' or a Nines code ('s1', 'ha', 'ce', 'd9') -> card int."""
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


def sort_hand(hand):
    hand.sort()
    return hand


def cards_of_suit(hand, s):
    return [c for c in hand if c // 13 == s]


def hand_text(hand):
    return " ".join([card_text(c) for c in hand])
