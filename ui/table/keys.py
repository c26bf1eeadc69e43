# The human's side of the table (ui.table's Table t): the decision set up
# once (the hand's cursor on the first playable card, the picker's values),
# and what each key does. START and SELECT open the pause menu and the score
# sheet; keys pressed while a bot decides or a trick stays up are kept for
# the human's turn (A cuts the pause short); on the human's turn LEFT/RIGHT
# move over the hand's playable cards or the picker's values, A plays or
# chooses, UP asks for a hint and B takes the last move back (pressed twice:
# ui.table.take_back). Where a game's face steps its picker (its STEPS
# phase: Israeli Whist's auction) UP/DOWN step a trick instead (the first-game
# tip says so); in its PASSING phase A picks cards and B puts one back
# (ui.table.panel's key). While a first-game tip is due
# (Table.tip_at), keys wait for it as they wait for a bot: the tip takes them
# first, whatever the timing.
from engine.actions import is_card
from engine.ondemand import call
from hal import keys as K
from ui.table.words import held


def key(t, k):
    t.message = ""
    if k != K.B:
        t.undo_armed = -1        # B's second press must follow its first
    if k == K.START:
        t.app.open(t.pause_screen, t)
        return
    if k == K.SELECT:
        t.app.open("score_sheet", t)
        return
    if t.finished:
        return
    st = t.state()
    seat = st.to_act()
    if t.hold_until or not t.session.is_human(seat):
        if k == K.A:    # skip the pause (not the finished trick), or the one after the move
            if t.hold_until:
                t.hold_until = max(t.now, min(t.hold_until, t.seen_until))
            else:
                t.skip = True
        elif len(t.ahead) < 8:
            t.ahead.append(k)         # kept for the human's turn
        return
    if t.tip_at == t.acts or (t.local and not t.decided(seat)):
        if len(t.ahead) < 8:          # the next tick sets the turn up (and shows its
            t.ahead.append(k)         # tip): the keys follow, in order (a joiner's
        return                        # table, with no tips, sets it up on the key)
    if t.shown_seat() != seat:
        return
    phase = st.phase
    face = t.face
    if k == K.B and t.local and not t.chosen:
        call("ui.table.take_back", "press_b", t)
        t.update_fields()
        return
    v = None if t.decided(seat) and phase != face.PASSING else st.view(None)
    if v:
        prepare(t, v)
    if k == K.UP and t.local and phase != face.STEPS:
        call("ui.table.hint", "ask", t)      # (it redraws the table)
        return
    acts = t.acts
    if not face.card_phase(phase):
        picker_key(t, k, seat, phase)
    elif t.hand:
        hand_key(t, k, seat, phase, v)
    t.update_fields(v if t.acts == acts else None)   # the same view if nothing was played


def prepare(t, v):
    # Set up the picker or the hand cursor for the human to act (once per decision).
    seat = v["to_act"]
    if t.decided(seat):
        return
    t.dec_seat = seat
    t.dec_acts = t.acts
    legal = t.state().legal_actions()
    phase = v["phase"]
    t.options = [a for a in legal if not is_card(a)]
    t.pick = 0
    cards = [a for a in legal if is_card(a)]
    hand = held(t, v, seat)                # (as the table shows it)
    t.cursor = max(0, min(t.cursor, len(hand) - 1))
    if cards and hand and (phase == "play" or hand[t.cursor] not in cards):
        t.cursor = [i for i in range(len(hand)) if hand[i] in cards][0]   # each turn starts
        # on the first legal card
    t.context_lines = ()
    if t.options:      # the picker's order, start and reasons: once per decision
        call("ui.table.panel", "setup", t, v, phase, seat)


def picker_key(t, k, seat, phase):
    n = len(t.options)
    if k in (K.LEFT, K.RIGHT):     # stops at the ends: no wrap from Pass to 13 NT
        t.pick = max(0, min(n - 1, t.pick + (1 if k == K.RIGHT else -1)))
    elif k in (K.UP, K.DOWN) and phase == t.face.STEPS and n:
        t.pick = t.face.step(t.options, t.pick, k == K.UP)
    elif k == K.DOWN:
        t.pick = max(0, t.pick - 1)
    if t.hint is not None and n and t.options[t.pick] != t.hint[0]:
        t.hint = None               # moved off the hinted value: its words go
    if k == K.A and n:
        t.act(t.options[t.pick], seat)


def hand_key(t, k, seat, phase, v):
    hand = t.hand
    if k in (K.LEFT, K.RIGHT):
        # to the next card that may be played (round the hand; cards picked to pass too)
        n = len(hand)
        i = t.cursor
        for _ in range(n):
            i = (i + (1 if k == K.RIGHT else -1)) % n
            if t.legal[i] or t.marked[i]:
                t.cursor = i
                break
    elif k == K.A and phase == "play":
        t.act(hand[t.cursor], seat)
    elif phase == t.face.PASSING:     # (picking cards to pass: its keys load with the panel)
        call("ui.table.panel", "key", t, k, seat, v)
