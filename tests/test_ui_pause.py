"""The pause menu and what it offers, without a display: undo (a move, an
Israeli Whist trick, B twice at the table, only while the rules allow it),
handing a seat to a bot and back, the hint and its words, the rules page, and
START / SELECT from the menu (ui.screens.pause, ui.undo, ui.table.hint)."""
import pytest

from hal import keys as K
from ui import faces
from ui.nostore import NoStore
from ui.screens.common import start_table
from ui.session import Session

from uilogic import (at_the_first_frisch, choose_menu, human_turn, name, new_app, pause_item,
                     start, until)


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
    assert app.top().lines[2] == "Undo last trick (B)" and 2 in app.top().dim
    d.press(K.B)
    assert t.session.undo_trick() is False
    until(d, lambda: human_turn(t) and t.state().view(None)["can_undo"])
    d.press(K.START)
    assert "Undo last trick (B)" in app.top().lines and 2 not in app.top().dim
    d.press(K.B)
    # nommie offers "undo my move" once there is a move of yours to take back
    app2, d2 = new_app()
    t2 = start(app2, "nommie", ["human", "bot", "bot", "bot"], seed=3)
    until(d2, lambda: human_turn(t2))
    d2.press(K.START)
    assert app2.top().dim == [2]                   # the hint, not the undo
    d2.press(K.START)
    d2.press(K.A)                                  # a bid
    until(d2, lambda: human_turn(t2))
    d2.press(K.START)
    assert "Undo my move (B)" in app2.top().lines and not app2.top().dim


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
    assert app2.top().lines[1] == "Hint (UP)" and 1 in app2.top().dim


def test_a_hint_does_not_hide_how_to_finish_a_frisch():
    from ui.table import words
    app, d, t, st = at_the_first_frisch()
    seat = st.to_act()
    v = st.view(seat)
    t.hint = (st.legal_actions()[0], "Hint: 2C, pass it on")
    t.chosen = st.legal_actions()[:1]
    assert words.prompt(t, v, seat) == "Hint: 2C, pass it on"
    t.chosen = st.legal_actions()[:3]
    assert words.prompt(t, v, seat) == "A: give them  B: take back"


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
    from ui.table import hint
    assert hint.words(faces.of("callbreak"), BID + 3) == "call 3"
    assert hint.words(faces.of("nommie"), BID + 3) == "bid 3"


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
    assert 2 in app.top().dim
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
    from ui.table import take_back
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
                t.undo_possible()       # found by a replay; the moves from here keep it
            d.press(rnd.choice([K.A, K.A, K.A, K.RIGHT, K.LEFT]))
        if checked > 30:
            break
    assert checked > 30


def test_a_bid_hint_names_the_winners_it_counts():
    from engine.actions import BID
    from ui.table import hint

    def reason(v, a):
        return hint.reason(faces.of("nommie"), v, a)
    # spades trump: A, K and three small spades (two past the third), A and 3
    # of hearts, a lone K of clubs (no guard: not counted), the 3 of diamonds
    hand = [51, 50, 45, 44, 43, 38, 27, 11, 14]
    v = {"phase": "bid", "hands": [hand], "to_act": 0, "trump": 3}
    assert reason(v, BID + 5) == "A\u2665 A\u2660 K\u2660 +2 long trumps"
    assert reason(v, BID + 6) == "A\u2665 A\u2660 K\u2660 +2 long trumps (+1 likely)"
    assert reason(v, BID + 3) == "A\u2665 A\u2660 K\u2660 +2 long trumps (2 may lose)"
    v = {"phase": "bid", "hands": [[0, 14, 27]], "to_act": 0, "trump": None}
    assert reason(v, BID + 0) == "no sure winners"
    said = "Hint: %s, %s" % (hint.words(faces.of("nommie"), BID + 1), reason(v, BID + 1))
    assert said == "Hint: bid 1, no sure winners (+1 likely)"


def test_the_pause_rules_page_starts_with_what_to_do_now():
    app, d = new_app()
    t = start(app, "israeli", ["human", "bot", "bot", "bot"], seed=3, opts={"rounds": 1})
    until(d, lambda: human_turn(t))
    pause_item(d, app, "Rules")
    text = " ".join(app.top().lines)
    assert text.startswith("Now: The trump auction")
    assert "Frisch: all passed" in text and "Over / under" in text and "ISRAELI WHIST" in text


@pytest.mark.parametrize("size", [(160, 128), (240, 135)], ids=["160x128", "240x135"])
def test_the_pause_menus_rows_stay_in_place_and_a_dimmed_one_says_why(size):
    # Hint and Undo came and went, so one DOWN count landed on different rows
    # (a script's "Undo" on Save and quit): now every row is always there,
    # the two dimmed while they cannot happen, saying why when chosen.
    from test_ui_harness import make_rig
    rig = make_rig(*size)
    app = rig.app
    t = start_table(app, Session.new("nommie", ["human", "bot", "bot", "bot"], [1] * 4, 3))
    rows = ["Resume", "Hint (UP)", "Undo my move (B)", "Score sheet", "Rules",
            "Seats: human or bot", "Save and quit"]
    seen = []
    for moment in ("bots", "yours", "undo"):
        if moment == "bots":
            t.hold_until = 10 ** 9                 # a trick on show: nothing of yours
        else:
            t.hold_until = 0
            until(rig.driver, lambda: human_turn(t))
            if moment == "undo":
                rig.press(K.A)                     # a bid of yours: now it can be taken back
                until(rig.driver, lambda: human_turn(t))
        app.key(K.START)
        rig.draw()
        menu = app.top()
        assert menu.lines == rows and rig.screen.list_view.row_texts()[:7] == rows
        seen.append(list(menu.dim))
        if 1 in menu.dim:                          # chosen off your turn: says why, stays
            for row, why in ((1, "Hints"), (2, "Undo")):
                menu.cursor = row
                app.key(K.A)
                rig.draw()
                assert app.top() is menu and menu.footer == why + ": on your turn only"
        elif menu.dim:                             # your undo that cannot be: as B says
            menu.cursor = 2
            app.key(K.A)
            rig.draw()
            assert app.top() is t and t.prompt == "Nothing to take back."
            app.key(K.START)
            menu = app.top()
        menu.cursor = 0
        for _ in range(6):
            app.key(K.DOWN)
        assert menu.lines[menu.cursor] == "Save and quit"
        app.key(K.START)
    assert seen == [[1, 2], [2], []]
