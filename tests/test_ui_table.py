"""The table screen, without a display: the bid, trump and Frisch pickers
and what they explain, illegal cards refused with the reason, the
pass-and-play curtain, autoplay, sound cues, what Nines swappers know, and
the words for tricks, trumps and cards played (ui.table, ui.table.panel,
ui.table.words; virtual time via ui.driver)."""
import pytest

from engine import games
from hal import keys as K
from ui import faces, fmt
from ui.screens.common import start_table
from ui.session import Session

from uilogic import at_the_first_frisch, human_turn, name, new_app, start, until


def test_bid_picker_offers_only_legal_bids_and_explains_the_hook():
    for seed in range(1, 60):
        app, d = new_app()
        t = start(app, "nommie", ["human", "bot", "bot", "bot"], seed=seed)
        until(d, lambda: human_turn(t))
        v = t.state().view(None)
        assert v["dealer"] == 0 and v["phase"] == "bid"
        assert t.options == t.state().legal_actions()
        hook = 13 - sum([b for b in v["bids"] if b is not None])
        if 0 <= hook <= 13:
            assert 100 + hook not in t.options
            assert "The dealer may not bid %d" % hook in " ".join(t.panel)   # (engine's words)
            d.press(K.B)          # not a way out of a decision
            assert t.state().to_act() == 0
            return
    raise AssertionError("no deal with a hook in 60 seeds")


def test_zero_streak_is_explained():
    app, d = new_app()
    t = start(app, "nommie", ["human", "bot", "bot", "bot"], seed=4)

    def streak():
        v = t.state().view(None)
        return human_turn(t) and v["phase"] == "bid" and v["zero_streak"][0] >= 3

    until(d, streak)
    assert 100 not in t.options
    assert "Three rounds at 0 in a row" in " ".join(t.panel)   # (the engine's reason)


def test_illegal_card_shows_the_reason_and_changes_nothing():
    app, d = new_app()
    t = start(app, "nommie", ["human", "bot", "bot", "bot"], seed=5)

    def illegal_in_hand():
        st = t.state()
        return human_turn(t) and st.view(None)["phase"] == "play" and \
            len(st.legal_actions()) < len(t.hand)

    until(d, illegal_in_hand)
    legal = t.state().legal_actions()
    for _ in range(len(t.hand) * 2):           # LEFT/RIGHT visit legal cards only
        assert t.hand[t.cursor] in legal
        d.press(K.RIGHT)
    illegal = [c for c in t.hand if c not in legal][0]
    n = len(t.state().save()["actions"])
    assert t.act(illegal, 0) is False          # refused all the same if it were played
    t.update_fields()                          # (the caller's part, once per key)
    assert "Follow suit" in t.prompt and len(t.state().save()["actions"]) == n
    assert app.top() is t


def test_trump_choice_includes_no_trumps():
    app, d = new_app()
    t = start(app, "nommie", ["human", "bot", "bot", "bot"], seed=6)
    for _ in range(3000):            # bid high until the human names trump
        d.settle()
        if human_turn(t) and t.state().view(None)["phase"] == "trump":
            break
        if human_turn(t) and t.state().view(None)["phase"] == "bid":
            d.keys([K.RIGHT] * 14)   # the picker stops at the highest bid
        d.press(K.A)
    assert t.options == [200, 201, 202, 203, 204]
    labels = [fmt.action(a) for a in t.options]
    assert labels[-1] == "No Trumps" and labels[3] == "\u2660 spades"


def test_call_break_calls_are_one_to_eight():
    app, d = new_app()
    t = start(app, "callbreak", ["human", "bot", "bot", "bot"], seed=2)
    until(d, lambda: human_turn(t))
    assert t.options == [100 + n for n in range(1, 9)]
    assert t.panel[0] == "Your call"


def four_humans(gid="israeli", seed=3, opts=None):
    app, d = new_app()
    t = start(app, gid, ["human"] * 4, seed=seed,
              opts={"rounds": 1} if opts is None else opts)
    return app, d, t


def pass_curtain(app, d):
    d.settle()
    assert name(app) == "Curtain"
    d.press(K.A)
    if getattr(app.top(), "caught", False):     # what this person missed: A again
        d.press(K.A)


