"""What adding a game takes, checked for every registered game.

A game is its rules (engine/<id>.py, its state class Game), its bot
(engine/bots/<id>.py), its registration (its dict in engine/catalog.py) and
its words for players (rules/<id>.txt, rules/<id>.tips). docs/engineers.md
lists these steps; this test builds the same list from each game's
registration and checks every place, that the id is written once (in the
registration: not even the game's own modules write it again), and that no
other device module names a game: the screens, the console, link play and
the search read what they need from the registration, the game's state or
its bot module.
"""
import ast
import os

import pytest

from engine import catalog, games
from engine.catalog import entry as facts
from engine.ondemand import load
from engine.state import TrickGame

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# the file that names every game: the registration
REGISTRATION = ("engine/catalog.py",)


def places(gid):
    # every place a game lives, from its registration
    g = facts(gid)
    bot = load("engine.bots." + gid)
    out = ["engine/%s.py" % gid, "engine/bots/%s.py" % gid, "ui/faces/%s.py" % gid,
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


@pytest.mark.parametrize("gid", catalog.ids())
def test_every_place_of_a_game_exists(gid):
    for rel in places(gid):
        assert os.path.isfile(os.path.join(ROOT, rel)), rel


@pytest.mark.parametrize("gid", catalog.ids())
def test_a_games_rules_module_keeps_the_contract(gid):
    rules = games.load(gid)
    assert issubclass(rules.Game, TrickGame)
    state = games.new_game(gid)
    assert type(state) is rules.Game and state.GAME == gid
    assert state.players == facts(gid)["players"]     # the count from the registration
    assert games.restore(state.save()).save() == state.save()
    assert state.view()["score_scale"] == facts(gid)["score_scale"]


@pytest.mark.parametrize("gid", catalog.ids())
def test_a_games_bot_says_how_level_3_searches_it(gid):
    bot = load("engine.bots." + gid)
    assert callable(bot.choose) and type(bot.BID_SEARCH) is bool
    if bot.SEARCH == "engine.bots.search":        # the shared playout search
        assert type(bot.PLAYOUT) is int and bot.PLAYOUT > 0
        value = bot.round_value(games.new_game(gid).view(0))
        assert value is None or value(1, 1) is not None
    if bot.BID_SEARCH:                            # the bid search's needs
        for name in ("bid_round", "bid_value"):
            assert callable(getattr(bot, name)), name
        for name in ("BID_BUDGET", "BID_ROUND_COST", "BID_BIG", "BID_GAIN", "BID_SPREAD"):
            assert type(getattr(bot, name)) is int, name
        assert callable(load(bot.SEARCH).round_tricks)
    if getattr(bot, "SWAP_SEARCH", None):         # a swap searched (Nines)
        assert callable(load(bot.SWAP_SEARCH).choose_swap)


def test_the_registration_lists_each_game_once():
    assert [g["id"] for g in catalog.GAMES] == catalog.ids()
    assert len(set(catalog.ids())) == len(catalog.ids())


def written_ids(path):
    # the strings of a device file that are exactly a game id
    tree = ast.parse(open(os.path.join(ROOT, path), encoding="utf-8").read())
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and node.value in catalog.ids()]


def test_each_id_is_written_once_in_the_registration_and_nowhere_else():
    # not in engine.games, not in the game's own rules (its GAME, its checks,
    # its restore) nor its bot: they have the id from the registration
    assert sorted(written_ids("engine/catalog.py")) == sorted(catalog.ids())
    for path in device_files():
        if path not in REGISTRATION:
            assert written_ids(path) == [], path


def named_games(path):
    # the game ids that a device file's strings name
    tree = ast.parse(open(os.path.join(ROOT, path), encoding="utf-8").read())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            for gid in catalog.ids():
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
    assert named_games("engine/catalog.py") == set(catalog.ids())
    assert named_games("engine/bots/nommie.py") == {"nommie"}   # its own rules: allowed there
    assert "engine/israeli_explain.py" in own_files("israeli")


# --- one game's phases and view keys live in its own files and its face -------
def _phases_set(gid):
    # the phases a rules module sets (self.phase = "..."), read from its source
    tree = ast.parse(open(os.path.join(ROOT, "engine/%s.py" % gid), encoding="utf-8").read())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and [
                t for t in node.targets if isinstance(t, ast.Attribute) and t.attr == "phase"]:
            out.add(node.value.value)
    return out


