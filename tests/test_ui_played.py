"""Every trick of the round and what is out (ui.screens.played): the score
sheet's pages right of the totals (each trick, latest first: who led, each
card in play order, who won and why in the table's words) and left of them
(the cards played per suit, where the Cards out setting has it), both sizes,
link joiners, the console's `tricks` and `out`, and the setting on the
Settings screen and the console's settings page."""
import random
import sys
import time

import pytest

from engine.cards import card_text
from engine.tricks import trick_winner
from hal import keys as K
from ui import fmt
from ui.nostore import NoStore
from ui.table import words as T

from test_ui_harness import make_rig
from uilogic import new_app, start

SEATS = {"nommie": 4, "linger": 5, "nines": 3, "callbreak": 4, "israeli": 4}
SIZES = [(160, 128), (240, 135)]


def mid_round(app, d, gid, seed=5, cards=None):
    # A table of gid (a person in seat 0, bots) pressed on until a round has
    # `cards` cards played (default: two tricks and one card) and it is the
    # person's turn.
    n = SEATS[gid]
    t = start(app, gid, ["human"] + ["bot"] * (n - 1), seed=seed)
    want = 2 * n + 1 if cards is None else cards
    for _ in range(4000):
        d.settle()
        st = t.state()
        if len(st.plays) >= want and app.top() is t and st.to_act() == 0:
            return t
        d.press(K.A)
    raise AssertionError("no round with %d cards played" % want)


def engine_tricks(st):
    # The round's tricks from the engine itself (its plays: card | seat << 6 | lead)
    out = []
    for x in st.plays:
        if x & 512:
            out.append([])
        out[-1].append([x >> 6 & 7, x & 63])
    return out


def page_to(app, title_start, key=K.RIGHT, limit=80):
    sh = app.top()
    for _ in range(limit):
        if sh.title.startswith(title_start):
            return sh
        app.key(key)
    raise AssertionError((title_start, sh.title))


@pytest.mark.parametrize("gid", sorted(SEATS))
def test_every_trick_of_the_round_pages_right_of_the_totals(gid):
    app, d = new_app()
    t = mid_round(app, d, gid)
    st = t.state()
    names = t.names()
    ts = engine_tricks(st)
    assert len(ts) >= 3 and st.trick
    d.press(K.SELECT)
    sh = app.top()
    assert type(sh).__name__ == "ScoreSheet" and sh.page == 0
    assert sh.footer.startswith("R: tricks") or "tricks" in sh.footer
    for i in range(len(ts) - 1, -1, -1):
        d.press(K.RIGHT)
        trick = ts[i]
        title = "Trick %d" % (i + 1)
        assert sh.title.startswith(title + " ") or sh.title.startswith(title + ",") \
            or sh.title == title, sh.title
        rows = sh.lines[:len(trick)]
        for j in range(len(trick)):                 # each card, in play order, by whom
            s, c = trick[j]
            assert rows[j].split()[:2] == [names[s], fmt.card(c)], rows
            assert rows[j].endswith("led") == (j == 0)
        if i == len(ts) - 1:                        # the trick in play: whose turn
            assert sh.title.endswith(", in play")
            assert sh.lines[-1] == "%s to play" % names[st.to_act()]
        else:                                       # who won and why, as the table says it
            w = trick_winner(trick, st.trump)
            assert w == ts[i + 1][0][0] or gid == "linger"     # (the winner leads next)
            note = " ".join(sh.lines[len(trick) + 1:])
            assert note == T.won_note(trick, w, names)
    n = len(st.history)
    d.press(K.RIGHT)
    assert sh.title.startswith("Round %d" % n) if n else sh.title.startswith("Trick 1")
    for _ in range(len(ts) + 2):
        d.press(K.LEFT)
    assert sh.page == 0 or sh.page == -1
    d.press(K.B)
    assert app.top() is t


def test_a_new_rounds_sheet_shows_the_last_rounds_last_trick():
    app, d = new_app()
    t = start(app, "nommie", ["human", "bot", "bot", "bot"], seed=3)
    st = t.state()
    for _ in range(4000):
        if st.history and not st.plays and app.top() is t:
            break
        d.press(K.A)
    last, w = [list(p) for p in st.last_trick], st.last_winner
    d.press(K.SELECT)
    d.press(K.RIGHT)
    sh = app.top()
    assert sh.title == "Last round's last trick"
    assert [ln.split()[:2] for ln in sh.lines[:len(last)]] == \
        [[t.names()[s], fmt.card(c)] for s, c in last]
    assert [ln.endswith("  won it") for ln in sh.lines] == [s == w for s, _ in last]


