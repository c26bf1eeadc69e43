"""Scores on screen, without a display: the round summary between rounds, the
score sheet (totals, the round's tricks, a page per round, wide values), and
game over (one screen, the winner and every seat, why the game ended)
(ui.screens.between, ui.screens.sheet, ui.screens.sheet_page, ui.screens.standings)."""
import pytest

from hal import keys as K
from ui import fmt
from ui.nostore import NoStore

from uilogic import human_turn, name, new_app, start, until


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


def test_select_opens_on_the_totals_then_the_latest_trick():
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
    if t.state().plays:            # this round's latest trick (tests/test_ui_played.py)
        assert sh.title.startswith("Trick ")
    else:                          # bids of a new round: the round before's last trick
        assert sh.title == "Last round's last trick" and len(sh.lines) == 4
        assert sum(ln.endswith("  won it") for ln in sh.lines) == 1
    assert sum("led" in ln.split() for ln in sh.lines) == 1
    d.press(K.B)
    assert app.top() is t


def sheet_rows(lines):
    # a table's lines as lists of cells (names hold no spaces here)
    return [ln.split() for ln in lines]


@pytest.mark.parametrize("gid,seats,opts", [
    ("nommie", 4, {}), ("callbreak", 4, {"eight_wins": False}), ("israeli", 4, {"rounds": 3}),
    ("nines", 3, {"start_score": 4}), ("linger", 5, {}), ("linger", 2, {})])
def test_score_sheet_has_real_columns_and_pages_by_round(gid, seats, opts):
    from ui.screens import played, sheet
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
    assert sh.page == 1                                          # the latest trick
    tricks = played.count(v)
    for _ in range(tricks - 1):
        d.press(K.RIGHT)                                         # ... back to the first
    for r in range(len(hist) - 1, -1, -1):                       # the rounds, latest first
        d.press(K.RIGHT)
        rounds = v.get("rounds")         # Nines and Linger: no fixed number of rounds
        assert sh.page == len(hist) + tricks - r and sh.title == "Round %d" % (r + 1) + (
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
    assert sh.page == len(hist) + tricks            # stops at the first round
    for _ in range(len(hist) + tricks + 3):
        d.press(K.LEFT)
    out = played.shown(app.settings["count"], gid)
    assert sh.page == (-1 if out else 0)            # ... and at the totals (what is out)
    d.press(K.B)


def test_score_sheet_columns_for_wide_values():
    from ui.screens import sheet
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
    from ui.screens.standings import outcome
    names = ["You", "Ann", "Bob"]
    linger = {"game": "linger"}
    assert outcome(dict(linger, result=None), [1], names) == ["Ann wins!"]
    assert outcome({"game": "nommie"}, [0], names) == ["You win!"]
    assert outcome({"game": "nommie"}, [0, 2], names) == ["Joint winners: You, Bob"]
    assert outcome(dict(linger, result="draw"), [1, 2], names) == [
        "Draw: Ann, Bob", "The stock ran out: most tricks wins."]
    assert outcome(dict(linger, result="last_holder"), [2], names) == [
        "Bob wins!", "Last to hold cards."]
    assert outcome({"game": "callbreak", "eight_winner": 1, "round": 2}, [1], names) == [
        "Ann wins!", "Ann took 8 tricks in round 3: an instant win."]


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


def test_linger_longers_sheet_at_game_over_says_tricks_won_not_so_far():
    app, d = new_app()
    start(app, "linger", ["human", "bot", "bot", "bot"], seed=5, levels=[0] * 4)
    d.press(K.SELECT)
    assert app.top().title == "Tricks so far"            # while the game goes on
    d.press(K.B)
    until(d, lambda: name(app) == "GameOver", limit=20000)
    over = app.top()
    over.cursor = over.first_item + [it[0] for it in over.items].index("Score sheet")
    d.press(K.A)
    assert name(app) == "ScoreSheet" and app.top().title == "Tricks won"


def test_final_scores_fit_two_to_a_line_at_160_px():
    from ui.screens import standings
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
    from ui.screens import sheet_page
    v = {"players": 3, "game": "nines", "phase": "play", "scores": [5, 3, 9],
         "history": [{"tricks": [4, 6, 3], "points": [0, -2, 1]}]}
    out = sheet_page.score_sheet(v, ["You", "Ann", "Bob"], 80)
    assert out[-1] == "Ann leads by 2; first to 0 wins."       # Nines: the lowest leads
    v = {"players": 4, "game": "nommie", "phase": "play", "scores": [12, 12, 3, 0], "rounds": 26,
         "history": [{"tricks": [1] * 4, "points": [12, 12, 3, 0], "bids": [1] * 4}]}
    out = sheet_page.score_sheet(v, ["You", "Ann", "Bob", "Cy"], 80)
    assert out[-1] == "You and Ann share the lead; 25 rounds left."
