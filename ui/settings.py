# The settings screen (speed, autoplay, sound, default bot level); loaded
# only while open (App: `module`).
from ui.menus import on_off, row
from ui.screen import ListScreen

SPEEDS = ("Slow", "Normal", "Fast")   # the settings' speeds 1-3 (ui.app.SPEED_MS)


class Settings(ListScreen):
    module = "ui.settings"

    def __init__(self):
        ListScreen.__init__(self, "Settings", [], "L/R change, B back", 0)

    def refresh(self):
        s = self.app.settings
        c = self.app.cols
        self.lines = [row("Speed", SPEEDS[(s.get("speed", 2) - 1) % len(SPEEDS)], c),
                      row("Autoplay", on_off(s.get("autoplay")), c),
                      row("Sound", on_off(s.get("sound")), c),
                      row("Bot level", str(s.get("bot_level", 2)), c)]

    def change(self, i, step):
        s = self.app.settings
        if i == 0:
            s["speed"] = 1 + (s.get("speed", 2) - 1 + step) % len(SPEEDS)
        elif i == 1:
            s["autoplay"] = not s.get("autoplay")
        elif i == 2:
            s["sound"] = not s.get("sound")
        else:
            s["bot_level"] = (s.get("bot_level", 2) + step) % 4
        self.refresh()

    def choose(self, i):
        self.change(i, 1)

    def back(self):
        self.app.save_settings()
        self.app.pop()
