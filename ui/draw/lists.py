# The list view: a title, rows of text with a highlighted cursor row, a
# footer. Every menu, page and dialog (ui.list_screen.ListScreen) is drawn by it.
#
# Built when a list screen comes on top and dropped with its module when the
# table comes back (ui/draw/view.py): one view is alive at a time.

import displayio

from ui import draw


class ListView:

    def __init__(self, width, height):
        lh = draw.LH
        self.lh = lh
        self.width = width
        self.nrows = max(1, height // lh - 2)
        self.cols = width // draw.CW
        self.group = displayio.Group()
        self.group.append(draw.rect(0, lh, width, 1, draw.DIM))
        self.hilite = draw.rect(0, lh + 2, width, lh, draw.HILITE)
        self.hilite_group = displayio.Group()
        self.hilite_group.append(self.hilite)
        self.hilite_group.hidden = True
        self.group.append(self.hilite_group)
        self.title = draw.Text(self.cols - 1, 2, 0, draw.GOLD)
        self.pos = draw.Text(7, width - 2, 0, draw.DIM, draw.RIGHT)
        self.group.append(self.title)
        self.group.append(self.pos)
        # every row in one text: the rows are drawn in one colour; a screen's
        # dimmed rows (ListScreen.dim) in a second one, made when first needed
        self.body = draw.Text((width - 3) // draw.CW, 3, lh + 2, draw.INK, draw.LEFT, self.nrows)
        self.group.append(self.body)
        self.faint = None
        self.footer = draw.Text(self.cols - 1, 2, height - lh, draw.DIM)
        self.group.append(self.footer)
        # the scroll mark: a thin bar on the right edge when rows are hidden
        self.bar_top, self.bar_h = lh + 2, self.nrows * lh
        self.bar = draw.rect(width - 2, self.bar_top, 2, self.bar_h, draw.DIM)
        self.bar_group = displayio.Group()
        self.bar_group.append(self.bar)
        self.bar_group.hidden = True
        self.group.append(self.bar_group)
        self.shown_version = None    # the screen last drawn, and its fields then
        self._lines = self._title = self._footer = None
        self._n = self._first = self._cursor = -2

    def unchanged(self, s):
        # The same screen fields as last drawn (no strings built: runs every frame).
        return (self.shown_version is s and self._lines is s.lines and
                self._n == len(s.lines) and self._first == s.first and
                self._cursor == s.cursor and self._title is s.title and
                self._footer is s.footer)

    def row_texts(self):
        # The rows on screen, top first, dimmed or not (for tests: the body is one text).
        rows = (self.body.text.split("\n") + [""] * self.nrows)[:self.nrows]
        if self.faint is not None:
            dim = (self.faint.text.split("\n") + [""] * self.nrows)[:self.nrows]
            rows = [rows[i] or dim[i] for i in range(self.nrows)]
        return rows

    def update(self, s):
        # Bring the texts up to date; True if anything on screen changed.
        if self.unchanged(s):
            return False
        self.shown_version = s
        self._lines, self._n, self._first = s.lines, len(s.lines), s.first
        self._cursor, self._title, self._footer = s.cursor, s.title, s.footer
        changed = self.title.set(s.title)
        lines = s.lines
        n = len(lines)
        more = n > self.nrows
        if s.cursor >= 0:
            more = more and 0 <= s.cursor < n
        # which way the hidden rows are (a count here read like a round number)
        below = more and s.first + self.nrows < n
        changed |= self.pos.set("more v" if below else ("^ more" if more and s.first else ""))
        changed |= self._bar(more, n, s.first)
        rows = lines[s.first:s.first + self.nrows]
        if s.dim and self.faint is None:
            self.faint = draw.Text(self.body.cols, 3, self.lh + 2, draw.DIM, draw.LEFT, self.nrows)
            self.group.append(self.faint)
        if self.faint is not None:
            dim = [(s.first + i) in s.dim for i in range(len(rows))]
            changed |= self.faint.set("\n".join([rows[i] if dim[i] else ""
                                                 for i in range(len(rows))]).rstrip("\n"))
            rows = [("" if dim[i] else rows[i]) for i in range(len(rows))]
        changed |= self.body.set("\n".join(rows).rstrip("\n"))
        vis = s.cursor >= 0 and s.first <= s.cursor < s.first + self.nrows
        if vis:
            y = self.lh + 2 + (s.cursor - s.first) * self.lh
            if self.hilite.y != y:
                self.hilite.y = y
                changed = True
        if self.hilite_group.hidden == vis:
            self.hilite_group.hidden = not vis
            changed = True
        changed |= self.footer.set(s.footer)
        return changed

    def _bar(self, more, n, first):
        # The scroll bar: its length and place show the visible part of the
        # list (hidden when all of it shows). True if it changed.
        changed = False
        if more:
            h = max(4, self.bar_h * self.nrows // n)
            y = self.bar_top + (self.bar_h - h) * first // max(1, n - self.nrows)
            if self.bar.height != h or self.bar.y != y:
                self.bar.height = h
                self.bar.y = y
                changed = True
        if self.bar_group.hidden == more:
            self.bar_group.hidden = not more
            changed = True
        return changed
