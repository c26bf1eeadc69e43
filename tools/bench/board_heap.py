"""The heap a PyBadge needs, display and sound included, measured on the board
interpreter (dev-side).

    python -m tools.bench.board_heap [--game nommie] [--shots DIR] [--quick] [--hi KB]

Runs the drive image `make bundle` builds (tools/release/bundle.py's build(), into a
temporary folder) on CircuitPython's board build (``circuitpython-board``) through
``run-board``, its launcher with fake PyBadge hardware. Neither is provided with
the project: $POCKET_TRICKS_RUN_BOARD names run-board, which finds the board
build beside itself or in $CIRCUITPY_BOARD (set from
$POCKET_TRICKS_CIRCUITPYTHON_BOARD where that is given, tools/runners/circuitpy.py);
without them available() says what is missing. The real board path (code.py ->
hal.detect() -> the PyBadge profile -> ui.app.run) with CircuitPython's own
displayio, fonts and audio C modules, every object in a fixed GC heap.

- game(): one whole game played by run-board's built-in test player (from
  the title: Settings, New game, deal typed in; at the table A, and RIGHT
  every 7th key, the pattern of tools/runners/device_game.py) in a fixed heap: its
  RESULT (action checksum, "live": the most heap in use after a collection),
  the title/setup/table samples, the largest free blocks seen, and, when it
  dies of MemoryError, the allocation and the innermost project frame.
- smallest_heap(): the smallest heap in 4 KB steps in which a game completes
  (bisection up to the PyBadge's 146 KB), then every larger step up to 146 KB
  run too, since the fit is not monotonic: the steps that fail, and the
  smallest heap from which every step completes. None ("over") when nothing
  up to the top fits.
- screen_tour(): tools/bench/board_tour.py as the drive's player: the live heap
  (after a collection) and the largest free block with each screen on top,
  from the title's pages and the link lobby through a pass-and-play game
  (curtain, pause menu, hint, score sheet, round summaries) to game over.
  The tour player's own code is in the heap (the built-in player is frozen:
  0.7 KB): its bytes, measured alone (4.8 KB, 1.5 KB of it a qstr pool that
  the game's own names would grow anyway), are taken off the live figures, so
  a screen's figure may be up to ~1.5 KB low, and qstr pool steps move it a
  few KB either way. budget_tour() holds the tour to a budget as the game
  runs are held: it runs in the budget plus what the tour player's code
  takes beyond the built-in player's, rounded down to whole KB (4 KB).

The budget (issue 22): a whole level-3 game with sound on completes in
112 KB (128 KB at most) and in every larger heap up to 146 KB, and every
screen opens within it. Without arguments it prints, per game, the smallest
heap with sound on and off, the live heap at the table and at most, and the
largest free block; then the live heap per screen. --shots DIR keeps the
tour's screenshots (PNG, drawn by displayio itself).
"""
import argparse
import atexit
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile

from tools.runners import circuitpy

ROOT = circuitpy.ROOT
RUN_BOARD_ENV = "POCKET_TRICKS_RUN_BOARD"
BOARD_BINARY = "circuitpython-board"
PLAYER = os.path.join(ROOT, "tools", "bench", "board_tour.py")
BUDGET_KB = 112          # issue 22's goal
CEILING_KB = 128         # issue 22's hard ceiling
PYBADGE_KB = 146         # what a PyBadge leaves to Python
# the tour's two board starts: the title's pages and the link lobby; a
# pass-and-play game (curtain, table, pause, hint, score sheet, summaries)
TOUR_PARTS = ("Settings,Statistics,Rules,About,Link play", "Settings,New game")
STEP_KB = 4
LO_KB = 64
TIMEOUT = 600            # seconds a run may take before it counts as a failure
LEVEL, SEED = 3, 7
GAME = "nommie"          # the tour's game (tools/bench/board_tour.py's default)
TABLE_AT = 6             # the built-in player samples the table after this many keys
# The tour's screens, in the order it opens them (labels of tools/bench/board_tour.py).
SCREENS = ("title", "settings", "statistics", "rules", "rules text", "about", "link menu",
           "link host setup", "link lobby", "keyboard", "setup", "deal entry", "curtain", "tip",
           "table", "pause menu", "hint", "score sheet", "round summary", "game over")


