# The desktop's command line (python code.py --help): the options, their
# checks and the usage text. A bad option or value is one sentence and the
# usage, before any window opens. Desktop-only, as the profile that reads it
# (hal.pick parses it, hal.desktop.Desktop keeps the options), and never on a
# board's drive: the one HAL module that reads the engine, for what --game
# and --seed accept (the catalog's game ids, read when needed, and deal
# numbers).
import os

from engine.ondemand import call
from engine.rng import LAST_DEAL
from hal import keys as K

USAGE = """usage: python code.py [options]
  --headless             no window (tests, screenshots)
  --keys "A A RIGHT A"   scripted key presses (names: UP DOWN LEFT RIGHT A B START SELECT)
  --screenshot FILE      write a PNG of the screen when the run ends
  --screenshot-every DIR write DIR/0001.png ... after every key
  --game ID              straight to a game against bots (%s)
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


def usage():
    # The usage text, with the games' ids (engine.catalog, loaded for the call).
    return USAGE % " ".join(call("engine.catalog", "ids"))


def key_number(name):
    # The logical key (hal.keys) for a name like "a" or "START" (ValueError if unknown).
    up = name.upper()
    if up not in K.NAMES:
        raise ValueError("unknown key name: %s" % _shown(name))
    return K.NAMES.index(up)


# Screens smaller than the smallest board do not fit the layout.
MIN_SIZE = (160, 128)
MAX_SIZE = 4096
# the whole-number options: (option, lowest, highest, what it takes)
NUMBERS = (("seed", 1, LAST_DEAL, "a deal number from 1 to %d" % LAST_DEAL),
           ("scale", 1, 16, "a zoom from 1 to 16"), ("shot_scale", 1, 16, "a zoom from 1 to 16"),
           ("port", 1, 65535, "a port number from 1 to 65535"),
           ("grace", 0, 86400, "a number of seconds"), ("turn", 0, 86400, "a number of seconds"))


def _bad(sentence):
    # SystemExit with one sentence and the usage (no traceback)
    return SystemExit("pocket-tricks: %s\n%s" % (sentence, usage()))


def _shown(text):
    # A typed value as a message repeats it: at most 60 characters, control
    # characters (an escape sequence would act on the terminal) and bytes
    # that are not UTF-8 (lone surrogates) written as escapes.
    return repr(text[:60])[1:-1]


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
            print(usage())
            raise SystemExit(0)
        elif arg in takes:
            if i + 1 >= len(argv):
                raise _bad("%s needs a value." % _shown(arg))
            opts[takes[arg]] = argv[i + 1]
            i += 1
        else:
            raise _bad("there is no option %s." % _shown(arg))
        i += 1
    size = opts.pop("size", None)
    if size is not None:
        parts = size.lower().split("x")
        w = _digits(parts[0]) if len(parts) == 2 else None
        h = _digits(parts[1]) if len(parts) == 2 else None
        if w is None or h is None:
            raise _bad("--size takes WIDTHxHEIGHT in pixels, like 160x128 (not '%s')."
                       % _shown(size))
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
            raise _bad("--%s takes %s (not '%s')." % (key.replace("_", "-"), what, _shown(value)))
        opts[key] = n
    games = call("engine.catalog", "ids") if opts["quick"] is not None else ()
    if opts["quick"] is not None and opts["quick"] not in games:
        raise _bad("--game '%s' is not a game: choose %s or %s." % (
            _shown(opts["quick"]), ", ".join(games[:-1]), games[-1]))
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
                raise _bad("--%s %s: %s." % (key.replace("_", "-"), _shown(opts[key]), why))
    if opts["keys"] is not None:
        try:
            opts["keys"] = [key_number(n) for n in opts["keys"].replace(",", " ").split()]
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
