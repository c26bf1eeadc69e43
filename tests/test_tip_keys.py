"""A first game's tips tell the truth about keys and keep scripts steady
(ui.tips, ui.table.keys; issue 38, wrongs 1 and 10).

Every key a tip names does what the tip says in that phase: each tip of each
game is opened at a real decision, its "KEY does" claims are read out of its
words and each key is pressed there. And a key sequence means the same
whatever the timing: keys pressed while the bots still played, or before
the tip came up, reach the tip first, exactly as keys pressed one by one
after everything settled."""
import re

import pytest

from hal import keys as K
from engine.catalog import ids
from ui.nostore import NoStore

from uilogic import name, new_app, start

KEY_NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "SELECT", "START", "A", "B")
# "UP hint", "UP/DOWN change the tricks", "LEFT/RIGHT the suit": a key (or
# keys joined by /) and the word that says what it does
CLAIM = re.compile(r"\b((?:%s)(?:/(?:%s))*) (?:change )?(?:the )?(\w+)" % (
    "|".join(KEY_NAMES), "|".join(KEY_NAMES)))
SEATS = {"nommie": 4, "linger": 4, "nines": 3, "callbreak": 4, "israeli": 4}


def claims(text):
    """[(key names, what they do)] that text states."""
    return [(m.group(1).split("/"), m.group(2)) for m in CLAIM.finditer(text)]


def test_claims_are_read_out_of_a_tips_words():
    assert claims("On your turn: UP hint, B undo, SELECT scores, START menu.") == [
        (["UP"], "hint"), (["B"], "undo"), (["SELECT"], "scores"), (["START"], "menu")]
    assert claims("UP/DOWN change the tricks, LEFT/RIGHT the suit.") == [
        (["UP", "DOWN"], "tricks"), (["LEFT", "RIGHT"], "suit")]


def _tables(gid):
    """(phase, app, driver, table, tip screen) at each phase's first tip of a
    first game of gid, the human in seat 0 bidding low (passing: a Frisch
    may come) or, with every fourth seed, as high as it may (to name trump,
    to win an auction)."""
    seen = {}
    for seed in range(1, 40):
        app, d = new_app(NoStore(), tips=True)
        t = start(app, gid, ["human"] + ["bot"] * (SEATS[gid] - 1), seed=seed)
        for _ in range(400):
            d.settle()
            if t.finished or len(t.state().history) >= 1:
                break
            if name(app) == "Tip":
                phase = t.state().phase
                if phase not in seen:
                    seen[phase] = 1
                    yield phase, app, d, t, app.top()
                    break          # a fresh game for the next phase (this one was pressed)
                d.press(K.A)
                continue
            if seed % 4 == 1 and t.options and app.top() is t:   # bid high: name trump
                for _ in range(len(t.options)):
                    d.press(K.RIGHT)
            d.press(K.A)
        if len(seen) >= _phase_count(gid):
            return
    if gid == "israeli" and "frisch" not in seen:     # everyone passes: a Frisch
        from engine.actions import PASS
        app, d = new_app(NoStore(), tips=True)
        t = start(app, gid, ["human", "bot", "bot", "bot"], seed=3)
        while t.state().phase == "trump_bid":
            t.act(PASS, t.state().to_act())
        d.settle()
        assert name(app) == "Tip"
        yield "frisch", app, d, t, app.top()


def _phase_count(gid):
    from ui import tips
    return len([p for p in ("bid", "trump", "trump_bid", "frisch", "contract", "swap", "play")
                if tips.tip(gid, p)])


