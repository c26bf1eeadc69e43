"""Bad input is refused in one sentence and changes nothing: only ASCII digits
are numbers (not "²" or "٣", which str.isdigit and int() accept); bad
command-line values are one sentence and the usage, never a traceback;
statistics go under the bots' real levels."""
import os
import subprocess
import sys

import pytest

from engine import catalog, IllegalAction
from engine.parse import number, parse_action
from hal import desktop_cli

from test_console import run_console, setup_lines

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NOT_ASCII = ["\u00b2", "\u0663", "\u00b3\u00b2", "\uff13", "1\u0663", "\u2155"]


@pytest.mark.parametrize("text", NOT_ASCII)
def test_only_ascii_digits_are_numbers_in_typed_moves(text):
    assert number(text) is None
    for line in (text, "bid " + text, "bid %s S" % text, "%s NT" % text):
        with pytest.raises(IllegalAction):
            parse_action(line)
    assert parse_action("bid 3") == parse_action("3") == 103


def test_the_console_refuses_other_digits_everywhere_and_does_not_crash():
    lines = (["\u00b2", "\u0663"]                       # the game menu
             + ["2", "\u0663", "3", "h 1 1", "\u00b2", "\u0664", "5"]   # players, deal
             + ["\u0662", "bid \u00b2", "quit"])        # moves
    con, t, out = run_console(lines)
    assert out.count("! Type a game's number (1-5), s, t, r or q.") == 2
    assert "! Players: a number from 2 to 5." in out
    assert out.count("! Deal number: a number from 1 to 99999.") == 2
    assert "Linger Longer, deal #5" in out
    errors = [x for x in out.splitlines() if x.startswith("! ")]
    assert len(errors) == 7
    assert "Left the game" in out


BAD_ARGS = [
    (["--game", "poker"], "--game 'poker' is not a game"),
    (["--size", "big"], "--size takes WIDTHxHEIGHT"),
    (["--size", "160x"], "--size takes WIDTHxHEIGHT"),
    (["--size", "1x2x3"], "--size takes WIDTHxHEIGHT"),
    (["--size", "\u0661\u0666\u0660x128"], "--size takes WIDTHxHEIGHT"),
    (["--size", "100x80"], "is too small"),
    (["--size", "160x0"], "is too small"),
    (["--size", "99999x99999"], "is too large"),
    (["--seed", "x"], "--seed takes a deal number"),
    (["--seed", "\u0663"], "--seed takes a deal number"),
    (["--seed", "-4"], "--seed takes a deal number"),
    (["--seed", "0"], "--seed takes a deal number"),
    (["--seed", "100000"], "--seed takes a deal number"),
    (["--scale", "0"], "--scale takes a zoom"),
    (["--shot-scale", "2.5"], "--shot-scale takes a zoom"),
    (["--port", "http"], "--port takes a port number"),
    (["--keys", "A JUMP"], "--keys: unknown key name: JUMP"),
    (["--seed"], "--seed needs a value"),
    (["--bogus"], "there is no option --bogus"),
    (["--join", ""], "--join needs the address of the table"),
    (["--join", "  "], "--join needs the address of the table"),
    (["--host", "--join", "10.0.0.2"], "--host and --join"),
    (["--seats", "h l 2 2"], "--seats sets up the table you host"),
    (["--turn", "soon"], "--turn takes a number of seconds"),
    (["--grace", "-1"], "--grace takes a number of seconds"),
    (["--screenshot", "/proc/nope/x.png"], "--screenshot /proc/nope/x.png: its folder cannot be"),
    (["--screenshot-every", "/dev/null/x"], "--screenshot-every /dev/null/x: its folder cannot"),
    (["--screenshot", "/"], "--screenshot /: that is a folder, not a file"),
    (["--screenshot", "/dev/null"], "--screenshot /dev/null: that is not a plain file"),
]


@pytest.mark.parametrize("args,words", BAD_ARGS, ids=[" ".join(a) for a, _ in BAD_ARGS])
def test_bad_command_line_values_are_one_sentence_and_the_usage(args, words):
    with pytest.raises(SystemExit) as e:
        desktop_cli.parse_args(list(args))
    msg = str(e.value.code)
    first, rest = msg.split("\n", 1)
    assert first.startswith("pocket-tricks: ") and words in first and first.endswith(".")
    assert rest == desktop_cli.usage()


