# Help in context for a first game: the first time each phase comes up in a
# game not yet finished on this device (the statistics say so), a page says
# what to do and how it scores; the pause menu's Rules page starts with the
# current phase's tip and the game's terms. Settings turns the tips off.
# Loaded when a tip or that Rules page shows, dropped after.
from ui.list_screen import TextScreen

# (game, phase): what to do now and how it scores
TIPS = {
    "nommie": {
        "bid": "Bid the number of tricks you will take. Exactly right scores 10 plus "
               "1 a trick; wrong, just 1 a trick. The dealer bids last and may not "
               "make the bids add up to the cards in hand (the hook).",
        "trump": "You bid highest: name trump. Choose your longest strong suit, or "
                 "No Trumps with high cards in every suit.",
        "play": "Follow the suit led if you can. The highest trump wins the trick, "
                "else the highest card of the suit led. Aim for exactly your bid.",
    },
    "callbreak": {
        "bid": "Call 1 to 8: the tricks you mean to take. Make it: plus your call, "
               "and 0.1 for each trick more. Miss it: minus your call. Spades are trump.",
        "play": "Beat the best card of the suit led if you can, else follow suit, "
                "else win with a spade, else play anything. The highest spade wins.",
    },
    "israeli": {
        "trump_bid": "The trump auction: bid tricks and a suit (5 at least), or pass. "
                     "The best bid names trump. UP/DOWN change the tricks, LEFT/RIGHT "
                     "the suit.",
        "frisch": "Nobody bid: a Frisch. Pick 3 cards to pass to the player on your "
                  "left, then the auction starts again, one trick higher.",
        "contract": "Say how many tricks you will take (the auction winner at least "
                    "their bid). The last to speak may not make the total 13.",
        "play": "Follow suit if you can. A contract made scores its square plus 10; "
                "missed, minus 10 a trick. A 0 made: 50 under, 25 over.",
    },
    "linger": {
        "play": "Play any card: you need not follow suit. The highest trump wins, else "
                "the highest card of the suit led. The winner draws a card. The last "
                "to hold cards wins.",
    },
    "nines": {
        "swap": "Swap your hand for the dummy (the spare hand), or keep it. Whoever "
                "gave a hand up knows it.",
        "play": "Follow suit if you can. 4 tricks is a book: your score stays. Each "
                "trick more takes 1 off, each fewer adds 1. First to 0 wins.",
    },
}

# the words on a game's screens, a line each (the pause menu's Rules page)
TERMS = {
    "nommie": ("Hook: the dealer may not bid so that the bids add up to the hand size.",
               "Zero streak: after three 0 bids in a row you must bid 1 or more."),
    "callbreak": ("Call: your bid, 1 to 8 tricks.",
                  "8-trick win: 8 tricks in one round win the game at once (a setup "
                  "option)."),
    "israeli": ("Frisch: all passed; everyone passes 3 cards to the left.",
                "Contract: the tricks you say you will take.",
                "Over / under: the contracts add up to more / less than 13."),
    "linger": ("Stock: the cards left to draw; the trump card's suit is trump.",
               "Out: a player with no cards left sits out."),
    "nines": ("Dummy: the spare hand dealt to nobody.",
              "Book: 4 tricks, which leave your score as it is.",
              "Traded / kept: took the dummy / kept the hand dealt."),
}


def due(table):
    # Whether the table should show a tip now: not once a game of this kind
    # was finished on this device (the setting "learned", which game over
    # keeps: no file is read here), and then the table stops asking.
    gid = table.session.game
    if gid in (table.app.settings.get("learned") or ()):
        table.tipped = None
        return False
    return bool(TIPS.get(gid, {}).get(table.state().phase))


def learned(app, gid):
    # Game over: this kind of game is known here now (no more tips for it).
    got = app.settings.get("learned") or []
    if gid not in got:
        app.settings["learned"] = got + [gid]
        app.save_settings()


def help_text(gid, phase):
    # The Rules page's head in a game: this phase's tip and the game's terms.
    tip = TIPS.get(gid, {}).get(phase)
    out = ["Now: " + tip] if tip else []
    return "\n".join(out + list(TERMS.get(gid, ())))


class Tip(TextScreen):
    # The tip for a phase met for the first time in a first game.
    module = "ui.tips"

    def __init__(self, table, phase):
        TextScreen.__init__(self, "Tip for a first game",
                            TIPS[table.session.game][phase] +
                            "\n\nOn your turn: UP hint, B undo, SELECT scores, START menu.",
                            "A: got it  (Settings: Tips)")
