"""The joiner's game (ui.link.state.RemoteState) answers as the host's engine.

A joiner runs no engine: it rebuilds what ui.table.Table asks of a state
from the host's state messages alone. Fed every message a seat received in
whole games, the remote state must give, at each move, what the engine gives
that seat: its view, its legal actions when it is to act, who is to act,
whether the game is over, the winners, and the words for each legal action
and each bid made (Call Break's "call 3" as its engine says it).
"""
import pytest

from engine import games
from engine.actions import BID
from ui.link.state import RemoteState

from linkrig import SETUPS, by_seat, normal, whole_game


@pytest.mark.parametrize("gid,kinds,opts", SETUPS, ids=[s[0] for s in SETUPS])
def test_the_remote_state_answers_as_the_engine_at_every_move(gid, kinds, opts):
    h, _, streams = whole_game(gid, kinds, 5, opts)
    actions = h.table().state().actions()
    checked = 0
    for seat, msgs in by_seat(streams).items():
        remote = RemoteState()
        engine = games.new_game(gid, len(kinds), 5, **opts)
        done = 0
        for m in msgs:
            if m["t"] != "state":
                continue
            remote.take(normal(m))
            while done < m["n"]:
                engine.apply(actions[done])
                done += 1
            if not remote.complete():        # the history still coming in chunks
                continue
            assert remote.view() == normal(engine.view(seat)), (gid, seat, done)
            assert remote.to_act() == engine.to_act() and remote.is_over() == engine.is_over()
            if engine.is_over():
                assert remote.winners() == engine.winners()
            if remote.legal_actions():       # this seat to act (not paused)
                assert remote.legal_actions() == engine.legal_actions()
                for a in remote.legal_actions():
                    assert remote.action_text(a) == engine.action_text(a), (gid, a)
            for b in remote.view()["bids"]:      # the round's bids, as the console tells them
                if b is not None:
                    assert remote.action_text(BID + b) == engine.action_text(BID + b), (gid, b)
            checked += 1
    assert checked > len(actions) // 2      # a state after (nearly) every move, per joiner
