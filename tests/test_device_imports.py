"""Static allowlist for device code: code.py, boot.py, engine/, ui/ and lib/hal/
may import only CircuitPython built-in modules, the Adafruit libraries we ship
and our own packages. The MicroPython VM used by the other tests has
itertools, functools and friends; a board does not, so this check is what
catches them. Exempt: desktop-only HAL files (lib/hal/desktop*), the web
page's profile (lib/hal/web.py and any web_ helper there: MicroPython in a browser,
never on a board) and imports inside ``try:`` blocks whose ``except`` catches
ImportError.
"""
import ast
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# CircuitPython core modules (docs.circuitpython.org "Core Modules" and
# "Standard Libraries"). Which ones a given board has varies; those a board
# may lack must still be imported behind try/except ImportError.
CIRCUITPY_BUILTINS = frozenset("""
    _asyncio _bleio adafruit_bus_device adafruit_pixelbuf aesio alarm analogbufio
    analogio array atexit audiobusio audiocore audioio audiomixer audiomp3
    audiopwmio binascii bitbangio bitmapfilter bitmaptools bitops board builtins
    busdisplay busio canio codeop collections countio digitalio displayio dualbank
    epaperdisplay errno fontio fourwire framebufferio frequencyio gc getpass
    gifio hashlib heapq i2cdisplaybus i2ctarget imagecapture io ipaddress jpegio
    json keypad keypad_demux locale lvfontio math memorymap memorymonitor
    microcontroller micropython msgpack neopixel_write nvm onewireio os
    paralleldisplaybus ps2io pulseio pwmio qrio rainbowio random re rgbmatrix
    rotaryio rtc sdcardio sdioio select sharpdisplay socketpool ssl storage
    struct supervisor synthio sys terminalio tilepalettemapper time touchio
    traceback ulab usb usb_cdc usb_hid usb_midi ustack vectorio warnings
    watchdog wifi zlib
""".split())

# Submodules of built-ins that exist (os.path, for one, does not).
CIRCUITPY_SUBMODULES = frozenset((
    "alarm.pin", "alarm.time", "alarm.touch",
    "adafruit_bus_device.i2c_device", "adafruit_bus_device.spi_device",
))

# The Adafruit libraries the bundle ships in CIRCUITPY/lib, with their deps.
SHIPPED_LIBRARIES = frozenset((
    "adafruit_display_text", "adafruit_bitmap_font", "adafruit_displayio_layout",
    "adafruit_display_shapes", "adafruit_imageload", "adafruit_ticks",
))

OWN_PACKAGES = frozenset(("engine", "ui", "hal"))
DEVICE_DIRS = ("engine", "ui", os.path.join("lib", "hal"))
GUARDS = ("ImportError", "ModuleNotFoundError", "Exception", "BaseException")


def is_desktop_only(rel):
    """lib/hal/desktop*.py (or a lib/hal/desktop*/ package) and lib/hal/web.py,
    web_*.py never go to a board."""
    parts = rel.replace(os.sep, "/").split("/")
    if parts[:2] != ["lib", "hal"] or len(parts) < 3:
        return False
    name = parts[2]
    return name.startswith("desktop") or name == "web.py" or name.startswith("web_")


def device_files(root=ROOT):
    """Project-relative paths of every device .py file (desktop-only ones aside)."""
    out = [name for name in ("code.py", "boot.py") if os.path.isfile(os.path.join(root, name))]
    for d in DEVICE_DIRS:
        for base, dirs, files in os.walk(os.path.join(root, d)):
            dirs[:] = sorted(x for x in dirs if x != "__pycache__")
            for f in sorted(files):
                if f.endswith(".py"):
                    rel = os.path.relpath(os.path.join(base, f), root)
                    if not is_desktop_only(rel):
                        out.append(rel)
    return out


def _catches_import_error(handler):
    if handler.type is None:
        return True
    types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(isinstance(t, ast.Name) and t.id in GUARDS for t in types)


def _guarded_nodes(tree):
    """ids of nodes in a try whose handlers catch ImportError: its body and its
    handlers (the fallback, e.g. `import uos as os`); not its else/finally."""
    guarded = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Try) and any(_catches_import_error(h) for h in node.handlers):
            for stmt in node.body + node.handlers:
                for n in ast.walk(stmt):
                    guarded.add(id(n))
    return guarded


def _own_module_exists(name, root):
    """engine.x / ui.x / hal.x must be a file or package in the repo."""
    parts = name.split(".")
    base = os.path.join(root, "lib") if parts[0] == "hal" else root
    path = os.path.join(base, *parts)
    return os.path.isfile(path + ".py") or os.path.isfile(os.path.join(path, "__init__.py"))


