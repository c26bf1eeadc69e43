"""Helpers for tests/test_circuitpython.py (and test_micropython_vm.py's scan):
the VM-style scripts of the test suite, run in CircuitPython's own interpreter
(tools/runners/circuitpy.py), and the "everything device code uses exists"
scan (dev-side only).

- ``steps_script(source, finish)``: a script that defines ``step()`` (the
  MicroPython VM runner calls it until it returns None, see tools/runners/mpvm.mjs)
  as one program: step() in a loop, then the finish code.
- ``relocate(source)``: absolute path literals ("/saves") become folders in
  the run's own scratch folder (``WORK + "/saves"``), so scripts written for
  the VM's private filesystem never touch this machine's root.
- ``device_uses(files)``: the imports, module attributes, builtins and
  built-in type methods device code uses, minus what it guards (try/except
  ImportError or AttributeError, ``if hasattr(mod, "name")``), what runs only
  on CPython (the desktop side of ``if sys.implementation.name == "cpython"``
  or ``hal._on_cpython()``, and private functions called only from there) and
  modules only a board has; ``check_uses_script`` looks them up inside the
  interpreter, which prints ``MISSING [...]`` (``parse_missing``).
- ``board_only_at_load(files)``: the modules that cannot even be imported
  without a board (displayio, keypad, ... when they load).
"""
import ast
import builtins
import io
import json
import os
import re
import tokenize

from tools.runners import circuitpy
from tools.runners.mpvm import module_name

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEVICE_DIRS = ("engine", "ui", os.path.join("lib", "hal"))
OWN_PACKAGES = ("engine", "ui", "hal")

# Modules a board has and CircuitPython's unix port does not (hardware,
# display, storage), plus the Adafruit libraries the bundle ships: they cannot
# be looked up here. tests/test_device_imports.py checks their names statically.
HARDWARE = frozenset("""
    alarm analogio audiobusio audiocore audioio audiomixer audiopwmio bitmaptools
    board busdisplay busio digitalio displayio fontio fourwire framebufferio keypad
    microcontroller neopixel_write nvm pwmio rtc socketpool storage supervisor synthio
    terminalio touchio usb_cdc usb_hid vectorio watchdog wifi
""".split())
SHIPPED_PREFIX = "adafruit_"

# Exceptions whose handlers make the code in their try block optional.
IMPORT_GUARDS = ("ImportError", "ModuleNotFoundError", "Exception", "BaseException")
ATTR_GUARDS = IMPORT_GUARDS + ("AttributeError", "NotImplementedError")


def steps_script(source, finish="", call="step", max_calls=100000):
    """source + call() until it returns None or False (at most max_calls) + finish."""
    return (source + "\n\n_calls = 0\nwhile True:\n"
            "    _r = %s()\n"
            "    if _r is None or _r is False:\n        break\n"
            "    _calls += 1\n"
            "    if _calls >= %d:\n"
            "        raise RuntimeError('%s() still running after %d calls')\n"
            % (call, int(max_calls), call, int(max_calls))) + "\n" + (finish or "")


def relocate(source, base="WORK"):
    """Each string literal that is an absolute path ("/saves") and is not
    appended to something else (``D + "/game.json"``) becomes ``(base + "/saves")``."""
    toks = list(tokenize.generate_tokens(io.StringIO(source).readline))
    skip = (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT)
    prev = None
    out = []
    for t in toks:
        if t.type == tokenize.STRING and not (prev is not None and prev.type == tokenize.OP
                                              and prev.string == "+"):
            try:
                value = ast.literal_eval(t.string)
            except (ValueError, SyntaxError):
                value = None
            if isinstance(value, str) and value.startswith("/") and len(value) > 1:
                t = t._replace(string="(%s + %r)" % (base, value))
        if t.type not in skip:
            prev = t
        out.append(t)
    return tokenize.untokenize(out)


def heap_comment(source, key="circuitpython"):
    """N from a ``# circuitpython: heap=N`` comment in the first lines, or None."""
    m = re.search(r"#\s*%s:\s*heap\s*=\s*(\d+)" % key, source[:2000])
    return int(m.group(1)) if m else None


# --- what device code uses -------------------------------------------------

def is_desktop_only(rel):
    """lib/hal/desktop*.py (or a desktop* package), and the web page's
    lib/hal/web.py and web_*.py, never go to a board."""
    parts = rel.replace(os.sep, "/").split("/")
    if parts[:2] != ["lib", "hal"] or len(parts) < 3:
        return False
    name = parts[2]
    return name.startswith("desktop") or name == "web.py" or name.startswith("web_")


def device_sources(dirs=DEVICE_DIRS, root=ROOT):
    """Project-relative paths of the device .py files under dirs (desktop-only ones aside)."""
    return [rel for rel, _ in circuitpy.device_files(root, dirs)
            if rel.endswith(".py") and not is_desktop_only(rel)]


def _is_own(module):
    return (module or "").split(".")[0] in OWN_PACKAGES


