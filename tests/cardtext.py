"""Hand-built deals in tests: card text to the sorted card ints a hand holds."""
from engine.cards import parse_card


def cards(text):
    """'AS 10H 2c' -> sorted card ints."""
    return sorted(parse_card(t) for t in text.split())
