"""The text console: every game played to the end with typed commands, bad input
explained in one line, undo, save and resume, the 80-column limit."""
import pytest

from engine import catalog
from engine.cards import NINES_RANKS, card_text
from ui.console import menu as console
from engine.catalog import entry as facts
from ui.console.menu import Console, questions
from ui.saves import Store


class Typist:
    """Scripted input: fixed lines first, then a legal move typed as text.

    `style` picks how cards are typed: engine text (QH/TS), "10S" style, or the
    Nines codes (s1, ha, ce) - every form the rules promise.
    """

    def __init__(self, lines=(), style="plain", limit=5000):
        self.lines = list(lines)
        self.style = style
        self.prompts = []
        self.typed = []
        self.counts = []           # actions taken so far, at each prompt
        self.con = None
        self.limit = limit

    def __call__(self, prompt):
        self.prompts.append(prompt)
        assert len(self.prompts) < self.limit, "console did not finish"
        s = self.con.session if self.con is not None else None
        self.counts.append(len(s.state.actions()) if s is not None else None)
        if self.lines:
            line = self.lines.pop(0)
        elif self.con is not None and self.con.session is not None \
                and not self.con.session.state.is_over() and prompt.endswith("> ") \
                and prompt != "Game> ":
            line = self.move()
        else:
            line = None if prompt == "Game> " else ""
        self.typed.append(line)
        return line

    def move(self):
        st = self.con.session.state
        legal = st.legal_actions()
        a = legal[(len(st.actions()) * 7) % len(legal)]
        if a < 52 and self.style == "nines":
            return "cdhs"[a // 13] + NINES_RANKS[a % 13]
        if a < 52 and self.style == "ten" and a % 13 == 8:
            return "10" + "cdhs"[a // 13]
        if a < 52 and self.style == "ten":
            return card_text(a).lower()
        return st.action_text(a)


def run_console(lines=(), store=None, style="plain"):
    out = []
    t = Typist(lines, style)
    con = Console(t, out.append, store, lambda: 12345)
    t.con = con
    con.run()
    return con, t, "".join(out)


def setup_lines(gid, seats=None, deal="5"):
    g = facts(gid)
    lo, hi = g["fewest"], g["most"]
    lines = [str(catalog.ids().index(gid) + 1)]
    if hi > lo:
        lines.append("")              # default player count
    n = 4 if lo <= 4 <= hi else lo
    lines.append(seats or "h" + " 1" * (n - 1))
    lines += [""] * len(questions(gid))
    lines.append(deal)
    return lines


@pytest.mark.parametrize("gid", catalog.ids())
def test_every_game_plays_to_the_end_through_typed_commands(gid, tmp_path):
    style = {"nines": "nines", "callbreak": "ten", "linger": "ten"}.get(gid, "plain")
    store = Store(str(tmp_path), True)
    con, t, out = run_console(setup_lines(gid), store, style)
    st = con.session.state
    assert st.is_over()
    assert "%s is over." % facts(gid)["title"] in out
    from ui.screens.standings import outcome
    assert outcome(st.view(None), st.winners(), con.session.names)[0] in out
    human_moves = [p for p in t.prompts if p == "You> "]
    assert len(human_moves) >= 3
    assert "Bye." in out
    assert store.load_game()[0] is None                      # a finished game is not offered
    assert store.load_stats()[gid]["played"] == 1


def test_all_bot_table_plays_itself(tmp_path):
    con, t, out = run_console(setup_lines("nommie", seats="0 1 2 3"))
    assert con.session.state.is_over() and "Nomination Whist is over." in out
    assert not [p for p in t.prompts if p.endswith("> ") and p != "Game> "]


def test_output_fits_an_80_column_terminal(tmp_path):
    for gid in ("israeli", "linger"):
        lines = setup_lines(gid, seats="h h h h" if gid == "israeli" else None)
        _, _, out = run_console(lines + ["scores", "table", "moves", "help"])
        for line in out.splitlines():
            assert len(line) <= 80, line


def test_bad_input_is_explained_in_one_line_and_changes_nothing():
    lines = setup_lines("nommie", seats="h 1 1 1", deal="3")
    checks = ["banana", "QH", "bid 99", "trump X", "swap"]
    _, t, out = run_console(lines + checks + ["quit"])
    errors = [ln for ln in out.splitlines() if ln.startswith("! ")]
    assert len(errors) == len(checks)                     # one line for each bad line
    first = t.typed.index("banana")
    assert len(set(t.counts[first:first + len(checks) + 1])) == 1   # nothing changed
    # the bid phase says what a bid is, whatever was typed
    assert errors == ["! Your bid: a number from 0 to 13, like 'bid 7'."] * len(checks)


def test_first_bid_is_applied_and_bare_numbers_are_bids():
    con, t, out = run_console(setup_lines("nommie", seats="h 1 1 1", deal="3") + ["2"])
    # bids go left of the dealer first: the human (seat 0) bids after seats 1-3
    assert "  You: bid 2" in out


class UndoTypist(Typist):
    """Plays two moves, types undo at the third turn, plays one more, quits."""

    def __init__(self, lines):
        Typist.__init__(self, lines)
        self.turns = []

    def move(self):
        self.turns.append(len(self.con.session.state.actions()))
        if len(self.turns) == 3:
            return "undo"
        if len(self.turns) == 5:
            return "quit"
        return Typist.move(self)


def test_undo_takes_back_the_last_human_move():
    t = UndoTypist(setup_lines("linger", seats="h 0 0 0", deal="9"))
    out = []
    t.con = Console(t, out.append, None, lambda: 1)
    t.con.run()
    assert "Taken back." in "".join(out)
    c = t.turns
    assert c[0] < c[1] < c[2]
    assert c[3] == c[1]              # back to the turn of the second move
    assert c[4] > c[3]


def test_save_quit_and_resume_the_same_game(tmp_path):
    store = Store(str(tmp_path), True)
    lines = setup_lines("callbreak", seats="h 2 2 2", deal="77")
    con, t, out = run_console(lines + ["save", "quit", "q"], store)
    assert "Saved." in out and "saved, type c to continue" in out
    first = con.session.state.actions()
    assert first                                          # some bot moves or calls
    con2, t2, out2 = run_console(["c", "quit", "q"], Store(str(tmp_path), True))
    assert "c  continue the saved Call Break" in out2
    assert "Resuming Call Break." in out2
    assert con2.session.state.actions() == first
    assert con2.session.seats == ["human", "bot", "bot", "bot"]


def test_setup_rejects_bad_answers_then_accepts():
    lines = ["2", "9", "", "h 2", "h 2 x 2", "h 2 2 2", "abc", "11"]
    con, t, out = run_console(lines)
    assert "! Players: a number from 2 to 5." in out
    assert "! Give 4 seats" in out
    assert "! 'x': a seat is h (human) or a bot level 0-3." in out
    assert "! Deal number: a number" in out
    assert "deal #11" in out


def test_menu_rejects_unknown_choice_and_input_end_quits():
    _, _, out = run_console(["7", "c"])
    assert "! Type a game's number (1-5), s, t, r or q." in out
    assert out.rstrip().endswith("Bye.")


def test_main_runs_on_the_text_profile(tmp_path):
    from hal import text
    out = []
    feed = iter(["1", "0 0 0 0", "4"])
    prof = text.Text(save_dir=str(tmp_path), readline=lambda p: next(feed, None),
                     write=out.append, notice="no display found: text console")
    console.main(prof)
    text_out = "".join(out)
    assert "no display found" in text_out
    assert "Nomination Whist is over." in text_out


def test_code_py_text_flag_and_no_display_both_reach_the_console(tmp_path):
    import os
    import subprocess
    import sys
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ, POCKET_TRICKS_DATA=str(tmp_path))
    for k in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
        env.pop(k, None)
    for args in (["--text"], []):                 # flag; no display at all (make play)
        r = subprocess.run([sys.executable, "code.py"] + args, cwd=root, env=env,
                           input="1\n0 0 0 0\n4\nq\n", capture_output=True, text=True,
                           timeout=300)
        assert r.returncode == 0, r.stderr[-2000:]
        assert "Nomination Whist is over." in r.stdout
        assert ("no display found" in r.stdout) == (args == [])


def test_the_console_names_the_table_from_the_names_setting():
    from ui.nostore import NoStore
    store = NoStore()
    store.settings["names"] = ["Mara", "Zedekiah", "Q"]
    con, _, out = run_console(setup_lines("callbreak"), store)
    # yours first, then the bots in seat order, at most 5 letters; past the list, the built-in names
    assert con.session.names[:3] == ["Mara", "Zedek", "Q"]
    assert "Mara, Zedek (bot 1), Q (bot 1)" in out


def test_pass_and_play_files_every_persons_result_as_the_screen_does(tmp_path):
    store = Store(str(tmp_path), True)
    con, t, out = run_console(setup_lines("nommie", seats="h h 1 1"), store)
    assert con.session.state.is_over() and "Pass to " in "".join(t.prompts)
    g = store.load_stats()["nommie"]
    assert g["played"] == 2 and g["levels"] == {"1": [2, g["won"]]}
    assert store.load_game()[0] is None
