# Checking new_game's player count and options, with messages a player
# understands, the same way for every game. Imported by new_game when a game
# starts, so it costs nothing while one is played.
from engine import IllegalAction


def check_players(title, players, default, low, high):
    # The player count to use: default for None, else low..high.
    if players is None:
        return default
    if type(players) is not int or not low <= players <= high:
        if low == high:
            raise IllegalAction("%s is for exactly %d players." % (title, low))
        raise IllegalAction("%s is for %d to %d players." % (title, low, high))
    return players


def check_options(title, options, allowed):
    # allowed: (name, low, high, what) per option; low None means on/off.
    names = [a[0] for a in allowed]
    for k in options:
        if k not in names:
            raise IllegalAction("%s has no option '%s'." % (title, k))
    for name, low, high, what in allowed:
        if name not in options:
            continue
        v = options[name]
        if low is None:
            if type(v) is not bool:
                raise IllegalAction("%s is either on (True) or off (False)." % what)
        elif type(v) is not int or not low <= v <= high:
            raise IllegalAction("%s is a whole number from %d to %d." % (what, low, high))