def test_israeli_auction_shows_the_high_bid_and_pass():
    app, d, t = four_humans()
    pass_curtain(app, d)
    assert t.options[0] == 400 and t.pick == 1
    d.press(K.A)                                  # lowest bid: 5 clubs
    pass_curtain(app, d)
    assert "High: P2 5 \u2663" in " ".join(t.panel)
    d.press(K.LEFT)
    assert t.panel[1] == "  Pass >"          # the first value: no way further left


def test_israeli_contract_sum_13_rule_is_explained():
    app, d, t = four_humans()
    pass_curtain(app, d)
    d.press(K.A)                                  # P2 bids 5 clubs
    for _ in range(3):                            # P3, P4, P1 pass
        pass_curtain(app, d)
        d.keys([K.LEFT, K.A])
    pass_curtain(app, d)
    assert t.state().view(None)["phase"] == "contract" and t.state().to_act() == 1
    assert 104 not in t.options and "Bid at least 5" in " ".join(t.panel)
    d.press(K.A)                                  # P2: 5
    for _ in range(2):                            # P3, P4: 0
        pass_curtain(app, d)
        d.press(K.A)
    pass_curtain(app, d)
    assert 108 not in t.options and "Contracts may not total 13" in " ".join(t.panel)


def test_frisch_choose_three_then_confirm():
    app, d, t = four_humans()
    for _ in range(4):
        pass_curtain(app, d)
        d.keys([K.LEFT, K.A])
    pass_curtain(app, d)
    assert t.state().view(None)["phase"] == "frisch" and t.state().to_act() == 1
    d.keys([K.A, K.RIGHT, K.A, K.RIGHT, K.A])
    assert len(t.chosen) == 3 and "A: give" in t.prompt
    d.press(K.B)
    assert len(t.chosen) == 2
    d.keys([K.RIGHT, K.A])
    chosen = list(t.chosen)
    hand = list(t.state().view(1)["hands"][1])
    d.press(K.A)                                  # give
    assert t.state().to_act() == 2 and name(app) == "Curtain"
    assert sorted(t.state().view(1)["frisch_chosen"][1] or chosen) == sorted(chosen)
    assert all(c in hand for c in chosen)


@pytest.mark.parametrize("size", [(160, 128), (240, 135)], ids=["160x128", "240x135"])
def test_a_frisch_is_said_while_the_others_choose(size):
    # You pass, everyone passes: while the bots choose their 3 cards the
    # panel says a Frisch is under way (the table was silent until your turn).
    from test_ui_harness import make_rig
    rig = make_rig(*size)
    t = start_table(rig.app, Session.new("israeli", ["human", "bot", "bot", "bot"], [0] * 4, 3,
                                         {"first_dealer": 0}))
    st = t.state()
    while st.phase == "trump_bid" and st.to_act() != 0:
        t.act(400, st.to_act())                  # (the bots pass)
    t.act(400, 0)
    while st.phase == "trump_bid":
        t.act(400, st.to_act())
    assert st.phase == "frisch" and st.to_act() == 1 and not t.session.is_human(1)
    t.update_fields()
    seen = 0
    for _ in range(400):
        wait = rig.app.tick(rig.driver.now)
        rig.driver.now += max(1, min(wait or 20, 200))
        rig.draw()                               # (the rig checks every label fits)
        if st.phase != "frisch" or st.to_act() == 0:
            break
        assert t.panel and t.panel[0] == "Frisch 1 of 3", t.panel
        assert "passes 3 cards to the left" in " ".join(t.panel)
        assert not rig.screen.table_view.panel.hidden
        seen += 1
    assert seen > 3 and st.to_act() == 0


def test_curtain_hides_hands_and_only_a_lifts_it():
    app, d, t = four_humans("nommie", opts={})
    d.settle()
    assert name(app) == "Curtain"
    for k in (K.B, K.SELECT, K.LEFT, K.UP):
        d.press(k)
        assert name(app) == "Curtain"
        assert t.hand == [] and t.shown_seat() is None
    d.press(K.START)                              # its menu (tests/test_curtain.py), and back
    assert name(app) == "CurtainMenu" and t.hand == []
    d.press(K.START)
    assert name(app) == "Curtain"
    d.press(K.A)
    assert name(app) == "Table" and t.hand == t.state().view(1)["hands"][1]


