"""Sixes' face: its own phase, "wager", is a bid of 0 to 2 tricks; the
view's own key "pot" is the wagers' total."""
from ui.faces import base


class Face(base.Face):
    TITLES = {"wager": "Your wager"}
    PHASES = ("wager",)
    BIDDING = ("wager",)
    KEYS = {"pot": "k"}

    def status(self, v):
        return ["pot %d" % v["pot"]]
