# The on-screen keyboard: a line of text typed key by key from a grid of
# characters with the d-pad (a host's address in the link lobby, your name in
# Settings). Loaded while it is open (App: `module`).
#
# Rows: the text with its caret, then the keys, as many to a row as the
# screen's width holds, then the Del and OK keys; the list view highlights the
# cursor's row and brackets mark its key. A types the key (Del erases, OK
# takes the text), B erases the last character (on an empty text it closes
# the keyboard, nothing taken), START takes the text.
from hal import keys as K
from ui.list_screen import ListScreen
from ui.screen import wrap

ERASE, TAKE = "Del", "OK"
FOOTER = "A type B erase START ok"


def key_row(labels, at):
    # One row of keys, each after a space; the key at `at` (-1: none) in brackets.
    out = []
    for i in range(len(labels)):
        out.append("[" if i == at else ("]" if at >= 0 and i == at + 1 else " "))
        out.append(labels[i])
    if at == len(labels) - 1:
        out.append("]")
    return "".join(out)


class Keyboard(ListScreen):
    module = "ui.screens.keyboard"

    def __init__(self, title, text, keys, most, done, check=None):
        # keys: the characters that may be typed, in the grid's order; most:
        # the longest text; done(text) runs once the keyboard has closed;
        # check(text) says why a text cannot be taken (None: it can), and the
        # keyboard stays open with that sentence.
        ListScreen.__init__(self, title, [], FOOTER, 1)
        self.keys = keys
        self.most = most
        self.text = "".join([c for c in text if c in keys])[:most]
        self.done = done
        self.check = check
        self.row = 0
        self.col = 0
        self.why = None         # why the text was not taken, shown until the next key

    def grid(self):
        # The rows of keys at this screen's width (two cells a key, and a bracket).
        n = max(1, (self.app.cols - 2) // 2)
        keys = self.keys
        return [keys[i:i + n] for i in range(0, len(keys), n)] + [(ERASE, TAKE)]

    def caret(self):
        # The text and its caret, the end kept in view when it is longer than a row.
        line = self.text + "_"
        room = self.app.cols - 2
        return " " + (line if len(line) <= room else "<" + line[len(line) - room + 1:])

    def refresh(self):
        if self.why:
            self.lines = [self.caret(), ""] + wrap(self.why, self.app.cols - 1)
            self.cursor = -1
            self.footer = "Any key: change it"
            return
        rows = self.grid()
        self.lines = [self.caret()] + [key_row(rows[r], self.col if r == self.row else -1)
                                       for r in range(len(rows))]
        self.cursor = 1 + self.row

    def key(self, k):
        self.footer = FOOTER
        if self.why:
            self.why = None
        elif k in (K.UP, K.DOWN):
            rows = self.grid()
            self.row = (self.row + (1 if k == K.DOWN else -1)) % len(rows)
            self.col = min(self.col, len(rows[self.row]) - 1)
        elif k in (K.LEFT, K.RIGHT):
            n = len(self.grid()[self.row])
            self.col = (self.col + (1 if k == K.RIGHT else -1)) % n
        elif k == K.A:
            got = self.grid()[self.row][self.col]
            if got == TAKE:
                self.take()
                return
            if got == ERASE:
                self.text = self.text[:-1]
            elif len(self.text) < self.most:
                self.text += got
            else:
                self.footer = "%d characters at most" % self.most
        elif k == K.B:
            if not self.text:
                self.app.pop()
                return
            self.text = self.text[:-1]
        elif k == K.START:
            self.take()
            return
        self.refresh()

    def take(self):
        # The text is done: checked, then handed over once the keyboard is closed.
        why = self.check(self.text) if self.check else None
        if why:
            self.why = why
            self.refresh()
            return
        self.app.pop()
        self.done(self.text)
