# Settings (settings.toml defaults under settings.json), statistics and the
# storage mode: what the title and settings screens need, not a running
# game. The Store (ui.saves) and its in-memory stand-in (ui.nostore) load
# this on demand, and on the device drop it again; it reads files through
# ui.saves.load (which checks their shape) and writes them through the Store.
try:
    import os
except ImportError:  # pragma: no cover
    import uos as os
import sys

_CP = sys.implementation.name == "circuitpython"
# Every setting, the one table of them: name: (default, settings.toml key);
# speed 1 slow .. 3 fast, bot_level 0..3 (3, hard: level 2 loses to a
# careful player in Nommie, docs/bots.md); names None: the built-in names
# (ui.seating), yours first.
DEFAULTS = {
    "speed": (2, "POCKET_TRICKS_SPEED"),
    "autoplay": (True, "POCKET_TRICKS_AUTOPLAY"),
    "sound": (True, "POCKET_TRICKS_SOUND"),
    "bot_level": (3, "POCKET_TRICKS_BOT_LEVEL"),
    "tips": (True, "POCKET_TRICKS_TIPS"),
    "four_colours": (False, "POCKET_TRICKS_FOUR_COLOURS"),   # the deck: 2 or 4 colours
    "trumps_apart": (True, "POCKET_TRICKS_TRUMPS_APART"),    # the hand's order (ui.fmt.arrange)
    # card counting's help, the score sheet's page of the cards played
    # (ui.screens.played): 0 off, 1 in the games whose players count cards, 2
    # in every game ("count": a name the firmware holds, no new one in the heap)
    "count": (1, "POCKET_TRICKS_CARDS_OUT"),
    "learned": ([], None),        # the games finished here with tips on (ui.tips)
    "names": (None, "POCKET_TRICKS_NAMES"),
    "last_setup": (None, None),
}
_LIMITS = {"speed": (1, 3), "bot_level": (0, 3), "count": (0, 2)}


def parse_toml(text):
    # KEY = value lines of a settings.toml: ints, "strings", true/false
    out = {}
    for line in text.split("\n"):
        line = line.strip()
        if not line or line[0] in "#[" or "=" not in line:
            continue
        key, value = line.split("=", 1)
        key, value = key.strip(), value.strip()
        if value[:1] == '"':
            end = value.find('"', 1)
            if end > 0:
                out[key] = value[1:end]
            continue
        value = value.split("#", 1)[0].strip()
        if value in ("true", "false"):
            out[key] = value == "true"
            continue
        try:
            out[key] = int(value)
        except ValueError:
            pass
    return out


def toml_defaults(path):
    # the defaults with settings.toml applied (os.getenv on CircuitPython)
    if path is None and _CP:
        get = os.getenv
    else:
        if path is None:
            here = __file__.replace("\\", "/")
            path = here[:here.rfind("/ui/") + 1] + "settings.toml"
        try:
            with open(path) as f:
                get = parse_toml(f.read()).get
        except (OSError, ValueError):
            get = {}.get
    out = {}
    for name in DEFAULTS:
        value, key = DEFAULTS[name]
        got = get(key) if key else None
        if name == "names" and type(got) is str:
            got = [n.strip() for n in got.split(",") if n.strip()]
        out[name] = fix(name, got, value)
    return out


def with_defaults(settings):
    # settings with each setting it lacks set to its default (in place): the
    # App's and the console's settings always hold every setting
    for name in DEFAULTS:
        if name not in settings:
            v = DEFAULTS[name][0]
            settings[name] = list(v) if type(v) is list else v
    return settings


def fix(name, value, default):
    # value if it suits setting name, else default
    if value is None:
        return default
    if type(default) is bool:
        return bool(value) if type(value) in (bool, int) else default
    if type(default) is int:
        lo, hi = _LIMITS[name]
        return value if type(value) is int and lo <= value <= hi else default
    if type(default) is list or name == "names":     # names: None, the built-in ones
        if type(value) is list and value and all(type(n) is str for n in value):
            if name == "names" and [n for n in value if not n or n != n.strip()
                                    or [c for c in n if not " " <= c <= "~"]]:
                from engine import ondemand      # (printable ASCII needs no ui.clean)
                return ondemand.call("ui.clean", "names", value)
            return [n[:12].strip() for n in value]
        return default
    return value if type(value) is dict else default


def load_settings(store):
    out = toml_defaults(store.toml)
    got = _load(store, "settings")
    if got:
        for name in DEFAULTS:
            if name in got:
                out[name] = fix(name, got[name], out[name])
    return out


def _load(store, fn):
    # ui.saves.load's fn(store): the settings or statistics read and checked (a
    # damaged file set aside); ui.saves.load is only needed this long
    from engine import ondemand
    return ondemand.call("ui.saves.load", fn, store)


def record_result(store, game_id, levels, results, mark=None):
    # Every person's (won, score) of one finished game in one write, with the
    # game's mark (ui.saves.atomic.finished_mark: a save of it found later was counted).
    stats = _load(store, "load_stats")
    for won, score in results:
        tally(stats, game_id, levels, won, score)
    if mark and results:
        stats[game_id]["done"] = mark
    return store._write("stats.json", "stats", stats)


def tally(stats, game_id, levels, won, score):
    # One finished game into stats (ui.nostore keeps its own the same way).
    g = stats.get(game_id)
    if type(g) is not dict:
        g = {}
        stats[game_id] = g
    won = 1 if won else 0
    g["played"] = g.get("played", 0) + 1
    g["won"] = g.get("won", 0) + won
    best = g.get("best")
    from engine.ondemand import call
    low = call("engine.catalog", "low_wins", game_id)    # which way its scores win
    if low is None:
        g.pop("best", None)     # (a best of 0 kept by an older version goes)
    elif type(score) is int and (best is None or (score < best if low else score > best)):
        g["best"] = score
    if type(levels) is dict:          # {"bots": [levels], "hinted": True} from the table
        if levels.get("hinted"):
            g["hinted"] = g.get("hinted", 0) + 1
        levels = levels.get("bots") or []
    if type(levels) is int:
        levels = [levels]
    key = str(max(levels)) if levels else "none"
    per = g.get("levels")
    if type(per) is not dict:
        per = g["levels"] = {}
    pw = per.get(key) or [0, 0]
    per[key] = [pw[0] + 1, pw[1] + won]


# --- storage mode ---------------------------------------------------------------
def storage_mode(save_dir):
    try:
        import storage
        return "usb" if storage.getmount("/").readonly else "saves"
    except ImportError:
        pass
    except Exception:
        return "usb"
    try:
        from hal.base import prepare_save_dir
        got = prepare_save_dir(save_dir)
    except Exception:
        return "readonly"
    return "saves" if got is True else "full" if got == "full" else "readonly"


def mode_text(mode):
    if mode == "saves":
        return "Progress is saved"
    if mode == "usb":
        return "USB mode: not saving"
    if mode == "full":
        return "Storage full: not saving"
    return "Read-only: not saving"
