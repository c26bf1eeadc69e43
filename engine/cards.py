# Cards are ints 0..51: suit * 13 + rank (suit 0 C, 1 D, 2 H, 3 S; rank 0 '2' .. 12 'A').
#
# Small ints cost no heap on the device, so hands are plain sorted lists of ints.

SUITS = "CDHS"
RANKS = "23456789TJQKA"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
NO_TRUMP = 4
# Nines terminal codes: suit letter first, then 1 = ace, a = ten, b = jack,
# d = queen, e = king (see docs/rules/nines.md).
NINES_RANKS = "23456789abde1"


def suit(card):
    return card // 13


def rank(card):
    return card % 13


def card_text(card):
    return RANKS[card % 13] + SUITS[card // 13]


def trump_text(trump):
    # 'C', 'D', 'H', 'S' or 'NT'.
    return "NT" if trump == NO_TRUMP else SUITS[trump]


def parse_card(text):
    # Text -> card int; the parser is engine/parse.py, loaded only when needed.
    from engine.parse import parse_card as parse
    return parse(text)


def parse_suit(text):
    from engine.parse import parse_suit as parse
    return parse(text)


def sort_hand(hand):
    hand.sort()
    return hand


def cards_of_suit(hand, s):
    return [c for c in hand if c // 13 == s]


def hand_text(hand):
    return " ".join([card_text(c) for c in hand])
