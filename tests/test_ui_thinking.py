"""A bot is seen thinking: the table is drawn with the bot's seat to act and
"... is thinking" before the bot decides (the next tick), and keys pressed
while bots decide are kept for the human's turn instead of being dropped."""
from hal import keys as K
from ui.app import App
from ui.driver import Driver
from ui.screens.common import start_table
from ui.nostore import NoStore
from ui.session import Session


def table(levels=(1, 1, 1, 1), seed=3):
    app = App(160, 128, NoStore(), "test", lambda: 77)
    app.settings["tips"] = False          # (the first game's tips: tests of their own)
    app.start()
    t = start_table(app, Session.new("callbreak", ["human", "bot", "bot", "bot"],
                                     list(levels), seed, None))
    return app, Driver(app), t


def test_the_thinking_seat_is_drawn_before_the_bot_decides():
    app, d, t = table()
    calls = []
    decide = t.session.bot_action

    def spy():
        # what the screen shows when the bot starts deciding
        calls.append((t.state().to_act(), t.active_pos, t.prompt, t.thinking))
        return decide()
    t.session.bot_action = spy
    d.settle()
    while t.session.is_human(t.state().to_act()):
        t.key(K.A)          # the human's calls and cards
        d.settle()
        if len(calls) >= 6:
            break
    assert calls
    n = t.state().players
    for seat, active, prompt, thinking in calls:
        assert thinking == seat
        assert active == (seat - t.pov) % n      # the seat is highlighted
        assert "thinking" in prompt              # and says so


def test_keys_pressed_while_bots_decide_are_kept():
    app, d, t = table()
    d.settle()
    # the human (seat 1 calls first, seat 0 is the dealer: bots act before it)
    t.key(K.A)               # call
    assert not t.session.is_human(t.state().to_act()) or t.hold_until
    before = t.cursor
    t.key(K.RIGHT)           # pressed while bots decide (or during the pause)
    assert t.ahead == [K.RIGHT]
    d.settle()               # bots move; then the human's turn is set up
    assert t.ahead == []
    st = t.state()
    if st.phase == "play" and t.session.is_human(st.to_act()):
        assert t.cursor != before or len(t.hand) == 1


def test_a_pressed_while_a_bot_decides_cuts_the_pause_after_its_move():
    app, d, t = table()
    d.settle()
    t.key(K.A)               # the human calls; bots are next
    while t.hold_until:
        d.now = t.hold_until
        app.tick(d.now)
    assert not t.session.is_human(t.state().to_act())
    t.key(K.A)               # while the bot is to act: kept as "skip its pause"
    assert t.skip
    app.tick(d.now)          # draws the thinking seat
    app.tick(d.now)          # decides
    assert not t.skip
    assert t.hold_until <= max(d.now, t.seen_until)
