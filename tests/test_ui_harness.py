"""Headless harness for the UI tests: the real views drawn by Blinka displayio
into an off-screen surface, driven by scripted keys on a virtual clock.

Also tests the harness itself (sizes, screenshots, dirty-area counting).
"""
import os


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHOTS = os.path.join(ROOT, "build", "ui")


def boxes(group, ox=0, oy=0, inside=None, out=None, panels=(), scale=1):
    """Every visible label, card tile and panel/scroll shape on screen as
    (kind, text, x0, y0, x1, y1, container): absolute pixels; container is the
    rectangle a label must stay inside (the picker panel), else None. scale:
    the group's pixels per pixel of its members (a group's own scale times its
    parents')."""
    import displayio
    import vectorio
    from ui.draw import Text
    if out is None:
        out = []
    for child in group:
        if getattr(child, "hidden", False):
            continue
        x, y = ox + child.x * scale, oy + child.y * scale     # where its (0, 0) is
        if isinstance(child, Text):
            x0, y0, x1, y1 = child.box()
            x0, y0, x1, y1 = x0 - child.x, y0 - child.y, x1 - child.x, y1 - child.y
            lh = (y1 - y0) // max(1, len(child.text.split("\n")))
            for r, line in enumerate(child.text.split("\n")[:child.rows]):
                if line.strip() and x1 > x0 and lh > 0:    # a line each: a dimmed
                    top = y0 + r * lh                       # row's text fills the gap
                    out.append(("label", child.text, x + x0 * scale, y + top * scale,
                                x + x1 * scale, y + (top + lh) * scale, inside))
        elif isinstance(child, displayio.Group):
            box = None
            first = child[0] if len(child) else None
            sc = scale * child.scale
            if any(child is p for p in panels):
                # a panel: its first member is the backdrop the labels sit on
                box = (x + first.x * sc, y + first.y * sc,
                       x + (first.x + first.width) * sc, y + (first.y + first.height) * sc)
                out.append(("panel", "", box[0], box[1], box[2], box[3], None))
            boxes(child, x, y, box or inside, out, panels, sc)
        elif isinstance(child, displayio.TileGrid):
            out.append(("card", "", x, y, x + child.tile_width * scale,
                        y + child.tile_height * scale, inside))
        elif isinstance(child, vectorio.Rectangle) and child.width <= 3 and len(out) > 2:
            out.append(("bar", "", x, y, x + child.width * scale, y + child.height * scale, None))
    return out


def misfits(root, width, height, panels=()):
    """What does not fit: a label off the screen or out of its panel, or one
    label over another label, a card, the scroll bar or the panel's edge."""
    items = boxes(root, panels=panels)
    bad = []
    for kind, text, x0, y0, x1, y1, box in items:
        if kind != "label":
            continue
        if x0 < 0 or y0 < 0 or x1 > width or y1 > height:
            bad.append("off screen %r at %s" % (text, (x0, y0, x1, y1)))
        if box and (x0 < box[0] or y0 < box[1] or x1 > box[2] or y1 > box[3]):
            bad.append("out of its panel %r" % text)
    for i in range(len(items)):
        a = items[i]
        if a[0] != "label":
            continue
        for j in range(len(items)):
            b = items[j]
            if j == i or (b[0] == "label" and j < i):
                continue
            if b[0] == "panel" and a[6] is not None:
                continue            # a panel's own labels sit on it
            if b[0] == "card" and a[6] is None and any(
                    it[0] == "panel" and it[2] <= b[2] and b[2] <= it[4] and
                    it[3] <= b[3] <= it[5] for it in items):
                continue            # a trick card under the panel is covered by it
            if a[2] < b[4] and b[2] < a[4] and a[3] < b[5] and b[3] < a[5]:
                bad.append("%r overlaps %s %r" % (a[1], b[0], b[1]))
    return bad


class Rig:
    """An App with its views on a headless display of the given size."""

    def __init__(self, width=160, height=128, store=None, entropy=None):
        import displayio
        from hal import desktop
        from ui.app import App
        from ui.nostore import NoStore
        from ui.driver import Driver
        from ui.draw import view
        displayio.release_displays()
        self.hal = desktop.Desktop(["--headless", "--size", "%dx%d" % (width, height),
                                    "--data-dir", os.path.join(ROOT, "build", "ui-data")])
        self.app = App(width, height, store if store is not None else NoStore(),
                       "test", entropy or (lambda: 1234))
        self.app.settings["tips"] = False     # (the first game's tips: tests of their own)
        self.screen = view.Screen(self.hal.display)
        self.driver = Driver(self.app)
        self.dirty = []      # pixels redrawn per draw after a key
        self.check = True    # every redrawn frame: does every text fit? (misfits)
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
        if self.check and redrawn:
            tv = self.screen.table_view
            bad = misfits(self.screen.root, self.app.width, self.app.height,
                          (tv.panel,) if tv is not None else ())
            assert not bad, "%s at %dx%d: %s" % (
                type(self.app.top()).__name__, self.app.width, self.app.height, bad)

    def press(self, k):
        """One key: settle timed work, handle the key, settle, draw."""
        self.driver.settle()
        self.draw()
        self.app.key(k)
        self.draw()
        self.driver.settle()
        self.draw()

    def keys(self, names):
        from hal.desktop_cli import key_number
        for n in names.split():
            self.press(key_number(n))

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
