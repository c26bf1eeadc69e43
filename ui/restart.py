# Back after memory ran out: code.py caught the MemoryError and started the
# app afresh (hal.base.Board.restart: a board reloads with an empty heap).
# The app goes straight back into the saved game and says why. Loaded only
# on such a start.

BACK = "Memory ran out, so the game restarted from its last save."
FRESH = "Memory ran out, so Pocket Tricks restarted."


def resume(app):
    # The screen app with its title on top: the saved game's table under a
    # page saying why (the game waits until the player has read it), or the
    # title saying it (no saved game, or one that cannot go on).
    title = app.top()
    if title.saved_game()[0] is not None:
        title.resume_game()
        if app.top() is not title:
            from ui.list_screen import TextScreen
            app.push(TextScreen("Notice", BACK, "A/B: OK"))
            return
    if not app.notice:
        app.notice = FRESH
        title.tell()
