# A joiner's check of the host's state messages against the protocol, before
# anything of one touches the table: every field's type, card values, seat
# numbers, lists as long as the table has players (the view's keys are
# docs/design.md's). problem(msg, seat, players, game) is None for a good
# message, else a short sentence saying what is wrong (the joiner answers it
# to the host and keeps its last good table). Loaded with the joiner.
from engine.actions import BID, KEEP, PASS, TRUMP, TRUMP_BID

PHASES = ("swap", "trump_bid", "frisch", "bid", "contract", "trump", "play", "over")
KINDS = ("human", "remote", "away", "open", "bot")
BIG = 1000000            # any score, count or number in a view is smaller
MOST_ROUNDS = 1000       # finished rounds a game may have
MOST_LEGAL = 100


class Bad(Exception):
    pass


def _int(x, lo=-BIG, hi=BIG):
    return type(x) is int and lo <= x <= hi


def _need(ok, what):
    if not ok:
        raise Bad(what)


def _cards(x, most=52):
    return type(x) is list and len(x) <= most and all(_int(c, 0, 51) for c in x)


def _per_seat(x, n, ok):
    return type(x) is list and len(x) == n and all(ok(e) for e in x)


def _opt(ok):
    return lambda x: x is None or ok(x)


def _action(a):
    return _int(a, 0, 51) or _int(a, BID, BID + 13) or _int(a, TRUMP, TRUMP + 4) \
        or _int(a, TRUMP_BID + 25, TRUMP_BID + 69) or _int(a, PASS, KEEP)


def _plays(x, n):
    # [[seat, card], ...]: a trick, at most one card per seat
    return type(x) is list and len(x) <= n and all(
        type(p) is list and len(p) == 2 and _int(p[0], 0, n - 1) and _int(p[1], 0, 51)
        for p in x)


def _view_keys(n):
    seat = lambda x: _int(x, 0, n - 1)        # noqa: E731
    num = lambda x: _int(x)                   # noqa: E731
    card = lambda x: _int(x, 0, 51)           # noqa: E731
    cards = _opt(_cards)
    return {
        "to_act": lambda x: _int(x, -1, n - 1),
        "round": lambda x: _int(x, 0, MOST_ROUNDS),
        "rounds": _opt(lambda x: _int(x, 0, MOST_ROUNDS)),
        "dealer": _opt(seat), "leader": _opt(seat), "last_winner": _opt(seat),
        "declarer": _opt(seat), "eight_winner": _opt(seat), "seat": _opt(seat),
        "hand_size": _opt(lambda x: _int(x, 0, 52)),
        "hands": lambda x: _per_seat(x, n, cards),
        "known_hands": lambda x: _per_seat(x, n, cards),
        "frisch_chosen": lambda x: _per_seat(x, n, cards),
        "dummy": cards,
        "counts": lambda x: _per_seat(x, n, lambda c: _int(c, 0, 52)),
        "trump": _opt(lambda x: _int(x, 0, 4)),
        "trump_card": _opt(card),
        "trick": lambda x: _plays(x, n),
        "last_trick": _opt(lambda x: _plays(x, n)),
        "bids": lambda x: _per_seat(x, n, _opt(num)),
        "calls": lambda x: _per_seat(x, n, _opt(num)),
        "trump_calls": lambda x: _per_seat(x, n, _opt(_action)),
        "tricks": lambda x: _per_seat(x, n, lambda c: _int(c, 0, 52)),
        "scores": lambda x: _per_seat(x, n, num),
        "zero_streak": lambda x: _per_seat(x, n, num),
        "voids": lambda x: _per_seat(x, n, num),
        "swapped": lambda x: _per_seat(x, n, lambda b: b is None or type(b) is bool),
        "sitting_out": lambda x: type(x) is list and len(x) <= n and all(seat(s) for s in x),
        "winners": lambda x: type(x) is list and len(x) <= n and all(seat(s) for s in x),
        "high_bid": _opt(lambda x: type(x) is list and len(x) == 3 and _int(x[0], 0, 13)
                         and _int(x[1], 0, 4) and seat(x[2])),
        "score_scale": lambda x: _int(x, 1, 1000),
        "min_bid": _opt(lambda x: _int(x, 0, 13)),
    }


def _history_round(r, n):
    _need(type(r) is dict, "a finished round is not an object")
    for k in ("bids", "tricks", "points"):
        _need(_per_seat(r.get(k), n, _opt(_int)), "a finished round's %s" % k)
    for k, x in r.items():
        _need(type(k) is str and _plain(x), "a finished round's %s" % k)


def _plain(x):
    # a value this version does not read: a short text, a number or a flat list
    if x is None or type(x) in (bool, int):
        return True
    if type(x) is str:
        return len(x) <= 40
    return type(x) is list and len(x) <= 60 and all(
        e is None or type(e) in (bool, int) for e in x)


def _view(v, seat, n, game):
    _need(type(v) is dict, "view is not an object")
    _need(v.get("game") == game, "view's game is not the table's")
    _need(v.get("players") == n, "view's players is not the table's")
    _need(v.get("phase") in PHASES, "view's phase")
    _need("history" not in v, "history inside the view")
    for k in ("to_act", "hands", "counts", "trick", "scores", "tricks", "round", "bids"):
        _need(k in v, "view has no %s" % k)
    checks = _view_keys(n)
    for k, x in v.items():
        ok = checks.get(k)
        if ok is not None:
            _need(ok(x), "view's %s" % k)
        elif k not in ("game", "players", "phase"):
            _need(type(k) is str and _plain(x), "view's %s" % k)
    _need(type(v["hands"][seat]) is list, "view has no hand for this seat")


def _state(msg, seat, n, game):
    _view(msg.get("view"), seat, n, game)
    v = msg["view"]
    _need(_int(msg.get("n"), 0, BIG), "n")
    d = msg.get("deal")
    _need(d is None or (type(d) is int and d >= 0), "deal")
    legal = msg.get("legal")
    _need(type(legal) is list and len(legal) <= MOST_LEGAL and all(_action(a) for a in legal),
          "legal")
    _need(not legal or v["to_act"] == seat, "legal actions when it is not this seat's turn")
    why = msg.get("why")
    _need(why is None or (type(why) is list and len(why) <= MOST_LEGAL and all(
        type(w) is list and len(w) == 2 and _action(w[0]) and type(w[1]) is str
        and len(w[1]) <= 200 for w in why)), "why")
    h0, hist, hn = msg.get("h0"), msg.get("hist"), msg.get("hn")
    _need(_int(h0, 0, MOST_ROUNDS) and type(hist) is list and len(hist) <= MOST_ROUNDS
          and _int(hn, h0 + len(hist), MOST_ROUNDS), "h0, hist and hn")
    for r in hist:
        _history_round(r, n)
    names = msg.get("names")
    _need(names is None or _per_seat(names, n, lambda x: type(x) is str and len(x) <= 40),
          "names")
    kinds = msg.get("kinds")
    _need(kinds is None or _per_seat(kinds, n, lambda x: x in KINDS), "kinds")
    w = msg.get("wait")
    _need(w is None or (type(w) is list and len(w) == 2 and _int(w[0], 0, n - 1)
                        and _int(w[1], -1, BIG)), "wait")
    win = msg.get("winners")
    _need(win is None or (type(win) is list and len(win) <= n
                          and all(_int(s, 0, n - 1) for s in win)), "winners")


def problem(msg, seat, players, game):
    # None if msg (a decoded "state" message) is one this joiner can show,
    # else what is wrong with it.
    try:
        _state(msg, seat, players, game)
    except Bad as e:
        return "bad %s" % e
    return None
