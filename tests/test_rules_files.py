"""Damaged rules and tips files (issue 37, item 10): a rules text or a tips
file that is not UTF-8 (or is UTF-16), a FIFO or a folder in its place,
one far too long or with a far too long line, or with escape sequences in
it, never crashes, hangs or fills the heap: the page says in a sentence
why it cannot be shown, tips that cannot be read are not shown, and the
console prints nothing raw (ui.tips.read)."""
import os
import shutil
import subprocess
import sys

import pytest

from hal import keys as K
from ui import tips
from ui.console.pages import rules_lines
from ui.nostore import NoStore
from ui.screens.common import rules_text

from test_console import run_console, setup_lines
from uilogic import new_app, pause_item, start
from uilogic import name as top_name

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHIPPED = os.path.join(ROOT, "rules")

# what a file may be made into, and the words of the sentence that says so
BAD = {
    "latin-1": (lambda good: good.decode().replace("e", "\xe9").encode("latin-1"),
                "is not UTF-8 text"),
    "utf-16": (lambda good: good.decode().encode("utf-16"), "is not UTF-8 text"),
    "a lone byte": (lambda good: good + b"\n\xff\n", "is not UTF-8 text"),
    "20 MB on one line": (lambda good: b"x" * (20 << 20), "is longer than 4096 bytes"),
    "1 MB of lines": (lambda good: (good + b"\n") * ((1 << 20) // len(good)),
                      "is longer than 4096 bytes"),
    "200 KB": (lambda good: b"term: a word\n" * (200 * 1024 // 13), "is longer than 4096 bytes"),
    "a 3 KB line": (lambda good: good + b"\nterm: " + b"y" * 3000 + b"\n",
                    "has a line longer than 512 bytes"),
    "empty of text": (lambda good: b"", None),
}


@pytest.fixture
def rules(tmp_path, monkeypatch):
    """A copy of rules/ the test may damage, read in place of the real one."""
    folder = tmp_path / "rules"
    shutil.copytree(SHIPPED, str(folder))
    # (the module this file imported: a tip page closed in an earlier test
    # drops ui.tips, as a board does, and the screens would import another)
    import sys
    monkeypatch.setitem(sys.modules, "ui.tips", tips)
    monkeypatch.setattr(tips, "rules_path", lambda n: str(folder / n))
    return folder


def sentence(kind, name, why):
    return "The %s file for this game cannot be read: rules/%s %s." % (kind, name, why)


def test_the_shipped_files_fit_the_limits():
    for name in os.listdir(SHIPPED):
        data = open(os.path.join(SHIPPED, name), "rb").read()
        assert len(data) <= tips.MOST, name
        assert max(len(x) + 1 for x in data.split(b"\n")) <= tips.LINE, name
        assert tips.read(name)[1] is None, name


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_damaged_rules_text_is_a_sentence_on_the_page(rules, case):
    make, why = BAD[case]
    path = rules / "nommie.txt"
    path.write_bytes(make(path.read_bytes()))
    text = rules_text("nommie")
    if why is None:
        assert text == ""
    else:
        assert text == sentence("rules", "nommie.txt", why)
    assert rules_lines("nommie")[0] == text[:78].rsplit(" ", 1)[0] or len(text) < 78


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_damaged_tips_file_shows_no_tip_and_the_rules_page_says_why(rules, case):
    make, why = BAD[case]
    path = rules / "nommie.tips"
    path.write_bytes(make(path.read_bytes()))
    assert tips.tip("nommie", "bid") is None
    head = tips.help_text("nommie", "bid")
    assert head == ("" if why is None else sentence("tips", "nommie.tips", why))
    # a table whose first decision would have a tip: none comes, the game goes on
    app, d = new_app(NoStore(), tips=True)
    t = start(app, "nommie", ["human", "bot", "bot", "bot"], seed=3)
    d.settle()
    d.settle()
    assert app.top() is t and t.decided(0)
    pause_item(d, app, "Rules")
    assert top_name(app) == "TextScreen"
    page = " ".join(app.top().lines)
    assert " ".join(head.split()) in " ".join(page.split()) and "NOMMIE" in page


@pytest.mark.parametrize("what", ["folder", "symlink to /dev/zero", "dangling symlink"])
def test_something_else_in_a_files_place_is_a_sentence(rules, what):
    for name in ("nommie.txt", "nommie.tips"):
        p = rules / name
        p.unlink()
        if what == "folder":
            p.mkdir()
        else:
            p.symlink_to("/dev/zero" if what.endswith("zero") else str(rules / "nowhere"))
    why = "is missing" if what.startswith("dangling") else "is not a file"
    assert rules_text("nommie") == sentence("rules", "nommie.txt", why)
    assert tips.help_text("nommie", "bid") == sentence("tips", "nommie.tips", why)
    assert tips.tip("nommie", "play") is None


FIFO = r"""
import sys, time
sys.path[:0] = ["lib", "."]
from ui import tips
from ui.screens.common import rules_text
tips.rules_path = lambda n: sys.argv[1] + "/" + n
t = time.monotonic()
print("RULES", rules_text("nommie"))
print("TIPS", tips.help_text("nommie", "bid"), tips.tip("nommie", "bid"))
print("SECONDS", round(time.monotonic() - t, 1))
"""


def test_a_fifo_in_a_files_place_is_never_opened(tmp_path):
    # opening a FIFO for reading waits for a writer: a process of its own, with a timeout
    os.mkfifo(str(tmp_path / "nommie.txt"))
    os.mkfifo(str(tmp_path / "nommie.tips"))
    r = subprocess.run([sys.executable, "-c", FIFO, str(tmp_path)], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert "RULES " + sentence("rules", "nommie.txt", "is not a file") in r.stdout
    assert "TIPS %s None" % sentence("tips", "nommie.tips", "is not a file") in r.stdout


def test_escape_sequences_in_the_files_never_reach_the_console(rules):
    evil = "\x1b[2J\x1b[31m\x1b]\x1bc\x00\x08\x07\x7f\x9b\u202e"
    for name in ("nommie.txt", "nommie.tips", "linger.txt"):
        p = rules / name
        p.write_bytes(b"".join(evil.encode() + ln + b"\n"
                               for ln in p.read_bytes().split(b"\n")))
    assert rules_text("nommie").startswith("NOMMIE")
    assert tips.tip("nommie", "bid").startswith("Bid the number")
    con, t, out = run_console(["r", "1", "q"])
    assert "NOMMIE" in out
    con, t, more = run_console(setup_lines("linger", seats="h 1 1 1") + ["rules", "quit"])
    assert "LINGER" in more
    out = (out + more).replace("\x1b[H\x1b[2J\x1b[3J", "")      # (the console's own clear)
    assert not [c for c in out if (ord(c) < 32 and c != "\n") or 127 <= ord(c) < 160
                or c == "\u202e"]


def test_a_tip_screen_over_a_tips_file_gone_since_shows_no_crash(rules):
    # the tip was due, and the file went bad before the page was built
    app, d = new_app(NoStore())
    t = start(app, "nommie", ["human", "bot", "bot", "bot"], seed=3)
    d.settle()
    (rules / "nommie.tips").write_bytes(b"\xff\xfe")
    app.open("tip", t, "bid")
    assert top_name(app) == "Tip" and "UP hint" in app.top().text
    d.press(K.A)
    assert app.top() is t


# --- on CircuitPython: the board's interpreter, in a heap far below a board's --------
CP_DAMAGE = r"""
import os
from ui import tips
from ui.screens.common import rules_text
tips.rules_path = lambda n: WORK + "/" + n


def put(name, chunk, times, end=b""):
    with open(WORK + "/" + name, "wb") as f:
        for _ in range(times):
            f.write(chunk)
        f.write(end)


cases = (("a 1 MB tips file", "nommie.tips", b"bid: " + b"z" * 1019, 1024, b""),
         ("a 30 KB line", "nommie.tips", b"w" * 1024, 30, b"\n"),
         ("a 200 KB rules text", "nommie.txt", b"NOMMIE rules\n" * 79, 200, b""),
         ("a 3 KB line", "nommie.txt", b"v" * 1000, 3, b"\n"),
         ("not UTF-8", "nommie.txt", b"r\xe8gles\n", 1, b""),
         ("UTF-16", "nommie.tips", b"\xff\xfeb\x00i\x00d\x00:\x00 \x00", 1, b""))
for what, name, chunk, times, end in cases:
    for n in ("nommie.txt", "nommie.tips"):
        put(n, b"term: fine\n", 1)
    put(name, chunk, times, end)
    got = rules_text("nommie") if name.endswith(".txt") else tips.help_text("nommie", "bid")
    print("CASE", what, "|", got, "|", tips.tip("nommie", "bid"))
os.remove(WORK + "/nommie.txt")
os.mkdir(WORK + "/nommie.txt")
print("CASE a folder |", rules_text("nommie"))
"""


def test_damaged_files_in_circuitpython_give_sentences_in_a_small_heap():
    from tools.runners import circuitpy
    why = circuitpy.available()
    if why:
        pytest.skip(why)
    out = circuitpy.run(CP_DAMAGE, 40 * 1024, circuitpy.stage("mpy"), timeout=300)
    got = dict(line[5:].split(" | ", 1) for line in out.splitlines() if line.startswith("CASE "))
    too_long = "is longer than 4096 bytes"
    assert got == {
        "a 1 MB tips file": "%s | None" % sentence("tips", "nommie.tips", too_long),
        "a 30 KB line": "%s | None" % sentence("tips", "nommie.tips", too_long),
        "a 200 KB rules text": "%s | None" % sentence("rules", "nommie.txt", too_long),
        "a 3 KB line": "%s | None" % sentence(
            "rules", "nommie.txt", "has a line longer than 512 bytes"),
        "not UTF-8": "%s | None" % sentence("rules", "nommie.txt", "is not UTF-8 text"),
        "UTF-16": "%s | None" % sentence("tips", "nommie.tips", "is not UTF-8 text"),
        "a folder": sentence("rules", "nommie.txt", "is not a file"),
    }, out
