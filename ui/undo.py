# Undo by replay: a game's save() is its seed, options and action list, so
# taking moves back is restoring it with a shorter list. Loaded on demand.
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


def last_trick(save):
    state, base, actions = _replay(save)
    starts = []
    for i in range(len(actions)):
        if state.phase == "play" and not state.trick:
            starts.append(i)
        state.apply(actions[i])
    if state.trick:  # a trick under way goes too
        starts.pop()
    if not starts:
        return None
    base["actions"] = actions[:starts[-1]]
    return base
