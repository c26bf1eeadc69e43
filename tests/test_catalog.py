"""engine.catalog is the one place a game's player counts and option ranges
live: the setup screen, the link host's setup and the console offer exactly
its ranges, and new_game refuses anything outside them. A game registered at
run time (catalog.register) is known everywhere the catalog is read."""
import contextlib
import sys
import types

import pytest

from engine import IllegalAction, catalog, games
from engine.catalog import entry as facts
from engine.state import TrickGame
from hal import keys as K
from ui.app import App
from ui.driver import Driver
from ui.link.lobby import HostSetup
from ui.screens.newgame import Setup
from ui.nostore import NoStore

from test_console import run_console


def offered(g):
    # {key: allowed values in order} of the options a player chooses
    return dict((o[0], (True, False) if o[3] is None else tuple(range(o[3], o[4] + 1)))
                for o in g["options"] if o[1] is not None)


FIELDS = ("id", "title", "short", "fewest", "most", "players", "low_wins", "score_scale",
          "options", "counting")


def test_catalog_covers_every_game_once_by_field_name():
    assert [g["id"] for g in catalog.GAMES] == catalog.ids()
    for g in catalog.GAMES:
        assert type(g) is dict and sorted(g) == sorted(FIELDS)
        assert facts(g["id"]) is g
        gid, short, lo, hi, usual = g["id"], g["short"], g["fewest"], g["most"], g["players"]
        assert type(g["options"]) is tuple
        assert len(short) <= 13 and 1 <= lo <= usual <= hi <= 5
        # only Linger Longer keeps no points
        assert type(g["low_wins"]) is bool or (g["low_wins"] is None and gid == "linger")
        for key, label, question, low, high, default in g["options"]:
            assert label is None or len(label) <= 12     # "Start points < 20 >" in 25 columns
            if low is None:
                assert default in (True, False)
            else:
                assert low <= default <= high
            if key == "first_dealer":
                assert label is None and (low, high) == (0, hi - 1)


def test_an_unknown_game_has_no_facts():
    with pytest.raises(ValueError, match="Unknown game 'whist'"):
        facts("whist")


def test_which_way_scores_win_for_each_game_and_an_unknown_id():
    # the statistics' best and the round table read it: lowest wins, highest
    # wins, no points, and statistics of a game this version does not have
    assert catalog.low_wins("nines") is True and catalog.low_wins("nommie") is False
    assert catalog.low_wins("linger") is None and catalog.low_wins("whist") is False


@pytest.mark.parametrize("gid", catalog.ids())
def test_the_registrations_score_scale_is_the_games(gid):
    # the statistics read the scale from the registration, the table from the
    # game's views: the two agree
    assert games.new_game(gid).view()["score_scale"] == facts(gid)["score_scale"]


@pytest.mark.parametrize("gid", catalog.ids())
def test_new_game_applies_every_option_default(gid):
    g = facts(gid)
    assert games.new_game(gid).options == dict((o[0], o[5]) for o in g["options"])
    for key, label, question, low, high, default in g["options"]:
        other = (not default) if low is None else (high if default != high else low)
        st = games.new_game(gid, None, 1, **{key: other})
        assert st.options[key] == other
        assert len(st.options) == len(g["options"])


@pytest.mark.parametrize("gid", catalog.ids())
def test_new_game_accepts_exactly_the_catalog_ranges(gid):
    g = facts(gid)
    lo, hi = g["fewest"], g["most"]
    assert games.new_game(gid).view()["players"] == g["players"]
    for n in range(lo, hi + 1):
        games.new_game(gid, n)
    for n in (lo - 1, hi + 1, "4", 4.0):
        if n != g["players"] or type(n) is not int:
            with pytest.raises(IllegalAction):
                games.new_game(gid, n)
    for key, label, question, low, high, default in g["options"]:
        if low is None:
            good, bad = (True, False), (0, 1, None, "y")
        else:
            good, bad = (low, default, high), (low - 1, high + 1, str(low), True, None)
        for v in good:
            games.new_game(gid, None, 1, **{key: v})
        for v in bad:
            with pytest.raises(IllegalAction):
                games.new_game(gid, None, 1, **{key: v})
    with pytest.raises(IllegalAction):
        games.new_game(gid, None, 1, no_such_option=1)


