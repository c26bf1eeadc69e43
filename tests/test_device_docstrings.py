"""Device code explains itself in # comments, not docstrings: MicroPython keeps
docstrings in the heap, where on a board they would crowd out the game."""
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def device_files():
    for name in ("code.py", "boot.py"):
        yield name
    for d in ("engine", "ui", os.path.join("lib", "hal")):
        for f in sorted(os.listdir(os.path.join(ROOT, d))):
            if f.endswith(".py") and f != "desktop.py":  # the desktop profile stays on the desktop
                yield os.path.join(d, f)


def docstrings(source):
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str):
                found.append(first.lineno)
    return found


def test_device_modules_have_no_docstrings():
    offenders = []
    for rel in device_files():
        with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
            lines = docstrings(f.read())
        offenders += ["%s:%d" % (rel, n) for n in lines]
    assert offenders == [], "use # comments in device code: " + ", ".join(offenders)


def test_the_check_finds_a_docstring():
    assert docstrings('def f():\n    """why"""\n    return 1\n') == [2]
    assert docstrings('def f():\n    # why\n    return 1\n') == []
