"""Per-action cost of the engine on CPython, beside OpenSpiel's oh_hell in the
same process. Dev-side only.

    python -m tools.bench.engine_speed [--game nommie] [--blocks 5] [--seconds 0.6]

What is timed: random playouts, and in them one ``legal_actions()`` plus one
``apply()`` per action (the loop a search runs), the action picked by the
same inline LCG in every loop. Dealing is left out on both sides: OpenSpiel
deals with chance nodes before the first bid, and this engine deals the next
round inside the ``apply()`` of a round's last card, so each round is timed
from its first decision up to (not including) its last card. The timed loop
is one function on every side (``timed``): where a round's last card falls is
found beforehand on a twin state, untimed (``_round_ahead``). Time is CPU
time (``time.process_time``), in ``blocks`` blocks of about ``seconds``
each; the figure is the median block, so a busy machine that slows one block
does not move it.

OpenSpiel (``pip install open_spiel``, an optional extra: ``pyspiel``) plays
oh_hell with 4 players, its number of tricks dealt at random (1-12 cards),
the nearest game it has to Nommie. Without it the tool compares with the
figure recorded in issue 15 on the machine of the time: 0.86 us per action
(this engine then: 2.84 us), so only the ratio to that is meaningful.

``figures(games, blocks, seconds)`` returns plain data::

    {"openspiel": {"us_per_action": .., "blocks": [..]} or None,
     "openspiel_missing": None or why, "reference_us": 0.86,
     "games": [{"game": "nommie", "us_per_action": .., "blocks": [..],
                "ratio": ours / OpenSpiel's (or / reference_us)}, ...],
     "floors": [{"floor": "loop only", ...}, {"floor": "bare trick play", ...}]}

The floors are timed in the same turns: the loop alone (a state that does
nothing) and a bare trick-play state (``BareTricks``: follow suit, the trick's
winner, the log, nothing else). They show how much of OpenSpiel's cost is
left to rules when they are interpreted Python.
"""
import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
from engine.catalog import ids as game_ids  # noqa: E402  (the path first)

REFERENCE_US = 0.86          # OpenSpiel oh_hell, issue 15 (this engine then: 2.84)


def _median(xs):
    s = sorted(xs)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2.0


def timed(legal_actions, apply, todo, x):
    """The timed loop, one for every side (the games, the floors, OpenSpiel):
    todo random decisions, the action picked by the LCG from state x.
    Returns (CPU seconds, the LCG state after)."""
    clock = time.process_time
    n = 0
    t0 = clock()
    while n < todo:
        legal = legal_actions()
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        apply(legal[x % len(legal)])
        n += 1
    return clock() - t0, x


def ours_block(game, seconds, seed0=1):
    """(CPU seconds, actions) of random playouts for about `seconds`.

    The timed loop is OpenSpiel's, the same function (``timed``). Its
    bookkeeping (where a round's last card falls, an early end) is done
    untimed, on a twin state of the same seed that plays the same actions
    first, so this side is not charged for checks the other side does not run.
    """
    clock = time.process_time
    spent = 0.0
    count = 0
    x = 12345
    seed = seed0
    start = clock()
    while clock() - start < seconds:
        st = _new(game, seed)
        twin = _new(game, seed)
        seed += 1
        legal_actions = st.legal_actions
        apply = st.apply
        while st.phase != "over":
            todo, last = _round_ahead(twin, x)
            took, x = timed(legal_actions, apply, todo, x)
            spent += took
            count += todo
            if last is not None:
                apply(last)  # the round's last card: deals the next round, untimed
    return spent, count


def _new(game, seed):
    from engine import games
    return games.new_game(game, 4 if game == "linger" else None, seed)


def _round_ahead(st, x):
    # Play st (the twin) through its round as the timed loop will, from LCG
    # state x: (the decisions before the round's last card, that last card,
    # or None when the round ended early: Call Break's 8-trick win). The last
    # card is played too, so the twin stays one round ahead in step.
    rnd = st.round
    todo = 0
    while True:
        legal = st.legal_actions()
        if len(legal) == 1 and _last_card(st):
            st.apply(legal[0])
            return todo, legal[0]
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        st.apply(legal[x % len(legal)])
        todo += 1
        if st.round != rnd or st.phase == "over":
            return todo, None


def _last_card(st):
    # Is the seat to act about to play the last card of the round?
    if st.phase != "play":
        return False
    if len(st.trick) + 1 < st.size:
        return False
    for h in st.hands:
        if len(h) > 1:
            return False
    if getattr(st, "stock", None):
        return False
    return True


# --- floors: what the loop costs with (almost) no rules ----------------------
class LoopOnly:
    """The timed loop's own cost: legal_actions() hands back one list and
    apply() does nothing."""
    LEGAL = [0, 1, 2]

    def __init__(self, seed):
        pass

    def legal_actions(self):
        return self.LEGAL

    def apply(self, a):
        pass