def test_the_games_default_options_are_the_catalogs():
    for gid in catalog.ids():
        g = facts(gid)
        st = games.new_game(g["id"], seed=1)
        for key, label, question, low, high, default in g["options"]:
            # a game told its default plays as one told nothing
            told = games.new_game(g["id"], None, 1, **{key: default})
            assert told.view() == st.view(), (g["id"], key)


@pytest.mark.parametrize("screen", [Setup, HostSetup])
def test_setup_screens_offer_exactly_the_catalog_ranges(screen):
    app = App(160, 128, NoStore(), "test", lambda: 77)
    app.start()
    d = Driver(app)
    for gid in catalog.ids():
        g = facts(gid)
        app.home()
        app.push(screen())
        s = app.top()
        s.game = catalog.ids().index(gid)
        if hasattr(s, "fix_players"):
            s.fix_players()
        s.refresh()
        assert g["short"] in s.lines[0]
        # players: LEFT to the fewest, RIGHT to the most
        s.cursor = 1
        for _ in range(6):
            d.press(K.LEFT)
        assert s.players == g["fewest"]
        for _ in range(6):
            d.press(K.RIGHT)
        assert s.players == g["most"]
        for _ in range(6):
            d.press(K.LEFT)
        # each option row cycles through exactly the allowed values
        want = offered(g)
        rows = [i for i in range(len(s.lines)) if s.rows_model()[i][0] == "option"]
        assert len(rows) == len(want)
        for key, row in zip([o[0] for o in g["options"] if o[1] is not None], rows):
            seen = []
            for _ in range(len(want[key])):
                seen.append(s.options.get(key, dict((o[0], o[5]) for o in g["options"])[key]))
                s.change(row, 1)
            assert sorted(seen) == sorted(want[key]), (gid, key)
            assert s.options[key] == seen[0]          # and round again


def test_console_asks_exactly_the_catalog_ranges():
    for gid in catalog.ids():
        g = facts(gid)
        lines = [str(catalog.ids().index(gid) + 1)]
        if g["fewest"] < g["most"]:
            lines += [str(g["most"] + 1), str(g["fewest"] - 1), ""]   # refused twice, then usual
        lines.append("h" + " 1" * (g["players"] - 1))
        for key, label, question, low, high, default in g["options"]:
            if label is None:
                continue
            lines += ["maybe", ""] if low is None else [str(low - 1), str(high + 1), str(high)]
        lines += ["5", "quit"]
        con, t, out = run_console(lines)
        prompts = "".join(p for p in t.prompts)
        if g["fewest"] < g["most"]:
            assert "Players (%d-%d) [%d]" % (g["fewest"], g["most"], g["players"]) in prompts
            assert out.count("! Players: a number from %d to %d." % (g["fewest"], g["most"])) == 2
        else:
            assert "Players" not in prompts
        for key, label, question, low, high, default in g["options"]:
            if label is None:
                assert question not in prompts
            elif low is None:
                assert "%s (y/n) [%s]" % (question, "y" if default else "n") in prompts
                assert con.session.state.options[key] is default
            else:
                assert "%s (%d-%d) [%d]" % (question, low, high, default) in prompts
                assert out.count("! %s: a number from %d to %d." % (question, low, high)) == 2
                assert con.session.state.options[key] == high


# --- a game registered at run time ---------------------------------------

class Tiny(TrickGame):
    # A throwaway game: two players, one card each, one trick; its winner
    # scores 1.
    def setup(self):
        self.deal(1)
        self.turn = self.leader = (self.dealer + 1) % self.players

    def hand_size(self):
        return 1

    def total_rounds(self):
        return 1

    def trick_done(self, winner):
        self.end_round([int(s == winner) for s in range(self.players)])
        self.phase = "over"