def test_trick_pages_show_only_cards_played_at_the_table():
    # Nines' swaps, Israeli's Frisch and Linger's draws never show: every card
    # on a trick or out page is one of this round's plays.
    for gid, seed in (("israeli", 3), ("nines", 4), ("linger", 8)):
        app, d = new_app()
        app.settings["count"] = 2
        t = mid_round(app, d, gid, seed=seed, cards=SEATS[gid] * 3)
        st = t.state()
        public = set(fmt.card(x & 63) for x in st.plays)
        held = set(fmt.card(c) for h in st.hands for c in h)
        d.press(K.SELECT)
        sh = app.top()
        seen = []
        for k in [K.RIGHT] * 6 + [K.LEFT] * 7:
            d.press(k)
            seen += " ".join(sh.lines).split()
        shown = set(w for w in seen if w in public or w in held)
        assert shown and shown <= public, (gid, shown - public)


@pytest.mark.parametrize("w,h", SIZES)
def test_both_pages_fit_both_sizes_in_every_game(w, h):
    # The rig checks every frame: no text off the screen or over another.
    for gid in sorted(SEATS):
        rig = make_rig(w, h)
        rig.app.settings["count"] = 2
        mid_round(rig.app, rig.driver, gid, cards={"nines": 30, "linger": 16}.get(gid, 37))
        rig.draw()
        rig.press(K.SELECT)
        sh = rig.top()
        rig.press(K.LEFT)
        assert sh.title.startswith("Out: ")
        assert len(sh.lines) <= sh.rows(), sh.lines       # one screen, no scrolling
        for line in sh.lines:
            assert len(line) <= rig.app.cols - 1
        if gid == "callbreak":
            rig.shot("sheet_out_%s" % gid)
        for _ in range(3):
            rig.press(K.RIGHT)
            assert len(sh.lines) <= sh.rows(), (sh.title, sh.lines)
            assert len(sh.footer) <= rig.app.cols - 1 and len(sh.title) <= rig.app.cols - 1
        if gid == "callbreak":
            rig.shot("sheet_trick_%s" % gid)


def test_five_long_names_and_a_wrapped_note_still_fit_one_screen():
    from ui.screens import played
    v = {"game": "nommie", "players": 5, "trick": [], "trump": 2, "to_act": 1, "hand_size": 5,
         "plays": [34 | 512, 9 | 1 << 6, 30 | 2 << 6, 12 | 3 << 6, 10 | 4 << 6]}
    names = ["Alexa", "Bobby", "Carla", "Diego", "Emily"]
    title, lines = played.page(v, names, 0, 26)
    assert title == "Trick 1 of 5"
    assert lines[-2:] == ["Alexa won: 10\u2665 was", "highest"]
    assert len(lines) <= 8 and max(len(x) for x in lines) <= 25


def test_a_joiners_damaged_plays_are_left_out():
    from ui.screens import played
    v = {"players": 4, "plays": [999, "x", None, 5 | 7 << 6, 1 | 512, 2 | 1 << 6, 60 | 2 << 6]}
    assert played.tricks(v) == [[[0, 1], [1, 2]]]