def _check(app, d, t, keys, does):
    """Press each of keys on t's decision and check it does `does`."""
    from ui.table import take_back
    for k in [getattr(K, n) for n in keys]:
        before_pick, before_acts = t.pick, t.acts
        option = t.options[t.pick] if t.options else None
        if does == "undo":
            expected = take_back.why_not(t)
        d.press(k)
        if does == "hint":
            assert t.hint is not None and app.top() is t, "UP gave no hint"
        elif does == "undo":
            assert t.message == (expected or (take_back.ASK_TRICK if take_back.trick_game(t)
                                              else take_back.ASK)), t.message
        elif does == "scores":
            assert name(app) == "ScoreSheet"
            d.press(K.B)
        elif does == "menu":
            assert name(app) == "Pause"
            d.press(K.B)
        elif does == "tricks":
            from engine.actions import TRUMP_BID
            moved = t.options[t.pick]
            assert t.acts == before_acts and t.pick != before_pick or option is None
            if option is not None and option >= TRUMP_BID and moved >= TRUMP_BID:
                assert (moved - TRUMP_BID) % 5 == (option - TRUMP_BID) % 5   # the same suit
        elif does == "suit":
            from engine.actions import TRUMP_BID
            assert t.acts == before_acts
            if k == K.RIGHT:   # from the first bid, RIGHT keeps its tricks, another suit
                t.pick = 1
                before = t.options[1]
                d.press(K.RIGHT)
                after = t.options[t.pick]
                assert (after - TRUMP_BID) // 5 == (before - TRUMP_BID) // 5 and after != before
        else:
            raise AssertionError("a tip says a key does %r: teach this test what that is" % does)
        assert app.top() is t, name(app)
        t.hint = None


@pytest.mark.parametrize("gid", ids())
def test_every_key_a_tip_names_does_that_in_its_phase(gid):
    from ui import tips
    met = []
    for phase, app, d, t, tip in _tables(gid):
        said = claims(tip.text)
        assert said, tip.text
        d.press(K.A)                          # the tip closes: the decision it spoke of
        assert app.top() is t and t.state().phase == phase
        for keys, does in said:
            _check(app, d, t, keys, does)
        met.append(phase)
        assert tip.text.endswith(tips.turn_keys(t.face, phase))
    assert len(met) == _phase_count(gid), met


def test_terms_name_no_key():
    # a term explains a word, in any phase: a key there could not be pressed
    from ui import tips
    for gid in ids():
        assert [claims(term) for term in tips.texts(gid, "term")] == \
            [[]] * len(tips.texts(gid, "term")), gid


def test_the_auction_tip_sends_you_to_the_pause_menu_for_a_hint():
    # Israeli Whist, deal 5: in the auction UP raises the bid, so the tip
    # must not call UP a hint (it did: "On your turn: UP hint")
    from ui import tips
    app, d = new_app(NoStore(), tips=True)
    t = start(app, "israeli", ["human", "bot", "bot", "bot"], seed=5)
    d.settle()
    assert name(app) == "Tip" and t.state().phase == "trump_bid"
    assert "UP hint" not in app.top().text and "START menu (Hint is there)" in app.top().text
    assert tips.turn_keys(t.face, "play").startswith("On your turn: UP hint")


def _script(gid, seed, keys, wait):
    """The outcome of keys pressed on a fresh first game. wait "settle": each
    once everything settled (a person who waits for every screen); "loop": as
    code.py's loop takes a script's keys (whenever the app is not busy);
    "now": each as soon as the bots and the table's pauses are done, before
    the table's next tick (set-up, tip) has run, then one tick, as code.py's
    loop runs after a key on a board."""
    app, d = new_app(NoStore(), tips=True)
    t = start(app, gid, ["human"] + ["bot"] * (SEATS[gid] - 1), seed=seed)

    def bots_or_pause():       # (at whichever table is on top: Play again makes another)
        top = app.top()
        if not hasattr(top, "session") or top.finished:
            return False
        return top.hold_until or top.pending_round or \
            not top.session.is_human(top.state().to_act())

    for k in keys:
        if wait == "settle":
            d.settle()
        for _ in range(100000):
            if not (app.busy() if wait == "loop" else bots_or_pause()):
                break
            d.now += 7
            app.tick(d.now)
        app.key(k)
        app.tick(d.now)          # (code.py's loop: a key, then the timed work)
    d.settle()
    return name(app), t.state().actions(), t.tipped


@pytest.mark.parametrize("gid,seed", [("nommie", 7), ("nommie", 3), ("callbreak", 3),
                                      ("israeli", 5), ("israeli", 3), ("nines", 8),
                                      ("linger", 8)])
def test_a_key_sequence_means_the_same_whatever_the_timing(gid, seed):
    keys = [K.A, K.RIGHT, K.A, K.A, K.LEFT, K.A, K.A, K.A, K.A, K.A, K.A, K.A]
    for n in range(1, len(keys) + 1):
        settled = _script(gid, seed, keys[:n], "settle")
        for wait in ("loop", "now"):
            assert _script(gid, seed, keys[:n], wait) == settled, (n, wait)
