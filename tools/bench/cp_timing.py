"""Bot decision time on CircuitPython's own interpreter, and what it means on
a 120 MHz SAMD51 (PyBadge). Dev-side only.

    python -m tools.bench.cp_timing [--game nommie] [--levels 3 0 1 2] [--blocks 3]
                              [--games 1] [--min-decisions 150] [--instructions 40]
                              [--json out.json]

    from tools.bench import cp_timing
    data = cp_timing.figures(games=["callbreak"], levels=(3, 0, 1, 2))   # plain data

Timing: tools/runners/circuitpy.py runs a script in CircuitPython's 32-bit unix
binary (not provided with the project: $POCKET_TRICKS_CIRCUITPYTHON), loading
the same .mpy files a board loads (``stage("mpy")``), with a board-sized heap
(96 KB: its collector runs during the game as on a board). Every seat is a
bot of one level; each decision with more than one legal action is timed
around ``engine.bots.choose`` alone with ``time.ticks_us`` (this binary's
``time`` has no monotonic; ticks_cpu is always 0). Forced
decisions (one legal action) never call the bot. The same games (same seeds,
so the very same decisions) are played ``blocks`` times; each decision's time
is the median of its blocks, so a busy machine distorting one block does not
distort the figures; decisions that imported a bot module are left out (a
one-off load). A whole game per game id and level, more games (seeds 1..N)
when one gives fewer than 150 real decisions (Linger Longer). Per game and
level: p50, p95 and max milliseconds over the decisions, and the
block-to-block spread of p95.

Board estimate (level 3): instructions, not seconds. valgrind's callgrind
counts the instructions the binary executes in two runs of the same game
prefix: one calling the bot at every real decision, one replaying the actions
it chose without calling it (the views and legal actions are still built and
the same modules imported, so only the bot's work differs). The difference
over the number of decisions is the mean x86 instructions per decision; the
p50/p95/max follow from the timing distribution at the same instructions per
millisecond. Board time = instructions x R / (120e6 x IPC) with R, the
Thumb-2/x86 instruction count ratio for the same C code, taken as 1.0-1.3
(Thumb-2 is load/store: more, simpler instructions; the i386 build spills
more with 8 registers), and IPC, instructions per cycle of a Cortex-M4 running
the interpreter from flash through the SAMD51's cache, 0.5-0.8. The result
is a range, and an estimate: no board was measured. A second figure divides
the same instructions by a real SAMD51's rate, calibrated with pystone (see
BOARD_X86_RATE).

``figures(...)`` returns::

    {"available": None or the sentence saying how to get CircuitPython,
     "heap": 98304, "blocks": 3,
     "games": [{"game": "nommie",
                "levels": [{"level": 3, "decisions": 612, "forced": 200, "games": 1,
                            "p50_ms": .., "p95_ms": .., "max_ms": .., "mean_ms": ..,
                            "p95_spread_ms": [lo, hi]}, ...],
                "board": {"decisions": 40, "instructions_per_decision": ..,
                          "p50_ms": [lo, hi], "p95_ms": [lo, hi], "max_ms": [lo, hi],
                          "mean_ms": [lo, hi], "x86_instructions_per_ms": ..,
                          "calibrated_ms": {"p50_ms": .., "p95_ms": .., ...}} or None},
               ...],
     "assumptions": {"mhz": 120, "ipc": [0.5, 0.8], "thumb_per_x86": [1.0, 1.3]}}
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from engine.catalog import ids as game_ids
from tools.runners import circuitpy

KB = 1024
HEAP = 96 * KB
BLOCKS = 3
MHZ = 120
IPC = (0.5, 0.8)              # Cortex-M4 from flash through the SAMD51 cache: low, high
THUMB_PER_X86 = (1.0, 1.3)    # Thumb-2 instructions per i386 instruction, same C code
MIN_DECISIONS = 150           # fewer real decisions in one game: play more games
MAX_GAMES = 12
INSTR_DECISIONS = 40          # real decisions counted under callgrind per game (level 3)
# Cross-check of IPC x ratio against a real SAMD51: a Metro M4 Express (SAMD51
# at 120 MHz, the PyBadge's chip) runs pystone at 1521.6 passes/s in
# CircuitPython (adafruit/circuitpython, 2019 commit "supervisor: ... tick",
# pystone 1.2 at 5000 passes); one pystone pass takes 55,715 instructions in
# this 32-bit binary (callgrind, 5000 passes minus 0, measured once by hand:
# pystone is not in the repository). So a board retires about 84.8 million
# "x86-binary instructions" per second: instructions / BOARD_X86_RATE is a
# second estimate (CircuitPython 5 then, 10 here: a cross-check, not a law).
METRO_M4_PYSTONES = 1521.6
X86_INSTR_PER_PYSTONE = 55715
BOARD_X86_RATE = METRO_M4_PYSTONES * X86_INSTR_PER_PYSTONE

# Plays `GAMES` games (seeds 1..) BLOCKS times over, all seats bots of LEVEL.
# MODE "time": print per game the microseconds of every real decision (-1 when
#   it imported a module) and the actions taken.
# MODE "bots"/"replay" (callgrind): the first LIMIT real decisions of game 1,
#   calling the bot or replaying ACTIONS (read from actions.json beside the
#   script in both, so both do the same work but for the bot).
SCRIPT = """
import sys
import time
import json
from engine import games, bots
GAME = %(game)r
LEVEL = %(level)d
GAMES = %(games)d
BLOCKS = %(blocks)d
MODE = %(mode)r
LIMIT = %(limit)d
with open(WORK + "/actions.json") as f:
    ACTIONS = json.load(f)
