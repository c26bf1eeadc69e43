# The text console inside MicroPython: every game played to the end with typed
# commands (scripted readline), its code gone back at the menu, saved, resumed
# and finished, then "VM OK".
# mpvm: heap=524288
import os
import sys

from engine import catalog
from engine.cards import NINES_RANKS
from engine.catalog import entry as facts
from ui.console.menu import Console, questions
from ui.saves import Store

try:
    os.mkdir("/saves")
except OSError:
    pass


class Typist:
    def __init__(self, lines, style):
        self.lines = list(lines)
        self.style = style
        self.con = None
        self.calls = 0
        self.asked = False

    def __call__(self, prompt):
        self.calls += 1
        if self.calls > 4000:
            raise RuntimeError("console did not finish")
        if self.lines:
            return self.lines.pop(0)
        s = self.con.session
        if s is None or s.state.is_over() or prompt == "Game> ":
            return None
        if not prompt.endswith("> "):
            return ""
        st = s.state
        if not self.asked and len(st.plays) >= 5:     # the round's tricks, what is out
            self.asked = True
            self.lines.append("out")
            return "tricks"
        legal = st.legal_actions()
        a = legal[(len(st.actions()) * 7) % len(legal)]
        if a < 52 and self.style == "nines":
            return "cdhs"[a // 13] + NINES_RANKS[a % 13]
        if a < 52 and a % 13 == 8:
            return "10" + "CDHS"[a // 13]
        return st.action_text(a)


def play(lines, style="plain", store=None):
    out = []
    t = Typist(lines, style)
    con = Console(t, out.append, store, lambda: 4242)
    t.con = con
    con.run()
    return con, "".join(out)


for gid in catalog.ids():
    g = facts(gid)
    lo, hi, n = g["fewest"], g["most"], g["players"]
    lines = [str(catalog.ids().index(gid) + 1)] + ([""] if hi > lo else [])
    lines += ["h" + " 1" * (n - 1)] + [""] * len(questions(gid)) + ["5", "bogus", "help"]
    con, out = play(lines, "nines" if gid == "nines" else "plain")
    assert con.session.state.is_over(), gid
    assert (facts(gid)["title"] + " is over.") in out, gid
    assert "! 'bogus' is not a card" in out or "! " in out, gid
    assert "Trick 1: " in out and ("Out: " in out or "! 'out' is off" in out), gid
    print(gid, "played to the end:", len(con.session.state.actions()), "actions")
    # back at the menu the game's code has left (engine.ondemand.sweep)
    assert not [m for m in sys.modules if m == "engine." + gid or
                m.startswith(("engine.bots." + gid, "engine.%s_" % gid))], gid

# save, quit, resume, finish
store = Store("/saves", True)
con, out = play(["4", "h 1 1 1", "", "31", "save", "quit", "q"], store=store)
assert "Saved." in out
saved = con.session.state.actions()
con2, out2 = play(["c"], store=Store("/saves", True))
assert "Resuming Call Break." in out2
assert con2.session.state.is_over()
assert con2.session.state.actions()[:len(saved)] == saved
print("saved, resumed and finished Call Break")

# the pages beside the games: settings saved, statistics of that game, rules
con3, out3 = play(["s", "4 3", "2", "", "t", "r 3", "rules israeli"], store=Store("/saves", True))
assert "Bot level: hard" in out3 and "Autoplay: Off" in out3, out3
got = Store("/saves", True).load_settings()
assert got["bot_level"] == 3 and got["autoplay"] is False
assert "Game       Pld Won  Best" in out3, out3
# (the MicroPython VM loads the .py modules only, not the rules' text files)
if sys.implementation.name == "circuitpython":
    assert "NINES" in out3 and "Frisch" in out3, out3
else:
    assert out3.count("The rules file for this game cannot be read: rules/") == 2, out3
    assert "rules/nines.txt is missing." in out3, out3
assert "Rules of which game?" not in out3
print("settings, statistics and rules pages")
print("VM OK")
