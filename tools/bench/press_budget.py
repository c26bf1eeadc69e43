"""What each press costs, through the real screens (dev-side only, CPython).

An evening on one power-on as a player has it on a PyBadge: from the title,
Settings, Statistics, Rules and About, then each game in turn (New game: the
game, seat 0 a human, the others bots, a deal number; at the table: cursor
moves, cards and bids played, the pause menu, the score sheet opened, paged
(what is out, the round's tricks: each page a screen change) and closed, the
first game's tips, every round summary) to game over and back to the title.
The app is the device's: the plain screen of ui.draw.view on a headless
Blinka display of the board's size, and the device's memory policy
(engine.ondemand.DROP), so modules are loaded and dropped as on a board.

For each press (the key, the tick that follows it and the redraw, as
ui.app.run does; bots' thinking is not a press) it counts

- modules imported (device modules only; one dropped and imported again
  counts again),
- explicit collections (gc.collect calls in device code),
- Python calls into device code,
- pixels refreshed: the dirty areas' pixels, each area refreshed on its own
  as displayio does on a board (overlaps counted as often as drawn),
- saves: bytes written to the save folder and files closed (each a sync of
  the flash on a board),

and classes it: cursor, menu move, setup move, card, bid, screen change,
game start. At each screen's first time on top it notes the resident device
modules and their compiled size (tools/bench/compiled.py); after each game
over, back at the title, the resident set again.

    python -m tools.bench.press_budget                 # this tree
    python -m tools.bench.press_budget --root /tmp/before --games nines
    python -m tools.bench.press_budget --json out/press.json
"""
import argparse
import builtins
import json
import os
import sys
import tempfile
import time

if __package__ in (None, ""):  # run as a script: make `tools` importable
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from tools.bench import compiled

ROOT = compiled.ROOT
PREFIXES = ("engine", "ui", "hal", "code")
UP, DOWN, LEFT, RIGHT, A, B, START, SELECT = range(8)      # hal.keys
CLASSES = ("cursor", "menu move", "setup move", "card", "bid", "screen change", "game start")
FIGURES = ("imports", "collections", "calls", "pixels", "save bytes", "syncs")


def _device(name):
    return name.split(".")[0] in PREFIXES


class Meter:
    """Counts a press's work: imports, collections, calls, pixels, saves."""

    def __init__(self, root, display):
        self.root = root
        self.on = False
        self.n = dict.fromkeys(FIGURES, 0)
        self.imported = []
        # every device module the run has had (for the names they intern)
        self.ever = set(m for m in sys.modules if _device(m))
        self.files = []            # bytes written each time a save file was written and closed
        self._dirs = tuple(os.path.join(root, d) + os.sep for d in ("engine", "ui", "lib"))
        meter = self

        class Finder:
            # First on sys.meta_path: sees every import that is not in sys.modules.
            @staticmethod
            def find_spec(name, path=None, target=None):
                if _device(name):
                    meter.ever.add(name)
                    if meter.on:
                        meter.n["imports"] += 1
                        meter.imported.append(name)
                return None

        sys.meta_path.insert(0, Finder)
        import gc
        self._collect = gc.collect
        gc.collect = self._counted_collect
        get_areas = display._get_refresh_areas
        w, h = display.width, display.height

        def areas():
            got = get_areas()
            if meter.on:
                for a in got:
                    x = min(w, max(a.x1, a.x2)) - max(0, min(a.x1, a.x2))
                    y = min(h, max(a.y1, a.y2)) - max(0, min(a.y1, a.y2))
                    meter.n["pixels"] += max(0, x) * max(0, y)
            return got

        display._get_refresh_areas = areas
        self._open = builtins.open
        builtins.open = self._counted_open

    def _counted_collect(self, *args):
        if self.on:
            self.n["collections"] += 1
        return 0                       # (CPython has nothing to gain from it here)

    def _counted_open(self, path, mode="r", *args, **kw):
        f = self._open(path, mode, *args, **kw)
        if ("w" in mode or "a" in mode) and "saves" in str(path):
            return _Counted(f, self)
        return f

    def _profile(self, frame, event, arg):
        if event == "call" and frame.f_code.co_filename.startswith(self._dirs):
            self.n["calls"] += 1

    def start(self):
        for k in self.n:
            self.n[k] = 0
        del self.imported[:]
        self.on = True
        sys.setprofile(self._profile)

    def stop(self):
        sys.setprofile(None)
        self.on = False
        return dict(self.n), list(self.imported)

    def close(self):
        import gc
        gc.collect = self._collect
        builtins.open = self._open


