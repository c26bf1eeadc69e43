# What the menus and in-game screens share: seat kinds, player counts, game
# titles, a "< value >" row, starting a table. The screens themselves live in
# modules loaded only while they are open (ui.pause, ui.between, ui.sheet,
# ui.settings, ui.info, ui.newgame, ui.title), so a game in progress keeps
# none of their code in the heap.
from ui import fmt

SEAT_KINDS = ("Human", "Bot L0", "Bot L1", "Bot L2", "Bot L3")
PLAYERS = {"linger": (2, 5), "nines": (3, 3)}
SHORT_TITLES = {"nommie": "Nommie", "linger": "Linger Longer", "nines": "Nines",
                "callbreak": "Call Break", "israeli": "Israeli Whist"}


def row(label, value, cols):
    # 'Label     < value >' in cols - 1 characters (the last is the scroll bar's);
    # a long value loses the spaces inside its brackets.
    line = fmt.pad(label, 10) + "< " + value + " >"
    return line if len(line) < cols else fmt.pad(label, 10) + "<" + value + ">"


def on_off(v):
    return "On" if v else "Off"


def start_table(app, session):
    # Replace every screen with a table for session (menus leave memory).
    from ui.table import Table
    t = Table(session)
    app.begin(t)
    t.autosave()
    return t


def rules_text(game_id):
    # The rules text file shipped beside this module (ui/rules/<id>.txt).
    base = __file__.replace("\\", "/").rsplit("/", 1)[0] if "/" in __file__ else "ui"
    try:
        with open(base + "/rules/" + game_id + ".txt") as f:
            return f.read()
    except OSError:
        return "The rules file for this game is missing."


def quick_start(app, game_id, seed=None):
    # --game ID on the desktop: straight to a table, you against bots.
    from ui.session import Session, default_names
    lo, hi = PLAYERS.get(game_id, (4, 4))
    n = 4 if lo <= 4 <= hi else lo
    level = app.settings.get("bot_level", 2)
    seats = ["human"] + ["bot"] * (n - 1)
    session = Session.new(game_id, seats, [level] * n, seed or 1, None,
                          default_names(seats, app.settings.get("names")))
    start_table(app, session)


# Kept for callers that used to find these here (tests, the console); each
# loads its module on use.
def sheet_screen(table):
    from ui.sheet import sheet_screen as make
    return make(table)
