# Undo by replay: a game is its seed, options and action log, so taking moves
# back is replaying the log's codes without its tail. Loaded on demand.
# Works from the state's bytearray log (a copy of its bytes, never a list of
# all actions).
#
# The rules (the same on the screen and in the text console):
# - Per player: `who`, the human who has the device, takes back their own
#   last real decision, with the bot moves and forced moves after it (a move
#   with one legal choice is not a decision: autoplay would only replay it).
#   A run of cards picked to pass (the face's PASSING phase: a Frisch) is
#   one decision.
# - Not once another human has acted since: that would undo their move.
# - Never past new hidden information: when cards reached who's hand after
#   that decision (a new deal, a card drawn, a swap with the dummy, Frisch
#   cards received), the decision stays; undo says so.
# - Israeli Whist's "undo last trick" (trick=True) takes back the trick from
#   the engine's trick_start (and the one before when the trick in progress
#   holds only bots' cards; none when it is the deal's first), under the
#   same two checks.
from engine.actions import decode

NOTHING = "Nothing to take back."
OTHER = "Another player has played since: that move stays."
SEEN = "You have seen new cards since that move: it stays."
NO_TRICK = "There is no trick to take back now."


def _mask(hand):
    # the cards of a hand as two 26-bit ints (small ints on the device)
    lo = hi = 0
    for c in hand:
        if c < 26:
            lo |= 1 << c
        else:
            hi |= 1 << (c - 26)
    return lo, hi


def trick_start(state, seats):
    # Where Israeli Whist's "undo last trick" goes back to, or None: the
    # engine's trick_start; when the trick in progress holds no person's card
    # (it would only be played again the same way) the trick before it too,
    # and None when this deal has none before it.
    start = getattr(state, "trick_start", None)
    t = state.trick
    if start is None or not t:
        return start
    for q in t:
        if seats[q[0]] == "human":
            return start
    if len(state.plays) >= len(t) + state.size:
        return start - state.size
    return None


def last_human(state, seats, who=None, trick=False, dry=False, passing=None):
    # Take back who's last real decision (trick: the last trick) in state;
    # None when done, else the sentence why not (state as it was).
    # who None: the human who acted last. dry: only say whether it could be
    # done (None), the state left as it was. passing: the phase whose picks
    # make one decision (ui.faces: PASSING).
    codes = bytes(state.log)
    n = len(codes)
    p = len(seats)
    start = 0
    if trick:
        start = trick_start(state, seats)
        if start is None:
            return NO_TRICK
    state.rewind(n - start)
    watch = [who] if who is not None else [s for s in range(p) if seats[s] == "human"]
    masks = [None] * p
    for w in watch:
        masks[w] = _mask(state.hands[w])
    seen = [-1] * p        # per seat: the last log length at which cards reached it
    cut = [start if trick else -1] * p   # per seat: where its last decision starts
    acted = [-1] * p       # per seat: its last action
    last = -1
    run = -1               # the human seat whose picks to pass the last action was
    for i in range(start, n):
        s = state.to_act()
        if 0 <= s < p and seats[s] == "human":
            acted[s] = i
            last = s
            picks = passing is not None and state.phase == passing
            if not trick and (run != s if picks else len(state.legal_actions()) > 1):
                cut[s] = i
            run = s if picks else -1
        else:
            run = -1
        state.apply(decode(codes[i]))
        for w in watch:
            lo, hi = _mask(state.hands[w])
            if lo & ~masks[w][0] or hi & ~masks[w][1]:
                seen[w] = i + 1
            masks[w] = (lo, hi)
    if who is None:
        who = last if last >= 0 or not watch else watch[0]
    if who < 0 or cut[who] < 0:
        return NOTHING
    c = cut[who]
    for s in range(p):
        if s != who and acted[s] >= c:
            return OTHER
    if seen[who] > c:
        return SEEN
    if not dry:
        state.rewind(n - c)
    return None