class _Counted:
    # A file opened for writing in the save folder: counts bytes, and a sync at close.
    def __init__(self, f, meter):
        self._f, self._meter, self._bytes = f, meter, 0

    def write(self, data):
        self._bytes += len(data)
        if self._meter.on:
            self._meter.n["save bytes"] += len(data)
        return self._f.write(data)

    def close(self):
        if self._meter.on:
            self._meter.n["syncs"] += 1
        self._meter.files.append(self._bytes)
        return self._f.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __getattr__(self, name):
        return getattr(self._f, name)


class Player:
    """Chooses the next key from the screen on top, as a player would."""

    def __init__(self, game, level, seed):
        self.game, self.level, self.seed = game, level, seed
        self.title_todo = ["Settings", "Statistics", "Rules", "About", "New game"]
        self.table_keys = 0
        self.paused = self.sheet = False
        self.pages = [LEFT, RIGHT, RIGHT, RIGHT, RIGHT]    # the score sheet's, once a game
        self.rules_read = False

    def key(self, app):
        top = app.top()
        name = type(top).__name__
        way = getattr(self, "_" + name, None)
        if way is None:
            return A if name in ("Curtain", "RoundSummary", "Tip") else B
        return way(top)

    def _to(self, top, want):
        i = [j for j in range(len(top.lines)) if top.lines[j].startswith(want)][0]
        if top.cursor == i:
            return A
        return DOWN if top.cursor < i else UP

    def _Title(self, top):
        if not self.title_todo:
            return None
        k = self._to(top, self.title_todo[0])
        if k == A:
            self.title_todo.pop(0)
        return k

    def _Settings(self, top):
        s = top.app.settings
        if s.get("bot_level") != self.level or not s.get("sound") or not s.get("tips"):
            label = "Bot level" if s.get("bot_level") != self.level else \
                "Sound" if not s.get("sound") else "Tips"
            i = [j for j in range(len(top.lines)) if top.lines[j].startswith(label)][0]
            return RIGHT if top.cursor == i else (DOWN if top.cursor < i else UP)
        return B

    def _RulesMenu(self, top):
        if self.rules_read:
            return B
        self.rules_read = True
        return A

    def _Setup(self, top):
        model = top.rows_model()
        for i in range(len(model)):
            kind, j = model[i]
            want = None
            if kind == "game" and top.game_id() != self.game:
                want = RIGHT
            elif kind == "seat" and top.seats[j] != (0 if j == 0 else 1 + self.level):
                want = RIGHT
            elif kind == "deal" and top.deal != self.seed:
                want = RIGHT
            if want is not None:
                return want if top.cursor == i else (DOWN if top.cursor < i else UP)
        return A

    def _DealEntry(self, top):
        want, n = [], self.seed
        for _ in range(len(top.digits)):
            want.insert(0, n % 10)
            n //= 10
        for i in range(len(want)):
            if top.digits[i] != want[i]:
                if top.at != i:
                    return RIGHT if top.at < i else LEFT
                return UP if (want[i] - top.digits[i]) % 10 <= 5 else DOWN
        return A

    def _Table(self, top):
        self.table_keys += 1
        if self.table_keys == 9 and not self.paused:
            self.paused = True
            return START
        if self.table_keys == 14 and not self.sheet:
            self.sheet = True
            return SELECT
        return (RIGHT, A, LEFT, RIGHT, A, A)[self.table_keys % 6]

    def _GameOver(self, top):
        return self._to(top, "> Main menu")

    def _Pause(self, top):
        return B

    def _ScoreSheet(self, top):
        return self.pages.pop(0) if self.pages else B


