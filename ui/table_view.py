# The table view: the card table for a fixed number of players (the seats in
# words, the trick, the centre panel, the prompt and the hand).
#
# Each update changes only what differs (a text, a card's tile, position or
# palette), so a cursor move redraws a small part of the screen. Built when
# the table comes on top, dropped with its module under a menu (ui/view.py).

import displayio

from ui import gfx
from ui.table_text import HAND_2X, panel_cols, panel_rows

SIDE_COLS = 6       # a side seat's label: "Ada", "bid 3", "won 1", "-12.5"
CUT = 2             # a doubled hand's rows below the screen's edge (a card's last two)
LIFT = 4            # pixels a raised card (the cursor, a marked card) rises, clear of
                    # the prompt: LIFT // scale on a hand of scale pixels per card pixel


def _line(head, stats, score):
    # head, then a seat's stats and its score ("" for none) with commas
    # between them: "You bid 1, won 0, 10 pts", "Bob won 2, 5 left".
    rest = ", ".join(stats + ([score] if score else []))
    text = " ".join(head)
    return text + " " + rest if text and rest else text or rest


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
        lh = gfx.LH
        self.w, self.h, self.n = width, height, players
        self.cards = cards
        self.group = displayio.Group()
        self.shown_version = None
        self.cols = width // gfx.CW
        self.header = gfx.Text(self.cols - 1, 1, 0, gfx.DIM)
        self.trump = gfx.Text(8, width - 1, 0, gfx.GOLD, gfx.RIGHT)     # "trump NT"
        self.group.append(self.header)
        self.group.append(self.trump)
        # the hand: twice the size where a full hand fits so (HAND_2X), the
        # bottom of its cards below the screen's edge
        sc = self.scale = 2 if width >= HAND_2X else 1
        self.hand_y = height - (2 * (gfx.CARD_H - CUT) if sc > 1 else gfx.CARD_H + 1)
        self.prompt_y = self.hand_y - lh - LIFT // sc
        self.seat_y = self.prompt_y - lh
        top, bottom = 38 if players == 5 else 26, self.seat_y - 1
        mid = (top + bottom) // 2
        self.places = seat_places(players, width, top, mid)
        self.seats = [gfx.Text(self.cols, width // 2, self.seat_y, gfx.INK, gfx.CENTER)]
        for p in self.places[1:]:
            kind, x, y = p
            if kind in ("side", "side_r"):   # name, two stats, score: a line each
                lbl = gfx.Text(SIDE_COLS + 2, x, y, gfx.INK,
                               gfx.RIGHT if kind == "side_r" else gfx.LEFT, 4)
            else:
                lbl = gfx.Text(self.cols // (2 if kind == "top2" else 1), x, y, gfx.INK,
                               gfx.CENTER, 2 if kind == "top2" else 1)
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
        pw = self.panel_cols * gfx.CW + 2
        top = 26
        self.panel_rows = panel_rows(width, height, lh)
        self.panel = displayio.Group()
        self.panel.append(gfx.rect((width - pw) // 2, top - 2, pw, self.panel_rows * lh + 4,
                                   0x06361A))
        self.panel_text = gfx.Text(self.panel_cols, width // 2, top, gfx.INK, gfx.CENTER,
                                   self.panel_rows)
        self.panel.append(self.panel_text)
        self.panel.hidden = True
        self.group.append(self.panel)
        self.prompt = gfx.Text(self.cols, width // 2, self.prompt_y, gfx.INK, gfx.CENTER, 2)
        self.group.append(self.prompt)
        self.known = None             # Nines: a swapper's known cards, top centre
        if players == 3:
            self.known = gfx.Text(self.cols, width // 2, 12, gfx.DIM, gfx.CENTER, 2)
            self.group.append(self.known)
        self.hand = []
        hand = self.group
        if sc > 1:
            hand = displayio.Group(scale=sc, y=self.hand_y)
            self.group.append(hand)
        for i in range(self.MAX_HAND):
            t = cards.tile(0, 0 if sc > 1 else self.hand_y)
            t.hidden = True
            self.hand.append(t)
            hand.append(t)

    def update(self, s):
        # Bring the table up to date; True if anything was redone.
        if s.version == self.shown_version:
            return False
        self.shown_version = s.version
        self.header.set(s.header)
        self.trump.set(s.trump_text)
        two = "\n" in s.prompt       # a two-line prompt covers the bottom seat's line
        for i in range(self.n):
            name, stats, score = s.seat_lines[i]
            kind = "bottom" if i == 0 else self.places[i][0]
            pts = [score + " pts"] if score else []
            if pts and len(pts[0]) > SIDE_COLS and kind not in ("bottom", "top"):
                pts = [score + " pt"]        # "3.2 pt" under a side name
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
            self.seats[i].set("" if i == 0 and two else text)
            self.seats[i].recolor(gfx.GOLD if i == s.active_pos else gfx.INK)
        played = [None] * self.n
        for pos, card in s.trick:
            played[pos] = card
        for i in range(self.n):     # the finished trick's winning card framed in gold
            self._show(self.trick[i], played[i], gfx.LOOK_CURSOR if i == s.win_pos else 0)
        self._panel(s.panel)
        if self.known is not None:
            self.known.set(s.known)
        self.prompt.set(s.prompt)
        y = self.seat_y if two else self.prompt_y
        if self.prompt.y != y:
            self.prompt.move(self.w // 2, y)
        self.prompt.recolor(gfx.ALERT if s.message else gfx.INK)
        self._hand(s)
        return True

    def _show(self, tile, card, look):
        # card in tile in look (gfx.Cards.palette); None: the tile hidden
        if card is None:
            if not tile.hidden:
                tile.hidden = True
            return
        self.cards.put(tile, card)
        palette = self.cards.palette(card, look)
        if tile.pixel_shader is not palette:
            tile.pixel_shader = palette
        if tile.hidden:
            tile.hidden = False

    def _panel(self, lines):
        if not lines:
            if not self.panel.hidden:
                self.panel.hidden = True
            return
        self.panel_text.set("\n".join(lines[:self.panel_rows]))
        if self.panel.hidden:
            self.panel.hidden = False

    def _hand(self, s):
        cards = list(s.hand) if s.hand else [gfx.BACK] * s.backs
        k = min(len(cards), len(self.hand))
        sc = self.scale                 # (the hand's own pixels: a doubled hand's are 2x2)
        w = self.w // sc
        step = min(gfx.CARD_W + 2, (w - 4 // sc) // max(1, k))
        x0 = (w - (step * (k - 1) + gfx.CARD_W)) // 2 if k else 0
        for i in range(len(self.hand)):
            t = self.hand[i]
            if i >= k:
                self._show(t, None, 0)
                continue
            cur = s.show_cursor and i == s.cursor
            legal = not s.hand or s.legal[i]
            marked = bool(s.hand) and s.marked[i]
            look = gfx.LOOK_MARKED if marked else (0 if legal else gfx.LOOK_DIM)
            if cur:
                look += gfx.LOOK_CURSOR
            x = x0 + i * step
            y = (0 if sc > 1 else self.hand_y) - (LIFT // sc // sc if cur or marked else 0)
            if t.x != x:
                t.x = x
            if t.y != y:
                t.y = y
            self._show(t, cards[i], look)
