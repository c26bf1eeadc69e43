# Every game's registration: the one place outside a game's own files that
# names it. Its names, player counts, the options new_game takes (with their
# defaults, which new_game applies) and how its scores read, one dict a game,
# by field name. engine.options checks new_game against it; the setup screens,
# the console, link play and the statistics read it through ids() and entry(),
# loaded for the call and dropped again on the device (engine.ondemand.call),
# so no screen and no game in play holds it. A game's rules, its bot and the
# bot's search settings live in its own modules (engine/<id>.py: its state
# class, Game; engine/bots/<id>.py).
#
# a game's fields: id, title, short (title), fewest and most players, players
#   (the usual count), low_wins (True: the lowest total wins; None: the game
#   keeps no points), score_scale (scores are kept in 1/score_scale points),
#   options, counting (True: its players count the cards played, so the
#   score sheet's page of what is out is on by default: ui.screens.played)
# an option: (key, setup label, console question, lowest, highest, default);
#            lowest None = on/off; setup label None = not offered at setup
DEALER3 = ("first_dealer", None, "The first dealer", 0, 2, 0)
DEALER4 = ("first_dealer", None, "The first dealer", 0, 3, 0)
GAMES = [
    {"id": "nommie", "title": "Nomination Whist", "short": "Nommie",
     "fewest": 4, "most": 4, "players": 4, "low_wins": False, "score_scale": 1,
     "options": (DEALER4,), "counting": False},
    {"id": "linger", "title": "Linger Longer", "short": "Linger Longer",
     "fewest": 2, "most": 5, "players": 4, "low_wins": None, "score_scale": 1,
     "options": (), "counting": False},
    {"id": "nines", "title": "Nines", "short": "Nines",
     "fewest": 3, "most": 3, "players": 3, "low_wins": True, "score_scale": 1,
     "options": (DEALER3, ("start_score", "Start points", "Starting score", 1, 20, 9)),
     "counting": False},
    {"id": "callbreak", "title": "Call Break", "short": "Call Break",
     "fewest": 4, "most": 4, "players": 4, "low_wins": False, "score_scale": 10,
     "options": (DEALER4, ("eight_wins", "8-trick win", "Eight tricks win at once",
                           None, None, True)),
     "counting": True},
    {"id": "israeli", "title": "Israeli Whist", "short": "Israeli Whist",
     "fewest": 4, "most": 4, "players": 4, "low_wins": False, "score_scale": 1,
     "options": (DEALER4, ("rounds", "Rounds", "Number of rounds", 1, 26, 13)),
     "counting": True},
]


def ids():
    # The games' ids, in the menus' order.
    return [g["id"] for g in GAMES]


def entry(game_id):
    # game_id's registration, {field: value}, not to be changed (ValueError
    # for an unknown id).
    for g in GAMES:
        if g["id"] == game_id:
            return g
    raise ValueError("Unknown game '%s'." % game_id)


def register(g):
    # Add a game at run time (a test's, or an engine user's: its rules module
    # is engine.<id> in sys.modules, with its state class Game), as the last
    # in the menus. It lasts while this module stays loaded: the run, on
    # CPython; a board drops the catalog after each call, so a board's games
    # are the ones written above. ValueError for an id registered already.
    if g["id"] in ids():
        raise ValueError("Game '%s' is registered already." % g["id"])
    GAMES.append(g)


def counting():
    # The titles of the games whose players count cards (their registration's
    # "counting"): where Settings' Cards out "By game" shows what is out.
    return [g["title"] for g in GAMES if g["counting"]]


def low_wins(game_id):
    # True where the lowest score wins (Nines: first to 0), None for a game
    # without points (Linger Longer); False for an unknown id (statistics
    # written by another version).
    try:
        return entry(game_id)["low_wins"]
    except ValueError:
        return False
