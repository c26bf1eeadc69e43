"""The text console loses nothing and leaks nothing: it autosaves as the screen
does (every human decision, trick and round), so input ending at any prompt
(Ctrl-D, EOF, a serial link gone) leaves a game that Continue resumes exactly;
in pass-and-play a curtain ("Pass to P2, press Enter", screen cleared) comes
before every other person's turn, a hand is printed only to its owner, and
Frisch picks are never echoed."""
import os
import re
import subprocess
import sys

import pytest

from engine import games
from ui.console import menu as console
from engine.catalog import entry as facts
from ui.console.menu import Console
from ui import saves
from ui.saves import Store

from test_console import setup_lines

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Player:
    """Typed input: fixed lines, then a legal move (chosen from the log's length
    alone, so a resumed game goes on exactly as an uninterrupted one); input
    ends (None) at prompt number `end`."""

    def __init__(self, lines=(), end=None):
        self.lines = list(lines)
        self.end = end
        self.prompts = []
        self.logs = []           # the state's log at each prompt
        self.over = []           # and whether the game was over then
        self.con = None

    def session(self):
        return self.con.session if self.con is not None else None

    def __call__(self, prompt):
        n = len(self.prompts)
        self.prompts.append(prompt)
        assert n < 5000, "console did not finish"
        s = self.session()
        self.logs.append(bytes(s.state.log) if s is not None else None)
        self.over.append(s is not None and s.state.is_over())
        if self.end is not None and n >= self.end:
            return None
        if self.lines:
            return self.lines.pop(0)
        if s is not None and not s.state.is_over() and prompt.endswith("> ") \
                and prompt != "Game> ":
            return self.move(s.state)
        if prompt.startswith("Pass to "):
            return ""
        return None

    def move(self, st):
        legal = st.legal_actions()
        return st.action_text(legal[(len(st.log) * 7) % len(legal)])


def run(player, store, opts=None):
    out = []
    con = Console(player, out.append, store, lambda: 4242, None, opts)
    player.con = con
    con.run()
    return con, "".join(out)


def human_prompt(p):
    return p.endswith("> ") and p != "Game> "


@pytest.mark.parametrize("gid,lines", [("callbreak", ["4", "h 1 1 1", "", "5"]),
                                       ("nines", ["3", "h 1 1", "", "5"])])
