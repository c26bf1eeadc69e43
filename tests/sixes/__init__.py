"""Sixes: a small game made only for the tests, to prove that a sixth game
is its own four files and nothing else: its rules (rules.py), its bot
(bot.py, with its level-3 card search in search.py), its face (face.py)
and its registration (REGISTRATION below). It has a phase of its own
("wager") and six seats; install() makes its modules importable where a
game's live (engine.sixes, engine.bots.sixes, engine.bots.search_sixes,
ui.faces.sixes: a finder on sys.meta_path: the files stay here) and registers it;
remove() takes it all away again. No file outside this
folder names it.

The rules: three to six players (six usually), two rounds of 8 and 4
cards, no trump, follow suit. Before each round's play every seat, from
the dealer's left, wagers 0, 1 or 2 tricks; a round scores a point a trick
and 3 more for taking exactly the wager. Highest total wins.
"""
import os
import sys
from importlib.util import spec_from_file_location

HERE = os.path.dirname(os.path.abspath(__file__))

ID = "sixes"
REGISTRATION = {"id": ID, "title": "Sixes", "short": "Sixes", "fewest": 3, "most": 6,
                "players": 6, "low_wins": False, "score_scale": 1,
                "options": (("first_dealer", None, "The first dealer", 0, 5, 0),),
                "counting": False}
MODULES = {"engine." + ID: "rules", "engine.bots." + ID: "bot",
           "engine.bots.search_" + ID: "search", "ui.faces." + ID: "face"}


class _Finder:
    # Finds the game's modules under a game's names in this folder, so the
    # memory policy may drop one and import it again as it does any game's.
    @staticmethod
    def find_spec(name, path=None, target=None):
        mine = MODULES.get(name)
        if mine is None:
            return None
        return spec_from_file_location(name, os.path.join(HERE, mine + ".py"))


def install():
    # The game's modules importable under a game's names, and its registration.
    from engine import catalog
    sys.meta_path.insert(0, _Finder)
    catalog.register(dict(REGISTRATION))


def remove():
    from engine import catalog
    sys.meta_path.remove(_Finder)
    for name in MODULES:
        sys.modules.pop(name, None)
    catalog.GAMES[:] = [g for g in catalog.GAMES if g["id"] != ID]
