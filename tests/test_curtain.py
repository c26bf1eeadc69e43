"""The pass-and-play curtain comes whenever the device passes to a different
human, for any reason: a seat switched from human to bot (your own, leaving
another human to play), a bot seat handed back to a person, pass-and-play
turns. Checked on the scene graph actually drawn, at every frame."""
import random

from hal import keys as K
from ui.screens.common import start_table
from ui.session import Session

from test_ui_harness import make_rig
from test_ui_privacy import public, visible_cards


def frame(rig, watch):
    """Draw; fail if a hand in watch (seat -> until whose curtain) is visible
    before that seat has passed its curtain."""
    rig.screen.draw(rig.app, refresh=False)
    t = rig.table()
    shown = visible_cards(rig.screen.root, rig.screen.cards.bitmap, public(rig))
    v = t.state().view(None)
    for seat in watch:
        if t.last_human != seat:
            leak = shown & set(v["hands"][seat])
            assert not leak, "seat %d's cards %r shown before its curtain (%s)" % (
                seat, sorted(leak), type(rig.app.top()).__name__)
    return shown


def run_until(rig, cond, watch=(), limit=3000):
    app = rig.app
    rnd = random.Random(5)
    for _ in range(limit):
        frame(rig, watch)
        if cond():
            return
        if app.busy():
            wait = app.tick(rig.driver.now)
            rig.driver.now += max(1, min(wait if wait is not None else 20, 5000))
            continue
        if type(app.top()).__name__ == "Curtain" and not app.top().caught:
            return
        app.key(rnd.choice((K.A, K.A, K.RIGHT)))
    raise AssertionError("never reached")


def lift(rig):
    """A on the curtain, and A again on what the person missed (ui/catchup.py)."""
    rig.app.key(K.A)
    if getattr(rig.app.top(), "caught", False):
        rig.app.key(K.A)


def seats_screen(rig):
    app = rig.app
    app.key(K.START)
    top = app.top()
    i = [n for n in range(len(top.lines)) if "Seats" in top.lines[n]][0]
    while top.cursor != i:
        app.key(K.DOWN)
    app.key(K.A)
    assert type(app.top()).__name__ == "Seats"


def set_seat(rig, seat, steps):
    """In the seats screen: move to seat, change its kind by steps (RIGHT)."""
    app = rig.app
    top = app.top()
    while top.cursor != seat:
        app.key(K.DOWN if top.cursor < seat else K.UP)
    for _ in range(steps):
        app.key(K.RIGHT)


def leave_seats(rig):
    rig.app.key(K.B)          # seats -> pause (the table hears of the change)
    rig.app.key(K.B)          # pause -> table


def test_switching_your_own_seat_to_a_bot_curtains_the_next_human():
    rig = make_rig()
    rig.app.settings["autoplay"] = True
    t = start_table(rig.app, Session.new("nommie", ["human", "bot", "human", "bot"],
                                         [1] * 4, 21))
    # P1 (seat 0) passes the first curtain and is at the table
    run_until(rig, lambda: type(rig.app.top()).__name__ == "Curtain")
    while type(rig.app.top()).__name__ != "Curtain" or rig.app.top().seat != 0:
        lift(rig)
        run_until(rig, lambda: type(rig.app.top()).__name__ == "Curtain")
    lift(rig)
    assert t.last_human == 0
    seats_screen(rig)
    set_seat(rig, 0, 1)                       # Human -> Bot L0
    leave_seats(rig)
    assert t.session.humans() == [2]
    # until seat 2 gets the curtain, its cards never show
    run_until(rig, lambda: type(rig.app.top()).__name__ == "Curtain", watch=(2,))
    assert rig.app.top().seat == 2
    # the person left keeps their name; the seat handed over takes a bot's
    assert t.session.names == ["Cy", "Ann", "P3", "Bob"]
    assert "Pass to P3" in rig.app.top().lines
    lift(rig)
    assert t.last_human == 2
    shown = frame(rig, ())
    assert shown & set(t.state().view(None)["hands"][2])   # and then they do


