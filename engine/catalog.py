# Every game's facts in one place: names, player counts, the options new_game
# takes and which way scores win. engine.options checks new_game against it;
# the setup screens, the console and the statistics read it through entry(),
# which drops the module again on the device, so no screen and no game in
# play holds it.
#
# a game: (id, title, short title, fewest, most, usual players, low score wins
#          (None: the game keeps no points), options)
# an option: (key, setup label, console question, lowest, highest, default);
#            lowest None = on/off; setup label None = not offered at setup
import sys

DEALER3 = ("first_dealer", None, "The first dealer", 0, 2, 0)
DEALER4 = ("first_dealer", None, "The first dealer", 0, 3, 0)
GAMES = (
    ("nommie", "Nomination Whist", "Nommie", 4, 4, 4, False, (DEALER4,)),
    ("linger", "Linger Longer", "Linger Longer", 2, 5, 4, None, ()),
    ("nines", "Nines", "Nines", 3, 3, 3, True,
     (DEALER3, ("start_score", "Start points", "Starting score", 1, 20, 9))),
    ("callbreak", "Call Break", "Call Break", 4, 4, 4, False,
     (DEALER4, ("eight_wins", "8-trick win", "Eight tricks win at once", None, None, True))),
    ("israeli", "Israeli Whist", "Israeli Whist", 4, 4, 4, False,
     (DEALER4, ("rounds", "Rounds", "Number of rounds", 1, 26, 13))),
)



def entry(game_id):
    # game_id's row (ValueError for an unknown id); on the device the catalog
    # leaves memory again once read.
    try:
        for g in GAMES:
            if g[0] == game_id:
                return g
    finally:
        if sys.implementation.name != "cpython":
            sys.modules.pop("engine.catalog", None)
            import engine
            if hasattr(engine, "catalog"):
                delattr(engine, "catalog")
    raise ValueError("Unknown game '%s'." % game_id)
