# Taking a move back at the table: whether it can happen now and why not,
# what B's first press says, and the undo itself on the session (the table
# then starts its turn afresh: Keys.take_back). The pause menu's undo goes
# through here too. Loaded when B is pressed or the pause menu opens,
# dropped after (the table keeps only a flag, Table.undoable, which
# Table.act keeps up to date: ui/undo.py's rules, followed move by move).

ASK = "B again: take back your move"
ASK_TRICK = "B again: take back the trick"


def trick_game(t):
    # Israeli Whist: undo takes back the last trick (the engine's undo_trick).
    return hasattr(t.state(), "undo_trick")


def asking(t):
    # What B's first press says it will do.
    return ASK_TRICK if trick_game(t) else ASK


def must_ask(t):
    # True when the table's flag cannot say whether the undo can happen now
    # (after an undo, a seat change, a game continued; a trick game's, once
    # per move): a dry run of ui/undo.py decides (why_not).
    return t.undoable is None or (trick_game(t) and t.undo_seen != t.acts)


def why_not(t):
    # None when the undo can be done, else the sentence why not (a dry run).
    s = t.session
    if trick_game(t) and not s.can_undo_trick():
        from ui.undo import NO_TRICK
        return NO_TRICK
    return s.take_back(t.last_human, trick_game(t), True)


def do(t):
    # The undo on the session: (whether it was done, what the prompt says).
    s = t.session
    who = t.last_human        # the human who has the device: only their own move
    ok = s.undo_trick(who) if trick_game(t) else s.undo_human(who)
    return ok, "Taken back." if ok else (s.why or "Nothing to take back.")