class BoardError(Exception):
    """A board run that failed other than by MemoryError, or did not end in time."""


RUN_BOARD = ("run-board (the launcher that starts CircuitPython's board build on a drive "
             "folder with fake PyBadge hardware)")


def run_board():
    """run-board ($POCKET_TRICKS_RUN_BOARD), else circuitpy.Missing saying so."""
    return circuitpy.from_env(RUN_BOARD_ENV, RUN_BOARD)


def run_env():
    """The environment for run-board: CIRCUITPY_BOARD names the board build where
    POCKET_TRICKS_CIRCUITPYTHON_BOARD does (and CIRCUITPY_BOARD is not set)."""
    env = dict(os.environ)
    if env.get(circuitpy.BOARD_ENV) and not env.get("CIRCUITPY_BOARD"):
        env["CIRCUITPY_BOARD"] = env[circuitpy.BOARD_ENV]
    return env


_why = []


def available():
    """None when run-board can start the board interpreter here, else why not
    (missing files, no chroot or `unshare -r` permission): a one-line run of a
    tiny drive, done once per process."""
    if _why:
        return _why[0]
    why = None
    env = run_env()
    try:
        tool = run_board()
    except circuitpy.Missing as e:
        tool, why = None, str(e)
    if tool and not os.access(os.path.join(os.path.dirname(tool), BOARD_BINARY), os.X_OK) \
            and not env.get("CIRCUITPY_BOARD"):
        why = "%s is not provided with the project: set %s to its path (run-board finds it " \
              "there, or beside itself, %s)" % (circuitpy.BOARD_BUILD, circuitpy.BOARD_ENV, tool)
    elif tool:
        drive = tempfile.mkdtemp(prefix="board-probe-")
        try:
            with open(os.path.join(drive, "code.py"), "w") as f:
                f.write("import board\nprint('BOARD', board.board_id)\n")
            try:
                proc = subprocess.run([sys.executable, tool, "--heap", "64", "--timeout", "60",
                                       drive], capture_output=True, text=True, timeout=120,
                                      env=env)
                out = proc.stdout + proc.stderr
                if proc.returncode != 0 or "BOARD pybadge" not in out:
                    why = "run-board cannot start %s here (exit %d): %s" % (
                        BOARD_BINARY, proc.returncode, out.strip()[-300:] or "no output")
            except (OSError, subprocess.TimeoutExpired) as e:
                why = "run-board cannot start %s here: %s" % (BOARD_BINARY, e)
        finally:
            shutil.rmtree(drive, ignore_errors=True)
    if why is None:
        try:
            circuitpy.mpy_cross()      # it builds the bundle
        except circuitpy.Missing as e:
            why = str(e)
    _why.append(why)
    return why


_bundles = {}


def _scratch(prefix):
    out = tempfile.mkdtemp(prefix=prefix)
    atexit.register(shutil.rmtree, out, True)
    return out


def use_rev(rev):
    """Measure the tree of a git revision (e.g. HEAD: the last commit, without
    the work in progress) instead of the working tree; None: the working tree."""
    _bundles.clear()
    _bundles["rev"] = rev


def bundle():
    """The .mpy drive image of the working tree as it is now, or of use_rev()'s
    revision (built once per process, into a temporary folder removed at exit)."""
    if "zip" not in _bundles:
        from tools.release import bundle as bundle_tool
        root = ROOT
        if _bundles.get("rev"):
            root = _scratch("board-tree-")
            archive = subprocess.run(["git", "archive", _bundles["rev"]], cwd=ROOT,
                                     capture_output=True, timeout=120, check=True).stdout
            subprocess.run(["tar", "-x", "-C", root], input=archive, timeout=120, check=True)
        _bundles["zip"] = bundle_tool.build(_scratch("board-heap-"), root=root)
    return _bundles["zip"]


