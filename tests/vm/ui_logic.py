# The console UI's logic (screens, keys, table, pass-and-play) inside MicroPython:
# menus walked, every game played to the end with scripted keys, then "VM OK".
# mpvm: heap=524288
from hal import keys as K
from ui.app import App
from ui.driver import Driver
from ui.screens.common import setup_options
from ui.screens.newgame import Setup
from engine import catalog, ondemand


SHEETS = [0]      # score sheet visits


def play_out(app, d, limit):
    """Press A (and sometimes RIGHT) until the game-over screen shows."""
    n = 0
    sheet = 2          # the key count from which the score sheet is next opened
    while n < limit:
        top = app.top()
        if type(top).__name__ == "GameOver":
            return n
        d.settle()
        if n >= sheet and app.top() is app.stack[0]:   # the score sheet: out, tricks, rounds
            top = app.top()
            d.keys([K.SELECT, K.LEFT])
            assert app.top().title.startswith(("Out: ", "What is out")), app.top().title
            d.keys([K.RIGHT, K.RIGHT, K.RIGHT, K.LEFT, K.B])
            assert app.top() is top
            SHEETS[0] += 1
            sheet = n + 31
        d.press(K.RIGHT if n % 7 == 3 else K.A)
        n += 1
    raise RuntimeError("game did not finish in %d keys" % limit)


app = App(160, 128)
app.start()
app.settings["count"] = 2          # what is out in every game
d = Driver(app)
# title menu: every entry opens and closes
for i in range(len(app.top().lines)):
    name = app.top().lines[app.top().cursor]
    d.press(K.A)
    d.keys([K.DOWN, K.UP, K.RIGHT, K.B])
    if type(app.top()).__name__ != "Title":
        d.press(K.B)
    assert type(app.top()).__name__ == "Title", name
    d.press(K.DOWN)

short = {"nommie": 0, "linger": 0, "nines": 1, "callbreak": 0, "israeli": 1}
for gid in catalog.ids():
    app.home()
    app.push(Setup())
    s = app.top()
    s.game = catalog.ids().index(gid)
    s.fix_players()
    for key, label, values, default in setup_options(gid):
        s.options[key] = values[short[gid]] if key != "eight_wins" else True
    s.refresh()
    s.cursor = len(s.lines) - 1
    d.press(K.A)
    assert type(app.stack[0]).__name__ == "Table", gid      # (a first game's tip may be on top)
    keys = play_out(app, d, 6000)
    st = app.stack[0].state()
    assert st.is_over(), gid
    print(gid, "over after", keys, "keys; winners", st.winners(), "; score sheet", SHEETS[0])
    assert SHEETS[0], gid
    SHEETS[0] = 0
    ondemand.forget("engine." + gid)

# Settings -> Name: your name typed on the on-screen keyboard (ui/screens/keyboard.py)
app.home()
while app.top().lines[app.top().cursor] != "Settings":
    d.press(K.DOWN)
d.press(K.A)
while not app.top().lines[app.top().cursor].startswith("Name"):
    d.press(K.DOWN)
d.press(K.A)
kb = app.top()
assert type(kb).__name__ == "Keyboard" and kb.text == "You", kb.text
# erase "You", type B and C, then Del (UP: the last row) and OK
d.keys([K.B, K.B, K.B, K.RIGHT, K.A, K.RIGHT, K.A, K.UP, K.LEFT, K.A, K.RIGHT, K.A])
assert type(app.top()).__name__ == "Settings", type(app.top()).__name__
assert app.settings["names"][0] == "B", app.settings["names"]
assert "ui.screens.keyboard" not in __import__("sys").modules
d.press(K.B)
print("name typed:", app.settings["names"][0])

print("VM OK")
