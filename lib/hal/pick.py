# Which board profile this machine gets (hal.detect() loads this module,
# asks it once and unloads it again: the chain is needed only at start-up).
import sys

from hal import base


def _text(notice=None, opts=None):
    # the text console, with the command line's options (--data-dir, --game, --seed)
    from hal import text
    return text.Text(save_dir=(opts or {}).get("data_dir"), notice=notice, opts=opts)


def detect(argv=None):
    # Pick the board profile: one readable chain, first match wins.
    if base._on_cpython():
        argv = list(argv if argv is not None else sys.argv[1:])
        if "-h" in argv or "--help" in argv:   # whatever the display: usage, then exit
            from hal import desktop
            print(desktop.usage())
            raise SystemExit(0)
        from hal import desktop
        opts = desktop.parse_args(argv)  # a bad value: one sentence and the usage
        if opts["text"]:
            return _text(None, opts)
        if _no_display_env(argv):
            return _text("no display found: playing in the text console (--text)", opts)
        try:
            profile = desktop.Desktop(argv)
        except RuntimeError as e:  # pygame.error: no display to open a window on
            return _text("no display (%s): playing in the text console" % e, opts)
        if _invisible_window(profile):
            profile.finish()
            return _text("no display found: playing in the text console (--text)", opts)
        return profile
    board_id = base._board_id()
    name = (board_id + " " + base._machine()).lower()
    if "pygamer" in name:
        from hal import pygamer
        return pygamer.PyGamer()
    if "pybadge" in name or "edgebadge" in name:
        from hal import pybadge
        return pybadge.PyBadge()
    if "reverse_tft" in name or "reverse tft" in name:
        from hal import reverse_tft
        return reverse_tft.ReverseTFT()
    if _has_display():
        return _text("no profile for board %s: text console over USB serial" % board_id)
    return _text("no display on this board: text console over USB serial")


def _no_display_env(argv):
    # Linux/BSD with no X11 or Wayland display and no SDL driver asked for.
    import os
    if "--headless" in argv or os.environ.get("SDL_VIDEODRIVER"):
        return False
    if not (sys.platform.startswith("linux") or "bsd" in sys.platform):
        return False
    return not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _invisible_window(profile):
    # True when SDL fell back to its offscreen driver by itself: nobody would see it.
    import os
    if profile.headless or os.environ.get("SDL_VIDEODRIVER"):
        return False
    return profile._pygame.display.get_driver() in ("offscreen", "dummy")


def _has_display():
    try:
        import board
        return getattr(board, "DISPLAY", None) is not None
    except ImportError:
        return False
