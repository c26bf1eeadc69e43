"""Every number a first-game tip states is the rules engine's (issue 38,
wrong 3: Israeli Whist's tip said a failed 0 bid lost 10 a trick where the
engine, the round sheet and the rules take 50 for the first trick).

Each tip's words are matched against CLAIMS: a phrase and the engine's code
that makes it true. Every number in every tip (the phase lines and the
terms) must sit inside a phrase CLAIMS checks, so a new or edited number
cannot go untested."""
import re

import pytest

from engine import callbreak, games, israeli, nines, nommie
from engine.catalog import ids

SCORES = range(0, 14)


def _israeli_made():
    return all(israeli.points(b, b, o) == b * b + 10 for b in range(1, 14) for o in (0, 1))


def _israeli_missed():
    return all(israeli.points(b, w, o) == -10 * abs(w - b)
               for b in range(1, 14) for w in SCORES if w != b for o in (0, 1))


def _israeli_zero():
    return israeli.points(0, 0, False) == 50 and israeli.points(0, 0, True) == 25


def _israeli_zero_missed():
    # "minus 50 for one trick, 10 back for each more": 1 trick -50, 2 -40, 3 -30
    return [israeli.points(0, w, o) for w in (1, 2, 3) for o in (0, 1)] == \
        [-50, -50, -40, -40, -30, -30]


def _israeli_auction():
    return israeli.MIN_BID == 5


def _after_a_frisch():
    # Everyone passes: each seat picks 3 cards (12 actions), then the auction
    # starts again with its lowest bid a trick higher. (state, actions taken)
    from engine.actions import PASS
    st = games.new_game("israeli", None, 3)
    while st.phase == "trump_bid":
        st.apply(PASS)
    n = 0
    while st.phase == "frisch":
        st.apply(st.legal_actions()[0])
        n += 1
    return st, n


def _israeli_frisch():
    st, n = _after_a_frisch()
    return n == 12 and st.phase == "trump_bid"


