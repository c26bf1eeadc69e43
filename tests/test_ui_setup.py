"""The new-game setup screen, without a display: player counts and options
per game, seat names, the row under the cursor explained, and the game it
shows is the game that starts (ui.screens.newgame)."""
from hal import keys as K

from engine.catalog import ids

from uilogic import name, new_app


def setup_for(d, app, gid):
    """New game from the title, its game row stepped to gid: the setup screen."""
    d.press(K.A)
    s = app.top()
    while s.game_id() != gid:
        s.cursor = 0
        d.press(K.RIGHT)
    return s


def test_setup_player_counts_and_options_per_game():
    app, d = new_app()
    d.press(K.A)                      # New game
    s = app.top()
    assert name(app) == "Setup"
    seen = {}
    for _ in range(len(ids())):
        gid = s.game_id()
        s.cursor = 1
        for _ in range(6):
            d.press(K.RIGHT)
        hi = s.players
        for _ in range(6):
            d.press(K.LEFT)
        seen[gid] = (s.players, hi, [ln.split("<")[0].strip() for ln in s.lines if "<" in ln])
        s.cursor = 0
        d.press(K.RIGHT)
    assert seen["linger"][:2] == (2, 5)
    assert seen["nines"][:2] == (3, 3)
    assert seen["nommie"][:2] == (4, 4) and seen["callbreak"][:2] == (4, 4)
    assert "8-trick win" in seen["callbreak"][2] and "Rounds" in seen["israeli"][2]
    assert "Start points" in seen["nines"][2]


def test_setup_shows_an_arrow_only_where_left_or_right_moves():
    # The player count stops at the game's fewest and most ("Players < 5 >"
    # showed an arrow with nothing past it), a random deal at its LEFT end;
    # the game, seats and options go round: both arrows always.
    app, d = new_app()
    s = setup_for(d, app, "linger")
    rows = s.rows_model()
    s.cursor = rows.index(("players", 0))
    d.keys([K.RIGHT] * 4)
    assert s.lines[s.cursor].endswith("< 5  ")
    d.press(K.LEFT)
    assert s.lines[s.cursor].endswith("< 4 >")
    d.keys([K.LEFT] * 4)
    assert s.lines[s.cursor].endswith("  2 >")
    assert s.lines[0].endswith("<Linger Longer>")          # (long: no spaces inside)
    deal = s.lines[s.rows_model().index(("deal", 0))]
    assert deal.endswith("  random >")
    s.cursor = 0
    while s.game_id() != "nommie":
        d.press(K.RIGHT)
    assert s.game_id() == "nommie" and s.lines[1].endswith("  4  ")   # no choice: no arrows


def test_setup_starts_the_game_it_shows():
    app, d = new_app()
    app.settings["bot_level"] = 2               # the seats below start as level-2 bots
    s = setup_for(d, app, "israeli")
    rows = s.rows_model()
    s.cursor = rows.index(("seat", 1))
    d.keys([K.RIGHT, K.RIGHT])                 # Bot L2 -> Bot L3 -> Human
    s.cursor = rows.index(("seat", 2))
    d.press(K.LEFT)                            # Bot L2 -> Bot L1
    s.cursor = rows.index(("option", 0))
    d.press(K.LEFT)                            # 13 deals -> 12
    s.cursor = rows.index(("deal", 0))
    d.press(K.RIGHT)                           # the deal number, digit by digit
    assert name(app) == "DealEntry"
    d.keys([K.UP] * 2 + [K.LEFT] + [K.UP] * 4 + [K.LEFT, K.DOWN])   # 9 4 2 at the end
    d.keys([K.RIGHT] * 9 + [K.DOWN])           # stops at the last digit: 9 4 1
    assert app.top().digits == [0, 0, 9, 4, 1]
    d.press(K.B)                               # cancel: nothing changes
    assert name(app) == "Setup" and s.deal == 0
    d.press(K.RIGHT)
    d.keys([K.UP] * 2 + [K.LEFT] + [K.UP] * 4)
    d.press(K.A)
    assert name(app) == "Setup" and s.deal == 42 and "42" in s.lines[s.cursor]
    s.cursor = rows.index(("seat", 0))
    d.press(K.A)                               # A starts the game from any row
    t = app.stack[0]
    assert name(app) == "Curtain" and type(t).__name__ == "Table"
    assert t.session.seats == ["human", "human", "bot", "bot"]
    assert t.session.levels[2:] == [1, 2]
    saved = t.state().save()   # every option (the defaults too)
    assert saved["seed"] == 42 and saved["options"] == {"rounds": 12, "first_dealer": 0}
    assert app.settings["last_setup"]["game"] == "israeli"


def test_setup_names_the_seats_from_the_names_setting():
    from ui.seating import default_names
    app, d = new_app()
    app.settings["names"] = ["Kim", "Ann", "Bob", "Cy", "Dee"]
    setup_for(d, app, "nommie")
    d.press(K.A)
    t = app.stack[0]
    assert t.session.seats == ["human", "bot", "bot", "bot"]
    assert t.session.names == ["Kim", "Ann", "Bob", "Cy"]
    # the human in another seat keeps the first name; bots take the rest in order
    assert default_names(["bot", "human", "bot"], ["Kim", "Ann", "Bob"]) == ["Ann", "Kim", "Bob"]
    # no setting: "You" and the built-in bot names; several humans are P1, P2, ...
    assert default_names(["human", "bot", "bot"]) == ["You", "Ann", "Bob"]
    assert default_names(["bot"] * 5) == ["Ann", "Bob", "Cy", "Dee", "Eve"]
    assert default_names(["human", "human", "bot"], ["Kim", "Ann"]) == ["P1", "P2", "Ann"]


def test_setup_rows_name_the_seats_and_explain_the_option_under_the_cursor():
    app, d = new_app()
    s = setup_for(d, app, "callbreak")
    rows = s.rows_model()
    seat_rows = [s.lines[rows.index(("seat", i))] for i in range(4)]
    assert [ln.split()[0] for ln in seat_rows] == ["You", "Ann", "Bob", "Cy"]
    assert seat_rows[1].endswith("< Bot hard >")
    s.cursor = rows.index(("seat", 1))
    d.keys([K.RIGHT])                         # Bot hard -> Human
    assert [s.lines[rows.index(("seat", i))].split()[0] for i in range(4)] == \
        ["P1", "P2", "Ann", "Bob"]
    d.press(K.DOWN)
    d.press(K.DOWN)
    d.press(K.DOWN)                           # the option row: its meaning in the footer
    assert s.rows_model()[s.cursor] == ("option", 0)
    assert s.footer == "Eight tricks win at once"
