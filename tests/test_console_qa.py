"""The text console's QA pass: a new game asks before it replaces a saved one,
the pass-and-play curtain lifts only on Enter, Israeli Whist's Frisch says
what was picked and received, bad input gets words that fit the phase, help
and quit work at every prompt, store notices are told, typed escape
sequences are dropped, the bot-level setting is the default, hint / last /
seats, the deal number, and command lines the console cannot honour."""
import os
import re
import subprocess
import sys

import pytest

from ui.console import menu as console
from ui.console.menu import Console
from ui.nostore import NoStore
from ui.saves import Store
from ui import faces
from ui.session import Session

from test_console import Typist, run_console, setup_lines
from test_console_saves import Player, run

REDEALT = faces.of("israeli").REDEALT

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLEAR = console.CLEAR


class Script:
    """readline(prompt): fixed lines, then answer(prompt, state) (None ends input)."""

    def __init__(self, lines=(), answer=None):
        self.lines = list(lines)
        self.answer = answer
        self.prompts = []
        self.con = None

    def __call__(self, prompt):
        self.prompts.append(prompt)
        assert len(self.prompts) < 3000, "console did not finish"
        if self.lines:
            return self.lines.pop(0)
        s = self.con.session if self.con is not None else None
        if self.answer is None or s is None or s.state.is_over():
            return None
        return self.answer(prompt, s.state)


def play_session(session, script, store=None):
    out = []
    con = Console(script, out.append, store, lambda: 1)
    script.con = con
    con.session = session
    try:
        con.play(session)
    except console.Quit:
        pass
    return con, "".join(out)


# --- 1: a new game never replaces a saved one without asking --------------------
def test_game_flag_asks_before_replacing_the_saved_game(tmp_path):
    run(Player(end=1), Store(str(tmp_path), True), {"quick": "nines", "seed": 5})
    assert Store(str(tmp_path), True).load_game()[0]["save"]["game"] == "nines"
    p = Player(["", "c", "quit", "q"])                   # Enter: no, keep it
    con, out = run(p, Store(str(tmp_path), True), {"quick": "nommie"})
    assert p.prompts[0] == "Your saved Nines game will be replaced. Start the new game? [y/N] "
    assert "Nomination Whist, deal" not in out
    assert "Kept the saved Nines: type c to continue it." in out
    assert "Resuming Nines." in out and con.session.game == "nines"
    p = Player(["y", "quit", "q"])
    con, out = run(p, Store(str(tmp_path), True), {"quick": "nommie"})
    assert "Nomination Whist, deal" in out
    assert Store(str(tmp_path), True).load_game()[0]["save"]["game"] == "nommie"


def test_menu_new_game_asks_before_replacing_the_saved_game(tmp_path):
    run(Player(setup_lines("callbreak", deal="8"), end=6), Store(str(tmp_path), True))
    lines = ["1", "help", "maybe", "n", "1", "q"]     # asked twice, kept both times
    p = Player(lines)
    con, out = run(p, Store(str(tmp_path), True))
    ask = "Your saved Call Break game will be replaced. Start the new game? [y/N] "
    assert p.prompts.count(ask) == 4 and "! Answer y or n." in out
    assert "y: start the new game" in out
    assert Store(str(tmp_path), True).load_game()[0]["save"]["game"] == "callbreak"
    p = Player(["1", "y"] + setup_lines("nommie")[1:] + ["quit", "q"])
    run(p, Store(str(tmp_path), True))
    assert Store(str(tmp_path), True).load_game()[0]["save"]["game"] == "nommie"


