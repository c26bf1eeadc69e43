"""A sixth game needs no edit outside its own files: Sixes (tests/sixes/,
made only for these tests: six seats and a phase of its own, "wager") is
installed at run time and played through the engine, the table screen (at
160x128 and 240x135), the text console and a link joiner, with the checks
every game gets. No code of the project outside tests/sixes/ and this test
names it (docs/engineers.md points a newcomer at it)."""
import json
import os
import subprocess

import pytest

from engine import catalog, games
from hal import keys as K
from ui.console.menu import Console
from ui.nostore import NoStore

import sixes
from linkrig import by_seat, check_privacy, whole_game
from test_console import Typist
from uilogic import human_turn, name, new_app, start, until

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GID = sixes.ID


@pytest.fixture(autouse=True)
def installed():
    sixes.install()
    yield
    sixes.remove()


def test_the_game_is_made_checked_saved_and_restored_like_any_other():
    assert catalog.ids()[-1] == GID and catalog.entry(GID)["title"] == "Sixes"
    st = games.new_game(GID, seed=9)
    assert st.players == 6 and st.phase == "wager" and st.GAME == GID
    assert [len(h) for h in st.hands] == [8] * 6
    while not st.is_over():
        st.apply(st.legal_actions()[0])
    assert len(st.history) == 2 and st.winners()
    again = games.restore(st.save())
    assert again.save() == st.save()
    with pytest.raises(ValueError, match="3 to 6 players"):
        games.new_game(GID, 7)


def test_the_table_plays_it_to_the_end_at_both_sizes():
    for width, height in ((160, 128), (240, 135)):
        # (tips on at 240: a game with no tips file of its own shows none)
        app, d = new_app(width=width, height=height, tips=width > 200)
        t = start(app, GID, ["human"] + ["bot"] * 5, seed=4, levels=[2] * 6)
        until(d, lambda: human_turn(t))
        assert t.state().phase == "wager"
        assert t.panel[:3] == ["Your wager", "  0 >", "Wager 0, 1 or 2 tricks."] or \
            t.panel[:2] == ["Your wager", "  0 >"]          # (the reason as the panel fits it)
        assert len(t.seat_lines) == 6 and t.header.startswith("R1/2 dealer")
        d.press(K.RIGHT)
        d.press(K.A)                            # a wager of 1
        assert t.state().bids[0] == 1
        until(d, lambda: human_turn(t) and t.state().phase == "play")
        assert t.prompt.startswith("Your ")
        d.press(K.UP)                           # a hint from level 3
        assert t.hint is not None and t.prompt.startswith("Hint: ")
        until(d, lambda: name(app) == "GameOver", limit=20000)
        st = t.state()
        assert st.is_over() and len(st.history) == 2


def test_pass_and_play_keeps_the_curtain_and_the_catch_up():
    app, d = new_app()
    t = start(app, GID, ["human", "human"] + ["bot"] * 4, seed=2)
    until(d, lambda: name(app) == "Curtain")
    until(d, lambda: len(t.state().history) >= 1, limit=20000)
    assert t.session.news is not None


def test_the_text_console_plays_it_and_says_its_own_words():
    out = []
    n = catalog.ids().index(GID) + 1
    typist = Typist([str(n), "", "h 1 1 1 1 1", "5", "help"])
    con = Console(typist, out.append, NoStore(), lambda: 1)
    typist.con = con
    con.run()
    text = "".join(out)
    assert con.session.state.is_over() and "Sixes is over." in text
    assert "Your wager: a number from 0 to 2, like 'bid 1'." in text   # help at the wager
    assert "pot " in text                                            # its own status word


def test_a_link_joiner_plays_it_and_sees_only_its_own_cards():
    kinds = ["human", "remote", "bot", "bot", "remote", "bot"]
    h, js, streams = whole_game(GID, kinds, 11, {})
    st = h.table().state()
    assert st.is_over()
    for j in js:
        assert j.table().state().view() == json.loads(json.dumps(st.view(j.table().seat)))
        assert j.keys > 0
    received = by_seat(streams)
    assert check_privacy(received, GID, 6, 11, {}, st.actions()) >= len(st.log)


def test_no_project_file_outside_its_own_names_it():
    # (git grep: every tracked file but this game's own and the docs that
    # point a newcomer at it)
    found = subprocess.run(["git", "grep", "-l", "-i", "sixes", "--", ".", ":!*.md",
                            ":!tests/sixes", ":!tests/test_sixth_game.py"],
                           cwd=ROOT, capture_output=True, text=True, timeout=60).stdout.split()
    assert found == []