def _view_keys(gid, moves=300):
    # the keys a game's views have over a game played by level-1 bots
    from engine import bots
    st = games.new_game(gid)
    keys = set()
    for _ in range(moves):
        if st.is_over():
            break
        keys |= set(st.view(None)) | set(st.view(st.to_act()))
        st.apply(bots.choose(st.view(st.to_act()), st.legal_actions(), 1, 1))
    return keys | set(st.view(None))


def one_games_words():
    # ({word: game} for each phase and view key that one game alone has,
    # {phase: game} for one game's phases that are also a word every game
    # has: Nommie's "trump" phase and every view's "trump")
    phases = dict((g, _phases_set(g)) for g in catalog.ids())
    keys = dict((g, _view_keys(g)) for g in catalog.ids())
    words, shared = {}, {}
    for g in catalog.ids():
        for w in phases[g] | keys[g]:
            others = [h for h in catalog.ids() if h != g and (w in phases[h] or w in keys[h])]
            if not others:
                words[w] = g
            elif w in phases[g] and not [h for h in others if w in phases[h]]:
                shared[w] = g
    return words, shared


# The move vocabulary every game types and reads (the words of the actions:
# "swap", "contract 3"), and coincidences: a link message's own field named
# like Linger's view key (docs/link-protocol.md's game over "winners"), SDL's
# "dummy" video driver.
VOCABULARY = ("engine/actions.py", "engine/parse.py")
COINCIDENCES = {"ui/link/check.py": ("winners",), "ui/link/host.py": ("winners",),
                "ui/link/state.py": ("winners",), "ui/link/client.py": ("winners",),
                "lib/hal/desktop.py": ("dummy",), "lib/hal/pick.py": ("dummy",)}


def _mentions_phase(node):
    # node is x.phase, phase, v["phase"] or v.get("phase")
    if isinstance(node, ast.Attribute):
        return node.attr == "phase"
    if isinstance(node, ast.Name):
        return node.id == "phase"
    if isinstance(node, ast.Subscript):
        return isinstance(node.slice, ast.Constant) and node.slice.value == "phase"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args:
        return node.func.attr == "get" and isinstance(node.args[0], ast.Constant) \
            and node.args[0].value == "phase"
    return False


def _phase_words(node):
    # the constants a comparison with a phase names (phase == "x", phase in ("x", "y"))
    out = []
    if isinstance(node, ast.Compare) and (_mentions_phase(node.left) or [
            c for c in node.comparators if _mentions_phase(c)]):
        for part in [node.left] + node.comparators:
            for c in ast.walk(part):
                if isinstance(c, ast.Constant) and isinstance(c.value, str):
                    out.append(c.value)
    return out


def outside_words(path, words, shared, text=None):
    # (line, game, word) for each phase or view key of one game that path
    # names (text: its source, if not read from the file)
    if path in REGISTRATION or path in VOCABULARY:
        return []
    if text is None:
        text = open(os.path.join(ROOT, path), encoding="utf-8").read()
    tree = ast.parse(text)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and node.value in words:
            found.append((node.lineno, words[node.value], node.value))
        for w in _phase_words(node):
            if w in shared:
                found.append((node.lineno, shared[w], w))
    return [(line, g, w) for line, g, w in found
            if path not in own_files(g) + ("ui/faces/%s.py" % g,)
            and w not in COINCIDENCES.get(path, ())]


def test_no_device_module_outside_a_game_names_its_phases_or_view_keys():
    words, shared = one_games_words()
    assert {"frisch", "trump_bid", "contract", "swap", "stock", "swapped"} <= set(words)
    assert shared == {"trump": "nommie"}
    offenders = []
    for path in device_files():
        for line, gid, w in outside_words(path, words, shared):
            offenders.append("%s:%d names %s's %r" % (path, line, gid, w))
    assert offenders == []


def test_the_check_sees_a_phase_compared_and_a_view_key_named():
    words, shared = one_games_words()
    bad = ('def f(st, v):\n    return st.phase == "trump" or "stock" in v '
           'or v["phase"] in ("bid", "frisch") or v["trump"]\n')
    assert sorted(w for _, _, w in outside_words("ui/bad.py", words, shared, bad)) == \
        ["frisch", "stock", "trump"]
    assert sorted(outside_words("ui/faces/israeli.py", words, shared, bad)) == [
        (2, "linger", "stock"), (2, "nommie", "trump")]