def _israeli_higher():
    from engine.actions import TRUMP_BID, PASS
    st, _n = _after_a_frisch()
    lowest = min((a - TRUMP_BID) // 5 for a in st.legal_actions() if a != PASS)
    return lowest == israeli.MIN_BID + 1


def _israeli_thirteen():
    # 13 tricks a deal, and the last to say a contract may not make the total
    # 13 (so the contracts are over or under)
    from engine.actions import BID, PASS, trump_bid
    st = games.new_game("israeli", None, 3)
    st.apply(trump_bid(5, 0))
    for _ in range(3):
        st.apply(PASS)
    said = 0
    for _ in range(3):
        low = min(st.legal_actions())
        st.apply(low)
        said += low - BID
    last = [a - BID for a in st.legal_actions()]
    return all(len(h) == 13 for h in st.hands) and st.phase == "contract" and \
        13 - said not in last and len(last) == 13


def _nommie_exact():
    return all(nommie.round_points(b, b) == 10 + b for b in SCORES)


def _nommie_wrong():
    return all(nommie.round_points(b, w) == w for b in SCORES for w in SCORES if w != b)


def _nommie_zeros():
    return nommie.MAX_ZEROS == 3


def _callbreak_call():
    st = games.new_game("callbreak", None, 3)
    calls = sorted(a - 100 for a in st.legal_actions())
    return calls == list(range(1, 9))


def _callbreak_made():
    # points in tenths: plus the call, 0.1 for each trick more
    return all(callbreak.points(c, w) == 10 * c + (w - c) for c in range(1, 9)
               for w in range(c, 14))


def _callbreak_missed():
    return all(callbreak.points(c, w) == -10 * c for c in range(1, 9) for w in range(0, c))


def _callbreak_eight():
    # the option's words: 8 tricks in a round win the game at once
    st = games.new_game("callbreak", None, 3)
    return callbreak.EIGHT == 8 and st.options.get("eight_wins") is True


def _nines_book():
    return nines.BOOK == 4


def _a_nines_hand():
    # (scores before, the first hand's record, scores after) of a played hand
    st = games.new_game("nines", None, 3)
    before = list(st.scores)
    while not st.history:
        st.apply(st.legal_actions()[0])
    return before, st.history[0], list(st.scores), st


def _nines_more_fewer():
    before, hand, after, _st = _a_nines_hand()
    return [a - b for a, b in zip(after, before)] == [nines.BOOK - t for t in hand["tricks"]]


def _nines_zero():
    # the game ends after the hand in which a score reaches 0; the lowest wins
    st = games.new_game("nines", None, 3)
    st.scores = [1, 9, 9]
    while not st.is_over() and len(st.history) < 1:
        st.apply(st.legal_actions()[0])
    low = min(st.scores)
    return st.is_over() == (low <= 0) and (not st.is_over() or st.winners() == [
        s for s in range(3) if st.scores[s] == low])


CLAIMS = {   # game: [(a phrase of its tips, the engine's check)]
    "israeli": [("bid tricks and a suit (5 at least)", _israeli_auction),
                ("Pick 3 cards to pass", _israeli_frisch),
                ("one trick higher", _israeli_higher),
                ("may not make the total 13", _israeli_thirteen),
                ("its square plus 10", _israeli_made),
                ("minus 10 a trick off", _israeli_missed),
                ("Bid 0 and made: 50 under, 25 over", _israeli_zero),
                ("minus 50 for one trick, 10 back for each more", _israeli_zero_missed),
                ("passes 3 cards", _israeli_frisch),
                ("more / less than 13", _israeli_thirteen)],
    "nommie": [("scores 10 plus 1 a trick", _nommie_exact),
               ("just 1 a trick", _nommie_wrong),
               ("three 0 bids", _nommie_zeros),
               ("you must bid 1 or more", _nommie_zeros)],
    "callbreak": [("Call 1 to 8", _callbreak_call),
                  ("plus your call, and 0.1 for each trick more", _callbreak_made),
                  ("minus your call", _callbreak_missed),
                  ("your bid, 1 to 8 tricks", _callbreak_call),
                  ("8-trick win: 8 tricks", _callbreak_eight)],
    "nines": [("4 tricks is a book", _nines_book),
              ("Each trick more takes 1 off, each fewer adds 1", _nines_more_fewer),
              ("First to 0 wins", _nines_zero),
              ("Book: 4 tricks", _nines_book)],
    "linger": [],
}
NUMBER = re.compile(r"\d+(?:\.\d+)?")


def _lines(gid):
    from ui import tips
    got, why = tips.read(gid + ".tips")
    assert why is None, why
    return [line.split(": ", 1)[1] for line in got if line and not line.startswith("#")]


@pytest.mark.parametrize("gid", ids())
def test_every_number_in_a_tip_is_checked_against_the_engine(gid):
    phrases = CLAIMS[gid]
    for line in _lines(gid):
        covered = [(m.start(), m.end()) for p, _c in phrases for m in re.finditer(re.escape(p),
                                                                                line)]
        for n in NUMBER.finditer(line):
            assert any(a <= n.start() and n.end() <= b for a, b in covered), \
                "%s's tip says %r in %r: add its engine check to CLAIMS" % (gid, n.group(), line)
    text = "\n".join(_lines(gid))
    for phrase, check in phrases:
        assert phrase in text, "%s's tips no longer say %r" % (gid, phrase)
        assert check(), "%s's tip says %r, the engine does otherwise" % (gid, phrase)


def test_the_israeli_failed_zero_is_said_as_the_round_sheet_scores_it():
    # the round: Ann bid 0 and won 1 (-50), P1 bid 0 and won 3 (-30)
    from ui import tips
    said = tips.tip("israeli", "play")
    assert "minus 50 for one trick, 10 back for each more" in said
    assert israeli.points(0, 1, False) == -50 and israeli.points(0, 3, True) == -30
