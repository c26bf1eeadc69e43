"""A full bot game as a script that runs unchanged in the MicroPython VM and
on CPython, so the two results can be compared, move for move (test_micropython_vm,
test_circuitpython, test_saves_vm).

The script defines ``step()``: one call per phase of a decision, returning
None when the game is over. With ``split`` the decision is cut in three calls
(prepare the view, bot choose, apply) so the runner can time the bot alone
and read the live heap right before and after it; otherwise one call does it
all. Step values: PREPARE, CHOOSE (a real decision), FORCED (one legal
action), IMPORTED (the bot imported a module: a one-off compile, left out
of the timings), APPLY, or WHOLE when not split. ``FINISH`` prints one line ``RESULT {json}``.
"""
import contextlib
import io
import json
import os
import sys

from tools.runners import mpvm

PREPARE, CHOOSE, APPLY, WHOLE, FORCED, IMPORTED = -1, -2, -3, -4, -5, -6

SCRIPT = """
import sys
from engine import games, bots
GAME = %(game)r
SEED = %(seed)d
LEVELS = %(levels)r
SPLIT = %(split)r
st = games.new_game(GAME, seed=SEED)
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
        forced = len(_legal) == 1
        loaded = len(sys.modules)
        _act = bots.choose(_view, _legal, LEVELS[seat %% len(LEVELS)], SEED * 10 + seat)
        _view = None
        _legal = None
        _phase = 2
        if SPLIT:
            if len(sys.modules) != loaded:
                return -6
            return -5 if forced else -2
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
    if os.path.exists(os.path.join(root, "engine", "bots", "%s.py" % game)):
        mods.append("engine.bots." + game)
    return mods


def parse_result(stdout):
    """The dict printed by FINISH (the last RESULT line)."""
    for line in reversed(stdout.splitlines()):
        if line.startswith("RESULT "):
            return json.loads(line[len("RESULT "):])
    raise ValueError("no RESULT line in:\n" + stdout[-2000:])


def run_cpython_script(source, finish=FINISH, call="step", max_calls=100000):
    """Run a VM-style script on CPython: the script, ``call()`` until it
    returns None, then ``finish``; returns what it printed."""
    if mpvm.ROOT not in sys.path:
        sys.path.insert(0, mpvm.ROOT)
    env = {"__name__": "__vmscript__"}
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        exec(compile(source, "<vm script>", "exec"), env)
        if call:
            for _ in range(max_calls):
                if env[call]() is None:
                    break
            else:
                raise RuntimeError("%s() still running after %d calls" % (call, max_calls))
        if finish:
            exec(compile(finish, "<vm finish>", "exec"), env)
    return buf.getvalue()


def run_cpython(game, seed=7, levels=(1,)):
    """The same game script on CPython: returns the parsed RESULT."""
    return parse_result(run_cpython_script(script(game, seed, levels)))


def run_vm(game, seed=7, levels=(1,), heap=256 * 1024, split=False, check=True, budget_ms=None,
           timeout=900):
    """The script in the VM with only this game's modules loaded: (RESULT, stats).
    With ``budget_ms`` the game may stop unfinished (stats["truncated"]); node
    is killed after ``timeout`` seconds (mpvm.VMError)."""
    out, stats = mpvm.run(script(game, seed, levels, split), heap=heap, dirs=("engine",),
                          steps="step", imports=game_imports(game), finish=FINISH, check=check,
                          budget_ms=budget_ms, timeout=timeout)
    result = parse_result(out) if not (stats and stats.get("error")) else None
    return result, stats


ROUNDTRIP = """
import json
from engine import games, bots
GAME = %(game)r
SEED = %(seed)d
EVERY = %(every)d
st = games.new_game(GAME, seed=SEED)
_n = 0
_checks = 0


def step():
    # every EVERY actions: save, go through JSON text, restore, check the
    # restored state is the same and carry on playing with the restored one
    global st, _n, _checks
    if _n %% EVERY == 0:
        saved = json.loads(json.dumps(st.save()))
        back = games.restore(saved)
        if back.view(None) != st.view(None) or back.legal_actions() != st.legal_actions():
            raise AssertionError("restore(save()) differs after %%d actions" %% _n)
        if back.save() != saved:
            raise AssertionError("save() of the restored state differs after %%d actions" %% _n)
        st = back
        _checks += 1
    if st.is_over():
        return None
    seat = st.to_act()
    st.apply(bots.choose(st.view(seat), st.legal_actions(), 1, SEED + _n))
    _n += 1
    return _n
"""

ROUNDTRIP_FINISH = """
_v = st.view(None)
print("RESULT " + json.dumps({"scores": _v["scores"], "winners": st.winners(),
                              "actions": _n, "checks": _checks}))
"""


def roundtrip_script(game, seed=11, every=25):
    return ROUNDTRIP % {"game": game, "seed": int(seed), "every": int(every)}
