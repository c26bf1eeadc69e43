"""The ``search`` opponent: a determinized-search player for the tournament,
written apart from the project's bots (it shares no code with engine/bots/)
from issue 41's description of an outside reviewer's player. Desktop only:
it uses floats and ``random``, and takes tens of milliseconds a decision.

    from tools.strength import search
    search.choose(view, legal, seed)        # one of legal

How it decides:

- Card play (every game). It samples ``DEALS`` deals of the cards it cannot
  see that agree with everything the seat knows: its own hand, the cards
  played, the suits a seat has shown out of, Call Break's forced plays (a
  seat that followed without beating the winning card of the led suit holds
  none above it; a void seat that did not trump over holds no spade above
  the winning one, or none at all), the hands Nines shows (``known_hands``),
  and that some cards lie undealt (Nommie), in the dummy (Nines) or in the
  stock (Linger Longer). It draws ``DRAW`` times as many deals and keeps
  ``DEALS`` of them in proportion to how well each bidder's original hand
  (what it holds now plus what it has played) fits the bid it made
  (``fit()``: a Gaussian in the sober trick estimate's distance from the
  bid). Each legal card (less cards that play alike) is then played out to
  the round's end in every kept deal by a rollout that sees all hands
  (``rollout()``: win as cheaply as is safe while short of the bid, duck
  once it is made; always win in Call Break and Nines), and the card with the
  best mean value is played. Values: Nommie its round points less the
  others' mean; Call Break and Israeli Whist its round points; Nines its
  tricks less the others' mean; Linger Longer its share of the win (the
  rollout plays the game on with the winner drawing from the stock).
- Bids. Nommie bids, Call Break calls and Israeli contracts: every legal bid
  within ``SPREAD`` of the sober estimate, each scored by playing the whole
  round out on ``BID_DEALS`` sampled deals (weighted by the earlier bids'
  fit), the later bidders bidding their sober estimate (a hooked dealer the
  lower neighbour) and Nommie's declarer choosing its best-estimated trump.
- Nommie's trump: the same search over all five choices.
- Israeli Whist's auction: the cheapest bid in the suit with the best sober
  estimate that reaches it, else pass; a Frisch gives the lowest cards.
- Nines' swap: keep and swap each played out on ``BID_DEALS`` deals (the
  dummy sampled unless the seat has seen it; later seats swap a hand whose
  sober count is below two).

The same inputs give the same choice: its generator is seeded from the seed
and the position. ``stats`` counts the work (deals sampled, rollouts, cards
played out) for the tests and the figures.
"""
import math
import random

from tools.strength import pool

DEALS = 40       # deals kept per card decision
DRAW = 3         # drawn per deal kept: resampled by the bids' fit
BID_DEALS = 24   # deals per bid, trump or swap decision
SPREAD = 3       # bids searched either side of the sober estimate
SIGMA = 1.0      # the fit's width in tricks
LINGER_CAP = 160  # cards per Linger Longer rollout before it is scored by cards held

PASS, SWAP, KEEP, BID, TRUMP, TRUMP_BID = 400, 401, 402, 100, 200, 300
LEAD = 512
SPADES = 3

stats = {"decisions": 0, "deals": 0, "rollouts": 0, "cards": 0}


def choose(view, legal, seed=0):
    if len(legal) == 1:
        return legal[0]
    rng = random.Random(position_key(view, seed))
    stats["decisions"] += 1
    phase = view["phase"]
    game = view["game"]
    if phase == "play":
        return choose_card(view, legal, rng)
    if phase in ("bid", "contract"):
        return choose_bid(view, legal, rng)
    if phase == "trump":
        return choose_trump(view, legal, rng)
    if phase == "swap":
        return choose_swap(view, legal, rng)
    if phase == "trump_bid":
        return auction(view, legal)
    if phase == "frisch":
        return min(legal, key=lambda c: (c % 13, c))
    raise ValueError("search: no phase %r in %s" % (phase, game))


def position_key(view, seed):
    # ints only: Python hashes strings differently in each process
    k = seed * 1000003 + view["round"] * 7919 + len(view["plays"]) * 131 + view["to_act"]
    for c in view["counts"]:
        k = k * 31 + c
    for b in view["bids"]:
        k = k * 17 + (0 if b is None else b + 1)
    return k & 0xFFFFFFFFFFFF


