"""boot.py on CPython with fake board/storage/keypad modules: the flash is
remounted for the program unless the USB button is held at power-up."""
import ast
import os
import runpy
import sys
import types


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOOT = os.path.join(ROOT, "boot.py")
BUILTINS = {"board", "storage", "time", "keypad", "digitalio", "microcontroller"}


class Event:
    def __init__(self, key_number, pressed=True):
        self.key_number = key_number
        self.pressed = pressed


class Queue:
    def __init__(self, events):
        self.items = list(events)

    def get(self):
        return self.items.pop(0) if self.items else None


def fake_modules(monkeypatch, board_attrs, held=(), remount_error=None):
    made = {"scanners": [], "remounts": []}

    class Scanner:
        def __init__(self, *args, **kw):
            self.args, self.kw = args, kw
            self.events = Queue(Event(k) for k in held)
            self.deinited = False
            made["scanners"].append(self)

        def deinit(self):
            self.deinited = True

    keypad = types.ModuleType("keypad")
    keypad.ShiftRegisterKeys = Scanner
    keypad.Keys = Scanner
    board = types.ModuleType("board")
    for k, v in board_attrs.items():
        setattr(board, k, v)
    storage = types.ModuleType("storage")

    def remount(path, readonly=False, **kw):
        if remount_error:
            raise remount_error
        made["remounts"].append((path, readonly))
    storage.remount = remount
    for name, mod in (("keypad", keypad), ("board", board), ("storage", storage)):
        monkeypatch.setitem(sys.modules, name, mod)
    return made


PYBADGE = {"BUTTON_CLOCK": "clk", "BUTTON_OUT": "out", "BUTTON_LATCH": "latch",
           "board_id": "pybadge"}


def test_boot_imports_only_circuitpython_builtins():
    tree = ast.parse(open(BOOT).read())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            names.add(node.module)
    assert names <= BUILTINS, names - BUILTINS


def test_pybadge_without_select_remounts_for_saving(monkeypatch, capsys):
    made = fake_modules(monkeypatch, PYBADGE, held=[0, 2])  # B and START do not count
    assert runpy.run_path(BOOT)["MODE"] == "saves"
    assert made["remounts"] == [("/", False)]
    sr = made["scanners"][0]
    assert sr.kw["clock"] == "clk" and sr.kw["data"] == "out" and sr.kw["latch"] == "latch"
    assert sr.kw["key_count"] == 8 and sr.kw["value_when_pressed"] is True
    assert sr.deinited
    assert "saving on" in capsys.readouterr().out


def test_pybadge_with_select_held_stays_usb_writable(monkeypatch):
    made = fake_modules(monkeypatch, PYBADGE, held=[3])
    assert runpy.run_path(BOOT)["MODE"] == "usb"
    assert made["remounts"] == []
    assert made["scanners"][0].deinited


def test_reverse_tft_uses_the_middle_button(monkeypatch):
    attrs = {"D0": "d0", "D1": "d1", "D2": "d2", "board_id": "adafruit_feather_esp32s3_reverse_tft"}
    made = fake_modules(monkeypatch, attrs, held=[0])
    assert runpy.run_path(BOOT)["MODE"] == "usb"
    assert made["scanners"][0].args == (("d1",),)
    made = fake_modules(monkeypatch, attrs, held=[])
    assert runpy.run_path(BOOT)["MODE"] == "saves"


def test_board_with_one_button_and_board_with_none(monkeypatch):
    made = fake_modules(monkeypatch, {"BUTTON": "b"}, held=[0])
    assert runpy.run_path(BOOT)["MODE"] == "usb"
    assert made["scanners"][0].kw["value_when_pressed"] is False
    made = fake_modules(monkeypatch, {}, held=[])
    assert runpy.run_path(BOOT)["MODE"] == "saves"
    assert made["remounts"] == [("/", False)]


def test_a_failing_remount_never_stops_the_boot(monkeypatch, capsys):
    fake_modules(monkeypatch, PYBADGE, remount_error=RuntimeError("busy"))
    assert runpy.run_path(BOOT)["MODE"] == "usb"
    assert "could not take the drive" in capsys.readouterr().out


def test_the_program_reads_the_mode_boot_left(monkeypatch):
    from ui import saves
    storage = types.ModuleType("storage")
    mount = types.SimpleNamespace(readonly=True)
    storage.getmount = lambda path: mount
    monkeypatch.setitem(sys.modules, "storage", storage)
    assert saves.storage_mode() == "usb"
    assert saves.Store("/").writable is False
    mount.readonly = False
    assert saves.storage_mode() == "saves"
