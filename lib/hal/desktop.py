# Desktop profile (CPython + Blinka): a scaled pygame window, or headless.
#
# Headless runs on a virtual clock that jumps ahead instead of sleeping, so a
# scripted-key run is fast and gives the same pictures every time.

import os
import sys
import time

from hal import keys as K
from hal.base import Board, prepare_save_dir
from hal.desktop_cli import parse_args, usage  # noqa: F401 (hal.pick reads usage here)
from hal.text import default_save_dir   # the save folder, the text console's too


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
            full = self._core.full_refresh and self._core.current_group is not None
            areas = busdisplay.BusDisplay._get_refresh_areas(self)
            if full:
                # A whole-screen refresh draws every part as it is now: on a
                # board nothing a part changed before it is owed after it,
                # where Blinka would redraw those parts at the next refresh
                self._core.current_group._get_refresh_areas([])
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
    # The desktop profile; its command line is hal/desktop_cli.py's.

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
        self.writable = prepare_save_dir(self.save_dir)
        import pygame
        self._pygame = pygame
        self._map = _keymap(pygame)
        # the window's events after which it shows its last frame again
        self._uncovered = tuple([getattr(pygame, n) for n in (
            "VIDEOEXPOSE", "WINDOWEXPOSED", "WINDOWSHOWN", "WINDOWRESTORED", "WINDOWMAXIMIZED",
            "WINDOWSIZECHANGED") if hasattr(pygame, n)])

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

    def tell(self, text):
        # Beside the window, in the terminal that started it (the restarted app
        # says it again on the screen).
        sys.stderr.write("pocket-tricks: %s\n" % text)

    def finish(self):
        # End of run: the final --screenshot.
        if self.opts["screenshot"]:
            self.display.save_png(self.opts["screenshot"], self.opts["shot_scale"])
        try:
            self._pygame.quit()
        except Exception:
            pass
