# Game over at a link table (App.open("link_over")): the host may deal again
# to the same players. A module of its own, loaded at a link game's end, so
# game over's module (ui.screens.game_over, its base) stays small.
from engine.ondemand import call
from ui.screens.game_over import GameOver


class LinkGameOver(GameOver):
    module = "ui.link.over"
    uses = ("ui.screens.game_over",)         # loaded for the base class

    def __init__(self, table):
        GameOver.__init__(self, table)
        self.items = [("Score sheet", self.sheet), ("Main menu", self.menu)]
        if getattr(table, "host", None) is not None:
            self.items.insert(0, ("New deal, same table", self.deal_again))

    def deal_again(self):
        call("ui.link.menus", "again", self.table)