def allowed(name, root=ROOT):
    """None when `import name` is fine on the device, else the reason."""
    top = name.split(".")[0]
    if top in OWN_PACKAGES:
        return None if _own_module_exists(name, root) else "no such project module"
    if top in SHIPPED_LIBRARIES:
        return None
    if name in CIRCUITPY_BUILTINS or name in CIRCUITPY_SUBMODULES:
        return None
    if top in CIRCUITPY_BUILTINS:
        return "CircuitPython has no submodule %s" % name
    return "not a CircuitPython built-in, a shipped library or our own package"


def check_source(text, rel, root=ROOT):
    """Problems in one file's imports, as 'path:line: message' strings."""
    try:
        tree = ast.parse(text, rel)
    except SyntaxError as e:
        return ["%s:%s: syntax error: %s" % (rel, e.lineno, e.msg)]
    guarded = _guarded_nodes(tree)
    problems = []

    def flag(node, name, why):
        problems.append("%s:%d: import %s: %s" % (rel, node.lineno, name, why))

    for node in ast.walk(tree):
        if id(node) in guarded:
            continue
        if isinstance(node, ast.Import):
            for a in node.names:
                why = allowed(a.name, root)
                if why:
                    flag(node, a.name, why)
        elif isinstance(node, ast.ImportFrom):
            if node.level:          # relative: inside our own package
                continue
            name = node.module or ""
            why = allowed(name, root)
            if why:
                flag(node, name, why)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id == "__import__" and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            why = allowed(node.args[0].value, root)
            if why:
                flag(node, node.args[0].value, why)
    return problems


def check_tree(root=ROOT):
    problems = []
    for rel in device_files(root):
        with open(os.path.join(root, rel), encoding="utf-8") as fh:
            problems += check_source(fh.read(), rel, root)
    return problems


def test_device_code_imports_only_what_circuitpython_has():
    files = device_files()
    assert "engine/games.py" in [f.replace(os.sep, "/") for f in files]     # it looks at real code
    problems = check_tree()
    assert problems == [], "device code imports what a board does not have:\n" + "\n".join(problems)


# --- the checker can fail: planted bad imports on a temp tree ---------------

PLANTED = '''
import itertools
from functools import reduce
import typing
import os.path
import engine.no_such_module
import gc, json, math
import os
from micropython import const
from engine import cards
from . import cards as c2
import adafruit_display_text.label
try:
    import pygame
except ImportError:
    pygame = None
try:
    from typing import List
except (ImportError, AttributeError):
    import uos
else:
    import inspect
try:
    import dataclasses
finally:
    pass


def later():
    import copy
    return __import__("abc")
'''


@pytest.fixture
def planted_tree(tmp_path):
    for d in ("engine", "ui", "lib/hal"):
        (tmp_path / d).mkdir(parents=True)
        (tmp_path / d / "__init__.py").write_text("")
    (tmp_path / "engine" / "cards.py").write_text("import math\n")
    (tmp_path / "engine" / "bad.py").write_text(PLANTED)
    (tmp_path / "lib" / "hal" / "desktop.py").write_text("import pygame\nimport threading\n")
    (tmp_path / "lib" / "hal" / "desktop_keys.py").write_text("import pygame\n")
    (tmp_path / "lib" / "hal" / "pybadge.py").write_text("import board, keypad\nimport asyncio\n")
    (tmp_path / "code.py").write_text("import hal\nimport ui\nimport enum\n")
    return tmp_path


def test_checker_catches_planted_bad_imports(planted_tree):
    problems = check_tree(str(planted_tree))
    flagged = sorted(p.split(": import ")[1].split(":")[0] for p in problems)
    assert flagged == sorted(["itertools", "functools", "typing", "os.path",
                              "engine.no_such_module", "dataclasses", "copy", "abc", "inspect",
                              "asyncio", "enum"])
    assert all(p.startswith(("engine/bad.py:", "lib/hal/pybadge.py:", "code.py:"))
               for p in problems)
    assert not any("desktop" in p for p in problems)


def test_checker_lists_line_numbers(planted_tree):
    problems = check_source("import gc\n\nimport itertools\n", "engine/x.py", str(planted_tree))
    assert problems == ["engine/x.py:3: import itertools: not a CircuitPython built-in, "
                        "a shipped library or our own package"]


@pytest.mark.parametrize("name", ["itertools", "functools", "typing", "dataclasses", "enum",
                                  "abc", "copy", "threading", "pathlib", "asyncio", "string"])
def test_modules_the_vm_has_but_a_board_lacks_are_rejected(name):
    assert allowed(name) is not None
