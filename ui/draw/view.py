# The thin displayio layer: shows the top screen in the view of its kind.
#
# One view is alive at a time: when the top screen changes kind (the table,
# or a list: menus, pages, dialogs) the old view's objects and its module
# (ui/draw/lists.py, ui/draw/table.py) go before the new view is built, so a
# board's heap never holds both.

import displayio

from engine.ondemand import forget, load
from ui import draw

VIEWS = {"table": ("ui.draw.table", "TableView"), "list": ("ui.draw.lists", "ListView")}
class Screen:
    # Owns the display's root group and shows the view for the top screen.

    def __init__(self, display):
        self.display = display
        self.w, self.h = display.width, display.height
        self.root = displayio.Group()
        self.root.append(draw.rect(0, 0, self.w, self.h, draw.TABLE))
        self.cards = draw.Cards()
        self.current = None         # the view on screen
        self.kind = None            # its kind, and for a table its players
        self.shown = None           # the screen the last refresh showed
        display.root_group = self.root

    @property
    def table_view(self):
        return self.current if self.kind == "table" else None

    @property
    def list_view(self):
        return self.current if self.kind == "list" else None

    def _drop(self):
        # The view on screen goes, its module too (built again when needed).
        if self.current is not None:
            self.root.remove(self.current.group)
            self.current = None
            forget(VIEWS[self.kind][0])
            self.kind = None

    def view_for(self, screen):
        kind = screen.kind
        if kind == "table":
            n = screen.session.players
            if self.kind != kind or self.current.n != n:
                self._drop()
                self.current = load(VIEWS[kind][0]).TableView(self.w, self.h, n, self.cards)
        elif self.kind != kind:
            self._drop()
            self.current = load(VIEWS[kind][0]).ListView(self.w, self.h)
        if self.kind != kind:
            self.kind = kind
            self.root.append(self.current.group)
        return self.current

    def draw(self, app, refresh=True):
        # Show the top screen; refresh=False only updates the scene graph (tests).
        top = app.top()
        if top is None:
            return
        self.cards.deck(app.settings.get("four_colours"))
        v = self.view_for(top)
        changed = False
        if getattr(v, "owner", None) is not top:
            changed = True
            v.owner = top
            v.shown_version = None
        changed = v.update(top) or changed
        if refresh and changed:
            self.show()
        return changed

    def show(self):
        # Refresh the display. A new screen on top is refreshed whole, once
        # (the root group set again), instead of each changed part's old and
        # new areas, which overlap and come to two or three screens' pixels.
        v = self.current
        if v is not None and v.owner is not self.shown:
            self.shown = v.owner
            self.display.root_group = None
            self.display.root_group = self.root
        self.display.refresh()

    def settle(self):
        pass                    # (nothing moves here: ui.draw.motion's Screen)

    def objects(self):
        return draw.count_objects(self.root)
