"""A first game's tips, without a display: one per phase, once; every game
has a tip for each decision and its terms; the setting turns them off
(ui.tips)."""
from hal import keys as K
from ui.nostore import NoStore

from engine.catalog import ids

from uilogic import choose_menu, name, new_app, start


def test_a_first_game_gets_a_tip_per_phase_once_and_a_finished_kind_none():
    from ui import tips
    store = NoStore()
    app, d = new_app(store, tips=True)
    t = start(app, "nommie", ["human", "bot", "bot", "bot"], seed=3)
    d.settle()                    # the decision is set up (and drawn, on a screen),
    assert t.decided(0)           # then the tip comes over it before any key
    tip = app.top()
    assert name(app) == "Tip" and tip.text.startswith(tips.tip("nommie", "bid"))
    assert "UP hint, B undo" in tip.text
    d.press(K.A)                                  # got it: the bid as before
    assert app.top() is t and t.tipped == ["bid"]
    seen = []
    for _ in range(400):
        d.settle()
        if name(app) == "Tip":
            seen.append(app.top().text[:20])
        if len(t.state().history) >= 1:
            break
        d.press(K.A)
    assert seen == [tips.tip("nommie", "play")[:20]] or seen == [
        tips.tip("nommie", "trump")[:20], tips.tip("nommie", "play")[:20]]
    # once a game of this kind is finished here, no more tips for it
    from ui import tips as tips_
    tips_.learned(app, "nommie")
    assert store.settings["learned"] == ["nommie"]
    app2, d2 = new_app(store, tips=True)
    app2.settings["learned"] = store.settings["learned"]
    t2 = start(app2, "nommie", ["human", "bot", "bot", "bot"], seed=4)
    d2.settle()
    d2.settle()
    assert app2.top() is t2 and t2.tipped is None
    # and none at all with the setting off
    app3, d3 = new_app(NoStore(), tips=False)
    t3 = start(app3, "callbreak", ["human", "bot", "bot", "bot"], seed=4)
    d3.settle()
    d3.settle()
    assert app3.top() is t3


def test_every_game_has_a_tip_for_each_decision_and_its_terms():
    from engine import games
    from ui import tips
    import random
    for gid in ids():
        st = games.new_game(gid, None, 5)
        phases = set()
        rnd = random.Random(gid)
        for _ in range(3000):
            if st.is_over():
                break
            phases.add(st.phase)
            st.apply(rnd.choice(st.legal_actions()))
        assert all(tips.tip(gid, p) for p in phases - {"over"}), (gid, phases)
        assert tips.texts(gid, "term")


def test_settings_turn_the_tips_off():
    store = NoStore()
    app, d = new_app(store, tips=True)
    choose_menu(d, app, "Settings")
    top = app.top()
    assert top.lines[4].startswith("Tips") and top.lines[4].endswith("< On >")
    top.cursor = 4
    d.press(K.RIGHT)
    assert top.lines[4].endswith("< Off >")
    d.press(K.B)
    assert store.settings["tips"] is False
