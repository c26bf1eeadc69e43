"""The device code's wiring: which module may import which.

- The drawing layer (ui/draw/) depends on nothing of the table's: the
  layout facts both read (the panel's size, when the hand doubles) are in
  ui/fmt.py.
"""
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def imported(path):
    # the dotted names of the modules a source file imports (from x import y:
    # x, and x.y in case y is a module)
    tree = ast.parse(open(path, encoding="utf-8").read())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module)
            out |= {node.module + "." + a.name for a in node.names}
    return out


def test_drawing_imports_nothing_of_the_table():
    folder = os.path.join(ROOT, "ui", "draw")
    bad = []
    for f in sorted(os.listdir(folder)):
        if f.endswith(".py"):
            for name in imported(os.path.join(folder, f)):
                if name == "ui.table" or name.startswith("ui.table."):
                    bad.append("ui/draw/%s imports %s" % (f, name))
    assert bad == []