for name in ACTIONS["modules"]:
    __import__(name)
ACTIONS = ACTIONS["actions"]
ticks = time.ticks_us
diff = time.ticks_diff
# one block each for a game's decision times and actions, taken while the
# heap is whole (a list growing to a game's length late in a run needs a
# 4 KB block the fragmented heap may not have)
CAP = 1200
times = [0] * CAP
acts = [0] * CAP
for block in range(BLOCKS):
    for seed in range(1, GAMES + 1):
        st = games.new_game(GAME, seed=seed)
        k = j = 0   # actions taken; decisions with a choice (times)
        forced = 0
        while not st.is_over():
            seat = st.to_act()
            view = st.view(seat)
            legal = st.legal_actions()
            if len(legal) == 1:
                a = legal[0]
                forced += 1
            elif MODE == "time":
                n = len(sys.modules)
                t0 = ticks()
                a = bots.choose(view, legal, LEVEL, seed * 10 + seat)
                t = diff(ticks(), t0)
                times[j] = t if len(sys.modules) == n else -1
                j += 1
            elif MODE == "bots":
                a = bots.choose(view, legal, LEVEL, seed * 10 + seat)
                if a != ACTIONS[k]:
                    raise AssertionError("bot chose %%d, timing run chose %%d" %% (a, ACTIONS[k]))
                times[j] = 0
                j += 1
            else:
                a = ACTIONS[k]
                times[j] = 0
                j += 1
            view = None
            legal = None
            st.apply(a)
            acts[k] = a
            k += 1
            if MODE != "time" and j >= LIMIT:
                break
        DONE = j
        if MODE == "time":
            # one number at a time: a joined line would need a big block of a small heap
            print("T %%d %%d %%d" %% (block, seed, forced), end="")
            for i in range(j):
                print("", times[i], end="")
            print()
            if block == 0:
                print("A %%d" %% seed, end="")
                for i in range(k):
                    print("", acts[i], end="")
                print()