def player():
    """tools/bench/board_tour.py compiled as the drive's _cpd_player.mpy (once per process)."""
    if "player" not in _bundles:
        out = _scratch("board-tour-")
        path = os.path.join(out, "_cpd_player.mpy")
        circuitpy.compile_mpy(PLAYER, path, "_cpd_player.py")
        _bundles["player"] = path
    return _bundles["player"]


def run(heap_kb, env, drive=None, player_file=None, shots=None, script=None, timeout=TIMEOUT,
        keep=None):
    """(exit status, output) of one run-board run (keep: a folder that gets the
    drive as the run left it: saves, settings); BoardError when it does not
    end within timeout seconds."""
    cmd = [sys.executable, run_board(), "--heap", str(int(heap_kb)), "--timeout", str(int(timeout))]
    if player_file:
        cmd += ["--player", player_file]
    if keep:
        cmd += ["--keep", keep]
    if shots:
        cmd += ["--shots", shots]
    for name in sorted(env):
        cmd += ["-e", "%s=%s" % (name, env[name])]
    cmd.append(drive or bundle())
    if script:
        cmd.append(script)
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout + 60,
                              env=run_env())
    except subprocess.TimeoutExpired:
        raise BoardError("run-board did not end within %d s: %s" % (timeout, " ".join(cmd)))
    out = proc.stdout + proc.stderr
    if proc.returncode == 124 and "no end after" in out:
        raise BoardError("run-board stopped the interpreter after %d s: %s\n%s" % (
            timeout, " ".join(cmd), out[-2000:]))
    return proc.returncode, out


PROJECT = ("engine/", "ui/", "lib/", "hal/", "code.py", "boot.py")


def where(output):
    """(bytes asked for, innermost project frame) of a MemoryError in output,
    as tools/bench/cp_heap.py's _where says it: "ui/draw/view.py draw" (a .mpy built
    with -O3 has no line numbers, so a line is named only where there is one)."""
    size = re.search(r"allocating (\d+) bytes", output)
    frames = re.findall(r'File "([^"]+)", line (\d+), in (\S+)', output)
    ours = [f for f in frames if f[0].lstrip("/").startswith(PROJECT)] or frames
    if not ours:
        at = "?"
    else:
        path, line, fn = ours[-1]
        path = path.lstrip("/")
        numbered = line not in ("0", "1") or path.endswith(("code.py", "boot.py"))
        at = "%s:%s %s" % (path, line, fn) if numbered else "%s %s" % (path, fn)
    return (int(size.group(1)) if size else None), at


def mem_infos(output, marker):
    """[(tag, alloc, free, largest free block in bytes)]: each line starting
    with marker ("CPD_SAMPLE name alloc free" or "TOUR alloc free label") and
    the largest free block of the micropython.mem_info() after it."""
    out = []
    tag = None
    for line in output.splitlines():
        if line.startswith(marker + " "):
            parts = line[len(marker) + 1:].split(" ")
            if marker == "TOUR":
                tag = [" ".join(parts[2:]), int(parts[0]), int(parts[1]), None]
            else:
                tag = [parts[0], int(parts[1]), int(parts[2]), None]
            out.append(tag)
        elif "max free sz:" in line and tag is not None:
            tag[3] = int(line.rsplit(":", 1)[1]) * 16
            tag = None
    return [tuple(t) for t in out]


def free_blocks(output):
    """The largest free block (bytes) of every micropython.mem_info() printed."""
    return [int(m) * 16 for m in re.findall(r"max free sz: (\d+)", output)]


def _result(output):
    for line in reversed(output.splitlines()):
        if line.startswith("RESULT "):
            return json.loads(line[len("RESULT "):])
    return None