# --- cards and hands -------------------------------------------------------

def beats(c, best, trump):
    if c // 13 == best // 13:
        return c > best
    return c // 13 == trump


def cost(c, trump):
    return c % 13 + (13 if c // 13 == trump else 0)


def trump_of(view):
    t = view["trump"]
    if view["game"] == "callbreak":
        return SPADES
    return 4 if t is None else t


def sober_tricks(hand, trump):
    """The sober estimate: pool.estimate's honours and trump length."""
    return pool.estimate(hand, trump)


def best_trump(hand):
    return max(range(5), key=lambda s: (sober_tricks(hand, s), -s))


# --- what the seat knows ---------------------------------------------------

class Knowledge:
    """The seat's knowledge of the hidden cards: the unseen cards, how many
    each seat holds, the hands it knows, and per seat and suit the rank every
    card it may hold lies below (``ceil``: 13 no limit, 0 a void)."""

    def __init__(self, view):
        n = view["players"]
        me = view["to_act"]
        self.n, self.me = n, me
        self.trump = trump_of(view)
        seen = [False] * 52
        self.fixed = [None] * n
        self.fixed[me] = list(view["hands"][me])
        known = view.get("known_hands")
        if known:
            for p in range(n):
                if known[p] is not None:
                    self.fixed[p] = list(known[p])
        for h in self.fixed:
            for c in h or ():
                seen[c] = True
        if view.get("dummy"):
            for c in view["dummy"]:
                seen[c] = True
        self.played = [[] for _ in range(n)]
        for x in view["plays"]:
            seen[x & 63] = True
            self.played[(x >> 6) & 7].append(x & 63)
        self.unseen = [c for c in range(52) if not seen[c]]
        self.counts = list(view["counts"])
        self.ceil = [[13] * 4 for _ in range(n)]
        if view["game"] != "linger":   # no duty to follow there: nothing shows
            self._read_plays(view["plays"], view["game"] == "callbreak")
        hidden = sum(self.counts[p] for p in range(n) if self.fixed[p] is None)
        self.rest = len(self.unseen) - hidden   # undealt, the dummy or the stock
        # where each unseen card may lie (n: the rest)
        self.options = dict((c, [p for p in range(n) if self.fixed[p] is None
                                 and self.may_hold(p, c)] + [n]) for c in self.unseen)
        wide = len([p for p in range(n) if self.fixed[p] is None]) + 1
        self.free = all(len(o) == wide for o in self.options.values())

    def _read_plays(self, plays, forced):
        led = best = -1
        for x in plays:
            c, p = x & 63, (x >> 6) & 7
            if x & LEAD:
                led, best = c // 13, c
                continue
            ceil = self.ceil[p]
            if c // 13 != led:
                ceil[led] = 0
                if forced and c // 13 != SPADES:
                    # would have had to trump over: no spade above the top one
                    ceil[SPADES] = min(ceil[SPADES], best % 13 + 1 if best // 13 == SPADES else 0)
                elif forced and not beats(c, best, SPADES):
                    ceil[SPADES] = min(ceil[SPADES], best % 13 + 1)
            elif forced and best // 13 == led and c < best:
                ceil[led] = min(ceil[led], best % 13 + 1)
            if beats(c, best, self.trump):
                best = c

    def may_hold(self, p, c):
        return c % 13 < self.ceil[p][c // 13]

    def sample(self, rng):
        """(hands, rest): one deal consistent with the knowledge; rest the
        cards left undealt (Nommie), in the dummy or the stock."""
        n = self.n
        open_seats = [p for p in range(n) if self.fixed[p] is None]
        if self.free:
            # nothing known but the counts: a shuffled pool dealt in order
            cards = list(self.unseen)
            rng.shuffle(cards)
            hands = []
            j = 0
            for p in range(n):
                if self.fixed[p] is None:
                    hands.append(sorted(cards[j:j + self.counts[p]]))
                    j += self.counts[p]
                else:
                    hands.append(list(self.fixed[p]))
            return hands, cards[j:]
        for attempt in range(200):
            cards = list(self.unseen)
            rng.shuffle(cards)
            room = dict((p, self.counts[p]) for p in open_seats)
            room[n] = self.rest
            options = self.options
            cards.sort(key=lambda c: len(options[c]))   # most constrained first
            got = dict((p, []) for p in room)
            ok = True
            for c in cards:
                opts = [p for p in options[c] if room[p] > 0]
                if not opts:
                    if not self._repair(c, options, got, room):
                        ok = False
                        break
                    continue
                total = 0
                for p in opts:
                    total += room[p]
                r = rng.random() * total
                for p in opts:
                    r -= room[p]
                    if r < 0:
                        break
                got[p].append(c)
                room[p] -= 1
            if ok:
                hands = [sorted(got[p]) if self.fixed[p] is None else list(self.fixed[p])
                         for p in range(n)]
                return hands, got[n]
        raise RuntimeError("search: no deal agrees with what the seat knows")

    def _repair(self, c, options, got, room):
        # c fits no place with room: move a card from one of c's places to a
        # place with room that may hold it, and put c in its place
        for p in options[c]:
            for i in range(len(got[p])):
                x = got[p][i]
                for q in options[x]:
                    if q != p and room[q] > 0:
                        got[q].append(x)
                        room[q] -= 1
                        got[p][i] = c
                        return True
        return False


def original_hand(know, hands, p):
    return hands[p] + know.played[p]


def fit(view, know, hands, skip=()):
    """How well each bidder's original hand fits its bid: the product of
    Gaussians in (sober estimate - bid) / SIGMA."""
    bids = view["bids"]
    game = view["game"]
    trump = know.trump
    z = 0.0
    for p in range(know.n):
        b = bids[p]
        if p == know.me or b is None or p in skip:
            continue
        h = original_hand(know, hands, p)
        if game == "nommie" and view["phase"] == "bid":
            est = (sober_tricks(h, 4) + sober_tricks(h, best_trump(h))) / 2.0
        else:
            est = sober_tricks(h, trump)
        z += ((est - b) / SIGMA) ** 2
    return math.exp(-0.5 * z)


def sample_deals(view, know, rng, count):
    """count deals, drawn DRAW times over and resampled by fit() (when some
    other seat has bid; otherwise count plain deals)."""
    stats["deals"] += count
    bids = view["bids"]
    if not any(b is not None for p, b in enumerate(bids) if p != know.me):
        return [know.sample(rng) for _ in range(count)]
    drawn = [know.sample(rng) for _ in range(count * DRAW)]
    stats["deals"] += count * (DRAW - 1)
    w = [fit(view, know, d[0]) for d in drawn]
    total = sum(w)
    if total <= 0:
        return drawn[:count]
    # systematic resampling: each deal kept about count * w / total times
    out = []
    step = total / count
    u = rng.random() * step
    acc = 0.0
    i = 0
    for d, x in zip(drawn, w):
        acc += x
        while i < count and u + i * step < acc:
            out.append(d)
            i += 1
    while len(out) < count:
        out.append(drawn[-1])
    return out


# --- rollouts --------------------------------------------------------------

def legal_in(hand, led, best, forced):
    """The cards hand may play to a trick led in suit led (-1: it leads),
    best winning it so far: follow suit; Call Break's forced play."""
    if led < 0:
        return hand
    follow = [c for c in hand if c // 13 == led]
    if not forced:
        return follow or hand
    if follow:
        if best // 13 == led and follow[-1] > best:
            return [c for c in follow if c > best]
        return follow
    spades = [c for c in hand if c >= 39 and c > best]
    return spades or hand


def can_beat(h, c, led, trump):
    """Could hand h, playing after c in a trick led in suit led, beat c?"""
    has_led = False
    for x in h:
        if x // 13 == led:
            has_led = True
            if c // 13 == led and x > c:
                return True
    if has_led or trump > 3:
        return False
    for x in h:
        if x // 13 == trump and (c // 13 != trump or x > c):
            return True
    return False


def cheapest(cards, trump, sign=1):
    best, bk = cards[0], None
    for c in cards:
        k = sign * (c % 13 + (13 if c // 13 == trump else 0))
        if bk is None or k < bk:
            best, bk = c, k
    return best


def policy(hands, seat, k, led, best, n, trump, want, forced):
    """The rollout's card for seat (k cards already in the trick, led its
    suit, best the card winning it): it sees every hand."""
    hand = hands[seat]
    legal = legal_in(hand, led if k else -1, best, forced)
    if len(legal) == 1:
        return legal[0]
    if not k:
        others = [hands[(seat + i) % n] for i in range(1, n)]
        beaten = []
        for c in legal:
            s = c // 13
            for h in others:
                if can_beat(h, c, s, trump):
                    beaten.append(c)
                    break
        if want:
            sure = [c for c in legal if c not in beaten]
            return cheapest(sure or legal, trump)
        # duck: the low card someone will beat, else the lowest
        return cheapest(beaten or legal, trump)
    later = [hands[(seat + i) % n] for i in range(1, n - k)]
    wins = []
    loses = []
    for c in legal:
        if beats(c, best, trump):
            wins.append(c)
        else:
            loses.append(c)
    if want:
        for c in wins:    # one suit, ascending
            safe = True
            for h in later:
                if can_beat(h, c, led, trump):
                    safe = False
                    break
            if safe:
                return c
        if loses:
            return cheapest(loses, trump)
        return wins[0]
    if loses:
        return cheapest(loses, trump, -1)
    return wins[-1] if not later else wins[0]


def rollout(hands, trick, leader, won, bids, trump, forced, first=None, always=False):
    """Play the round out (follow-suit games): first for the seat to act,
    then every seat by policy(). hands and won change; returns won."""
    n = len(hands)
    k = len(trick)
    led = best = bseat = -1
    for p, c in trick:
        if led < 0:
            led, best, bseat = c // 13, c, p
        elif beats(c, best, trump):
            best, bseat = c, p
    seat = (leader + k) % n
    card = first
    cards = 0
    while True:
        if card is None:
            if not hands[seat]:
                stats["cards"] += cards
                return won
            b = bids[seat]
            want = always or b is None or won[seat] < b
            card = policy(hands, seat, k, led, best, n, trump, want, forced)
        hands[seat].remove(card)
        cards += 1
        if k == 0:
            led, best, bseat = card // 13, card, seat
        elif beats(card, best, trump):
            best, bseat = card, seat
        k += 1
        card = None
        if k == n:
            won[bseat] += 1
            seat = bseat
            k = 0
        else:
            seat = (seat + 1) % n


def linger_rollout(view, hands, stock, first):
    """Linger Longer: play the game on from the seat to act's first card (the
    trick winner draws from stock); the seat's share of the win."""
    n = view["players"]
    me = view["to_act"]
    trump = view["trump"]
    won = list(view["tricks"])
    trick = [tuple(p) for p in view["trick"]]
    size = len(trick) + len([p for p in range(n) if hands[p] and p not in [q for q, _ in trick]])
    seat = me
    card = first
    steps = 0
    while True:
        hands[seat].remove(card)
        stats["cards"] += 1
        steps += 1
        trick.append((seat, card))
        if len(trick) == size:
            best = trick[0]
            for p in trick[1:]:
                if beats(p[1], best[1], trump):
                    best = p
            seat = best[0]
            won[seat] += 1
            if stock:
                hands[seat].append(stock.pop())
            holders = [p for p in range(n) if hands[p]]
            if len(holders) <= 1:
                if holders:
                    return 1.0 if holders == [me] else 0.0
                top = max(won)
                k = won.count(top)
                return 1.0 / k if won[me] == top else 0.0
            if steps >= LINGER_CAP:
                top = max(len(h) for h in hands)
                k = len([h for h in hands if len(h) == top])
                return 1.0 / k if len(hands[me]) == top else 0.0
            if not hands[seat]:
                seat = next_holder(hands, seat, n)
            trick = []
            size = len(holders)
        else:
            seat = next_holder(hands, seat, n)
        card = linger_policy(hands, seat, trick, size, trump, n)


def next_holder(hands, seat, n):
    for i in range(1, n + 1):
        p = (seat + i) % n
        if hands[p]:
            return p
    return seat


def linger_policy(hands, seat, trick, size, trump, n):
    # lead the cheapest card; follow with the cheapest card that takes the
    # trick if nobody still to play can beat it, else throw the cheapest
    hand = hands[seat]
    low = min(hand, key=lambda c: cost(c, trump))
    if not trick:
        return low
    best = trick[0][1]
    for _, c in trick[1:]:
        if beats(c, best, trump):
            best = c
    later = []
    p = seat
    for _ in range(size - 1 - len(trick)):
        p = next_holder(hands, p, n)
        later.append(hands[p])
    for c in sorted([c for c in hand if beats(c, best, trump)], key=lambda c: cost(c, trump)):
        if not any(beats(x, c, trump) for h in later for x in h):
            return c
    return low


# --- values ----------------------------------------------------------------

def round_value(game, me, bids, won, over=None):
    """The rollout's value for seat me (see the module's docstring)."""
    n = len(won)
    if game == "nommie":
        pts = [won[p] + (10 if won[p] == bids[p] else 0) for p in range(n)]
        return pts[me] - sum(pts[p] for p in range(n) if p != me) / (n - 1.0)
    if game == "callbreak":
        b = bids[me]
        return -b if won[me] < b else b + 0.1 * (won[me] - b)
    if game == "israeli":
        if over is None:
            over = sum(bids) > 13
        b, w = bids[me], won[me]
        if b >= 1:
            return b * b + 10 if w == b else -10 * abs(w - b)
        if w == 0:
            return 25 if over else 50
        return -50 + 10 * (w - 1)
    # nines: every trick is a point off
    return won[me] - sum(won[p] for p in range(n) if p != me) / (n - 1.0)


def distinct(legal, know):
    # legal less the cards that play exactly like a lower one (same suit,
    # nothing another seat may hold between them)
    hidden = set(know.unseen)
    for p in range(know.n):
        if p != know.me and know.fixed[p]:
            hidden.update(know.fixed[p])
    out = [legal[0]]
    for c in legal[1:]:
        prev = out[-1]
        if c // 13 == prev // 13 and not any(x in hidden for x in range(prev + 1, c)):
            continue
        out.append(c)
    return out


# --- decisions -------------------------------------------------------------

def choose_card(view, legal, rng):
    know = Knowledge(view)
    cands = distinct(legal, know)
    if len(cands) == 1:
        return cands[0]
    totals = card_totals(view, cands, know, rng, DEALS)
    best = max(range(len(cands)), key=lambda i: (totals[i], -i))
    return cands[best]


def card_totals(view, cands, know, rng, count):
    """Each candidate card's value summed over count deals sampled as the
    seat knows the hidden cards (the same deals for every candidate), each
    deal played out by the rollout (tools/strength/card_judge.py uses it
    with many deals)."""
    game = view["game"]
    deals = sample_deals(view, know, rng, count)
    totals = [0.0] * len(cands)
    trump = know.trump
    forced = game == "callbreak"
    always = game in ("callbreak", "nines")
    over = sum(b for b in view["bids"] if b is not None) > 13 if game == "israeli" else None
    leader = view["trick"][0][0] if view["trick"] else view["to_act"]
    for hands, rest in deals:
        for i, c in enumerate(cands):
            stats["rollouts"] += 1
            h = [list(x) for x in hands]
            if game == "linger":
                stock = list(rest)
                rng.shuffle(stock)
                totals[i] += linger_rollout(view, h, stock, c)
                continue
            won = rollout(h, view["trick"], leader, list(view["tricks"]), view["bids"],
                          trump, forced, c, always)
            totals[i] += round_value(game, know.me, view["bids"], won, over)
    return totals


def sober_bid(game, hand, trump, options, hooked_low=True):
    """The sober estimate as a bid among options (the nearest; ties low)."""
    if game == "nommie" and trump is None:
        est = (sober_tricks(hand, 4) + sober_tricks(hand, best_trump(hand))) / 2.0
    else:
        est = sober_tricks(hand, trump)
    want = int(est + 0.5)
    return min(options, key=lambda b: (abs(b - want), b))


def later_bids(view, hands, bids, me):
    """Fill in the bids of the seats after me by their sober estimate: the
    dealer (Nommie) or the last contract (Israeli) off its hook, Call Break
    calls 1-8. bids changes."""
    game = view["game"]
    n = view["players"]
    size = view["hand_size"]
    if game == "israeli":
        first = view["high_bid"][2]
        high = view["high_bid"][0]
    else:
        first = (view["dealer"] + 1) % n
    order = [(first + k) % n for k in range(n)]
    trump = None if game == "nommie" else trump_of(view)
    for p in order[order.index(me) + 1:]:
        if game == "callbreak":
            opts = list(range(1, 9))
        else:
            opts = list(range(size + 1))
            if game == "israeli" and p == first:
                opts = list(range(high, 14))
            if p == order[-1]:
                hook = size - sum(b for b in bids if b is not None)
                if hook in opts:
                    opts.remove(hook)
        bids[p] = sober_bid(game, hands[p], trump, opts)
    return bids


def play_round(view, hands, bids, trump, leader):
    """The whole round played out from its first lead; tricks won per seat."""
    game = view["game"]
    stats["rollouts"] += 1
    return rollout([list(h) for h in hands], [], leader, [0] * len(hands), bids, trump,
                   game == "callbreak", None, game in ("callbreak", "nines"))


def choose_bid(view, legal, rng):
    game = view["game"]
    me = view["to_act"]
    hand = view["hands"][me]
    know = Knowledge(view)
    options = [a - BID for a in legal]
    trump = None if game == "nommie" else know.trump
    centre = sober_bid(game, hand, trump, options)
    cands = [b for b in options if abs(b - centre) <= SPREAD]
    if len(cands) == 1:
        return BID + cands[0]
    deals = sample_deals(view, know, rng, BID_DEALS)
    n = view["players"]
    totals = [0.0] * len(cands)
    for hands, _ in deals:
        for i, b in enumerate(cands):
            bids = list(view["bids"])
            bids[me] = b
            later_bids(view, hands, bids, me)
            if game == "nommie":
                decl = highest(view["dealer"], bids, n)
                t = best_trump(hands[decl])
                leader = (view["dealer"] + 1) % n
            elif game == "israeli":
                t, leader = know.trump, view["high_bid"][2]
            else:
                t, leader = SPADES, (view["dealer"] + 1) % n
            won = play_round(view, hands, bids, t, leader)
            totals[i] += round_value(game, me, bids, won)
    best = max(range(len(cands)), key=lambda i: (totals[i], -abs(cands[i] - centre)))
    return BID + cands[best]


def highest(dealer, bids, n):
    best = None
    for i in range(1, n + 1):
        s = (dealer + i) % n
        if best is None or bids[s] > bids[best]:
            best = s
    return best


def choose_trump(view, legal, rng):
    know = Knowledge(view)
    me = view["to_act"]
    n = view["players"]
    deals = sample_deals(view, know, rng, BID_DEALS)
    choices = [a - TRUMP for a in legal]
    totals = [0.0] * len(choices)
    for hands, _ in deals:
        for i, t in enumerate(choices):
            won = play_round(view, hands, view["bids"], t, (view["dealer"] + 1) % n)
            totals[i] += round_value("nommie", me, view["bids"], won)
    best = max(range(len(choices)), key=lambda i: (totals[i], -i))
    return TRUMP + choices[best]


def choose_swap(view, legal, rng):
    """Nines: keep or swap, each played out on BID_DEALS deals."""
    know = Knowledge(view)
    me = view["to_act"]
    n = view["players"]
    trump = know.trump
    dealer = view["dealer"]
    later = [(me + k) % n for k in range(1, n) if view["swapped"][(me + k) % n] is None]
    deals = sample_deals(view, know, rng, BID_DEALS)
    totals = {}
    for a in (KEEP, SWAP):
        if a not in legal:
            continue
        totals[a] = 0.0
        for hands, rest in deals:
            h = [list(x) for x in hands]
            dummy = list(view["dummy"]) if view.get("dummy") else list(rest)
            if a == SWAP:
                h[me], dummy = dummy, h[me]
            for p in later:
                if pool.counted(h[p], trump) < 2:
                    h[p], dummy = dummy, h[p]
            won = play_round(view, h, [None] * n, trump, dealer)
            totals[a] += round_value("nines", me, [None] * n, won)
    return max(sorted(totals), key=lambda a: totals[a])


def auction(view, legal):
    """Israeli Whist's trump auction: the cheapest bid in the suit whose sober
    estimate reaches it, else pass."""
    hand = view["hands"][view["to_act"]]
    best, room = PASS, -1.0
    for s in range(5):
        est = sober_tricks(hand, s) + (1.0 if s < 4 else 0.0)   # the lead and trump choice
        for a in legal:
            if a != PASS and (a - TRUMP_BID) % 5 == s:
                r = est - (a - TRUMP_BID) // 5
                if r >= 0 and r > room:
                    best, room = a, r
                break
    return best
