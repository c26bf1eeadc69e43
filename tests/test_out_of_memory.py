"""Memory running out is a sentence and a restart into the saved game, never
a traceback (issue 37, #13). code.py catches the MemoryError at the top; the
profile tells the player and starts afresh (a board: supervisor.reload, a new
heap; a desktop or a test: round again in the same process); the new run goes
straight back into the saved game and says why. If the restarted run runs out
too, the next start is a plain one at the title (never a loop of restarts).

Here the MemoryError is raised just after a save, as a full heap does on the
board; tests/test_cp_out_of_memory.py runs the text console in CircuitPython
itself with a heap too small for a game."""
import importlib.util
import os

import pytest

import hal
from hal.text import Text
from ui import session as session_module
from ui.restart import BACK, FRESH
from ui.saves import Store

from test_console_saves import Player

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load_code():
    # code.py as a module: its main() runs only as a script or on a board.
    spec = importlib.util.spec_from_file_location("pocket_tricks_code",
                                                  os.path.join(ROOT, "code.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def run_out_after_saves(monkeypatch, at, seen=None):
    # Session.autosave writes its save, then memory runs out on the calls
    # numbered in `at` (1-based); returns the log each of those saves wrote
    # (and notes len(seen) then, when given).
    real = session_module.Session.autosave
    calls = []
    saved = []

    def autosave(self, store):
        note = real(self, store)
        calls.append(1)
        if len(calls) in at:
            saved.append(bytes(self.state.log))
            if seen is not None:
                saved.append(len(seen))
            raise MemoryError("memory allocation failed, allocating 1024 bytes")
        return note

    monkeypatch.setattr(session_module.Session, "autosave", autosave)
    return saved


def test_the_console_restarts_into_the_save_and_finishes_the_game(tmp_path, monkeypatch):
    code = load_code()
    player = Player(["4", "h 1 1 1", "", "5"])          # Call Break, three bots, deal 5
    out = []
    profile = Text(str(tmp_path / "saves"), readline=player, write=out.append)
    monkeypatch.setattr(hal, "detect", lambda argv=None: profile)
    from ui.console.menu import Console
    real_run = Console.run

    def run(con):
        player.con = con
        return real_run(con)

    monkeypatch.setattr(Console, "run", run)
    saved = run_out_after_saves(monkeypatch, (6,), player.prompts)
    code.main()
    text = "".join(out)
    assert len(saved) == 2
    assert text.count(code.OUT_OF_MEMORY) == 1 and "Traceback" not in text
    after = text.split(code.OUT_OF_MEMORY, 1)[1]
    assert BACK in after and "Resuming Call Break." in after
    # the restarted console's first look at the game is the save, move for move,
    # and the game goes on to its end, counted once, its save gone
    resumed = [log for log in player.logs[saved[1]:] if log is not None][0]
    assert resumed.startswith(saved[0]) and len(resumed) < len(saved[0]) + 8
    assert player.over[-1]
    store = Store(profile.save_dir, True)
    assert store.load_stats()["callbreak"]["played"] == 1
    assert store.load_game()[0] is None


def play_keys(n):
    return ",".join(["A"] * n)


def desktop_profile(tmp_path, keys):
    import displayio
    displayio.release_displays()
    return hal.detect(["--headless", "--game", "nommie", "--seed", "5", "--data-dir",
                       str(tmp_path / "data"), "--keys", keys])


def test_the_screen_restarts_into_the_save_saying_why(tmp_path, monkeypatch, capsys):
    code = load_code()
    profile = desktop_profile(tmp_path, play_keys(12))
    monkeypatch.setattr(hal, "detect", lambda argv=None: profile)
    from ui import app as app_module
    apps = []
    real_run = app_module.run

    def run(hal_profile):
        apps.append(hal_profile.restarted)
        got = real_run(hal_profile)
        apps.append(got)
        return got

    monkeypatch.setattr(app_module, "run", run)
    saved = run_out_after_saves(monkeypatch, (3,))
    code.main()
    err = capsys.readouterr().err
    assert code.OUT_OF_MEMORY in err and "Traceback" not in err
    # one run ran out of memory (no app returned), the next began restarted
    assert apps[0] is False and apps[1] is True and len(apps) == 3
    app = apps[2]
    [table] = [s for s in app.stack if type(s).__name__ == "Table"]
    assert bytes(table.session.state.log[:len(saved[0])]) == saved[0]
    assert table.session.game == "nommie"


def test_the_screen_says_why_on_the_table_at_once(tmp_path, monkeypatch):
    # Memory runs out at the last key: the restarted table waits under a page
    # with the sentence. (The first A closes the first game's bid tip, the
    # second bids.)
    code = load_code()
    profile = desktop_profile(tmp_path, play_keys(2))
    monkeypatch.setattr(hal, "detect", lambda argv=None: profile)
    from ui import app as app_module
    apps = []
    real_run = app_module.run
    monkeypatch.setattr(app_module, "run", lambda p: apps.append(real_run(p)) or apps[-1])
    saved = run_out_after_saves(monkeypatch, (2,))
    code.main()
    page, table = apps[-1].top(), apps[-1].stack[-2]
    assert saved and page.text == BACK and page.title == "Notice"
    assert bytes(table.session.state.log) == saved[0]       # no bot moved under the page


def test_running_out_again_later_restarts_again(tmp_path, monkeypatch):
    # Keys were pressed in the restarted run before memory ran out again: a
    # new restart into the (newer) save.
    code = load_code()
    profile = desktop_profile(tmp_path, play_keys(12))
    monkeypatch.setattr(hal, "detect", lambda argv=None: profile)
    from ui import app as app_module
    starts = []
    apps = []
    real_run = app_module.run

    def run(p):
        starts.append(p.restarted)
        apps.append(real_run(p))
        return apps[-1]

    monkeypatch.setattr(app_module, "run", run)
    saved = run_out_after_saves(monkeypatch, (2, 4))
    code.main()
    assert starts == [False, True, True] and len(apps) == 1 and len(saved) == 2
    [table] = [s for s in apps[0].stack if type(s).__name__ == "Table"]
    assert bytes(table.session.state.log).startswith(saved[1])


def test_running_out_again_before_a_key_stops_with_a_sentence(tmp_path, monkeypatch, capsys):
    # The restarted run cannot even show the saved game: no loop of restarts,
    # a sentence, and code.py ends (the save stays for the next power-on).
    code = load_code()
    profile = desktop_profile(tmp_path, play_keys(12))
    monkeypatch.setattr(hal, "detect", lambda argv=None: profile)
    saved = run_out_after_saves(monkeypatch, (2,))
    import ui.restart

    def resume(app):
        raise MemoryError("memory allocation failed")

    monkeypatch.setattr(ui.restart, "resume", resume)
    with pytest.raises(SystemExit) as stop:
        code.main()
    assert stop.value.code == 1
    err = capsys.readouterr().err
    assert err.index(code.OUT_OF_MEMORY) < err.index(code.AGAIN) and "Traceback" not in err
    rec, state = Store(profile.save_dir, True).load_game()
    assert bytes(state.log) == saved[0]                  # the save is kept as it was


def test_a_restart_without_a_saved_game_says_so_at_the_title(tmp_path):
    from ui.app import App
    from ui.restart import resume
    app = App(store=Store(str(tmp_path / "empty"), True))
    app.start()
    resume(app)
    page = app.top()
    assert page.text == FRESH and type(app.stack[0]).__name__ == "Title"


def test_every_profile_restarts_the_same_way():
    # The contract: restarted and restart(why, again) come from hal.base.Board;
    # a board's own (supervisor.reload) is the base's, never overridden.
    from hal.base import Board
    for mod in ("pybadge", "pygamer", "reverse_tft", "text", "desktop"):
        src = open(os.path.join(ROOT, "lib", "hal", mod + ".py")).read()
        assert "def restart" not in src, mod
    b = Board()
    assert b.restarted is False
    told = []
    b.write = told.append
    assert b.restart("why", "again") is True and b.restarted is True
    assert b.restart("why", "again") is False
    assert told == ["why\n", "again\n"]