class Run:
    """One evening: the app on a headless display, its meter, what it saw."""

    def __init__(self, root, width=160, height=128, level=3):
        for p in (os.path.join(root, "lib"), root):
            if p not in sys.path:
                sys.path.insert(0, p)
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        import displayio
        from engine import ondemand
        from hal import desktop
        from ui.app import App
        from ui.draw import view
        from ui.driver import Driver
        from ui.saves import Store
        ondemand.DROP = True                       # the device's policy
        displayio.release_displays()
        self.work = tempfile.mkdtemp(prefix="pt-press-")
        self.hal = desktop.Desktop(["--headless", "--size", "%dx%d" % (width, height),
                                    "--data-dir", self.work])
        saves = os.path.join(self.work, "saves")
        os.makedirs(saves, exist_ok=True)
        self.app = App(width, height, Store(saves + "/", True), "pybadge", lambda: 1234)
        self.app.settings.update({"bot_level": level, "sound": True, "tips": True})
        self.screen = view.Screen(self.hal.display)
        self.driver = Driver(self.app)
        self.meter = Meter(root, self.hal.display)
        self.level = level
        self.presses = []          # (class, label, figures, imported)
        self.resident = {}         # screen label -> (modules, compiled bytes)
        self.evening = []          # after each game over: (game, resident device modules)
        self.compiled = compiled.Compiled(root)

    def _screen_label(self):
        top = self.app.top()
        name = type(top).__name__
        return "%s (%s)" % (name, top.title) if name == "TextScreen" else name

    def _classify(self, before, after, k, acted, phase):
        same = before[0] is after[0] and before[1] == after[1]
        if before[2] == "Table" and acted:
            return ("card" if phase == "play" else "bid"), "A at the table (%s)" % phase
        if before[2] in ("Setup", "DealEntry") and after[2] == "Table":
            return "game start", "Setup: A"
        if not same:
            return "screen change", "%s: %s -> %s" % (before[2], KEY_NAMES[k], after[2])
        if before[3] != after[3] and before[2] == "ScoreSheet":
            # a page of its own (the round's tricks, what is out, a round): built
            # whole, as a screen is
            return "screen change", "%s: %s (a page)" % (before[2], KEY_NAMES[k])
        if before[2] == "Table":
            return "cursor", "Table: %s" % KEY_NAMES[k]
        if before[2] in ("Setup", "DealEntry"):
            return "setup move", "%s: %s" % (before[2], KEY_NAMES[k])
        return "menu move", "%s: %s" % (before[2], KEY_NAMES[k])

    def _note_resident(self):
        label = self._screen_label()
        if label not in self.resident:
            mods = sorted(m for m in sys.modules if _device(m) and m in self.compiled.files)
            self.resident[label] = (mods, self.compiled.total(mods))

    def _log_len(self):
        for s in reversed(self.app.stack):
            if getattr(s, "kind", None) == "table":
                st = s.state()
                return len(st.log), st.phase
        return None, None

    def press(self, k):
        app = self.app
        top = app.top()
        before = (top, len(app.stack), type(top).__name__, getattr(top, "title", None))
        acts, phase = self._log_len()
        self.meter.start()
        app.key(k)
        app.tick(self.driver.now)
        self.screen.draw(app)
        figures, imported = self.meter.stop()
        top = app.top()
        after = (top, len(app.stack), type(top).__name__, getattr(top, "title", None))
        acts2 = self._log_len()[0]
        acted = acts is not None and acts2 is not None and acts2 > acts
        cls, label = self._classify(before, after, k, acted, phase)
        self.presses.append((cls, label, figures, imported))

    def settle(self):
        # timed work (bots, pauses) until the app waits for a key, drawn as it goes
        d = self.driver
        for _ in range(100000):
            wait = self.app.tick(d.now)
            self.screen.draw(self.app)
            if not self.app.busy() or self.app.quit:
                return
            d.now += max(1, min(wait if wait is not None else 20, 10000))

    def evening_of(self, games, seed=7, limit=20000):
        self.app.start()
        self.screen.draw(self.app)
        first = True
        for game in games:
            player = Player(game, self.level, seed)
            if not first:
                player.title_todo = ["Statistics", "New game"]
            first = False
            n = 0
            while n < limit:
                self.settle()
                self._note_resident()
                k = player.key(self.app)
                if k is None:
                    break
                self.press(k)
                n += 1
            mods = sorted(m for m in sys.modules if _device(m) and m in self.compiled.files)
            self.evening.append((game, mods))
        return self

    def close(self):
        self.meter.close()
        self.compiled.close()


