# ui.saves inside MicroPython: save, resume (with replay), damage set aside,
# an interrupted save picked up, settings, statistics, undo; the on-demand
# modules are dropped again after use. Ends with "VM OK".
import os
import sys
from engine import games
from ui import saves

D = "/saves"
st = games.load("nommie").new_game(seed=5)
for i in range(37):
    st.apply(st.legal_actions()[0])
rec = {"save": st.save(), "seats": ["human", "bot", "bot", "bot"], "levels": [0, 1, 2, 3],
       "names": ["You", "Ann", "B\u00e9a", "Cy"]}
store = saves.Store(D, True)
assert store.load_game() is None and store.notice is None
assert store.save_game(rec) is None, store.notice
assert "ui.storage" not in sys.modules and "storage" not in dir(sys.modules["ui"])

back = saves.Store(D, True)
got = back.load_game()
assert got == rec, got
assert back.state.actions() == st.actions() and back.state.to_act() == st.to_act()
assert "ui.storage" not in sys.modules

# an interrupted save: the complete new copy in game.json.tmp, game.json gone
rec2 = dict(rec)
rec2["save"] = games.load("nommie").restore(rec["save"]).save()
rec2["save"]["actions"] = rec["save"]["actions"][:30]
assert store.save_game(rec2) is None
os.rename(D + "/game.json", D + "/game.json.tmp")
again = saves.Store(D, True)
assert again.load_game() == rec2 and again.notice is None

# a torn temp file is no damage; a damaged game.json is set aside
with open(D + "/game.json.tmp", "wb") as f:
    f.write(b"PTSAVE 1 game 5\n{\"save\":")
with open(D + "/game.json", "wb") as f:
    f.write(b"\x00\x01junk")
bad = saves.Store(D, True)
assert bad.load_game() == rec  # the backup copy
assert bad.notice == ("The saved game was damaged; it was moved to game.bad1.json"
                      " and the previous copy is used."), bad.notice
assert "game.bad1.json" in os.listdir(D) and "game.json" not in os.listdir(D)

# settings and statistics
s = store.load_settings()
assert s["bot_level"] == 2 and s["sound"] is True
s["speed"] = 3
assert store.save_settings(s) is None
assert saves.Store(D, True).load_settings()["speed"] == 3
assert store.record_result("nommie", [1, 2, 3], True, 61) is None
assert store.record_result("nommie", [2], False, 70) is None
stats = saves.Store(D, True).load_stats()["nommie"]
assert stats["played"] == 2 and stats["won"] == 1 and stats["best"] == 70, stats
assert stats["levels"]["3"] == [1, 1] and stats["levels"]["2"] == [1, 0]

# undo
u = saves.undo_last_human(rec["save"], rec["seats"])
assert games.load("nommie").restore(u).to_act() == 0
assert len(u["actions"]) < len(rec["save"]["actions"])
assert "ui.undo" not in sys.modules and "ui.prefs" not in sys.modules
assert "ui.storage" not in sys.modules
print("sizes", os.stat(D + "/stats.json")[6], os.stat(D + "/settings.json")[6])
print("VM OK")
