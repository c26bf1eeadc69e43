# Cards in motion: a card just played slides from its seat to its place in
# the trick, SLIDE_FRAMES steps, one a draw. ui.app's run() uses this Screen
# only where the heap has room to spare (ui.app.ROOMY: a desktop, the Feather
# ESP32-S3's PSRAM); a PyBadge never loads it, and a card shows in its place
# at once (ui.draw.view.Screen).
from ui import draw
from ui.draw import view

SLIDE_FRAMES = 4            # frames from the seat to the trick


class Screen(view.Screen):
    # ui.draw.view.Screen whose table slides each card just played into the trick
    # (one card at a time: a new one puts the one before in its place).

    def __init__(self, display):
        view.Screen.__init__(self, display)
        self.tv = None              # the table view of the card in motion
        self.seat = -1              # whose card moves (-1: none)
        self.frame = 0              # how far (SLIDE_FRAMES: in place)

    def draw(self, app, refresh=True):
        top = app.top()
        tv = self.table_view
        hidden = None               # the trick's hidden places, before a new state is drawn
        if tv is not None and tv.owner is top and tv.shown_version is not None and \
                tv.shown_version != getattr(top, "version", None):
            self.settle(False)      # the card before in its place first
            hidden = [t.hidden for t in tv.trick]
        changed = view.Screen.draw(self, app, False)
        tv = self.table_view
        if hidden is not None and tv is not None:
            for i in range(len(hidden)):
                if hidden[i] and not tv.trick[i].hidden:
                    self.settle(False)
                    self.tv, self.seat, self.frame = tv, i, 0   # just played
        if self.seat >= 0:
            if not refresh:
                self.settle(False)  # (tests: the scene graph as it ends up)
            else:
                self.frame += 1
                self._place()
                if self.frame >= SLIDE_FRAMES:
                    self.seat = -1
            changed = True
        if refresh and changed:
            self.show()
        return changed

    def settle(self, refresh=True):
        # The card in motion put in its place (and shown: a run's last picture).
        if self.seat >= 0:
            self.frame = SLIDE_FRAMES
            self._place()
            self.seat = -1
            if refresh:
                self.display.refresh()

    def tile(self):
        # the trick's tile in motion, or None
        return self.tv.trick[self.seat] if self.seat >= 0 else None

    def _place(self):
        v, seat = self.tv, self.seat
        x1, y1 = v.trick_xy[seat]
        if seat == 0:               # from the hand
            x0, y0 = x1, v.hand_y
        else:                       # from the seat's label (left-, right- or centre-aligned)
            kind, x0, y0 = v.places[seat]
            x0 = x0 - draw.CARD_W if kind == "side_r" else x0 if kind == "side" else \
                x0 - draw.CARD_W // 2
        t, f = v.trick[seat], self.frame
        t.x = x0 + (x1 - x0) * f // SLIDE_FRAMES
        t.y = y0 + (y1 - y0) * f // SLIDE_FRAMES