KEY_NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT")


def _median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2] if xs else 0


def summary(run):
    """{class: {figure: (median, worst), "presses": n}}."""
    out = {}
    for cls in CLASSES:
        rows = [p[2] for p in run.presses if p[0] == cls]
        if not rows:
            continue
        out[cls] = {"presses": len(rows)}
        for f in FIGURES:
            vals = [r[f] for r in rows]
            out[cls][f] = (_median(vals), max(vals))
    return out


def game_ids():
    """The registered games' ids, the catalog left as it was: a board loads it
    only for a call, so an evening that kept it would count it resident."""
    from engine import ondemand
    had = "engine.catalog" in sys.modules
    cat = ondemand.load("engine.catalog")
    ids = cat.ids() if hasattr(cat, "ids") else [g[0] for g in cat.GAMES]   # (--before 39)
    if not had:
        ondemand.forget("engine.catalog")
    return ids


def game_modules(mods, game):
    """The modules in mods that belong to a game other than game."""
    ids = game_ids()
    out = []
    for m in mods:
        for other in ids:
            if other == game:
                continue
            if m in ("engine." + other, "engine.bots." + other) or \
                    m.startswith(("engine.%s_" % other, "engine.bots.search_%s" % other)):
                out.append(m)
    return out


def report(run, out=sys.stdout):
    s = summary(run)
    out.write("press class       n   imports  collect.   calls (med/max)   pixels (med/max)"
              "   save B  syncs\n")
    for cls, f in s.items():
        out.write("%-14s %5d  %3d/%-3d  %3d/%-3d  %7d/%-7d  %7d/%-7d  %5d  %3d\n" % (
            cls, f["presses"], f["imports"][0], f["imports"][1], f["collections"][0],
            f["collections"][1], f["calls"][0], f["calls"][1], f["pixels"][0], f["pixels"][1],
            f["save bytes"][1], f["syncs"][1]))
    out.write("\nscreen changes by kind (median imports/collections/calls/pixels):\n")
    kinds = {}
    for cls, label, fig, _imp in run.presses:
        if cls in ("screen change", "game start"):
            kinds.setdefault(label, []).append(fig)
    for label in sorted(kinds):
        rows = kinds[label]
        out.write("  %-40s %4d  %3d %3d %7d %7d\n" % (
            label[:40], len(rows), _median([r["imports"] for r in rows]),
            _median([r["collections"] for r in rows]), _median([r["calls"] for r in rows]),
            _median([r["pixels"] for r in rows])))
    out.write("\nresident device modules per screen (count, compiled KB):\n")
    for label in sorted(run.resident):
        mods, size = run.resident[label]
        out.write("  %-32s %3d  %6.1f\n" % (label[:32], len(mods), size / 1024.0))
    out.write("\nafter each game over, back at the title:\n")
    for game, mods in run.evening:
        stale = game_modules(mods, None)
        out.write("  %-10s %3d modules, %6.1f KB; game modules left: %s\n" % (
            game, len(mods), run.compiled.total(mods) / 1024.0, ", ".join(stale) or "none"))
    out.write("\nsaves: %d files written, at most %d B at once\n" % (
        len(run.meter.files), max(run.meter.files or [0])))
    out.write("distinct names the device tree interns: %d; the evening's modules: %d\n" % (
        len(run.compiled.tree_names()), len(evening_names(run))))


def evening_names(run):
    """The distinct names interned by every device module the run imported."""
    return run.compiled.tree_names([m for m in run.meter.ever if m in run.compiled.files])


BASELINE = "9d4b8c8"     # main before the per-screen memory policy (issue 36)


def checkout(ref, dest=None):
    """The device tree of commit ref, unpacked under build/ (git archive)."""
    import subprocess
    dest = dest or os.path.join(ROOT, "build", "at-" + ref)
    if not os.path.isdir(os.path.join(dest, "engine")):
        os.makedirs(dest, exist_ok=True)
        archive = subprocess.run(["git", "-C", ROOT, "archive", ref, "engine", "ui", "lib",
                                  "rules"], capture_output=True, check=True, timeout=120).stdout
        subprocess.run(["tar", "-x", "-C", dest], input=archive, check=True, timeout=120)
    return dest