@pytest.mark.parametrize("autoplay", [True, False])
def test_autoplay_plays_a_single_legal_card(autoplay):
    app, d = new_app()
    app.settings["autoplay"] = autoplay
    t = start(app, "nommie", ["human", "bot", "bot", "bot"], seed=3)
    # round 1: play until the human holds one card
    for _ in range(400):
        d.settle()
        if name(app) != "Table" or len(t.state().view(0)["hands"][0]) == 1:
            break
        d.press(K.A)
    if autoplay:
        assert name(app) == "RoundSummary"
    else:
        assert human_turn(t, 0) and len(t.hand) == 1


def test_sound_cues_your_turn_trick_won_and_round_end_only_when_sound_is_on():
    app, d = new_app()
    tones = []
    app.sound = lambda f, ms: tones.append((f, ms))
    start(app, "nommie", ["human", "bot", "bot", "bot"])
    t = app.top()
    until(d, lambda: len(t.state().history) >= 1, key=K.A, limit=20000)
    assert (880, 60) in tones          # your turn
    assert (523, 180) in tones         # the round ended
    app.settings["sound"] = False
    tones[:] = []
    until(d, lambda: len(t.state().history) >= 2, key=K.A, limit=20000)
    assert tones == []


def test_nines_swap_names_whose_old_hand_the_dummy_is():
    app, d = new_app()
    t = start(app, "nines", ["human", "human", "human"])   # P1 deals: offers go P1, P2, P3
    st = t.state()

    def swap_words(seat):
        return t.face.reasons(t, st.view(seat), seat)[0]
    assert swap_words(0) == ["Dummy: 13 cards, unseen"]
    t.session.apply(401)          # P1 swaps: the dummy now holds P1's old hand
    assert swap_words(1) == ["Dummy: P1's old hand"]
    t.session.apply(401)          # P2 swaps too: now it holds P2's old hand, not P1's
    assert swap_words(2) == ["Dummy: P2's old hand"]


def known_cards(text):
    # the cards in a known-hand line "Who: AK9♠ QJ♥" as ints
    out = []
    for group in text.replace("\n", " ").split(": ", 1)[1].split():
        suit = fmt.SUIT_CHARS.index(group[-1])
        ranks = group[:-1].replace("10", "T")
        out += [suit * 13 + "23456789TJQKA".index(r) for r in ranks]
    return sorted(out)


def test_nines_a_swapper_sees_the_cards_it_knows():
    app, d = new_app()
    t = start(app, "nines", ["human", "bot", "bot"], seed=5)
    st = t.state()
    until(d, lambda: human_turn(t) and st.view(None)["phase"] == "swap")
    assert t.known == ""                           # nothing known before a swap
    old = list(st.view(0)["hands"][0])
    while t.options[t.pick] != 401:
        d.press(K.LEFT)
    d.press(K.A)                                   # swap: the old hand is in the dummy
    t.update_fields()
    v = st.view(0)
    if v["dummy"] is not None:
        assert t.known.startswith("Dummy: ") and known_cards(t.known) == sorted(v["dummy"])
        assert known_cards(t.known) == sorted(old)
    else:                                          # a later seat took it: its cards
        s = [i for i in (1, 2) if v["known_hands"][i] is not None][0]
        assert t.known.startswith(t.names()[s] + ": ")
        assert known_cards(t.known) == sorted(v["known_hands"][s])
    assert len(t.known.split("\n")) <= 2
    for line in t.known.split("\n"):
        assert len(line) <= app.cols
    # never the dummy for a seat that kept its hand
    app2, d2 = new_app()
    t2 = start(app2, "nines", ["human", "bot", "bot"], seed=5)
    until(d2, lambda: human_turn(t2) and t2.state().view(None)["phase"] == "swap")
    d2.press(K.A)                                  # keep
    until(d2, lambda: human_turn(t2))
    assert t2.known == ""


