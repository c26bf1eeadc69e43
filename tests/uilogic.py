"""Shared helpers of the tests/test_ui_*.py files: an App on a virtual clock
with keys pressed by ui.driver, tables started from a session, and the moves
through menus that many tests make (a module, not a test file)."""
from hal import keys as K
from ui.app import App
from ui.nostore import NoStore
from ui.driver import Driver
from ui.screens.common import start_table
from ui.session import Session


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


def choose_menu(d, app, label):
    top = app.top()
    idx = [i for i in range(len(top.lines)) if label in top.lines[i]]
    assert idx, (label, top.lines)
    while top.cursor != idx[0]:
        d.press(K.DOWN)
    d.press(K.A)


def pause_item(d, app, label):
    d.press(K.START)
    assert name(app) == "Pause"
    choose_menu(d, app, label)


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
