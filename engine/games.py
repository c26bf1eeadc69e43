# Any registered game by its id (engine.catalog lists them): a new one, a
# saved one restored, its rules module. Each is loaded for the call
# (engine.ondemand): the checks and the making in engine.options, restoring
# in engine.saved, and on the device a game module is imported only when
# that game starts (its rules module, engine.<id>, with its state class Game).
from engine.ondemand import call, load as _load


def load(game_id):
    # The rules module engine.<game_id>, imported on first use (ValueError
    # for an id the catalog does not know).
    call("engine.catalog", "entry", game_id)
    return _load("engine." + game_id)


def new_game(game_id, players=None, seed=0, **options):
    return call("engine.options", "make", game_id, players, seed, options)


def restore(saved):
    # Restore any game's save() dict (raises engine.IllegalAction if it is not valid).
    return call("engine.saved", "restore", saved)