def measure(root, games=None, level=3, seed=7, size="160x128"):
    """The figures of one evening, in a process of its own (its own modules)."""
    import subprocess
    out = os.path.join(tempfile.mkdtemp(prefix="pt-press-"), "press.json")
    cmd = [sys.executable, "-m", "tools.bench.press_budget", "--root", root, "--level", str(level),
           "--seed", str(seed), "--size", size, "--json", out, "--quiet"]
    if games:
        cmd += ["--games"] + list(games)
    subprocess.run(cmd, cwd=ROOT, check=True, timeout=3600, stdout=subprocess.DEVNULL)
    with open(out) as f:
        return json.load(f)


def print_compare(before, after, label_before, out=sys.stdout):
    """Per press class: median/worst imports, collections, calls, pixels, before -> after."""
    out.write("press class     presses   imports      collections  calls (median, worst)"
              "            pixels (median, worst)\n")
    out.write("%-14s %8s   (%s -> this tree)\n" % ("", "", label_before))

    def cell(b, a, f):
        return "%d/%d -> %d/%d" % (b[f][0], b[f][1], a[f][0], a[f][1]) if b else \
            "%d/%d" % tuple(a[f])

    for cls in CLASSES:
        a = after["summary"].get(cls)
        if a is None:
            continue
        b = before["summary"].get(cls) if before else None
        out.write("%-14s %7d   %-12s %-12s %-32s %s\n" % (
            cls, a["presses"], cell(b, a, "imports"), cell(b, a, "collections"),
            cell(b, a, "calls"), cell(b, a, "pixels")))
    out.write("\nresident device modules per screen, compiled KB (%s -> this tree):\n"
              % label_before)
    for label in sorted(after["resident"]):
        mods, size = after["resident"][label]
        was = before["resident"].get(label) if before else None
        out.write("  %-26s %s%3d modules %5.1f KB\n" % (
            label[:26], "%3d modules %5.1f KB -> " % (len(was[0]), was[1] / 1024.0) if was else "",
            len(mods), size / 1024.0))
    out.write("\nafter each game over, back at the title (%s -> this tree):\n" % label_before)
    was = dict((g, m) for g, m in before["evening"]) if before else {}
    for game, mods in after["evening"]:
        stale = game_modules(was.get(game, []), None)
        out.write("  %-10s %s%3d modules, earlier games' modules: none\n" % (
            game, "%3d modules, earlier games' modules: %s -> " % (
                len(was.get(game, [])), ", ".join(stale) or "none") if was else "", len(mods)))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", default=ROOT, help="the checkout whose device code runs")
    ap.add_argument("--before", metavar="REF",
                    help="also measure commit REF and print both (e.g. %s)" % BASELINE)
    ap.add_argument("--games", nargs="*", help="the games in order (default: all five)")
    ap.add_argument("--level", type=int, default=3, choices=range(4))
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--size", default="160x128")
    ap.add_argument("--json", help="write the presses and figures here")
    ap.add_argument("--quiet", action="store_true", help="print nothing (with --json)")
    a = ap.parse_args(argv)
    try:
        w, h = (int(x) for x in a.size.split("x"))
    except ValueError:
        ap.error("--size is WIDTHxHEIGHT, not %r" % a.size)
    if a.before:
        before = measure(checkout(a.before), a.games, a.level, a.seed, a.size)
        after = measure(os.path.abspath(a.root), a.games, a.level, a.seed, a.size)
        print_compare(before, after, a.before)
        return 0
    run = Run(os.path.abspath(a.root), w, h, a.level)
    started = time.time()
    try:
        run.evening_of(a.games or game_ids(), a.seed)
        if not a.quiet:
            report(run)
            print("(%d presses in %.0f s)" % (len(run.presses), time.time() - started))
        if a.json:
            with open(a.json, "w") as f:
                json.dump({"summary": summary(run), "resident": run.resident,
                           "evening": run.evening, "files": run.meter.files,
                           "names": len(evening_names(run))}, f, indent=1)
    finally:
        run.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
