"""Every text fits at 160x128 and 240x135: every refusal of every game (each
illegal action tried at every decision of seeded games, as the table shows
it) and the prompts and dialogs of a whole round, drawn by the real views;
the rig (test_ui_harness.misfits) fails when a text leaves the screen or its
panel, or covers another text or a card. Also: a 13-card Nommie round takes
about 20 key presses when the player always takes the first legal card."""
import random

import pytest

from engine import IllegalAction, games
from hal import keys as K
from ui.table import panel
from ui.screens.common import start_table
from ui.screen import wrap
from ui.session import Session

from test_ui_harness import make_rig, misfits

SIZES = [(160, 128), (240, 135)]
SEATS = {"nommie": 4, "linger": 5, "nines": 3, "callbreak": 4, "israeli": 4}
# every kind of action a game could be sent
ACTIONS = list(range(52)) + list(range(100, 114)) + list(range(200, 205)) + \
    list(range(325, 370)) + [400, 401, 402, 999]


def refusals(gid, seeds=(1, 2, 3, 4), limit=400):
    """{short text: engine message} for every refused action at every decision."""
    out = {}
    for seed in seeds:
        st = games.new_game(gid, SEATS[gid], seed)
        rnd = random.Random(seed)
        for _ in range(limit):
            if st.is_over():
                break
            legal = st.legal_actions()
            for a in ACTIONS:
                if a in legal:
                    continue
                try:
                    st.apply(a)
                except IllegalAction as e:
                    out.setdefault(panel.refused(str(e)), str(e))
                else:
                    raise AssertionError("%s accepted illegal %d" % (gid, a))
            # now and then everybody passes (Israeli Whist: Frisch, then a higher minimum)
            st.apply(400 if 400 in legal and seed % 2 else rnd.choice(legal))
    return out


@pytest.mark.parametrize("gid", sorted(SEATS))
def test_every_refusal_fits_in_two_lines_at_both_sizes(gid):
    texts = refusals(gid)
    assert len(texts) > 5
    for short, long_ in texts.items():
        assert short and len(wrap(short, 26)) <= 2, (short, long_)
    for size in SIZES:
        rig = make_rig(*size)
        t = start_table(rig.app, Session.new(gid, ["human"] + ["bot"] * (SEATS[gid] - 1),
                                             [1] * SEATS[gid], 5))
        rig.check = False
        rig.driver.settle()
        rig.draw()
        for short in sorted(texts):
            t.message = short
            t.update_fields()
            assert len(t.prompt.split("\n")) <= 2, short
            assert t.prompt.replace("\n", " ") == short, (short, t.prompt)   # nothing cut
            rig.screen.draw(rig.app)
            bad = misfits(rig.screen.root, *size, panels=(rig.screen.table_view.panel,))
            assert not bad, (size, short, bad)


def test_refusals_keep_the_reason():
    # the engine's sentences (explain), shortened
    texts = refusals("callbreak")
    kinds = " | ".join(sorted(texts))
    for part in ("Follow suit: play a", "Play a winning ", "(higher than ", "Trump with a",
                 "You don't hold", "Not now: "):
        assert part in kinds, part
    texts = refusals("israeli", seeds=(1, 2, 3, 4, 5, 6))
    kinds = " | ".join(sorted(texts))
    for part in ("The minimum trump bid is", "Not higher than the bid of", "Not now: "):
        assert part in kinds, part


@pytest.mark.parametrize("size", SIZES, ids=["%dx%d" % s for s in SIZES])
@pytest.mark.parametrize("gid", sorted(SEATS))
def test_a_round_of_every_game_fits_with_hints(gid, size):
    """A whole first round as a person plays it, asking for a hint (UP, or
    the pause menu in Israeli's auction) at each decision; every frame is
    checked by the rig."""
    rig = make_rig(*size)
    n = SEATS[gid]
    t = start_table(rig.app, Session.new(gid, ["human"] + ["bot"] * (n - 1), [2] * n, 8,
                                         {"rounds": 1} if gid == "israeli" else None))
    hints = 0
    for _ in range(300):
        rig.driver.settle()
        top = rig.top()
        if type(top).__name__ in ("RoundSummary", "GameOver"):
            break
        if top is t and t.decided(t.state().to_act()) and hints < 4:
            if t.state().phase == "trump_bid":      # (UP steps Israeli's auction)
                rig.keys("START")
                rig.keys(" ".join(["DOWN"] * top_index(rig, "Hint")) + " A")
            else:
                rig.press(K.UP)                       # the hint key
            assert t.prompt.startswith("Hint: ")
            hints += 1
        rig.press(K.A)
    assert type(rig.top()).__name__ in ("RoundSummary", "GameOver")
    assert hints >= 1