def test_what_is_out_is_on_by_game_and_a_setting():
    # By game (the default): Call Break and Israeli Whist, where players count
    # cards; off in the casual games; the setting turns it on or off everywhere.
    from ui.screens.settings import COUNTING_WORDS
    assert COUNTING_WORDS == "Call Break, Israeli Whist"
    for gid, setting, on in (("callbreak", None, True), ("israeli", None, True),
                             ("nommie", None, False), ("linger", None, False),
                             ("nines", None, False), ("nommie", 2, True),
                             ("callbreak", 0, False)):
        app, d = new_app()
        if setting is not None:
            app.settings["count"] = setting
        t = mid_round(app, d, gid, cards=SEATS[gid] * 2 + 1)
        d.press(K.SELECT)
        sh = app.top()
        d.press(K.LEFT)
        assert (sh.page == -1) == on, (gid, setting)
        if not on:
            assert sh.page == 0 and "out" not in sh.footer
            continue
        assert sh.footer == "R: totals  B: back"
        st = t.state()
        v = st.view(None)
        n = len(st.plays)
        assert sh.title == "Out: %d cards played" % n
        order = [v["trump"]] + [s for s in (3, 2, 1, 0) if s != v["trump"]] \
            if v["trump"] in (0, 1, 2, 3) else [3, 2, 1, 0]
        for s, line in zip(order, sh.lines):
            ranks = sorted([x & 63 for x in st.plays if (x & 63) // 13 == s], reverse=True)
            assert line == fmt.SUIT_CHARS[s] + " " + (
                " ".join([fmt.RANKS[c % 13] for c in ranks]) or "-")
        if v["trump"] in (0, 1, 2, 3):
            k = len([x for x in st.plays if (x & 63) // 13 == v["trump"]])
            assert sh.lines[-1] == "Trump %s: %d played" % (fmt.SUIT_CHARS[v["trump"]], k)
        d.press(K.RIGHT)
        assert sh.page == 0 and sh.footer == "L/R: out, tricks  B: back"


def fmt_title(gid):
    from ui.screens.common import short_title
    return short_title(gid)


def test_a_whole_suit_out_and_nothing_yet():
    from ui.screens import played
    v = {"players": 4, "trump": 3, "plays": [c | (c % 4) << 6 | (512 if c % 4 == 0 else 0)
                                             for c in range(13, 26)] + [51 | 512]}
    title, lines = played.out(v, 26)
    assert title == "Out: 14 cards played"
    assert lines == ["\u2660 A", "\u2665 -", "\u2666 all", "\u2663 -", "",
                     "Trump \u2660: 1 played"]
    assert played.out({"players": 4, "trump": None, "plays": []}, 26) == (
        "What is out", ["No card played yet this", "round."])
    v = {"players": 4, "trump": 4, "plays": [c | 512 for c in range(14, 26)]}
    title, lines = played.out(v, 26)        # 12 diamonds at 160 px: a second line
    assert lines[2:4] == ["\u2666 A K Q J 10 9 8 7 6 5 4", "  3"] and lines[-1] == "No Trumps"


def test_settings_screen_has_the_cards_out_row():
    store = NoStore()
    app, d = new_app(store)
    from ui.screens.settings import Settings
    app.push(Settings())
    top = app.top()
    i = [j for j in range(len(top.lines)) if top.lines[j].startswith("Cards out")][0]
    assert "By game" in top.lines[i]
    while top.cursor != i:
        d.press(K.DOWN)
    assert top.footer == "Call Break, Israeli Whist"
    d.press(K.RIGHT)
    assert "All games" in top.lines[i] and app.settings["count"] == 2
    d.press(K.LEFT)
    d.press(K.LEFT)
    assert "Off" in top.lines[i] and app.settings["count"] == 0
    d.press(K.B)
    assert store.load_settings()["count"] == 0


def test_a_trick_page_builds_within_a_screen_changes_budget():
    # A late Linger round (the longest: 40 and more tricks) and a Call Break
    # one: each RIGHT builds its page in far fewer Python calls than a screen
    # change may make (tests/test_press_budget.py), and in milliseconds.
    from test_press_budget import CALLS
    for gid in ("linger", "callbreak"):
        app, d = new_app()
        app.settings["count"] = 2
        mid_round(app, d, gid, cards=16 if gid == "linger" else 45)
        d.press(K.SELECT)
        calls = [0]

        def count(frame, event, arg):
            if event == "call":
                calls[0] += 1
        worst, slowest = 0, 0.0
        for k in [K.RIGHT] * 3 + [K.LEFT] * 4:
            calls[0] = 0
            t0 = time.perf_counter()
            sys.setprofile(count)
            try:
                app.key(k)
            finally:
                sys.setprofile(None)
            slowest = max(slowest, time.perf_counter() - t0)
            worst = max(worst, calls[0])
        assert worst <= CALLS["screen change"] // 2, (gid, worst)
        assert slowest < 0.05, (gid, slowest)


def test_fuzz_the_sheet_pages_at_random_moments():
    # Random keys on the sheet at random moments of whole games, every game:
    # the page stays in range, nothing fails, no card of a hand shows. Inputs:
    # 5 games x 2 deals, the sheet opened at 1 in 6 of the person's turns, 6
    # random keys of LEFT RIGHT UP DOWN there (about 3 s on CPython).
    rnd = random.Random(38)
    for gid in sorted(SEATS):
        for seed in (1, 2):
            app, d = new_app()
            app.settings["count"] = rnd.choice((0, 1, 2))
            n = SEATS[gid]
            t = start(app, gid, ["human"] + ["bot"] * (n - 1), seed=seed)
            for _ in range(3000):
                top = type(app.top()).__name__
                if top == "GameOver":
                    break
                st = t.state()
                if app.top() is t and not app.busy() and rnd.random() < 1 / 6:
                    d.press(K.SELECT)
                    sh = app.top()
                    held = set(fmt.card(c) for h in st.hands for c in h)
                    public = set(fmt.card(x & 63) for x in st.plays) | set(
                        fmt.card(p[1]) for p in st.last_trick or ())
                    for _ in range(6):
                        d.press(rnd.choice((K.LEFT, K.RIGHT, K.UP, K.DOWN)))
                        assert sh.page >= -1
                        words = set(" ".join(sh.lines).split())
                        assert not (words & held) - public, (gid, sh.title)
                    d.press(K.B)
                    assert app.top() is t
                d.press(K.A)


def test_console_tricks_and_out():
    from test_console import Typist, setup_lines

    class Asker(Typist):
        # types `tricks` and `out` once the round has 6 cards played
        asked = False

        def move(self):
            st = self.con.session.state
            if not self.asked and len(st.plays) >= 6 and not st.trick:
                self.asked = True
                self.lines += ["out", "help", "quit"]
                self.seen = engine_tricks(st)
                self.v = st.view(0)
                return "tricks"
            return Typist.move(self)

    for gid, on in (("callbreak", True), ("nommie", False)):
        t = Asker(setup_lines(gid, seats="h 1 1 1"))
        from ui.console.menu import Console
        out = []
        con = Console(t, out.append, NoStore(), lambda: 12345)
        t.con = con
        con.run()
        text = "".join(out)
        names = con.session.names
        for i in range(len(t.seen)):
            trick = t.seen[i]
            line = "Trick %d: " % (i + 1) + ", ".join(
                [names[s] + (" led " if j == 0 else " ") + card_text(c)
                 for j, (s, c) in enumerate(trick)])
            assert line + "\n  " + T.won_note(trick, trick_winner(trick, t.v["trump"]),
                                              names, card_text) + "\n" in text
        if on:
            assert "Out: %d cards played:\n  S " % len(con.session.state.plays) in text
        else:
            assert "! 'out' is off in this game (settings: Cards out).\n" in text
        assert "tricks (the round's), out (cards played)" in text


def test_the_console_settings_page_steps_cards_out(tmp_path):
    from ui.saves import Store
    from test_console import run_console
    store = Store(str(tmp_path), True)
    con, t, out = run_console(["s", "8", "8", "", "q"], store)
    assert "  8  Cards out  By game   the cards played ('out'); by game: Call Break, " \
        "Israeli Whist\n" in out
    assert "Cards out: All games\n" in out and "Cards out: Off\n" in out
    assert Store(str(tmp_path), True).load_settings()["count"] == 0


def test_a_link_joiner_pages_the_tricks_from_its_own_view():
    # The joiner's sheet (SELECT at a link table) reads only the state
    # messages its seat got: the same tricks as the host's engine, no hand.
    import linkrig
    from hal import keys as K2
    hub, h = linkrig.host_table("callbreak", ["human", "remote", "bot", "bot"], seed=5)
    j = linkrig.joiner(hub)
    linkrig.run([h, j], until=lambda: len(h.table().state().plays) >= 6
                and j.table() is not None and j.table().state().n == len(h.table().state().log)
                and not j.app.busy())
    st = h.table().state()
    jt = j.table()
    assert "hands" in jt.state().view() and jt.state().view()["hands"][0] is None
    j.app.open("score_sheet", jt)
    sh = j.app.top()
    names = jt.names()
    want = engine_tricks(st)
    for i in range(len(want) - 1, -1, -1):
        j.app.key(K2.RIGHT)
        assert sh.title.startswith("Trick %d" % (i + 1))
        assert [ln.split()[:2] for ln in sh.lines[:len(want[i])]] == \
            [[names[s], fmt.card(c)] for s, c in want[i]]
    j.app.key(K2.LEFT)
    for _ in range(len(want)):
        j.app.key(K2.LEFT)
    assert sh.title.startswith("Out: %d cards" % len(st.plays))       # Call Break: by game
    mine = set(fmt.card(c) for c in st.hands[1]) - set(fmt.card(x & 63) for x in st.plays)
    assert not mine & set(" ".join(sh.lines).split())


def test_a_link_consoles_tricks_and_out():
    import linkrig
    from ui.console.link import LinkConsole
    hub, h = linkrig.host_table("israeli", ["human", "remote", "bot", "bot"], seed=5)
    j = linkrig.joiner(hub)
    linkrig.run([h, j], until=lambda: len(h.table().state().plays) >= 6
                and j.table().state().n == len(h.table().state().log))
    out = []
    con = LinkConsole(j.table().client, out.append, lambda: False, lambda: None)
    con.command("tricks")
    con.command("out")
    text = "".join(out)
    st = h.table().state()
    first = engine_tricks(st)[0]
    names = j.table().names()
    assert "Trick 1: %s led %s, " % (names[first[0][0]], card_text(first[0][1])) in text
    assert "Out: %d cards played:\n" % len(st.plays) in text       # Israeli Whist: by game


def test_console_out_lines_have_no_trailing_spaces():
    from ui.console.words import played as typed
    v = {"players": 4, "trump": 3, "plays": [51 | 512, 50 | 1 << 6]}
    assert typed("out", v, ["You", "Ann", "Bob", "Cy"], "callbreak", {"count": 1}) == [
        "Out: 2 cards played:", "  S A K", "  H -", "  D -", "  C -", "", "  Trump S: 2 played"]
