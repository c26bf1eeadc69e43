"""Issue 38: who led the trick is marked at the table (a small triangle before
the leader's name, ui.fmt.LEAD, on the screen at both sizes; "Bob led 7D" in
the text console's trick line)."""
import random
import re

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


# --- the hand with its trumps apart (Settings: Hand order) ---------------------------
def test_arrange_puts_trumps_at_the_right_and_alternates_the_colours():
    hand = [0, 1, 13, 14, 26, 27, 39, 40]            # 2 and 3 of each suit, engine order
    suits = lambda h: "".join("CDHS"[c // 13] for c in h[::2])   # noqa: E731
    assert suits(fmt.arrange(hand, 3)) == "DCHS"
    assert suits(fmt.arrange(hand, 0)) == "DSHC"
    assert suits(fmt.arrange(hand, 1)) == "CHSD"
    assert suits(fmt.arrange(hand, 2)) == "CDSH"
    for t in range(4):
        got = fmt.arrange(hand, t)
        assert sorted(got) == hand and got[-2:] == [t * 13, t * 13 + 1]
    assert fmt.arrange(hand, None) == hand and fmt.arrange(hand, 4) == hand    # no trump (yet)
    assert fmt.arrange(hand, 3, False) == hand                              # "Suits"


def to_human_turn(rig, phase=None):
    t = rig.table()
    for _ in range(300):
        settle(rig)
        st = t.state()
        if t.session.is_human(st.to_act()) and t.decided(st.to_act()) and \
                (phase is None or st.phase == phase):
            return t
        rig.press(K.A)
    raise AssertionError("no turn of yours")


@pytest.mark.parametrize("size", [(160, 128), (240, 135)])
def test_the_table_shows_trumps_at_the_right_and_plays_the_card_under_the_cursor(size):
    from ui import draw
    rig = make_rig(*size)
    t = start_table(rig.app, Session.new("callbreak", ["human", "bot", "bot", "bot"],
                                         [1] * 4, 3))
    to_human_turn(rig, "play")
    hand = t.state().hands[0]
    assert t.hand == fmt.arrange(hand, 3) and t.hand != hand
    assert [c // 13 for c in t.hand][-1] == 3            # spades, Call Break's trump, right
    tv = rig.screen.table_view
    rig.screen.draw(rig.app, refresh=False)
    drawn = [draw.card_at(tile) for tile in tv.hand if not tile.hidden]
    assert drawn == t.hand
    legal = t.state().legal_actions()
    first = [c for c in t.hand if c in legal][0]
    assert t.hand[t.cursor] == first                     # the leftmost card you may play
    rig.press(K.A)
    assert first not in t.state().hands[0]
    rig.shot("hand-trumps-apart")


def test_suits_keeps_the_engines_order_and_trump_unknown_keeps_it_too():
    rig = make_rig()
    t = start_table(rig.app, Session.new("nommie", ["human", "bot", "bot", "bot"], [1] * 4, 5))
    to_human_turn(rig, "bid")
    assert t.state().trump is None and t.hand == t.state().hands[0]   # no trump yet
    to_human_turn(rig, "play")
    assert t.hand == fmt.arrange(t.state().hands[0], t.state().trump)
    rig.app.settings["trumps_apart"] = False
    t.turn_again()
    assert t.hand == t.state().hands[0]


def test_the_settings_screen_and_the_console_change_the_hand_order(tmp_path):
    from ui.saves import Store
    from test_console import run_console, setup_lines
    rig = make_rig()
    while rig.top().lines[rig.top().cursor] != "Settings":     # on the title
        rig.press(K.DOWN)
    rig.press(K.A)
    top = rig.top()
    i = [ln.split("<")[0].strip() for ln in top.lines].index("Hand order")
    while top.cursor != i:
        rig.press(K.DOWN)
    assert "Trumps apart" in top.lines[i] and top.footer == "Trumps at the right"
    rig.press(K.LEFT)
    assert "Suits" in top.lines[i] and rig.app.settings["trumps_apart"] is False
    assert len(top.footer) <= rig.screen.list_view.footer.cols       # drawn whole
    rig.shot("settings-hand-order")
    lines = setup_lines("callbreak", seats="h 1 1 1", deal="3") + ["hand", "quit"]
    for first, order in ([], "DCHS"), (["s", "7", ""], "CDHS"):   # spades trump: at the right
        con, t, out = run_console(first + lines, Store(str(tmp_path / order), True))
        hand = [ln.replace("You   hand: ", "") for ln in out.splitlines()
                if re.match(r"^(You   hand: )?([2-9TJQKA][CDHS] (\| )?){12}[2-9TJQKA][CDHS]$", ln)]
        assert len(hand) == 2                 # the table's line and the hand command's
        for ln in hand:
            suits = [w[-1] for w in ln.split() if w != "|"]
            assert "C" in suits and "D" in suits and \
                suits == sorted(suits, key=order.index), ln
    assert "  7  Hand order Trumps apart your hand: trumps at the right" in out
    assert "Hand order: Suits" in out
