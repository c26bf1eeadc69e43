# Israeli Whist: the trump auction and Frisch, as functions of the game state.
# Kept apart from engine/israeli.py so that neither module alone sets the
# device's heap peak while it compiles.
from engine.actions import PASS, TRUMP_BID
from engine.israeli import MAX_FRISCH, MIN_BID


def auction(state, a):
    seat = state.turn
    state.calls[seat] = a
    state.turn = (seat + 1) % 4
    if a != PASS:
        state.high = [(a - TRUMP_BID) // 5, (a - TRUMP_BID) % 5, seat]
        state.passes = 0
        return
    state.passes += 1
    if state.high is not None and state.passes == 3:
        state.trump = state.high[1]
        state.leader = state.turn = state.high[2]
        state.phase = "contract"
    elif state.high is None and state.passes == 4:
        if state.frisch_count == MAX_FRISCH:
            state.start_deal()
        else:
            state.phase = "frisch"
            state.chosen = [[], [], [], []]


def choose_frisch(state, card):
    seat = state.turn
    state.chosen[seat].append(card)
    if len(state.chosen[seat]) < 3:
        return
    state.turn = (seat + 1) % 4
    if state.turn != (state.dealer + 1) % 4:
        return
    for s in range(4):
        for c in state.chosen[s]:
            state.hands[s].remove(c)
    for s in range(4):
        state.hands[(s + 1) % 4].extend(state.chosen[s])
        state.hands[(s + 1) % 4].sort()
    state.chosen = None
    state.frisch_count += 1
    state.min_bid = MIN_BID + state.frisch_count
    state.start_auction()