def test_nines_text_console_shows_what_a_swapper_knows():
    from engine.cards import card_text
    from ui.console import table as text_table
    st = games.new_game("nines", 3, 5)
    names = ["You", "Bo", "Cy"]
    assert not [x for x in text_table.table_lines(st.view(0), names, "Nines", 0) if "old hand" in x]
    old = list(st.view(0)["hands"][0])
    st.apply(401)                      # seat 0 (the dealer) swaps first
    lines = text_table.table_lines(st.view(0), names, "Nines", 0)
    known = [x for x in lines if x.startswith("Dummy (your old hand): ")]
    assert len(known) == 1 and all(card_text(c) in known[0] for c in old)
    assert not [x for x in text_table.table_lines(st.view(1), names, "Nines", 1)
                if "old hand" in x]    # seat 1 never swapped: it knows nothing
    st.apply(401)                      # seat 1 takes seat 0's old hand
    lines = text_table.table_lines(st.view(0), names, "Nines", 0)
    assert [x for x in lines if x.startswith("Bo holds (your old hand): ")]


def test_israeli_table_says_when_the_cards_are_dealt_again():
    # Four passes after the third Frisch: the same dealer deals again, and the
    # table says so while the new hands settle.
    from engine.actions import PASS
    REDEALT = faces.of("israeli").REDEALT
    from ui.table import words
    app, d = new_app()
    t = start(app, "israeli", ["human"] * 4, seed=3, opts={"rounds": 1})
    st = t.state()
    for _ in range(200):
        legal = st.legal_actions()
        t.act(PASS if PASS in legal else legal[0], st.to_act())
        if st.redeals:
            break
    assert st.redeals == 1 and st.phase == "trump_bid" and st.frisch_count == 0
    assert t.note == REDEALT and t.hold_until
    assert words.prompt(t, st.view(None), None) == REDEALT
    t.act(PASS, st.to_act())                       # the next call: the note goes
    assert t.note != REDEALT


def test_call_break_says_call_where_other_games_say_bid():
    from ui import faces
    from ui.screens.sheet import round_table
    for gid, word in (("callbreak", "call"), ("nommie", "bid")):
        st = games.new_game(gid, seed=4)
        while st.phase != "play":
            st.apply(st.legal_actions()[0])
        v = st.view(None)
        assert faces.of(v["game"]).stats(v, 0)[0] == "%s %d" % (word, v["bids"][0])
        while not st.history:
            st.apply(st.legal_actions()[0])
        assert round_table(st.view(None), ["A", "B", "C", "D"], 0)[0].split()[0] == \
            word.capitalize()


def test_two_bid_reasons_on_the_smallest_panel_still_name_the_missing_bids():
    # The dealer hooked off a bid after three 0-bids running: at 160x128 the
    # panel has two lines of 13 characters, too few for both reasons.
    from engine.actions import bid
    from ui.table import panel
    from ui.fmt import panel_cols, panel_rows
    st = games.new_game("nommie", seed=7)
    while st.turn != st.dealer:
        st.apply(bid(1))                          # the hook: 13 - 3 = 10
    st.zero_streak[st.dealer] = 3
    legal = st.legal_actions()
    missing = [n for n in range(st.hand_size() + 1) if bid(n) not in legal]
    assert len(missing) == 2 and 0 in missing

    class T:
        options = legal

        def names(self):
            return ["You", "Ann", "Bob", "Cy"]

        def state(self):
            return st
    alts = panel.reasons(T(), st.view(st.turn), "bid", st.turn)
    lines = panel.fit(alts, panel_cols(160), panel_rows(160, 128, 12) - 2)
    assert len(lines) <= 2 and " ".join(lines) == "Can't bid %d, %d" % tuple(missing)
    wide = panel.fit(alts, panel_cols(240), 8)             # room: the reasons in full
    assert "Three rounds at 0 in a row" in " ".join(wide)


def test_the_cards_a_frisch_passed_are_marked_until_the_first_trick():
    from engine.actions import PASS
    app, d, t, st = at_the_first_frisch()
    given = [[] for _ in range(4)]
    while st.phase == "frisch":
        s = st.to_act()
        c = st.legal_actions()[0]
        given[s].append(c)
        t.act(c, s)
    assert t.received == [given[(s - 1) % 4] for s in range(4)]   # from the right
    assert all(c in st.hands[s] for s in range(4) for c in t.received[s])
    t.act(PASS, st.to_act())                       # the auction again: marks stay
    assert t.received == [given[(s - 1) % 4] for s in range(4)]
    from ui.table import panel                           # and the panel says what blue means
    why = panel.reasons(t, st.view(None), "trump_bid", st.to_act())
    assert why[0][1] == "Blue cards: passed to you" and why[1][1] == "Blue: received"
    assert max(len(x) for x in why[1]) <= 14       # the short form fits 160 px's panel


