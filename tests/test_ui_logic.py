"""The console UI's logic without a display: screens, keys, pickers, the
pass-and-play curtain, pause menu, saves and statistics (ui.app, ui.table,
ui.menus, ui.title, ui.newgame, ui.session; virtual time via ui.driver)."""
import pytest

from engine import IllegalAction
from hal import keys as K
from ui import fmt, standings
from ui.app import App
from ui.nostore import NoStore
from ui.driver import Driver
from ui.menus import rules_text, start_table
from ui.screen import wrap
from ui.session import Session

from engine.games import IDS as GAMES


def new_app(store=None, width=160, height=128, tips=False):
    # (tips: the first game's tips, which the tests of other things do without)
    app = App(width, height, store if store is not None else NoStore(), "test", lambda: 77)
    app.settings["tips"] = tips
    app.start()
    return app, Driver(app)


def start(app, gid, seats, seed=3, opts=None, levels=None):
    n = len(seats)
    return start_table(app, Session.new(gid, seats, levels or [1] * n, seed, opts))


def name(app):
    return type(app.top()).__name__


def until(d, cond, key=K.A, limit=4000):
    """Press key until cond() holds; fail if it never does."""
    for _ in range(limit):
        d.settle()
        if cond():
            return
        d.press(key)
    raise AssertionError("condition never reached")


def human_turn(t, seat=None):
    st = t.state()
    s = st.to_act()
    return (t.app.top() is t and t.session.is_human(s) and not t.hold_until
            and (seat is None or s == seat))


def setup_for(d, app, gid):
    """New game from the title, its game row stepped to gid: the setup screen."""
    d.press(K.A)
    s = app.top()
    while s.game_id() != gid:
        s.cursor = 0
        d.press(K.RIGHT)
    return s


def choose_menu(d, app, label):
    top = app.top()
    idx = [i for i in range(len(top.lines)) if label in top.lines[i]]
    assert idx, (label, top.lines)
    while top.cursor != idx[0]:
        d.press(K.DOWN)
    d.press(K.A)


# --- small helpers ---------------------------------------------------------------

def test_wrap_keeps_words_and_splits_long_ones():
    assert wrap("aaa bbb ccc", 7) == ["aaa bbb", "ccc"]
    assert wrap("abcdefghij", 4) == ["abcd", "efgh", "ij"]
    assert wrap("one\ntwo", 10) == ["one", "two"]


def test_card_and_score_texts():
    assert fmt.card(51) == "A\u2660" and fmt.card(8) == "10\u2663" and fmt.card(13) == "2\u2666"
    assert fmt.action(204) == "No Trumps" and fmt.action(400) == "Pass"
    assert fmt.action(300 + 5 * 6 + 3) == "6 \u2660"
    assert fmt.score(-15, 10) == "-1.5" and fmt.score(123, 1) == "123"


def test_unknown_keys_are_ignored():
    app, d = new_app()
    before = (name(app), app.top().cursor)
    for k in (99, -3, 8, "A", None, 3.5):
        app.key(k)
    assert (name(app), app.top().cursor) == before


# --- title, setup, settings, texts ---------------------------------------------

def test_title_offers_continue_only_with_a_saved_game():
    store = NoStore()
    app, d = new_app(store)
    assert app.top().lines == ["New game", "Link play", "Settings", "Statistics", "Rules",
                               "About"]
    t = start(app, "nommie", ["human", "bot", "bot", "bot"], seed=9)
    until(d, lambda: human_turn(t))
    bid = t.options[t.pick]
    d.press(K.A)                      # the human's bid: autosaved
    saved = store.game["save"]["actions"]
    assert saved[-1] == bid and t.state().save()["actions"][:len(saved)] == saved
    until(d, lambda: human_turn(t))
    actions = t.state().save()["actions"]
    app2, d2 = new_app(store)
    assert app2.top().lines[0] == "Continue Nommie"
    d2.press(K.A)
    t2 = app2.top()
    assert name(app2) == "Table"
    d2.settle()                       # bots replay their moves exactly
    assert t2.state().save()["actions"] == actions


def test_setup_player_counts_and_options_per_game():
    app, d = new_app()
    d.press(K.A)                      # New game
    s = app.top()
    assert name(app) == "Setup"
    seen = {}
    for _ in range(len(GAMES)):
        gid = s.game_id()
        s.cursor = 1
        for _ in range(6):
            d.press(K.RIGHT)
        hi = s.players
        for _ in range(6):
            d.press(K.LEFT)
        seen[gid] = (s.players, hi, [ln.split("<")[0].strip() for ln in s.lines if "<" in ln])
        s.cursor = 0
        d.press(K.RIGHT)
    assert seen["linger"][:2] == (2, 5)
    assert seen["nines"][:2] == (3, 3)
    assert seen["nommie"][:2] == (4, 4) and seen["callbreak"][:2] == (4, 4)
    assert "8-trick win" in seen["callbreak"][2] and "Rounds" in seen["israeli"][2]
    assert "Start points" in seen["nines"][2]


def test_setup_starts_the_game_it_shows():
    app, d = new_app()
    app.settings["bot_level"] = 2               # the seats below start as level-2 bots
    s = setup_for(d, app, "israeli")
    rows = s.rows_model()
    s.cursor = rows.index(("seat", 1))
    d.keys([K.RIGHT, K.RIGHT])                 # Bot L2 -> Bot L3 -> Human
    s.cursor = rows.index(("seat", 2))
    d.press(K.LEFT)                            # Bot L2 -> Bot L1
    s.cursor = rows.index(("option", 0))
    d.press(K.LEFT)                            # 13 deals -> 12
    s.cursor = rows.index(("deal", 0))
    d.press(K.RIGHT)                           # the deal number, digit by digit
    assert name(app) == "DealEntry"
    d.keys([K.UP] * 2 + [K.LEFT] + [K.UP] * 4 + [K.LEFT, K.DOWN])   # 9 4 2 at the end
    d.keys([K.RIGHT] * 9 + [K.DOWN])           # stops at the last digit: 9 4 1
    assert app.top().digits == [0, 0, 9, 4, 1]
    d.press(K.B)                               # cancel: nothing changes
    assert name(app) == "Setup" and s.deal == 0
    d.press(K.RIGHT)
    d.keys([K.UP] * 2 + [K.LEFT] + [K.UP] * 4)
    d.press(K.A)
    assert name(app) == "Setup" and s.deal == 42 and "42" in s.lines[s.cursor]
    s.cursor = rows.index(("seat", 0))
    d.press(K.A)                               # A starts the game from any row
    t = app.stack[0]
    assert name(app) == "Curtain" and type(t).__name__ == "Table"
    assert t.session.seats == ["human", "human", "bot", "bot"]
    assert t.session.levels[2:] == [1, 2]
    saved = t.state().save()
    assert saved["seed"] == 42 and saved["options"] == {"rounds": 12}
    assert app.settings["last_setup"]["game"] == "israeli"


def test_settings_change_and_are_saved():
    store = NoStore()
    app, d = new_app(store)
    choose_menu(d, app, "Settings")
    before = dict(app.settings)
    d.press(K.RIGHT)                 # speed
    d.press(K.DOWN)
    d.press(K.A)                     # autoplay
    d.press(K.B)
    assert store.settings["speed"] != before["speed"]
    assert store.settings["autoplay"] == (not before["autoplay"])
    assert name(app) == "Title"


@pytest.mark.parametrize("gid", GAMES)
def test_rules_text_exists_for_every_game(gid):
    text = rules_text(gid)
    assert len(text) > 400 and "missing" not in text
    app, d = new_app()
    choose_menu(d, app, "Rules")
    choose_menu(d, app, {"nommie": "Nommie", "linger": "Linger", "nines": "Nines",
                         "callbreak": "Call Break", "israeli": "Israeli"}[gid])
    top = app.top()
    assert len(top.lines) > 8 and max(len(x) for x in top.lines) <= app.cols
    d.press(K.DOWN)
    assert top.first == 1
    d.press(K.B)
    assert name(app) == "RulesMenu"


def test_about_and_statistics():
    store = NoStore()
    store.record_result("nines", [2, 2], [(True, -1)])
    app, d = new_app(store)
    choose_menu(d, app, "About")
    text = " ".join(app.top().lines)
    assert "Pocket Tricks" in text and "Board: test" in text and "Memory" in text
    d.press(K.B)
    choose_menu(d, app, "Statistics")
    lines = app.top().lines
    assert lines[0].split() == ["Game", "Pld", "Won", "Best"]
    assert lines[1].split() == ["Nines", "1", "1", "-1"]
    assert ["level", "2", "1", "1"] in [ln.split() for ln in lines]


