"""The heap the UI logic adds, measured in the MicroPython VM: a whole Nommie
game driven through the UI (App, table, menus, one human pressing A against
three level-1 bots) versus the same engine and bots alone. Printed for the
report; the UI's share must stay within a budget that leaves a PyBadge room
for displayio."""
from tools import bench_game, mpvm

DIRS = ("engine", "ui", "lib/hal")
UI_BUDGET = 44 * 1024          # UI logic live on top of engine + bots (compiled from source)
UI_PEAK_BUDGET = 52 * 1024     # and its peak (was 49.6 / 59.5 KB before lazy screens)

UI_GAME = """
from hal import keys as K
from ui.app import App
from ui.driver import Driver
import ui.menus
app = App(160, 128)
app.settings["bot_level"] = 1
app.start()
ui.menus.quick_start(app, "nommie", 7)     # (the menus module leaves memory as the game starts)
d = Driver(app)
_n = 0


def step():
    global _n
    if type(app.top()).__name__ == "GameOver" or _n > 3000:
        return None
    d.press(K.A)
    _n += 1
    return 1
"""
FINISH = "print('RESULT', _n, app.stack[0].state().is_over())"
IMPORTS = ["hal.keys", "ui.screen", "ui.fmt", "ui.session", "ui.app", "ui.driver",
           "ui.table", "engine.games", "engine.bots", "engine.nommie", "engine.bot_nommie"]


def test_ui_logic_heap_in_the_vm():
    out, ui = mpvm.run(UI_GAME, heap=256 * 1024, dirs=DIRS, steps="step", imports=IMPORTS,
                       finish=FINISH)
    assert "RESULT" in out and out.strip().endswith("True"), out[-500:]
    _, eng = bench_game.run_vm("nommie", levels=(1,))
    ui_live, eng_live = max(ui["live"]), max(eng["live"])
    ui_peak, eng_peak = max(ui["peak"]), max(eng["peak"])
    print("\nVM heap, whole Nommie game: engine+bots live %d peak %d; with UI logic live %d "
          "peak %d; UI adds %d live, %d peak (imports %d)" % (
              eng_live, eng_peak, ui_live, ui_peak, ui_live - eng_live, ui_peak - eng_peak,
              ui["import_live"] - eng["import_live"]))
    record("vm_heap_nommie_game", {"engine_live": eng_live, "engine_peak": eng_peak,
                                    "ui_live": ui_live, "ui_peak": ui_peak,
                                    "ui_adds_live": ui_live - eng_live,
                                    "ui_adds_peak": ui_peak - eng_peak})
    assert ui_live > eng_live
    assert ui_live - eng_live <= UI_BUDGET
    assert ui_peak - eng_peak <= UI_PEAK_BUDGET


# Per screen: the live heap (after gc) with each screen on top, and the peak of
# the step that opened it, in a fresh VM holding only what the UI itself imports.
SCREENS_SCRIPT = """
from hal import keys as K
from ui.app import App
from ui.driver import Driver
app = App(160, 128)
app.settings["bot_level"] = 1
d = Driver(app)


def press(*ks):
    for k in ks:
        d.press(k)


def to(label):
    top = app.top()
    while top.lines[top.cursor] != label:
        d.press(K.DOWN)
    d.press(K.A)
"""
SCREEN_STEPS = (
    ("title", "app.start()"),
    ("settings", "to('Settings')"),
    ("title again", "press(K.B)"),
    ("statistics", "to('Statistics')"),
    ("title again", "press(K.B)"),
    ("rules menu", "to('Rules')"),
    ("rules text", "press(K.A)"),
    ("title again", "press(K.B, K.B)"),
    ("about", "to('About')"),
    ("title again", "press(K.B)"),
    ("setup", "to('New game')"),
    ("table (nommie)", "app.top().cursor = len(app.top().lines) - 1; press(K.A)"),
    # the bots' level-2 card play loads at their first card: load it here so the
    # table's baseline holds it and only screens come and go after this step
    ("table after 3 keys", "press(K.A, K.A, K.A); import engine.bot_nommie_play"),
    ("pause menu", "press(K.START)"),
    ("table again", "press(K.B)"),
    ("score sheet", "press(K.SELECT)"),
    ("table again", "press(K.B)"),
)


def screen_heap():
    """[(screen, live, peak)] in the VM."""
    out, st = mpvm.run(SCREENS_SCRIPT, heap=256 * 1024, dirs=DIRS,
                       steps=[s for _, s in SCREEN_STEPS],
                       imports=["hal.keys", "ui.app", "ui.driver"],
                       finish="print('TOP', type(app.top()).__name__)")
    assert "TOP Table" in out, out[-500:]
    base = st["script_live"]
    return base, [(SCREEN_STEPS[i][0], st["live"][i], st["peak"][i])
                  for i in range(len(SCREEN_STEPS))]


def test_ui_heap_per_screen_in_the_vm():
    base, rows = screen_heap()
    print("\nVM heap per screen (bytes; after App import %d):" % base)
    for label, live, peak in rows:
        print("  %-20s live %6d  peak %6d" % (label, live, peak))
    record("vm_heap_per_screen", [[label, lv, pk] for label, lv, pk in rows])
    live = [lv for _, lv, _ in rows]
    title = live[0]
    # a screen's module leaves memory with it: back at the title only shared
    # helpers (ui.menus, engine.games) stay, back at the table nothing
    for i in range(len(rows)):
        if rows[i][0] == "title again":
            assert live[i] - title <= 8 * 1024, rows[i]
    table = live[[r[0] for r in rows].index("table after 3 keys")]
    assert rows[-1][0] == "table again" and abs(live[-1] - table) <= 1024, rows[-3:]
    assert abs(live[-3] - table) <= 1024, rows[-5:]           # after the pause menu
    assert title <= 20 * 1024 and table <= 64 * 1024


def record(key, value):
    # build/ui/metrics.json beside the screen figures (merged: workers share it)
    import json
    import os
    folder = os.path.join(mpvm.ROOT, "build", "ui")
    path = os.path.join(folder, "metrics.json")
    os.makedirs(folder, exist_ok=True)
    try:
        with open(path) as f:
            data = json.load(f)
    except (OSError, ValueError):
        data = {}
    data.setdefault("vm", {})[key] = value
    with open(path + ".%d" % os.getpid(), "w") as f:
        json.dump(data, f, indent=1, sort_keys=True)
    os.replace(path + ".%d" % os.getpid(), path)
