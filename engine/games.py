# The game ids and lazy loading of one game module at a time (engine.catalog
# has each game's names, player counts and options).
#
# On the device a module's bytecode lives in the same heap as the game, so a
# game module is imported only when that game starts (engine.ondemand; its
# forget("engine.<id>") drops it again).
from engine.ondemand import load as _load

IDS = ("nommie", "linger", "nines", "callbreak", "israeli")


def load(game_id):
    # The module engine.<game_id>, imported on first use.
    if game_id not in IDS:
        raise ValueError("Unknown game '%s'." % game_id)
    return _load("engine." + game_id)


def new_game(game_id, players=None, seed=0, **options):
    return load(game_id).new_game(players, seed, **options)


def restore(saved):
    # Restore any game's save() dict (raises engine.IllegalAction if it is not valid).
    if type(saved) is not dict or saved.get("game") not in IDS:
        from engine import IllegalAction
        raise IllegalAction("This is not a saved Pocket Tricks game.")
    return load(saved["game"]).restore(saved)