def test_input_ending_at_any_prompt_resumes_the_same_game(tmp_path, gid, lines):
    whole = Player(lines)
    con, _ = run(whole, None)
    final = bytes(con.session.state.log)
    assert con.session.state.is_over()
    total = len(whole.prompts)
    assert total > 20
    ends = list(range(0, 8)) + list(range(8, total, max(1, total // 10))) + [total - 2]
    for end in ends:
        d = tmp_path / ("end%d" % end)
        p = Player(lines, end)
        con, out = run(p, Store(str(d), True))
        assert out.rstrip().endswith("Bye.")                  # no traceback, a clean exit
        started = end >= len(lines) and not whole.over[end]    # set up, not over yet
        again = Player(["c"])
        con2, out2 = run(again, Store(str(d), True))
        if not started:
            assert "continue the saved" not in out2
            continue
        assert "c  continue the saved %s" % facts(gid)["title"] in out2, end
        assert "Resuming" in out2
        # at its first prompt the resumed game is where input ended...
        first = [i for i in range(len(again.prompts)) if human_prompt(again.prompts[i])][0]
        at_end = p.logs[end] if p.logs[end] is not None else b""
        if human_prompt(p.prompts[end]):
            assert again.logs[first] == at_end, end
        # ...and it ends exactly as the uninterrupted game
        assert bytes(con2.session.state.log) == final, end
        assert Store(str(d), True).load_game()[0] is None        # a finished game is not offered


def test_autosaved_after_every_human_decision_and_every_trick(tmp_path):
    store = Store(str(tmp_path), True)
    p = Player(setup_lines("callbreak", seats="h 1 1 1", deal="8"), end=60)
    con, _ = run(p, store)
    saved = []
    real = store.save_game

    def spy(rec):
        saved.append(bytes(rec["log"]))
        return real(rec)
    store.save_game = spy
    p = Player(setup_lines("callbreak", seats="h 1 1 1", deal="8"), end=60)
    con, _ = run(p, store)
    from engine.actions import decode
    st = games.new_game("callbreak", 4, 8)
    logs = set(saved)
    assert len(saved[-1]) > 20
    for i in range(len(saved[-1])):
        seat = st.to_act()
        trick = list(st.trick)
        st.apply(decode(saved[-1][i]))
        if seat == 0 or (trick and not st.trick):   # a human decision or a trick
            assert bytes(st.log) in logs, i


def test_text_flag_honours_data_dir_game_and_seed_and_survives_eof(tmp_path):
    env = dict(os.environ)
    env.pop("POCKET_TRICKS_DATA", None)
    data = tmp_path / "data"
    args = [sys.executable, "code.py", "--text", "--data-dir", str(data), "--game", "nines",
            "--seed", "321"]
    r = subprocess.run(args, cwd=ROOT, env=env, input="keep\n", capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "Nines, deal #321" in r.stdout and "Traceback" not in r.stderr
    assert (data / "game.log").exists()                       # saved where asked, as it went
    r = subprocess.run([sys.executable, "code.py", "--text", "--data-dir", str(data)],
                       cwd=ROOT, env=env, input="c\nquit\nq\n", capture_output=True,
                       text=True, timeout=300)
    assert "continue the saved Nines" in r.stdout and "Resuming Nines." in r.stdout


def test_make_play_falling_back_to_the_console_keeps_the_arguments(tmp_path):
    env = dict(os.environ)
    for k in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY", "POCKET_TRICKS_DATA"):
        env.pop(k, None)
    data = tmp_path / "d"
    r = subprocess.run([sys.executable, "code.py", "--data-dir", str(data), "--game",
                        "callbreak", "--seed", "44", "--size", "240x135"], cwd=ROOT, env=env,
                       input="quit\nq\n", capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "no display found" in r.stdout
    assert "Call Break, deal #44" in r.stdout
    assert (data / "game.log").exists()


def test_pick_gives_the_text_profile_the_options(tmp_path, monkeypatch):
    import hal
    for k in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(k, raising=False)
    for argv in (["--text"], []):
        prof = hal.detect(argv + ["--data-dir", str(tmp_path), "--game", "linger",
                                  "--seed", "12"])
        assert prof.display is None and prof.save_dir == str(tmp_path)
        assert prof.opts["quick"] == "linger" and prof.opts["seed"] == 12


def test_seed_without_game_is_the_default_deal_number(tmp_path):
    p = Player(["2", "", "h 1 1 1", ""])
    con, out = run(p, None, {"seed": 777})
    assert "Deal number [777]: " in p.prompts
    assert "Linger Longer, deal #777" in out


@pytest.mark.parametrize("both", [False, True])
def test_the_text_console_shows_the_damage_notice(tmp_path, both):
    from test_saves_fallback import damaged_dir
    damaged_dir(tmp_path, both)
    out = []
    feed = iter(["q"])
    Console(lambda p: next(feed, None), out.append, saves.Store(str(tmp_path), True),
            lambda: 1).run()
    text = "".join(out)
    assert "The saved game was damaged; it was moved to game.bad1.log" in text
    assert ("continue the saved" in text) == (not both)



# --- pass-and-play ----------------------------------------------------------------
CLEAR = console.CLEAR


class PassPlayer(Player):
    """Israeli Whist, four humans: pass in the first auction (so Frisch comes), then moves."""

    def __init__(self, lines, end=None):
        Player.__init__(self, lines, end)
        self.picks = []          # (seat, card text) of every Frisch pick typed

    def move(self, st):
        if st.phase == "trump_bid" and st.frisch_count == 0:
            return "pass"
        text = Player.move(self, st)
        if st.phase == "frisch":
            self.picks.append((st.to_act(), text))
        return text


class Recorder:
    def __init__(self):
        self.parts = []

    def __call__(self, text):
        self.parts.append(text)


def test_pass_and_play_console_curtain_and_only_the_owners_hand():
    from ui.session import Session
    p = PassPlayer([])
    out = Recorder()
    marks = []                                   # output length at each prompt

    def readline(prompt):
        marks.append(len(out.parts))
        return p(prompt)
    con = Console(readline, out, None, lambda: 1)
    p.con = con
    s = Session.new("israeli", ["human"] * 4, [2] * 4, 6, {"rounds": 1})
    con.play(s)                                  # one deal: Frisch, then the play
    assert s.state.is_over()
    names = s.names
    assert p.picks, "no Frisch in this deal"
    text = "".join(out.parts)
    # every turn of a person other than the last one starts with the curtain
    holder = None
    curtains = 0
    for i in range(len(p.prompts)):
        prompt = p.prompts[i]
        if prompt.startswith("Pass to "):
            before = "".join(out.parts[:marks[i]])
            assert before.endswith(CLEAR)          # the screen was cleared first
            curtains += 1
            continue
        m = re.match(r"(P\d)> $", prompt)
        if not m:
            continue
        seat = names.index(m.group(1))
        if seat != holder:
            assert p.prompts[i - 1] == "Pass to %s, press Enter (others look away) " % names[seat]
            holder = seat
        # since the last clear, no hand but this seat's was printed
        shown = "".join(out.parts[:marks[i]]).rsplit(CLEAR, 1)[-1]
        owners = re.findall(r"^(P\d) +hand: ", shown, re.M)
        assert owners and set(owners) == {names[seat]}, (prompt, owners)
    assert curtains >= 13 * 4 // 2
    # Frisch picks are never echoed
    for seat, card in p.picks:
        assert not re.search(r"^  %s: %s$" % (names[seat], re.escape(card)), text, re.M | re.I)
    assert len(p.picks) == 12 and text.count("picked a card to pass") >= 12


def test_a_single_human_gets_no_curtain():
    p = Player(setup_lines("nommie", seats="h 1 1 1", deal="3") + ["quit"])
    con, out = run(p, None)
    assert CLEAR not in out and not [x for x in p.prompts if x.startswith("Pass to")]


def test_resumed_pass_and_play_starts_with_the_curtain(tmp_path):
    store = Store(str(tmp_path), True)
    p = Player(setup_lines("nines", seats="h h 1", deal="4"), end=12)
    run(p, store)
    again = Player(["c"], end=8)
    con, out = run(again, Store(str(tmp_path), True))
    first = [x for x in again.prompts if x != "Game> "][0]
    assert first.startswith("Pass to ")
    assert out.index(CLEAR) < out.index(" hand: ")


@pytest.mark.parametrize("seats,curtain", [(["bot", "human", "bot", "bot"], True),
                                           (["human", "bot", "bot", "bot"], False)])
def test_a_continued_game_whose_one_person_is_not_in_the_first_seat_starts_behind_the_curtain(
        tmp_path, seats, curtain):
    # as on the screen: it was passed round or handed over (ui.session.holder)
    s = games.new_game("nommie", seed=21)
    for _ in range(5):
        s.apply(s.legal_actions()[0])
    Store(str(tmp_path), True).save_game({"save": s.save(False), "log": bytes(s.log),
                                          "seats": seats, "levels": [1] * 4,
                                          "names": ["Ann", "Eve", "Bob", "Cy"]})
    p = Player(["c"], end=12)
    run(p, Store(str(tmp_path), True))
    first = [i for i in range(len(p.prompts)) if human_prompt(p.prompts[i])][0]
    passed = [q for q in p.prompts[:first] if q.startswith("Pass to ")]
    assert passed == (["Pass to Eve, press Enter (others look away) "] if curtain else [])