@pytest.mark.parametrize("gid", ["nommie", "nines", "callbreak", "israeli"])
def test_a_new_rounds_bids_never_bring_back_the_last_rounds_trick(gid):
    # The view keeps the previous round's last trick as last_trick; the pause
    # after each bid (or swap, Frisch, trump bid) must not put it on the table.
    from engine.catalog import entry
    app, d = new_app(width=240, height=135)
    n = entry(gid)["players"]
    t = start(app, gid, ["human"] + ["bot"] * (n - 1), seed=7)
    held = []

    def check():
        if app.top() is not t or not t.hold_until or t.round_hold:
            return
        v = t.state().view(None)
        if v["phase"] not in ("play", "over") and v["last_trick"]:
            assert list(t.trick) == [], (v["phase"], v["round"], t.trick)
            held.append(v["phase"])

    for _ in range(3000):
        if len(t.state().history) >= 2:
            break
        wait = app.tick(d.now)
        check()
        while app.busy():
            d.now += max(1, min(wait if wait is not None else 20, 10000))
            wait = app.tick(d.now)
            check()
        app.key(K.A)
        check()
    assert len(t.state().history) >= 2 and held   # a second round's bids were paused on


def test_israeli_auction_up_and_down_change_the_tricks_and_undo_each_other():
    from engine.actions import PASS, trump_bid, action_text
    trick_step = faces.of("israeli").step
    opts = [PASS] + [trump_bid(n, s) for n in range(5, 14) for s in range(5)
                     if trump_bid(n, s) > trump_bid(5, 0)]          # 5 C was bid
    walk = []
    p = 1
    for up in (False, True, True, False, False, False, True):
        p = trick_step(opts, p, up)
        walk.append(action_text(opts[p]))
    assert walk == ["pass", "bid 5 D", "bid 6 D", "bid 5 D", "pass", "pass", "bid 5 D"]
    p = opts.index(trump_bid(13, 3))
    assert opts[trick_step(opts, p, True)] == trump_bid(13, 4)   # the top: the highest bid
    high = [PASS] + [a for a in opts[1:] if a > trump_bid(6, 2)]  # 6 H was bid
    p = high.index(trump_bid(7, 1))
    assert high[trick_step(high, p, False)] == trump_bid(6, 3)    # no 6 D: the lowest bid
    # at the table: the keys themselves
    app, d = new_app(width=240, height=135)
    t = start(app, "israeli", ["human", "bot", "bot", "bot"], seed=7)
    until(d, lambda: human_turn(t) and t.state().phase == "trump_bid")
    first = t.options[t.pick]
    d.press(K.DOWN)
    assert t.options[t.pick] == PASS
    d.press(K.UP)
    assert t.options[t.pick] == first
    d.press(K.UP)
    assert t.options[t.pick] == first + 5


def test_israeli_play_shows_over_or_under_beside_the_trump_and_keeps_the_dealer():
    T = faces.of("israeli")
    v = {"phase": "play", "trump": 3, "game_type": "under", "round": 1, "rounds": 13,
         "dealer": 2, "players": 4}
    assert T.trump_text(v) == "\u2660 under"
    assert T.header(v, ["You", "Ann", "Bob", "Cy"]) == "R2/13 dealer Bob"
    v["phase"] = "trump_bid"
    assert T.trump_text(v) == "trump \u2660"


def test_a_finished_trick_says_who_won_it_and_why_with_the_card_framed():
    from ui.table import words as T
    names = ["You", "Ann", "Bob", "Cy"]
    # hearts led (Q, A, K, 6): the ace; then a club when clubs are trump
    assert T.won_note([[1, 36], [2, 38], [3, 37], [0, 30]], 2, names) == \
        "Bob won: A\u2665 was highest"
    assert T.won_note([[1, 36], [2, 1], [3, 37], [0, 30]], 2, names) == \
        "Bob won: 3\u2663 is trump"
    assert len(T.won_note([[0, 8]], 0, ["Alexa"])) <= 26
    from test_ui_harness import make_rig
    rig = make_rig(160, 128)
    t = start_table(rig.app, Session.new("nommie", ["human", "bot", "bot", "bot"], [1] * 4, 3))
    app = rig.app
    for _ in range(2000):
        if t.hold_until and t.trick_hold:
            break
        if app.busy():                       # time passes in small steps: the hold shows
            app.tick(rig.driver.now)
            rig.driver.now += 20
        else:
            app.key(K.A)
    else:
        raise AssertionError("no finished trick on show")
    st = t.state()
    rig.draw()
    assert t.prompt == t.note == T.won_note(st.last_trick, st.last_winner, t.names())
    from ui import draw
    tv = rig.screen.table_view
    framed = [i for i in range(4) if tv.trick[i].pixel_shader is rig.screen.cards.palette(
        draw.card_at(tv.trick[i]), draw.LOOK_CURSOR)]
    assert framed == [(st.last_winner - t.pov) % 4]


