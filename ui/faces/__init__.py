# A game's face: how its table reads to a player, on the screen, in the
# text console and at a link joiner's table. ui/faces/base.py's Face is the
# part every game shares (bids, tricks, scores); a game's own module,
# ui/faces/<id>.py, subclasses it with what only that game has: its phases'
# words, its view's extra keys (and how a joiner checks them), its special
# key modes (cards picked to pass, an auction stepped a trick at a time),
# its hint reasons and its seat words. The front ends ask the face and never
# test one game's phase names or view keys themselves.
#
# of(game_id) loads the game's face once per game (a Session holds it, as a
# joiner's table does): its module stays while the game is played and leaves
# with the game (engine.ondemand.sweep at the title).
from engine.ondemand import load


def of(game_id):
    # The face of game game_id (its module ui.faces.<game_id>, loaded on first use).
    return load("ui.faces." + game_id).Face()
