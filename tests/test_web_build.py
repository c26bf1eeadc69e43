"""The browser page without a browser: what `make web` puts in dist/web/, and
the web profile (lib/hal/web.py, and the page's app, web_run.py) with the page's displayio
(web/py/) running in the suite's MicroPython VM, the page's interpreter,
where the page's JS is stood in for: the address is read as the desktop's
options, and a deal's keys make the moves CPython makes."""
import json
import os
import re

import pytest

from tools.release import bundle
from tools.runners import mpvm
from tools.web import browser, build, reference

PAGE_FILES = ("index.html", "style.css", "main.js", "compose.js", "storage.js")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("web"))
    build.build(out)
    return out


def unpack(path):
    with open(path, "rb") as f:
        b = f.read()
    files, at = {}, 0
    while at < len(b):
        e = b.index(b"\n", at)
        name = b[at:e].decode()
        e2 = b.index(b"\n", e + 1)
        size = int(b[e + 1:e2])
        files[name] = b[e2 + 1:e2 + 1 + size]
        at = e2 + 1 + size
    return files


def test_the_folder_holds_the_page_the_vm_and_the_device_files(built):
    names = sorted(os.listdir(built))
    assert names == sorted(PAGE_FILES + build.VM_FILES + ("device.pack",))
    vm = os.path.join(build.ROOT, build.VM)
    for n in build.VM_FILES:                   # copied from the pinned npm package
        with open(os.path.join(vm, n), "rb") as a, open(os.path.join(built, n), "rb") as b:
            assert a.read() == b.read(), n
    pack = unpack(os.path.join(built, "device.pack"))
    for rel, _ in bundle.project_files():      # every file a board gets, as it gets it
        want = bundle.mpy_path(rel) if bundle.ships_compiled(rel) else rel
        assert want in pack, want
        if want.endswith(".mpy"):
            assert pack[want][:1] == b"M"     # MicroPython's .mpy: the page's VM
    for rel in ("lib/hal/web.mpy", "web_run.py", "lib/displayio.mpy",
                "lib/vectorio.mpy", "lib/terminalio.mpy", "lib/bitmaptools.mpy"):
        assert rel in pack, rel
    assert not [n for n in pack if "desktop" in n]
    assert len(pack["font.hex"].strip()) == 2 * 95 * 6 * 12


def test_the_page_fetches_nothing_from_elsewhere(built):
    for n in PAGE_FILES:
        with open(os.path.join(built, n), encoding="utf-8") as f:
            text = f.read()
        assert not re.search(r"(https?:)?//[A-Za-z0-9.-]+\.[a-z]{2,}", text), n


WEB_DIRS = ("engine", "ui", "lib/hal", "web/py", "settings.toml", "web_run.py")
SETUP = """
import sys
sys.path.append("/web/py")
import js
drawn = []
js.ptSize = lambda w, h: drawn.append((w, h))
js.ptDraw = lambda text, whole: drawn.append(len(text))
js.ptBeep = lambda f, ms: None
js.ptEntropy = lambda: 12345
with open("/font.hex", "w") as f:
    f.write(%r)
import os
os.chdir("/")
"""


def vm(script, timeout=300):
    out, _ = mpvm.run(SETUP % build.font_hex() + script, heap=8 * 1024 * 1024,
                      dirs=WEB_DIRS, timeout=timeout)
    return out


def test_the_address_is_read_as_the_desktops_options():
    out = vm("""
from hal import web
print(web.parse_query("nines", "4242", "240x135"))
print(web.parse_query("", "", ""))
print(web.parse_query("chess", "0", "100x100"))
print(web.parse_query("linger", "7", "", "players=3&x=1&start_score=5"))
print(web.parse_query("callbreak", "7", "", "eight_wins=0&players=5"))
print(web.deal_query("nines", 42, 3, {"start_score": 5, "first_dealer": 0}))
print(web.deal_query("callbreak", 42, 4, {"eight_wins": True, "first_dealer": 0}))
""")
    lines = out.strip().splitlines()[-7:]
    assert "'quick': 'nines'" in lines[0] and "'seed': 4242" in lines[0]
    assert "'width': 240" in lines[0] and "'height': 135" in lines[0]
    assert "'quick': None" in lines[1] and "'width': 160" in lines[1] and "[]" in lines[1]
    assert "no game 'chess'" in lines[2] and "deal must be" in lines[2]
    assert "size must be" in lines[2] and "'quick': None" in lines[2]
    assert "'players': 3" in lines[3] and "'options': None" in lines[3] and "[]" in lines[3]
    assert "'eight_wins': False" in lines[4] and "players must be 4-4" in lines[4]
    assert lines[5] == "game=nines&deal=42&start_score=5"
    assert lines[6] == "game=callbreak&deal=42"


def test_a_deal_played_by_keys_in_the_vm_makes_cpythons_moves(tmp_path):
    keys = "A A RIGHT A A START B " + " ".join(["A"] * 40)
    d = str(tmp_path / "desk")
    os.makedirs(d)
    reference.settings(d, bot_level=0, tips=False)
    _, figures, pressed = reference.desktop("callbreak", 4242, keys, "160x128", d,
                                            until="GameOver")
    out = vm("""
from ui.saves import Store
s = Store("/saves", True)
v = s.load_settings()
v.update(bot_level=0, tips=False)
s.save_settings(v)
import web_run
web_run.start("callbreak", "4242", "", True)
web_run.script(%r, "GameOver")
n = 0
while not web_run.idle() and n < 100000:
    web_run.step()
    n += 1
print("GAME " + web_run.game())
print("DRAWN", drawn[0], len(drawn) > 2)
""" % pressed)
    got = json.loads(out.split("GAME ", 1)[1].splitlines()[0])
    assert got == figures and figures["top"] == "GameOver"
    assert "DRAWN (160, 128) True" in out


def test_without_chromium_the_browser_tests_say_how_to_install_it(monkeypatch):
    monkeypatch.setattr(browser, "CHROMIUM", ("/nowhere/chromium",))
    why = browser.missing()
    assert why and "apt-get install -y chromium chromium-driver" in why
