# Desktop profile (CPython + Blinka): a scaled pygame window, or headless.
#
# Headless runs on a virtual clock that jumps ahead instead of sleeping, so a
# scripted-key run is fast and gives the same pictures every time.

import os
import time

from hal import keys as K
from hal.base import Board
from hal.text import default_save_dir   # the save folder, the text console's too

USAGE = """usage: python code.py [options]
  --headless             no window (tests, screenshots)
  --keys "A A RIGHT A"   scripted key presses (names: UP DOWN LEFT RIGHT A B START SELECT)
  --screenshot FILE      write a PNG of the screen when the run ends
  --screenshot-every DIR write DIR/0001.png ... after every key
  --game ID              straight to a game against bots (nommie linger nines callbreak israeli)
  --seed N               deal number for a quick game started from the command line
  --size WxH             screen size in pixels (default 160x128)
  --scale N              window zoom (default 4)
  --shot-scale N         zoom screenshots too (default 1: device pixels)
  --data-dir DIR         where saves go (default $POCKET_TRICKS_DATA or ~/.local/share/pocket-tricks)
  --text                 play in the terminal (also used when no display is found; --game,
                         --seed and --data-dir apply there too)
  --host                 host a link table (with --game: straight away; alone: the setup,
                         or the saved link table resumed)
  --join ADDRESS[:PORT]  join the link table at ADDRESS (the same seat again after a restart)
  --seats "h l 2 2"      with --host --game: h you, l a link seat, 0-3 a bot level
  --port N               link table port (default 5291)
  --name NAME            your name at a link table
  --grace S              seconds a dropped link player has to come back (default 30; 0: none)
  --turn S               with --host: seconds a link seat has for each move, then a bot
                         makes it (default 0: no turn timer)
  --bind ADDR            link sockets on this address only (127.0.0.1: this machine)
  -h, --help             this text
keys: arrows move, Z/Enter = A, X/Esc/Backspace = B, Space = START, Tab = SELECT"""


# What --game and --seed accept (the same as engine.games.IDS and
# engine.rng.LAST_DEAL: the HAL does not import the engine; a test keeps them
# equal). Screens smaller than the smallest board do not fit the layout.
GAMES = ("nommie", "linger", "nines", "callbreak", "israeli")
LAST_DEAL = 99999
MIN_SIZE = (160, 128)
MAX_SIZE = 4096
# the whole-number options: (option, lowest, highest, what it takes)
NUMBERS = (("seed", 1, LAST_DEAL, "a deal number from 1 to %d" % LAST_DEAL),
           ("scale", 1, 16, "a zoom from 1 to 16"), ("shot_scale", 1, 16, "a zoom from 1 to 16"),
           ("port", 1, 65535, "a port number from 1 to 65535"),
           ("grace", 0, 86400, "a number of seconds"), ("turn", 0, 86400, "a number of seconds"))


def _bad(sentence):
    # SystemExit with one sentence and the usage (no traceback)
    return SystemExit("pocket-tricks: %s\n%s" % (sentence, USAGE))


def _digits(text):
    # The number in ASCII digits, or None (not "\u00b2", not another script's digits).
    if not text or len(text) > 9:
        return None
    n = 0
    for ch in text:
        if not "0" <= ch <= "9":
            return None
        n = n * 10 + ord(ch) - 48
    return n


