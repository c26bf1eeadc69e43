"""Link play's heap in CircuitPython's own interpreter (tools/bench/link_heap.py;
the binary has no socketpool, so the network is tools/link/fake_net.py's): the
link modules' import cost, a whole game hosted and a whole game joined from
the .mpy bundle's files, and a game without link play loads none of them."""
import pytest

from tools.runners import circuitpy, device_game
from tools.bench import link_heap

WHY = circuitpy.available()
pytestmark = pytest.mark.skipif(WHY is not None, reason=WHY or "")
KB = 1024


def test_import_cost_of_the_link_modules():
    # a joiner's modules, a host's and the menus', each set in a run of its own
    # (a qstr pool's next doubling step, 4.5 KB, is charged to whichever
    # import crosses it: each budget has room for one; and the names' chunks
    # move a module's figure by tens of bytes with the names loaded before it)
    step = 4608
    got = link_heap.costs("mpy")
    assert 0 < got["joiner"] <= 18 * KB + step, got      # ui.link.check: 4.8 KB of it
    # the host: 20,992 B before issue 38, 21,136 B after (ui.link.host_table's
    # waiting words +32 B; ui.link.proto and hal.net, unchanged, +64 B each
    # from where the names' chunks fall)
    assert 0 < got["host"] <= 16.5 * KB + step, got
    # the menus and lobby: freeing a seat (the host's pause menu) and the
    # lobby's cleaned table names, issue 37: 21.1 KB with the step
    assert got["menus"] <= 16.5 * KB + step, got


def test_a_whole_hosted_game_completes():
    # seat 0 a human, seat 1 a joiner, level-3 bots, autosaves: from .mpy in 128 KB
    # (its largest line: a state message at a call, with the host engine's
    # words for the calls, "call 1" ... "call 8": 1.1 KB)
    res = link_heap.host_game("callbreak", 3, kind="mpy", heap=128 * KB)
    assert res["over"] and res["actions"] > 100 and res["keys"] > 0
    assert res["largest"] < 1152


def test_a_whole_joined_game_completes():
    # a joiner shows a whole Nommie game (26 rounds) from .mpy in 96 KB (each
    # state message checked by ui.link.check, loaded for the check alone). It
    # needs 79-84 KB, by where the staged tree lies (the heap's layout moves
    # with its path's length), and a layout can split the heap so that a
    # line's 577-byte buffer finds no room below 90 KB (at issue 37's merge:
    # 84 and 86 KB complete, 88 does not): 96 leaves room for any checkout. A
    # joiner is a Wi-Fi board, with far more (the Reverse TFT: 2 MB of PSRAM).
    res = link_heap.joiner_game("nommie", kind="mpy", heap=96 * KB)
    assert res["over"] and res["fed"] == res["lines"] and res["keys"] > 0


NO_LINK = """
import sys
from hal import keys as K
from ui.app import App
from ui.driver import Driver
import ui.screens.common
app = App(160, 128)
app.settings["bot_level"] = 1
app.start()
ui.screens.common.quick_start(app, "linger", 3)
d = Driver(app)
for i in range(40):
    d.press(K.A)
print("RESULT " + repr(sorted([m for m in sys.modules if "link" in m or m == "hal.net"])))
"""


def test_a_game_without_link_play_loads_no_link_module():
    out = circuitpy.run(NO_LINK, 96 * KB, circuitpy.stage("mpy"))
    line = [x for x in out.splitlines() if x.startswith("RESULT ")][-1]
    assert line == "RESULT []"
    assert device_game  # the plain game's figures are tests/test_cp_heap.py's
