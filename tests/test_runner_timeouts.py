"""No test waits forever on another process: the runners' timeouts kill what
they started and fail at once, whether it is busy or asleep (tools/runners/mpvm.py's
node, tools/runners/circuitpy.py's CircuitPython); pytest.ini's timeout fails any
test still running after 15 minutes."""
import configparser
import os
import subprocess
import sys
import time

import pytest

from tools.runners import circuitpy, mpvm

ROOT = mpvm.ROOT
FAST = 30          # seconds: a 2 s timeout must have failed well within this


def test_a_vm_script_that_never_ends_is_killed_and_fails():
    t0 = time.monotonic()
    with pytest.raises(mpvm.VMError) as e:
        mpvm.run("while True:\n    pass\n", timeout=2)
    assert e.value.kind == "Timeout" and "killed" in e.value.message
    assert time.monotonic() - t0 < FAST


def test_a_node_runner_asleep_is_killed_and_fails(tmp_path, monkeypatch):
    asleep = tmp_path / "asleep.mjs"            # node waiting on a timer that never fires
    asleep.write_text("setInterval(() => {}, 1 << 30);\n")
    monkeypatch.setattr(mpvm, "RUNNER", str(asleep))
    t0 = time.monotonic()
    with pytest.raises(mpvm.VMError) as e:
        mpvm.run("print('never')", timeout=2)
    assert e.value.kind == "Timeout"
    assert time.monotonic() - t0 < FAST


@pytest.mark.skipif(circuitpy.available() is not None,
                    reason=circuitpy.available() or "CircuitPython is here")
def test_a_circuitpython_script_that_never_ends_is_killed_and_fails():
    t0 = time.monotonic()
    with pytest.raises(subprocess.TimeoutExpired):
        circuitpy.run("while True:\n    pass\n", heap=64 * 1024, timeout=2)
    assert time.monotonic() - t0 < FAST


def test_every_test_has_a_time_limit_that_fails_it():
    ini = configparser.ConfigParser()
    ini.read(os.path.join(ROOT, "pytest.ini"))
    assert ini["pytest"]["timeout_method"] == "signal"     # the test fails, the run goes on
    assert 0 < int(ini["pytest"]["timeout"]) <= 900


def test_a_stuck_test_fails_at_its_time_limit_and_the_run_goes_on(tmp_path):
    (tmp_path / "pytest.ini").write_text("[pytest]\ntimeout = 2\ntimeout_method = signal\n")
    (tmp_path / "test_stuck.py").write_text(
        "import time\n\n\ndef test_stuck():\n    time.sleep(600)\n\n\n"
        "def test_after():\n    pass\n")
    t0 = time.monotonic()
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                        str(tmp_path)], cwd=str(tmp_path), capture_output=True, text=True,
                       timeout=120)
    out = r.stdout + r.stderr
    assert r.returncode == 1, out
    assert "Timeout (>2.0s" in out and "1 failed, 1 passed" in out, out
    assert time.monotonic() - t0 < FAST
