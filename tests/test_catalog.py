"""engine.catalog is the one place a game's player counts and option ranges
live: the setup screen, the link host's setup and the console offer exactly
its ranges, and new_game refuses anything outside them."""
import pytest

from engine import IllegalAction, catalog, games
from engine.catalog import entry as facts
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


def test_catalog_covers_every_game_once_in_plain_tuples():
    assert tuple(row[0] for row in catalog.GAMES) == games.IDS
    for row in catalog.GAMES:
        assert type(row) is tuple and len(row) == len(catalog.FIELDS)
        g = facts(row[0])
        assert sorted(g) == sorted(catalog.FIELDS)
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


@pytest.mark.parametrize("gid", games.IDS)
def test_the_registrations_score_scale_is_the_games(gid):
    # the statistics read the scale from the registration, the table from the
    # game's views: the two agree
    assert games.new_game(gid).view()["score_scale"] == facts(gid)["score_scale"]


@pytest.mark.parametrize("gid", games.IDS)
def test_new_game_applies_every_option_default(gid):
    g = facts(gid)
    assert games.new_game(gid).options == dict((o[0], o[5]) for o in g["options"])
    for key, label, question, low, high, default in g["options"]:
        other = (not default) if low is None else (high if default != high else low)
        st = games.new_game(gid, None, 1, **{key: other})
        assert st.options[key] == other
        assert len(st.options) == len(g["options"])


@pytest.mark.parametrize("gid", games.IDS)
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
    for gid in games.IDS:
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
    for gid in games.IDS:
        g = facts(gid)
        app.home()
        app.push(screen())
        s = app.top()
        s.game = games.IDS.index(gid)
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
    for gid in games.IDS:
        g = facts(gid)
        lines = [str(games.IDS.index(gid) + 1)]
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