@pytest.mark.parametrize("text", [False, True])
def test_code_py_exits_with_the_sentence_not_a_traceback(text, tmp_path):
    env = dict(os.environ, POCKET_TRICKS_DATA=str(tmp_path))
    for args, words in (BAD_ARGS[0], BAD_ARGS[5], BAD_ARGS[9], BAD_ARGS[-4]):
        r = subprocess.run([sys.executable, "code.py"] + (["--text"] if text else [])
                           + ["--headless"] * (not text) + args, cwd=ROOT, env=env,
                           input="", capture_output=True, text=True, timeout=120)
        assert r.returncode != 0
        assert "Traceback" not in r.stderr and words in r.stderr and "usage:" in r.stderr


def test_grace_and_turn_zero_are_kept():
    got = desktop_cli.parse_args(["--host", "--grace", "0", "--turn", "0"])
    assert got["grace"] == 0 and got["turn"] == 0
    assert desktop_cli.parse_args(["--host", "--turn", "30"])["turn"] == 30


def test_the_command_line_takes_the_engines_games_and_deal_range():
    from engine.rng import LAST_DEAL
    for gid in catalog.ids():
        assert desktop_cli.parse_args(["--game", gid, "--size", "160x128"])["quick"] == gid
    assert " ".join(catalog.ids()) in desktop_cli.usage()
    with pytest.raises(SystemExit, match="is not a game: choose nommie, "):
        desktop_cli.parse_args(["--game", "whist"])
    assert desktop_cli.parse_args(["--seed", str(LAST_DEAL)])["seed"] == LAST_DEAL
    with pytest.raises(SystemExit, match="a deal number from 1 to %d" % LAST_DEAL):
        desktop_cli.parse_args(["--seed", str(LAST_DEAL + 1)])
    assert desktop_cli.parse_args(["--size", "240x135"])["width"] == 240


def test_statistics_go_under_the_bots_levels_not_the_human_seats(tmp_path):
    from ui import saves
    from uilogic import new_app, start, until
    store = saves.Store(str(tmp_path), True)
    app, d = new_app(store)
    start(app, "linger", ["human", "bot", "bot"], seed=3, levels=[2, 0, 1])
    until(d, lambda: type(app.top()).__name__ == "GameOver", limit=20000)
    got = saves.Store(str(tmp_path), True).load_stats()["linger"]["levels"]
    assert list(got) == ["1"]                  # the hardest bot; the human's 2 is no level
    # the console files them the same way
    _, _, out = run_console(setup_lines("nommie", seats="h 0 0 0"),
                            saves.Store(str(tmp_path), True))
    assert list(saves.Store(str(tmp_path), True).load_stats()["nommie"]["levels"]) == ["0"]


@pytest.mark.parametrize("port", ["\u00b2", "\u0663", "5\u0663", "", "0", "65536", "99999",
                                  "123456", "abc"])
def test_a_link_address_with_a_bad_port_is_refused(port):
    from ui.link import lobby as link_lobby
    from uilogic import new_app
    app, d = new_app()
    assert link_lobby.join(app, "127.0.0.1:" + port) is None
    top = app.top()            # on the title: too long for its footer, a page over it
    assert top.title == "Notice"
    assert " ".join(top.lines) == ("Link play: the port in 127.0.0.1:%s must be a number "
                                   "from 1 to 65535" % port)


@pytest.mark.parametrize("address,want", [("10.0.0.5", ("10.0.0.5", 5291)),
                                          ("10.0.0.5:7000", ("10.0.0.5", 7000)),
                                          (" host:65535 ", ("host", 65535))])
def test_a_link_address_names_a_host_and_a_port(address, want):
    from ui.link import proto as P
    assert P.address(address) == want
    with pytest.raises(ValueError):
        P.address(":7000")


@pytest.mark.parametrize("address", ["127.0.0.1:99999", "127.0.0.1:abc", "127.0.0.1:0"])
def test_the_console_joiner_refuses_a_bad_port_in_one_sentence(tmp_path, address):
    env = dict(os.environ, POCKET_TRICKS_DATA=str(tmp_path))
    p = subprocess.run([sys.executable, "code.py", "--text", "--join", address],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=60,
                       stdin=subprocess.DEVNULL)
    assert p.returncode == 2, p.stdout + p.stderr
    assert "Traceback" not in p.stderr
    assert p.stdout.strip() == ("pocket-tricks: --join: the port in %s must be a number "
                                "from 1 to 65535." % address)
