"""Sixes: a small game made only for the tests, to prove that a sixth game
is its own four files and nothing else: its rules (rules.py), its bot
(bot.py, with its level-3 card search in search.py), its face (face.py)
and its registration (REGISTRATION below). It has a phase of its own
("wager") and six seats; install() puts its modules where a game's live
(engine.sixes, engine.bots.sixes, engine.bots.search_sixes, ui.faces.sixes)
and registers it, remove() takes it all away again. No file outside this
folder names it.

The rules: three to six players (six usually), two rounds of 8 and 4
cards, no trump, follow suit. Before each round's play every seat, from
the dealer's left, wagers 0, 1 or 2 tricks; a round scores a point a trick
and 3 more for taking exactly the wager. Highest total wins.
"""
import sys

ID = "sixes"
REGISTRATION = {"id": ID, "title": "Sixes", "short": "Sixes", "fewest": 3, "most": 6,
                "players": 6, "low_wins": False, "score_scale": 1,
                "options": (("first_dealer", None, "The first dealer", 0, 5, 0),),
                "counting": False}
MODULES = {"engine." + ID: "rules", "engine.bots." + ID: "bot",
           "engine.bots.search_" + ID: "search", "ui.faces." + ID: "face"}


def install():
    # The game's modules under a game's names, and its registration.
    from importlib import import_module

    from engine import catalog
    for name, mine in MODULES.items():
        sys.modules[name] = import_module("sixes." + mine)
    catalog.register(dict(REGISTRATION))


def remove():
    from engine import catalog
    for name in MODULES:
        sys.modules.pop(name, None)
    catalog.GAMES[:] = [g for g in catalog.GAMES if g["id"] != ID]
