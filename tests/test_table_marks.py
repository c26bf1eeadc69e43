"""Issue 38: who led the trick is marked at the table (a small triangle before
the leader's name, ui.fmt.LEAD, on the screen at both sizes; "Bob led 7D" in
the text console's trick line)."""
import random

import pytest

from hal import keys as K
from ui import fmt
from ui.screens.common import start_table
from ui.session import Session

from test_ui_harness import make_rig
from test_ui_privacy import shown_text


def settle(rig):
    app = rig.app
    while app.busy():
        wait = app.tick(rig.driver.now)
        rig.driver.now += max(1, min(wait if wait is not None else 20, 5000))


def check_lead(rig):
    """The seat labels drawn: the lead mark before the leader's name only."""
    t = rig.table()
    rig.screen.draw(rig.app, refresh=False)
    tv = rig.screen.table_view
    v = t.state().view(None)
    on = v["trick"] or (v["last_trick"] if t.hold_until and t.trick_hold else [])
    marked = [shown_text(lbl).strip() for lbl in tv.seats if fmt.LEAD in shown_text(lbl)]
    if not on:
        assert marked == []
        return 0
    name = t.names()[on[0][0]]
    assert len(marked) == 1 and marked[0].startswith(fmt.LEAD + name[:5]), (marked, name)
    return 1


@pytest.mark.parametrize("size", [(160, 128), (240, 135)])
@pytest.mark.parametrize("gid,players", [("callbreak", 4), ("linger", 5), ("nines", 3)])
def test_the_leaders_name_has_the_lead_mark_while_a_trick_is_on_the_table(gid, players, size):
    rig = make_rig(*size)              # (every frame is checked to fit: misfits)
    rig.app.settings["autoplay"] = True
    start_table(rig.app, Session.new(gid, ["human"] + ["bot"] * (players - 1),
                                     [1] * players, 3))
    rnd = random.Random(3)
    seen = 0
    for _ in range(60):
        settle(rig)
        if type(rig.app.top()).__name__ == "Table":
            seen += check_lead(rig)
        rig.press(rnd.choice((K.A, K.A, K.RIGHT)))
        if type(rig.app.top()).__name__ == "Table":
            seen += check_lead(rig)        # (a finished trick held on show, too)
    assert seen > 10


def test_the_consoles_trick_line_says_who_led():
    from ui.console.table import trick_line
    v = {"trick": [[1, 5], [2, 12 + 13]]}
    assert trick_line(v, ["You", "Bob", "Cy"]) == "Trick: Bob led 7C, Cy AD"
