# The app in the page: ui.app.run's loop, cut into steps the page calls
# (a page cannot wait in a loop: it would never draw). start() builds the app
# as run() does; step() handles the keys the page passed in, the timed work
# (bots, pauses) and the redraw, and says how long the page may wait before
# the next step.
#
# A key script (script(), the tests' and the bench's) runs as a headless
# desktop runs --keys: a key is read only while nothing is busy, the next one
# as soon as the last is handled, and the clock jumps over every wait; so the
# same deal and keys give the same game as `code.py --headless --keys`, and
# the same screens. Never on a board's drive. (hal.web, the page's profile,
# is imported where the page needs it: figures() runs on CPython too, for
# tools/web/reference.py.)
from ui import app as A

_run = {}
SLICE_MS = 40       # a script's step hands the page back after this long


def start(game="", deal="", size="", stored=True, more=""):
    # The profile and the app, the title (or the address's game) on screen.
    from hal import web
    from ui import draw
    hal = web.Web(game, deal, size, stored, more)
    try:
        import gc
        free = gc.mem_free
    except (ImportError, AttributeError):
        free = None
    app = A.App(hal.display.width, hal.display.height, A.open_store(hal),
                hal.board_name, hal.entropy, draw.CW, draw.LH)
    app.mem_free = free
    app.opts = hal.opts
    app.default_deal = hal.opts.get("seed")
    app.sound = hal.beep
    if hal.notice and not app.notice:
        app.notice = hal.notice
    screen = A.screen_for(hal.display, free)
    app.start()
    if hal.opts["players"] or hal.opts["options"]:
        _quick(app, hal.opts)
    elif hal.opts.get("quick"):
        from ui.screens.common import quick_start
        quick_start(app, hal.opts["quick"], hal.opts.get("seed"))
    screen.draw(app)
    _run.update(hal=hal, app=app, screen=screen)


def _quick(app, opts):
    # ui.screens.common.quick_start with the address's players and options
    from engine.rng import random_deal
    from ui.screens.common import facts, start_or_ask, start_table
    from ui.seating import default_names
    from ui.session import Session
    game = opts["quick"]
    n = opts["players"] or facts(game)["players"]
    seats = ["human"] + ["bot"] * (n - 1)
    level = app.settings["bot_level"]
    session = Session.new(game, seats, [level] * n, opts["seed"] or random_deal(app.entropy),
                          opts["options"], default_names(seats, app.settings.get("names")))
    start_or_ask(app, lambda: start_table(app, session))


def press(key, down):
    _run["hal"].press(key, down)


def step():
    # One turn of the loop: every key waiting, then the timed work; the ms
    # until the next step is due (-1: the app has quit).
    hal, app, screen = _run["hal"], _run["app"], _run["screen"]
    if hal.script is not None:
        return _scripted(hal, app, screen)
    ev = hal.keys.get()
    while ev is not None:
        _key(hal, app, screen, ev)
        ev = hal.keys.get()
    if app.quit:
        return -1
    wait = app.tick(hal.now_ms())
    screen.draw(app)
    return 20 if wait is None else max(1, min(wait, 50))


def _key(hal, app, screen, ev):
    # A key event as ui.app.run takes one: a press, then the timed work it
    # starts, then the redraw (a release does nothing).
    if ev.pressed:
        app.key(ev.key_number)
        app.tick(hal.now_ms())
        screen.draw(app)


def _scripted(hal, app, screen):
    # ui.app.run's loop as a headless run goes through it, for SLICE_MS
    end = hal.real_ms() + SLICE_MS
    while not app.quit:
        ev = None
        if not app.busy():
            if hal.until and type(app.top()).__name__ == hal.until:
                hal.script = []          # (the keys left are not pressed)
            ev = hal.keys.get()
        if ev is not None:
            _key(hal, app, screen, ev)
            continue
        wait = app.tick(hal.now_ms())
        screen.draw(app)
        if not app.busy() and hal.script_done():
            hal.script = None
            return 20
        hal.clock += 20 if wait is None else max(1, min(wait, 50))
        if hal.real_ms() > end:
            return 0
    return -1


def script(names, until=""):
    # Keys to press as a headless run presses them ("A A RIGHT ..."); the
    # clock stands still but for the waits it jumps over. until: a screen's
    # class name ("GameOver"): no key is pressed once it is on top.
    _run["hal"].run_script(names)
    _run["hal"].until = until


def idle():
    # True when nothing is left to do without a key: no script running, no
    # bot to move, no card in motion
    hal, screen = _run["hal"], _run["screen"]
    return hal.script is None and not _run["app"].busy() and getattr(screen, "seat", -1) < 0


def settle():
    # the card in motion put in its place
    _run["screen"].settle()


def deal_link():
    # The address query of the game whose pause menu or game over is on top
    # ("game=nines&deal=4242", web.deal_query), else ""
    app = _run.get("app")
    top = app.top() if app else None
    table = getattr(top, "table", None)
    if table is None or type(top).__name__ not in ("Pause", "GameOver"):
        return ""
    s = table.session
    from hal import web
    return web.deal_query(s.game, s.seed, s.players, table.state().options)


def game():
    # JSON of figures(): what the tests compare with the desktop's run
    import json
    return json.dumps(figures(_run["app"]))


def figures(app):
    # {top, and of the game in play: game, deal, actions, checksum, over, players}
    top = app.top()
    out = {"top": type(top).__name__ if top is not None else ""}
    for s in app.stack:
        if hasattr(s, "session") and hasattr(s, "state"):
            st = s.state()
            check = 0
            for c in st.log:
                check = (check * 31 + c) % 16777213
            out.update(game=s.session.game, deal=s.session.seed, actions=len(st.log),
                       checksum=check, over=st.is_over(), players=s.session.players)
            break
    return out


def rows():
    # JSON: the title and rows of the list screen on top (the tests read the menus)
    import json
    top = _run["app"].top()
    return json.dumps([getattr(top, "title", "")] + list(getattr(top, "lines", [])))


def faces():
    # How many card faces the screen shows (a curtain must show none)
    import displayio
    sheet = _run["screen"].cards.bitmap
    n = 0
    for layer in displayio.scene(_run["hal"].display.root_group, {}, {}):
        if layer[0] == 1 and layer[4] == sheet.id:
            tiles = layer[9]
            for i in range(0, len(tiles), 2):
                if int(tiles[i:i + 2], 16) < 30:      # a rank or suit tile (ui.draw: BACK_TOP)
                    n += 1
    return n
