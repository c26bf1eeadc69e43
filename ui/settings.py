# The settings (speed, autoplay, sound, default bot level): their rows and how
# a key changes them, and the settings screen. Loaded only while the screen
# (App: `module`) or the console's settings page is open.
from ui.menus import on_off, row
from ui.list_screen import ListScreen

SPEEDS = ("Slow", "Normal", "Fast")   # the settings' speeds 1-3 (ui.app.SPEED_MS)
LABELS = ("Speed", "Autoplay", "Sound", "Bot level")
# The bots' level when the settings name none (ui.app.SETTINGS, ui.prefs and
# settings.toml say the same): 3, hard, since level 2 loses to a careful
# player in Nommie (README, Bots). The row says which level is the default.
DEFAULT_LEVEL = 3


def values(s):
    # The shown value of each setting of LABELS, in s (the settings dict).
    level = s.get("bot_level", DEFAULT_LEVEL)
    return (SPEEDS[(s.get("speed", 2) - 1) % len(SPEEDS)], on_off(s.get("autoplay")),
            on_off(s.get("sound")), str(level) + (" (default)" if level == DEFAULT_LEVEL else ""))


def change_setting(s, i, step):
    # Setting i of LABELS one step on (step 1) or back (-1), in s; every
    # setting goes round (Fast -> Slow, level 3 -> 0).
    if i == 0:
        s["speed"] = 1 + (s.get("speed", 2) - 1 + step) % len(SPEEDS)
    elif i == 1:
        s["autoplay"] = not s.get("autoplay")
    elif i == 2:
        s["sound"] = not s.get("sound")
    else:
        s["bot_level"] = (s.get("bot_level", DEFAULT_LEVEL) + step) % 4


class Settings(ListScreen):
    module = "ui.settings"

    def __init__(self):
        ListScreen.__init__(self, "Settings", [], "L/R change, B back", 0)

    def refresh(self):
        c = self.app.cols
        got = values(self.app.settings)
        self.lines = [row(LABELS[i], got[i], c) for i in range(len(LABELS))]

    def change(self, i, step):
        change_setting(self.app.settings, i, step)
        self.refresh()

    def choose(self, i):
        self.change(i, 1)

    def back(self):
        self.app.save_settings()
        self.app.pop()
