# Why an action was refused, in words a player understands.
#
# Refusals are rare, so this is imported only when one happens.
from engine.actions import action_text, is_card, kind
from engine.cards import card_text


def why_illegal(state, a):
    # A move of a kind the decision does not take: what it asks for, by the
    # kind of its moves (engine.actions.kind; a card outside the play is one
    # to pass).
    kinds = [kind(b) for b in state.legal_actions()]
    if kind(a) not in kinds:
        doing = ("play a card", "make your bid", "choose the trump suit",
                 "bid for trump (a number and a suit) or pass",
                 "choose to swap with the dummy or keep your hand")[kinds[0]] if kinds else "wait"
        if kinds[:1] == [0] and state.phase != "play":
            doing = "choose a card to pass"
        return "Not now: it is time to %s." % doing
    if is_card(a) and a not in state.hands[state.turn]:
        return "You don't hold %s." % card_text(a)
    return state.explain(a) or ("%s is not allowed now." % action_text(a))
