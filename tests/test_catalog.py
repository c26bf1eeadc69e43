"""engine.catalog is the one place a game's player counts and option ranges
live: the setup screen, the link host's setup and the console offer exactly
its ranges, and new_game refuses anything outside them."""
import pytest

from engine import IllegalAction, catalog, games
from engine.catalog import entry as facts
from hal import keys as K
from ui.app import App
from ui.driver import Driver
from ui.link_lobby import HostSetup
from ui.newgame import Setup
from ui.nostore import NoStore

from test_console import run_console


def offered(g):
    # {key: allowed values in order} of the options a player chooses
    return dict((o[0], (True, False) if o[3] is None else tuple(range(o[3], o[4] + 1)))
                for o in g[7] if o[1] is not None)


def test_catalog_covers_every_game_once_in_plain_tuples():
    assert tuple(g[0] for g in catalog.GAMES) == games.IDS
    for g in catalog.GAMES:
        gid, title, short, lo, hi, usual, low_wins, options = g
        assert type(g) is tuple and type(options) is tuple
        assert len(short) <= 13 and 1 <= lo <= usual <= hi <= 5
        assert type(low_wins) is bool or (low_wins is None and gid == "linger")   # no points
        for key, label, question, low, high, default in options:
            assert label is None or len(label) <= 12     # "Start points < 20 >" in 25 columns
            if low is None:
                assert default in (True, False)
            else:
                assert low <= default <= high
            if key == "first_dealer":
                assert label is None and (low, high) == (0, hi - 1)


@pytest.mark.parametrize("gid", games.IDS)
def test_new_game_accepts_exactly_the_catalog_ranges(gid):
    g = facts(gid)
    lo, hi = g[3], g[4]
    assert games.new_game(gid).view()["players"] == g[5]
    for n in range(lo, hi + 1):
        games.new_game(gid, n)
    for n in (lo - 1, hi + 1, "4", 4.0):
        if n != g[5] or type(n) is not int:
            with pytest.raises(IllegalAction):
                games.new_game(gid, n)
    for key, label, question, low, high, default in g[7]:
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
    for g in catalog.GAMES:
        st = games.new_game(g[0], seed=1)
        for key, label, question, low, high, default in g[7]:
            # a game told its default plays as one told nothing
            told = games.new_game(g[0], None, 1, **{key: default})
            assert told.view() == st.view(), (g[0], key)


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
        assert g[2] in s.lines[0]
        # players: LEFT to the fewest, RIGHT to the most
        s.cursor = 1
        for _ in range(6):
            d.press(K.LEFT)
        assert s.players == g[3]
        for _ in range(6):
            d.press(K.RIGHT)
        assert s.players == g[4]
        for _ in range(6):
            d.press(K.LEFT)
        # each option row cycles through exactly the allowed values
        want = offered(g)
        rows = [i for i in range(len(s.lines)) if s.rows_model()[i][0] == "option"]
        assert len(rows) == len(want)
        for key, row in zip([o[0] for o in g[7] if o[1] is not None], rows):
            seen = []
            for _ in range(len(want[key])):
                seen.append(s.options.get(key, dict((o[0], o[5]) for o in g[7])[key]))
                s.change(row, 1)
            assert sorted(seen) == sorted(want[key]), (gid, key)
            assert s.options[key] == seen[0]          # and round again


def test_console_asks_exactly_the_catalog_ranges():
    for gid in games.IDS:
        g = facts(gid)
        lines = [str(games.IDS.index(gid) + 1)]
        if g[3] < g[4]:
            lines += [str(g[4] + 1), str(g[3] - 1), ""]          # refused twice, then usual
        lines.append("h" + " 1" * (g[5] - 1))
        for key, label, question, low, high, default in g[7]:
            if label is None:
                continue
            lines += ["maybe", ""] if low is None else [str(low - 1), str(high + 1), str(high)]
        lines += ["5", "quit"]
        con, t, out = run_console(lines)
        prompts = "".join(p for p in t.prompts)
        if g[3] < g[4]:
            assert "Players (%d-%d) [%d]" % (g[3], g[4], g[5]) in prompts
            assert out.count("! Players: a number from %d to %d." % (g[3], g[4])) == 2
        else:
            assert "Players" not in prompts
        for key, label, question, low, high, default in g[7]:
            if label is None:
                assert question not in prompts
            elif low is None:
                assert "%s (y/n) [%s]" % (question, "y" if default else "n") in prompts
                assert con.session.state.options[key] is default
            else:
                assert "%s (%d-%d) [%d]" % (question, low, high, default) in prompts
                assert out.count("! %s: a number from %d to %d." % (question, low, high)) == 2
                assert con.session.state.options[key] == high
