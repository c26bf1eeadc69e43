# Help in context for a first game: the first time each phase comes up in a
# game not yet finished on this device (the statistics say so), a page says
# what to do and how it scores; the pause menu's Rules page starts with the
# current phase's tip and the game's terms. Settings turns the tips off.
# The words are in rules/<game>.tips, read a line at a time; this module
# is loaded when a tip or that Rules page shows, dropped after.
from ui.list_screen import TextScreen


def rules_path(name):
    # a file in the rules texts' folder, rules/ at the program's root (beside
    # ui/, never in it: a data folder inside a package folder would shadow a
    # frozen package): the tips here, the rules for ui.screens.common.rules_text
    here = __file__.replace("\\", "/")
    cut = here.rfind("/", 0, here.rfind("/"))   # the "/" before ui/
    return here[:cut + 1] + "rules/" + name


def texts(gid, key):
    # The lines of game gid's tips file (rules/<gid>.tips) filed under key:
    # a phase ("bid") or "term". Read a line at a time: one tip in memory.
    out = []
    try:
        with open(rules_path(gid + ".tips")) as f:
            for line in f:
                if line.startswith(key) and line[len(key):len(key) + 2] == ": ":
                    out.append(line[len(key) + 2:].rstrip())
    except OSError:
        pass
    return out


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
    # The Rules page's head in a game: this phase's tip and the game's terms.
    now = tip(gid, phase)
    out = ["Now: " + now] if now else []
    return "\n".join(out + texts(gid, "term"))


class Tip(TextScreen):
    # The tip for a phase met for the first time in a first game.
    module = "ui.tips"

    def __init__(self, table, phase):
        TextScreen.__init__(self, "First game tip",
                            tip(table.session.game, phase) +
                            "\n\nOn your turn: UP hint, B undo, SELECT scores, START menu.",
                            "A: OK  Settings: Tips")
