# Why an action was refused, in words a player understands.
#
# Refusals are rare, so this is imported only when one happens.
from engine.actions import action_text, is_card, kind
from engine.cards import card_text


def why_illegal(state, a):
    # (a move of a kind the phase does not take: what the phase asks for,
    # in the game's words, its DOING)
    if kind(a) not in [kind(b) for b in state.legal_actions()]:
        return "Not now: it is time to %s." % state.DOING.get(state.phase, "wait")
    if is_card(a) and a not in state.hands[state.turn]:
        return "You don't hold %s." % card_text(a)
    return state.explain(a) or ("%s is not allowed now." % action_text(a))
