# A game journal that cannot be used as it is, and a good backup: is the
# backup the same game, and do the journal's lines hold a later position of
# it? game.log.bak is the journal's previous whole write: the same game after
# a rewrite (a load, a deep undo, a torn append), but the game before it once
# a new game is written whole. So the backup is used only when the journal
# proves it is its game:
# - the journal's first line (its header) is good: the two headers name the
#   same game (the same id; for games saved before ids, the same deal);
# - the header is damaged: the lines after it chain on from the game's id
#   (ui/saves/atomic.py), so the backup's id checks them. A game saved
#   before ids (its lines chain on from the damaged header) proves nothing.
# Then the latest position: the journal's lines read on that header for as
# long as they are good (after a deep undo they hold the position after it),
# unless damage cut them short of where the backup already is. ui.saves.load
# asks for this when the journal is unusable and a backup was read; it is
# dropped after.


def mend(fs, path, older, check, first, journal):
    # older: the backup's record. Returns what ui.saves.load's parse_log gives
    # for a journal cut at damage, (record, None, True), when the journal at
    # path holds the latest position; True when the backup does (proven the
    # same game); None when the journal does not prove the backup its game.
    # check(record): the replay; first, journal: ui.saves.load's header
    # reader and journal reader.
    f = fs.open(path, "rb")
    try:
        try:
            own = first(f)   # (record, chain, codes written whole) of a good header
        except MemoryError:
            raise
        except Exception:    # (a good line that is no header: as if damaged)
            own = None
        if own is not None:
            if not same(own[0], older):
                return None
            rec, h, whole = own
        else:
            h = older.get("id")
            if h is None:
                return None
            rec = {"save": older["save"], "seats": older["seats"],
                   "levels": older["levels"], "names": older["names"], "id": h}
            whole = 0
        try:
            got = journal(f, rec, h)
        except (ValueError, TypeError, KeyError, IndexError):
            got = None
    finally:
        f.close()
    if type(got) is not tuple or not len(got[0]["log"]):
        return None if own is None else True   # (no line proves the game: only a good header)
    log, old = got[0]["log"], older["log"]
    short = got[2] or len(log) < whole   # damage, or the part written whole cut short
    if short and len(log) <= len(old) and bytes(log) == bytes(old[:len(log)]):
        return True      # the backup is further along the same moves
    if check is not None:
        try:
            check(got[0])
        except Exception:
            return True
    return got[0], None, True     # set aside; the next save writes the journal whole


def same(a, b):
    # True when two journal headers (records; {}: unreadable) name the same game
    if a.get("id") is not None or b.get("id") is not None:
        return a.get("id") == b.get("id")
    return a.get("save") is not None and a.get("save") == b.get("save")
