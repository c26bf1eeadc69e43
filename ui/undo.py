# Undo by replay: a game's save() is its seed, options and action list, so
# taking moves back is restoring it with a shorter list. Loaded on demand.
# (Israeli Whist's "undo last trick" is the engine's own undo_trick().)
from engine import games


def _replay(save):
    # (a fresh state with no actions, the save without actions, the actions)
    base = dict(save)
    actions = base["actions"]
    base["actions"] = []
    return games.restore(base), base, actions


def last_human(save, seats):
    state, base, actions = _replay(save)
    cut = -1
    for i in range(len(actions)):
        if seats[state.to_act()] == "human":
            cut = i
        state.apply(actions[i])
    if cut < 0:
        return None
    base["actions"] = actions[:cut]
    return base
