"""Memory running out in CircuitPython itself (its 32-bit unix port, not
provided with the project: $POCKET_TRICKS_CIRCUITPYTHON names it; without it
these tests skip and say so): code.py runs the text console on heaps too
small for a whole Call Break game, a typist answering every prompt with a
move from the console's own "Moves:" line. Every run ends in sentences, never
a traceback; the game is never set aside for want of memory (it is counted
or still saved); and after "Out of memory" the app starts again (back into
the saved game where the heap can load it, else at the menu saying the
memory ran out, the save kept) or stops saying so. The unix port has no supervisor: the
restart goes round in the same process, and the script drops the run's
modules first, as a board's reload does."""
import os
import re

import pytest

from tools.runners import circuitpy

WHY = circuitpy.available()
pytestmark = pytest.mark.skipif(WHY is not None, reason=WHY or "")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEAPS = range(96 * 1024, 136 * 1024, 4 * 1024)

SCRIPT = """
import gc
BEFORE = list(sys.modules)
from hal import text
from hal.base import Board
text.default_save_dir = lambda: WORK + "/saves"
real_restart = Board.restart

def restart(self, why, again):
    go = real_restart(self, why, again)
    for name in list(sys.modules):       # as a board's reload: the run's modules go
        if name not in BEFORE and name not in ("hal", "hal.text", "hal.base", "hal.keys"):
            del sys.modules[name]
    gc.collect()
    return go

Board.restart = restart
LINES = ["4", "h 1 1 1", "", "5"]          # Call Break, three level-1 bots, deal 5
seen = {"moves": None, "n": 0}
real_write = text._print_text

def write(s):
    if s.startswith("Moves:"):
        seen["moves"] = s[6:].split()
    real_write(s)

def typed(prompt):
    seen["n"] += 1
    if seen["n"] > 3000 or prompt == "Game> " and not LINES:
        return None
    if LINES:
        return LINES.pop(0)
    toks = seen["moves"]
    if prompt.startswith("Pass to ") or not toks or not prompt.endswith("> "):
        return ""
    items = []
    i = 0
    while i < len(toks):
        if toks[i] in ("call", "bid", "trump") and i + 1 < len(toks):
            items.append(toks[i] + " " + toks[i + 1])
            i += 2
        else:
            items.append(toks[i])
            i += 1
    seen["moves"] = None
    return items[(seen["n"] * 7) % len(items)]

text._print_text = write
text._input_line = typed
try:
    exec(open(WORK + "/code.py").read())
except SystemExit as e:
    print("EXIT", e.args)
import os
print("FILES", sorted(os.listdir(WORK + "/saves")))
"""


def run(heap):
    code = open(os.path.join(ROOT, "code.py"), encoding="utf-8").read()
    return circuitpy.run(SCRIPT, heap=heap, check=False, timeout=120, files={"code.py": code})


def test_small_heaps_end_in_sentences_and_lose_no_game():
    restarts = 0
    for heap in HEAPS:
        out = run(heap)
        where = "heap %d:\n%s" % (heap, out[-1500:])
        assert "Traceback" not in out and "Error" not in out, where
        runs = out.split("Out of memory: restarting from the last save.")
        for after in runs[1:]:
            assert after.lstrip().startswith("Pocket Tricks") or \
                after.lstrip().startswith("Out of memory again."), where
            restarts += 1
        if "Out of memory again." in out:
            assert "EXIT (1,)" in out, where         # stopped, saying so
        files = re.search(r"FILES \[(.*)\]", out).group(1)
        assert "bad" not in files, where                       # never set aside
        if "Call Break, deal #5." in out:          # (a game began: it is saved or counted)
            assert "game.log" in files or "stats.json" in files, where
    assert restarts, "no heap ran out of memory: the heaps tried are too large"
