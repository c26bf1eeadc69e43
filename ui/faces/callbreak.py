# Call Break's face (ui.faces): a bid is a call; spades are always trump.
from ui.faces import base


class Face(base.Face):
    TITLES = {"bid": "Your call"}
    BID = "call"
    KEYS = {"calls": "N", "eight_winner": "s?"}

    def outcome(self, view, names):
        eight = view.get("eight_winner")
        if eight is None:
            return False, [], True
        return False, ["%s took 8 tricks in round %d: an instant win."
                       % (names[eight], view["round"] + 1)], bool(view.get("history"))
