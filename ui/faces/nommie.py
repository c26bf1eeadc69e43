# Nomination Whist's face (ui.faces): the highest bidder chooses trump.
from engine.actions import TRUMP, is_trump
from ui.faces import base


class Face(base.Face):
    TITLES = {"bid": "Your bid", "trump": "Choose trump"}
    PHASES = ("trump",)
    KEYS = {"declarer": "s?", "zero_streak": "I"}

    def reasons(self, table, v, seat):
        return ["Highest bid picks"], ["You bid most"]

    def reason(self, v, a):
        if is_trump(a):
            return "suits your hand" if a - TRUMP < 4 else "no long suit"
        return None
