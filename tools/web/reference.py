"""What the desktop (CPython + Blinka, headless) shows and plays for a deal
and keys: the reference the browser tests compare the page with.

    shot, game = reference.desktop("nines", 4242, "A A RIGHT", "160x128", data_dir)

The same run as `code.py --headless --game nines --seed 4242 --keys ...`, in
this process: the final frame (a PIL image) and the game's figures, by the
same web_run.figures the page's game() reports (actions, checksum, over, top).
"""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def settings(data_dir, **values):
    """Write settings into a save folder as the game's Settings screen would."""
    from ui.saves import Store
    store = Store(data_dir, True)
    s = store.load_settings()
    s.update(values)
    store.save_settings(s)


def desktop(game, deal, keys, size, data_dir, until=None):
    """(the final frame, the game's figures, the keys pressed) of a headless
    desktop run; with until (a screen's class name, "GameOver") the keys stop
    once that screen is on top."""
    import displayio
    from PIL import Image
    from hal import desktop as D
    from ui import app as A
    import web_run
    displayio.release_displays()      # (Blinka: one display a process)
    shot = os.path.join(data_dir, "shot.png")
    argv = ["--headless", "--size", size, "--data-dir", data_dir, "--screenshot", shot]
    if keys:
        argv += ["--keys", keys]
    if game:
        argv += ["--game", game]
    if deal:
        argv += ["--seed", str(deal)]
    apps = []

    class Until(D.Desktop):
        pressed = 0

        def pump(self):
            if until and apps and type(apps[0].top()).__name__ == until:
                self._script = []
            D.Desktop.pump(self)

        def after_key(self):
            self.pressed += 1

    start = A.App.start

    def noted(app):
        apps.append(app)
        return start(app)

    A.App.start = noted
    try:
        profile = Until(argv)
        app = A.run(profile)
    finally:
        A.App.start = start
        displayio.release_displays()  # (the next test's display may be made)
    pressed = " ".join(keys.split()[:profile.pressed]) if keys else ""
    return Image.open(shot).convert("RGB"), web_run.figures(app), pressed