def game(game, heap_kb, level=LEVEL, seed=SEED, sound=True, sample=5, meminfo=False,
         timeout=TIMEOUT, table_at=None):
    """One whole game by run-board's built-in player in heap_kb KB.

    {"game", "heap_kb", "sound", "ok": completed, "memory_error", "where":
    (bytes, frame) of the MemoryError or None, "result": the RESULT dict (or
    None), "samples": {"title"|"setup"|"table": (alloc, free, largest free
    block)} (the table after table_at keys, the player's default 6),
    "min_free_block": the smallest largest-free-block of any
    mem_info() (every `sample` keys with meminfo), "output": the tail}.
    BoardError for any other failure."""
    env = {"CPD_PLAYER": "1", "CPD_GAME": game, "CPD_LEVEL": str(level), "CPD_SEED": str(seed),
           "CPD_SOUND": "1" if sound else "0", "CPD_SAMPLE": str(int(sample))}
    if meminfo:
        env["CPD_MEMINFO"] = "1"
    if table_at is not None:
        env["CPD_TABLE_AT"] = str(int(table_at))
    rc, out = run(heap_kb, env, timeout=timeout)
    mem = "MemoryError" in out
    result = _result(out)
    if rc != 0 and not mem:
        raise BoardError("%s in %d KB exited %d:\n%s" % (game, heap_kb, rc, out[-3000:]))
    if rc == 0 and (result is None or not result.get("over")):
        raise BoardError("%s in %d KB ended without a finished game:\n%s" % (
            game, heap_kb, out[-3000:]))
    blocks = free_blocks(out)
    return {"game": game, "heap_kb": heap_kb, "sound": sound, "ok": rc == 0, "memory_error": mem,
            "where": where(out) if mem else None, "result": result,
            "samples": {t[0]: t[1:] for t in mem_infos(out, "CPD_SAMPLE")},
            "min_free_block": min(blocks) if blocks else None, "output": out[-3000:]}


def steps(lo_kb=LO_KB, hi_kb=PYBADGE_KB, step_kb=STEP_KB):
    """The heaps tried: multiples of step_kb from lo_kb, and hi_kb itself."""
    out = list(range(lo_kb, hi_kb, step_kb))
    return out + [hi_kb]


def smallest_heap(game_id, level=LEVEL, seed=SEED, sound=True, sample=5, lo_kb=LO_KB,
                  hi_kb=PYBADGE_KB, step_kb=STEP_KB, confirm=True):
    """The smallest heap (KB, 4 KB steps) in which a whole game completes.

    {"fits": bisection's smallest fit, or None when hi_kb fails ("over");
    "fails_above": the steps above "fits" up to hi_kb that fail (with confirm
    every one is run); "from": the smallest heap from which every step up to
    hi_kb completes (None when hi_kb fails); "fails": (bytes, frame) where it
    dies in the largest failing heap below "from" (at hi_kb when nothing
    fits); "runs": {kb: completed}}."""
    ladder = steps(lo_kb, hi_kb, step_kb)
    runs = {}
    wheres = {}

    def fits(kb):
        if kb not in runs:
            r = game(game_id, kb, level, seed, sound, sample)
            runs[kb] = r["ok"]
            if not r["ok"]:
                wheres[kb] = r["where"]
        return runs[kb]

    fig = {"game": game_id, "sound": sound, "fits": None, "from": None, "fails_above": [],
           "fails": None, "runs": runs}
    if not fits(ladder[-1]):
        fig["fails"] = wheres[ladder[-1]]
        return fig
    lo, hi = -1, len(ladder) - 1          # ladder[hi] fits; ladder[lo] fails (or is below)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if fits(ladder[mid]):
            hi = mid
        else:
            lo = mid
    fig["fits"] = ladder[hi]
    if confirm:
        for kb in ladder[hi + 1:]:
            fits(kb)
    fig["fails_above"] = [kb for kb in ladder[hi + 1:] if runs.get(kb) is False]
    start = hi
    for i in range(hi, len(ladder)):
        if runs.get(ladder[i]) is False:
            start = i + 1
    fig["from"] = ladder[start]
    failing = [kb for kb in ladder[:start] if runs.get(kb) is False]
    if failing:
        fig["fails"] = wheres[max(failing)]
    return fig


