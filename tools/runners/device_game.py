"""A whole game as a player has it on the handheld, as one script that runs
unchanged in CircuitPython's interpreter and on CPython (dev-side only).

The UI logic drives it: the title screen, a quick start into the table, seat 0
a human pressing keys (mostly A, now and then RIGHT to move the cursor), the
other seats bots of the given level, and a real save folder that the table
autosaves into after every decision and trick. The script prints one line
``RESULT {json}``: the final scores, winners, the number of actions and
key presses, a checksum of the whole action list (so CircuitPython and CPython
can be compared move for move), and, where the interpreter has ``gc.mem_alloc``,
the largest live heap seen after a collection between key presses.

    from tools.runners import circuitpy, device_game
    out = circuitpy.run(device_game.script("nommie", 3), heap=96 * 1024,
                        tree=circuitpy.stage("mpy"))
    result = device_game.parse(out)
"""
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

SCRIPT = """
import gc
import os
from hal import keys as K
from ui.app import App
from ui.driver import Driver
from ui.saves import Store
import ui.screens.common

GAME = %(game)r
MEMINFO = %(meminfo)r
if MEMINFO:
    import micropython
LEVEL = %(level)d
SEED = %(seed)d
SAVES = WORK + "/saves"
try:
    os.mkdir(SAVES)
except OSError:
    pass
app = App(160, 128, Store(SAVES, True))
app.settings["bot_level"] = LEVEL
app.settings["tips"] = %(tips)r
app.start()
ui.screens.common.quick_start(app, GAME, SEED)
d = Driver(app)
try:
    alloc = gc.mem_alloc
except AttributeError:
    alloc = None
keys = 0
live = 0
d.settle()
while type(app.top()).__name__ != "GameOver" and keys < %(limit)d:
    # as code.py's loop on a board: the key, then the timed work it starts
    # (with tips: a first game's tip over each phase's first decision, which
    # the next key closes)
    app.key(K.RIGHT if keys %% 7 == 3 else K.A)
    d.settle()
    keys += 1
    if alloc is not None and keys %% %(sample)d == 0:
        gc.collect()
        live = max(live, alloc())
        if MEMINFO:
            micropython.mem_info()
st = app.stack[0].state()
check = 0
for c in st.log:
    check = (check * 31 + c) %% 16777213
v = st.view(None)
import json
print("RESULT " + json.dumps({"game": GAME, "over": st.is_over(), "scores": v["scores"],
                              "winners": st.winners(), "actions": len(st.log), "keys": keys,
                              "checksum": check, "live": live}))
"""


def script(game, level=3, seed=7, limit=6000, sample=1, meminfo=False, tips=False):
    """The game script: seat 0 human, the others bots of ``level``; the live
    heap is read after a collection every ``sample`` key presses (with
    ``meminfo``, CircuitPython's micropython.mem_info() is printed there too:
    see heap_samples). ``tips``: a first game's, one per phase (else a player
    who has finished a game of this kind: none)."""
    return SCRIPT % {"game": game, "level": int(level), "seed": int(seed), "limit": int(limit),
                     "sample": max(1, int(sample)), "meminfo": bool(meminfo),
                     "tips": bool(tips)}


def heap_samples(output):
    """[(used, free, largest used block, largest free block)] in bytes, one
    per mem_info() the script printed (CircuitPython's heap blocks are 16 bytes)."""
    out = []
    used = free = None
    for line in output.splitlines():
        line = line.strip()
        if line.startswith("GC: total:"):
            parts = dict(p.strip().split(": ") for p in line[4:].split(","))
            used, free = int(parts["used"]), int(parts["free"])
        elif line.startswith("No. of 1-blocks") and used is not None:
            parts = dict(p.strip().rsplit(": ", 1) for p in line.split(","))
            out.append((used, free, int(parts["max blk sz"]) * 16, int(parts["max free sz"]) * 16))
            used = None
    return out


def parse(output):
    """The RESULT dict of a script's output (ValueError when it has none)."""
    for line in reversed(output.splitlines()):
        if line.startswith("RESULT "):
            return json.loads(line[len("RESULT "):])
    raise ValueError("no RESULT line in:\n" + output[-2000:])


def run_cpython(game, level=3, seed=7):
    """The same game on CPython (the desktop's interpreter), as a RESULT dict."""
    work = tempfile.mkdtemp(prefix="device-game-")
    code = ("import sys\nsys.path[:0] = [%r, %r]\nWORK = %r\n"
            % (ROOT, os.path.join(ROOT, "lib"), work)
            + script(game, level, seed))
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=work, timeout=900)
    if proc.returncode != 0:
        raise RuntimeError(proc.stdout + proc.stderr)
    return parse(proc.stdout)
