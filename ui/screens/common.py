# What the menus and in-game screens share: seat kinds, a game's facts
# (engine.catalog: titles, player counts, options), a "< value >" row,
# starting a table. The screens themselves are modules of ui/screens/ loaded
# only while they are open (pause, between, sheet, settings, info, newgame,
# title), so a game in progress keeps none of their code in the heap.
from ui import fmt

LEVEL_NAMES = ("random", "easy", "normal", "hard")     # the bot levels 0-3
SEAT_KINDS = ("Human",) + tuple(["Bot " + n for n in LEVEL_NAMES])


def facts(game_id):
    # The game's registration in engine.catalog, by field name ("title",
    # "short", "fewest", "most", "players", "low_wins", "score_scale",
    # "options"); loaded for the call and dropped again on the device.
    from engine.ondemand import call
    return call("engine.catalog", "entry", game_id)


def short_title(game_id, unknown="?"):
    try:
        return facts(game_id)["short"]
    except ValueError:
        return unknown


def setup_options(game_id):
    # The options a setup screen offers: (key, label, values in the order L/R
    # cycle through them, default); first_dealer is not offered.
    out = []
    for key, label, question, low, high, default in facts(game_id)["options"]:
        if label is not None:
            out.append((key, label, (True, False) if low is None
                        else tuple(range(low, high + 1)), default))
    return tuple(out)


def option_help(game_id, key):
    # What option key means, in a line (the setup's footer on its row).
    for o in facts(game_id)["options"]:
        if o[0] == key:
            return o[2]
    return ""


def row(label, value, cols, lo=True, hi=True):
    # 'Label     < value >' in cols - 1 characters (the last is the scroll bar's);
    # a long value loses the spaces inside its brackets. An arrow shows only
    # where LEFT (lo) or RIGHT (hi) has a value to go to: a value at the end
    # of a range that stops there has a blank in its place ("< Fast  ").
    label = fmt.pad(label, max(10, len(label) + 1))
    a, b = "<" if lo else " ", ">" if hi else " "
    line = label + a + " " + value + " " + b
    return line if len(line) < cols else label + a + value + b


def on_off(v):
    return "On" if v else "Off"


def setup_lines(setup, gid, cols):
    # The lines of a setup screen (the new game's, a link table's): one per
    # (kind, i) of its rows_model(). setup has seat_kinds, seats (indexes into
    # them), players, options and seat_names(); own_row(kind, cols) gives its
    # other rows.
    out = []
    for kind, i in setup.rows_model():
        line = setup_row(kind, i, gid, setup, cols)
        out.append(setup.own_row(kind, cols) if line is None else line)
    return out


def setup_row(kind, i, gid, setup, cols):
    g = facts(gid)
    if kind == "game":
        return row("Game", g["short"], cols)
    if kind == "players":
        n = str(setup.players)
        return row("Players", n, cols, setup.players > g["fewest"], setup.players < g["most"])
    if kind == "seat":     # the name the seat will have at the table
        return row(setup.seat_names()[i], setup.seat_kinds[setup.seats[i]], cols)
    if kind == "option":
        key, label, values, default = setup_options(gid)[i]
        v = setup.options.get(key, default)
        return row(label, on_off(v) if type(v) is bool else str(v), cols)
    return None


def start_table(app, session):
    # Replace every screen with a table for session (menus leave memory).
    from ui.table import Table
    t = Table(session)
    app.begin(t)
    t.autosave()
    return t


def rules_text(game_id):
    # The rules text shipped in rules/ (<id>.txt), read by ui.tips: a
    # damaged file is the sentence why it cannot be shown.
    from engine.ondemand import call
    return call("ui.tips", "rules_text", game_id)


def start_or_ask(app, start):
    # start() a new game, first asking when it would replace the saved one:
    # the title, at the bottom of the stack, knows (Keep it: back to the menus).
    title = app.stack[0] if app.stack else None
    saved = title.saved_name() if hasattr(title, "saved_name") else None
    if saved:
        from ui.screens.confirm import replacing
        replacing(app, saved, start)
    else:
        start()


def quick_start(app, game_id, seed=None):
    # --game ID on the desktop: straight to a table, you against bots (asking
    # first when a saved game would be replaced).
    from engine.rng import random_deal
    from ui.seating import default_names
    from ui.session import Session
    n = facts(game_id)["players"]
    level = app.settings["bot_level"]
    seats = ["human"] + ["bot"] * (n - 1)
    session = Session.new(game_id, seats, [level] * n, seed or random_deal(app.entropy), None,
                          default_names(seats, app.settings.get("names")))
    start_or_ask(app, lambda: start_table(app, session))
