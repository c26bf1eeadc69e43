# A joiner's check of the host's state messages against the protocol, before
# anything of one touches the table: every field's type, card values, seat
# numbers, lists as long as the table has players (the view's keys are
# docs/design.md's; a game's own phases and keys are its face's: ui.faces).
# problem(msg, seat, players, game) is None for a good message, else a short
# sentence saying what is wrong (the joiner answers it to the host and keeps
# its last good table). Loaded with the joiner.
from engine.actions import BID, KEEP, PASS, TRUMP, TRUMP_BID
from ui import faces

PHASES = ("bid", "play", "over")      # every game's; the game's own: its face's
KINDS = ("human", "remote", "away", "open", "bot")
BIG = 1000000            # any score, count or number in a view is smaller
MOST_ROUNDS = 1000       # finished rounds a game may have
MOST_LEGAL = 100
DECK = 52                # cards in any list of cards
LONGEST_WHY = 200        # characters in a reason the host sends
LONGEST_WORDS = 24       # characters in an action's text the host sends


class Bad(Exception):
    pass


def _int(x, lo=-BIG, hi=BIG):
    return type(x) is int and lo <= x <= hi


def _need(ok, what):
    if not ok:
        raise Bad(what)


def _cards(x):
    if type(x) is not list or len(x) > DECK:
        return False
    for c in x:
        if not _int(c, 0, 51):
            return False
    return True


def _action(a):
    return _int(a, 0, 51) or _int(a, BID, BID + 13) or _int(a, TRUMP, TRUMP + 4) \
        or _int(a, TRUMP_BID + 25, TRUMP_BID + 69) or _int(a, PASS, KEEP)


def _plays(x, n):
    # [[seat, card], ...]: a trick, at most one card per seat
    if type(x) is not list or len(x) > n:
        return False
    for p in x:
        if type(p) is not list or len(p) != 2 or not _int(p[0], 0, n - 1) \
                or not _int(p[1], 0, 51):
            return False
    return True


# What each view key holds, by a letter (upper case: a list of it, one per
# seat; "?" after it: or None); the game's own keys are its face's (KEYS).
# A key in neither is one this version does not read: _plain.
KEYS = {"to_act": "t", "round": "r", "rounds": "r?", "dealer": "s?", "leader": "s?",
        "last_winner": "s?", "seat": "s?", "hand_size": "k?", "hands": "C",
        "counts": "K", "trump": "u?", "trick": "p", "last_trick": "p?", "bids": "N",
        "tricks": "K", "scores": "I", "score_scale": "x"}


def _one(code, x, n):
    # x as the letter code says (lower case: one value)
    if code == "t":
        return _int(x, -1, n - 1)
    if code == "s":
        return _int(x, 0, n - 1)
    if code == "r":
        return _int(x, 0, MOST_ROUNDS)
    if code == "k":
        return _int(x, 0, 52)
    if code == "c":
        return _cards(x)
    if code == "u":
        return _int(x, 0, 4)
    if code == "d":
        return _int(x, 0, 51)
    if code == "p":
        return _plays(x, n)
    if code == "i":
        return _int(x)
    if code == "n":
        return x is None or _int(x)
    if code == "a":
        return x is None or _action(x)
    if code == "b":
        return x is None or type(x) is bool
    if code == "l":
        return type(x) is list and len(x) <= n and _all("s", x, n)
    if code == "h":
        return type(x) is list and len(x) == 3 and _int(x[0], 0, 13) and _int(x[1], 0, 4) \
            and _int(x[2], 0, n - 1)
    if code == "x":
        return _int(x, 1, 1000)
    if code == "m":
        return _int(x, 0, 13)
    return False


def _all(code, xs, n):
    for x in xs:
        if not _one(code, x, n):
            return False
    return True


def _fits(code, x, n):
    if code.endswith("?"):
        if x is None:
            return True
        code = code[0]
    if code == "C":          # per seat: None or a list of cards
        return _per_seat(x, n) and _all("c", [h for h in x if h is not None], n)
    if "A" <= code <= "Z":
        return _per_seat(x, n) and _all(code.lower(), x, n)
    return _one(code, x, n)


def _per_seat(x, n):
    return type(x) is list and len(x) == n


