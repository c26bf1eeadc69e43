"""Device code inside CircuitPython's own interpreter (tools/runners/circuitpy.py: the
unix port built 32-bit, its collector running as on a board): the runner
itself, full bot games per game and bot level that end exactly as on CPython,
save/restore, whole games through the UI logic move for move as on CPython
(from the .mpy tree `make bundle` ships, and from source), the tests/vm/*.py
scripts, and nothing device code uses missing from CircuitPython.

CircuitPython's unix port is not provided with the project: without
POCKET_TRICKS_CIRCUITPYTHON every test here skips with the sentence saying what
is missing and which variable names it (circuitpy.available());
tests/test_circuitpy_tools.py checks that sentence without CircuitPython.
"""
import concurrent.futures
import glob
import os
import textwrap

import pytest

from engine import catalog
import game_script
import cp_suite
from tools.runners import circuitpy, device_game

ROOT = circuitpy.ROOT
HEAP = 1024 * 1024             # correctness runs: a generous fixed heap
TIMEOUT = 300                  # seconds; the longest run here takes a few


def availability_mark():
    """Skip (with the Missing sentence) when the unix port or an mpy-cross is missing."""
    why = circuitpy.available()
    return pytest.mark.skipif(why is not None, reason=why or "CircuitPython is here")


pytestmark = availability_mark()

IDS = tuple(catalog.ids())
LEVELS = (0, 1, 2, 3)


@pytest.fixture(scope="module")
def py_tree():
    return circuitpy.stage("py")


@pytest.fixture(scope="module")
def mpy_tree():
    return circuitpy.stage("mpy")


def side_by_side(in_circuitpython, on_cpython):
    """Run both at once (CircuitPython is a subprocess): (its result, CPython's)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        job = pool.submit(in_circuitpython)
        expected = on_cpython()
        return job.result(), expected


def run(script, tree, heap=HEAP):
    return circuitpy.run(script, heap=heap, tree=tree, timeout=TIMEOUT)


# --- the runner itself ---------------------------------------------------

def test_runner_prints():
    out = circuitpy.run("print(sys.implementation.name)\nprint(6 * 7)", heap=64 * 1024)
    assert out.split() == ["circuitpython", "42"]


def test_runner_reports_memory_error_at_a_small_fixed_heap():
    script = "keep = [bytearray(1000) for i in range(100)]\nprint('done')"
    assert circuitpy.fits(script, 256 * 1024)
    assert not circuitpy.fits(script, 32 * 1024)
    with pytest.raises(circuitpy.CircuitPythonError) as e:
        circuitpy.run(script, heap=32 * 1024)
    assert e.value.memory_error() and "MemoryError" in e.value.output


def test_runner_raises_python_errors_with_the_output():
    script = "print('before')\nimport itertools_nonexistent"
    with pytest.raises(circuitpy.CircuitPythonError) as e:
        circuitpy.run(script, heap=64 * 1024)
    assert e.value.returncode != 0 and not e.value.memory_error()
    assert "before" in e.value.output and "ImportError" in e.value.output
    with pytest.raises(circuitpy.CircuitPythonError):   # fits() passes other errors on
        circuitpy.fits(script, 64 * 1024)


def test_runner_loads_the_compiled_tree(mpy_tree):
    assert not glob.glob(os.path.join(mpy_tree, "engine", "*.py"))
    out = run("import engine.rng, hal.keys\nprint(engine.rng.__file__, hal.keys.__file__)",
              mpy_tree)
    assert out.split() == ["engine/rng.mpy", "lib/hal/keys.mpy"]


# --- every game, every bot level: the same game as on CPython --------------

def bot_game(game, seed, levels, tree):
    src = cp_suite.steps_script(game_script.script(game, seed, levels), game_script.FINISH)
    return side_by_side(lambda: game_script.parse_result(run(src, tree)),
                        lambda: game_script.run_cpython(game, seed, levels))


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("game", IDS)
def test_full_bot_game_matches_cpython(py_tree, game, level):
    got, expected = bot_game(game, 7 + level, (level,), py_tree)
    assert expected["over"] and expected["actions"] > 0
    assert got == expected


@pytest.mark.parametrize("game", IDS)
def test_mixed_levels_game_matches_cpython(py_tree, game):
    levels = tuple(reversed(LEVELS))
    got, expected = bot_game(game, 3, levels, py_tree)
    assert expected["over"]
    assert got == expected


@pytest.mark.parametrize("game", IDS)
def test_save_restore_round_trip(py_tree, game):
    src = game_script.roundtrip_script(game, seed=11, every=7)
    got, expected = side_by_side(
        lambda: game_script.parse_result(
            run(cp_suite.steps_script(src, game_script.ROUNDTRIP_FINISH), py_tree)),
        lambda: game_script.parse_result(
            game_script.run_cpython_script(src, game_script.ROUNDTRIP_FINISH)))
    assert got["checks"] >= 2
    assert got == expected


# --- whole games through the UI logic, move for move as on CPython ---------

def ui_game(game, level, tree):
    got, expected = side_by_side(
        lambda: device_game.parse(run(device_game.script(game, level), tree)),
        lambda: device_game.run_cpython(game, level))
    assert expected["over"] and expected["actions"] > 0 and expected["keys"] > 0
    assert got["live"] > 0                      # CircuitPython measured its heap
    got.pop("live")
    expected.pop("live")
    assert got == expected


@pytest.mark.parametrize("game", IDS)
def test_ui_game_from_mpy_level3_matches_cpython(mpy_tree, game):
    ui_game(game, 3, mpy_tree)


@pytest.mark.parametrize("game", IDS)
def test_ui_game_from_source_level1_matches_cpython(py_tree, game):
    ui_game(game, 1, py_tree)


# --- tests/vm/*.py: the MicroPython VM's scripts, here too ------------------

VM_SCRIPTS = sorted(glob.glob(os.path.join(ROOT, "tests", "vm", "*.py")))
# Scripts that need more than HEAP here (a "# circuitpython: heap=N" comment in
# the script does the same). console_games.py keeps every line the console
# prints (thousands of small strings per game) in one list for its checks:
# CircuitPython's collector runs meanwhile, the kept strings end up spread all
# over the heap, and the list's next doubling finds no free run long enough
# (8 KB in a 1 MB heap, 16 KB in 4 MB). The console itself keeps nothing.
VM_HEAPS = {"console_games.py": 8 * 1024 * 1024}


def test_vm_scripts_are_there():
    names = [os.path.basename(p) for p in VM_SCRIPTS]
    assert {"ui_logic.py", "console_games.py", "saves_device.py", "console_hal.py"} <= set(names)


@pytest.mark.parametrize("path", VM_SCRIPTS, ids=[os.path.basename(p) for p in VM_SCRIPTS])
def test_vm_script(py_tree, path):
    """Each ends with "VM OK"; its absolute paths ("/saves") are folders of
    the run's own scratch folder here."""
    with open(path, encoding="utf-8") as f:
        src = f.read()
    name = os.path.basename(path)
    heap = cp_suite.heap_comment(src) or VM_HEAPS.get(name, HEAP)
    out = run(cp_suite.relocate(src), py_tree, heap)
    lines = [x for x in out.splitlines() if x.strip()]
    assert lines and lines[-1].strip() == "VM OK", out[-3000:]


