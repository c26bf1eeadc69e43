"""Undo keeps secrets and belongs to one player (ui/undo.py): it never takes
back a move after which new cards reached that player (Nines: swap, see the
dummy, undo, keep; Israeli Whist: receive the Frisch cards, undo, choose
again); in pass-and-play a human takes back only their own move, and only
while no other human has acted since; it goes back to that human's last real
decision, past forced (auto-played) cards and bot moves."""
from engine import bots, games
from engine.actions import KEEP, PASS, SWAP, decode
from hal import keys as K
from ui import undo
from ui.nostore import NoStore

from uilogic import human_turn, new_app, start, until


def bot_until(st, seats, cond, level=1, seed=0):
    """Bots (and a fixed choice for humans) play until cond(st)."""
    for _ in range(3000):
        if cond(st):
            return st
        seat = st.to_act()
        st.apply(bots.choose(st.view(seat), st.legal_actions(), level, seed * 8 + seat))
    raise AssertionError("never reached")


def test_nines_swap_then_undo_is_refused():
    seats = ["human", "bot", "bot"]
    for seed in range(1, 40):
        st = games.new_game("nines", 3, seed)
        bot_until(st, seats, lambda s: s.to_act() == 0 and s.phase == "swap")
        if SWAP in st.legal_actions():
            break
    before = bytes(st.log)
    st.apply(SWAP)                      # seat 0 now holds the dummy's cards
    bot_until(st, seats, lambda s: s.to_act() == 0)
    full = bytes(st.log)
    view = st.view(None)
    assert undo.last_human(st, seats, 0) == undo.SEEN
    assert bytes(st.log) == full and st.view(None) == view   # nothing changed
    # keeping reveals nothing: that may be taken back
    st = games.new_game("nines", 3, seed)
    bot_until(st, seats, lambda s: bytes(s.log) == before)
    st.apply(KEEP)
    bot_until(st, seats, lambda s: s.to_act() == 0)
    assert undo.last_human(st, seats, 0) is None and bytes(st.log) == before


def frisch_state(seed=2):
    """Israeli Whist at seat 0's first Frisch pick (four passes, bots elsewhere)."""
    st = games.new_game("israeli", 4, seed)
    while st.phase == "trump_bid":
        st.apply(PASS)
    assert st.phase == "frisch"
    return st


def test_israeli_frisch_received_cards_cannot_be_undone():
    seats = ["human", "bot", "bot", "bot"]
    st = frisch_state()
    bot_until(st, seats, lambda s: s.to_act() == 0)
    start = len(st.log)
    for _ in range(2):
        st.apply(st.legal_actions()[0])
    assert st.phase == "frisch"          # two chosen, none passed: one decision, undone whole
    copy = games.new_game("israeli", 4, 2)
    for c in st.log:
        copy.apply(decode(c))
    assert undo.last_human(copy, seats, 0, passing="frisch") is None and len(copy.log) == start
    st.apply(st.legal_actions()[0])
    bot_until(st, seats, lambda s: s.phase != "frisch")        # the cards move left
    full = bytes(st.log)
    assert undo.last_human(st, seats, 0, passing="frisch") == undo.SEEN
    assert bytes(st.log) == full


def test_pass_and_play_undo_is_per_player():
    seats = ["human", "human", "bot", "bot"]
    st = games.new_game("nommie", 4, 5)
    bot_until(st, seats, lambda s: s.phase == "play" and s.to_act() == 0
              and len(s.legal_actions()) > 1)
    st.apply(st.legal_actions()[0])
    mine = len(st.log) - 1
    bot_until(st, seats, lambda s: s.to_act() == 1 and len(s.legal_actions()) > 1)
    st.apply(st.legal_actions()[-1])      # P2 has acted since P1's move
    full = bytes(st.log)
    assert undo.last_human(st, seats, 0) == undo.OTHER
    assert bytes(st.log) == full
    assert undo.last_human(st, seats, 1) is None          # P2's own move
    assert len(st.log) == len(full) - 1
    assert undo.last_human(st, seats, 0) is None and len(st.log) == mine


def test_undo_goes_past_forced_cards_to_the_last_real_decision():
    seats = ["human", "bot", "bot", "bot"]
    for seed in range(1, 60):
        st = games.new_game("callbreak", 4, seed)
        real = None
        for _ in range(52 + 4):
            if st.is_over() or st.round:
                break
            seat = st.to_act()
            legal = st.legal_actions()
            if seat == 0 and len(legal) > 1:
                real = len(st.log)
            elif seat == 0 and real is not None and st.phase == "play":
                # a forced card of seat 0 after a real decision: undo goes past it
                st.apply(legal[0])
                assert undo.last_human(st, seats, 0) is None
                assert len(st.log) == real
                return
            st.apply(bots.choose(st.view(seat), legal, 1, seat))
    raise AssertionError("no forced card found")


def test_the_table_undoes_the_device_holders_move_and_says_why_not():
    store = NoStore()
    app, d = new_app(store)
    t = start(app, "nommie", ["human", "human", "bot", "bot"], seed=5)
    until(d, lambda: human_turn(t, 0) and t.last_human == 0)
    d.press(K.A)                                               # P1's bid
    until(d, lambda: human_turn(t, 1) and t.last_human == 1)
    d.press(K.A)                                               # then P2 acts
    until(d, lambda: human_turn(t, 0) and t.last_human == 0)   # P1 after the curtain
    log = bytes(t.state().log)
    d.press(K.START)                                           # dimmed now: says why
    menu = app.top()
    assert menu.lines[2] == "Undo my move (B)" and menu.dim == [2]
    menu.cursor = 2
    d.press(K.A)
    assert app.top() is t and t.message == undo.OTHER
    d.press(K.B)                                               # B says why not
    d.press(K.B)
    assert bytes(t.state().log) == log                         # P2's move stays
    assert t.message == undo.OTHER