TINY = {"id": "tiny", "title": "Tiny Trick", "short": "Tiny", "fewest": 2, "most": 2,
        "players": 2, "low_wins": False, "score_scale": 1, "counting": True,
        "options": (("first_dealer", None, "The first dealer", 0, 1, 0),)}


@contextlib.contextmanager
def registered():
    # Tiny as engine.tiny (its rules module, made here) and in the catalog,
    # for the block; both gone after it
    rules = types.ModuleType("engine.tiny")
    rules.Game = Tiny
    sys.modules["engine.tiny"] = rules
    catalog.register(TINY)
    try:
        yield TINY["id"]
    finally:
        catalog.GAMES.remove(TINY)
        del sys.modules["engine.tiny"]


@pytest.fixture
def tiny():
    with registered() as gid:
        yield gid


def test_a_game_registered_at_run_time_is_made_and_restored(tiny):
    assert catalog.ids()[-1] == tiny and games.load(tiny).Game is Tiny
    st = games.new_game(tiny, seed=3)
    assert type(st) is Tiny and st.GAME == tiny and st.players == 2
    assert st.options == {"first_dealer": 0} and st.view()["game"] == tiny
    half = st.save()
    st.apply(st.legal_actions()[0])
    st.apply(st.legal_actions()[0])
    assert st.is_over() and sorted(st.scores) == [0, 1]
    for save in (half, st.save()):
        back = games.restore(save)
        assert type(back) is Tiny and back.view(None) == games.restore(save).view(None)
    assert games.restore(st.save()).view(None) == st.view(None)
    from engine.saved import replay
    assert replay(st.save(False), st.log).view(None) == st.view(None)


def test_a_game_registered_at_run_time_has_its_players_and_options_checked(tiny):
    assert games.new_game(tiny, 2, 1, first_dealer=1).dealer == 1
    with pytest.raises(IllegalAction, match="Tiny Trick is for exactly 2 players"):
        games.new_game(tiny, 3)
    with pytest.raises(IllegalAction, match="a whole number from 0 to 1"):
        games.new_game(tiny, None, 1, first_dealer=2)
    with pytest.raises(IllegalAction, match="Tiny Trick has no option 'rounds'"):
        games.new_game(tiny, None, 1, rounds=3)


def test_a_game_registered_at_run_time_has_its_titles_everywhere(tiny):
    from ui.screens import info
    assert facts(tiny)["title"] == "Tiny Trick" and catalog.low_wins(tiny) is False
    assert catalog.counting()[-1] == "Tiny Trick"
    # the setup screen: LEFT from the first game is the last, this one
    app = App(160, 128, NoStore(), "test", lambda: 77)
    app.start()
    app.push(Setup())
    s = app.top()
    s.change(0, -1)
    assert s.game_id() == tiny and "Tiny" in s.lines[0] and s.players == 2
    # the console's menu, and the statistics
    con, t, out = run_console(["q"])
    assert "  %d  Tiny Trick (2 players)" % len(catalog.ids()) in out

    class Stats:
        def load_stats(self):
            return {tiny: {"played": 2, "won": 1, "best": 1}}
    assert [line for line in info.stats_lines(Stats(), 25) if line.startswith("Tiny")]


def test_a_registration_lasts_for_its_block_and_an_id_registers_once():
    with registered() as gid:
        with pytest.raises(ValueError, match="Game 'tiny' is registered already"):
            catalog.register(dict(TINY))
        assert catalog.ids().count(gid) == 1
    assert "tiny" not in catalog.ids() and "engine.tiny" not in sys.modules
    with pytest.raises(ValueError, match="Unknown game 'tiny'"):
        games.new_game("tiny")
    with pytest.raises(IllegalAction, match="not a saved Pocket Tricks game"):
        games.restore({"game": "tiny", "version": 1, "players": 2, "seed": 1,
                       "options": {}, "actions": []})
