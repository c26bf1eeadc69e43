"""tools/bench/cp_timing.py: bot decision times measured in CircuitPython's own
binary are positive and ordered; the board estimate's arithmetic; the
instruction count of a few decisions under callgrind (when valgrind is here)."""
import shutil

import pytest

from tools.runners import circuitpy
from tools.bench import cp_timing

MISSING = circuitpy.available()
needs_cp = pytest.mark.skipif(MISSING is not None, reason=str(MISSING))


@needs_cp
def test_one_short_game_gives_positive_ordered_figures():
    t = cp_timing.decision_times("callbreak", 1, games=1, blocks=2)
    assert t["decisions"] > 20 and t["forced"] > 0
    assert 0 < t["p50_ms"] <= t["p95_ms"] <= t["max_ms"]
    assert t["p50_ms"] <= t["mean_ms"] * 5
    lo, hi = t["p95_spread_ms"]
    assert 0 < lo <= hi
    # the actions of game 1 (every decision, forced ones too) for the callgrind replay
    assert len(t["_actions"]) == t["decisions"] + t["forced"]
    assert "engine.bots.callbreak" in t["_modules"]


@needs_cp
@pytest.mark.skipif(not shutil.which("valgrind"), reason="valgrind is not installed")
def test_instructions_per_decision_from_callgrind():
    t = cp_timing.decision_times("callbreak", 1, games=1, blocks=1)
    n = cp_timing.count_instructions("callbreak", 1, t["_actions"], t["_modules"], limit=5)
    assert n["decisions"] == 5
    assert n["instructions_bots"] > n["instructions_replay"] > 0
    assert n["instructions_per_decision"] > 1000


def test_board_estimate_arithmetic():
    timing = {"p50_ms": 1.0, "p95_ms": 2.0, "max_ms": 4.0, "mean_ms": 1.5}
    instr = {"decisions": 10, "instructions_per_decision": 3e6}
    b = cp_timing.board_estimate(timing, instr, native_ms_of_prefix=1.5)
    assert b["x86_instructions_per_ms"] == 2e6
    # p50: 2e6 x86 instructions; fast end 1.0 x 2e6 / (120e6 x 0.8) s,
    # slow end 1.3 x 2e6 / (120e6 x 0.5)
    assert b["p50_ms"][0] == pytest.approx(2e6 / 96e6 * 1000)
    assert b["p50_ms"][1] == pytest.approx(1.3 * 2e6 / 60e6 * 1000)
    for key in ("p50_ms", "p95_ms", "max_ms", "mean_ms"):
        assert 0 < b[key][0] < b[key][1]
    assert b["p50_ms"][0] < b["p95_ms"][0] < b["max_ms"][0]
    assert b["calibrated_ms"]["p50_ms"] == pytest.approx(2e6 / cp_timing.BOARD_X86_RATE * 1000)
    assert cp_timing.board_estimate(timing, None, 1.0) is None


def test_parse_timing_lines():
    out = ("T 0 1 3 100 -1 250\nT 1 1 3 90 80 260\nA 1 5 6 7 8 9 10\n"
           "M engine.bots engine.rng\nDONE 3\n")
    times, forced, actions, mods = cp_timing.parse_timing(out)
    assert times == {(0, 1): [100, -1, 250], (1, 1): [90, 80, 260]}
    assert forced == {1: 3} and actions == {1: [5, 6, 7, 8, 9, 10]}
    assert mods == ["engine.bots", "engine.rng"]
    assert cp_timing.percentile([1, 2, 3, 4], 50) == 2.5 and cp_timing.median([5]) == 5


def test_figures_say_why_when_circuitpython_is_missing(monkeypatch):
    monkeypatch.setattr(circuitpy, "available", lambda: "no CircuitPython here")
    d = cp_timing.figures(games=["callbreak"])
    assert d["available"] == "no CircuitPython here" and d["games"] == []
    import io
    buf = io.StringIO()
    cp_timing.print_tables(d, buf)
    assert "no CircuitPython here" in buf.getvalue()
