# Undo by replay: a game is its seed, options and action log, so taking moves
# back is replaying the log's codes without its tail. Loaded on demand.
# Works from the state's bytearray log (a copy of its bytes, never a list of
# all actions). (Israeli Whist's "undo last trick" is the engine's own
# undo_trick().)
from engine.actions import decode


def last_human(state, seats):
    # Take back the last human decision and the bot moves after it, in state;
    # False (state as it was) when no human has acted.
    codes = bytes(state.log)
    state.rewind(len(codes))  # the deal again, no actions yet
    cut = -1
    for i in range(len(codes)):
        if seats[state.to_act()] == "human":
            cut = i
        state.apply(decode(codes[i]))
    if cut < 0:
        return False
    state.rewind(len(codes) - cut)
    return True
