# ui.saves inside MicroPython: save (the journal written whole, then appended),
# resume (with replay), an undo and a seat change kept as records, a torn last
# record, damage set aside (a damaged first line mended from the backup, whose
# game id the lines after it chain on from; a journal that names no game
# never brings back the backup, another game), an interrupted rewrite picked
# up, a game.json of
# the previous version continued, settings, statistics, undo; the on-demand
# modules are dropped at the next screen change (engine.ondemand.settle, as
# ui.app calls it). Ends with "VM OK".
import os
import sys
from engine import games, ondemand
from ui import saves
from ui.saves import atomic

D = "/saves"


def screen_change():
    # what ui.app does when the top screen changes: the passing modules go
    ondemand.settle()

st = games.new_game("nommie", seed=5)
for i in range(37):
    st.apply(st.legal_actions()[0])


def record(state, seats=None):
    return {"save": state.save(False), "log": bytes(state.log),
            "seats": seats or ["human", "bot", "bot", "bot"], "levels": [0, 1, 2, 3],
            "names": ["You", "Ann", "B\u00e9a", "Cy"], "id": 10000000 + state.deal_seed}


rec = record(st)
store = saves.Store(D, True)
assert store.load_game()[0] is None and store.notice is None
assert store.save_game(rec) is None, store.notice
screen_change()
assert "ui.saves.load" not in sys.modules and "load" not in dir(sys.modules["ui.saves"])

back = saves.Store(D, True)
got, state = back.load_game()
assert got == rec, got
assert state.actions() == st.actions() and state.to_act() == st.to_act()
screen_change()
assert "ui.saves.load" not in sys.modules

# appends: moves, an undo, a seat change; each a line of its own
def lines():
    with open(D + "/game.log", "rb") as f:
        return f.read().count(b"\n")


before = lines()
for i in range(3):
    st.apply(st.legal_actions()[0])
    assert back.save_game(record(st)) is None
st.rewind(2)
assert back.save_game(record(st)) is None
assert back.save_game(record(st, ["bot"] * 4)) is None
assert lines() == before + 5  # five short lines, not a rewrite
rec3 = record(st, ["bot"] * 4)
again = saves.Store(D, True)
assert again.load_game()[0] == rec3 and again.notice is None

# a torn last line is the previous save, no damage
with open(D + "/game.log", "ab") as f:
    f.write(b"c38 0a0b")
torn = saves.Store(D, True)
assert torn.load_game()[0] == rec3 and torn.notice is None
assert torn.save_game(rec3) is None  # rewritten whole: the torn line is gone
assert saves.Store(D, True).load_game()[0] == rec3

# an interrupted rewrite: the complete new copy in game.log.tmp, game.log gone
rec2 = record(games.new_game("nommie", seed=6))
assert saves.Store(D, True).save_game(rec2) is None
os.rename(D + "/game.log", D + "/game.log.tmp")
again = saves.Store(D, True)
assert again.load_game()[0] == rec2 and again.notice is None
assert "game.log" in os.listdir(D) and "game.log.tmp" not in os.listdir(D)

# a torn temp file is no damage; a damaged game.log is set aside
with open(D + "/game.log.tmp", "wb") as f:
    f.write(b"PTLOG 1 5 {\"save\":")
with open(D + "/game.log", "wb") as f:
    f.write(b"\x00\x01junk")
bad = saves.Store(D, True)
assert bad.load_game()[0] is None  # the backup is another game (rec3): not shown
assert bad.notice == ("The saved game was damaged; it was moved to game.bad1.log"
                      " and cannot be continued."), bad.notice
assert "game.bad1.log" in os.listdir(D) and "game.log" not in os.listdir(D)
assert "game.bad1.log.bak" in os.listdir(D) and "game.log.bak" not in os.listdir(D)

# the previous version's game.json continues, as a journal from then on
assert bad.clear_game() is None
old = {"save": st.save(), "seats": rec3["seats"], "levels": rec3["levels"],
       "names": rec3["names"]}
atomic.write(atomic.OsFS(), D + "/game.json", "game", old)
moved = saves.Store(D, True)
before_ids = dict(rec3)
del before_ids["id"]      # (a game saved before ids goes on without one)
assert moved.load_game()[0] == before_ids and moved.notice is None
assert "game.json" not in os.listdir(D) and "game.log" in os.listdir(D)
assert saves.Store(D, True).load_game()[0] == before_ids

# a damaged first line: the moves after it are kept on the backup's header
assert moved.clear_game() is None
g7 = games.new_game("nommie", seed=7)
for i in range(10):
    g7.apply(g7.legal_actions()[0])
assert saves.Store(D, True).save_game(record(g7)) is None
writer = saves.Store(D, True)
for i in range(4):
    g7.apply(g7.legal_actions()[0])
    assert writer.save_game(record(g7)) is None   # whole (the backup: 10 moves), then appends
with open(D + "/game.log", "rb") as f:
    data = bytearray(f.read())
data[5] ^= 4
with open(D + "/game.log", "wb") as f:
    f.write(data)
mended = saves.Store(D, True)
assert mended.load_game()[0] == record(g7), mended.notice
assert mended.notice.endswith("kept up to its last move before the damage."), mended.notice
screen_change()
assert "ui.saves.mend" not in sys.modules
assert mended.save_game(record(g7)) is None      # written whole again
assert saves.Store(D, True).load_game()[0] == record(g7)

# settings and statistics
s = store.load_settings()
assert s["bot_level"] == 3 and s["sound"] is True   # the default level
s["speed"] = 3
assert store.save_settings(s) is None
assert saves.Store(D, True).load_settings()["speed"] == 3
assert store.record_result("nommie", [1, 2, 3], [(True, 61)]) is None
assert store.record_result("nommie", [2], [(False, 70)]) is None
stats = saves.Store(D, True).load_stats()["nommie"]
assert stats["played"] == 2 and stats["won"] == 1 and stats["best"] == 70, stats
assert stats["levels"]["3"] == [1, 1] and stats["levels"]["2"] == [1, 0]

# undo, in place, from the log's codes
u = games.restore(st.save())
n = len(u.log)
assert ondemand.call("ui.undo", "last_human", u, ["human", "bot", "bot", "bot"]) is None
assert u.to_act() == 0 and len(u.log) < n
screen_change()
assert "ui.undo" not in sys.modules and "ui.prefs" not in sys.modules
assert "ui.saves.load" not in sys.modules
print("sizes", os.stat(D + "/stats.json")[6], os.stat(D + "/settings.json")[6],
      os.stat(D + "/game.log")[6])
print("VM OK")
