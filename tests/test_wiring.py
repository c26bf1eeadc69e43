"""The device code's wiring: which module may import which.

- No circles: in the graph of the device modules' imports (at the top or
  inside a function) and of the links made by name (a string equal to a
  device module's name, as engine.ondemand.load/call/forget, a screen's
  `module` and ui.app's OVER take them, or the start of such names,
  "engine.bots." + a game's id), no module reaches itself.
- The drawing layer (ui/draw/) depends on nothing of the table's: the
  layout facts both read (the panel's size, when the hand doubles) are in
  ui/fmt.py.
- Only engine/ondemand.py writes sys.modules: every unload goes through it.
"""
import ast
import os

from engine.catalog import ids
from tools.bench.compiled import module_files

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LEFT = []          # circles left to their files' owners, each with what breaks it


def modules():
    # {dotted name: source path} of every device module, code.py and boot.py too
    out = dict(module_files(ROOT))
    out["code"] = os.path.join(ROOT, "code.py")
    out["boot"] = os.path.join(ROOT, "boot.py")
    return out


def links(name, path, names):
    # {module name reaches: how ("import"/"name", line)}: its imports (from x
    # import y: x.y when that is a module, else x) and the modules it names
    tree = ast.parse(open(path, encoding="utf-8").read())
    out = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                out.setdefault(a.name, ("import", node.lineno))
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for a in node.names:
                sub = node.module + "." + a.name
                out.setdefault(sub if sub in names else node.module, ("import", node.lineno))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            v = node.value
            if v in names:
                out.setdefault(v, ("name", node.lineno))
            elif v[-1:] in ("." , "_"):       # "engine." + a game's id: each game's module
                for gid in ids():
                    if v + gid in names:
                        out.setdefault(v + gid, ("name", node.lineno))
    return dict((k, v) for k, v in out.items() if k in names and k != name)


def graph():
    names = modules()
    return dict((m, links(m, p, names)) for m, p in names.items())


def circles(g):
    # the strongly connected parts of g with more than one module (Tarjan's)
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(g[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return found


def told(g, part):
    # a circle in words: each link inside it, "a -> b (name, line 12)"
    return "; ".join("%s -> %s (%s, line %d)" % ((a, b) + g[a][b])
                     for a in part for b in sorted(g[a]) if b in part)


def test_no_module_reaches_itself_through_imports_or_names():
    g = graph()
    assert len(g) > 100 and "ui.saves.load" in g["ui.saves"]       # names count as links
    found = circles(g)
    assert [told(g, p) for p in found if p not in LEFT] == []
    assert [p for p in LEFT if p not in found] == []    # a circle broken leaves LEFT


def test_the_circle_check_sees_a_circle_made_by_a_name():
    g = {"a": {"b": ("import", 1)}, "b": {"c": ("name", 2)}, "c": {"a": ("import", 3)},
         "d": {"a": ("name", 4)}}
    assert circles(g) == [["a", "b", "c"]]
    assert "b -> c (name, line 2)" in told(g, ["a", "b", "c"])
    names = modules()
    bots = links("engine.bots", names["engine.bots"], names)
    assert "engine.bots.nommie" in bots and "engine.bots.search" in bots


def test_only_the_loader_writes_the_module_table():
    writes = []
    for name, path in sorted(modules().items()):
        if name == "engine.ondemand":
            continue
        for node in ast.walk(ast.parse(open(path, encoding="utf-8").read())):
            targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else []
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                targets = [node.func] if node.func.attr in ("pop", "clear", "update",
                                                            "setdefault") else []
            for t in targets:
                if "sys.modules" in ast.unparse(t):
                    writes.append("%s:%d" % (path, node.lineno))
    assert writes == []


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
