# Why an action was refused, in words a player understands.
#
# Refusals are rare, so this is imported only when one happens.
from engine.actions import KEEP, PASS, SWAP, action_text, is_bid, is_card, is_trump, is_trump_bid
from engine.cards import card_text

# What each phase expects, for messages about an action of the wrong kind.
_PROMPTS = {
    "swap": "choose to swap with the dummy or keep your hand",
    "trump_bid": "bid for trump (a number and a suit) or pass",
    "frisch": "choose a card to pass to the left",
    "bid": "make your bid",
    "contract": "make your contract bid",
    "trump": "choose the trump suit",
    "play": "play a card",
}


def why_illegal(state, a):
    kind_ok = {
        "play": is_card(a), "frisch": is_card(a), "bid": is_bid(a),
        "contract": is_bid(a), "trump": is_trump(a),
        "trump_bid": is_trump_bid(a) or a == PASS, "swap": a in (SWAP, KEEP),
    }.get(state.phase, False)
    if not kind_ok:
        return "Not now: it is time to %s." % _PROMPTS.get(state.phase, "wait")
    if is_card(a) and a not in state.hands[state.turn]:
        return "You don't hold %s." % card_text(a)
    return state.explain(a) or ("%s is not allowed now." % action_text(a))
