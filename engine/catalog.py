# Every game's registration: its names, player counts, the options new_game
# takes (with their defaults, which new_game applies) and how its scores
# read. engine.options checks new_game against it; the setup screens, the
# console and the statistics read it by field name through entry(), loaded
# for the call and dropped again on the device (engine.ondemand.call), so no
# screen and no game in play holds it. A game's rules, its bot and the bot's search
# settings live in its own modules (engine/<id>.py, engine/bots/<id>.py).
#
# a row, in FIELDS' order: id, title, short title, fewest and most players,
#   the usual count, low_wins (True: the lowest total wins; None: the game
#   keeps no points), score_scale (scores are kept in 1/score_scale points),
#   options, counting (True: its players count the cards played, so the
#   score sheet's page of what is out is on by default: ui.screens.played)
# an option: (key, setup label, console question, lowest, highest, default);
#            lowest None = on/off; setup label None = not offered at setup
DEALER3 = ("first_dealer", None, "The first dealer", 0, 2, 0)
DEALER4 = ("first_dealer", None, "The first dealer", 0, 3, 0)
FIELDS = ("id", "title", "short", "fewest", "most", "players", "low_wins",
          "score_scale", "options", "counting")
GAMES = (
    ("nommie", "Nomination Whist", "Nommie", 4, 4, 4, False, 1, (DEALER4,), False),
    ("linger", "Linger Longer", "Linger Longer", 2, 5, 4, None, 1, (), False),
    ("nines", "Nines", "Nines", 3, 3, 3, True, 1,
     (DEALER3, ("start_score", "Start points", "Starting score", 1, 20, 9)), False),
    ("callbreak", "Call Break", "Call Break", 4, 4, 4, False, 10,
     (DEALER4, ("eight_wins", "8-trick win", "Eight tricks win at once", None, None, True)),
     True),
    ("israeli", "Israeli Whist", "Israeli Whist", 4, 4, 4, False, 1,
     (DEALER4, ("rounds", "Rounds", "Number of rounds", 1, 26, 13)), True),
)


def entry(game_id):
    # game_id's registration as {field: value} (ValueError for an unknown id)
    for g in GAMES:
        if g[0] == game_id:
            return dict(zip(FIELDS, g))
    raise ValueError("Unknown game '%s'." % game_id)


def counting():
    # The titles of the games whose players count cards (their registration's
    # "counting"): where Settings' Cards out "By game" shows what is out.
    return [g[1] for g in GAMES if g[9]]


def low_wins(game_id):
    # True where the lowest score wins (Nines: first to 0), None for a game
    # without points (Linger Longer); False for an unknown id (statistics
    # written by another version).
    try:
        return entry(game_id)["low_wins"]
    except ValueError:
        return False
