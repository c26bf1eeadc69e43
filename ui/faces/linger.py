# Linger Longer's face (ui.faces): no points and no bids; a stock to draw
# from, so a round's tricks are not known ahead; seats drop out.
from ui.faces import base


class Face(base.Face):
    SCORES = False
    TRICKS_KNOWN = False
    KEYS = {"sitting_out": "l", "winners": "l", "trump_card": "d?"}

    def header(self, v, names):
        return "Stock %d" % v["stock"]

    def stats(self, v, s):
        return ["won %d" % v["tricks"][s],
                "out" if s in v["sitting_out"] else "%d left" % v["counts"][s]]

    def status(self, v):
        return ["stock %s" % v["stock"]]

    def outcome(self, view, names):
        result = view.get("result")      # how the game ended
        if result == "last_holder":
            return False, ["Last to hold cards."], True
        if result in ("most_tricks", "draw"):
            return result == "draw", ["The stock ran out: most tricks wins."], True
        return False, [], True