def test_statistics_table_columns_line_up():
    store = NoStore()
    for gid, levels, won, score in (("nommie", {"bots": [3, 3, 2], "hinted": True}, True, 212),
                                    ("callbreak", [1, 1, 1], False, -125),
                                    ("nommie", [2, 2, 2], False, 180),
                                    ("israeli", {"bots": [0], "hinted": False}, True, 45)):
        store.record_result(gid, levels, [(won, score)])
    assert store.stats["nommie"]["hinted"] == 1 and "hinted" not in store.stats["israeli"]
    for size in ((160, 128), (240, 135)):
        app, d = new_app(store, *size)
        choose_menu(d, app, "Statistics")
        lines = app.top().lines
        assert max(len(x) for x in lines) <= app.cols - 1
        w = lines[0].index(" Pld")           # the names' column, as wide as fits
        hinted = [i for i in range(len(lines)) if lines[i].startswith("Hinted ")][0]
        assert lines[hinted][w:].split() == ["Pld"]
        rows = dict((ln[:w].strip(), ln[w:].split()) for ln in lines[:hinted] if ln)
        assert rows["Nommie"] == ["2", "1", "212"] and rows["Call Break"] == ["1", "0", "-12.5"]
        assert rows["level 3"] == ["1", "1"] and rows["level 0"] == ["1", "1"]
        assert rows["Israeli Whist" if size[0] == 240 else "Israeli"] == ["1", "1", "45"]
        assert lines[hinted + 1].split() == ["Nommie", "1"]
    assert [g for g in GAMES if standings.low_wins(g)] == ["nines"]


# --- the table ---------------------------------------------------------------------

def test_bid_picker_offers_only_legal_bids_and_explains_the_hook():
    for seed in range(1, 60):
        app, d = new_app()
        t = start(app, "nommie", ["human", "bot", "bot", "bot"], seed=seed)
        until(d, lambda: human_turn(t))
        v = t.state().view(None)
        assert v["dealer"] == 0 and v["phase"] == "bid"
        assert t.options == t.state().legal_actions()
        hook = 13 - sum([b for b in v["bids"] if b is not None])
        if 0 <= hook <= 13:
            assert 100 + hook not in t.options
            assert "The dealer may not bid %d" % hook in " ".join(t.panel)   # (engine's words)
            d.press(K.B)          # not a way out of a decision
            assert t.state().to_act() == 0
            return
    raise AssertionError("no deal with a hook in 60 seeds")


def test_zero_streak_is_explained():
    app, d = new_app()
    t = start(app, "nommie", ["human", "bot", "bot", "bot"], seed=4)

    def streak():
        v = t.state().view(None)
        return human_turn(t) and v["phase"] == "bid" and v["zero_streak"][0] >= 3

    until(d, streak)
    assert 100 not in t.options
    assert "Three rounds at 0 in a row" in " ".join(t.panel)   # (the engine's reason)


def test_illegal_card_shows_the_reason_and_changes_nothing():
    app, d = new_app()
    t = start(app, "nommie", ["human", "bot", "bot", "bot"], seed=5)

    def illegal_in_hand():
        st = t.state()
        return human_turn(t) and st.view(None)["phase"] == "play" and \
            len(st.legal_actions()) < len(t.hand)

    until(d, illegal_in_hand)
    legal = t.state().legal_actions()
    for _ in range(len(t.hand) * 2):           # LEFT/RIGHT visit legal cards only
        assert t.hand[t.cursor] in legal
        d.press(K.RIGHT)
    illegal = [c for c in t.hand if c not in legal][0]
    n = len(t.state().save()["actions"])
    assert t.act(illegal, 0) is False          # refused all the same if it were played
    t.update_fields()                          # (the caller's part, once per key)
    assert "Follow suit" in t.prompt and len(t.state().save()["actions"]) == n
    assert app.top() is t


def test_trump_choice_includes_no_trumps():
    app, d = new_app()
    t = start(app, "nommie", ["human", "bot", "bot", "bot"], seed=6)
    for _ in range(3000):            # bid high until the human names trump
        d.settle()
        if human_turn(t) and t.state().view(None)["phase"] == "trump":
            break
        if human_turn(t) and t.state().view(None)["phase"] == "bid":
            d.keys([K.RIGHT] * 14)   # the picker stops at the highest bid
        d.press(K.A)
    assert t.options == [200, 201, 202, 203, 204]
    labels = [fmt.action(a) for a in t.options]
    assert labels[-1] == "No Trumps" and labels[3] == "\u2660 spades"


def test_call_break_calls_are_one_to_eight():
    app, d = new_app()
    t = start(app, "callbreak", ["human", "bot", "bot", "bot"], seed=2)
    until(d, lambda: human_turn(t))
    assert t.options == [100 + n for n in range(1, 9)]
    assert t.panel[0] == "Your call"


def four_humans(gid="israeli", seed=3, opts=None):
    app, d = new_app()
    t = start(app, gid, ["human"] * 4, seed=seed,
              opts={"rounds": 1} if opts is None else opts)
    return app, d, t


def pass_curtain(app, d):
    d.settle()
    assert name(app) == "Curtain"
    d.press(K.A)


def test_israeli_auction_shows_the_high_bid_and_pass():
    app, d, t = four_humans()
    pass_curtain(app, d)
    assert t.options[0] == 400 and t.pick == 1
    d.press(K.A)                                  # lowest bid: 5 clubs
    pass_curtain(app, d)
    assert "High: P2 5 \u2663" in " ".join(t.panel)
    d.press(K.LEFT)
    assert t.panel[1] == "  Pass >"          # the first value: no way further left


def test_israeli_contract_sum_13_rule_is_explained():
    app, d, t = four_humans()
    pass_curtain(app, d)
    d.press(K.A)                                  # P2 bids 5 clubs
    for _ in range(3):                            # P3, P4, P1 pass
        pass_curtain(app, d)
        d.keys([K.LEFT, K.A])
    pass_curtain(app, d)
    assert t.state().view(None)["phase"] == "contract" and t.state().to_act() == 1
    assert 104 not in t.options and "Bid at least 5" in " ".join(t.panel)
    d.press(K.A)                                  # P2: 5
    for _ in range(2):                            # P3, P4: 0
        pass_curtain(app, d)
        d.press(K.A)
    pass_curtain(app, d)
    assert 108 not in t.options and "Contracts may not total 13" in " ".join(t.panel)


def test_frisch_choose_three_then_confirm():
    app, d, t = four_humans()
    for _ in range(4):
        pass_curtain(app, d)
        d.keys([K.LEFT, K.A])
    pass_curtain(app, d)
    assert t.state().view(None)["phase"] == "frisch" and t.state().to_act() == 1
    d.keys([K.A, K.RIGHT, K.A, K.RIGHT, K.A])
    assert len(t.chosen) == 3 and "A: give" in t.prompt
    d.press(K.B)
    assert len(t.chosen) == 2
    d.keys([K.RIGHT, K.A])
    chosen = list(t.chosen)
    hand = list(t.state().view(1)["hands"][1])
    d.press(K.A)                                  # give
    assert t.state().to_act() == 2 and name(app) == "Curtain"
    assert sorted(t.state().view(1)["frisch_chosen"][1] or chosen) == sorted(chosen)
    assert all(c in hand for c in chosen)


def test_curtain_hides_hands_and_only_a_lifts_it():
    app, d, t = four_humans("nommie", opts={})
    d.settle()
    assert name(app) == "Curtain"
    for k in (K.B, K.SELECT, K.LEFT, K.UP):
        d.press(k)
        assert name(app) == "Curtain"
        assert t.hand == [] and t.shown_seat() is None
    d.press(K.START)                              # its menu (tests/test_curtain.py), and back
    assert name(app) == "CurtainMenu" and t.hand == []
    d.press(K.START)
    assert name(app) == "Curtain"
    d.press(K.A)
    assert name(app) == "Table" and t.hand == t.state().view(1)["hands"][1]


def test_round_summary_between_rounds_then_game_over():
    store = NoStore()
    app, d = new_app(store)
    t = start(app, "nines", ["human", "bot", "bot"], seed=8, opts={"start_score": 7})
    seen = set()
    for _ in range(3000):
        d.settle()
        seen.add(name(app))
        if name(app) == "GameOver":
            break
        d.press(K.A)
    assert {"RoundSummary", "GameOver"} <= seen
    over = app.top()
    text = " ".join(over.lines)
    assert "win" in over.title.lower() and "Play again" in text
    assert store.game is None and store.stats["nines"]["played"] == 1
    d.press(K.A)                                   # play again
    t2 = app.top()
    assert name(app) == "Table" and t2.state().save()["seed"] == t.state().save()["seed"] + 1