# --- nothing device code uses is missing from CircuitPython -----------------

# Boards have these; the unix port's time module is MicroPython's (no
# monotonic clock). hal/pybadge.py uses time.monotonic_ns on the board only.
UNIX_PORT_GAPS = ("time.monotonic", "time.monotonic_ns")
# And the other way round: the unix port has int.bit_length, which docs/design.md
# says boards lack.
BOARD_GAPS = ("bit_length",)


def device_files():
    return cp_suite.device_sources() + [n for n in ("code.py", "boot.py")
                                        if os.path.exists(os.path.join(ROOT, n))]


def test_circuitpython_has_everything_device_code_uses(py_tree):
    files = device_files()
    assert any(f.startswith("ui") for f in files) and any("hal" in f for f in files)
    assert not [f for f in files if "desktop" in f]
    uses = cp_suite.device_uses(files)
    assert "len" in uses["builtins"] and "os" in uses["imports"]     # the scan sees the code
    board_only = cp_suite.board_only_at_load(files)
    assert "ui.draw" in board_only                                    # displayio at load time
    modules = [cp_suite.module_name(f) for f in files if f not in ("code.py", "boot.py")]
    modules = [m for m in modules if m not in board_only]
    assert "ui.app" in modules and "hal.text" in modules
    missing = cp_suite.parse_missing(run(cp_suite.check_uses_script(uses, modules), py_tree))
    missing = [m for m in missing if m not in UNIX_PORT_GAPS]
    assert missing == [], "device code uses what CircuitPython lacks: %s" % missing
    # the unix port has these, boards do not (docs/design.md)
    assert not set(uses["methods"]) & set(BOARD_GAPS), set(uses["methods"]) & set(BOARD_GAPS)


SCAN_SAMPLE = textwrap.dedent('''
    import itertools
    import random
    import sys
    import time
    try:
        import typing
    except ImportError:
        pass
    try:
        import os
    except ImportError:
        import uos as os


    def label(n):
        return "x".ljust(n) + "y".title() + str(random.shuffle)


    def clock():
        if hasattr(time, "monotonic_ns"):
            return time.monotonic_ns()
        return time.ticks_ms()


    def folder():
        if sys.implementation.name != "cpython":
            return "/saves"
        return os.path.join(os.environ["HOME"], "x")


    def start():
        if sys.implementation.name == "cpython":
            return _desktop()
        return None


    def _desktop():
        return os.path.expanduser("~")
''')


def test_uses_check_catches_what_circuitpython_lacks(tmp_path, py_tree):
    (tmp_path / "sample.py").write_text(SCAN_SAMPLE)
    uses = cp_suite.device_uses(["sample.py"], root=str(tmp_path))
    assert "typing" not in uses["imports"] and "uos" not in str(uses)     # guarded imports
    assert ["time", "monotonic_ns"] not in uses["mod_attrs"]              # behind hasattr
    assert not [a for a in uses["mod_attrs"] if a[1] in ("path", "environ")]   # CPython only
    missing = cp_suite.parse_missing(run(cp_suite.check_uses_script(uses), py_tree))
    assert "import itertools" in missing and "random.shuffle" in missing
    assert "str/bytes/bytearray.ljust" in missing and "str/bytes/bytearray.title" in missing
    assert "time.ticks_ms" not in missing and "import os" not in missing


def test_relocate_moves_only_absolute_path_literals():
    src = 'D = "/saves"\nos.rename(D + "/game.json", D + "/x")\nt = T(save_dir="/tmp_saves")\n'
    out = cp_suite.relocate(src)
    assert 'D = (WORK + \'/saves\')' in out and 'D + "/game.json"' in out
    assert "save_dir=(WORK + '/tmp_saves')" in out
