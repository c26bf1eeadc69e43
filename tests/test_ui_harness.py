"""Headless harness for the UI tests: the real views drawn by Blinka displayio
into an off-screen surface, driven by scripted keys on a virtual clock.

Also tests the harness itself (sizes, screenshots, dirty-area counting).
"""
import os


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHOTS = os.path.join(ROOT, "build", "ui")


class Rig:
    """An App with its views on a headless display of the given size."""

    def __init__(self, width=160, height=128, store=None, entropy=None):
        import displayio
        from hal import desktop
        from ui.app import App
        from ui.nostore import NoStore
        from ui.driver import Driver
        from ui import view
        displayio.release_displays()
        self.hal = desktop.Desktop(["--headless", "--size", "%dx%d" % (width, height),
                                    "--data-dir", os.path.join(ROOT, "build", "ui-data")])
        self.app = App(width, height, store if store is not None else NoStore(),
                       "test", entropy or (lambda: 1234))
        self.screen = view.Screen(self.hal.display)
        self.driver = Driver(self.app)
        self.dirty = []      # pixels redrawn per draw after a key
        self.shots = 0

    def start(self):
        self.app.start()
        self.draw()
        return self

    def draw(self):
        before = self.hal.display.refreshes
        self.screen.draw(self.app)
        redrawn = self.hal.display.refreshes != before
        self.dirty.append(self.hal.display.dirty_pixels if redrawn else 0)

    def press(self, k):
        """One key: settle timed work, handle the key, settle, draw."""
        self.driver.settle()
        self.draw()
        self.app.key(k)
        self.draw()
        self.driver.settle()
        self.draw()

    def keys(self, names):
        from hal import keys as K
        for n in names.split():
            self.press(K.number(n))

    def shot(self, name):
        path = os.path.join(SHOTS, "%dx%d" % (self.app.width, self.app.height), name + ".png")
        self.draw()
        self.hal.display.save_png(path)
        self.shots += 1
        return path

    def top(self):
        return self.app.top()

    def table(self):
        for s in reversed(self.app.stack):
            if s.kind == "table":
                return s
        return None

    def objects(self):
        return self.screen.objects()


def make_rig(width=160, height=128, **kw):
    return Rig(width, height, **kw).start()


def test_rig_draws_both_sizes_and_counts_dirty_pixels():
    for w, h in ((160, 128), (240, 135)):
        rig = make_rig(w, h)
        assert rig.hal.display.width == w and rig.hal.display.height == h
        assert rig.dirty[0] == w * h            # the first frame is drawn whole
        rig.keys("DOWN")
        assert 0 < rig.dirty[-2] < w * h
        rig.draw()
        assert rig.dirty[-1] == 0               # nothing changed: no refresh at all
        path = rig.shot("harness")
        assert os.path.getsize(path) > 100
