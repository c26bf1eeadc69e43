# The thin displayio layer: draws the top screen's fields.
#
# Each view builds its display objects once and afterwards only changes what
# differs (a label's text, a card's tile, position or palette), so a cursor move
# redraws a small part of the screen.

import displayio

from ui import gfx
from ui.table_text import panel_cols, panel_rows

SIDE_COLS = 6       # a side seat's label: "Ada", "bid 3", "won 1", "-12.5"


def _line(head, stats, score):
    # head and a seat's stats, then its score ("" for none): after a comma when
    # stats come before it ("You bid 1 won 0, 10 pts", not "won 0 0 pts").
    text = " ".join(head + stats)
    if score:
        text = text + (", " if stats else " ") + score if text else score
    return text


class ListView:
    # Title, rows of text with a highlighted cursor row, footer.

    def __init__(self, width, height):
        lh = gfx.line_height()
        self.lh = lh
        self.width = width
        self.nrows = max(1, height // lh - 2)
        self.group = displayio.Group()
        self.title = gfx.label("", 2, 0, gfx.GOLD)
        self.pos = gfx.label("", width - 2, 0, gfx.DIM, right=True)
        self.group.append(gfx.rect(0, lh, width, 1, gfx.DIM))
        self.hilite = gfx.rect(0, lh + 2, width, lh, gfx.HILITE)
        self.hilite_group = displayio.Group()
        self.hilite_group.append(self.hilite)
        self.hilite_group.hidden = True
        self.group.append(self.hilite_group)
        self.group.append(self.title)
        self.group.append(self.pos)
        self.rows = []
        for i in range(self.nrows):
            lbl = gfx.label("", 3, lh + 2 + i * lh)
            self.rows.append(lbl)
            self.group.append(lbl)
        self.footer = gfx.label("", 2, height - lh, gfx.DIM)
        self.group.append(self.footer)
        # the scroll mark: a thin bar on the right edge when rows are hidden
        self.bar_top, self.bar_h = lh + 2, self.nrows * lh
        self.bar = gfx.rect(width - 2, self.bar_top, 2, self.bar_h, gfx.DIM)
        self.bar_group = displayio.Group()
        self.bar_group.append(self.bar)
        self.bar_group.hidden = True
        self.group.append(self.bar_group)
        self.cols = width // gfx.char_width()
        self.shown_version = None    # the screen last drawn, and its fields then
        self._lines = self._title = self._footer = None
        self._n = self._first = self._cursor = -2

    def unchanged(self, s):
        # The same screen fields as last drawn (no strings built: runs every frame).
        return (self.shown_version is s and self._lines is s.lines and
                self._n == len(s.lines) and self._first == s.first and
                self._cursor == s.cursor and self._title is s.title and
                self._footer is s.footer)

    def update(self, s):
        # Bring the labels up to date; True if anything on screen changed.
        if self.unchanged(s):
            return False
        self.shown_version = s
        self._lines, self._n, self._first = s.lines, len(s.lines), s.first
        self._cursor, self._title, self._footer = s.cursor, s.title, s.footer
        changed = gfx.set_text(self.title, s.title)
        lines = s.lines
        n = len(lines)
        more = n > self.nrows
        if s.cursor >= 0:
            more = more and 0 <= s.cursor < n
            pos = "%d/%d" % (s.cursor + 1, n) if more else ""
        else:
            pos = "%d/%d" % (min(n, s.first + self.nrows), n) if more else ""
        changed |= gfx.set_text(self.pos, pos)
        if more:       # the bar's length and place show the visible part of the list
            h = max(4, self.bar_h * self.nrows // n)
            y = self.bar_top + (self.bar_h - h) * s.first // max(1, n - self.nrows)
            if self.bar.height != h or self.bar.y != y:
                self.bar.height = h
                self.bar.y = y
                changed = True
        if self.bar_group.hidden == more:
            self.bar_group.hidden = not more
            changed = True
        for i in range(self.nrows):
            j = s.first + i
            changed |= gfx.set_text(self.rows[i], lines[j] if 0 <= j < n else "")
        vis = s.cursor >= 0 and s.first <= s.cursor < s.first + self.nrows
        if vis:
            y = self.lh + 2 + (s.cursor - s.first) * self.lh
            if self.hilite.y != y:
                self.hilite.y = y
                changed = True
        if self.hilite_group.hidden == vis:
            self.hilite_group.hidden = not vis
            changed = True
        changed |= gfx.set_text(self.footer, s.footer)
        return changed


def seat_places(n, w, top, mid):
    # Per relative seat position (0 = bottom): (kind, x, y) of its label.
    # (three players: the top centre shows what a Nines swapper knows, two lines)
    y = top + 12 if n == 3 else top
    left, right = ("side", 1, y), ("side_r", w - 1, y)
    if n == 2:
        return [None, ("top", w // 2, 12)]
    if n == 3:
        return [None, left, right]
    if n == 4:
        return [None, left, ("top", w // 2, 12), right]
    # five: two top seats of two lines each (the trick area starts lower)
    return [None, left, ("top2", w // 4, 12), ("top2", 3 * w // 4, 12), right]


def trick_places(n, cx, top, bottom):
    # Per relative seat position: top-left of its card in the trick (spread with the screen).
    cw, ch = gfx.CARD_W, gfx.CARD_H
    x = cx - cw // 2
    dx = max(28 if n == 5 else 20, cx // 4)
    mid = (top + bottom - ch) // 2
    south = (x, bottom - ch)
    north = (x, top)
    west = (x - dx, mid)
    east = (x + dx, mid)
    if n == 2:
        return [south, north]
    if n == 3:
        return [south, west, east]
    if n == 4:
        return [south, west, north, east]
    return [south, west, (x - dx // 2, top), (x + dx // 2, top), east]


class TableView:
    # The card table for a fixed number of players.

    MAX_HAND = 13

    def __init__(self, width, height, players, cards):
        lh = gfx.line_height()
        self.w, self.h, self.n = width, height, players
        self.cards = cards
        self.group = displayio.Group()
        self.shown_version = None
        self.header = gfx.label("", 1, 0, gfx.DIM)
        self.trump = gfx.label("", width - 1, 0, gfx.GOLD, right=True)
        self.group.append(self.header)
        self.group.append(self.trump)
        self.hand_y = height - gfx.CARD_H - 1
        self.prompt_y = self.hand_y - lh - 4
        self.seat_y = self.prompt_y - lh
        top, bottom = 38 if players == 5 else 26, self.seat_y - 1
        mid = (top + bottom) // 2
        self.cols = width // gfx.char_width()
        self.places = seat_places(players, width, top, mid)
        self.seats = [gfx.label("", width // 2, self.seat_y, center=True)]
        for p in self.places[1:]:
            kind, x, y = p
            lbl = gfx.label("", x, y, right=kind == "side_r", center=kind in ("top", "top2"))
            self.seats.append(lbl)
        for lbl in self.seats:
            self.group.append(lbl)
        self.trick_xy = trick_places(players, width // 2, top, bottom)
        self.trick = []
        for x, y in self.trick_xy:
            t = cards.tile(x, y)
            t.hidden = True
            self.trick.append(t)
            self.group.append(t)
        self.panel_cols = panel_cols(width)
        pw = self.panel_cols * gfx.char_width() + 2
        top = 26
        self.panel_rows = panel_rows(height, lh)
        self.panel = displayio.Group()
        self.panel.append(gfx.rect((width - pw) // 2, top - 2, pw, self.panel_rows * lh + 4,
                                   0x06361A))
        self.panel_lines = []
        for i in range(self.panel_rows):
            lbl = gfx.label("", width // 2, top + i * lh, center=True)
            self.panel_lines.append(lbl)
            self.panel.append(lbl)
        self.panel.hidden = True
        self.group.append(self.panel)
        self.prompt = gfx.label("", width // 2, self.prompt_y, center=True)
        self.group.append(self.prompt)
        self.known = None             # Nines: a swapper's known cards, top centre
        if players == 3:
            self.known = gfx.label("", width // 2, 12, gfx.DIM, center=True)
            self.group.append(self.known)
        self.hand = []
        for i in range(self.MAX_HAND):
            t = cards.tile(0, self.hand_y)
            t.hidden = True
            self.hand.append(t)
            self.group.append(t)

    def update(self, s):
        # Bring the table up to date; True if anything was redone.
        if s.version == self.shown_version:
            return False
        self.shown_version = s.version
        gfx.set_text(self.header, s.header)
        gfx.set_text(self.trump, s.trump_text)
        two = "\n" in s.prompt       # a two-line prompt covers the bottom seat's line
        for i in range(self.n):
            name, stats, score = s.seat_lines[i]
            kind = "bottom" if i == 0 else self.places[i][0]
            pts = [score + " pts"] if score else []
            if kind in ("bottom", "top"):
                text = _line([name], stats, pts[0] if pts else "")
                if len(text) > self.cols:
                    text = _line([name], stats, score)
            elif kind == "top2":
                text = " ".join([name] + stats[:1]) + "\n" + _line([], stats[1:], pts[0] if pts else "")
            else:
                if pts and len(pts[0]) > SIDE_COLS:
                    pts = [score]
                text = "\n".join([name] + stats + pts)
            gfx.set_text(self.seats[i], "" if i == 0 and two else text)
            gfx.set_color(self.seats[i], gfx.GOLD if i == s.active_pos else gfx.INK)
        played = [None] * self.n
        for pos, card in s.trick:
            played[pos] = card
        for i in range(self.n):
            self._show(self.trick[i], played[i], self.cards.normal)
        self._panel(s.panel)
        if self.known is not None:
            gfx.set_text(self.known, s.known)
        gfx.set_text(self.prompt, s.prompt)
        y = self.seat_y if two else self.prompt_y
        if self.prompt.anchored_position[1] != y:
            self.prompt.anchored_position = (self.w // 2, y)
        gfx.set_color(self.prompt, gfx.ALERT if s.message else gfx.INK)
        self._hand(s)
        return True

    def _show(self, tile, card, palette):
        if card is None:
            if not tile.hidden:
                tile.hidden = True
            return
        if tile[0] != card:
            tile[0] = card
        if tile.pixel_shader is not palette:
            tile.pixel_shader = palette
        if tile.hidden:
            tile.hidden = False

    def _panel(self, lines):
        if not lines:
            if not self.panel.hidden:
                self.panel.hidden = True
            return
        for i in range(self.panel_rows):
            gfx.set_text(self.panel_lines[i], lines[i] if i < len(lines) else "")
        if self.panel.hidden:
            self.panel.hidden = False

    def _hand(self, s):
        cards = list(s.hand) if s.hand else [gfx.BACK] * s.backs
        k = min(len(cards), len(self.hand))
        step = min(gfx.CARD_W + 2, (self.w - 4) // max(1, k))
        x0 = (self.w - (step * (k - 1) + gfx.CARD_W)) // 2 if k else 0
        pal = self.cards
        for i in range(len(self.hand)):
            t = self.hand[i]
            if i >= k:
                self._show(t, None, pal.normal)
                continue
            cur = s.show_cursor and i == s.cursor
            legal = not s.hand or s.legal[i]
            marked = bool(s.hand) and s.marked[i]
            if marked:
                p = pal.marked_cursor if cur else pal.marked
            elif legal:
                p = pal.cursor if cur else pal.normal
            else:
                p = pal.dim_cursor if cur else pal.dim
            x = x0 + i * step
            y = self.hand_y - (4 if cur or marked else 0)   # (4: clear of the prompt)
            if t.x != x:
                t.x = x
            if t.y != y:
                t.y = y
            self._show(t, cards[i], p)

    def shown_cards(self):
        # Face-up cards in the hand row (for the privacy test).
        return [t[0] for t in self.hand if not t.hidden and t[0] < gfx.BACK]


class Screen:
    # Owns the display's root group and shows the view for the top screen.

    def __init__(self, display):
        self.display = display
        self.w, self.h = display.width, display.height
        self.root = displayio.Group()
        self.root.append(gfx.rect(0, 0, self.w, self.h, gfx.TABLE))
        self.cards = gfx.Cards()
        self.list_view = None
        self.table_view = None
        self.current = None
        display.root_group = self.root

    def view_for(self, screen):
        if screen.kind == "table":
            n = screen.session.players
            if self.table_view is None or self.table_view.n != n:
                self.table_view = TableView(self.w, self.h, n, self.cards)
            return self.table_view
        if self.list_view is None:
            self.list_view = ListView(self.w, self.h)
        return self.list_view

    def draw(self, app, refresh=True):
        # Show the top screen; refresh=False only updates the scene graph (tests).
        top = app.top()
        if top is None:
            return
        v = self.view_for(top)
        changed = False
        if v is not self.current or getattr(v, "owner", None) is not top:
            changed = True
            if self.current is not None and self.current is not v:
                self.root.remove(self.current.group)
                # only the view on screen stays built: the other one's labels
                # and tiles go (a menu over the table rebuilds it on return)
                if self.current is self.table_view:
                    self.table_view = None
                elif self.current is self.list_view:
                    self.list_view = None
            if v is not self.current:
                self.root.append(v.group)
            self.current = v
            v.owner = top
            v.shown_version = None
        changed = v.update(top) or changed
        if refresh and changed:
            self.display.refresh()

    def objects(self):
        return gfx.count_objects(self.root)
