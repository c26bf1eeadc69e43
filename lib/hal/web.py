# Web profile: the game in a browser page, on MicroPython in WebAssembly.
#
# The page (web/main.js) loads the same engine/, ui/ and lib/hal/ files a
# board gets, this profile, and the page's own displayio, vectorio,
# terminalio and bitmaptools (web/py/). The display hands each refresh to the
# page's compositor (js.ptDraw: web/compose.js paints the canvas); keys come
# from the page's keyboard and on-screen buttons (press()); the clock is the
# page's; saves live in the page's filesystem under /saves, which the page
# keeps in the browser's storage file by file (web/storage.js: a file is
# stored whole when it is closed, so a save is the new one or the previous
# one); a beep is the page's Web Audio. Never on a board's drive.
import json

import displayio
import js

from hal import keys as K
from hal.base import Board, prepare_save_dir

SIZES = ((160, 128), (240, 135))     # the PyBadge's screen and the Reverse TFT's


class Display:
    # What the app uses of a board's display: width, height, root_group,
    # refresh(); a refresh sends the visible layers to the page.

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.auto_refresh = False
        self._root = None
        self._sent = {}          # bitmap id -> the version the page has
        self.whole = False       # the root group was set since the last refresh
        self.refreshes = 0
        js.ptSize(width, height)

    @property
    def root_group(self):
        return self._root

    @root_group.setter
    def root_group(self, group):
        self._root = group
        self.whole = True

    def refresh(self, **kw):
        fresh = {}
        layers = displayio.scene(self._root, self._sent, fresh)
        text = json.dumps({"b": [[k, fresh[k]] for k in fresh], "l": layers})
        js.ptDraw(text, self.whole)
        self.whole = False
        self.refreshes += 1
        return True


def parse_query(game, deal, size, more=""):
    # The page address's game, deal and size (strings, "" when absent) as
    # the desktop's options, and more ("players=3&start_score=5": a game's
    # players and options where not its defaults, as deal_query writes
    # them); and a sentence for each value that is not right (it is ignored).
    from engine.ondemand import call
    from engine.rng import LAST_DEAL
    ids = call("engine.catalog", "ids")
    opts = {"quick": None, "seed": None, "width": 160, "height": 128,
            "players": None, "options": None}
    bad = []
    if game:
        if game in ids:
            opts["quick"] = game
        else:
            bad.append("no game '%s' (%s)" % (game[:20], " ".join(ids)))
    if deal:
        n = _number(deal)
        if n is not None and 1 <= n <= LAST_DEAL:
            opts["seed"] = n
        else:
            bad.append("deal must be 1-%d" % LAST_DEAL)
    if size:
        for w, h in SIZES:
            if size == "%dx%d" % (w, h):
                opts["width"], opts["height"] = w, h
                break
        else:
            bad.append("size must be 160x128 or 240x135")
    if more and opts["quick"]:
        _game_options(opts, more, bad)
    return opts, bad


def _number(text):
    return int(text) if text.isdigit() and len(text) < 10 else None


def _game_options(opts, more, bad):
    # players=N and the game's own options (engine.catalog's ranges) into opts
    from engine.ondemand import call
    facts = call("engine.catalog", "entry", opts["quick"])
    ranges = {"players": (facts["fewest"], facts["most"])}
    onoff = []
    for o in facts["options"]:
        ranges[o[0]] = (0, 1) if o[3] is None else (o[3], o[4])
        if o[3] is None:
            onoff.append(o[0])
    got = {}
    for pair in more.split("&"):
        key, _, value = pair.partition("=")
        if key not in ranges:
            continue
        n = _number(value)
        lo, hi = ranges[key]
        if n is None or not lo <= n <= hi:
            bad.append("%s must be %d-%d" % (key[:20], lo, hi))
        elif key == "players":
            opts["players"] = n
        else:
            got[key] = (n == 1) if key in onoff else n
    if got:
        opts["options"] = got


def deal_query(game, seed, players, options):
    # "game=ID&deal=N", and players and each option where not the game's
    # default: the address that deals the very same cards (parse_query)
    from engine.ondemand import call
    facts = call("engine.catalog", "entry", game)
    out = "game=%s&deal=%d" % (game, seed)
    if players != facts["players"]:
        out += "&players=%d" % players
    for o in facts["options"]:
        value = options.get(o[0], o[5])
        if value != o[5]:
            out += "&%s=%d" % (o[0], int(value))
    return out


class _Keys(K.Queue):
    # The page's keys; while a key script runs (web_run.script), its next
    # key whenever the queue is empty, as the headless desktop's --keys.

    def __init__(self, profile):
        K.Queue.__init__(self)
        self._profile = profile

    def get(self):
        script = self._profile.script
        if script and not len(self):
            n = script.pop(0)
            self.push(K.Event(n, True))
            self.push(K.Event(n, False))
        return K.Queue.get(self)


class Web(Board):
    board_name = "web"
    script = None        # keys still to press from a key script, or None
    clock = 0            # the clock while a script runs (it jumps over waits)
    until = ""           # the screen that ends a script (web_run.script)

    def __init__(self, game="", deal="", size="", stored=True, more=""):
        Board.__init__(self)
        self.opts, bad = parse_query(game, deal, size, more)
        if bad:            # no game from an address not right: the title says why
            self.opts.update(quick=None, players=None, options=None)
            bad = ["Address ignored: " + "; ".join(bad)]
        self.display = Display(self.opts["width"], self.opts["height"])
        self.keys = _Keys(self)
        self.writable = prepare_save_dir(self.save_dir) if stored else False
        if not stored:
            bad.append("this browser keeps no storage for the page: saves are off")
        if bad:
            self.notice = "; ".join(bad)

    def press(self, key, down):
        # a key from the page: the keyboard or an on-screen button
        self.keys.push(K.Event(key, down))

    def run_script(self, names):
        self.script = [K.NAMES.index(n.upper()) for n in names.replace(",", " ").split()]
        self.clock = self.now_ms()

    def script_done(self):
        return not self.script and not len(self.keys)

    def real_ms(self):
        return int(js.performance.now())

    def now_ms(self):
        return self.clock if self.script is not None else self.real_ms()

    def beep(self, freq, ms):
        js.ptBeep(freq, ms)

    def entropy(self):
        return int(js.ptEntropy()) & 0x7FFFFFFF

    def tell(self, text):
        js.console.log("pocket-tricks: " + text)
