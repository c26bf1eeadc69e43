"""engine/ondemand.py, the one place modules are loaded and dropped, and the
app's policy over it (ui/app.py): on the device a module that a press calls
into stays while the top screen is the same (the presses on one screen import
nothing twice) and goes when the top screen changes, with one collection
then; back at the title every module the title did not hold goes. Importing
never collects; the desktop never drops."""
import sys

import pytest

from engine import ondemand

MODULE = "engine.explain"      # small, loaded on demand in a game


@pytest.fixture
def device(monkeypatch):
    count = []
    monkeypatch.setattr(ondemand.gc, "collect", lambda: count.append(1))
    monkeypatch.setattr(ondemand, "DROP", True)
    monkeypatch.setattr(ondemand, "_passing", [])
    monkeypatch.delitem(sys.modules, MODULE, raising=False)     # both put back after
    monkeypatch.delattr(sys.modules["engine"], "explain", raising=False)
    return count


def test_importing_never_collects(device):
    assert ondemand.load(MODULE).__name__ == MODULE
    ondemand.forget(MODULE)
    ondemand.load(MODULE)
    assert device == []


def test_a_called_module_stays_until_the_screen_changes_then_goes_with_one_collection(device):
    mark = ondemand.passing()
    ondemand.call(MODULE, "__str__")                 # a press calls into it
    assert MODULE in sys.modules and ondemand.passing() == mark + 1
    ondemand.call(MODULE, "__str__")                 # the next press on that screen
    assert ondemand.passing() == mark + 1 and device == []
    # a screen change in a later press drops what was passing as it began
    assert ondemand.settle(ondemand.passing()) == 1
    assert MODULE not in sys.modules and device == [1]
    assert ondemand.settle(ondemand.passing()) == 0 and device == [1]   # nothing to drop


def test_what_a_screen_change_press_brings_in_stays_for_the_new_screen(device):
    mark = ondemand.passing()                        # the press begins
    ondemand.call(MODULE, "__str__")                 # the new screen uses it
    ondemand.settle(mark)                            # the change: only what came before goes
    assert MODULE in sys.modules and device == []


def test_a_module_loaded_to_hold_is_not_dropped_by_a_screen_change(device):
    ondemand.call(MODULE, "__str__")
    ondemand.load(MODULE)                            # now held by its loader
    ondemand.settle()
    assert MODULE in sys.modules


def test_the_sweep_keeps_only_what_it_is_told_and_what_it_skips(device, monkeypatch):
    for name in [m for m in sys.modules if m.split(".")[0] in ("engine", "ui")]:
        monkeypatch.setitem(sys.modules, name, sys.modules[name])    # put back after
    monkeypatch.delitem(sys.modules, "engine.catalog", raising=False)
    keep = ondemand.held()
    ondemand.load(MODULE)
    ondemand.call("engine.catalog", "entry", "nines")     # passing: swept as well
    assert ondemand.sweep(keep, "ui.draw") == 2 and device == [1]
    assert MODULE not in sys.modules and "engine.catalog" not in sys.modules
    assert "engine.ondemand" in sys.modules and ondemand.passing() == 0


def test_a_name_ending_in_a_dot_forgets_every_module_under_it_but_the_package(monkeypatch):
    from engine import bots
    for name in [m for m in sys.modules if m.startswith("engine.bots")]:
        monkeypatch.setitem(sys.modules, name, sys.modules[name])    # put back after
    for gid in ("nommie", "nines"):
        monkeypatch.setattr(bots, gid, ondemand.load("engine.bots." + gid), raising=False)
    ondemand.forget("engine.bots.")
    assert not [m for m in sys.modules if m.startswith("engine.bots.")]
    assert "engine.bots" in sys.modules and not hasattr(bots, "nommie")


def test_collect_collects(device):
    ondemand.collect()
    assert device == [1]


def test_the_desktop_never_drops(monkeypatch):
    monkeypatch.setattr(ondemand, "DROP", False)
    monkeypatch.setattr(ondemand, "_passing", [])
    ondemand.call(MODULE, "__str__")
    assert ondemand.passing() == 0


def test_once_drops_what_it_loaded_at_once_and_keeps_what_was_held(device):
    from engine.actions import KEEP
    assert ondemand.once(MODULE, "why_illegal", _Asked(), KEEP).startswith("Not now")
    assert MODULE not in sys.modules and ondemand.passing() == 0
    ondemand.load(MODULE)                       # held by a caller: once leaves it
    ondemand.once(MODULE, "why_illegal", _Asked(), KEEP)
    assert MODULE in sys.modules


class _Asked:
    # a state that takes cards only
    phase = "play"

    def legal_actions(self):
        return [3]


def test_a_screen_takes_the_modules_it_uses_with_it_unless_another_still_uses_them(device):
    from ui.app import App
    from ui.nostore import NoStore
    from ui.screen import Screen

    class Page(Screen):
        uses = (MODULE,)
    app = App(160, 128, NoStore(), "test", lambda: 1)
    app.start()
    ondemand.load(MODULE)
    app.push(Page())
    app.push(Page())
    app.pop()
    assert MODULE in sys.modules             # the page below still uses it
    app.pop()
    assert MODULE not in sys.modules
