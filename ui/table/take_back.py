# Taking a move back at the table: whether it can happen now, and B's two
# presses (the first says what B again will do, the second does it). The
# pause menu's undo goes through here too. Loaded when B is pressed or the
# pause menu opens, dropped after (the table keeps only a flag, Table.undoable,
# which Table.act keeps up to date: ui/undo.py's rules, followed move by move).

ASK = "B again: take back your move"
ASK_TRICK = "B again: take back the trick"


def trick_game(t):
    # Israeli Whist: undo takes back the last trick (the engine's undo_trick).
    return hasattr(t.state(), "undo_trick")


def possible(t):
    # True when t.last_human's undo would be done now. The table's flag says
    # so when a move since settled it; else (after an undo, a seat change, a
    # game continued, or a trick game) a dry run of ui/undo.py decides, once
    # per move.
    if t.undoable is None or (trick_game(t) and t.undo_seen != t.acts):
        t.undoable = why_not(t) is None
        t.undo_seen = t.acts
    return t.undoable


def why_not(t):
    # None when the undo can be done, else the sentence why not (a dry run).
    s = t.session
    if trick_game(t) and not s.can_undo_trick():
        from ui.undo import NO_TRICK
        return NO_TRICK
    return s.take_back(t.last_human, trick_game(t), True)


def press_b(t):
    # B on the person's turn: the first press asks, the second takes back.
    if t.undo_armed == t.acts:
        do(t)
    elif possible(t):
        t.undo_armed = t.acts
        t.message = ASK_TRICK if trick_game(t) else ASK
    else:
        t.message = why_not(t)


def do(t):
    s = t.session
    who = t.last_human        # the human who has the device: only their own move
    ok = s.undo_trick(who) if trick_game(t) else s.undo_human(who)
    # the table as after a move: its holds and counts afresh, saved, redrawn
    t.rounds_seen = len(t.state().history)
    t.hold_until = 0
    t.pending_round = t.round_hold = t.finished = False
    t.acts += 1
    t.chosen = []
    t.message = "Taken back." if ok else (s.why or "Nothing to take back.")
    if ok:
        t.autosave()
    t.turn_again()      # (the undo flag goes back to unknown there)