def test_select_opens_on_the_totals_then_the_last_trick():
    app, d = new_app()
    t = start(app, "nommie", ["human", "bot", "bot", "bot"], seed=3)
    until(d, lambda: len(t.state().history) >= 1 and human_turn(t), limit=4000)
    d.press(K.SELECT)
    sh = app.top()
    v = t.state().view(None)
    n = len(v["history"])
    assert sh.title == "Totals: %d of %d rounds" % (n, v["rounds"])
    # every seat, leader first, with how far behind; then the rounds left: one screen
    assert len(sh.lines) <= app.rows - 2
    best = max(v["scores"])
    lead = sh.lines[0].split()
    assert int(lead[1]) == best and (lead[2:4] == ["leads", "by"] or lead[2] == "tied")
    for line in sh.lines[1:4]:
        name_, total = line.split()[:2]
        s = t.names().index(name_)
        assert int(total) == v["scores"][s]
        assert line.endswith("%d behind" % (best - v["scores"][s])) or best == v["scores"][s]
    assert sh.lines[-1] == "%d rounds left" % (v["rounds"] - n)
    d.press(K.RIGHT)
    assert sh.title == "Last trick" and len(sh.lines) == 4
    assert sum(ln.endswith("won it") for ln in sh.lines) == 1
    d.press(K.B)
    assert app.top() is t


def sheet_rows(lines):
    # a table's lines as lists of cells (names hold no spaces here)
    return [ln.split() for ln in lines]


@pytest.mark.parametrize("gid,seats,opts", [
    ("nommie", 4, {}), ("callbreak", 4, {"eight_wins": False}), ("israeli", 4, {"rounds": 3}),
    ("nines", 3, {"start_score": 4}), ("linger", 5, {}), ("linger", 2, {})])
def test_score_sheet_has_real_columns_and_pages_by_round(gid, seats, opts):
    from ui import sheet
    app, d = new_app()
    t = start(app, gid, ["human"] + ["bot"] * (seats - 1), seed=3, opts=opts)
    until(d, lambda: len(t.state().history) >= 2 or name(app) == "GameOver", limit=20000)
    if name(app) != "Table":
        app.pop() if name(app) != "GameOver" else None
    v = t.state().view(None)
    hist = v["history"]
    d.press(K.SELECT) if app.top() is t else app.open("score_sheet", t)
    sh = app.top()
    assert name(app) == "ScoreSheet" and sh.page == 0          # the totals
    d.press(K.RIGHT)
    assert sh.page == 1                                          # the last trick
    for r in range(len(hist) - 1, -1, -1):                       # the rounds, latest first
        d.press(K.RIGHT)
        rounds = v.get("rounds")         # Nines and Linger: no fixed number of rounds
        assert sh.page == len(hist) + 1 - r and sh.title == "Round %d" % (r + 1) + (
            " of %d" % rounds if rounds else "")
        rows = sheet_rows(sh.lines)
        assert len(rows) == seats + 1
        widths = set(len(ln) for ln in sh.lines)
        assert len(widths) == 1 and max(widths) <= app.cols - 1     # aligned columns
        for s in range(seats):
            cells = rows[s + 1]
            assert cells[0] == t.names()[s]
            h = hist[r]
            if h.get("bids") and h["bids"][s] is not None:
                assert cells[1] == str(h["bids"][s])
            if gid != "linger":
                assert cells[-1] == fmt.score(sheet.totals_after(v, r)[s],
                                              v.get("score_scale") or 1)
    d.press(K.RIGHT)
    assert sh.page == len(hist) + 1                 # stops at the first round
    for _ in range(len(hist) + 3):
        d.press(K.LEFT)
    assert sh.page == 0                             # ... and at the totals
    d.press(K.B)


def test_score_sheet_columns_for_wide_values():
    from ui import sheet
    v = {"players": 4, "game": "callbreak", "score_scale": 10, "scores": [85, -400, 123, 0],
         "history": [{"bids": [8, 13, 10, 1], "tricks": [13, 0, 10, 1],
                      "points": [85, -400, 123, 0]}], "rounds": 5}
    lines = sheet.round_table(v, ["You", "Bo", "Cy", "Di"], 0)
    assert sheet_rows(lines)[1:] == [["You", "8", "13", "+8.5", "8.5"],
                                     ["Bo", "13", "0", "-40.0", "-40.0"],
                                     ["Cy", "10", "10", "+12.3", "12.3"],
                                     ["Di", "1", "1", "+0.0", "0.0"]]
    assert len(set(len(x) for x in lines)) == 1 and len(lines[0]) <= 25
    ends = set()
    for ln in lines[1:]:
        ends.add(ln.rindex(ln.split()[-1]) + len(ln.split()[-1]))
    assert len(ends) == 1                           # right-aligned numbers


def pause_item(d, app, label):
    d.press(K.START)
    assert name(app) == "Pause"
    choose_menu(d, app, label)


def test_undo_last_move_behind_a_confirmation():
    app, d = new_app()
    t = start(app, "nommie", ["human", "bot", "bot", "bot"], seed=3)
    until(d, lambda: human_turn(t))
    before = t.state().save()["actions"]
    d.press(K.A)
    until(d, lambda: human_turn(t))
    assert len(t.state().save()["actions"]) > len(before)
    pause_item(d, app, "Undo")
    assert name(app) == "Confirm"
    d.press(K.B)                                   # cancel
    assert name(app) == "Pause"
    choose_menu(d, app, "Undo")
    d.press(K.UP)                                  # to "Yes"
    d.press(K.A)
    assert app.top() is t and t.state().save()["actions"] == before
    assert t.state().to_act() == 0


def test_israeli_undo_last_trick():
    app, d = new_app()
    t = start(app, "israeli", ["human", "bot", "bot", "bot"], seed=3, opts={"rounds": 1})
    until(d, lambda: human_turn(t) and t.state().view(None)["last_trick"] is not None
          and not t.state().view(None)["trick"])
    done = sum(t.state().view(None)["tricks"])
    pause_item(d, app, "Undo last trick")
    d.press(K.UP)
    d.press(K.A)
    assert sum(t.state().view(None)["tricks"]) == done - 1


def israeli_table(store, seed):
    app, d = new_app(store)
    t = start(app, "israeli", ["human", "bot", "bot", "bot"], seed=seed, opts={"rounds": 2})
    return app, d, t


def at_the_first_frisch():
    # Israeli Whist, four people, everyone passing until the first Frisch:
    # (app, driver, table, state).
    from engine.actions import PASS
    app, d = new_app()
    t = start(app, "israeli", ["human"] * 4, seed=3, opts={"rounds": 1})
    st = t.state()
    while st.phase != "frisch":
        t.act(PASS, st.to_act())
    return app, d, t, st


def ui_undo_trick(d, app):
    pause_item(d, app, "Undo last trick")
    assert name(app) == "Confirm"
    d.press(K.UP)
    app.key(K.A)                 # no settle: bots would replay their cards at once


@pytest.mark.parametrize("in_progress", [True, False])
@pytest.mark.parametrize("seed", [3, 8])
def test_israeli_undo_is_the_engines_and_is_saved(in_progress, seed):
    from engine import games
    store = NoStore()
    app, d, t = israeli_table(store, seed)

    def ready():
        v = t.state().view(None)
        if not human_turn(t) or v["phase"] != "play" or not v["can_undo"]:
            return False
        return bool(v["trick"]) == in_progress and (in_progress or v["last_trick"])
    until(d, ready)
    expected = games.restore(t.state().save())
    tr = expected.trick
    if tr and 0 not in [q[0] for q in tr] and len(expected.plays) >= len(tr) + 4:
        expected.rewind(len(tr) + 4)    # only bots' cards: the trick before goes too
    else:
        expected.undo_trick()                      # the engine's own rule
    ui_undo_trick(d, app)
    assert app.top() is t
    assert t.state().save() == expected.save()
    assert t.state().view(None) == expected.view(None)
    assert store.game["save"] == expected.save()   # autosaved after the undo
    # and the game goes on from there
    until(d, lambda: human_turn(t) and len(t.state().save()["actions"])
          > len(expected.save()["actions"]))


def test_israeli_undo_only_offered_when_the_engine_allows_it():
    app, d, t = israeli_table(NoStore(), 3)
    d.settle()
    assert not t.state().view(None)["can_undo"]    # the trump auction: no trick yet
    d.press(K.START)
    assert name(app) == "Pause"
    assert not [x for x in app.top().lines if "Undo" in x]
    d.press(K.B)
    assert t.session.undo_trick() is False
    until(d, lambda: human_turn(t) and t.state().view(None)["can_undo"])
    d.press(K.START)
    assert "Undo last trick (B)" in app.top().lines
    d.press(K.B)
    # nommie offers "undo my move" once there is a move of yours to take back
    app2, d2 = new_app()
    t2 = start(app2, "nommie", ["human", "bot", "bot", "bot"], seed=3)
    until(d2, lambda: human_turn(t2))
    d2.press(K.START)
    assert not [x for x in app2.top().lines if "Undo" in x]
    d2.press(K.START)
    d2.press(K.A)                                  # a bid
    until(d2, lambda: human_turn(t2))
    d2.press(K.START)
    assert "Undo my move (B)" in app2.top().lines


