"""engine/ondemand.py, the one place modules are loaded and dropped: on the
device the heap is collected before a module is imported (its code then
fills the lowest free blocks, not the space above a game's garbage), and
only then; the desktop never collects there."""
import sys

import pytest

from engine import ondemand

MODULE = "engine.explain"      # small, loaded on demand in a game


@pytest.fixture
def collections(monkeypatch):
    count = []
    monkeypatch.setattr(ondemand.gc, "collect", lambda: count.append(1))
    monkeypatch.delitem(sys.modules, MODULE, raising=False)     # both put back after
    monkeypatch.delattr(sys.modules["engine"], "explain", raising=False)
    return count


def test_the_device_collects_before_it_imports_a_module(monkeypatch, collections):
    monkeypatch.setattr(ondemand, "DROP", True)
    assert ondemand.load(MODULE).__name__ == MODULE and len(collections) == 1
    ondemand.load(MODULE)                     # already loaded: no import, no collection
    assert len(collections) == 1
    ondemand.forget(MODULE)
    assert MODULE not in sys.modules
    ondemand.load(MODULE)                     # imported again after forget: collected again
    assert len(collections) == 2


def test_the_desktop_never_collects_there(monkeypatch, collections):
    monkeypatch.setattr(ondemand, "DROP", False)
    ondemand.load(MODULE)
    assert collections == []
