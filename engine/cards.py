# Cards are ints 0..51: suit * 13 + rank (suit 0 C, 1 D, 2 H, 3 S; rank 0 '2' .. 12 'A').
#
# Small ints cost no heap on the device, so hands are plain sorted lists of ints.

# The letters, names and card_text()/trump_text() are in engine/actions.py (a
# leaf, so cards -> parse -> actions runs one way); this module passes them on.
from engine.actions import (NINES_RANKS, NO_TRUMP, RANKS, SUIT_NAMES, SUITS,  # noqa: F401
                            card_text, trump_text)


def suit(card):
    return card // 13


def rank(card):
    return card % 13


def parse_card(text):
    # Text -> card int; the parser is engine/parse.py, loaded only when needed.
    from engine.parse import parse_card as parse
    return parse(text)


def parse_suit(text):
    from engine.parse import parse_suit as parse
    return parse(text)