def test_hand_a_seat_to_a_bot_and_take_it_back():
    app, d = new_app()
    t = start(app, "nommie", ["human", "bot", "bot", "bot"], seed=3)
    until(d, lambda: human_turn(t))
    pause_item(d, app, "Seats")
    d.press(K.RIGHT)                               # seat 1: Human -> Bot L0
    d.press(K.B)
    assert t.session.seats[0] == "bot"
    app.key(K.B)                                   # leave the pause menu
    assert app.top() is t and t.busy()             # a bot plays seat 1 now
    app.key(K.START)
    choose_menu(d, app, "Seats")
    d.press(K.LEFT)                                # Bot L0 -> Human
    d.keys([K.B, K.B])
    assert t.session.seats == ["human", "bot", "bot", "bot"] and t.session.names[0] == "You"


def test_setup_names_the_seats_from_the_names_setting():
    from ui.seating import default_names
    app, d = new_app()
    app.settings["names"] = ["Kim", "Ann", "Bob", "Cy", "Dee"]
    setup_for(d, app, "nommie")
    d.press(K.A)
    t = app.stack[0]
    assert t.session.seats == ["human", "bot", "bot", "bot"]
    assert t.session.names == ["Kim", "Ann", "Bob", "Cy"]
    # the human in another seat keeps the first name; bots take the rest in order
    assert default_names(["bot", "human", "bot"], ["Kim", "Ann", "Bob"]) == ["Ann", "Kim", "Bob"]
    # no setting: "You" and the built-in bot names; several humans are P1, P2, ...
    assert default_names(["human", "bot", "bot"]) == ["You", "Ann", "Bob"]
    assert default_names(["bot"] * 5) == ["Ann", "Bob", "Cy", "Dee", "Eve"]
    assert default_names(["human", "human", "bot"], ["Kim", "Ann"]) == ["P1", "P2", "Ann"]


def test_a_seat_change_renames_only_that_seat():
    from ui.seating import set_seat
    app, d = new_app()
    names = ["Kim", "Zoe", "Bob", "Cy"]
    t = start_table(app, Session.new("nommie", ["human", "bot", "bot", "bot"], [1] * 4, 3,
                                     None, names))
    set_seat(t.session, 2, "human")          # a second person: P3 (Kim keeps her name)
    assert t.session.names == ["Kim", "Zoe", "P3", "Cy"]
    set_seat(t.session, 2, "bot", 1)         # a bot again: the first built-in name free
    assert t.session.names == ["Kim", "Zoe", "Ann", "Cy"]
    set_seat(t.session, 2, "bot", 3)         # only the level: the name stays
    assert t.session.names == ["Kim", "Zoe", "Ann", "Cy"]
    set_seat(t.session, 0, "bot", 2)         # nobody at the table: all bots
    set_seat(t.session, 1, "human")          # then one person, alone: "You"
    assert t.session.names == ["Bob", "You", "Ann", "Cy"]


def test_save_and_quit_then_continue():
    store = NoStore()
    app, d = new_app(store)
    t = start(app, "callbreak", ["human", "bot", "bot", "bot"], seed=3)
    until(d, lambda: human_turn(t))
    d.press(K.A)
    until(d, lambda: human_turn(t))
    actions = t.state().save()["actions"]
    pause_item(d, app, "Save and quit")
    assert name(app) == "Title" and app.top().lines[0].startswith("Continue ")
    d.press(K.A)
    assert app.top().state().save()["actions"] == actions


@pytest.mark.parametrize("autoplay", [True, False])
def test_autoplay_plays_a_single_legal_card(autoplay):
    app, d = new_app()
    app.settings["autoplay"] = autoplay
    t = start(app, "nommie", ["human", "bot", "bot", "bot"], seed=3)
    # round 1: play until the human holds one card
    for _ in range(400):
        d.settle()
        if name(app) != "Table" or len(t.state().view(0)["hands"][0]) == 1:
            break
        d.press(K.A)
    if autoplay:
        assert name(app) == "RoundSummary"
    else:
        assert human_turn(t, 0) and len(t.hand) == 1


def test_a_damaged_save_is_refused_with_a_message():
    store = NoStore()
    store.game = {"save": {"game": "nommie", "version": 1, "players": 4, "seed": 1,
                           "options": {}, "actions": [999]},
                  "seats": ["human", "bot", "bot", "bot"], "levels": [1, 1, 1, 1],
                  "names": ["a", "b", "c", "d"]}
    app, d = new_app(store)
    d.press(K.A)
    top = app.top()
    text = top.footer if name(app) == "Title" else " ".join(top.lines)
    assert "unusable" in text
    if name(app) != "Title":                   # a long notice: a page over the title
        assert top.title == "Notice"
        d.press(K.B)
    assert name(app) == "Title" and app.top().footer == "A: choose"
    with pytest.raises(IllegalAction):
        Session.from_record({"save": {"game": "nommie", "version": 1, "players": 4, "seed": 1,
                                      "options": {}, "actions": [999]}})


def test_continue_with_the_real_store(tmp_path):
    from ui import saves
    app, d = new_app(saves.Store(str(tmp_path), True))
    t = start(app, "nines", ["human", "bot", "bot"], seed=4)
    until(d, lambda: human_turn(t))
    d.press(K.A)
    until(d, lambda: human_turn(t))
    actions = t.state().save()["actions"]
    pause_item(d, app, "Save and quit")
    app2, d2 = new_app(saves.Store(str(tmp_path), True))
    assert app2.top().lines[0] == "Continue Nines"
    d2.press(K.A)
    t2 = app2.top()
    assert name(app2) == "Table" and t2.session.seats == ["human", "bot", "bot"]
    assert t2.state().save()["actions"] == actions


def test_rare_screens_leave_memory_when_closed():
    import sys
    lazy = ("ui.title", "ui.newgame", "ui.settings", "ui.info", "ui.pause", "ui.between",
            "ui.sheet", "ui.sheet_page", "ui.menus", "ui.glyphs", "ui.nostore", "hal.pick")
    from engine.ondemand import forget
    for m in lazy:                                 # left over by earlier tests' apps
        forget(m)
    app, d = new_app()
    for label in ("Settings", "Statistics", "Rules", "About"):
        choose_menu(d, app, label)
        d.keys([K.B, K.B] if label == "Rules" else [K.B])
        assert name(app) == "Title"
        assert not [m for m in ("ui.settings", "ui.info") if m in sys.modules], label
    t = start(app, "nommie", ["human", "bot", "bot", "bot"], seed=3)
    until(d, lambda: human_turn(t))
    d.keys([K.START, K.B, K.SELECT, K.B])
    assert app.top() is t
    assert not [m for m in lazy if m in sys.modules and m != "ui.nostore"]


def test_sound_cues_your_turn_trick_won_and_round_end_only_when_sound_is_on():
    app, d = new_app()
    tones = []
    app.sound = lambda f, ms: tones.append((f, ms))
    start(app, "nommie", ["human", "bot", "bot", "bot"])
    t = app.top()
    until(d, lambda: len(t.state().history) >= 1, key=K.A, limit=20000)
    assert (880, 60) in tones          # your turn
    assert (523, 180) in tones         # the round ended
    app.settings["sound"] = False
    tones[:] = []
    until(d, lambda: len(t.state().history) >= 2, key=K.A, limit=20000)
    assert tones == []


def test_nines_swap_names_whose_old_hand_the_dummy_is():
    from ui.panel import swap_words
    app, d = new_app()
    t = start(app, "nines", ["human", "human", "human"])   # P1 deals: offers go P1, P2, P3
    st = t.state()
    names = t.names()
    assert swap_words(st.view(0), names) == ["Dummy: 13 cards, unseen"]
    t.session.apply(401)          # P1 swaps: the dummy now holds P1's old hand
    assert swap_words(st.view(1), names) == ["Dummy: P1's old hand"]
    t.session.apply(401)          # P2 swaps too: now it holds P2's old hand, not P1's
    assert swap_words(st.view(2), names) == ["Dummy: P2's old hand"]


def known_cards(text):
    # the cards in a known-hand line "Who: AK9♠ QJ♥" as ints
    out = []
    for group in text.replace("\n", " ").split(": ", 1)[1].split():
        suit = fmt.SUIT_CHARS.index(group[-1])
        ranks = group[:-1].replace("10", "T")
        out += [suit * 13 + "23456789TJQKA".index(r) for r in ranks]
    return sorted(out)