def test_code_py_game_flag_keeps_the_saved_game(tmp_path):
    data = str(tmp_path)
    env = dict(os.environ)
    env.pop("POCKET_TRICKS_DATA", None)
    base = [sys.executable, "code.py", "--text", "--data-dir", data]
    subprocess.run(base + ["--game", "nines", "--seed", "5"], cwd=ROOT, env=env,
                   input="keep\n", capture_output=True, text=True, timeout=300)
    r = subprocess.run(base + ["--game", "nommie"], cwd=ROOT, env=env, input="\nc\nquit\nq\n",
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "Your saved Nines game will be replaced" in r.stdout
    assert "Resuming Nines." in r.stdout


# --- 3: the curtain lifts only on Enter ----------------------------------------------
def test_the_curtain_shows_nothing_for_typed_words_and_quit_leaves_saved(tmp_path):
    store = Store(str(tmp_path), True)
    p = Player(setup_lines("nines", seats="h h 1", deal="4") + ["scores", "table", "help",
                                                                  "QH", "quit", "q"])
    con, out = run(p, store)
    curtains = [x for x in p.prompts if x.startswith("Pass to ")]
    assert len(curtains) == 5                        # asked again after every word
    assert " hand: " not in out and "Score" not in out
    assert "Enter shows P" in out                    # help says what Enter does
    assert "Left the game; saved, type c to continue." in out
    assert store.load_game()[0] is not None


# --- 2: Israeli Whist's Frisch --------------------------------------------------------
def frisch_answer(prompt, st):
    if not prompt.endswith("> "):
        return ""
    if st.phase == "trump_bid":
        return "pass" if st.frisch_count == 0 else st.action_text(st.legal_actions()[-1])
    return st.action_text(st.legal_actions()[0])


def test_frisch_shows_the_picks_and_the_cards_received():
    s = Session.new("israeli", ["human", "bot", "bot", "bot"], [2] * 4, 6, {"rounds": 1})
    script = Script(answer=frisch_answer)
    before = {}

    def answer(prompt, st):
        if st.phase == "frisch" and not before:
            before["hand"] = list(st.hands[0])
        if st.phase == "trump_bid" and st.frisch_count == 1 and "after" not in before:
            before["after"] = list(st.hands[0])
            return None
        return frisch_answer(prompt, st)
    script.answer = answer
    con, out = play_session(s, script)
    assert "Frisch 1 of 3" in out and "frisch 0" not in out
    said = out.index("All passed: Frisch 1 of 3, each passes 3 cards to the left.\n")
    assert said < out.index("picked a card to pass")      # before anyone chooses
    assert "Pick 3 cards to pass to Ann." in out
    first = re.search(r"^Picked to pass: (\S\S) \(2 more\)$", out, re.M).group(1)
    hand_after = re.findall(r"^You +hand: (.*)$", out[out.index("Picked to pass"):], re.M)[0]
    assert first not in hand_after.split()              # the picked card left the hand
    assert re.search(r"^Picked to pass: %s \S\S \(1 more\)$" % first, out, re.M)
    assert "You picked a card to pass" in out and "You picks" not in out
    from engine.cards import card_text
    got = [card_text(c) for c in before["after"] if c not in before["hand"]]
    assert "You received %s from Cy." % " ".join(got) in out


def test_a_redeal_is_told_once_to_each_person_after_their_curtain():
    # four people pass through three Frisches: the deal is dealt again
    s = Session.new("israeli", ["human"] * 4, [2] * 4, 6, {"rounds": 1})
    seen = set()

    def answer(prompt, st):
        if not prompt.endswith("> "):
            return ""
        if st.redeals:
            seen.add(st.to_act())
            if len(seen) == 4:
                return None
        if st.phase == "trump_bid":
            return "pass"
        return st.action_text(st.legal_actions()[0])
    con, out = play_session(s, Script(answer=answer))
    told = REDEALT
    assert len(seen) == 4 and out.count(told) == 4
    owners = []         # whose console it is (between two curtains) when it is told:
    for part in out.split(CLEAR):         # the one whose pass redealt sees it at once,
        if told in part:                  # the others after their curtain (ui/catchup.py)
            owners += re.findall(r"^(P\d) +hand: ", part, re.M)[-1:]
    assert sorted(owners) == ["P1", "P2", "P3", "P4"]


# --- 8: bad input gets words that fit the phase ------------------------------------
def test_bid_phase_words_fit_the_phase():
    bad = ["bid -1", "bid", "bid x", "xyz", "1 0 S", "bid 14"]
    _, t, out = run_console(setup_lines("nommie", seats="h 1 1 1", deal="3") + bad + ["quit"])
    errors = [x for x in out.splitlines() if x.startswith("! ")]
    assert errors == ["! Your bid: a number from 0 to 13, like 'bid 7'."] * len(bad)


def test_play_phase_words_fit_the_phase_and_long_lines_are_not_echoed():
    class PlayTypist(Typist):
        # at the first card to play: bad input, then quit
        def move(self):
            if self.con.session.state.phase == "play":
                return self.bad.pop(0) if self.bad else None
            return Typist.move(self)
    out = []
    t = PlayTypist(setup_lines("nommie", seats="h 1 1 1", deal="3") + ["bid 1"])
    t.bad = ["bid 14", "1 0 S", "x" * 3000, "3C 4C", "zz", "quit"]
    con = Console(t, out.append, None, lambda: 1)
    t.con = con
    con.run()
    errors = [x for x in "".join(out).splitlines() if x.startswith("! ")]
    play = [e for e in errors if e.startswith("! Play a card, like '")]
    assert len(play) == 4, errors                    # bid 14, 1 0 S, the long line, two cards
    assert "! 'zz' is not a card: try QH, 10S or TS." in errors
    assert max(len(e) for e in errors) < 80


def test_a_frisch_takes_one_card_at_a_time():
    s = Session.new("israeli", ["human", "bot", "bot", "bot"], [2] * 4, 6, {"rounds": 1})

    def answer(prompt, st):
        if st.phase == "frisch" and "tried" not in seen:
            seen["tried"] = True
            cards = st.legal_actions()[:3]
            return " ".join(st.action_text(c) for c in cards)
        if "tried" in seen:
            return None
        return frisch_answer(prompt, st)
    seen = {}
    con, out = play_session(s, Script(answer=answer))
    assert re.search(r"^! Pick a card to pass, one at a time, like '\S\S'\.$", out,
                     re.M), out[-800:]


def test_call_break_calls_and_israeli_trump_bids_have_their_own_words():
    _, _, out = run_console(setup_lines("callbreak", seats="h 1 1 1", deal="3")
                            + ["14", "call 9", "call 0", "quit"])
    errors = [x for x in out.splitlines() if x.startswith("! ")]
    assert errors[:2] == ["! Your call: a number from 1 to 8, like 'call 5'."] * 2
    assert errors[2] == "! Calls go from 1 to 8 tricks."          # the engine's reason
    _, _, out = run_console(setup_lines("israeli", seats="h 1 1 1", deal="3")
                            + ["6", "six spades", "quit"])
    errors = [x for x in out.splitlines() if x.startswith("! ")]
    assert len(errors) == 2 and all(e.startswith("! Bid ") and "or pass." in e for e in errors)


def nommie_declarer():
    # A Nommie deal where the human (the dealer, bidding last) bids high and
    # chooses trump.
    s = Session.new("nommie", ["human", "bot", "bot", "bot"], [0] * 4, 3)
    while s.state.phase == "bid" and s.to_act() != 0:
        s.apply(s.bot_action())
    s.apply(max(a for a in s.state.legal_actions()))
    assert s.state.phase == "trump" and s.to_act() == 0
    return s


@pytest.mark.parametrize("typed,trump", [("H", 2), ("s", 3), ("hearts", 2), ("nt", 4),
                                         ("trump D", 1)])
def test_a_bare_suit_chooses_trump(typed, trump):
    s = nommie_declarer()
    script = Script(["xyz", typed], answer=lambda p, st: None)
    con, out = play_session(s, script)
    assert "! Choose trump: C, D, H, S or NT, like 'trump H'." in out
    assert s.state.trump == trump
    assert "Play: a card" not in out                      # 'H' was not help


# --- 11: help and quit at every prompt -------------------------------------------
def test_help_works_at_setup_prompts_and_q_quits_a_game(tmp_path):
    lines = ["2", "help", "", "?", "h 1 1 1", "help", "5", "q", "q"]
    con, t, out = run_console(lines, Store(str(tmp_path), True))
    assert "How many play Linger Longer: 2 to 5." in out
    assert "One word a seat, yours first" in out
    assert "deals the same cards every time" in out
    assert "Enter takes 4; quit goes back to the menu." in out
    assert "! " not in out
    assert "Left the game; saved, type c to continue." in out


def test_help_in_a_game_says_what_to_type_now():
    _, _, out = run_console(setup_lines("nommie", seats="h 1 1 1", deal="3") + ["help", "quit"])
    assert "rules. hint: level 3's move." in out
    assert "Your bid: a number from 0 to 13, like 'bid 7'." in out


# --- 4: store notices at the next prompt ------------------------------------------
def test_a_damaged_settings_file_is_told_at_the_next_prompt(tmp_path):
    (tmp_path / "settings.json").write_text("garbage\n")
    p = Player(["1"], end=2)
    con, out = run(p, Store(str(tmp_path), True))
    assert "The settings file was damaged; it was moved to settings.bad1.json" in out
    assert out.count("The settings file was damaged") == 1


def test_damaged_statistics_are_told_after_the_game(tmp_path):
    (tmp_path / "stats.json").write_text("garbage\n")
    p = Player(setup_lines("nommie", seats="h 0 0 0", deal="3"))
    con, out = run(p, Store(str(tmp_path), True))
    assert "The statistics file was damaged" in out
    assert out.index("The statistics file was damaged") > out.index("is over.")


# --- 5: escape sequences and control characters ---------------------------------
def test_arrow_keys_and_control_characters_are_dropped():
    from ui.clean import clean
    assert clean("\x1b[A\x1b[D") == ""
    assert clean("Q\x1b[DH\x07") == "QH"
    assert clean("\x1bOAbid\t 3\x1b[1;5C") == "bid 3"
    assert clean("ba\x9bna\x7fna\x00") == "banana"
    _, t, out = run_console(setup_lines("nommie", seats="h 1 1 1", deal="3")
                            + ["\x1b[A\x1b[D", "x\x1b[2Jy", "bid 2\x1b[C", "quit"])
    assert "\x1b[A" not in out and "\x1b[2J" not in out.replace(CLEAR, "")
    assert "  You: bid 2" in out


# --- 6: the bot-level setting ----------------------------------------------------
def test_new_game_takes_the_bot_level_setting():
    store = NoStore()
    store.settings["bot_level"] = 3
    con, t, out = run_console(["1", "", "5", "quit"], store)
    assert "Seats: h = human, 0-3 = bot level [h 3 3 3]: " in t.prompts
    assert con.session.levels[1:] == [3, 3, 3]


# --- 13: hint, last, seats -----------------------------------------------------------
class HintTypist(Typist):
    def move(self):
        if not self.con.hinted:
            return "hint"
        return Typist.move(self)


def test_hint_says_level_3s_choice_and_the_game_counts_as_hinted(tmp_path):
    store = Store(str(tmp_path), True)
    out = []
    t = HintTypist(setup_lines("nommie", seats="h 0 0 0", deal="3"))
    con = Console(t, out.append, store, lambda: 1)
    t.con = con
    con.run()
    text = "".join(out)
    m = re.search(r"^Hint: (bid \d+), (.+)\.$", text, re.M)
    assert m, text[:3000]
    # what the bid counts on: its sure winners, or that there are none
    assert m.group(2).startswith("no sure winners") or m.group(2)[0] in "AK+", m.group(2)
    assert store.load_stats()["nommie"]["hinted"] == 1


def test_last_shows_the_last_trick():
    class LastTypist(Typist):
        def move(self):
            st = self.con.session.state
            if st.phase == "play" and st.last_trick and "last" not in self.typed:
                return "last"
            if "last" in self.typed:
                return "quit"
            return Typist.move(self)
    out = []
    t = LastTypist(setup_lines("callbreak", seats="h 0 0 0", deal="3"))
    t.con = Console(t, out.append, None, lambda: 1)
    t.con.run()
    st = t.con.session.state
    lines = "".join(out).splitlines()
    from ui.console.table import trick_won_line
    assert trick_won_line(st.view(0), t.con.session.names).strip() in lines


def test_seats_hand_a_seat_to_a_bot_and_back():
    lines = setup_lines("nommie", seats="h 1 1 1", deal="3")
    con, t, out = run_console(lines + ["seats", "seat 2 h", "seat 9 h", "seat 2 3", "seat 1 2",
                                       "quit"])
    assert out.count("  seat 2 Ann: bot 1") == 1
    assert "  seat 2 P2: person" in out          # a second person: the names are P1, P2
    assert "  seat 2 Ann: bot 3" in out
    assert "! Type seats to list them" in out
    # the last person's seat stays theirs: the bots would finish the game at once
    assert "! Seat 1 is the last person's: the bots would play the game to its end at once." in out
    assert con.session.seats == ["human", "bot", "bot", "bot"] and con.session.levels[1] == 3
    assert "Nomination Whist is over." not in out and "Left the game" in out


# --- 9: the deal number -------------------------------------------------------------
def test_table_and_scores_show_the_deal_number():
    _, _, out = run_console(setup_lines("nommie", seats="h 1 1 1", deal="37")
                            + ["table", "scores", "quit"])
    assert out.count("Deal no. 37") == 2


# --- 7: undo trick outside Israeli Whist ---------------------------------------------
def test_undo_trick_in_a_game_that_undoes_one_decision_says_so():
    _, _, out = run_console(setup_lines("nommie", seats="h 1 1 1", deal="3")
                            + ["undo trick", "quit"])
    assert "! 'undo trick' is for a game whose undo takes back a whole trick." in out
    assert "Here 'undo' takes back your last decision." in out
    assert "There is no trick to take back now." not in out


# --- 10: the damaged-save notice is true on the console --------------------------------
def test_the_damaged_save_notice_does_not_promise_a_new_game(tmp_path):
    from test_saves_fallback import damaged_dir
    damaged_dir(tmp_path, True)
    p = Player(["q"])
    con, out = run(p, Store(str(tmp_path), True))
    assert "The saved game was damaged; it was moved to game.bad1.log and cannot be " \
           "continued." in out
    assert "a new game starts" not in out


# --- 12: command lines the console cannot honour ------------------------------------
@pytest.mark.parametrize("args,words", [(["--host"], "--host needs the screen"),
                                        (["--host", "--game", "nommie"], "--host needs")])
def test_text_console_refuses_to_host(tmp_path, args, words):
    # (a blank --join and --seats without --host: lib/hal/desktop_cli.py, tests/test_bad_input.py)
    r = subprocess.run([sys.executable, "code.py", "--text", "--data-dir", str(tmp_path)]
                       + args, cwd=ROOT, input="1\n0 0 0 0\n4\nq\n", capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 2
    assert words in r.stdout and "Pocket Tricks" not in r.stdout


def test_call_break_tables_say_call():
    _, _, out = run_console(setup_lines("callbreak", seats="h 1 1 1", deal="3") + ["quit"])
    assert re.search(r"^>. You +call  -", out, re.M) and " bid " not in out


@pytest.mark.parametrize("autoplay", [True, False])
def test_the_only_playable_card_is_played_for_you_as_on_the_screen(tmp_path, autoplay):
    # The autoplay setting: on, a seat's only playable card goes by itself
    # (the last card of every round at least), said as a line; off, it is asked.
    store = Store(str(tmp_path), True)
    store.save_settings({"autoplay": autoplay})
    con, t, out = run_console(setup_lines("nommie", seats="h 1 1 1"), store)
    forced = re.findall(r"^  You: only (\S+) may be played$", out, re.M)
    assert con.session.state.is_over()
    if autoplay:
        assert len(forced) >= 26             # every round ends on one card
        for card in forced:
            assert re.search(r"^  You: only %s may be played\n  You: %s$" % (card, card), out,
                             re.M)
    else:
        assert forced == []


def test_undo_trick_is_refused_on_a_deals_first_trick_of_only_bots_cards():
    # Bots led the deal's first trick: taking it back would only replay it.
    lines = ["5", "h 0 0 0", "1", "14470", "pass", "bid 0", "undo trick", "undo trick", "quit"]
    con, t, out = run_console(lines)
    st = con.session.state
    assert st.phase == "play" and st.trick and all(q[0] != 0 for q in st.trick)
    assert out.count("! There is no trick to take back now.") == 2
    assert "Taken back." not in out
    assert not con.session.can_undo_trick()


def test_since_your_last_move_is_all_that_happened_since_your_own_move():
    # With three people at the console each one's list runs from their own
    # last move, not from the previous person's turn, in the screen's words
    # (ui/catchup.py) with the cards as typed.
    con, t, out = run_console(setup_lines("nommie", seats="h h h 0", deal="3"))
    blocks = [seg.split("\n\n")[0].splitlines()[1:] for seg in out.split(CLEAR)
              if seg.startswith("Since your last move:")]
    assert blocks[1] == ["P2 bid 0, P3 bid 7, Ann bid 4"]                       # to P1
    assert blocks[2] == ["P3 bid 7, Ann bid 4, P1 bid 9, P1 chose spades"]      # to P2
    assert blocks[3] == ["Ann bid 4, P1 bid 9, P1 chose spades, P2 led JH"]     # to P3
    assert blocks[4] == ["P2 led JH, P3 8H, Ann AH"]                            # to P1
    won = [b for b in blocks if any(" won with " in line for line in b)]
    assert won and all(len(line) <= 78 for b in blocks for line in b)


def test_a_single_allowed_bid_is_named_not_given_as_a_range():
    from engine.actions import BID
    from ui import faces
    from ui.console.words import expected

    class Contract:
        phase = "contract"

        def action_text(self, a):
            return "bid %d" % (a - BID)

        def view(self, seat):
            return {"phase": self.phase}
    face = faces.of("israeli")
    assert expected(Contract(), [BID + 13], face) == \
        "Your contract: only 13 is allowed now: 'bid 13'."
    assert expected(Contract(), [BID + 4, BID + 5, BID + 6], face) == \
        "Your contract: a number from 4 to 6, like 'bid 5'."
