# The console application: a stack of screens, settings, saves, the main loop.
#
# App is plain Python (no displayio) so the whole UI logic runs in tests and in
# the MicroPython VM; run(hal) adds the display (ui.draw.view) and the board's keys.

from engine import ondemand
from engine.ondemand import forget, load
from hal import keys as K

SPEED_MS = (1100, 600, 250)


def open_store(hal):
    # ui.saves.Store for this board, or an in-memory NoStore if it is missing.
    try:
        from ui import saves
    except ImportError:
        from ui.nostore import NoStore
        return NoStore()
    try:
        return saves.Store(hal.save_dir, hal.writable)
    except (OSError, ValueError) as e:
        from ui.nostore import NoStore
        s = NoStore()
        s.notice = "Saves are off: %s" % e
        return s


# The screens App.open(name, ...) pushes: name, module (loaded on demand, and
# dropped with the screen when its class says so), class; one flat tuple, the
# smallest such table in a board's heap.
OVER = (
    "pause", "ui.screens.pause", "Pause",                    # (table)
    "round_summary", "ui.screens.between", "RoundSummary",   # (table)
    "curtain", "ui.screens.between", "Curtain",              # (table, seat)
    "game_over", "ui.screens.game_over", "GameOver",         # (table)
    "tip", "ui.tips", "Tip",                                 # (table, phase)
    "score_sheet", "ui.screens.sheet_page", "ScoreSheet",    # (table)
    "host_pause", "ui.link.menus", "HostPause",              # (table)
    "join_pause", "ui.link.menus", "JoinPause",              # (table)
    "link_over", "ui.link.over", "LinkGameOver",             # (table)
    "link_menu", "ui.link.lobby", "LinkMenu",                # ()
)


class App:
    # Set from outside where there is one: run() sets opts (the command line's
    # options), default_deal (its --seed) and mem_free (gc.mem_free on a
    # board); link play sets link (the table's network end, polled by tick)
    # and net (the board's network, opened once: ui.link.proto.net_for).
    opts = default_deal = mem_free = link = net = None
    # What is resident, decided here for every screen (engine.ondemand): the
    # title's modules (base, noted as the app starts) stay for good; a
    # screen's own module leaves with it; what a screen's presses brought in
    # (ondemand.call) leaves when the top screen changes; back at the title,
    # everything else leaves (a finished game's rules, bots and table).
    base = None
    mark = 0            # the modules passing as this press began (ondemand.settle)

    def __init__(self, width=160, height=128, store=None, board="desktop", entropy=None,
                 char_w=6, line_h=12):
        self.width = width
        self.height = height
        self.cols = width // char_w
        self.rows = height // line_h
        if store is None:
            from ui.nostore import NoStore
            store = NoStore()
        self.store = store
        self.settings = self.store.load_settings()    # every setting (ui.prefs's table)
        self.board = board
        self.entropy = entropy
        self.stack = []
        self.quit = False
        self.notice = self.store.notice
        self.sound = None          # callable(freq, ms) set by run()

    # --- the screen stack ------------------------------------------------
    def top(self):
        return self.stack[-1] if self.stack else None

    def push(self, screen):
        self.turn_page()
        self.stack.append(screen)
        screen.enter(self)

    def turn_page(self, collect=True):
        # The top screen changes (or the table's phase, collect=False: a card
        # or bid collects nothing): what the pages before this press brought
        # in goes (once a press; the heap is collected then, and only then).
        if self.mark:
            top = self.top()
            ondemand.settle(self.mark, collect, top.keeps if top is not None else ())
            self.mark = 0

    def _drop(self):
        # Take the top screen off; a screen from a module loaded only for it
        # (its class says which: `module = "ui.screens.pause"`) unloads that
        # module, and those the module brought in for it (`uses`), when no
        # other screen on the stack still comes from or uses them.
        self.turn_page()
        screen = self.stack.pop()
        screen.exit()
        mod = getattr(screen, "module", None)
        for name in ((mod,) if mod else ()) + screen.uses:
            if not [s for s in self.stack if getattr(s, "module", None) == name
                    or name in s.uses]:
                forget(name)
        if not [s for s in self.stack if s.kind == "list"]:
            forget("ui.list_screen")    # the list screens' base: the table does without

    def pop(self):
        if len(self.stack) <= 1:
            return
        self._drop()
        self.stack[-1].resume()

    def replace(self, screen):
        if self.stack:
            self._drop()
        self.push(screen)

    def open(self, name, *args):
        # Push the screen called name (OVER) made from args: a screen opens one
        # above it in the import order (the table its pause) through the app,
        # which imports every screen, so no screen imports one above it.
        i = OVER.index(name)
        self.turn_page()
        self.push(getattr(load(OVER[i + 1]), OVER[i + 2])(*args))

    def clear(self):
        while self.stack:
            self._drop()

    def begin(self, screen):
        # Start over with screen alone (a game): the title and setup code leave memory.
        self.mark = 0                   # (all that is passing goes below, with one collection)
        self.clear()
        forget("ui.screens.common")     # shared by the menu screens only
        forget("ui.seating")            # the names a setup gave the seats
        ondemand.settle()     # and what made the game (the catalog, ...)
        self.push(screen)

    def home(self):
        # Back to the title screen, alone on the stack, with only the modules
        # it had when the app started (base): the game's code leaves (the sweep
        # drops the passing modules too, with one collection for both).
        self.mark = 0
        self.clear()
        if self.base is not None:
            ondemand.sweep(self.base, "ui.draw")     # (the drawing layer holds its views)
        from ui.screens.title import Title
        self.push(Title())

    # --- input and time --------------------------------------------------
    def key(self, k):
        # Handle one logical key press; keys outside the known set are ignored.
        if type(k) is not int or k < 0 or k >= len(K.NAMES):
            return
        top = self.top()
        if top is not None:
            self.mark = ondemand.passing()
            top.key(k)

    def tick(self, now):
        link = self.link
        self.mark = ondemand.passing()
        if link is not None:
            link.poll(now)
        top = self.top()
        return top.tick(now) if top is not None else None

    def busy(self):
        top = self.top()
        return top is not None and top.busy()

    def beep(self, freq, ms):
        if self.settings.get("sound") and self.sound is not None:
            self.sound(freq, ms)

    def save_settings(self):
        try:
            self.store.save_settings(self.settings)
        except (OSError, ValueError):
            pass

    def speed_ms(self):
        s = self.settings["speed"]
        return SPEED_MS[s - 1] if 1 <= s <= len(SPEED_MS) else SPEED_MS[1]

    def start(self):
        # Show the title screen; what is loaded then is the base that stays.
        self.home()
        ondemand.settle()     # (what reading the settings took)
        self.base = ondemand.held()