def test_nines_a_swapper_sees_the_cards_it_knows():
    app, d = new_app()
    t = start(app, "nines", ["human", "bot", "bot"], seed=5)
    st = t.state()
    until(d, lambda: human_turn(t) and st.view(None)["phase"] == "swap")
    assert t.known == ""                           # nothing known before a swap
    old = list(st.view(0)["hands"][0])
    while t.options[t.pick] != 401:
        d.press(K.LEFT)
    d.press(K.A)                                   # swap: the old hand is in the dummy
    t.update_fields()
    v = st.view(0)
    if v["dummy"] is not None:
        assert t.known.startswith("Dummy: ") and known_cards(t.known) == sorted(v["dummy"])
        assert known_cards(t.known) == sorted(old)
    else:                                          # a later seat took it: its cards
        s = [i for i in (1, 2) if v["known_hands"][i] is not None][0]
        assert t.known.startswith(t.names()[s] + ": ")
        assert known_cards(t.known) == sorted(v["known_hands"][s])
    assert len(t.known.split("\n")) <= 2
    for line in t.known.split("\n"):
        assert len(line) <= app.cols
    # never the dummy for a seat that kept its hand
    app2, d2 = new_app()
    t2 = start(app2, "nines", ["human", "bot", "bot"], seed=5)
    until(d2, lambda: human_turn(t2) and t2.state().view(None)["phase"] == "swap")
    d2.press(K.A)                                  # keep
    until(d2, lambda: human_turn(t2))
    assert t2.known == ""


def test_hint_points_at_level_3s_choice_and_counts_as_hinted(tmp_path):
    from engine import bots
    from ui import saves
    store = saves.Store(str(tmp_path), True)
    app, d = new_app(store)
    t = start(app, "nines", ["human", "bot", "bot"], seed=4, opts={"start_score": 1})
    hinted = 0
    for _ in range(400):
        d.settle()
        if name(app) == "GameOver":
            break
        if human_turn(t) and hinted < 3:
            st = t.state()
            want = bots.choose(st.view(0), st.legal_actions(), 3, t.session.seed * 8)
            pause_item(d, app, "Hint")
            assert app.top() is t and t.prompt.startswith("Hint: ")
            assert (t.hand[t.cursor] if want < 52 else t.options[t.pick]) == want
            hinted += 1
        d.press(K.A)
    assert name(app) == "GameOver" and hinted == 3
    assert store.load_stats()["nines"]["hinted"] == 1
    # no hint while it is not your decision
    app2, d2 = new_app()
    t2 = start(app2, "nommie", ["human", "bot", "bot", "bot"], seed=3)
    t2.hold_until = 10 ** 9
    d2.app.key(K.START)
    assert "Hint" not in app2.top().lines


def test_nines_text_console_shows_what_a_swapper_knows():
    from engine import games
    from engine.cards import card_text
    from ui import text_table
    st = games.load("nines").new_game(3, 5)
    names = ["You", "Bo", "Cy"]
    assert not [x for x in text_table.table_lines(st.view(0), names, "Nines", 0) if "old hand" in x]
    old = list(st.view(0)["hands"][0])
    st.apply(401)                      # seat 0 (the dealer) swaps first
    lines = text_table.table_lines(st.view(0), names, "Nines", 0)
    known = [x for x in lines if x.startswith("Dummy (your old hand): ")]
    assert len(known) == 1 and all(card_text(c) in known[0] for c in old)
    assert not [x for x in text_table.table_lines(st.view(1), names, "Nines", 1)
                if "old hand" in x]    # seat 1 never swapped: it knows nothing
    st.apply(401)                      # seat 1 takes seat 0's old hand
    lines = text_table.table_lines(st.view(0), names, "Nines", 0)
    assert [x for x in lines if x.startswith("Bo holds (your old hand): ")]


def _eight_trick_deal():
    # A Call Break deal whose level-0 bots end it with an 8-trick round, found
    # by playing the engine's own level-0 bots (the seats' bot rng is the table's).
    for seed in range(1, 400):
        app, d = new_app()
        t = start(app, "callbreak", ["bot"] * 4, seed=seed, levels=[0] * 4)
        until(d, lambda: name(app) == "GameOver", limit=20000)
        if t.state().eight_winner is not None:
            return app, t
    raise AssertionError("no 8-trick win in 400 deals")


def test_game_over_says_when_8_tricks_ended_the_game():
    # The winner of an 8-trick round may have the lowest total: the screen says why.
    app, t = _eight_trick_deal()
    st = t.state()
    w = st.eight_winner
    text = " ".join(app.top().lines)
    assert app.top().title == "%s wins!" % t.names()[w]
    assert app.top().lines[app.top().lines.index("Final scores:") + 1].startswith(t.names()[w])
    assert "%s took 8 tricks in round %d: an instant win." % (t.names()[w], st.round + 1) in text
    assert "Play again" in text


def test_outcome_words_for_every_ending():
    from ui.standings import outcome
    names = ["You", "Ann", "Bob"]
    assert outcome({"result": None}, [1], names) == ["Ann wins!"]
    assert outcome({}, [0], names) == ["You win!"]
    assert outcome({}, [0, 2], names) == ["Joint winners: You, Bob"]
    assert outcome({"result": "draw"}, [1, 2], names) == [
        "Draw: Ann, Bob", "The stock ran out: most tricks wins."]
    assert outcome({"result": "last_holder"}, [2], names) == ["Bob wins!", "Last to hold cards."]
    assert outcome({"eight_winner": 1, "round": 2}, [1], names) == [
        "Ann wins!", "Ann took 8 tricks in round 3: an instant win."]


def _saved_nines(store):
    # A store holding a Nines game in progress; the app back at the title.
    app, d = new_app(store)
    t = start(app, "nines", ["human", "bot", "bot"], seed=5)
    until(d, lambda: human_turn(t))
    d.press(K.A)
    until(d, lambda: human_turn(t))
    t.autosave()
    app.home()
    assert app.top().lines[0] == "Continue Nines"
    log = store.load_game()[0]["log"]
    assert len(log) > 1
    return app, d, log


def test_a_new_game_asks_before_it_replaces_the_saved_one():
    store = NoStore()
    app, d, log = _saved_nines(store)
    choose_menu(d, app, "New game")
    assert name(app) == "Setup"
    d.press(K.A)                                   # start (from any row)
    assert name(app) == "Confirm"
    assert "The saved Nines game will be lost." in " ".join(app.top().lines)
    assert app.top().lines[app.top().cursor].strip() == "Keep it"   # the safe default
    d.press(K.A)
    assert name(app) == "Setup" and store.load_game()[0]["log"] == log
    d.press(K.A)
    d.press(K.B)                                   # B keeps it too
    assert name(app) == "Setup" and store.load_game()[0]["log"] == log
    d.press(K.A)
    d.press(K.UP)                                  # "Start new game"
    d.press(K.A)
    assert name(app) == "Table"
    assert store.load_game()[0]["save"]["game"] == app.top().session.game
    assert store.load_game()[0]["log"] != log


def test_without_a_saved_game_a_new_game_starts_at_once():
    app, d = new_app(NoStore())
    choose_menu(d, app, "New game")
    d.press(K.A)
    assert name(app) == "Table"


def test_game_from_the_command_line_asks_before_it_replaces_the_saved_game():
    from ui.menus import quick_start
    store = NoStore()
    app, d, log = _saved_nines(store)
    quick_start(app, "nommie")
    assert name(app) == "Confirm"
    d.press(K.B)                                   # keep it: the title, Continue Nines
    assert name(app) == "Title" and app.top().lines[0] == "Continue Nines"
    assert store.load_game()[0]["log"] == log
    quick_start(app, "nommie")
    d.press(K.UP)
    d.press(K.A)
    assert name(app) == "Table" and app.top().session.game == "nommie"


def test_israeli_table_says_when_the_cards_are_dealt_again():
    # Four passes after the third Frisch: the same dealer deals again, and the
    # table says so while the new hands settle.
    from engine.actions import PASS
    from ui.session import REDEALT
    from ui import table_text
    app, d = new_app()
    t = start(app, "israeli", ["human"] * 4, seed=3, opts={"rounds": 1})
    st = t.state()
    for _ in range(200):
        legal = st.legal_actions()
        t.act(PASS if PASS in legal else legal[0], st.to_act())
        if st.redeals:
            break
    assert st.redeals == 1 and st.phase == "trump_bid" and st.frisch_count == 0
    assert t.note == REDEALT and t.hold_until
    assert table_text.prompt(t, st.view(None), None) == REDEALT
    t.act(PASS, st.to_act())                       # the next call: the note goes
    assert t.note != REDEALT


