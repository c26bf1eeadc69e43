"""Pass-and-play's catch-up (ui/catchup.py, issue 38): after the curtain and
before their cards, a person reads what the others did since their own last
move; one press dismisses it. It names only cards played on the table, never
a card picked to pass, a swap's or a draw's, and a lone person with bots
never gets it."""
import random
import re

import pytest

from hal import keys as K
from ui.screens.common import start_table
from ui.session import Session

from test_ui_harness import make_rig
from test_ui_privacy import CARD_TEXT, RANKS, SUITS, public, visible_cards


def name(rig):
    return type(rig.app.top()).__name__


def settle(rig):
    app = rig.app
    while app.busy():
        wait = app.tick(rig.driver.now)
        rig.driver.now += max(1, min(wait if wait is not None else 20, 5000))


class Moves:
    """Every action the session applies, with its seat and phase (found apart
    from the session's news, to check what the catch-up names)."""

    def __init__(self, session):
        self.done = []          # (seat, phase, action)
        apply = session.apply

        def wrapped(a):
            st = session.state
            seat, phase = st.to_act(), st.phase
            apply(a)
            self.done.append((seat, phase, a))
        session.apply = wrapped

    def played_since(self, seat, players):
        """Cards played on the table from the trick of seat's last move on."""
        mine = [i for i in range(len(self.done)) if self.done[i][0] == seat]
        start = max(0, mine[-1] - players) if mine else 0
        return set(a for s, phase, a in self.done[start:] if phase == "play" and a < 52)


def named_cards(lines):
    return set(SUITS.index(s) * 13 + RANKS.index(r) for line in lines
               for r, s in CARD_TEXT.findall(line))


def test_the_curtain_lifts_to_what_you_missed_and_one_press_shows_your_cards():
    for size in ((160, 128), (240, 135)):
        rig = make_rig(*size)            # (the rig checks every frame fits the screen)
        t = start_table(rig.app, Session.new("nommie", ["human", "bot", "human", "bot"],
                                             [1] * 4, 3))
        settle(rig)
        assert name(rig) == "Curtain"
        first = rig.top().seat
        for _ in range(200):             # play on to the second person's curtain
            rig.press(K.A)
            settle(rig)
            if name(rig) == "Curtain" and rig.top().seat != first and not rig.top().caught:
                break
        curtain = rig.top()
        seat = curtain.seat
        rig.press(K.A)
        assert rig.top() is curtain and curtain.caught
        assert curtain.title == "Since your last move" and curtain.footer == "A: your cards"
        text = " ".join(curtain.lines)
        assert re.search(r"(Ann|Bob|You|P\d) (bid|led|chose|won)", text), text
        rig.screen.draw(rig.app, refresh=False)
        shown = visible_cards(rig.screen.root, rig.screen.cards.bitmap, ())
        assert not shown & set(t.state().hands[seat])        # no hand yet
        rig.shot("catchup")
        rig.press(K.A)                   # one press: the table, with this seat's cards
        assert name(rig) == "Table" and t.last_human == seat
        rig.screen.draw(rig.app, refresh=False)
        assert set(t.state().hands[seat]) <= visible_cards(
            rig.screen.root, rig.screen.cards.bitmap, public(rig))


def test_b_dismisses_it_too_and_start_still_opens_the_curtains_menu():
    rig = make_rig()
    t = start_table(rig.app, Session.new("callbreak", ["human", "human", "bot", "bot"],
                                         [1] * 4, 8))
    for _ in range(300):
        settle(rig)
        if name(rig) == "Curtain" and t.session.news and \
                t.session.seen[rig.top().seat] > 0:
            break
        rig.press(K.A)
    curtain = rig.top()
    rig.press(K.A)
    assert curtain.caught
    rig.press(K.START)
    assert name(rig) == "CurtainMenu"
    rig.press(K.B)
    assert rig.top() is curtain and curtain.caught
    rig.press(K.B)
    assert name(rig) == "Table" and t.last_human == curtain.seat


def test_a_lone_person_with_bots_gets_no_news_and_no_curtain():
    rig = make_rig()
    t = start_table(rig.app, Session.new("nommie", ["human", "bot", "bot", "bot"], [1] * 4, 3))
    for _ in range(60):
        settle(rig)
        assert name(rig) != "Curtain"
        rig.press(K.A)
    assert len(t.state().log) > 20 and t.session.news == []


def test_moves_taken_back_leave_the_news():
    from ui.catchup import AT
    s = Session.new("nommie", ["human", "human", "bot", "bot"], [1] * 4, 3)
    while len(s.state.log) < 12:
        s.apply(s.bot_action())         # (the people's moves chosen as a bot's)
    n = len(s.state.log)
    assert s.news and max(e >> AT for e in s.news) == n - 1
    human = max((0, 1), key=lambda i: s.seen[i])          # the last person to move
    assert s.undo_human(human)
    assert all(e >> AT < len(s.state.log) for e in s.news)
    assert max(s.seen) <= len(s.state.log)


SETUPS = [
    ("nommie", ["human", "bot", "human", "bot"], {}),
    ("linger", ["human", "human", "bot", "human"], {}),
    ("nines", ["human", "human", "bot"], {"start_score": 3}),
    ("callbreak", ["bot", "human", "human", "bot"], {}),
    ("israeli", ["human", "human", "human", "human"], {"rounds": 2}),
]


@pytest.mark.parametrize("gid,seats,opts", SETUPS, ids=[s[0] for s in SETUPS])
def test_the_catch_up_names_only_cards_played_on_the_table(gid, seats, opts):
    # Whole pass-and-play games: at every catch-up the cards named are cards
    # played on the table since that person's last trick (never a Frisch's
    # passed cards, a Nines swap's or a Linger draw), and no hand shows.
    rig = make_rig()
    rig.app.settings["autoplay"] = True
    session = Session.new(gid, seats, [1] * len(seats), 21, opts)
    moves = Moves(session)
    start_table(rig.app, session)
    rnd = random.Random(gid)
    app = rig.app
    shown = 0
    picks = 0
    for _ in range(20000):
        top = app.top()
        if name(rig) == "GameOver":
            break
        if app.busy():
            settle(rig)
            continue
        if name(rig) == "Curtain" and top.caught:
            shown += 1
            named = named_cards(top.lines)
            allowed = moves.played_since(top.seat, len(seats))
            assert named <= allowed, (gid, top.lines, named - allowed)
            picks += " ".join(top.lines).count(" to pass")
            rig.screen.draw(app, refresh=False)
            v = session.state.view(None)
            hands = set(c for h in session.humans() for c in v["hands"][h])
            seen = visible_cards(rig.screen.root, rig.screen.cards.bitmap, ())
            assert not (seen - allowed) & hands       # (a card played last round may
                                                      # be in a hand of this one)
        keys = (K.A, K.A, K.A, K.A, K.RIGHT, K.LEFT, K.DOWN)
        if session.state.phase == "trump_bid" and not getattr(session.state, "frisch_count", 1):
            t = rig.table()        # everyone passes: a Frisch comes
            keys = (K.LEFT,) if top is t and t.pick else (K.A,)
        app.key(rnd.choice(keys))
    assert name(rig) == "GameOver" and shown > 5
    if gid == "israeli":
        assert picks       # (a Frisch: picks said, their cards never)
