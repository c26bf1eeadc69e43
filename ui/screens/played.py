# The cards played this round, from a view's "plays" (engine/state.py:
# every card played this round with its seat, each seen by the whole table):
# every trick of the round (the score sheet's pages right of the totals, the
# console's `tricks`) and what is out, per suit (the sheet's page left of the
# totals where the setting has it, the console's `out`). Nothing else goes
# in: no hand, no Frisch pass, no Linger draw, no Nines swap. Loaded while
# one of them is used. (Its names are short and shared with other modules':
# a board interns each new name for good.)
from engine.ondemand import call
from engine.tricks import trick_winner
from ui import faces, fmt
from ui.screen import wrap


def shown(on, game):
    # Is the out page there, with the setting at on (ui.prefs "count": 0 off,
    # 1 "By game": where the game's players count cards as they play, its
    # registration's "counting", docs/playing.md says why; 2 every game)?
    return on == 2 or on == 1 and call("engine.catalog", "entry", game)["counting"]


def tricks(v):
    # The round's tricks, first to last, each [[seat, card], ...] in play
    # order (the last may be in play); a play that is no card of a seat (a
    # joiner's damaged message) is left out.
    n = v["players"]
    out = []
    for x in v.get("plays") or ():
        if type(x) is not int or x & 63 > 51 or x >> 6 & 7 >= n:
            continue
        if x & 512 or not out:
            out.append([])
        out[-1].append([x >> 6 & 7, x & 63])
    return out


def count(v):
    # The sheet's trick pages: one per trick, one when none is played yet.
    return max(1, len(tricks(v)))


def rows(t, names, back=None):
    # A trick's seats and cards, a line each in play order, the leader marked
    # (and seat back, who won it, where the why is not known).
    return [fmt.pad(names[s], 6) + (fmt.pad(fmt.card(c), 4) + "led" if s == t[0][0]
                                    else fmt.card(c)) + ("  won it" if s == back else "")
            for s, c in t]


def page(v, names, back, cols):
    # The sheet's trick page back tricks before the latest (0: the one in
    # play, or else the last one done): (title, lines), the trick's lines
    # then who won and why in the table's words, or whose turn it is. Before
    # any card of this round, the round before's last trick (its trump is
    # gone: who won, no why).
    ts = tricks(v)
    if not ts:
        t = v.get("last_trick")
        if not t:
            return "Last trick", ["No trick played yet."]
        return "Last round's last trick", rows(t, names, v.get("last_winner"))
    i = max(0, len(ts) - 1 - back)
    t = ts[i]
    title = "Trick %d" % (i + 1)
    if v.get("hand_size") and faces.of(v["game"]).TRICKS_KNOWN:   # (draws make it open)
        title += " of %d" % v["hand_size"]
    out = rows(t, names) + [""]
    if i < len(ts) - 1 or not v["trick"]:
        from ui.table.words import won_note
        return title, out + wrap(won_note(t, trick_winner(t, v["trump"]), names), cols - 1)
    s = v["to_act"]
    return "%s, in play" % title, out + ["" if s < 0 else "%s to play" % names[s]]


def lines(v, names, text):
    # The console's `tricks`: each trick of the round on a line, who led and
    # every card (text: a card's words), then who won and why.
    ts = tricks(v)
    if not ts:
        return ["No trick has been played yet this round."]
    from ui.table.words import won_note
    out = []
    for i in range(len(ts)):
        t = ts[i]
        out += wrap("Trick %d: %s" % (i + 1, ", ".join(
            [" ".join([names[s], "led", text(c)] if s == t[0][0] else [names[s], text(c)])
             for s, c in t])), 78)
        if i < len(ts) - 1 or not v["trick"]:
            out.append("  " + won_note(t, trick_winner(t, v["trump"]), names, text))
        else:
            out.append("  (in play)")
    return out


def out(v, cols, text=fmt.card):
    # What is out: (title, lines), the cards played this round per suit,
    # highest first, the trump suit first, then how many trumps are played
    # (text: a card's words, its suit the last character).
    got = [[], [], [], []]
    n = 0
    for t in tricks(v):
        for p in t:
            got[p[1] // 13].append(p[1])
            n += 1
    if not n:
        return "What is out", wrap("No card played yet this round.", cols - 1)
    trump = v.get("trump")
    order = [3, 2, 1, 0]
    if trump in order:
        order.remove(trump)
        order.insert(0, trump)
    res = []
    for s in order:
        cs = sorted(got[s], reverse=True)
        said = "all" if len(cs) == 13 else " ".join([text(c)[:-1] for c in cs]) or "-"
        said = wrap(said, cols - 3)
        res += [text(s * 13)[-1] + " " + said[0]] + ["  " + x for x in said[1:]]
    if trump in order:
        res += ["", "Trump %s: %d played" % (text(trump * 13)[-1], len(got[trump]))]
    elif trump is not None:
        res += ["", fmt.trump_words(trump)]
    return "Out: %d card%s played" % (n, "" if n == 1 else "s"), res