mods = [m for m in sys.modules if m.startswith("engine.")]
print("M " + " ".join(sorted(mods)))
print("DONE %%d" %% DONE)
"""


def script(game, level, games=1, blocks=BLOCKS, mode="time", limit=0):
    return SCRIPT % {"game": game, "level": int(level), "games": int(games),
                     "blocks": int(blocks), "mode": mode, "limit": int(limit)}


def percentile(values, p):
    if not values:
        return None
    s = sorted(values)
    k = (len(s) - 1) * p / 100.0
    i = int(k)
    return s[i] if i + 1 >= len(s) else s[i] + (s[i + 1] - s[i]) * (k - i)


def median(values):
    return percentile(values, 50)


def parse_timing(out):
    """{(block, seed): [us or -1 ...]}, {seed: forced}, {seed: [actions]}, [modules]."""
    times, forced, actions, mods = {}, {}, {}, []
    for line in out.splitlines():
        parts = line.split()
        if not parts:
            continue
        if parts[0] == "T":
            block, seed, nf = int(parts[1]), int(parts[2]), int(parts[3])
            times[(block, seed)] = [int(x) for x in parts[4:]]
            forced[seed] = nf
        elif parts[0] == "A":
            actions[int(parts[1])] = [int(x) for x in parts[2:]]
        elif parts[0] == "M":
            mods = parts[1:]
    return times, forced, actions, mods


def _run(game, level, games, blocks, mode, limit, heap, files, tree, wrapper=None):
    """Run the script in CircuitPython (optionally under a wrapper command)."""
    if wrapper is None:
        return circuitpy.run(script(game, level, games, blocks, mode, limit), heap=heap,
                             tree=tree, files=files), None
    # circuitpy.run has no wrapper: the same steps by hand (a scratch folder in the tree)
    work = tempfile.mkdtemp(prefix="run-", dir=tree)
    try:
        for name, text in files.items():
            with open(os.path.join(work, name), "w") as f:
                f.write(text)
        path = os.path.join(work, "main.py")
        with open(path, "w") as f:
            f.write(circuitpy.PREAMBLE + "WORK = %r\nsys.path.insert(0, WORK)\n" % work
                    + script(game, level, games, blocks, mode, limit))
        env = dict(os.environ, MICROPYPATH="")
        proc = subprocess.run(wrapper + [circuitpy.binary(), "-X", "heapsize=%d" % int(heap), path],
                              capture_output=True, text=True, cwd=tree, env=env, timeout=7200)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if proc.returncode != 0:
        raise circuitpy.CircuitPythonError(proc.returncode, proc.stdout + proc.stderr)
    return proc.stdout, proc.stderr


def decision_times(game, level, games=1, blocks=BLOCKS, heap=HEAP, tree=None, min_decisions=0):
    """Timing of one game and level on CircuitPython: dict of figures (ms).

    With min_decisions, a game too short to give that many real decisions
    is measured again with more games (seeds 1..N, at most MAX_GAMES).
    Also returns, under "_actions"/"_modules"/"_first_ms", what the callgrind
    runs replay and the per-decision times of game 1."""
    tree = tree or circuitpy.stage("mpy")
    t = _decision_times(game, level, games, blocks, heap, tree)
    if min_decisions and t["decisions"] < min_decisions and games < MAX_GAMES:
        per_game = max(1, t["decisions"] // games)
        more = min(MAX_GAMES, max(games + 1, -(-min_decisions // per_game)))
        t = _decision_times(game, level, more, blocks, heap, tree)
    return t


def _decision_times(game, level, games, blocks, heap, tree):
    files = {"actions.json": json.dumps({"modules": [], "actions": []})}
    out, _ = _run(game, level, games, blocks, "time", 0, heap, files, tree)
    times, forced, actions, mods = parse_timing(out)
    per_decision = []          # median over blocks of each decision's microseconds
    first = []                 # the same for game 1 in order (what callgrind counts)
    block_p95 = []
    for seed in range(1, games + 1):
        runs = [times[(b, seed)] for b in range(blocks)]
        n = len(runs[0])
        if any(len(r) != n for r in runs):
            raise RuntimeError("%s level %d seed %d: blocks made different decisions"
                               % (game, level, seed))
        for i in range(n):
            samples = [r[i] for r in runs if r[i] >= 0]
            if samples:
                per_decision.append(median(samples))
            if seed == 1:
                first.append(median(samples) / 1000.0 if samples else None)
    for b in range(blocks):
        vals = [t for seed in range(1, games + 1) for t in times[(b, seed)] if t >= 0]
        block_p95.append(percentile(vals, 95) / 1000.0 if vals else None)
    ms = [t / 1000.0 for t in per_decision]
    return {"game": game, "level": level, "games": games, "blocks": blocks, "heap": heap,
            "decisions": len(ms), "forced": sum(forced.values()),
            "p50_ms": percentile(ms, 50), "p95_ms": percentile(ms, 95),
            "max_ms": max(ms) if ms else None,
            "mean_ms": sum(ms) / len(ms) if ms else None,
            "p95_spread_ms": ([min(block_p95), max(block_p95)]
                              if block_p95 and None not in block_p95 else None),
            "_actions": actions.get(1, []), "_modules": mods, "_first_ms": first}


CALLGRIND_RE = re.compile(r"Collected\s*:\s*(\d+)")


def count_instructions(game, level, actions, modules, limit=INSTR_DECISIONS, heap=HEAP, tree=None):
    """x86 instructions per real decision (mean over the first `limit` of game 1)
    from two callgrind runs: bots minus replay. None when valgrind is missing."""
    if not shutil.which("valgrind"):
        return None
    tree = tree or circuitpy.stage("mpy")
    files = {"actions.json": json.dumps({"modules": modules, "actions": actions})}
    wrapper = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    counts = {}
    decisions = {}
    for mode in ("bots", "replay"):
        out, err = _run(game, level, 1, 1, mode, limit, heap, files, tree, wrapper)
        m = CALLGRIND_RE.search(err)
        if not m:
            raise RuntimeError("no callgrind count in:\n" + err[-2000:])
        counts[mode] = int(m.group(1))
        done = [ln for ln in out.splitlines() if ln.startswith("DONE ")]
        decisions[mode] = int(done[-1].split()[1]) if done else 0
    n = decisions["bots"]
    if n == 0 or n != decisions["replay"]:
        raise RuntimeError("callgrind runs made %r decisions" % (decisions,))
    return {"decisions": n, "instructions_bots": counts["bots"],
            "instructions_replay": counts["replay"],
            "instructions_per_decision": (counts["bots"] - counts["replay"]) / float(n)}


def board_estimate(timing, instr, native_ms_of_prefix):
    """Board milliseconds [fast, slow] for p50/p95/max/mean: the timing
    distribution scaled by instructions per native millisecond."""
    if not instr or not native_ms_of_prefix:
        return None
    # x86 instructions per ms here
    per_ms = instr["instructions_per_decision"] / native_ms_of_prefix
    fast = THUMB_PER_X86[0] / (MHZ * 1e6 * IPC[1]) * 1000.0           # board ms per x86 instruction
    slow = THUMB_PER_X86[1] / (MHZ * 1e6 * IPC[0]) * 1000.0
    out = {"decisions": instr["decisions"],
           "instructions_per_decision": instr["instructions_per_decision"],
           "x86_instructions_per_ms": per_ms}
    out["calibrated_ms"] = {}
    for key in ("p50_ms", "p95_ms", "max_ms", "mean_ms"):
        n = timing[key] * per_ms
        out[key] = [n * fast, n * slow]
        out["calibrated_ms"][key] = n / BOARD_X86_RATE * 1000.0
    return out


def figures(games=None, levels=(3, 0, 1, 2), blocks=BLOCKS, n_games=1, heap=HEAP,
            instructions=INSTR_DECISIONS, min_decisions=MIN_DECISIONS, log=None):
    """Decision-time figures for make bench: plain data (see the module docstring).

    n_games: games per game id and level (seeds 1..n), more when they give
    fewer than min_decisions real decisions; instructions: real decisions of
    game 1 counted under callgrind at level 3 (0: no board estimate)."""
    reason = circuitpy.available()
    base = {"available": reason, "heap": heap, "blocks": blocks, "games": [],
            "assumptions": {"mhz": MHZ, "ipc": list(IPC), "thumb_per_x86": list(THUMB_PER_X86)}}
    if reason is not None:
        return base
    tree = circuitpy.stage("mpy")
    for g in games or game_ids():
        entry = {"game": g, "levels": [], "board": None}
        for lv in levels:
            if log:
                log("cp_timing: %s level %d ...\n" % (g, lv))
            t = decision_times(g, lv, n_games, blocks, heap, tree, min_decisions)
            actions, mods, first = t.pop("_actions"), t.pop("_modules"), t.pop("_first_ms")
            entry["levels"].append(t)
            if lv == 3 and instructions and t["decisions"]:
                if log:
                    log("cp_timing: %s level 3 under callgrind (%d decisions) ...\n"
                        % (g, instructions))
                instr = count_instructions(g, lv, actions, mods, instructions, heap, tree)
                prefix = prefix_ms(first, instr["decisions"]) if instr else None
                entry["board"] = board_estimate(t, instr, prefix)
        base["games"].append(entry)
    return base


def prefix_ms(first_ms, n):
    """Mean native ms per decision over the first n decisions of game 1 (what
    callgrind counted), from the timing run's per-decision medians."""
    per = [t for t in first_ms[:n] if t is not None]
    return sum(per) / len(per) if per else None


