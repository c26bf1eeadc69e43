# Israeli Whist: why a move was refused, in words a player understands.
# Imported by engine/israeli.py only when a move is refused.
from engine.actions import BID, TRUMP_BID
from engine.cards import SUIT_NAMES, card_text, trump_text


def explain(state, a):
    p = state.phase
    if p == "trump_bid":
        n = (a - TRUMP_BID) // 5
        if n < state.min_bid:
            return "The minimum trump bid is %d now." % state.min_bid
        h = state.high
        if h[0] == 13 and h[1] == 4:
            return "Nobody can outbid 13 NT: pass."
        return ("Not higher than the bid of %d %s: bid more than %d, or %d in a suit"
                " above %s (C < D < H < S < NT)."
                % (h[0], trump_text(h[1]), h[0], h[0], trump_text(h[1])))
    if p == "frisch":
        return "You already chose %s to pass." % card_text(a)
    if p == "contract":
        n = a - BID
        if state.turn == state.high[2] and n < state.high[0]:
            return ("You won the trump bid with %d: bid at least %d tricks."
                    % (state.high[0], state.high[0]))
        return "Contracts may not total 13: you bid last, so not %d." % n
    if p == "play":
        return "You must follow suit: play a %s." % SUIT_NAMES[state.trick[0][1] // 13][:-1]
    return None