def player_bytes(own=True, timeout=120):
    """The heap a player's code takes once loaded, measured on the board
    interpreter after ui.app (which every player imports): the tour's
    (tools/bench/board_tour.py as .mpy), or with own=False the built-in frozen one
    that the game runs use."""
    drive = tempfile.mkdtemp(prefix="board-drive-")
    try:
        with zipfile.ZipFile(bundle()) as z:
            z.extractall(drive)
        if own:
            shutil.copy(player(), os.path.join(drive, "_cpd_player.mpy"))
        with open(os.path.join(drive, "player_cost.py"), "w") as f:
            f.write("import sys\nsys.path.insert(0, 'lib')\nimport gc\nimport micropython\n"
                    "import keypad\nimport ui.app\ngc.collect()\na = gc.mem_alloc()\n"
                    "import _cpd_player\ngc.collect()\nprint('PLAYER %d' % (gc.mem_alloc() - a))\n")
        rc, out = run(PYBADGE_KB, {}, drive=drive, script="/player_cost.py", timeout=timeout)
    finally:
        shutil.rmtree(drive, ignore_errors=True)
    m = re.search(r"PLAYER (-?\d+)", out)
    if rc != 0 or not m:
        raise BoardError("the player's cost could not be measured:\n" + out[-2000:])
    return int(m.group(1))