def fmt(x, digits=2):
    return "-" if x is None else ("%." + str(digits) + "f") % x


def print_tables(data, out=None):
    w = (out or sys.stdout).write
    if data["available"] is not None:
        w("CircuitPython timing skipped: %s\n" % data["available"])
        return
    w("Bot decision time on CircuitPython 10 (32-bit unix binary, .mpy, %d KB heap)\n"
      % (data["heap"] // KB))
    w("(ms around bots.choose, decisions with a choice; each decision the median of "
      "%d blocks)\n" % data["blocks"])
    w("{:<10} {:>5} {:>5} {:>9} {:>7} {:>7} {:>7} {:>7} {:>15}\n".format(
        "game", "level", "games", "decisions", "p50", "p95", "max", "mean", "p95 by block"))
    for g in data["games"]:
        for t in g["levels"]:
            if t["level"] != 3:
                continue
            sp = t["p95_spread_ms"]
            w("{:<10} {:>5} {:>5} {:>9} {:>7} {:>7} {:>7} {:>7} {:>15}\n".format(
                g["game"], 3, t["games"], t["decisions"], fmt(t["p50_ms"]), fmt(t["p95_ms"]),
                fmt(t["max_ms"]), fmt(t["mean_ms"]),
                "-" if not sp else "%s-%s" % (fmt(sp[0]), fmt(sp[1]))))
    w("\nLevels 0-2 (p50 / p95 / max ms):\n")
    for g in data["games"]:
        parts = ["L%d %s / %s / %s" % (t["level"], fmt(t["p50_ms"], 3), fmt(t["p95_ms"], 3),
                                       fmt(t["max_ms"], 3))
                 for t in sorted(g["levels"], key=lambda t: t["level"]) if t["level"] != 3]
        if parts:
            w("  {:<10} {}\n".format(g["game"], "; ".join(parts)))
    a = data["assumptions"]
    boards = [g for g in data["games"] if g.get("board")]
    if boards:
        w("\nLevel 3 on a %d MHz SAMD51, estimated from instruction counts (callgrind):\n"
          % a["mhz"])
        w("board ms = x86 instructions x %.1f-%.1f (Thumb-2 per x86) / (%d MHz x IPC %.1f-%.1f)\n"
          % (a["thumb_per_x86"][0], a["thumb_per_x86"][1], a["mhz"], a["ipc"][0], a["ipc"][1]))
        w("{:<10} {:>7} {:>10} {:>11} {:>11} {:>11}   {}\n".format(
            "game", "counted", "Minstr/dec", "p50 ms", "p95 ms", "max ms",
            "pystone-calibrated p50/p95/max ms"))
        for g in boards:
            b = g["board"]
            c = b["calibrated_ms"]
            w("{:<10} {:>7} {:>10} {:>11} {:>11} {:>11}   {}\n".format(
                g["game"], b["decisions"], fmt(b["instructions_per_decision"] / 1e6, 1),
                "%s-%s" % (fmt(b["p50_ms"][0], 0), fmt(b["p50_ms"][1], 0)),
                "%s-%s" % (fmt(b["p95_ms"][0], 0), fmt(b["p95_ms"][1], 0)),
                "%s-%s" % (fmt(b["max_ms"][0], 0), fmt(b["max_ms"][1], 0)),
                "%s / %s / %s" % (fmt(c["p50_ms"], 0), fmt(c["p95_ms"], 0), fmt(c["max_ms"], 0))))
        w("(an estimate, not a measurement on a board: the mean instructions per decision of the\n"
          " counted decisions, with p50/p95/max scaled from the timing distribution; the last\n"
          " column instead divides by %.1f M instructions/s, a Metro M4's pystone rate)\n"
          % (BOARD_X86_RATE / 1e6))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench.cp_timing",
                                 description="bot decision time on CircuitPython + SAMD51 estimate")
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    ap.add_argument("--levels", type=int, nargs="*", default=[3, 0, 1, 2])
    ap.add_argument("--blocks", type=int, default=BLOCKS, help="repeats of each game (median)")
    ap.add_argument("--games", type=int, default=1, help="games (seeds 1..N) per level")
    ap.add_argument("--min-decisions", type=int, default=MIN_DECISIONS,
                    help="play more games when one gives fewer real decisions")
    ap.add_argument("--heap", type=int, default=HEAP // KB, help="heap in KB")
    ap.add_argument("--instructions", type=int, default=INSTR_DECISIONS,
                    help="level-3 decisions counted under callgrind per game (0: none)")
    ap.add_argument("--json", help="also write the figures to this file")
    args = ap.parse_args(argv)
    for g in args.game or ():
        if g not in game_ids():
            ap.error("no game %r (have: %s)" % (g, ", ".join(game_ids())))
    t0 = time.time()
    data = figures(args.game, tuple(args.levels), args.blocks, args.games, args.heap * KB,
                   args.instructions, args.min_decisions, log=sys.stderr.write)
    print_tables(data)
    print("\n(took %.0f s)" % (time.time() - t0))
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(data, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
