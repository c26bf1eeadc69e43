# The settings (speed, autoplay, sound, default bot level, tips, the deck's
# colours, the hand's order, the score sheet's page of the cards out, your
# name): their rows and how a key changes them, and the settings screen.
# Loaded only while the screen (App: `module`) or the console's settings page
# is open.
from engine.ondemand import call
from ui.screens.common import LEVEL_NAMES, on_off, row
from ui.list_screen import ListScreen
from ui.seating import default_names
from hal import keys as K

SPEEDS = ("Slow", "Normal", "Fast")   # the settings' speeds 1-3 (ui.app.SPEED_MS)
LABELS = ("Speed", "Autoplay", "Sound", "Bot level", "Tips", "Deck", "Hand order",
          "Cards out", "Name")
DECKS = ("2 colours", "4 colours")    # the Deck row's values (ui.draw.Cards.deck)
OUT_WORDS = ("Off", "By game", "All games")   # the Cards out row's (ui.prefs "count")
# The games where its "By game" shows the page (engine.catalog, loaded for the call)
COUNTING_WORDS = ", ".join(call("engine.catalog", "counting"))


def values(s):
    # The shown value of each setting of LABELS, in s (the settings dict); your
    # name is a lone person's seat's (as ui.screens.naming.mine says it).
    return (SPEEDS[(s["speed"] - 1) % len(SPEEDS)], on_off(s.get("autoplay")),
            on_off(s.get("sound")), LEVEL_NAMES[s["bot_level"] % 4],
            on_off(s.get("tips")), DECKS[1 if s.get("four_colours") else 0],
            "Trumps apart" if s.get("trumps_apart") else "Suits",     # (ui.fmt.arrange)
            OUT_WORDS[s["count"] % len(OUT_WORDS)], default_names(["human"], s.get("names"))[0])


def level_words(level):
    # What bot level does, in a few words (rules/levels.tips, read when shown:
    # a file's words are never interned), or its name if the file cannot be read.
    got = call("ui.tips", "read", "levels.tips", str(level))[0]
    return got[0] if got else LEVEL_NAMES[level]


def change_setting(s, i, step, wrap=True):
    # Setting i of LABELS one step on (step 1) or back (-1), in s; the last, your
    # name, is typed instead (ui/screens/naming.py). With wrap
    # the speed and the level go round (Fast -> Slow, hard -> random: A and
    # the console's number); without it they stop at the ends (LEFT/RIGHT:
    # Slow, Normal, Fast in that order).
    if i == 0:
        s["speed"] = 1 + _step(s["speed"] - 1, step, len(SPEEDS), wrap)
    elif i == 1:
        s["autoplay"] = not s.get("autoplay")
    elif i == 2:
        s["sound"] = not s.get("sound")
    elif i == 3:
        s["bot_level"] = _step(s["bot_level"], step, len(LEVEL_NAMES), wrap)
    elif i == 4:
        s["tips"] = not s.get("tips")
    elif i == 5:
        s["four_colours"] = not s.get("four_colours")
    elif i == 6:
        s["trumps_apart"] = not s.get("trumps_apart")
    elif i == 7:
        s["count"] = _step(s["count"], step, len(OUT_WORDS), wrap)


def _step(i, step, n, wrap):
    return (i + step) % n if wrap else max(0, min(n - 1, i + step))


class Settings(ListScreen):
    module = "ui.screens.settings"

    def __init__(self):
        ListScreen.__init__(self, "Settings", [], "L/R change, B back", 0)

    def refresh(self):
        c = self.app.cols
        s = self.app.settings
        got = values(s)
        self.lines = [row(LABELS[i], got[i], c) for i in range(len(LABELS))]
        # LEFT/RIGHT stop at the speed's and the level's ends: no arrow past one
        self.lines[0] = row(LABELS[0], got[0], c, s["speed"] > 1, s["speed"] < len(SPEEDS))
        self.lines[3] = row(LABELS[3], got[3], c, s["bot_level"] > 0,
                            s["bot_level"] < len(LEVEL_NAMES) - 1)
        blank = row(LABELS[-1], "", c)      # your name: typed (A), not stepped: no arrows
        self.lines[-1] = blank[:blank.index("<")] + "  " + got[-1]
        # the footer says what the row under the cursor is about (the
        # level's words read only while that row is under it)
        if self.cursor == 3:
            self.footer = level_words(s["bot_level"] % 4)
        elif self.cursor > 3:
            self.footer = ("A first game's help",
                           "\u2663 green, \u2666 blue",      # (the Deck row's 4 colours)
                           "Trumps at the right" if s.get("trumps_apart") else
                           "Suits in order: \u2663 \u2666 \u2665 \u2660",
                           COUNTING_WORDS, "A: type your name")[self.cursor - 4]
        else:
            self.footer = "L/R change, B back"

    def key(self, k):
        ListScreen.key(self, k)
        if k in (K.UP, K.DOWN):
            self.refresh()

    def change(self, i, step):
        change_setting(self.app.settings, i, step, False)
        self.refresh()

    def choose(self, i):
        if i == len(LABELS) - 1:
            from engine.ondemand import call
            call("ui.screens.naming", "ask", self)
            return
        change_setting(self.app.settings, i, 1)
        self.refresh()

    def back(self):
        self.app.save_settings()
        self.app.pop()