def tour_allowance_kb():
    """Whole KB the tour's heap gets on top of a budget, so that it is held to
    what the game runs are: what the tour player's code takes beyond the
    built-in player's (a board has neither), rounded down."""
    return max(0, (player_bytes() - player_bytes(own=False)) // 1024)


def budget_tour(budget_kb=BUDGET_KB, timeout=TIMEOUT):
    """The screen tour held to budget_kb: run in budget_kb plus
    tour_allowance_kb() (its "allowance_kb")."""
    extra = tour_allowance_kb()
    t = screen_tour(budget_kb + extra, timeout=timeout, cost=False)
    t["budget_kb"], t["allowance_kb"] = budget_kb, extra
    return t


def screen_tour(heap_kb, shots_dir=None, game=None, level=LEVEL, seed=SEED, sample=5,
                timeout=TIMEOUT, cost=True):
    """The screen tour (tools/bench/board_tour.py) in heap_kb KB.

    {"ok": reached game over, "memory_error", "where", "screens": [(label,
    live bytes with it on top the first time, and at most (the player's code
    taken off both); the smallest largest free block; times sampled)] in the
    order first seen,
    "missing": the labels of SCREENS never reached, "last": the last label
    sampled, "player_bytes", "result"}. BoardError for any other failure."""
    env = {"CPD_PLAYER": "1", "TOUR_LEVEL": str(level), "TOUR_SEED": str(seed),
           "TOUR_SAMPLE": str(int(sample))}
    if game:
        env["TOUR_GAME"] = game
    own = player_bytes() if cost else 0
    # one board start per part, as a player powers on and goes there: names
    # interned by one part (never freed) do not weigh on the other
    out = ""
    rc = 0
    result = None
    for part in TOUR_PARTS:
        env["TOUR_TITLE"] = part
        prc, pout = run(heap_kb, env, player_file=player(), shots=shots_dir, timeout=timeout)
        out += pout
        rc = rc or prc
        if prc != 0 or "MemoryError" in pout:
            break
        result = _result(pout)
    mem = "MemoryError" in out
    if rc != 0 and not mem:
        raise BoardError("the screen tour in %d KB exited %d:\n%s" % (heap_kb, rc, out[-3000:]))
    rows = {}
    order = []
    for label, alloc, _free, block in mem_infos(out, "TOUR"):
        if label not in rows:
            order.append(label)
            rows[label] = [alloc, alloc, block, 0]
        r = rows[label]
        r[1] = max(r[1], alloc)
        if block is not None:
            r[2] = block if r[2] is None else min(r[2], block)
        r[3] += 1
    screens = [(label, rows[label][0] - own, rows[label][1] - own, rows[label][2], rows[label][3])
               for label in order]
    return {"heap_kb": heap_kb, "game": game or GAME,
            "ok": rc == 0 and bool(result and result.get("over")),
            "memory_error": mem, "where": where(out) if mem else None, "screens": screens,
            "missing": [s for s in SCREENS if s not in rows], "last": order[-1] if order else None,
            "player_bytes": own, "result": result, "output": out[-3000:]}


def figures(games=None, sound_off=True, confirm=True, hi_kb=PYBADGE_KB, shots_dir=None, log=None):
    """Everything the table prints: {"games": [...], "tour": screen_tour(146 KB),
    "tour_budget": whether budget_tour() completes (and where not)}."""
    from engine import catalog
    rows = []
    for g in games or catalog.ids():
        if log:
            log("board heap: %s ...\n" % g)
        on = smallest_heap(g, hi_kb=hi_kb, confirm=confirm)
        off = smallest_heap(g, sound=False, hi_kb=hi_kb, confirm=confirm) if sound_off else None
        at = game(g, PYBADGE_KB, meminfo=True)
        table = at["samples"].get("table")
        table_at = TABLE_AT
        if table is None and at["ok"]:     # a game over in fewer keys (Linger Longer: 6)
            table_at = 1
            table = game(g, PYBADGE_KB, table_at=1)["samples"].get("table")
        rows.append({"game": g, "sound_on": on, "sound_off": off,
                     "at_kb": PYBADGE_KB, "completes": at["ok"], "table_at": table_at,
                     "table_live": table[0] if table else None,
                     "live": (at["result"] or {}).get("live"),
                     "min_free_block": at["min_free_block"],
                     "where": at["where"]})
    if log:
        log("board heap: screen tour ...\n")
    tour = screen_tour(PYBADGE_KB, shots_dir)
    budget = budget_tour()
    for r in (tour, budget):
        r.pop("output", None)
    return {"games": rows, "hi_kb": hi_kb, "tour": tour,
            "tour_budget": {"heap_kb": BUDGET_KB, "allowance_kb": budget["allowance_kb"],
                            "ok": budget["ok"], "where": budget["where"],
                            "last": budget["last"]}}


def _kb(n):
    return "-" if n is None else "%.1f" % (n / 1024.0)


def _fit(f, hi_kb=PYBADGE_KB):
    if f is None:
        return "-"
    if f["fits"] is None:
        return "over %d" % hi_kb
    text = "%d" % f["from"]
    if f["fits"] != f["from"]:
        text += " (%d; not %s)" % (f["fits"], ",".join(str(k) for k in f["fails_above"]))
    return text


def verdict(f):
    """"yes" when every step from BUDGET_KB up completes, "ceiling" from
    CEILING_KB, else "no"."""
    if f is None or f["from"] is None:
        return "no"
    return "yes" if f["from"] <= BUDGET_KB else "ceiling" if f["from"] <= CEILING_KB else "no"


def _fails(f):
    if not f or not f["fails"]:
        return "-"
    return "%s B at %s" % f["fails"]


def _died(r, label="last"):
    return "dies after \"%s\": %s B at %s" % ((r[label],) + tuple(r["where"]))


def print_table(data, out=sys.stdout):
    w = out.write
    hi = data.get("hi_kb", PYBADGE_KB)
    w("\nBoard interpreter (circuitpython-board: the .mpy bundle through code.py, display and\n"
      "sound, as a PyBadge runs it): the smallest heap in which a whole level-%d game completes\n"
      "(deal %d, you + bots) and in every 4 KB step up to %d KB (\"(N; not ...)\": it also\n"
      "completes in N KB but not in the steps named); budget %d KB, %d at most; a PyBadge\n"
      "leaves ~%d KB\n" % (LEVEL, SEED, hi, BUDGET_KB, CEILING_KB, PYBADGE_KB))
    w("{:<10} {:>16} {:>7} {:>16} {:>9} {:>8} {:>10}  {}\n".format(
        "game", "sound on KB", "budget", "sound off KB", "table KB", "live KB", "free blk B",
        "fails below (sound on)"))
    for r in data["games"]:
        table = _kb(r["table_live"]) + ("*" if r.get("table_at", TABLE_AT) != TABLE_AT else "")
        w("{:<10} {:>16} {:>7} {:>16} {:>9} {:>8} {:>10}  {}\n".format(
            r["game"], _fit(r["sound_on"], hi), verdict(r["sound_on"]), _fit(r["sound_off"], hi),
            table, _kb(r["live"]),
            "-" if r["min_free_block"] is None else r["min_free_block"], _fails(r["sound_on"])))
    w("(table, live, free blk: one game in %d KB, sound on; table: in use at the table after\n"
      "%d keys (*: after 1, a game over sooner), live: the most in use, each after a\n"
      "collection, every 5 keys; free blk: the smallest largest free block seen)\n" % (
          PYBADGE_KB, TABLE_AT))
    for r in data["games"]:
        if not r["completes"]:
            w("  %s does not complete in %d KB: %s B at %s\n" % (
                (r["game"], PYBADGE_KB) + tuple(r["where"])))
    print_tour(data["tour"], out)
    b = data.get("tour_budget")
    if b:
        w("  the tour in the %d KB budget (run in %d KB: +%d KB for its player's code): %s\n" % (
            b["heap_kb"], b["heap_kb"] + b["allowance_kb"], b["allowance_kb"],
            "completes" if b["ok"] else _died(b) if b["where"] else "does not complete"))


def print_tour(tour, out=sys.stdout):
    w = out.write
    w("\nBoard interpreter: live heap per screen (the tour in %d KB: %s, two of you pass and\n"
      "play; in use after a collection with the screen on top, the first time and at most, less\n"
      "the tour player's own %.1f KB; the smallest largest free block; times on top)\n" % (
          tour["heap_kb"], tour["game"], tour["player_bytes"] / 1024.0))
    w("  {:<16} {:>8} {:>8} {:>10} {:>5}\n".format(
        "screen", "first KB", "most KB", "free blk B", "times"))
    for label, first, most, block, n in tour["screens"]:
        w("  {:<16} {:>8} {:>8} {:>10} {:>5}\n".format(
            label, _kb(first), _kb(most), "-" if block is None else block, n))
    if tour["where"]:
        w("  %s\n" % _died(tour))
    if tour["missing"]:
        w("  not reached: %s\n" % ", ".join(tour["missing"]))


def main(argv=None):
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    from engine import catalog
    ap = argparse.ArgumentParser(prog="python -m tools.bench.board_heap",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--game", action="append", choices=catalog.ids(),
                    help="only this game (repeatable)")
    ap.add_argument("--shots", help="keep the screen tour's screenshots (PNG) in this folder")
    ap.add_argument("--quick", action="store_true",
                    help="sound on only, no confirming of the larger steps")
    ap.add_argument("--hi", type=int, default=PYBADGE_KB,
                    help="the largest heap tried, KB (default %d: a PyBadge)" % PYBADGE_KB)
    ap.add_argument("--rev", help="measure this git revision's tree (e.g. HEAD) instead of the "
                    "working tree")
    ap.add_argument("--json", help="also write the figures to this file")
    args = ap.parse_args(argv)
    use_rev(args.rev)
    why = available()
    if why:
        ap.exit(2, "board heap: " + why + "\n")
    data = figures(args.game, sound_off=not args.quick, confirm=not args.quick, hi_kb=args.hi,
                   shots_dir=args.shots, log=sys.stderr.write)
    print_table(data)
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(data, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
