"""Where the heap has room (ui.app.ROOMY: a desktop, the Feather ESP32-S3),
a card just played slides from its seat to the trick, one step a frame
(ui/draw/motion.py's Screen), drawn on the real views: it ends in its trick place,
a view built afresh shows the cards in place, a frame redraws a small part of
the screen; a PyBadge's heap gets the plain screen (ui.app.run)."""
from ui.draw import motion
from ui.screens.common import start_table
from ui.session import Session

from test_ui_harness import make_rig


def _moving_rig():
    rig = make_rig()
    rig.screen = motion.Screen(rig.hal.display)
    rig.check = False       # (a card in motion passes over the seats' labels by design)
    rig.draw()
    return rig


def _to_a_bot_card(rig, t):
    # tick until a bot's card lands in the trick (each tick drawn)
    for _ in range(2000):
        before = len(t.state().log)
        rig.app.tick(rig.driver.now)
        rig.driver.now += 20
        if len(t.state().log) != before and t.state().phase == "play" and t.trick:
            return
        rig.draw()
    raise AssertionError("no bot card played")


def _assert_trick_in_place(rig, t):
    # nothing in motion, every card of the trick at its trick place
    v = rig.screen.table_view
    assert rig.screen.tile() is None
    for pos, card in t.trick:
        assert (v.trick[pos].x, v.trick[pos].y) == v.trick_xy[pos]


def _bots_table(rig):
    return start_table(rig.app, Session.new("nommie", ["bot"] * 4, [0] * 4, 21))


def test_a_bot_card_slides_from_its_seat_to_its_trick_place_in_a_few_frames():
    rig = _moving_rig()
    t = _bots_table(rig)
    _to_a_bot_card(rig, t)
    rig.draw()
    v, screen = rig.screen.table_view, rig.screen
    tile, seat = screen.tile(), screen.seat
    assert tile is not None
    goal = v.trick_xy[seat]
    path = [(tile.x, tile.y)]
    sizes = []
    while screen.tile() is not None:
        rig.draw()
        path.append((tile.x, tile.y))
        sizes.append(rig.dirty[-1])
    assert path[-1] == goal and path[0] != goal
    assert len(path) == motion.SLIDE_FRAMES          # frames 1 .. SLIDE_FRAMES
    assert all(0 < d < 160 * 128 // 4 for d in sizes), sizes   # a small part each frame
    rig.draw()
    assert rig.dirty[-1] == 0                        # then nothing more to draw
    print("\npixels redrawn a slide frame at 160x128:", sizes)


def test_a_view_built_afresh_shows_the_trick_in_place():
    rig = _moving_rig()
    t = _bots_table(rig)
    _to_a_bot_card(rig, t)
    rig.app.open("score_sheet", t)      # another view, then back: nothing replays
    rig.draw()
    rig.app.pop()
    rig.draw()
    _assert_trick_in_place(rig, t)


def test_the_end_of_a_run_puts_every_card_in_place():
    rig = _moving_rig()
    t = _bots_table(rig)
    _to_a_bot_card(rig, t)
    rig.draw()
    rig.screen.settle()
    _assert_trick_in_place(rig, t)


def test_a_pybadge_sized_heap_gets_the_plain_screen():
    from ui import app
    from ui.draw import view
    rig = make_rig()
    small = app.screen_for(rig.hal.display, lambda: 100 * 1024)
    roomy = app.screen_for(rig.hal.display, lambda: 2 * 1024 * 1024)
    desktop = app.screen_for(rig.hal.display, None)
    assert type(small) is view.Screen
    assert type(roomy) is motion.Screen and type(desktop) is motion.Screen