def test_a_rounds_last_trick_is_explained_by_its_own_trump(monkeypatch):
    # Nines changes trump with every hand, and the state has moved to the next
    # hand when its last trick is on show: the note used to weigh that trick
    # against the next hand's trump ("You won: J♥ was highest" for a trump).
    from ui.table import words as T
    said = []
    note = T.won_note

    def spy(*args):
        st = t.state()
        said.append((args[0], args[1], note(*args), not st.trick and not st.plays))
        return said[-1][2]
    monkeypatch.setattr(T, "won_note", spy)
    app, d = new_app()
    t = start(app, "nines", ["human", "bot", "bot"], seed=1)
    for _ in range(20000):
        if app.busy():
            app.tick(d.now)
            d.now += 50
        elif name(app) == "Table":
            app.key(K.A)
        elif name(app) == "GameOver":
            break
        else:
            app.key(K.A)
    assert name(app) == "GameOver"
    trumped = 0
    for trick, w, text, last in said:
        card = [p[1] for p in trick if p[0] == w][0]
        off = card // 13 != trick[0][1] // 13        # won off the led suit: a trump
        assert text.endswith("is trump" if off else "was highest"), (trick, text)
        trumped += off and last
    assert trumped            # (a hand's last trick taken with a trump)


@pytest.mark.parametrize("gid", ["nommie", "nines", "israeli"])
def test_a_rounds_last_trick_shows_with_its_own_round_not_the_next(gid):
    # Nommie deal 54523's 13th trick stayed up under "R2/26 dealer Ann ...
    # You 12 pts": the next round's header and points. While it shows, the
    # header, trump, bids, tricks and totals are the round's own, and the
    # note's "is trump" the trick's trump (the next deal's may differ).
    from ui.table import words as T
    seeds = {"nommie": 54523, "nines": 4, "israeli": 5}
    app, d = new_app()
    seats = 3 if gid == "nines" else 4
    t = start(app, gid, ["human"] + ["bot"] * (seats - 1), seed=seeds[gid], levels=[0] * seats)
    st = t.state()
    before = None
    for _ in range(4000):
        if t.round_hold and t.hold_until:
            break
        if app.busy():                       # time in small steps: the hold shows
            v = st.view(None)
            if v["phase"] == "play" and not st.history:
                before = (t.header, t.trump_text, v["trump"])
            app.tick(d.now)
            d.now += 20
        else:
            app.key(K.A)
    else:
        raise AssertionError("no round's last trick on show")
    v = st.view(None)
    h = v["history"][-1]
    assert len(v["history"]) == 1 and (t.header, t.trump_text) == before[:2]
    assert t.header.startswith("R1") and t.active_pos == -1
    names = t.names()
    for i in range(seats):
        name_, words, score = t.seat_lines[i]
        s = (t.pov + i) % seats
        assert "won %d" % h["tricks"][s] in words
        assert score == str(v["scores"][s] - h["points"][s])        # the totals before it
        assert h["bids"][s] is None or "%s %d" % (t.face.BID, h["bids"][s]) in words
    assert t.note == T.won_note(v["last_trick"], v["last_winner"], names)
    until(d, lambda: name(app) == "RoundSummary")
    d.press(K.A)
    until(d, lambda: app.top() is t and not t.hold_until)
    assert t.header.startswith("R2")