def test_call_break_says_call_where_other_games_say_bid():
    from ui import table_text
    from ui.sheet import round_table
    from engine import callbreak, nommie
    for mod, word in ((callbreak, "call"), (nommie, "bid")):
        st = mod.new_game(seed=4)
        while st.phase != "play":
            st.apply(st.legal_actions()[0])
        v = st.view(None)
        assert table_text.stats(v, 0)[0] == "%s %d" % (word, v["bids"][0])
        while not st.history:
            st.apply(st.legal_actions()[0])
        assert round_table(st.view(None), ["A", "B", "C", "D"], 0)[0].split()[0] == \
            word.capitalize()


def test_a_long_notice_gets_a_page_and_read_only_storage_stays_in_the_footer(tmp_path):
    from ui import saves
    store = saves.Store(str(tmp_path), False)
    app = App(160, 128, store, "test", lambda: 7)
    app.start()
    page = app.top()
    assert page.title == "Notice" and " ".join(page.lines) == saves.READ_ONLY
    app.key(K.A)
    assert name(app) == "Title" and app.top().footer == "Read-only: no saves"


def test_two_bid_reasons_on_the_smallest_panel_still_name_the_missing_bids():
    # The dealer hooked off a bid after three 0-bids running: at 160x128 the
    # panel has two lines of 14 characters, too few for both reasons.
    from engine import nommie
    from engine.actions import bid
    from ui import panel
    from ui.table_text import panel_cols, panel_rows
    st = nommie.new_game(seed=7)
    while st.turn != st.dealer:
        st.apply(bid(1))                          # the hook: 13 - 3 = 10
    st.zero_streak[st.dealer] = 3
    legal = st.legal_actions()
    missing = [n for n in range(st.hand_size() + 1) if bid(n) not in legal]
    assert len(missing) == 2 and 0 in missing

    class T:
        options = legal

        def names(self):
            return ["You", "Ann", "Bob", "Cy"]

        def state(self):
            return st
    alts = panel.reasons(T(), st.view(st.turn), "bid", st.turn)
    lines = panel.fit(alts, panel_cols(160), panel_rows(160, 128, 12) - 2)
    assert len(lines) <= 2 and " ".join(lines) == "Can't bid %d, %d" % tuple(missing)
    wide = panel.fit(alts, panel_cols(240), 8)             # room: the reasons in full
    assert "Three rounds at 0 in a row" in " ".join(wide)


def test_a_hint_does_not_hide_how_to_finish_a_frisch():
    from ui import table_text
    app, d, t, st = at_the_first_frisch()
    seat = st.to_act()
    v = st.view(seat)
    t.hint = (st.legal_actions()[0], "Hint: 2C, pass it on")
    t.chosen = st.legal_actions()[:1]
    assert table_text.prompt(t, v, seat) == "Hint: 2C, pass it on"
    t.chosen = st.legal_actions()[:3]
    assert table_text.prompt(t, v, seat) == "A: give them  B: take back"


def test_game_over_is_one_screen_and_its_keys_move_over_the_menu_only():
    app, d = new_app()
    start(app, "nines", ["human", "bot", "bot"], seed=8, opts={"start_score": 7})
    until(d, lambda: name(app) == "GameOver", limit=6000)
    over = app.top()
    assert len(over.lines) <= over.rows()            # nothing below the fold
    assert over.lines[over.cursor] == "> Play again"
    for _ in range(5):
        d.press(K.DOWN)
    assert over.lines[over.cursor] == "> Main menu" and over.first == 0
    for _ in range(5):
        d.press(K.UP)
    assert over.lines[over.cursor] == "> Play again"    # not onto the scores
    d.press(K.DOWN)
    d.press(K.DOWN)
    d.press(K.A)
    assert name(app) == "Title"


def test_israeli_undo_trick_goes_past_a_trick_of_only_bots_cards():
    # Bots led and followed, now it is your turn: taking back "the trick" of
    # their cards alone would replay it as it was; the trick before goes too.
    app, d = new_app()
    t = start(app, "israeli", ["human", "bot", "bot", "bot"], seed=3, opts={"rounds": 1})
    st = t.state()
    until(d, lambda: human_turn(t) and st.trick and len(st.plays) >= len(st.trick) + 4,
          limit=8000)
    n, in_trick = len(st.log), len(st.trick)
    tricks = sum(st.tricks)
    assert t.session.undo_trick(0)
    assert len(st.log) <= n - in_trick - 4 and sum(st.tricks) == tricks - 1


def test_a_hint_names_a_call_break_call_as_a_call():
    from engine.actions import BID
    from ui import hint
    assert hint.words({"calls": [None] * 4}, BID + 3) == "call 3"
    assert hint.words({"bids": [None] * 4}, BID + 3) == "bid 3"


def test_a_hint_s_words_go_when_the_picker_leaves_its_value():
    app, d = new_app()
    t = start(app, "nommie", ["human", "bot", "bot", "bot"], seed=3)
    until(d, lambda: human_turn(t) and t.options)
    pause_item(d, app, "Hint")
    assert t.prompt.startswith("Hint: ")
    hinted = t.options[t.pick]
    d.press(K.RIGHT if t.pick + 1 < len(t.options) else K.LEFT)
    assert t.options[t.pick] != hinted and t.hint is None
    assert not t.prompt.startswith("Hint: ")


def test_the_cards_a_frisch_passed_are_marked_until_the_first_trick():
    from engine.actions import PASS
    app, d, t, st = at_the_first_frisch()
    given = [[] for _ in range(4)]
    while st.phase == "frisch":
        s = st.to_act()
        c = st.legal_actions()[0]
        given[s].append(c)
        t.act(c, s)
    assert t.received == [given[(s - 1) % 4] for s in range(4)]   # from the right
    assert all(c in st.hands[s] for s in range(4) for c in t.received[s])
    t.act(PASS, st.to_act())                       # the auction again: marks stay
    assert t.received == [given[(s - 1) % 4] for s in range(4)]
    from ui import panel                           # and the panel says what blue means
    why = panel.reasons(t, st.view(None), "trump_bid", st.to_act())
    assert why[0][1] == "Blue cards: passed to you" and why[1][1] == "Blue: received"
    assert max(len(x) for x in why[1]) <= 14       # the short form fits 160 px's panel


@pytest.mark.parametrize("gid", ["nommie", "nines", "callbreak", "israeli"])
def test_a_new_rounds_bids_never_bring_back_the_last_rounds_trick(gid):
    # The view keeps the previous round's last trick as last_trick; the pause
    # after each bid (or swap, Frisch, trump bid) must not put it on the table.
    from engine.catalog import entry
    app, d = new_app(width=240, height=135)
    n = entry(gid)[5]
    t = start(app, gid, ["human"] + ["bot"] * (n - 1), seed=7)
    held = []

    def check():
        if app.top() is not t or not t.hold_until or t.round_hold:
            return
        v = t.state().view(None)
        if v["phase"] not in ("play", "over") and v["last_trick"]:
            assert list(t.trick) == [], (v["phase"], v["round"], t.trick)
            held.append(v["phase"])

    for _ in range(3000):
        if len(t.state().history) >= 2:
            break
        wait = app.tick(d.now)
        check()
        while app.busy():
            d.now += max(1, min(wait if wait is not None else 20, 10000))
            wait = app.tick(d.now)
            check()
        app.key(K.A)
        check()
    assert len(t.state().history) >= 2 and held   # a second round's bids were paused on


def test_start_closes_the_pause_menu_and_select_the_score_sheet():
    # The button that opened a screen closes it again, as on a handheld.
    app, d = new_app()
    t = start(app, "nommie", ["human", "bot", "bot", "bot"], seed=3)
    until(d, lambda: human_turn(t))
    d.press(K.START)
    assert name(app) == "Pause"
    d.press(K.START)
    assert app.top() is t
    d.press(K.SELECT)
    assert name(app) == "ScoreSheet"
    d.press(K.SELECT)
    assert app.top() is t
    d.press(K.START)
    choose_menu(d, app, "Score sheet")
    d.press(K.SELECT)                 # back to the pause menu that opened it
    assert name(app) == "Pause"
    d.press(K.START)
    assert app.top() is t


def test_israeli_auction_up_and_down_change_the_tricks_and_undo_each_other():
    from engine.actions import PASS, trump_bid, action_text
    from ui.panel import trick_step
    opts = [PASS] + [trump_bid(n, s) for n in range(5, 14) for s in range(5)
                     if trump_bid(n, s) > trump_bid(5, 0)]          # 5 C was bid
    walk = []
    p = 1
    for up in (False, True, True, False, False, False, True):
        p = trick_step(opts, p, up)
        walk.append(action_text(opts[p]))
    assert walk == ["pass", "bid 5 D", "bid 6 D", "bid 5 D", "pass", "pass", "bid 5 D"]
    p = opts.index(trump_bid(13, 3))
    assert opts[trick_step(opts, p, True)] == trump_bid(13, 4)   # the top: the highest bid
    high = [PASS] + [a for a in opts[1:] if a > trump_bid(6, 2)]  # 6 H was bid
    p = high.index(trump_bid(7, 1))
    assert high[trick_step(high, p, False)] == trump_bid(6, 3)    # no 6 D: the lowest bid
    # at the table: the keys themselves
    app, d = new_app(width=240, height=135)
    t = start(app, "israeli", ["human", "bot", "bot", "bot"], seed=7)
    until(d, lambda: human_turn(t) and t.state().phase == "trump_bid")
    first = t.options[t.pick]
    d.press(K.DOWN)
    assert t.options[t.pick] == PASS
    d.press(K.UP)
    assert t.options[t.pick] == first
    d.press(K.UP)
    assert t.options[t.pick] == first + 5


