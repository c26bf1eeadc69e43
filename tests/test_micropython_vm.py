"""The engine inside a real MicroPython VM (tools/runners/mpvm.mjs, npm package
@micropython/micropython-webassembly-pyscript): full bot games that must end
exactly as on CPython, save/restore in the VM, nothing the engine uses
missing from the VM, and tests/vm/*.py scripts that other parts of the
project drop in (each must print a last line "VM OK"). The VM is a second
interpreter: heap budgets are measured in CircuitPython's own (test_cp_heap.py).
"""
import glob
import os
import re

import pytest

import game_script
import cp_suite
from tools.runners import mpvm

ROOT = mpvm.ROOT
BIG_HEAP = 512 * 1024          # correctness runs: room to spare
GAME_TIMEOUT = 300             # seconds for one whole game in the VM (the slowest takes ~15)


def game_ids():
    """The registered games' ids (engine.catalog.ids())."""
    from engine import catalog
    return tuple(catalog.ids())


def bot_levels():
    """The levels engine.bots offers (bots.LEVELS if it says, else 0-3 from docs/design.md)."""
    from engine import bots
    return tuple(getattr(bots, "LEVELS", (0, 1, 2, 3)))


IDS = game_ids()
LEVELS = bot_levels()


def need_module(game):
    path = os.path.join(ROOT, "engine", game + ".py")
    assert os.path.exists(path), "the catalog lists %r but engine/%s.py does not exist" % (
        game, game)


# --- the runner itself can fail ------------------------------------------

def test_runner_prints_and_reports_heap():
    out, stats = mpvm.run("import sys\nprint(sys.implementation.name)", heap=16 * 1024, dirs=())
    assert out.strip() == "micropython"
    assert mpvm.fits(stats)
    assert stats["total_initial"] > 12 * 1024


def test_runner_detects_a_heap_that_grew():
    _, stats = mpvm.run("x = [bytearray(1000) for i in range(40)]", heap=16 * 1024, dirs=())
    assert stats["grew"] and not mpvm.fits(stats)


def test_runner_collects_between_steps():
    script = "keep = []\ndef step():\n    junk = [bytearray(500) for i in range(4)]\n" \
             "    keep.append(bytearray(100))\n    return len(keep) if len(keep) < 6 else None\n"
    _, stats = mpvm.run(script, heap=32 * 1024, dirs=(), steps="step")
    assert stats["steps"] == 5
    assert all(p - live >= 1900 for p, live in zip(stats["peak"], stats["live"]))
    assert stats["live"][-1] > stats["live"][0]          # what step() keeps stays live
    assert stats["values"] == [1, 2, 3, 4, 5]


def test_runner_raises_python_errors_with_stdout():
    with pytest.raises(mpvm.VMError) as e:
        mpvm.run("print('before')\nimport itertools_nonexistent", dirs=())
    assert e.value.kind == "ImportError"
    assert "before" in e.value.stdout


def test_import_order_puts_dependencies_first():
    order = mpvm.import_order(["engine.nommie"])
    assert order[-1] == "engine.nommie"
    assert order.index("engine") < order.index("engine.state") < order.index("engine.nommie")


# --- every game, every bot level: same result as CPython ------------------

def test_games_ids_are_the_five_of_design():
    assert sorted(IDS) == sorted(("nommie", "linger", "nines", "callbreak", "israeli"))


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("game", IDS)
def test_full_bot_game_in_vm_matches_cpython(game, level):
    need_module(game)
    seed = 7 + level
    expected = game_script.run_cpython(game, seed, (level,))
    got, stats = game_script.run_vm(game, seed, (level,), heap=BIG_HEAP, timeout=GAME_TIMEOUT)
    assert expected["over"] and got["over"]
    assert got == expected
    assert stats["steps"] == got["actions"] > 0


@pytest.mark.parametrize("game", IDS)
def test_mixed_levels_game_in_vm_matches_cpython(game):
    need_module(game)
    levels = tuple(LEVELS[i % len(LEVELS)] for i in range(len(LEVELS)))[::-1]
    expected = game_script.run_cpython(game, 3, levels)
    got, _ = game_script.run_vm(game, 3, levels, heap=BIG_HEAP, timeout=GAME_TIMEOUT)
    assert got == expected


@pytest.mark.parametrize("game", IDS)
def test_save_restore_round_trip_in_vm(game):
    need_module(game)
    src = game_script.roundtrip_script(game, seed=11, every=7)
    expected = game_script.parse_result(
        game_script.run_cpython_script(src, game_script.ROUNDTRIP_FINISH))
    out, _ = mpvm.run(src, heap=BIG_HEAP, steps="step", imports=game_script.game_imports(game),
                      finish=game_script.ROUNDTRIP_FINISH, timeout=GAME_TIMEOUT)
    got = game_script.parse_result(out)
    assert got["checks"] >= 2
    assert got == expected


# --- nothing the engine uses is missing from the VM -----------------------

def engine_files():
    return sorted(os.path.relpath(p, ROOT)
                  for p in glob.glob(os.path.join(ROOT, "engine", "**", "*.py"), recursive=True))


def test_vm_has_everything_the_engine_uses():
    # the same scan as the CircuitPython suite's (tests/cp_suite.py), engine only
    uses = cp_suite.device_uses(engine_files())
    assert "len" in uses["builtins"]                   # the scan sees the code
    modules = [mpvm.module_name(p) for p in engine_files()]
    out, _ = mpvm.run(cp_suite.check_uses_script(uses, modules), heap=BIG_HEAP)
    missing = cp_suite.parse_missing(out)
    assert missing == [], "the engine uses what MicroPython lacks: %s" % missing


def test_uses_check_catches_a_missing_method():
    uses = {"imports": ["itertools"], "from_names": [], "mod_attrs": [["random", "shuffle"]],
            "builtins": [], "methods": {"ljust": ["str"], "bit_length": ["int"]}}
    out, _ = mpvm.run(cp_suite.check_uses_script(uses), heap=BIG_HEAP, dirs=())
    missing = cp_suite.parse_missing(out)
    assert "str.ljust" in missing and "int.bit_length" in missing
    assert "random.shuffle" in missing


# --- tests/vm/*.py: scripts from other parts of the project ----------------

VM_SCRIPTS = sorted(glob.glob(os.path.join(ROOT, "tests", "vm", "*.py")))
VM_DIRS = ("engine", "ui", "lib/hal")


@pytest.mark.parametrize("path", VM_SCRIPTS, ids=[os.path.basename(p) for p in VM_SCRIPTS])
def test_vm_script(path):
    """Runs in the VM with engine/, ui/ and lib/hal/ mounted. A first-lines
    comment ``# mpvm: heap=65536`` sets the heap (default 512 KB)."""
    src = open(path, encoding="utf-8").read()
    m = re.search(r"#\s*mpvm:\s*heap\s*=\s*(\d+)", src[:2000])
    heap = int(m.group(1)) if m else BIG_HEAP
    out, _ = mpvm.run(src, heap=heap, dirs=VM_DIRS)
    lines = [x for x in out.splitlines() if x.strip()]
    assert lines and lines[-1].strip() == "VM OK", out[-3000:]
