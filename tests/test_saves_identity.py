"""Which game a journal's lines belong to (issue 37, items 4 and 9).

A damaged header never puts one game's moves on another game's header and
never brings back an abandoned game (game.log.bak is the previous game once a
new one is written whole); after an undo deep enough to write the journal
whole, header damage keeps the position after the undo, not the one before it.
Two plays of the same deal with the same moves are two games: a finished one
whose statistics were not written before the power went is counted at the
next start, even when the game counted last had the same deal and moves."""
import pytest

from engine import games
from ui import saves
from ui.session import Session

SEATS = ["human", "bot", "bot"]


def flip(path, at):
    data = bytearray(path.read_bytes())
    data[at] ^= 4
    path.write_bytes(bytes(data))


def play(store, sess, moves):
    """moves actions (the bots' and the first legal one for the human), each saved."""
    for _ in range(moves):
        if sess.state.is_over():
            break
        st = sess.state
        a = sess.bot_action() if not sess.is_human(st.to_act()) else st.legal_actions()[0]
        sess.apply(a)
        assert sess.autosave(store) is None


def shown(tmp_path):
    store = saves.Store(str(tmp_path), True)
    rec, st = store.load_game()
    return store, rec, st


@pytest.mark.parametrize("at", [0, 8, 12, 30, 60, -3])
@pytest.mark.parametrize("first", [0, 1, 6])
def test_header_damage_never_shows_the_abandoned_game_or_its_header(tmp_path, first, at):
    # Nines deal 3 played a little and left; deal 9 started (the journal
    # written whole: deal 3's becomes game.log.bak); deal 9's first line damaged
    store = saves.Store(str(tmp_path), True)
    a = Session.new("nines", SEATS, [0, 2, 2], 3)
    assert a.autosave(store) is None
    play(store, a, first)
    store = saves.Store(str(tmp_path), True)
    store.load_game()
    b = Session.new("nines", SEATS, [0, 2, 2], 9)
    assert b.autosave(store) is None
    play(store, b, 7)
    head = (tmp_path / "game.log").read_bytes().index(b"\n")
    flip(tmp_path / "game.log", at % head)
    store, rec, st = shown(tmp_path)
    if rec is None:
        assert store.notice.endswith("cannot be continued.")
        assert saves.Store(str(tmp_path), True).load_game()[0] is None  # not the next time either
        return
    assert st.deal_seed == 9 and bytes(st.log) == bytes(b.state.log)[:len(st.log)]


def test_header_damage_after_a_deep_undo_keeps_the_position_after_it(tmp_path):
    store = saves.Store(str(tmp_path), True)
    s = Session.new("nines", SEATS, [0, 2, 2], 5)
    assert s.autosave(store) is None
    play(store, s, 30)
    s.state.rewind(20)                   # past the store's remembered saves: written whole
    assert s.autosave(store) is None
    play(store, s, 3)                    # and appended after
    want = bytes(s.state.log)
    first = (tmp_path / "game.log").read_bytes().index(b"\n")
    for at in range(0, first, 7):
        d = tmp_path / ("d%d" % at)
        d.mkdir()
        for name in ("game.log", "game.log.bak"):
            (d / name).write_bytes((tmp_path / name).read_bytes())
        flip(d / "game.log", at)
        store, rec, st = shown(d)
        assert rec is not None and bytes(st.log) == want, at
        assert "kept up to its last move" in store.notice


def _last_move(seed):
    """A Linger Longer game (human, bot, human) one move before its end, and that move."""
    sess = Session.new("linger", ["human", "bot", "human"], [0, 1, 0], seed)
    while True:
        st = sess.state
        a = sess.bot_action() if not sess.is_human(st.to_act()) else st.legal_actions()[0]
        probe = games.new_game("linger", 3, seed)
        from engine.actions import decode
        for c in st.log:
            probe.apply(decode(c))
        probe.apply(a)
        if probe.is_over():
            return sess, a
        sess.apply(a)


