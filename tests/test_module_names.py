"""Every module the device code names in a string resolves.

The device loads rarely needed code on demand and drops it after
(engine/ondemand.py: load, forget, call; a screen's `module`; App's table of
screens over the table; a bot module's SEARCH). Those names are strings the
import graph cannot see, so a misspelt one would fail only when that path
runs, or, for forget(), silently keep the module in memory. Here each
dotted name in a string of device code must be a module file, each
call(module, function) must name a function that module defines, and each
screen App opens by name must be a class of its module.
"""
import ast
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEVICE = ("engine", "ui", os.path.join("lib", "hal"))
MODULE_NAME = re.compile(r"^(engine|ui|hal)(\.[a-z_][a-z0-9_]*)+$")


def module_file(name):
    # the file that defines dotted module name, or None; for a name that is
    # the start of others ("engine.bots." + a game id), the first it starts
    parts = name.split(".")
    base = os.path.join(ROOT, "lib") if parts[0] == "hal" else ROOT
    if name.endswith("_"):
        folder = os.path.join(base, *parts[:-1])
        hits = sorted(f for f in os.listdir(folder)
                      if f.startswith(parts[-1]) and f.endswith(".py"))
        return os.path.join(folder, hits[0]) if hits else None
    path = os.path.join(base, *parts)
    for cand in (path + ".py", os.path.join(path, "__init__.py")):
        if os.path.isfile(cand):
            return cand
    return None


def device_sources():
    out = [os.path.join(ROOT, "code.py"), os.path.join(ROOT, "boot.py")]
    for d in DEVICE:                     # with their subpackages (ui/console/)
        for base, dirs, files in os.walk(os.path.join(ROOT, d)):
            dirs[:] = sorted(x for x in dirs if x != "__pycache__")
            out += [os.path.join(base, f) for f in sorted(files) if f.endswith(".py")]
    return out


def strings(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node


def top_level_names(path):
    tree = ast.parse(open(path, encoding="utf-8").read())
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
    return names


def named_modules():
    # (file, line, name) of every string in device code that looks like a module
    found = []
    for path in device_sources():
        tree = ast.parse(open(path, encoding="utf-8").read())
        for node in strings(tree):
            if MODULE_NAME.match(node.value):
                found.append((os.path.relpath(path, ROOT), node.lineno, node.value))
    return found


def calls_by_name():
    # (file, line, module, function) of every call("module", "function", ...)
    found = []
    for path in device_sources():
        tree = ast.parse(open(path, encoding="utf-8").read())
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or len(node.args) < 2:
                continue
            f = node.func
            fname = getattr(f, "id", None) or getattr(f, "attr", "")
            a, b = node.args[0], node.args[1]
            if fname == "call" and isinstance(a, ast.Constant) and isinstance(b, ast.Constant) \
                    and isinstance(a.value, str) and isinstance(b.value, str):
                found.append((os.path.relpath(path, ROOT), node.lineno, a.value, b.value))
    return found


def test_every_module_named_in_a_string_exists():
    found = named_modules()
    assert len(found) > 50          # the loads, forgets and calls are many
    missing = ["%s:%d %s" % f for f in found if module_file(f[2]) is None]
    assert missing == []


def test_every_function_called_by_name_exists_in_its_module():
    found = calls_by_name()
    assert len(found) > 20
    bad = []
    for path, line, module, fn in found:
        src = module_file(module)
        if src is None or fn not in top_level_names(src):
            bad.append("%s:%d %s.%s" % (path, line, module, fn))
    assert bad == []


def test_every_screen_app_opens_by_name_is_a_class_of_its_module():
    from ui.app import OVER
    assert len(OVER) % 3 == 0
    for i in range(0, len(OVER), 3):
        key, module, cls = OVER[i:i + 3]
        src = module_file(module)
        assert src is not None and cls in top_level_names(src), (key, module, cls)


def test_each_bot_names_a_search_module_that_exists():
    from engine import catalog
    from engine.ondemand import load
    for gid in catalog.ids():
        bot = load("engine.bots." + gid)
        assert module_file(bot.SEARCH) is not None, (gid, bot.SEARCH)
        assert type(bot.BID_SEARCH) is bool


def test_the_checks_catch_a_misspelt_name():
    assert module_file("ui.tips") and module_file("engine.bots.search") and module_file("hal.keys")
    assert module_file("ui.tipz") is None and module_file("engine.bots.zz_") is None
    assert module_file("engine.bots.").endswith(".py")
    assert "nope" not in top_level_names(module_file("ui.tips"))
    assert "due" in top_level_names(module_file("ui.tips"))