def parse_args(argv):
    # Options dict from a command line; a bad option or value raises
    # SystemExit with one sentence and the usage.
    opts = {"headless": False, "keys": None, "screenshot": None, "screenshot_every": None,
            "seed": None, "width": 160, "height": 128, "scale": 4, "data_dir": None,
            "quick": None, "shot_scale": 1, "host": False, "join": None, "seats": None,
            "port": None, "name": None, "grace": None, "turn": None, "bind": None,
            "text": False}
    i = 0
    while i < len(argv):
        arg = argv[i]
        if "=" in arg and arg.startswith("--"):
            arg, value = arg.split("=", 1)
            argv = argv[:i] + [arg, value] + argv[i + 1:]
        takes = {"--keys": "keys", "--screenshot": "screenshot", "--seed": "seed",
                 "--screenshot-every": "screenshot_every", "--size": "size",
                 "--scale": "scale", "--data-dir": "data_dir", "--game": "quick",
                 "--shot-scale": "shot_scale", "--join": "join", "--seats": "seats",
                 "--port": "port", "--name": "name", "--grace": "grace", "--turn": "turn",
                 "--bind": "bind"}
        if arg == "--headless":
            opts["headless"] = True
        elif arg == "--host":
            opts["host"] = True
        elif arg == "--text":
            opts["text"] = True
        elif arg in ("-h", "--help"):
            print(USAGE)
            raise SystemExit(0)
        elif arg in takes:
            if i + 1 >= len(argv):
                raise _bad("%s needs a value." % arg)
            opts[takes[arg]] = argv[i + 1]
            i += 1
        else:
            raise _bad("there is no option %s." % arg)
        i += 1
    size = opts.pop("size", None)
    if size is not None:
        parts = size.lower().split("x")
        w = _digits(parts[0]) if len(parts) == 2 else None
        h = _digits(parts[1]) if len(parts) == 2 else None
        if w is None or h is None:
            raise _bad("--size takes WIDTHxHEIGHT in pixels, like 160x128 (not %r)." % size)
        if w < MIN_SIZE[0] or h < MIN_SIZE[1]:
            raise _bad("--size %s is too small: the game needs at least %dx%d." % (
                size, MIN_SIZE[0], MIN_SIZE[1]))
        if w > MAX_SIZE or h > MAX_SIZE:
            raise _bad("--size %s is too large: at most %dx%d." % (size, MAX_SIZE, MAX_SIZE))
        opts["width"], opts["height"] = w, h
    for key, lo, hi, what in NUMBERS:
        value = opts[key]
        if value is None or type(value) is int:
            continue
        n = _digits(value)
        if n is None or not lo <= n <= hi:
            raise _bad("--%s takes %s (not %r)." % (key.replace("_", "-"), what, value))
        opts[key] = n
    if opts["quick"] is not None and opts["quick"] not in GAMES:
        raise _bad("--game %r is not a game: choose %s or %s." % (
            opts["quick"], ", ".join(GAMES[:-1]), GAMES[-1]))
    if opts["join"] is not None and not opts["join"].strip():
        raise _bad("--join needs the address of the table, like --join 192.168.1.20.")
    if opts["join"] is not None and opts["host"]:
        raise _bad("--host and --join: a device hosts a table or joins one, not both.")
    if opts["seats"] is not None and not opts["host"]:
        raise _bad("--seats sets up the table you host: use it with --host --game.")
    for key in ("screenshot", "screenshot_every"):
        if opts[key] is not None:
            why = _unwritable(opts[key], key == "screenshot_every")
            if why:
                raise _bad("--%s %s: %s." % (key.replace("_", "-"), opts[key], why))
    if opts["keys"] is not None:
        try:
            opts["keys"] = [K.number(n) for n in opts["keys"].replace(",", " ").split()]
        except ValueError as e:
            raise _bad("--keys: %s." % str(e).rstrip("."))
    return opts


def _unwritable(path, folder):
    # Why a screenshot cannot be written at path (a file, or a folder of
    # them), or None; a missing folder is made, as the screenshot would.
    where = path if folder else os.path.dirname(os.path.abspath(path))
    try:
        if not os.path.isdir(where):
            os.makedirs(where)
    except OSError as e:
        return "its folder cannot be made (%s)" % (e.strerror or e)
    if not folder:
        if os.path.isdir(path):
            return "that is a folder, not a file"
        if os.path.exists(path) and not os.path.isfile(path):
            return "that is not a plain file"
    if not os.access(where, os.W_OK):
        return "its folder cannot be written to"
    return None