def _is_board_only(module):
    top = (module or "").split(".")[0]
    return top in HARDWARE or top.startswith(SHIPPED_PREFIX)


def _catches(handler, names):
    if handler.type is None:
        return True
    types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(isinstance(t, ast.Name) and t.id in names for t in types)


def _hasattr_tests(test):
    """{(name, attr)} for each hasattr(name, "attr") in an if/while/ternary test."""
    found = set()
    for node in ast.walk(test):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "hasattr" and len(node.args) == 2
                and isinstance(node.args[0], ast.Name)
                and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)):
            found.add((node.args[0].id, node.args[1].value))
    return found


def _guards(tree):
    """({id(node): True} of nodes where a failed import is handled,
        {id(node): True} where a missing attribute is handled,
        {id(node): {(name, attr)}} hasattr checks around nodes)."""
    imports, attrs, checked = set(), set(), {}

    def mark(nodes, into):
        for n in nodes:
            for sub in ast.walk(n):
                into.add(id(sub))

    for node in ast.walk(tree):
        if isinstance(node, ast.Try):
            if any(_catches(h, IMPORT_GUARDS) for h in node.handlers):
                mark(node.body + [h for h in node.handlers], imports)
            if any(_catches(h, ATTR_GUARDS) for h in node.handlers):
                mark(node.body, attrs)
        elif isinstance(node, (ast.If, ast.IfExp, ast.While)):
            tests = _hasattr_tests(node.test)
            if tests:
                for sub in ast.walk(node):
                    checked.setdefault(id(sub), set()).update(tests)
        elif isinstance(node, ast.BoolOp):
            tests = _hasattr_tests(node)
            if tests:
                for sub in ast.walk(node):
                    checked.setdefault(id(sub), set()).update(tests)
    return imports, attrs, checked


def _cpython_test(test):
    """True when test holds only on CPython (the desktop), False when only off
    it, None when it says neither: ``sys.implementation.name == "cpython"``,
    ``hal._on_cpython()``, their negations, and ``x and <one of them>``."""
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        sides = [test.left] + list(test.comparators)
        if any(isinstance(s, ast.Constant) and s.value == "cpython" for s in sides):
            if isinstance(test.ops[0], ast.Eq):
                return True
            if isinstance(test.ops[0], ast.NotEq):
                return False
    if isinstance(test, ast.Call):
        f = test.func
        name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
        if name == "_on_cpython":
            return True
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _cpython_test(test.operand)
        return None if inner is None else not inner
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        if any(_cpython_test(v) is True for v in test.values):
            return True
    return None


def _leaves(stmts):
    """True when a block always returns or raises (its last statement does)."""
    return bool(stmts) and isinstance(stmts[-1], (ast.Return, ast.Raise))


def desktop_only_nodes(tree):
    """ids of the nodes that run only on CPython: the CPython side of an
    ``if`` on the interpreter (and what follows an ``if not CPython: return``),
    and private module functions called only from there."""
    region = set()

    def mark(nodes):
        for n in nodes:
            for sub in ast.walk(n):
                region.add(id(sub))

    for node in ast.walk(tree):
        for field in ("body", "orelse"):
            block = getattr(node, field, None)
            if not isinstance(block, list):
                continue
            for i, stmt in enumerate(block):
                if not isinstance(stmt, ast.If):
                    continue
                on = _cpython_test(stmt.test)
                if on is True:
                    mark(stmt.body)
                elif on is False:
                    mark(stmt.orelse)
                    if _leaves(stmt.body):
                        mark(block[i + 1:])
    funcs = {n.name: n for n in tree.body
             if isinstance(n, ast.FunctionDef) and n.name.startswith("_")}
    changed = True
    while changed:
        changed = False
        for name, fn in funcs.items():
            if id(fn) in region:
                continue
            calls = [c for c in ast.walk(tree) if isinstance(c, ast.Call)
                     and ((isinstance(c.func, ast.Name) and c.func.id == name)
                          or (isinstance(c.func, ast.Attribute) and c.func.attr == name))]
            if calls and all(id(c) in region for c in calls):
                mark([fn])
                changed = True
    return region


