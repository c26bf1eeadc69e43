# Help in context for a first game: the first time each phase comes up in a
# game not yet finished on this device (the statistics say so), a page says
# what to do and how it scores; the pause menu's Rules page starts with the
# current phase's tip and the game's terms. Settings turns the tips off.
# The words are in rules/<game>.tips, read a line at a time; this module
# is loaded when a tip or a Rules page shows, dropped after. It reads the
# rules texts too (rules/<game>.txt), and both with limits (read): a damaged
# or replaced file is a sentence on the page, never a crash, a wait or a
# heap filled.
try:
    import os
except ImportError:  # pragma: no cover
    import uos as os

from engine.ondemand import call
from ui.list_screen import TextScreen

MOST = 4096   # bytes of a rules or tips file read at most (the longest shipped: 1.4 KB)
LINE = 512    # bytes of one line at most (the longest shipped: 303)


def rules_path(name):
    # a file in the rules texts' folder, rules/ at the program's root (beside
    # ui/, never in it: a data folder inside a package folder would shadow a
    # frozen package): the tips and the rules texts (read)
    here = __file__.replace("\\", "/")
    cut = here.rfind("/", 0, here.rfind("/"))   # the "/" before ui/
    return here[:cut + 1] + "rules/" + name


def read(name, key=None):
    # (the lines of rules/<name>, None), each cleaned (ui.clean: no escape
    # sequences or control characters reach a terminal), or ([], why not:
    # the player's sentence) when the file cannot be read whole. key: only
    # the lines "<key>: text", as their text. Only a plain file is opened
    # (a FIFO in its place would wait forever, a device never end), one line
    # at a time, MOST bytes at most, each line LINE at most and UTF-8.
    path = rules_path(name)
    try:
        st = os.stat(path)
    except OSError:
        st = None
    if st is None:
        why = "is missing"
    elif st[0] & 0xF000 != 0x8000:
        why = "is not a file"
    elif st[6] > MOST:
        why = "is longer than %d bytes" % MOST
    else:
        try:
            return _lines(path, key), None
        except UnicodeError:
            why = "is not UTF-8 text"
        except ValueError as e:       # (_lines's own)
            why = e.args[0]
        except OSError:
            why = "cannot be read"
    kind = "rules" if name.endswith(".txt") else "tips"
    return [], "The %s file for this game cannot be read: rules/%s %s." % (kind, name, why)


def _lines(path, key):
    out = []
    left = MOST
    with open(path, "rb") as f:
        while True:
            b = f.readline(LINE + 1)
            if not b:
                return out
            left -= len(b)
            if left < 0:              # grown since, or a size the folder does not tell
                raise ValueError("is longer than %d bytes" % MOST)
            if len(b) > LINE:
                raise ValueError("has a line longer than %d bytes" % LINE)
            line = b.decode("utf-8")          # (or UnicodeError)
            b = b.rstrip(b"\r\n")
            if b and 32 <= min(b) and max(b) < 127:     # plain ASCII: nothing to clean
                line = line.strip()
            else:       # (ui.clean builds a line a character at a time: only when needed)
                line = call("ui.clean", "clean", line)
            if key is None:
                out.append(line)
            elif line.startswith(key) and line[len(key):len(key) + 2] == ": ":
                out.append(line[len(key) + 2:])


def texts(gid, key):
    # The lines of game gid's tips file (rules/<gid>.tips) filed under key:
    # a phase ("bid") or "term"; none when the file cannot be read.
    return read(gid + ".tips", key)[0]


def rules_text(gid):
    # The rules page's text (rules/<gid>.txt), or the sentence why it cannot be shown.
    got, why = read(gid + ".txt")
    return why or "\n".join(got)


def tip(gid, phase):
    # the first-game tip for this phase of game gid, or None
    got = texts(gid, phase)
    return got[0] if got else None


def due(table):
    # Whether the table should show a tip now: not once a game of this kind
    # was finished on this device (the setting "learned", which game over
    # keeps: no file is read here), and then the table stops asking.
    gid = table.session.game
    if gid in (table.app.settings.get("learned") or ()):
        table.tipped = None
        return False
    return tip(gid, table.state().phase) is not None


def learned(app, gid):
    # Game over: this kind of game is known here now (no more tips for it).
    got = app.settings.get("learned") or []
    if gid not in got:
        app.settings["learned"] = got + [gid]
        app.save_settings()


def help_text(gid, phase):
    # The Rules page's head in a game: this phase's tip and the game's terms
    # (or why the tips cannot be read).
    terms, why = read(gid + ".tips", "term")
    now = tip(gid, phase)
    out = ["Now: " + now] if now else []
    return why or "\n".join(out + terms)


def turn_keys(face, phase):
    # The table's keys on your turn in this phase, as ui.table.keys handles
    # them (tests/test_tip_keys.py presses each key a tip names): where UP
    # steps the picker (the face's STEPS: an auction's tricks), the hint is
    # in the pause menu.
    if phase == face.STEPS:
        return "On your turn: B undo, SELECT scores, START menu (Hint is there)."
    return "On your turn: UP hint, B undo, SELECT scores, START menu."


class Tip(TextScreen):
    # The tip for a phase met for the first time in a first game. It opens
    # over the decision the moment the table has drawn it; keys pressed before
    # it showed come to it first (ui.table.keys), so A after a bot's move
    # closes it rather than playing.
    module = "ui.tips"

    def __init__(self, table, phase):
        TextScreen.__init__(self, "First game tip",
                            (tip(table.session.game, phase) or "") + "\n\n"
                            + turn_keys(table.face, phase),
                            "A: OK  Settings: Tips")
