"""The docs' screenshots (dev-side; docs/screens.md shows them all, the README
a few): every screen a player meets, drawn by the real views headless, at 3x
zoom, into docs/ (160x128) and docs/240x135/ (the Reverse TFT's screen).

    python -m tools.release.docs_shots [--size 240x135] [--out docs]
"""
import argparse
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for _p in (ROOT, os.path.join(ROOT, "lib")):
    if _p not in sys.path:
        sys.path.insert(0, _p)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


def type_text(kb, text, press):
    # Type text on the on-screen keyboard kb (ui.screens.keyboard): press(key) moves
    # the cursor down to each character's row, right to it, then A.
    from hal import keys as K
    for ch in text:
        rows = kb.grid()
        row = [i for i in range(len(rows)) if ch in rows[i]][0]
        while kb.row != row:
            press(K.DOWN)
        while rows[kb.row][kb.col] != ch:
            press(K.RIGHT)
        press(K.A)


class Shots:
    def __init__(self, width, height, out, zoom=3):
        import displayio
        from hal import desktop
        from ui.draw import view
        from ui.app import App
        from ui.driver import Driver
        from ui.nostore import NoStore
        displayio.release_displays()
        self.hal = desktop.Desktop(["--headless", "--size", "%dx%d" % (width, height),
                                    "--data-dir", tempfile.mkdtemp(prefix="shots-")])
        self.store = NoStore()
        self.app = App(width, height, self.store, "PyBadge", lambda: 4242)
        self.app.settings["tips"] = False      # one tip is shot on purpose (make_all)
        self.screen = view.Screen(self.hal.display)
        self.d = Driver(self.app)
        self.out, self.zoom = out, zoom
        self.app.start()

    def shot(self, name, settle=True):
        # (settle=False: the screen as it is now, a pause on show included)
        if settle:
            self.d.settle()
        self.screen.draw(self.app)
        path = os.path.join(self.out, name + ".png")
        self.hal.display.save_png(path, self.zoom)
        return path

    def keys(self, *ks):
        for k in ks:
            self.d.press(k)
            self.screen.draw(self.app)

    def to(self, label):
        from hal import keys as K
        top = self.app.top()
        while not top.lines[top.cursor].startswith(label):   # ("Hint (UP)")
            self.keys(K.DOWN)
        self.keys(K.A)

    def type_text(self, text):
        type_text(self.app.top(), text, self.keys)

    def table(self):
        return self.app.stack[0]

    def until(self, cond, limit=3000):
        from hal import keys as K
        for _ in range(limit):
            self.d.settle()
            if cond():
                return True
            self.keys(K.A)
        return False


def human(t):
    return t.app.top() is t and t.session.is_human(t.state().to_act()) and not t.hold_until \
        and t.decided(t.state().to_act())


