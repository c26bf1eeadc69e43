"""CircuitPython's own interpreter for tests and benchmarks (dev-side only).

    from tools.runners import circuitpy
    out = circuitpy.run("import engine.rng\\nprint('OK')", heap=96 * 1024)
    out = circuitpy.run(script, heap=96 * 1024, tree=circuitpy.stage("mpy"))

The binary is CircuitPython's unix port built 32-bit (objects have their board
sizes, and its collector runs while code executes, as on a board); its
mpy-cross makes the .mpy files CircuitPython loads. Both are found beside the
repository in ../shared/tools/circuitpython/, or wherever the environment
variables POCKET_TRICKS_CIRCUITPYTHON and POCKET_TRICKS_MPY_CROSS point.

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
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "tools", "circuitpython")
BINARY_ENV = "POCKET_TRICKS_CIRCUITPYTHON"
MPY_CROSS_ENV = "POCKET_TRICKS_MPY_CROSS"
DEVICE_DIRS = ("engine", "ui", "lib/hal", "rules")
STAGE_DIR = os.path.join(ROOT, "build", "circuitpython")
HOW_TO_GET = (
    "CircuitPython's unix port is not at %s. Build one from adafruit/circuitpython "
    "(make -C mpy-cross; make -C ports/unix VARIANT=standard MICROPY_FORCE_32BIT=1) "
    "and point %s at the binary and %s at its mpy-cross.")
# Run first in every script: the board's sys.path (current folder, then /lib).
PREAMBLE = "import sys\nsys.path[:] = ['', 'lib']\n"


class Missing(Exception):
    """The CircuitPython binary or its mpy-cross is not on this machine."""


class CircuitPythonError(Exception):
    """A script that failed inside CircuitPython (its output says how)."""

    def __init__(self, returncode, output):
        Exception.__init__(self, "CircuitPython exited %d:\n%s" % (returncode, output[-4000:]))
        self.returncode = returncode
        self.output = output

    def memory_error(self):
        return "MemoryError" in self.output


def _tool(env, name):
    path = os.environ.get(env) or os.path.join(SHARED, name)
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        raise Missing(HOW_TO_GET % (path, BINARY_ENV, MPY_CROSS_ENV))
    return path


def binary():
    return _tool(BINARY_ENV, "circuitpython")


def mpy_cross():
    return _tool(MPY_CROSS_ENV, "mpy-cross")


def board_binary():
    """circuitpython-board (a PyBadge's VM settings and display modules), beside binary()."""
    path = os.path.join(os.path.dirname(binary()), "circuitpython-board")
    if not os.access(path, os.X_OK):
        raise Missing("no circuitpython-board beside %s" % binary())
    return path


def available():
    """None when both tools are here, else the sentence saying how to get them."""
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


def compile_mpy(src, dest, source_name=None):
    """src (.py) -> dest (.mpy) with CircuitPython's mpy-cross; raises on a compile error."""
    cmd = [mpy_cross(), MPY_OPTIMISE, "-o", dest]
    if source_name:
        cmd += ["-s", source_name]
    proc = subprocess.run(cmd + [src], capture_output=True, text=True, timeout=120)
    if proc.returncode != 0:
        raise CircuitPythonError(proc.returncode, proc.stdout + proc.stderr)


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