class BareTricks:
    """The least a trick-taking engine does per card, in the engine's own
    style: 4 seats of 13 cards kept split by suit, follow suit when able, the
    card winning the trick kept as cards fall (no trumps), the log. No bids,
    scoring, checks beyond list.remove, rounds, views or saves."""

    def __init__(self, seed):
        deck = list(range(52))
        for i in range(51, 0, -1):  # a seeded Fisher-Yates (the LCG of the loop)
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            j = seed % (i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        self.hands = [sorted(deck[13 * s:13 * s + 13]) for s in range(4)]
        self.suits = [[[c for c in h if c // 13 == f] for f in range(4)] for h in self.hands]
        self.turn = 0
        self.trick = []
        self.led = None       # the suit led, None before a trick's first card
        self.top_seat = self.top_card = 0
        self.tricks = [0] * 4
        self.log = bytearray()
        self.cache = None

    def legal_actions(self):
        seat = self.turn
        legal = self.hands[seat]
        if self.led is not None:
            f = self.suits[seat][self.led]
            if f:
                legal = f
        self.cache = legal
        return legal[:]

    def apply(self, a):
        legal = self.cache
        legal.remove(a)
        seat = self.turn
        hand = self.hands[seat]
        if legal is not hand:
            hand.remove(a)
        else:
            self.suits[seat][a // 13].remove(a)
        trick = self.trick
        trick.append(a)
        self.log.append(a)
        if self.led is None:
            self.led = a // 13
            self.top_seat, self.top_card = seat, a
        elif a // 13 == self.led and a > self.top_card:
            self.top_seat, self.top_card = seat, a
        if len(trick) < 4:
            self.turn = (seat + 1) % 4
            return
        w = self.top_seat
        self.tricks[w] += 1
        self.trick = []
        self.led = None
        self.turn = w


FLOORS = (("loop only", LoopOnly), ("bare trick play", BareTricks))


def floor_block(make, seconds, seed0=1):
    """(CPU seconds, actions): the timed loop over states make(seed), each
    timed for 51 decisions (a deal's last card left out, as for the games)."""
    clock = time.process_time
    spent = 0.0
    count = 0
    x = 12345
    seed = seed0
    start = clock()
    while clock() - start < seconds:
        st = make(seed)
        seed += 1
        legal_actions = st.legal_actions
        apply = st.apply
        todo = 51
        took, x = timed(legal_actions, apply, todo, x)
        spent += took
        count += todo
    return spent, count


def openspiel_block(seconds, seed0=1):
    """(CPU seconds, actions) of random oh_hell playouts: player decisions only."""
    import pyspiel
    game = pyspiel.load_game("oh_hell", {"players": 4})
    clock = time.process_time
    spent = 0.0
    count = 0
    x = 12345
    seed = seed0
    start = clock()
    while clock() - start < seconds:
        st = game.new_initial_state()
        while st.is_chance_node():
            outcomes = st.chance_outcomes()
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            st.apply_action(outcomes[seed % len(outcomes)][0])
        legal_actions = st.legal_actions
        apply = st.apply_action
        # the first decision is a bid of 0..T (T cards each): 4 bids + 4T cards
        todo = 4 + 4 * (len(legal_actions()) - 1) - 1
        took, x = timed(legal_actions, apply, todo, x)
        spent += took
        count += todo
    return spent, count


def _per_action(fn, seconds, block):
    spent, n = fn(seconds, 1 + 1000 * block)
    return 1e6 * spent / max(1, n)


def openspiel_available():
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return "pyspiel is not installed (pip install open_spiel)"
    return None


def figures(games=None, blocks=5, seconds=0.6):
    # Blocks take turns (OpenSpiel, then each game, then OpenSpiel again...),
    # so a game's ratio is the median of ratios to the OpenSpiel block of the
    # same turn: a machine that slows down for a while slows both sides.
    games = list(games or game_ids())
    missing = openspiel_available()
    os_blocks = []
    ours = dict((g, []) for g in games)
    floors = dict((name, []) for name, _ in FLOORS)
    for b in range(blocks):
        if missing is None:
            os_blocks.append(_per_action(openspiel_block, seconds, b))
        for g in games:
            ours[g].append(_per_action(lambda s, seed, g=g: ours_block(g, s, seed), seconds, b))
        for name, make in FLOORS:
            floors[name].append(_per_action(
                lambda s, seed, make=make: floor_block(make, s, seed), seconds / 2, b))
    os_fig = None
    if os_blocks:
        os_fig = {"us_per_action": _median(os_blocks), "blocks": os_blocks}
    out = {"openspiel": os_fig, "openspiel_missing": missing, "reference_us": REFERENCE_US,
           "games": [], "floors": []}
    for rows, key, times in ((out["games"], "game", ours), (out["floors"], "floor", floors)):
        for name in times:
            per = times[name]
            refs = os_blocks or [REFERENCE_US] * len(per)
            rows.append({key: name, "us_per_action": _median(per), "blocks": per,
                         "ratio": _median([u / r for u, r in zip(per, refs)])})
    return out


def print_table(data, out=None):
    w = (out or sys.stdout).write
    w("Per action, legal_actions() + apply() in random playouts (CPU time, median of %d blocks;"
      " ratio: median of each turn's ratio)\n"
      % len(data["games"][0]["blocks"] if data["games"] else 0))
    os_fig = data["openspiel"]
    if os_fig:
        w("{:<22} {:>8.2f} us\n".format("OpenSpiel oh_hell (4p)", os_fig["us_per_action"]))
        base = "OpenSpiel"
    else:
        w("OpenSpiel not measured: %s; against the recorded %.2f us\n"
          % (data["openspiel_missing"], data["reference_us"]))
        base = "recorded"
    for g in data["games"]:
        w("{:<22} {:>8.2f} us  {:>5.2f}x {}\n".format(g["game"], g["us_per_action"], g["ratio"],
                                                      base))
    if data.get("floors"):
        w("Floors, the same loop (tools/bench/engine_speed.py: LoopOnly, BareTricks):\n")
    for f in data.get("floors", ()):
        w("{:<22} {:>8.2f} us  {:>5.2f}x {}\n".format(f["floor"], f["us_per_action"], f["ratio"],
                                                      base))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench.engine_speed",
                                 description="per-action engine cost vs OpenSpiel oh_hell")
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    ap.add_argument("--blocks", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=0.6, help="CPU seconds per block")
    args = ap.parse_args(argv)
    print_table(figures(args.game, args.blocks, args.seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
