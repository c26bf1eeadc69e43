"""What adding a game takes, checked for every registered game.

A game is its rules (engine/<id>.py), its bot (engine/bots/<id>.py), its
registration (a row in engine/catalog.py and its id in engine.games.IDS) and
its words for players (rules/<id>.txt, rules/<id>.tips). docs/engineers.md
lists these steps; this test builds the same list from each game's
registration and checks every place, and that no other device module names
a game: the screens, the console, link play and the search read what they
need from the registration, the game's state or its bot module.
"""
import ast
import os

import pytest

from engine import catalog, games
from engine.catalog import entry as facts
from engine.ondemand import load
from engine.state import TrickGame

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# the files that may name every game: the registration
REGISTRATION = ("engine/catalog.py", "engine/games.py")


def places(gid):
    # every place a game lives, from its registration
    g = facts(gid)
    bot = load("engine.bots." + gid)
    out = ["engine/%s.py" % gid, "engine/bots/%s.py" % gid,
           "rules/%s.txt" % gid, "rules/%s.tips" % gid,
           bot.SEARCH.replace(".", "/") + ".py"]
    assert g["id"] == gid
    return out


def own_files(gid):
    # the device files that belong to one game: its rules, their helpers
    # (engine/<id>_*.py), its bot and its own search
    return ("engine/%s.py" % gid, "engine/bots/%s.py" % gid,
            "engine/bots/search_%s.py" % gid) + tuple(
        "engine/" + f for f in os.listdir(os.path.join(ROOT, "engine"))
        if f.startswith(gid + "_"))


@pytest.mark.parametrize("gid", games.IDS)
def test_every_place_of_a_game_exists(gid):
    for rel in places(gid):
        assert os.path.isfile(os.path.join(ROOT, rel)), rel


@pytest.mark.parametrize("gid", games.IDS)
def test_a_games_rules_module_keeps_the_contract(gid):
    rules = games.load(gid)
    state = rules.new_game()
    assert isinstance(state, TrickGame) and state.GAME == gid
    assert games.restore(state.save()).save() == state.save()
    assert state.view()["score_scale"] == facts(gid)["score_scale"]


@pytest.mark.parametrize("gid", games.IDS)
def test_a_games_bot_says_how_level_3_searches_it(gid):
    bot = load("engine.bots." + gid)
    assert callable(bot.choose) and type(bot.BID_SEARCH) is bool
    if bot.SEARCH == "engine.bots.search":        # the shared playout search
        assert type(bot.PLAYOUT) is int and bot.PLAYOUT > 0
        value = bot.round_value(games.new_game(gid).view(0))
        assert value is None or value(1, 1) is not None
    if bot.BID_SEARCH:                            # the bid search's needs
        for name in ("bid_round", "bid_points"):
            assert callable(getattr(bot, name)), name
        assert type(bot.BID_BUDGET) is int and type(bot.BID_GAIN) is int
        assert callable(load(bot.SEARCH).round_tricks)
    if getattr(bot, "SWAP_SEARCH", None):         # a swap searched (Nines)
        assert callable(load(bot.SWAP_SEARCH).choose_swap)


def test_the_registration_lists_each_game_once_in_one_order():
    assert tuple(row[0] for row in catalog.GAMES) == games.IDS
    assert len(set(games.IDS)) == len(games.IDS)


def named_games(path):
    # the game ids that a device file's strings name
    tree = ast.parse(open(os.path.join(ROOT, path), encoding="utf-8").read())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            for gid in games.IDS:
                if node.value == gid or node.value == "engine." + gid \
                        or node.value.startswith(("engine.bots." + gid, "engine." + gid + "_")):
                    found.add(gid)
    return found


def device_files():
    out = ["code.py", "boot.py"]
    for d in ("engine", "ui", "lib/hal"):   # with their subpackages (ui/console/)
        for base, dirs, files in os.walk(os.path.join(ROOT, d)):
            dirs[:] = sorted(x for x in dirs if x != "__pycache__")
            rel = os.path.relpath(base, ROOT).replace(os.sep, "/")
            out += [rel + "/" + f for f in sorted(files) if f.endswith(".py")]
    return out


def test_no_module_outside_a_games_own_names_it():
    offenders = []
    for path in device_files():
        if path in REGISTRATION:
            continue
        for gid in named_games(path):
            if path not in own_files(gid):
                offenders.append("%s names %s" % (path, gid))
    assert offenders == []


def test_the_check_sees_a_game_named():
    assert named_games("engine/catalog.py") == set(games.IDS)
    assert named_games("engine/bots/nommie.py") == {"nommie"}   # its own rules: allowed there
    assert "engine/israeli_explain.py" in own_files("israeli")