ROOMY = 256 * 1024    # heap free at start for cards in motion (ui.draw.motion's Screen)


def screen_for(display, free):
    # The screen for this device: cards in motion (ui.draw.motion) where the heap
    # has room (free: gc.mem_free, None on a desktop), else the plain one.
    if free is None or free() > ROOMY:
        from ui.draw.motion import Screen as Moving
        return Moving(display)
    from ui.draw.view import Screen
    return Screen(display)


def run(hal):
    # The main loop on a board or desktop: keys in, timed work, redraw.
    from ui import draw
    try:
        import gc
        free = gc.mem_free
    except (ImportError, AttributeError):
        free = None
    app = App(hal.display.width, hal.display.height, open_store(hal),
              hal.board_name, hal.entropy, draw.CW, draw.LH)
    app.mem_free = free
    opts = hal.opts or {}
    app.opts = opts
    app.default_deal = opts.get("seed")
    app.sound = hal.beep
    if app.settings.get("sound"):
        hal.sound_ready()          # the speaker's buffers low in the heap, before the screens
    screen = screen_for(hal.display, free)
    app.start()
    if hal.restarted:              # memory ran out in the last run: back into the saved game
        ondemand.call("ui.restart", "resume", app)
    elif opts.get("host") or opts.get("join"):
        from ui.link.lobby import from_options      # --host / --join ADDRESS
        from_options(app, opts)
    elif opts.get("quick"):
        from ui.screens.common import quick_start
        quick_start(app, opts["quick"], opts.get("seed"))
    screen.draw(app)
    wait = 0
    while not app.quit:
        ev = None
        if not app.busy() or not hal.headless:
            ev = hal.keys.get()
        if ev is not None:
            if ev.pressed:
                hal.restarted = False      # (memory running out now is not the restart's)
                app.key(ev.key_number)
                wait = app.tick(hal.now_ms())
                screen.draw(app)
                hal.after_key()
            continue
        wait = app.tick(hal.now_ms())
        screen.draw(app)
        if not app.busy() and hal.input_ended():
            break
        hal.idle(20 if wait is None else max(1, min(wait, 50)))
    screen.settle()
    hal.finish()
    return app