def make_all(width=160, height=128, out=None):
    from hal import keys as K
    from ui.screens.common import start_table
    from ui.session import Session
    out = out or os.path.join(ROOT, "docs")
    made = []
    s = Shots(width, height, out)
    for gid, pts in (("nommie", [2, 2]), ("nines", [1]), ("callbreak", [2, 3, 3])):
        s.store.record_result(gid, pts, [(gid != "callbreak", {"nommie": 212, "nines": -2,
                                                               "callbreak": 85}[gid])])
    s.store.record_result("nommie", {"bots": [3, 3, 3], "hinted": True}, [(False, 180)])
    made.append(s.shot("title"))
    s.to("New game")
    made.append(s.shot("setup"))
    s.keys(K.RIGHT, K.RIGHT, K.RIGHT, K.RIGHT)            # Israeli Whist: rows scroll
    for _ in range(7):
        s.keys(K.DOWN)
    made.append(s.shot("setup-scroll"))
    s.keys(K.RIGHT)
    made.append(s.shot("deal-number"))
    s.keys(K.B, K.B)
    s.app.settings["tips"] = True              # the settings as a new device has them
    s.to("Settings")
    made.append(s.shot("settings"))
    s.app.settings["tips"] = False
    s.to("Name")                               # the on-screen keyboard: "Ann" typed
    s.keys(K.B, K.B, K.B)
    s.type_text("Ann")
    made.append(s.shot("keyboard"))
    s.keys(K.B, K.B, K.B, K.B)                 # erased, then closed: nothing changed
    s.keys(K.B)
    s.to("Statistics")
    made.append(s.shot("statistics"))
    s.keys(K.B)
    s.to("Rules")
    s.keys(K.A)
    made.append(s.shot("rules"))
    s.keys(K.B, K.B)
    # Nommie: bid, play, hint, pause, score sheet, round summary, game over
    t = start_table(s.app, Session.new("nommie", ["human", "bot", "bot", "bot"], [2] * 4, 7))
    s.until(lambda: human(t))
    made.append(s.shot("bid"))
    s.until(lambda: human(t) and t.state().view(None)["phase"] == "play"
            and t.state().view(None)["trick"])
    made.append(s.shot("table"))
    s.keys(K.START)
    made.append(s.shot("pause"))
    s.to("Hint")
    made.append(s.shot("hint"))
    s.until(lambda: type(s.app.top()).__name__ == "RoundSummary")
    made.append(s.shot("round-summary"))
    s.keys(K.A)
    s.until(lambda: human(t) and t.state().view(None)["phase"] == "play")
    s.keys(K.SELECT)
    made.append(s.shot("score-sheet"))       # its first page: the standings
    s.keys(K.B)
    # a finished trick on show: the winning card framed, who won it and why
    app = s.app
    for _ in range(5000):
        if t.hold_until and t.trick_hold:
            break
        if app.busy():
            app.tick(s.d.now)
            s.d.now += 20
        else:
            s.keys(K.A)
    made.append(s.shot("trick-won", False))
    # the four-colour deck (Settings: Deck): clubs green, diamonds blue
    s.app.settings["four_colours"] = True
    t = start_table(s.app, Session.new("nommie", ["human", "bot", "bot", "bot"], [2] * 4, 7))
    s.until(lambda: human(t) and t.state().view(None)["phase"] == "play")
    made.append(s.shot("four-colours"))
    s.app.settings["four_colours"] = False
    # a first game's tip (Call Break: its calls)
    s.app.settings["tips"] = True
    t = start_table(s.app, Session.new("callbreak", ["human", "bot", "bot", "bot"], [2] * 4, 5))
    s.d.settle()
    made.append(s.shot("tip"))
    s.keys(K.A)
    s.app.settings["tips"] = False
    # Israeli Whist, pass and play: the curtain, the auction, Frisch
    t = start_table(s.app, Session.new("israeli", ["human"] * 4, [2] * 4, 3, {"rounds": 1}))
    s.d.settle()
    made.append(s.shot("curtain"))
    s.keys(K.A)
    made.append(s.shot("israeli"))
    for _ in range(4):
        s.keys(K.LEFT, K.A)
        s.keys(K.A)
    s.keys(K.A, K.RIGHT, K.A)
    made.append(s.shot("frisch"))
    # Nines: a swapper sees the cards it knows
    t = start_table(s.app, Session.new("nines", ["human", "bot", "bot"], [2] * 3, 5))
    s.until(lambda: human(t))
    s.keys(K.LEFT, K.A)
    s.until(lambda: human(t) and t.state().view(None)["phase"] == "play")
    made.append(s.shot("nines-known"))
    # Linger Longer with five players; a refusal; game over
    t = start_table(s.app, Session.new("linger", ["human"] + ["bot"] * 4, [2] * 5, 4))
    s.until(lambda: human(t))
    made.append(s.shot("linger"))
    t = start_table(s.app, Session.new("callbreak", ["human", "bot", "bot", "bot"], [2] * 4, 5))
    s.until(lambda: human(t) and t.state().view(None)["phase"] == "play"
            and len(t.state().legal_actions()) < len(t.hand) and t.state().view(None)["trick"])
    bad = [c for c in t.hand if c not in t.state().legal_actions()][0]
    t.act(bad, 0)
    t.update_fields()            # (a key does it once, after the act)
    made.append(s.shot("refusal"))
    s.until(lambda: type(s.app.top()).__name__ == "GameOver", 6000)
    made.append(s.shot("game-over"))
    s.hal.finish()
    return made


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.release.docs_shots",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--size", default="160x128")
    ap.add_argument("--out", default=None)
    a = ap.parse_args(argv)
    w, h = [int(x) for x in a.size.split("x")]
    out = a.out or os.path.join(ROOT, "docs", "" if (w, h) == (160, 128) else a.size)
    for p in make_all(w, h, out):
        print(p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
