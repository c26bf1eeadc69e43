"""A full bot game as a script that runs unchanged in the MicroPython VM and
on CPython, so the two results can be compared (tests) and measured (bench).

The script defines ``step()``: one call per phase of a decision, returning
None when the game is over. With ``split`` the decision is cut in three calls
(prepare the view, bot choose, apply) so the runner can time the bot alone
and read the live heap right before and after it; otherwise one call does it
all. ``FINISH`` prints one line ``RESULT {json}``.
"""
import contextlib
import io
import json
import os
import sys

from tools import mpvm

PREPARE, CHOOSE, APPLY, WHOLE = -1, -2, -3, -4

SCRIPT = """
from engine import games, bots
GAME = %(game)r
SEED = %(seed)d
LEVELS = %(levels)r
SPLIT = %(split)r
mod = games.load(GAME)
st = mod.new_game(seed=SEED)
_n = 0
_phase = 0
_view = None
_legal = None
_act = None


def step():
    global _n, _phase, _view, _legal, _act
    if _phase == 0:
        if st.is_over():
            return None
        seat = st.to_act()
        _view = st.view(seat)
        _legal = st.legal_actions()
        _phase = 1
        if SPLIT:
            return -1
    if _phase == 1:
        seat = _view["to_act"]
        _act = bots.choose(_view, _legal, LEVELS[seat %% len(LEVELS)], SEED * 10 + seat)
        _view = None
        _legal = None
        _phase = 2
        if SPLIT:
            return -2
    st.apply(_act)
    _act = None
    _n += 1
    _phase = 0
    return -3 if SPLIT else -4
"""

FINISH = """
import json
_v = st.view(None)
print("RESULT " + json.dumps({"scores": _v["scores"], "winners": st.winners(),
                              "actions": _n, "over": st.is_over(), "rounds": _v["round"]}))
"""


def script(game, seed=7, levels=(1,), split=False):
    """The game-driver source: ``levels`` per seat (cycled), bots seeded from ``seed``."""
    return SCRIPT % {"game": game, "seed": int(seed), "levels": tuple(int(x) for x in levels),
                     "split": bool(split)}


def game_imports(game, root=mpvm.ROOT):
    """Engine modules a game needs, so the runner imports them one per call."""
    mods = ["engine.games", "engine.bots", "engine." + game]
    if os.path.exists(os.path.join(root, "engine", "bot_%s.py" % game)):
        mods.append("engine.bot_" + game)
    return mods


def parse_result(stdout):
    """The dict printed by FINISH (the last RESULT line)."""
    for line in reversed(stdout.splitlines()):
        if line.startswith("RESULT "):
            return json.loads(line[len("RESULT "):])
    raise ValueError("no RESULT line in:\n" + stdout[-2000:])


def run_cpython(game, seed=7, levels=(1,), max_calls=100000):
    """The same script on CPython: returns the parsed RESULT."""
    if mpvm.ROOT not in sys.path:
        sys.path.insert(0, mpvm.ROOT)
    env = {"__name__": "__vmgame__"}
    exec(compile(script(game, seed, levels), "<game %s>" % game, "exec"), env)
    for _ in range(max_calls):
        if env["step"]() is None:
            break
    else:
        raise RuntimeError("game %s did not end in %d steps" % (game, max_calls))
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        exec(FINISH, env)
    return parse_result(buf.getvalue())


def run_vm(game, seed=7, levels=(1,), heap=256 * 1024, split=False, check=True):
    """The script in the VM with only this game's modules loaded: (RESULT, stats)."""
    out, stats = mpvm.run(script(game, seed, levels, split), heap=heap, dirs=("engine",),
                          steps="step", imports=game_imports(game), finish=FINISH, check=check)
    result = parse_result(out) if not (stats and stats.get("error")) else None
    return result, stats