def _keymap(pygame):
    return {
        pygame.K_UP: K.UP, pygame.K_DOWN: K.DOWN, pygame.K_LEFT: K.LEFT, pygame.K_RIGHT: K.RIGHT,
        pygame.K_z: K.A, pygame.K_RETURN: K.A, pygame.K_KP_ENTER: K.A,
        pygame.K_x: K.B, pygame.K_ESCAPE: K.B, pygame.K_BACKSPACE: K.B,
        pygame.K_SPACE: K.START, pygame.K_TAB: K.SELECT,
    }


class _Keys(K.Queue):
    # Scripted keys first, then (with a window) the keyboard.

    def __init__(self, profile):
        K.Queue.__init__(self)
        self._profile = profile
        self._map = None

    def get(self):
        self._profile.pump()
        return K.Queue.get(self)


def _quiet_blinka():
    # Import Blinka's microcontroller module with its stdout muted: on a PC it
    # prints "GENERIC_X86 is not fully supported" (twice), which concerns GPIO
    # pins this game never uses. Later imports find the module loaded.
    import contextlib
    import io
    with contextlib.redirect_stdout(io.StringIO()):
        try:
            import microcontroller
            import microcontroller.pin  # noqa: F401
        except Exception:
            pass


def _make_display(width, height, scale, headless):
    # A Blinka display drawn into an off-screen surface, shown zoomed in a window.
    import pygame
    _quiet_blinka()
    import busdisplay
    from blinka_displayio_pygamedisplay import PyGameDisplay

    class ZoomDisplay(PyGameDisplay):
        # Redraws only the dirty areas (like the device) and counts their pixels.

        def __init__(self):
            self.window = None
            self.dirty_pixels = 0      # pixels redrawn by the last refresh
            self.refreshes = 0
            self.repaints = 0          # frames put into the window
            PyGameDisplay.__init__(self, width=width, height=height, auto_refresh=False,
                                   caption="Pocket Tricks")

        def _initialize(self, init_sequence):
            pygame.init()
            if not headless:
                pygame.display.set_caption("Pocket Tricks")
                self.window = pygame.display.set_mode((self.width * scale, self.height * scale))
                pygame.key.set_repeat(350, 70)
            self._pygame_screen = pygame.Surface((self.width, self.height))

        def _get_refresh_areas(self):
            areas = busdisplay.BusDisplay._get_refresh_areas(self)
            self.dirty_pixels = _union_size(areas, self.width, self.height)
            return areas

        def _refresh_area(self, area):
            # the driver packs two pixels per word: give it an even pixel count,
            # counted inside the screen (it clips the area after this)
            x1, x2 = max(0, area.x1), min(self.width, area.x2)
            if (x2 - x1) % 2:
                if x2 < self.width:
                    x2 += 1
                else:
                    x1 -= 1
            if (x1, x2) != (area.x1, area.x2):
                from displayio._area import Area
                area = Area(x1, area.y1, x2, area.y2)
            return PyGameDisplay._refresh_area(self, area)

        def _refresh_display(self):
            busdisplay.BusDisplay._refresh_display(self)
            self.refreshes += 1
            self.repaint()
            self._refresh_pending = False

        def repaint(self):
            # The last frame into the window again (also when the window was
            # covered or minimised and comes back: nothing on screen changed).
            if self.window is not None:
                pygame.transform.scale(self._pygame_screen, self.window.get_size(), self.window)
                pygame.display.flip()
                self.repaints += 1

        def save_png(self, path, zoom=1):
            _save_png(self, path, zoom)

    return ZoomDisplay()


def _save_png(display, path, zoom):
    import pygame
    display.refresh()
    folder = os.path.dirname(path)
    if folder and not os.path.isdir(folder):
        os.makedirs(folder)
    surface = display._pygame_screen
    if zoom > 1:
        surface = pygame.transform.scale(surface, (display.width * zoom, display.height * zoom))
    pygame.image.save(surface, path)


