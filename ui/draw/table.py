# The table view: the card table for a fixed number of players (the seats in
# words, the trick, the centre panel, the prompt and the hand).
#
# Each update changes only what differs (a text, a card's tile, position or
# palette), so a cursor move redraws a small part of the screen. Built when
# the table comes on top, dropped with its module under a menu (ui/draw/view.py).

import displayio

from engine.ondemand import call
from ui import draw
from ui.fmt import panel_cols, panel_rows

SIDE_COLS = 6       # a side seat's label beside the centre panel: "Ada", "bid 3",
                    # "won 1", "12 pts"; a score too wide for "pts" shows alone
                    # ("162", "-12.5"), as a top or bottom seat's line too long


def _line(head, stats, score):
    # head, then a seat's stats and its score ("" for none) with commas
    # between them: "You bid 1, won 0, 10 pts", "Bob won 2, 5 left".
    rest = ", ".join(stats + ([score] if score else []))
    text = " ".join(head)
    return text + " " + rest if text and rest else text or rest


class TableView:
    # The card table for a fixed number of players.

    MAX_HAND = 13

    def __init__(self, width, height, players, cards):
        lh = draw.LH
        sc, self.lift, self.hand_y, self.prompt_y, self.seat_y, self.places, self.trick_xy = \
            call("ui.draw.places", "layout", width, height, players, lh)
        self.scale = sc
        self.w, self.h, self.n = width, height, players
        self.cards = cards
        self.group = displayio.Group()
        self.shown_version = None
        self.cols = width // draw.CW
        self.header = draw.Text(self.cols - 1, 1, 0, draw.DIM)
        self.trump = draw.Text(8, width - 1, 0, draw.GOLD, draw.RIGHT)     # "trump NT"
        self.group.append(self.header)
        self.group.append(self.trump)
        self._seats_and_trick(width)
        self._panel_and_hand(width, height, lh, sc)

    def _seats_and_trick(self, width):
        # the seats' labels and the trick's card places (__init__ in parts:
        # a board loads each method's code as a block of its own, and smaller
        # blocks find room in a heap the screens before left in pieces)
        self.seats = [draw.Text(self.cols, width // 2, self.seat_y, draw.INK, draw.CENTER)]
        tops = len([p for p in self.places[1:] if p[0] == "top2"])    # (a row of 2 or 3)
        for p in self.places[1:]:
            kind, x, y = p
            if kind in ("side", "side_r"):   # name, two stats, score: a line each
                lbl = draw.Text(SIDE_COLS + 2, x, y, draw.INK,
                                draw.RIGHT if kind == "side_r" else draw.LEFT, 4)
            else:
                lbl = draw.Text(self.cols // (tops if kind == "top2" else 1), x, y, draw.INK,
                                draw.CENTER, 2 if kind == "top2" else 1)
            self.seats.append(lbl)
        for lbl in self.seats:
            self.group.append(lbl)
        self.trick = []
        for x, y in self.trick_xy:
            t = self.cards.tile(x, y)
            t.hidden = True
            self.trick.append(t)
            self.group.append(t)

    def _panel_and_hand(self, width, height, lh, sc):
        # the centre panel (bids, pickers), the prompt, Nines' known cards, the hand
        self.panel_cols = panel_cols(width)
        pw = (self.panel_cols + 1) * draw.CW + 2      # (half a character's margin each side)
        top = 26
        self.panel_rows = panel_rows(width, height, lh)
        self.panel = displayio.Group()
        self.panel.append(draw.rect((width - pw) // 2, top - 2, pw, self.panel_rows * lh + 4,
                                    0x06361A))
        self.panel_text = draw.Text(self.panel_cols, width // 2, top, draw.INK, draw.CENTER,
                                    self.panel_rows)
        self.panel.append(self.panel_text)
        self.panel.hidden = True
        self.group.append(self.panel)
        self.prompt = draw.Text(self.cols, width // 2, self.prompt_y, draw.INK, draw.CENTER, 2)
        self.group.append(self.prompt)
        self.known = None             # Nines: a swapper's known cards, top centre
        if self.n == 3:
            self.known = draw.Text(self.cols, width // 2, 12, draw.DIM, draw.CENTER, 2)
            self.group.append(self.known)
        self.hand = []
        hand = self.group
        if sc > 1:
            hand = displayio.Group(scale=sc, y=self.hand_y)
            self.group.append(hand)
        for i in range(self.MAX_HAND):
            t = self.cards.tile(0, 0 if sc > 1 else self.hand_y)
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
        self._seats(s, two)
        played = [None] * self.n
        for pos, card in s.trick:
            played[pos] = card
        for i in range(self.n):     # the finished trick's winning card framed in gold
            self._show(self.trick[i], played[i], draw.LOOK_CURSOR if i == s.win_pos else 0)
        self._panel(s.panel)
        if self.known is not None:
            self.known.set(s.known)
        self.prompt.set(s.prompt)
        y = self.seat_y if two else self.prompt_y
        if self.prompt.y != y:
            self.prompt.move(self.w // 2, y)
        self.prompt.recolor(draw.ALERT if s.message else draw.INK)
        self._hand(s)
        return True

    def _seats(self, s, two):
        # Each seat's name, its figures and points; the one to act in gold.
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
                c = self.seats[i].cols
                if [x for x in text.split("\n") if len(x) > c]:   # (a row of three at 160 px:
                    more = " ".join(stats)                        # the score by the name)
                    text = name + " " + score + "\n" + (more if len(more) <= c else
                                                         stats[-1] if stats else "")
            else:
                if pts and len(pts[0]) > SIDE_COLS:
                    pts = [score]
                text = "\n".join([name] + stats + pts)
            self.seats[i].set("" if i == 0 and two else text)
            self.seats[i].recolor(draw.GOLD if i == s.active_pos else draw.INK)

    def _show(self, tile, card, look):
        # card in tile in look (draw.Cards.palette); None: the tile hidden
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
        cards = list(s.hand) if s.hand else [draw.BACK] * s.backs
        k = min(len(cards), len(self.hand))
        sc = self.scale                 # (the hand's own pixels: a doubled hand's are 2x2)
        w = self.w // sc
        step = min(draw.CARD_W + 2, (w - 4 // sc) // max(1, k))      # (4 px of margin)
        x0 = (w - (step * (k - 1) + draw.CARD_W)) // 2 if k else 0
        for i in range(len(self.hand)):
            t = self.hand[i]
            if i >= k:
                self._show(t, None, 0)
                continue
            cur = s.show_cursor and i == s.cursor
            legal = not s.hand or s.legal[i]
            marked = bool(s.hand) and s.marked[i]
            look = draw.LOOK_MARKED if marked else (0 if legal else draw.LOOK_DIM)
            if cur:
                look += draw.LOOK_CURSOR
            x = x0 + i * step
            y = (0 if sc > 1 else self.hand_y) - (self.lift if cur or marked else 0)
            if t.x != x:
                t.x = x
            if t.y != y:
                t.y = y
            self._show(t, cards[i], look)
