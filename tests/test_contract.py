"""The engine contract of docs/design.md, checked the same way for every game.

Random playouts round-trip save()/restore() at every step, reject a wrong
action at every step without changing anything, and keep hidden cards
hidden. Each game's own rules are in tests/test_<id>.py.
"""
import json
import random

import pytest

from engine import bots, catalog, games, IllegalAction
from engine.catalog import entry as facts
from engine.state import TrickGame

VIEW_KEYS = ("game", "players", "phase", "to_act", "round", "rounds", "dealer", "leader",
             "hand_size", "hands", "counts", "trump", "trick", "last_trick", "last_winner",
             "bids", "tricks", "scores", "history")
PHASES = ("swap", "trump_bid", "frisch", "bid", "contract", "trump", "play", "over")
UNIVERSE = list(range(52)) + list(range(100, 114)) + list(range(200, 205)) \
    + list(range(325, 370)) + [400, 401, 402]


@pytest.fixture(params=catalog.ids())
def game(request):
    return request.param


def test_module_shape(game):
    s = games.new_game(game, seed=1)
    assert s.view()["game"] in catalog.ids() and facts(s.view()["game"])["title"]
    assert issubclass(games.load(game).Game, TrickGame)
    v = s.view(s.to_act())
    for k in VIEW_KEYS:
        assert k in v, k
    assert v["phase"] in PHASES
    json.dumps(s.save())


def test_random_playouts_hold_the_contract(game):
    rnd = random.Random(7)
    for g in range(6):
        s = games.new_game(game, seed=g)
        steps = 0
        while not s.is_over():
            legal = s.legal_actions()
            assert legal, "no legal action before the end"
            assert legal == sorted(legal) and len(set(legal)) == len(legal)
            seat = s.to_act()
            v = s.view(seat)
            assert v["to_act"] == seat >= 0
            assert all(v["hands"][p] is None for p in range(v["players"]) if p != seat)
            assert v["phase"] in PHASES
            # one wrong action: rejected, nothing changes
            wrong = rnd.choice([a for a in UNIVERSE if a not in legal])
            before = json.dumps(s.save()), s.view(None)
            with pytest.raises(IllegalAction) as e:
                s.apply(wrong)
            assert str(e.value)
            assert (json.dumps(s.save()), s.view(None)) == before
            a = rnd.choice(legal)
            assert s.parse_action(s.action_text(a)) == a
            s.apply(a)
            if steps % 7 == 0 or g == 0:
                t = games.restore(json.loads(json.dumps(s.save())))
                assert t.view(None) == s.view(None)
                # what each seat knows survives too (Nines: hands it has held)
                for p in range(s.view()["players"]):
                    assert t.view(p) == s.view(p)
            steps += 1
        assert s.to_act() == -1 and s.legal_actions() == [] and s.view()["phase"] == "over"
        assert s.winners() and all(0 <= w < s.view()["players"] for w in s.winners())


def test_is_legal_agrees_with_legal_actions(game):
    # apply() tests an action per phase (is_legal) instead of building the
    # legal list: both must say the same for every action at every step,
    # in every phase, and after the end.
    rnd = random.Random(11)
    for g in range(4):
        s = games.new_game(game, seed=100 + g)
        while True:
            legal = s.legal_actions()
            for a in UNIVERSE + [-1, 52, 99, 114, 199, 205, 324, 370, 399, 403]:
                assert s.is_legal(a) == (a in legal), (s.view(None)["phase"], a)
            if s.is_over():
                break
            s.apply(rnd.choice(legal))


def test_left_out_names_each_refused_bid_with_the_reason_a_refusal_gives(game):
    # left_out(): the bid picker's reasons (and a link host's "why"): at every
    # bid, each bid up to the hand's size that is not legal and has a game's
    # reason, with the words apply() refuses it with; nothing when not bidding
    from engine.actions import BID
    rnd = random.Random(5)
    named = 0
    for g in range(3):
        s = games.new_game(game, seed=200 + g)
        while not s.is_over():
            legal = s.legal_actions()
            out = s.left_out()
            size = s.hand_size() or 13
            bidding = s.phase in ("bid", "contract")
            assert [a for a, _ in out] == sorted(a for a in range(BID, BID + size + 1)
                                                 if bidding and a not in legal and s.explain(a))
            for a, why in out:
                with pytest.raises(IllegalAction) as e:
                    s.apply(a)
                assert why in str(e.value), (a, why, str(e.value))
            named += len(out)
            s.apply(rnd.choice(legal))
    assert named > 0 or game in ("linger", "nines", "callbreak")


@pytest.mark.parametrize("level", [0, 1, 2, 3])
def test_bots_finish_games_deterministically(game, level):
    def run():
        s = games.new_game(game, seed=21)
        while not s.is_over():
            seat = s.to_act()
            s.apply(bots.choose(s.view(seat), s.legal_actions(), level, 5))
        return s.save()["actions"]
    assert run() == run()


def test_restore_through_games_module(game):
    s = games.new_game(game, seed=3)
    for _ in range(10):
        s.apply(s.legal_actions()[0])
    t = games.restore(s.save())
    assert t.view(None) == s.view(None)