def test_the_same_deal_and_moves_played_again_is_counted_after_a_power_cut(tmp_path):
    # game one: finished and counted
    store = saves.Store(str(tmp_path), True)
    one, last = _last_move(4)
    one.apply(last)
    assert one.autosave(store) is None
    one.results(store, False)
    assert store.load_stats()["linger"]["played"] == 2
    # game two: the same deal, the same moves; its last move saved, then the
    # power goes before the statistics are written
    two, last2 = _last_move(4)
    assert bytes(two.state.log) == bytes(one.state.log)[:-1] and last2 == last
    two.apply(last2)
    store = saves.Store(str(tmp_path), True)
    assert two.autosave(store) is None
    # the next start: game two is offered (its game over counts it), once
    store = saves.Store(str(tmp_path), True)
    rec, st = store.load_game()
    assert rec is not None and st.is_over()
    again = Session.from_record(rec, st)
    again.results(store, False)
    assert store.load_stats()["linger"]["played"] == 4
    assert saves.Store(str(tmp_path), True).load_game() == (None, None)


def test_a_save_from_before_game_ids_still_loads_and_counts_once(tmp_path):
    # a journal written without an id (the previous version): it loads, and
    # once counted its save found again is recognised as counted
    store = saves.Store(str(tmp_path), True)
    one, last = _last_move(6)
    rec = one.record()
    assert "id" in rec
    del rec["id"]
    assert store.save_game(rec) is None
    assert (tmp_path / "game.log").read_bytes().startswith(b"PTLOG 1 ")
    store = saves.Store(str(tmp_path), True)
    rec, st = store.load_game()
    sess = Session.from_record(rec, st)
    assert sess.id is None
    sess.apply(last)
    assert sess.autosave(store) is None
    (tmp_path / "kept").write_bytes((tmp_path / "game.log").read_bytes())
    sess.results(store, False)
    (tmp_path / "kept").rename(tmp_path / "game.log")   # as if the power went before removing it
    store = saves.Store(str(tmp_path), True)
    assert store.load_game() == (None, None)
    assert store.load_stats()["linger"]["played"] == 2


def test_a_counted_game_whose_kept_save_is_damaged_never_comes_back_short_of_its_end(tmp_path):
    # counted, the power gone before its save was removed, then the save
    # damaged so that it reads back short of the end: the game's id is in the
    # statistics' mark, so it is not offered (it would be counted twice)
    store = saves.Store(str(tmp_path), True)
    one, last = _last_move(4)
    assert one.autosave(store) is None
    one.apply(last)
    assert one.autosave(store) is None
    kept = (tmp_path / "game.log").read_bytes()
    one.results(store, False)
    lines = kept.split(b"\n")
    lines[-2] = lines[-2][:-1] + (b"0" if lines[-2][-1:] != b"0" else b"1")  # the last save's line
    (tmp_path / "game.log").write_bytes(b"\n".join(lines))
    store = saves.Store(str(tmp_path), True)
    assert store.load_game() == (None, None)
    assert store.load_stats()["linger"]["played"] == 2


def test_a_game_that_cannot_be_continued_never_offers_the_game_before(tmp_path):
    # Continue failed on an accepted record: its journal goes aside, and the
    # backup with it when the backup is another game (the one before)
    store = saves.Store(str(tmp_path), True)
    a = Session.new("nines", SEATS, [0, 2, 2], 3)
    play(store, a, 4)
    b = Session.new("nines", SEATS, [0, 2, 2], 9)
    assert b.autosave(saves.Store(str(tmp_path), True)) is None   # a's journal the backup
    store = saves.Store(str(tmp_path), True)
    assert store.load_game()[0]["id"] == b.id
    assert store.reject_game() == "game.bad1.log"
    assert saves.Store(str(tmp_path), True).load_game() == (None, None)
    assert (tmp_path / "game.bad1.log.bak").exists()