def _history_round(r, n):
    # bids per seat (None: a game without them), then the tricks and points
    # every finished round has for every seat (the score sheet adds them up)
    _need(type(r) is dict, "a finished round is not an object")
    for k, code in (("bids", "N"), ("tricks", "K"), ("points", "I")):
        _need(_fits(code, r.get(k), n), "a finished round's %s" % k)
    for k, x in r.items():
        _need(type(k) is str and _plain(x), "a finished round's %s" % k)


def _texts(xs, most):
    for x in xs:
        if type(x) is not str or len(x) > most:
            return False
    return True


def _plain(x):
    # a value this version does not read: a short text, a number or a flat list
    if x is None or type(x) in (bool, int):
        return True
    if type(x) is str:
        return len(x) <= 40
    if type(x) is not list or len(x) > 60:
        return False
    for e in x:
        if e is not None and type(e) is not bool and type(e) is not int:
            return False
    return True


def _view(v, seat, n, game):
    _need(type(v) is dict, "view is not an object")
    _need(v.get("game") == game, "view's game is not the table's")
    _need(v.get("players") == n, "view's players is not the table's")
    face = faces.of(game)
    _need(v.get("phase") in PHASES or v.get("phase") in face.PHASES, "view's phase")
    _need("history" not in v, "history inside the view")
    for k in ("to_act", "hands", "counts", "trick", "scores", "tricks", "round", "bids"):
        _need(k in v, "view has no %s" % k)
    for k, x in v.items():
        code = KEYS.get(k) or face.KEYS.get(k)
        if code is not None:
            _need(_fits(code, x, n), "view's %s" % k)
        elif k not in ("game", "players", "phase"):
            _need(type(k) is str and _plain(x), "view's %s" % k)
    _need(type(v["hands"][seat]) is list, "view has no hand for this seat")


def _pairs(pairs, longest, what):
    # [[action, text], ...] or None: the host's reasons ("why") or words
    # ("words") for moves, each text at most longest characters (a function
    # of its own: a joiner loads this module for each message, and a long
    # function needs one long block of heap each time)
    _need(pairs is None or (type(pairs) is list and len(pairs) <= MOST_LEGAL), what)
    for w in pairs or ():
        _need(type(w) is list and len(w) == 2 and _int(w[0]) and _action(w[0])
              and type(w[1]) is str and len(w[1]) <= longest, what)


def _state(msg, seat, n, game):
    _view(msg.get("view"), seat, n, game)
    v = msg["view"]
    _need(_int(msg.get("n"), 0, BIG), "n")
    d = msg.get("deal")
    _need(d is None or (type(d) is int and d >= 0), "deal")
    legal = msg.get("legal")
    _need(type(legal) is list and len(legal) <= MOST_LEGAL and _all("a", legal, n)
          and None not in legal, "legal")
    _need(not legal or v["to_act"] == seat, "legal actions when it is not this seat's turn")
    _pairs(msg.get("why"), LONGEST_WHY, "why")
    _pairs(msg.get("words"), LONGEST_WORDS, "words")
    h0, hist, hn = msg.get("h0"), msg.get("hist"), msg.get("hn")
    _need(_int(h0, 0, MOST_ROUNDS) and type(hist) is list and len(hist) <= MOST_ROUNDS
          and _int(hn, h0 + len(hist), MOST_ROUNDS), "h0, hist and hn")
    for r in hist:
        _history_round(r, n)
    names = msg.get("names")
    _need(names is None or (_per_seat(names, n) and _texts(names, 40)), "names")
    kinds = msg.get("kinds")
    _need(kinds is None or (_per_seat(kinds, n) and _texts(kinds, 6)
                            and not [k for k in kinds if k not in KINDS]), "kinds")
    _need(_fits("r?", msg.get("turn"), n), "turn")
    w = msg.get("wait")
    _need(w is None or (type(w) is list and len(w) == 2 and _int(w[0], 0, n - 1)
                        and _int(w[1], -1, BIG)), "wait")
    _need(_fits("l?", msg.get("winners"), n), "winners")


def problem(msg, seat, players, game):
    # None if msg (a decoded "state" message) is one this joiner can show,
    # else what is wrong with it.
    try:
        _state(msg, seat, players, game)
    except Bad as e:
        return "bad %s" % e
    return None
