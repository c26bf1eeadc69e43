# A yes/no question (undo in the pause menu, a new game that would replace
# the saved one). Loaded while it is asked.
from hal import keys as K
from ui.list_screen import ListScreen
from ui.screen import wrap


class Confirm(ListScreen):
    # A yes/no question; on_yes runs after the dialog is closed.
    module = "ui.screens.confirm"

    def __init__(self, question, on_yes, yes="Yes", no="No"):
        ListScreen.__init__(self, "Are you sure?", [], "A: choose  B: cancel", 1)
        self.question = question
        self.on_yes = on_yes
        self.choices = [yes, no]

    def refresh(self):
        q = wrap(self.question, self.app.cols - 1) if self.app else [self.question]
        self.lines = q + [""] + ["  " + c for c in self.choices]
        self.cursor = len(self.lines) - 1
        self.top_choice = len(self.lines) - 2

    def key(self, k):
        if k in (K.UP, K.DOWN, K.LEFT, K.RIGHT):
            self.cursor = self.top_choice + (1 - (self.cursor - self.top_choice))
        elif k == K.A:
            yes = self.cursor == self.top_choice
            self.app.pop()
            if yes:
                self.on_yes()
        elif k == K.B:
            self.app.pop()
        self.scroll_to_cursor()


def replacing(app, saved, start):
    # Ask before a new game replaces the saved one (saved: its name); start()
    # only on yes. Keep it: back where the player was.
    app.push(Confirm("The saved %s game will be lost." % saved, start, "Start new game",
                     "Keep it"))
