"""Headless walk of every screen at 160x128 and 240x135 with scripted keys:
menus, each game from the first deal to the game-over screen, the pause menu,
score sheet, curtain; screenshots under build/ui/<size>/. Also measures how
much of the screen a cursor move redraws and how many display objects each
screen uses (build/ui/metrics.json)."""
import json
import os

import pytest

from engine.catalog import ids
from hal import keys as K
from ui.screens.common import start_table
from ui.session import Session

from test_ui_harness import SHOTS, make_rig

SIZES = [(160, 128), (240, 135)]
GAMES = {
    "nommie": (["human", "bot", "bot", "bot"], {}, {"bid", "trump", "play"}),
    "linger": (["human", "bot", "bot", "bot", "bot"], {}, {"play"}),
    "nines": (["human", "bot", "bot"], {"start_score": 4}, {"swap", "play"}),
    "callbreak": (["human", "bot", "bot", "bot"], {}, {"bid", "play"}),
    "israeli": (["human", "bot", "bot", "bot"], {"rounds": 2}, {"trump_bid", "contract", "play"}),
}


def record(size, key, value):
    """Add one figure to build/ui/metrics.json (merged: test workers share the file)."""
    path = os.path.join(SHOTS, "metrics.json")
    os.makedirs(SHOTS, exist_ok=True)
    try:
        with open(path) as f:
            data = json.load(f)
    except (OSError, ValueError):
        data = {}
    data.setdefault("%dx%d" % size, {})[key] = value
    with open(path + ".%d" % os.getpid(), "w") as f:
        json.dump(data, f, indent=1, sort_keys=True)
    os.replace(path + ".%d" % os.getpid(), path)


def cursor_cost(rig, key):
    """Share of the screen redrawn by one cursor key (no timed work involved)."""
    rig.driver.settle()
    rig.draw()
    rig.app.key(key)
    rig.draw()
    return rig.dirty[-1] / float(rig.app.width * rig.app.height)


def name(rig):
    return type(rig.top()).__name__


def to(rig, label):
    """Move a menu's cursor to the row label and press A."""
    top = rig.top()
    while top.lines[top.cursor] != label:
        rig.press(K.DOWN)
    rig.press(K.A)


@pytest.mark.parametrize("size", SIZES, ids=["%dx%d" % s for s in SIZES])
def test_menus_every_screen(size):
    rig = make_rig(*size)
    rig.shot("title")
    record(size, "objects_list_screen", rig.objects())
    cost = cursor_cost(rig, K.DOWN)
    record(size, "redraw_menu_cursor", round(cost, 4))
    assert 0 < cost <= 0.20
    to(rig, "New game")
    assert name(rig) == "Setup"
    for i in range(5):
        rig.shot("setup-%s" % rig.top().game_id())
        rig.press(K.RIGHT)
    rig.keys("B")
    to(rig, "Settings")
    assert name(rig) == "Settings"
    rig.shot("settings")
    rig.keys("B")
    to(rig, "Statistics")
    rig.shot("statistics")
    rig.keys("B")
    to(rig, "Rules")
    assert name(rig) == "RulesMenu"
    rig.shot("rules-menu")
    for gid in ids():
        rig.press(K.A)
        assert name(rig) == "TextScreen" and len(rig.top().lines) > 10
        rig.shot("rules-%s" % gid)
        rig.keys("RIGHT")
        assert rig.top().first > 0                 # scrolled a page
        rig.keys("B DOWN")
    rig.keys("B")
    to(rig, "About")
    rig.shot("about")
    assert "Screen: %dx%d" % size in " ".join(rig.top().lines)


def play_game(rig, gid, size):
    seats, opts, phases = GAMES[gid]
    start_table(rig.app, Session.new(gid, seats, [1] * len(seats), 11, opts))
    rig.draw()
    record(size, "objects_table_%dp" % len(seats), rig.objects())
    seen = set()
    extra = {"RoundSummary", "GameOver"}
    measured = False
    for i in range(4000):
        rig.driver.settle()
        top = rig.top()
        n = name(rig)
        if n == "Table":
            v = top.state().view(None)
            human = top.session.is_human(v["to_act"]) and not top.hold_until
            if human and v["phase"] not in seen:
                seen.add(v["phase"])
                rig.shot("%s-%s" % (gid, v["phase"]))
            if human and v["phase"] == "play" and len(top.hand) > 2 and not measured:
                measured = True
                cost = cursor_cost(rig, K.RIGHT)
                record(size, "redraw_hand_cursor_%s" % gid, round(cost, 4))
                assert 0 < cost <= 0.20
                rig.shot("%s-cursor" % gid)
                if gid == "nommie":
                    rig.press(K.SELECT)
                    rig.shot("score-sheet")
                    rig.press(K.B)
                    rig.press(K.START)
                    rig.shot("pause")
                    to(rig, "Seats: human or bot")
                    assert name(rig) == "Seats"
                    rig.shot("seats")
                    rig.keys("B")
                    to(rig, "Undo my move (B)")
                    assert name(rig) == "Confirm"
                    rig.shot("confirm-undo")
                    rig.keys("B B")
                    assert rig.top() is top
            if human and v["phase"] in ("bid", "contract", "trump_bid", "trump", "swap"):
                if v["phase"] == "bid" and "picker" not in seen:
                    seen.add("picker")
                    cost = cursor_cost(rig, K.RIGHT)
                    record(size, "redraw_picker_%s" % gid, round(cost, 4))
                    assert 0 < cost <= 0.20
        elif n in extra and n not in seen:
            seen.add(n)
            rig.shot("%s-%s" % (gid, n))
        if n == "GameOver":
            break
        if n == "Table" and human and v["phase"] == "bid" and v["round"] % 2:
            rig.keys("RIGHT " * 14)                # bid high now and then: name trump
        rig.press(K.A)
    assert name(rig) == "GameOver", "%s did not finish" % gid
    assert phases <= seen, (gid, sorted(seen))
    assert rig.table().state().is_over()


@pytest.mark.parametrize("size", SIZES, ids=["%dx%d" % s for s in SIZES])
@pytest.mark.parametrize("gid", sorted(GAMES))
def test_whole_game_to_the_end(gid, size):
    rig = make_rig(*size)
    play_game(rig, gid, size)


@pytest.mark.parametrize("size", SIZES, ids=["%dx%d" % s for s in SIZES])
def test_pass_and_play_curtain_and_frisch(size):
    rig = make_rig(*size)
    start_table(rig.app, Session.new("israeli", ["human"] * 4, [1] * 4, 3, {"rounds": 1}))
    rig.driver.settle()
    assert name(rig) == "Curtain"
    rig.shot("curtain")
    for i in range(4):                     # everybody passes: Frisch
        rig.press(K.A)
        if i:                              # what the ones before did (ui/catchup.py)
            assert rig.top().caught and "passed" in rig.top().lines[-1]
            rig.shot("catchup")
            rig.press(K.A)
        rig.keys("LEFT A")
    rig.keys("A A")
    t = rig.table()
    assert t.state().view(None)["phase"] == "frisch"
    rig.keys("A RIGHT A RIGHT A")
    rig.shot("israeli-frisch")
    assert "give" in t.prompt
