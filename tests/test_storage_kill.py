"""The real filesystem: a process autosaving a Nommie game after every action
(appending to the journal, now and then an undo or a seat change) is killed
(SIGKILL) at random moments; every restart resumes a good game and loses at
most the action that was being saved."""
import os
import random
import signal
import subprocess
import sys
import threading
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLAYER = r"""
import sys
sys.path.insert(0, %(root)r)
from engine import games
from ui import saves
store = saves.Store(%(dir)r, True)
rec, st = store.load_game()
assert store.notice is None, store.notice
st = st if rec else games.new_game("nommie", seed=3)
seats = rec["seats"] if rec else ["human", "bot", "bot", "bot"]
undone = []
print(len(st.log), flush=True)
while not st.is_over():
    st.apply(st.legal_actions()[len(st.log) %% len(st.legal_actions())])
    if len(st.log) %% 97 == 0:  # now and then a seat changes hands: a record of its own
        seats = ["human", "bot", "bot", "bot"] if len(st.log) %% 2 else ["bot"] * 4
    assert store.save_game({"save": st.save(False), "log": st.log, "seats": seats,
                            "levels": [0, 1, 1, 1], "names": ["You", "A", "B", "C"]}) is None
    if len(st.log) %% 50 == 0 and len(st.log) not in undone:  # and an undo, saved as a
        undone.append(len(st.log))                            # record that cuts the log
        st.rewind(3)
        assert store.save_game({"save": st.save(False), "log": st.log, "seats": seats,
                                "levels": [0, 1, 1, 1], "names": ["You", "A", "B", "C"]}) is None
        st.apply(st.legal_actions()[0])
print("over", flush=True)
"""


def first_line(p, timeout=60):
    """The process's first output line; it is killed and the test fails when
    none comes within timeout seconds."""
    timer = threading.Timer(timeout, p.kill)
    timer.start()
    try:
        line = p.stdout.readline()
    finally:
        timer.cancel()
    if not line:
        p.kill()
        p.wait(timeout=10)
        pytest.fail("the player printed nothing in %d s (exit %s)" % (timeout, p.returncode))
    return line


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
def test_killed_at_random_moments_the_game_always_resumes(tmp_path):
    rng = random.Random(8)
    src = PLAYER % {"root": ROOT, "dir": str(tmp_path)}
    progress = []
    for attempt in range(25):
        p = subprocess.Popen([sys.executable, "-c", src], stdout=subprocess.PIPE, text=True)
        progress.append(int(first_line(p)))
        time.sleep(rng.uniform(0.0, 0.12))
        p.send_signal(signal.SIGKILL)
        out = p.communicate(timeout=30)[0]
        assert p.returncode in (0, -signal.SIGKILL), out
    # a restart never went back, but for an undo (3 actions) that was saved
    assert all(b >= a - 3 for a, b in zip(progress, progress[1:])), progress
    assert progress[-1] > progress[0] + 20
    last = subprocess.run([sys.executable, "-c", src], capture_output=True, text=True, timeout=120)
    assert last.returncode == 0, last.stderr[-2000:]
    assert int(last.stdout.split()[0]) >= progress[-1] and "over" in last.stdout
