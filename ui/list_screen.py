# The list screens' shared classes: a ListScreen has title, lines, cursor (-1:
# plain text), first (scroll) and footer, which ui/draw/lists.py draws; a
# TextScreen is read-only text; a Menu is rows of (label, action).
#
# Loaded with the first list screen and dropped while only the table is up
# (ui/app.py): the table never needs them.

from hal import keys as K
from ui.screen import Screen, wrap


class ListScreen(Screen):
    # A titled list of lines; with a cursor it is a menu, without one a scrollable text.
    toggle = None   # the key that opened the screen closes it too (START: pause menu)
    dim = ()        # the rows drawn dimmed (a menu's rows that cannot be chosen now)

    def __init__(self, title="", lines=None, footer="", cursor=-1):
        Screen.__init__(self)
        self.title = title
        self.lines = lines if lines is not None else []
        self.footer = footer
        self.cursor = cursor
        self.first = 0

    def rows(self):
        # How many lines fit between the title and the footer.
        return max(1, self.app.rows - 2) if self.app else 8

    def scroll_to_cursor(self):
        n = self.rows()
        if self.cursor < 0:
            self.first = max(0, min(self.first, len(self.lines) - n))
            return
        if self.cursor < self.first:
            self.first = self.cursor
        elif self.cursor >= self.first + n:
            self.first = self.cursor - n + 1

    def enter(self, app):
        Screen.enter(self, app)
        self.refresh()
        self.scroll_to_cursor()

    def refresh(self):
        # Rebuild lines from the model (menus override).
        pass

    def key(self, k):
        if k == self.toggle:
            self.back()
            return
        n = len(self.lines)
        if self.cursor >= 0 and n:
            if k == K.UP:
                self.cursor = (self.cursor - 1) % n
            elif k == K.DOWN:
                self.cursor = (self.cursor + 1) % n
            elif k in (K.LEFT, K.RIGHT):
                self.change(self.cursor, -1 if k == K.LEFT else 1)
            elif k == K.A:
                self.choose(self.cursor)
            elif k == K.B:
                self.back()
            else:
                self.other(k)
            self.scroll_to_cursor()
            return
        page = self.rows()
        if k == K.UP:
            self.first -= 1
        elif k == K.DOWN:
            self.first += 1
        elif k == K.LEFT:
            self.first -= page
        elif k == K.RIGHT:
            self.first += page
        elif k in (K.A, K.B):
            self.back()
            return
        else:
            self.other(k)
        self.first = max(0, min(self.first, len(self.lines) - page))

    def change(self, i, step):
        pass

    def choose(self, i):
        pass

    def other(self, k):
        pass

    def back(self):
        self.app.pop()


class TextScreen(ListScreen):
    # Read-only text, wrapped to the screen width; A or B closes it.

    def __init__(self, title, text, footer="A/B back, arrows scroll"):
        ListScreen.__init__(self, title, [], footer)
        self.text = text

    def refresh(self):
        if type(self.text) is list:
            self.lines = self.text
        else:
            self.lines = wrap(self.text, self.app.cols - 1)   # the last column: the scroll bar


class Menu(ListScreen):
    # A list of (label, action) rows; action is a callable run on A.

    def __init__(self, title, items, footer="A: choose  B: back"):
        ListScreen.__init__(self, title, [], footer, 0)
        self.items = items

    def refresh(self):
        self.lines = [it[0] for it in self.items]

    def choose(self, i):
        self.items[i][1]()