def test_a_trump_chosen_is_named_with_who_chose_it():
    from ui.table import words as T
    assert T.trump_note(2, "Cy") == "Cy chose hearts"
    assert T.trump_note(4) == "Trump: No Trumps"
    app, d = new_app()
    t = start(app, "nommie", ["human", "bot", "bot", "bot"], seed=3)
    st = t.state()
    notes = []
    for _ in range(3000):
        if st.trump is not None:
            break
        if app.busy():                       # time passes in small steps
            app.tick(d.now)
            d.now += 20
        else:
            app.key(K.A)
    for _ in range(100):                     # the chooser's pause shows the note
        notes.append(t.note)
        if not t.hold_until:
            break
        app.tick(d.now)
        d.now += 20
    assert st.trump is not None
    assert any(n.endswith("chose " + fmt.trump_words(st.trump)) for n in notes + [t.note])


def test_a_card_drawn_in_linger_longer_is_marked_in_your_hand():
    app, d = new_app()
    t = start(app, "linger", ["human", "bot", "bot"], seed=3)     # you win a trick and draw
    for _ in range(400):
        d.settle()
        if t.drawn and human_turn(t):
            break
        d.press(K.A)
    else:
        raise AssertionError("no card drawn")
    assert all(c in t.hand for c in t.drawn)
    assert [t.hand[i] for i in range(len(t.hand)) if t.marked[i]] == list(t.drawn)
    old = list(t.drawn)
    d.press(K.A)                                  # your card played: the mark goes
    assert not set(old) & set(t.drawn)


@pytest.mark.parametrize("size", [(160, 128), (240, 135)], ids=["160x128", "240x135"])
def test_the_blue_of_a_drawn_card_is_said_while_it_shows(size):
    # Israeli Whist's Frisch says "Blue: received"; Linger Longer's drawn
    # card was blue with no word: the prompt says it, in one line, until
    # the card's mark goes.
    app, d = new_app(width=size[0], height=size[1])
    t = start(app, "linger", ["human", "bot", "bot"], seed=3)
    for _ in range(400):
        d.settle()
        if t.drawn and human_turn(t):
            break
        assert "blue" not in t.prompt.lower() or t.drawn
        d.press(K.A)
    assert t.prompt in ("Your lead (blue: drawn)", "Your turn (blue: drawn)")
    said = 0
    for _ in range(400):                          # the rest of the game: said while blue
        d.settle()
        if name(app) != "Table":
            break
        if human_turn(t) and t.hint is None:
            assert ("(blue: drawn)" in t.prompt) == bool(t.drawn), t.prompt
            said += bool(t.drawn)
        d.press(K.A)
    assert said >= 1


def test_a_card_played_for_you_is_said():
    app, d = new_app()
    app.settings["autoplay"] = True
    t = start(app, "nommie", ["human", "bot", "bot", "bot"], seed=3)
    said = []
    for _ in range(20000):
        if t.note.startswith("Played your only card "):
            said.append(t.note)
            break
        if app.busy():                    # small steps: the pause after it shows the note
            app.tick(d.now)
            d.now += 20
        else:
            app.key(K.A)
    assert said and said[0][len("Played your only card "):] in [fmt.card(c) for c in range(52)]


@pytest.mark.parametrize("size", [(160, 128), (240, 135)], ids=["160x128", "240x135"])
def test_side_seats_say_pts_as_the_others_do_or_the_score_alone(size):
    # A side seat's score says "pts" as the top and bottom seats' do where
    # it fits beside the centre panel ("12 pts"); a wider one shows alone
    # ("162", "-12.5"), never cut to "pt" ("162 pt" read as a typo).
    from test_ui_harness import make_rig
    rig = make_rig(*size)
    t = start_table(rig.app, Session.new("callbreak", ["human", "bot", "bot", "bot"], [1] * 4, 3))
    rig.driver.settle()
    for scores in (("12", "2.1", "162", "-12.5"), ("-4", "8", "-125", "0")):
        t.seat_lines = [(n, ["call 3", "won 1"], sc) for n, sc in zip(t.names(), scores)]
        t.version += 1
        rig.draw()                           # (the rig checks no label covers the panel)
        tv = rig.screen.table_view
        labels = [tv.seats[i].text for i in range(4)]
        assert labels[0].endswith(", %s pts" % scores[0])
        assert labels[2].endswith(scores[2] + " pts") or len(labels[2] + " pts") > tv.cols
        for i in (1, 3):
            last = labels[i].split("\n")[-1]
            assert last == scores[i] + " pts" if len(scores[i]) <= 2 else last == scores[i]
            assert not last.endswith(" pt")