@pytest.mark.parametrize("gid,seats,opts", [
    ("linger", 5, {}), ("callbreak", 4, {}), ("nines", 3, {"start_score": 2}),
    ("israeli", 4, {"rounds": 1})])
def test_game_over_shows_the_winner_and_every_seat_without_scrolling(gid, seats, opts):
    app, d = new_app()
    t = start(app, gid, ["human"] + ["bot"] * (seats - 1), seed=5, opts=opts, levels=[0] * seats)
    until(d, lambda: name(app) == "GameOver", limit=20000)
    over = app.top()
    win = t.state().winners()
    assert t.names()[win[0]] in over.title or over.title == "You win!"
    shown = over.lines[:app.rows - 2]             # what the screen shows without DOWN
    cells = " ".join(shown).split()
    for s in range(seats):
        assert t.names()[s] in cells
    assert "> Play again" in shown and "> Main menu" in shown
    if gid != "linger":
        top = shown.index("Final scores:") + 1
        first = shown[top].split()
        assert first[0] == t.names()[win[0]]      # the winner first


def test_final_scores_fit_two_to_a_line_at_160_px():
    from ui import standings
    v = {"players": 4, "game": "callbreak", "score_scale": 10, "history": [{}],
         "scores": [-400, 123, -125, 85]}
    lines = standings.final_lines(v, ["Alexa", "Bo", "Cyril", "Di"], 25)
    assert lines == ["Final scores:", "Bo     12.3   Di      8.5",
                     "Cyril -12.5   Alexa -40.0"]
    assert max(len(x) for x in lines) <= 25
    v = {"players": 5, "game": "linger", "tricks": [0, 1, 4, 2, 0]}
    assert standings.final_lines(v, ["You", "Ann", "Bob", "Cy", "Dee"], 25, [4]) == [
        "Tricks won:", "Dee   0   Bob   4", "Cy    2   Ann   1", "You   0"]


def test_the_console_sheet_ends_with_who_leads():
    from ui import sheet_page
    v = {"players": 3, "game": "nines", "phase": "play", "scores": [5, 3, 9],
         "history": [{"tricks": [4, 6, 3], "points": [0, -2, 1]}]}
    out = sheet_page.score_sheet(v, ["You", "Ann", "Bob"], 80)
    assert out[-1] == "Ann leads by 2; first to 0 wins."       # Nines: the lowest leads
    v = {"players": 4, "game": "nommie", "phase": "play", "scores": [12, 12, 3, 0], "rounds": 26,
         "history": [{"tricks": [1] * 4, "points": [12, 12, 3, 0], "bids": [1] * 4}]}
    out = sheet_page.score_sheet(v, ["You", "Ann", "Bob", "Cy"], 80)
    assert out[-1] == "You and Ann share the lead; 25 rounds left."


def test_settings_speed_goes_slow_normal_fast_and_levels_have_names():
    app, d = new_app(NoStore())
    choose_menu(d, app, "Settings")
    top = app.top()
    assert top.lines[0].endswith("< Normal >") and top.lines[3].endswith("< hard >")
    seen = []
    for k in [K.LEFT, K.LEFT, K.RIGHT, K.RIGHT, K.RIGHT]:
        d.press(k)
        seen.append(top.lines[0].split("<")[1].strip(" >"))
    assert seen == ["Slow", "Slow", "Normal", "Fast", "Fast"]     # L/R stop at the ends
    d.press(K.A)
    assert top.lines[0].endswith("< Slow >")                      # A goes round
    top.cursor = 3
    seen = []
    for k in [K.RIGHT, K.RIGHT, K.LEFT, K.LEFT, K.LEFT, K.LEFT]:
        d.press(k)
        seen.append(top.lines[3].split("<")[1].strip(" >"))
    assert seen == ["hard", "hard", "normal", "easy", "random", "random"]


def test_setup_rows_name_the_seats_and_explain_the_option_under_the_cursor():
    app, d = new_app()
    s = setup_for(d, app, "callbreak")
    rows = s.rows_model()
    seat_rows = [s.lines[rows.index(("seat", i))] for i in range(4)]
    assert [ln.split()[0] for ln in seat_rows] == ["You", "Ann", "Bob", "Cy"]
    assert seat_rows[1].endswith("< Bot hard >")
    s.cursor = rows.index(("seat", 1))
    d.keys([K.RIGHT])                         # Bot hard -> Human
    assert [s.lines[rows.index(("seat", i))].split()[0] for i in range(4)] == \
        ["P1", "P2", "Ann", "Bob"]
    d.press(K.DOWN)
    d.press(K.DOWN)
    d.press(K.DOWN)                           # the option row: its meaning in the footer
    assert s.rows_model()[s.cursor] == ("option", 0)
    assert s.footer == "Eight tricks win at once"


def test_israeli_play_shows_over_or_under_beside_the_trump_and_keeps_the_dealer():
    from ui import table_text as T
    v = {"phase": "play", "trump": 3, "game_type": "under", "round": 1, "rounds": 13,
         "dealer": 2, "players": 4}
    assert T.trump_text(v) == "\u2660 under"
    assert T.header(v, ["You", "Ann", "Bob", "Cy"]) == "R2/13 dealer Bob"
    v["phase"] = "trump_bid"
    assert T.trump_text(v) == "trump \u2660"


def test_statistics_show_no_best_score_for_a_game_without_points():
    from ui.info import stats_lines
    store = NoStore()
    store.record_result("linger", {"bots": [2]}, [(True, 0)])
    store.record_result("nines", {"bots": [2]}, [(False, 3)])
    lines = stats_lines(store, 26)
    row = [ln for ln in lines if ln.startswith("Linger")][0]
    assert row.split()[-3:] == ["1", "1", "-"]
    assert [ln for ln in lines if ln.startswith("Nines")][0].split()[-1] == "3"


def test_b_twice_takes_your_move_back_and_b_says_why_when_it_cannot():
    app, d = new_app()
    t = start(app, "nommie", ["human", "bot", "bot", "bot"], seed=3)
    until(d, lambda: human_turn(t))
    d.press(K.B)                                   # nothing of yours yet
    assert t.prompt == "Nothing to take back." and app.top() is t
    before = t.state().save()["actions"]
    d.press(K.A)                                   # a bid; the bots answer
    until(d, lambda: human_turn(t))
    assert len(t.state().save()["actions"]) > len(before)
    d.press(K.B)
    assert t.prompt.replace("\n", " ") == "B again: take back your move"
    assert len(t.state().save()["actions"]) > len(before)       # nothing yet
    d.press(K.LEFT)                                # another key: B asks again
    d.press(K.B)
    assert len(t.state().save()["actions"]) > len(before)
    d.press(K.B)                                   # the second B in a row
    assert t.state().save()["actions"] == before and t.prompt == "Taken back."


def test_no_undo_once_another_person_has_played():
    app, d = new_app()
    t = start(app, "nommie", ["human", "human", "bot", "bot"], seed=3)
    for _ in range(40):
        d.settle()
        if name(app) == "Curtain":
            d.press(K.A)
            continue
        if human_turn(t) and t.state().to_act() == 1 and t.last_human == 1 and \
                t.state().history == [] and t.state().bids[0] is not None:
            break
        d.press(K.A)
    assert t.state().to_act() == 1 and t.last_human == 1
    d.press(K.START)
    assert not [x for x in app.top().lines if "Undo" in x]
    d.press(K.START)
    d.press(K.B)
    assert t.prompt.replace("\n", " ") in ("Nothing to take back.",
                                           "Another player has played since: that move stays.")


@pytest.mark.parametrize("gid,seats", [
    ("nommie", ["human", "bot", "human", "bot"]), ("nines", ["human", "bot", "bot"]),
    ("linger", ["human", "bot", "bot"]), ("callbreak", ["human", "bot", "bot", "bot"])])