def top_index(rig, label):
    return rig.top().lines.index(label)


def test_a_13_card_nommie_round_takes_about_20_key_presses():
    """The player always takes the first legal card (and the first bid
    offered): presses from the start until the round summary closes."""
    from uilogic import new_app
    app, d = new_app()
    t = start_table(app, Session.new("nommie", ["human", "bot", "bot", "bot"], [2] * 4, 7))
    presses = 0
    for _ in range(100):
        d.settle()
        if type(app.top()).__name__ == "RoundSummary":
            d.press(K.A)
            presses += 1
            break
        st = t.state()
        if st.view(None)["phase"] == "play":
            while t.hand[t.cursor] != st.legal_actions()[0]:   # (it starts there)
                d.press(K.LEFT)
                presses += 1
        d.press(K.A)
        presses += 1
    assert app.top() is t and len(t.state().history) == 1
    assert presses <= 20, presses
    print("13-card Nommie round: %d key presses" % presses)


@pytest.mark.parametrize("size", SIZES, ids=["%dx%d" % s for s in SIZES])
def test_nines_swap_words_stay_clear_of_the_swap_panel(size):
    """The human swaps at every offer (LEFT, A) for three rounds: the side
    seats' "traded"/"kept" under their names and the swap panel both show
    whole (the rig checks every frame)."""
    rig = make_rig(*size)
    t = start_table(rig.app, Session.new("nines", ["human", "bot", "bot"], [2] * 3, 4))
    panels_over_words = 0
    for _ in range(200):
        rig.driver.settle()
        if len(t.state().history) >= 3 or t.finished:
            break
        if rig.top() is t and t.state().view(None)["phase"] == "swap" and \
                t.decided(t.state().to_act()):
            if any(line[1] for line in t.seat_lines[1:]):
                panels_over_words += 1
            rig.press(K.LEFT)
        rig.press(K.A)
    assert panels_over_words >= 1


@pytest.mark.parametrize("size", SIZES, ids=["%dx%d" % s for s in SIZES])
def test_the_panels_text_keeps_clear_of_its_edges(size):
    """Nines' swap box at "Swap" and Nommie's trump picker at diamonds, its
    widest value: every line of the centre panel stays 3 px or more inside
    its box (a full-width line drew "Swap or keep?" against the box's edge)."""
    from engine.actions import TRUMP
    rig = make_rig(*size)
    seen = 0
    for gid, seats, seed in (("nines", 3, 4), ("nommie", 4, 3)):
        t = start_table(rig.app, Session.new(gid, ["human"] + ["bot"] * (seats - 1),
                                             [1] * seats, seed))
        for _ in range(400):
            rig.driver.settle()
            if rig.top() is t and t.state().to_act() == 0 and t.decided(0) and t.options:
                phase = t.state().view(None)["phase"]
                if phase in ("swap", "trump"):
                    while t.options[t.pick] not in (TRUMP + 1, 401):   # diamonds, swap
                        rig.press(K.LEFT if phase == "swap" else K.RIGHT)
                    tv = rig.screen.table_view
                    back = tv.panel[0]
                    x0, y0, x1, y1 = tv.panel_text.box()
                    assert x0 - back.x >= 3 and back.x + back.width - x1 >= 3, t.panel
                    seen += 1
                    break
                if phase == "bid":              # the highest bid: then trump is yours
                    rig.keys("RIGHT " * 14)
            rig.press(K.A)
    assert seen == 2
