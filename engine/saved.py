# Loading a save: check its shape, then replay its actions through the rules.
#
# Only needed when a game is resumed, so it is imported on first use.
# restore() takes a whole save() dict (its action list); replay() takes a
# save(False) header and the action codes of a log (a bytes-like, as
# state.log), applied one by one, so no list of all actions is built. Either
# makes the state as a new game is made (engine.options.make), for any game
# the catalog registers.
from engine import IllegalAction
from engine.actions import SAVE_VERSION, decode
from engine.ondemand import call


def fresh(saved):
    # The state a save starts from (no actions yet), after checking its header.
    game_id = saved.get("game") if type(saved) is dict else None
    if game_id not in call("engine.catalog", "ids"):
        raise IllegalAction("This is not a saved Pocket Tricks game.")
    if saved.get("version") != SAVE_VERSION:
        raise IllegalAction("This save is from an unknown version.")
    options = saved.get("options")
    seed = saved.get("seed")
    if type(options) is not dict or type(seed) is not int:
        raise IllegalAction("This save is damaged.")
    kw = {}
    for k in options:
        kw[k] = options[k]
    try:
        return call("engine.options", "make", game_id, saved.get("players"), seed, kw)
    except (TypeError, ValueError) as e:
        raise IllegalAction("This save is damaged: %s" % e)


def _apply(state, a, i):
    try:
        state.apply(a)
    except IllegalAction as e:
        raise IllegalAction("This save is damaged at move %d: %s" % (i + 1, e))


def restore(saved):
    # Rebuild a state from save(): check its shape, then replay its actions.
    #
    # Raises IllegalAction (a ValueError) with a clear sentence when the save is
    # not one of ours, is from another game or holds an action the rules reject.
    state = fresh(saved)
    actions = saved.get("actions")
    if type(actions) is not list:
        raise IllegalAction("This save is damaged.")
    for i in range(len(actions)):
        if type(actions[i]) is not int:
            raise IllegalAction("This save is damaged at move %d." % (i + 1))
        _apply(state, actions[i], i)
    return state


def replay(head, codes):
    # A state from a save(False) header and a log's action codes; raises
    # IllegalAction like restore() (codes past the last one, 118, are damage).
    state = fresh(head)
    for i in range(len(codes)):
        c = codes[i]
        if c > 118:
            raise IllegalAction("This save is damaged at move %d." % (i + 1))
        _apply(state, decode(c), i)
    return state