def device_uses(files, root=ROOT):
    """What the files use, for CHECK_USES: {"imports", "from_names", "mod_attrs",
    "builtins", "methods"}. Left out: the project's own packages, modules only a
    board has (HARDWARE, the shipped Adafruit libraries), and whatever the
    code guards (try/except ImportError or AttributeError, hasattr checks)."""
    imports, from_names, mod_attrs, names, attrs, defined = set(), set(), set(), set(), set(), set()
    for rel in files:
        path = os.path.join(root, rel)
        with open(path, encoding="utf-8") as fh:
            tree = ast.parse(fh.read(), path)
        import_guarded, attr_guarded, checked = _guards(tree)
        desktop = desktop_only_nodes(tree)
        aliases = {}
        for node in ast.walk(tree):
            if id(node) in desktop:
                continue
            if isinstance(node, ast.Import):
                for a in node.names:
                    if _is_own(a.name) or _is_board_only(a.name):
                        continue
                    aliases.setdefault(a.asname or a.name, a.name)
                    if id(node) not in import_guarded:
                        imports.add(a.name)
            elif isinstance(node, ast.ImportFrom) and not node.level:
                if _is_own(node.module) or _is_board_only(node.module):
                    continue
                if id(node) not in import_guarded:
                    for a in node.names:
                        from_names.add((node.module, a.name))
            elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                defined.add(node.name)
            elif isinstance(node, ast.arg):
                defined.add(node.arg)
            elif isinstance(node, ast.Name):
                if isinstance(node.ctx, ast.Store):
                    defined.add(node.id)
                else:
                    names.add(node.id)
            elif isinstance(node, ast.Attribute):
                if isinstance(node.ctx, ast.Store):
                    defined.add(node.attr)
                elif id(node) not in attr_guarded:
                    attrs.add(node.attr)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id in aliases and id(node) not in attr_guarded
                    and id(node) not in desktop
                    and id(node) not in import_guarded
                    and (node.value.id, node.attr) not in checked.get(id(node), ())):
                mod_attrs.add((aliases[node.value.id], node.attr))
    used_builtins = sorted(n for n in names - defined
                           if hasattr(builtins, n)
                           and (not n.startswith("__") or n == "__import__"))
    types = (str, list, dict, set, tuple, int, bytes, bytearray, float)
    methods = {}
    for a in sorted(attrs - defined):
        owners = [t.__name__ for t in types if hasattr(t, a)]
        if owners and not a.startswith("__"):
            methods[a] = owners
    return {"imports": sorted(imports), "from_names": [list(x) for x in sorted(from_names)],
            "mod_attrs": [list(x) for x in sorted(mod_attrs)], "builtins": used_builtins,
            "methods": methods}


def board_only_at_load(files, root=ROOT):
    """Module names (of files) that import a board-only module when they load,
    directly, through another of the files or through their package (ui.draw's
    modules): they cannot be imported here."""
    mods = {module_name(rel): rel for rel in files}
    deps = {}
    for name, rel in mods.items():
        with open(os.path.join(root, rel), encoding="utf-8") as fh:
            tree = ast.parse(fh.read(), rel)
        package = name if rel.endswith("__init__.py") else name.rpartition(".")[0]
        found = set()

        def visit(nodes):
            for node in nodes:
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                    continue
                if isinstance(node, ast.Try) and any(_catches(h, IMPORT_GUARDS)
                                                     for h in node.handlers):
                    visit(node.orelse + node.finalbody)
                    continue
                if isinstance(node, ast.Import):
                    found.update(a.name for a in node.names)
                elif isinstance(node, ast.ImportFrom):
                    mod = node.module or ""
                    if node.level:
                        parts = package.split(".")
                        mod = ".".join(parts[: len(parts) - node.level + 1]
                                       + ([mod] if mod else []))
                    found.add(mod)
                    found.update(mod + "." + a.name for a in node.names)
                visit(list(ast.iter_child_nodes(node)))

        visit(tree.body)
        parts = name.split(".")       # importing a module loads its packages first
        found.update(".".join(parts[:i]) for i in range(1, len(parts)))
        deps[name] = found
    bad = set()
    changed = True
    while changed:
        changed = False
        for name, found in deps.items():
            if name not in bad and any(_is_board_only(m) or m in bad for m in found):
                bad.add(name)
                changed = True
    return sorted(bad)


CHECK_USES = """
import builtins, json
uses = json.loads(%r)
missing = []
for m in uses["imports"]:
    try:
        __import__(m)
    except ImportError:
        missing.append("import " + m)
for m, n in uses["from_names"] + uses["mod_attrs"]:
    try:
        mod = __import__(m)
        for part in m.split(".")[1:]:
            mod = getattr(mod, part)
        if not hasattr(mod, n):
            missing.append(m + "." + n)
    except ImportError:
        missing.append("import " + m)
for n in uses["builtins"]:
    if not hasattr(builtins, n):
        missing.append("builtin " + n)
types = {"str": str, "list": list, "dict": dict, "set": set, "tuple": tuple, "int": int,
         "bytes": bytes, "bytearray": bytearray, "float": float}
for a in uses["methods"]:
    if not [t for t in uses["methods"][a] if hasattr(types[t], a)]:
        missing.append("/".join(uses["methods"][a]) + "." + a)
for name in uses.get("modules", ()):
    try:
        __import__(name)
    except Exception as e:
        missing.append("module %%s: %%s: %%s" %% (name, type(e).__name__, e))
print("MISSING " + json.dumps(missing))
"""


def check_uses_script(uses, modules=()):
    """The CHECK_USES program for device_uses()' dict and the modules to import."""
    data = dict(uses)
    data["modules"] = list(modules)
    return CHECK_USES % json.dumps(data)


def parse_missing(output):
    """The list CHECK_USES printed."""
    lines = [x for x in output.splitlines() if x.startswith("MISSING ")]
    if not lines:
        raise ValueError("no MISSING line in:\n" + output[-2000:])
    return json.loads(lines[-1][len("MISSING "):])