def test_the_tables_undo_flag_agrees_with_the_undo_rules_move_by_move(gid, seats):
    """Table.undoable, kept move by move, says what a full replay of
    ui/undo.py's rules says, at every decision of a game's first rounds
    (new deals until enough decisions were checked)."""
    import random
    from ui import take_back
    rnd = random.Random(gid)
    checked = 0
    for seed in range(11, 31):
        app, d = new_app()
        t = start(app, gid, seats, seed=seed, levels=[0] * len(seats))
        for _ in range(1500):
            d.settle()
            if len(t.state().history) >= 5 or name(app) == "GameOver":
                break
            if name(app) != "Table":
                d.press(K.A)         # curtain, round summary
                continue
            if human_turn(t) and t.undoable is not None:
                assert t.undoable == (take_back.why_not(t) is None), t.state().save()
                checked += 1
            elif human_turn(t):
                take_back.possible(t)       # found by a replay; the moves from here keep it
            d.press(rnd.choice([K.A, K.A, K.A, K.RIGHT, K.LEFT]))
        if checked > 30:
            break
    assert checked > 30


def test_a_finished_trick_says_who_won_it_and_why_with_the_card_framed():
    from ui import table_text as T
    names = ["You", "Ann", "Bob", "Cy"]
    # hearts led (Q, A, K, 6): the ace; then a club when clubs are trump
    assert T.won_note([[1, 36], [2, 38], [3, 37], [0, 30]], 2, 0, names) == \
        "Bob won: A\u2665 was highest"
    assert T.won_note([[1, 36], [2, 1], [3, 37], [0, 30]], 2, 0, names) == \
        "Bob won: 3\u2663 is trump"
    assert len(T.won_note([[0, 8]], 0, 4, ["Alexa"])) <= 26
    from test_ui_harness import make_rig
    rig = make_rig(160, 128)
    t = start_table(rig.app, Session.new("nommie", ["human", "bot", "bot", "bot"], [1] * 4, 3))
    app = rig.app
    for _ in range(2000):
        if t.hold_until and t.trick_hold:
            break
        if app.busy():                       # time passes in small steps: the hold shows
            app.tick(rig.driver.now)
            rig.driver.now += 20
        else:
            app.key(K.A)
    else:
        raise AssertionError("no finished trick on show")
    st = t.state()
    rig.draw()
    assert t.prompt == t.note == T.won_note(st.last_trick, st.last_winner, st.trump, t.names())
    from ui import gfx
    tv = rig.screen.table_view
    framed = [i for i in range(4) if tv.trick[i].pixel_shader is rig.screen.cards.palette(
        gfx.card_at(tv.trick[i]), gfx.LOOK_CURSOR)]
    assert framed == [(st.last_winner - t.pov) % 4]


def test_a_trump_chosen_is_named_with_who_chose_it():
    from ui import table_text as T
    assert T.trump_note(2, "Cy") == "Cy chose hearts"
    assert T.trump_note(4) == "Trump: No Trumps"
    app, d = new_app()
    t = start(app, "nommie", ["human", "bot", "bot", "bot"], seed=3)
    st = t.state()
    notes = []
    for _ in range(3000):
        if st.trump is not None:
            break
        if app.busy():                       # time passes in small steps
            app.tick(d.now)
            d.now += 20
        else:
            app.key(K.A)
    for _ in range(100):                     # the chooser's pause shows the note
        notes.append(t.note)
        if not t.hold_until:
            break
        app.tick(d.now)
        d.now += 20
    assert st.trump is not None
    assert any(n.endswith("chose " + fmt.SUIT_WORDS[st.trump]) for n in notes + [t.note])


def test_a_card_drawn_in_linger_longer_is_marked_in_your_hand():
    app, d = new_app()
    t = start(app, "linger", ["human", "bot", "bot"], seed=3)     # you win a trick and draw
    for _ in range(400):
        d.settle()
        if t.drawn and human_turn(t):
            break
        d.press(K.A)
    else:
        raise AssertionError("no card drawn")
    assert all(c in t.hand for c in t.drawn)
    assert [t.hand[i] for i in range(len(t.hand)) if t.marked[i]] == list(t.drawn)
    old = list(t.drawn)
    d.press(K.A)                                  # your card played: the mark goes
    assert not set(old) & set(t.drawn)


def test_a_card_played_for_you_is_said():
    app, d = new_app()
    app.settings["autoplay"] = True
    t = start(app, "nommie", ["human", "bot", "bot", "bot"], seed=3)
    said = []
    for _ in range(20000):
        if t.note.startswith("Played your only card "):
            said.append(t.note)
            break
        if app.busy():                    # small steps: the pause after it shows the note
            app.tick(d.now)
            d.now += 20
        else:
            app.key(K.A)
    assert said and said[0][len("Played your only card "):] in [fmt.card(c) for c in range(52)]


def test_a_bid_hint_names_the_winners_it_counts():
    from engine.actions import BID
    from ui import hint
    # spades trump: A, K and three small spades (two past the third), A and 3
    # of hearts, a lone K of clubs (no guard: not counted), the 3 of diamonds
    hand = [51, 50, 45, 44, 43, 38, 27, 11, 14]
    v = {"phase": "bid", "hands": [hand], "to_act": 0, "trump": 3}
    assert hint.reason(v, BID + 5) == "A\u2665 A\u2660 K\u2660 +2 long trumps"
    assert hint.reason(v, BID + 6) == "A\u2665 A\u2660 K\u2660 +2 long trumps (+1 likely)"
    assert hint.reason(v, BID + 3) == "A\u2665 A\u2660 K\u2660 +2 long trumps (2 may lose)"
    v = {"phase": "bid", "hands": [[0, 14, 27]], "to_act": 0, "trump": None}
    assert hint.reason(v, BID + 0) == "no sure winners"
    said = "Hint: %s, %s" % (hint.words(v, BID + 1), hint.reason(v, BID + 1))
    assert said == "Hint: bid 1, no sure winners (+1 likely)"


def test_a_first_game_gets_a_tip_per_phase_once_and_a_finished_kind_none():
    from ui import tips
    store = NoStore()
    app, d = new_app(store, tips=True)
    t = start(app, "nommie", ["human", "bot", "bot", "bot"], seed=3)
    d.settle()
    assert app.top() is t and t.decided(0)        # the decision is drawn first,
    d.settle()                                    # then the tip comes over it
    tip = app.top()
    assert name(app) == "Tip" and tip.text.startswith(tips.tip("nommie", "bid"))
    assert "UP hint, B undo" in tip.text
    d.press(K.A)                                  # got it: the bid as before
    assert app.top() is t and t.tipped == ["bid"]
    seen = []
    for _ in range(400):
        d.settle()
        if name(app) == "Tip":
            seen.append(app.top().text[:20])
        if len(t.state().history) >= 1:
            break
        d.press(K.A)
    assert seen == [tips.tip("nommie", "play")[:20]] or seen == [
        tips.tip("nommie", "trump")[:20], tips.tip("nommie", "play")[:20]]
    # once a game of this kind is finished here, no more tips for it
    from ui import tips as tips_
    tips_.learned(app, "nommie")
    assert store.settings["learned"] == ["nommie"]
    app2, d2 = new_app(store, tips=True)
    app2.settings["learned"] = store.settings["learned"]
    t2 = start(app2, "nommie", ["human", "bot", "bot", "bot"], seed=4)
    d2.settle()
    d2.settle()
    assert app2.top() is t2 and t2.tipped is None
    # and none at all with the setting off
    app3, d3 = new_app(NoStore(), tips=False)
    t3 = start(app3, "callbreak", ["human", "bot", "bot", "bot"], seed=4)
    d3.settle()
    d3.settle()
    assert app3.top() is t3


def test_every_game_has_a_tip_for_each_decision_and_its_terms():
    from engine import games
    from ui import tips
    import random
    for gid in GAMES:
        st = games.load(gid).new_game(None, 5)
        phases = set()
        rnd = random.Random(gid)
        for _ in range(3000):
            if st.is_over():
                break
            phases.add(st.phase)
            st.apply(rnd.choice(st.legal_actions()))
        assert all(tips.tip(gid, p) for p in phases - {"over"}), (gid, phases)
        assert tips.texts(gid, "term")


def test_the_pause_rules_page_starts_with_what_to_do_now():
    app, d = new_app()
    t = start(app, "israeli", ["human", "bot", "bot", "bot"], seed=3, opts={"rounds": 1})
    until(d, lambda: human_turn(t))
    pause_item(d, app, "Rules")
    text = " ".join(app.top().lines)
    assert text.startswith("Now: The trump auction")
    assert "Frisch: all passed" in text and "Over / under" in text and "ISRAELI WHIST" in text


def test_settings_turn_the_tips_off():
    store = NoStore()
    app, d = new_app(store, tips=True)
    choose_menu(d, app, "Settings")
    top = app.top()
    assert top.lines[4].startswith("Tips") and top.lines[4].endswith("< On >")
    top.cursor = 4
    d.press(K.RIGHT)
    assert top.lines[4].endswith("< Off >")
    d.press(K.B)
    assert store.settings["tips"] is False