def test_a_bot_seat_handed_back_to_a_person_gets_the_curtain():
    rig = make_rig()
    t = start_table(rig.app, Session.new("callbreak", ["human", "bot", "bot", "bot"],
                                         [1] * 4, 8))
    run_until(rig, lambda: t.session.is_human(t.state().to_act()) and not t.busy())
    seats_screen(rig)
    set_seat(rig, 1, 3)                       # Bot L1 -> L2 -> L3 -> Human (wraps round)
    leave_seats(rig)
    assert t.session.humans() == [0, 1]
    run_until(rig, lambda: type(rig.app.top()).__name__ == "Curtain", watch=(1,))
    assert rig.app.top().seat == 1


def test_your_own_seat_to_a_bot_and_back_needs_no_curtain():
    rig = make_rig()
    t = start_table(rig.app, Session.new("nommie", ["human", "bot", "bot", "bot"],
                                         [1] * 4, 3))
    run_until(rig, lambda: t.session.is_human(t.state().to_act()) and not t.busy())
    seats_screen(rig)
    set_seat(rig, 0, 1)                       # Human -> Bot L0
    set_seat(rig, 0, 4)                       # ... -> Human again: the same person
    leave_seats(rig)
    run_until(rig, lambda: t.session.is_human(t.state().to_act()) and not t.busy())
    assert type(rig.app.top()).__name__ == "Table" and t.hand


def test_start_on_the_curtain_saves_and_quits_without_showing_a_hand():
    from ui.nostore import NoStore
    store = NoStore()
    rig = make_rig(store=store)
    t = start_table(rig.app, Session.new("nommie", ["human", "human", "bot", "bot"],
                                         [1] * 4, 21))
    run_until(rig, lambda: type(rig.app.top()).__name__ == "Curtain", watch=(0, 1))
    curtain = rig.app.top()
    rig.app.key(K.START)
    menu = rig.app.top()
    assert type(menu).__name__ == "CurtainMenu" and menu.lines == [
        "Back to the curtain", "Score sheet", "Save and quit"]
    frame(rig, (0, 1))
    rig.app.key(K.START)                      # START again: back to the curtain
    assert rig.app.top() is curtain
    rig.app.key(K.START)
    rig.app.key(K.DOWN)
    rig.app.key(K.A)                          # the score sheet: totals, no hand
    assert type(rig.app.top()).__name__ == "ScoreSheet"
    frame(rig, (0, 1))
    rig.app.key(K.B)
    rig.app.key(K.DOWN)
    rig.app.key(K.A)                          # save and quit
    assert type(rig.app.top()).__name__ == "Title"
    assert store.game is not None and store.game["save"] == t.state().save()


def _resumed(seats):
    """A Nommie game a few moves in, continued from its save with these seats."""
    s = Session.new("nommie", ["human"] * 4, [1] * 4, 21)
    for _ in range(5):
        s.apply(s.state.legal_actions()[0])
    rec = s.record()
    rec["seats"] = seats
    return Session.from_record(rec)


def test_a_continued_game_whose_one_person_is_not_in_the_first_seat_starts_behind_the_curtain():
    # it was pass-and-play, or a seat was handed over: whoever picks the
    # device up may be someone else
    rig = make_rig()
    t = start_table(rig.app, _resumed(["bot", "human", "bot", "bot"]))
    run_until(rig, lambda: type(rig.app.top()).__name__ == "Curtain", watch=(1,))
    assert rig.app.top().seat == 1
    lift(rig)
    run_until(rig, lambda: t.session.is_human(t.state().to_act()) and not t.busy())
    assert t.last_human == 1 and t.hand


def test_a_continued_game_of_the_device_owner_needs_no_curtain():
    rig = make_rig()
    t = start_table(rig.app, _resumed(["human", "bot", "bot", "bot"]))
    run_until(rig, lambda: t.session.is_human(t.state().to_act()) and not t.busy())
    assert type(rig.app.top()).__name__ == "Table" and t.last_human == 0 and t.hand
