"""The real filesystem: a process autosaving a Nommie game after every action
is killed (SIGKILL) at random moments; every restart resumes a good game and
loses at most the action that was being saved."""
import os
import random
import signal
import subprocess
import sys
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLAYER = r"""
import sys
sys.path.insert(0, %(root)r)
from engine import games
from ui import saves
store = saves.Store(%(dir)r, True)
rec = store.load_game()
assert store.notice is None, store.notice
st = store.state if rec else games.load("nommie").new_game(seed=3)
print(len(st.actions()), flush=True)
while not st.is_over():
    st.apply(st.legal_actions()[len(st.actions()) %% len(st.legal_actions())])
    assert store.save_game({"save": st.save(), "seats": ["human", "bot", "bot", "bot"],
                            "levels": [0, 1, 1, 1], "names": ["You", "A", "B", "C"]}) is None
print("over", flush=True)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
def test_killed_at_random_moments_the_game_always_resumes(tmp_path):
    rng = random.Random(8)
    src = PLAYER % {"root": ROOT, "dir": str(tmp_path)}
    progress = []
    for attempt in range(25):
        p = subprocess.Popen([sys.executable, "-c", src], stdout=subprocess.PIPE, text=True)
        progress.append(int(p.stdout.readline()))
        time.sleep(rng.uniform(0.0, 0.12))
        p.send_signal(signal.SIGKILL)
        out = p.communicate()[0]
        assert p.returncode in (0, -signal.SIGKILL), out
    assert progress == sorted(progress), progress  # a restart never went back
    assert progress[-1] > progress[0] + 20
    last = subprocess.run([sys.executable, "-c", src], capture_output=True, text=True, timeout=120)
    assert last.returncode == 0, last.stderr[-2000:]
    assert int(last.stdout.split()[0]) >= progress[-1] and "over" in last.stdout
