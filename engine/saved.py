# Loading a save: check its shape, then replay its actions through the rules.
#
# Only needed when a game is resumed, so it is imported on first use.
from engine import IllegalAction
from engine.state import SAVE_VERSION


def load_saved(new_game, saved, game_id):
    # Rebuild a state from save(): check its shape, then replay its actions.
    #
    # Raises IllegalAction (a ValueError) with a clear sentence when the save is
    # not one of ours, is from another game or holds an action the rules reject.
    if type(saved) is not dict or saved.get("game") != game_id:
        raise IllegalAction("This is not a saved %s game." % game_id)
    if saved.get("version") != SAVE_VERSION:
        raise IllegalAction("This save is from an unknown version.")
    options = saved.get("options")
    actions = saved.get("actions")
    seed = saved.get("seed")
    if type(options) is not dict or type(actions) is not list or type(seed) is not int:
        raise IllegalAction("This save is damaged.")
    kw = {}
    for k in options:
        kw[k] = options[k]
    try:
        state = new_game(saved.get("players"), seed, **kw)
    except (TypeError, ValueError) as e:
        raise IllegalAction("This save is damaged: %s" % e)
    for i in range(len(actions)):
        if type(actions[i]) is not int:
            raise IllegalAction("This save is damaged at move %d." % (i + 1))
        try:
            state.apply(actions[i])
        except IllegalAction as e:
            raise IllegalAction("This save is damaged at move %d: %s" % (i + 1, e))
    return state
