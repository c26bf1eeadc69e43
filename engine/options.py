# Making a new game of any registered game: checking the player count and
# options against engine.catalog, with messages a player understands, the
# same way for every game, filling in the catalog's default for every option
# not given (so the game's rules read each option as the catalog sets it),
# and then the state, from the game's rules module (engine.<id>: its class
# Game). engine.games.new_game, a restored save (engine.saved) and a new
# session load this module for the call and drop it after
# (engine.ondemand.call), the catalog too.
from engine import IllegalAction
from engine.ondemand import call, load


def make(game_id, players, seed, options):
    # A new state of game_id: engine.<game_id>'s Game, given the id (its GAME)
    # and the player count check() settles; options (a dict of its own) gains
    # the defaults. ValueError for an unknown id, IllegalAction as check().
    players = check(game_id, players, options)
    return load("engine." + game_id).Game(game_id, players, seed, options)


def check(game_id, players, options):
    # The player count to use (the usual one for None); raises IllegalAction
    # for a count or an option outside the catalog's ranges. Options not
    # given are added to options with their defaults.
    g = call("engine.catalog", "entry", game_id)
    title, low, high = g["title"], g["fewest"], g["most"]
    if players is None:
        players = g["players"]
    elif type(players) is not int or not low <= players <= high:
        if low == high:
            raise IllegalAction("%s is for exactly %d players." % (title, low))
        raise IllegalAction("%s is for %d to %d players." % (title, low, high))
    allowed = g["options"]
    names = [a[0] for a in allowed]
    for k in options:
        if k not in names:
            raise IllegalAction("%s has no option '%s'." % (title, k))
    for name, label, what, low, high, default in allowed:
        if name not in options:
            options[name] = default
            continue
        v = options[name]
        if low is None:
            if type(v) is not bool:
                raise IllegalAction("%s is either on (True) or off (False)." % what)
        elif type(v) is not int or not low <= v <= high:
            raise IllegalAction("%s is a whole number from %d to %d." % (what, low, high))
    return players
