"""Card ints, card text, and parsing every accepted spelling."""
import pytest

from engine import IllegalAction
from engine.cards import card_text, parse_card, parse_suit, rank, suit, trump_text


def test_card_numbering_follows_design():
    assert card_text(0) == "2C"
    assert card_text(12) == "AC"
    assert card_text(13) == "2D"
    assert card_text(2 * 13 + 10) == "QH"
    assert card_text(3 * 13 + 8) == "TS"
    assert (suit(51), rank(51)) == (3, 12)


@pytest.mark.parametrize("text,card", [
    ("QH", 36), ("qh", 36), ("10S", 47), ("10s", 47), ("TS", 47), ("2c", 0),
    (" ad ", 25),
    # Nines terminal codes: suit first, 1 ace, a ten, b jack, d queen, e king
    ("s1", 51), ("ha", 34), ("hb", 35), ("hd", 36), ("ce", 11), ("d9", 20), ("c2", 0),
])
def test_parse_card_spellings(text, card):
    assert parse_card(text) == card


def test_every_card_text_parses_back():
    for c in range(52):
        assert parse_card(card_text(c)) == c
        assert parse_card(card_text(c).lower()) == c


@pytest.mark.parametrize("bad", ["", "X", "1H", "11S", "QX", "queen", "h", "sc"])
def test_parse_card_rejects_with_a_message(bad):
    with pytest.raises(IllegalAction) as e:
        parse_card(bad)
    assert "not a card" in str(e.value)


def test_suits_and_no_trump():
    names = ("C", "diamonds", "heart", "s", "NT", "no trumps")
    assert [parse_suit(t) for t in names] == [0, 1, 2, 3, 4, 4]
    assert parse_suit("x") is None
    assert [trump_text(t) for t in range(5)] == ["C", "D", "H", "S", "NT"]