def _union_size(areas, width, height):
    # Pixels covered by a list of displayio Areas, clipped to the screen.
    rows = {}
    for a in areas:
        x1, x2 = max(0, min(a.x1, a.x2)), min(width, max(a.x1, a.x2))
        y1, y2 = max(0, min(a.y1, a.y2)), min(height, max(a.y1, a.y2))
        for y in range(y1, y2):
            rows.setdefault(y, []).append((x1, x2))
    total = 0
    for spans in rows.values():
        spans.sort()
        end = -1
        for x1, x2 in spans:
            if x2 <= end:
                continue
            total += x2 - max(x1, end)
            end = x2
    return total


class Desktop(Board):
    # The desktop profile; see USAGE for its command line.

    board_name = "desktop"

    def __init__(self, argv=()):
        Board.__init__(self)
        self.opts = parse_args(list(argv))
        self.headless = self.opts["headless"]
        if self.headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        self.display = _make_display(self.opts["width"], self.opts["height"],
                                     self.opts["scale"], self.headless)
        self.keys = _Keys(self)
        self._script = list(self.opts["keys"] or [])
        self._closed = False
        self._clock_ms = 0
        self._start = time.monotonic()
        self._shots = 0
        self.save_dir = self.opts["data_dir"] or default_save_dir()
        self.writable = self._prepare_save_dir()
        import pygame
        self._pygame = pygame
        self._map = _keymap(pygame)
        # the window's events after which it shows its last frame again
        self._uncovered = tuple([getattr(pygame, n) for n in (
            "VIDEOEXPOSE", "WINDOWEXPOSED", "WINDOWSHOWN", "WINDOWRESTORED", "WINDOWMAXIMIZED",
            "WINDOWSIZECHANGED") if hasattr(pygame, n)])

    def _prepare_save_dir(self):
        try:
            if not os.path.isdir(self.save_dir):
                os.makedirs(self.save_dir)
            return os.access(self.save_dir, os.W_OK)
        except OSError:
            return False

    def pump(self):
        # Move scripted keys and window keyboard events into the key queue.
        if self._script and not len(self.keys):
            n = self._script.pop(0)
            self.keys.push(K.Event(n, True))
            self.keys.push(K.Event(n, False))
        if self.display.window is None:
            return
        pygame = self._pygame
        for ev in pygame.event.get():
            if ev.type == pygame.QUIT:
                self._closed = True
            elif ev.type in self._uncovered:
                self.display.repaint()
            elif ev.type in (pygame.KEYDOWN, pygame.KEYUP):
                n = self._map.get(ev.key)
                if n is not None:
                    self.keys.push(K.Event(n, ev.type == pygame.KEYDOWN))

    def input_ended(self):
        # True when no more input can come: script used up (headless) or window closed.
        if self._closed:
            return True
        return self.headless and not self._script and not len(self.keys)

    def now_ms(self):
        if self.headless:
            return self._clock_ms
        return int((time.monotonic() - self._start) * 1000)

    def idle(self, ms):
        # Wait up to ms for input; headless jumps the virtual clock instead.
        if self.headless:
            self._clock_ms += max(1, ms)
        else:
            time.sleep(min(ms, 20) / 1000.0)

    def after_key(self):
        # Called by the app after it handled a key and redrew: --screenshot-every.
        folder = self.opts["screenshot_every"]
        if folder:
            self._shots += 1
            self.display.save_png(os.path.join(folder, "%04d.png" % self._shots),
                                  self.opts["shot_scale"])

    def finish(self):
        # End of run: the final --screenshot.
        if self.opts["screenshot"]:
            self.display.save_png(self.opts["screenshot"], self.opts["shot_scale"])
        try:
            self._pygame.quit()
        except Exception:
            pass
