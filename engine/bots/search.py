# Level 3 card play: sample, play out, pick the best average.
#
# For each decision it deals the cards it cannot see to the other seats many
# times over, consistent with what the table has seen (each seat's card count,
# every card played this round, and the suits a seat has shown out of), then
# plays each candidate card followed by the rest of the round with a fast
# heuristic for every seat, and keeps the card whose rounds score best for
# this seat. The same sampled deals serve every candidate, so candidates are
# compared on equal luck. The game's bot module sets PLAYOUT (cards simulated
# per decision) and round_value(view) (how a round scores for the seat);
# PLAYOUT is the compute knob: the most that keeps a decision inside the
# device budget (on a 120 MHz SAMD51, tools/bench/cp_timing.py's estimate at its
# slow end: a p95 of at most 0.5 s and the longest decision at most 1 s).
# The heuristic's card stays unless another is clearly better (pick()).
# Call Break and Linger have their own searches built on these parts
# (engine/bots/search_callbreak.py, engine/bots/search_linger.py): a playout
# policy shaped like their level 2, and Linger's stock and last-holder win;
# this playout serves the follow-suit games (Nommie, Israeli Whist, Nines).
from engine.actions import BID
from engine.bots.common import estimate_quarters
from engine.ondemand import load
from engine.state import LEAD
from engine.tricks import beats

# A candidate replaces the heuristic's card when its paired t-statistic over
# the sampled deals exceeds Z4 / 4.
Z4 = 6
# What sampling one deal costs, in cards played out: late decisions, with
# few cards left, stop sampling once more deals would cost more than they tell.
SAMPLE_COST = 8
# A bid search (choose_bid) plays one whole round a sampled deal, in at most
# BID_SAMPLES deals (the game's BID_BUDGET cards): with few cards each
# deal's bidding and trump choice cost more than its playout.
BID_SAMPLES = 12


def rules_for(bot, view):
    # (seat wants tricks(bid, won), round value(bid, won)) for the follow-suit
    # games this search serves, from the game's bot module: a game scored by
    # its bids (Nommie, Israeli Whist) by its own rule, wanting tricks while
    # short of the bid; a game without bids (Nines: each trick a point off)
    # by the tricks won, always wanting them.
    value = bot.round_value(view)
    if value is None:
        return _always, _tricks
    return _short, value


def _tricks(bid, won):
    return won


def _always(bid, won):
    return True


def _short(bid, won):
    return bid is None or won < bid


def known_voids(plays, players):
    # Bit s of voids[p] is set when seat p has shown out of suit s this round.
    voids = [0] * players
    led = 0
    for x in plays:
        c = x & 63
        if x & LEAD:
            led = c // 13
        elif c // 13 != led:
            voids[(x >> 6) & 7] |= 1 << led
    return voids


def sample_hands(view, me, unseen, voids, rng, fixed=None):
    # Deal unseen cards to the other seats by their counts, honouring voids;
    # a seat whose hand this seat knows (fixed[p]: the bot's known()) gets it.
    n = view["players"]
    counts = view["counts"]
    free = True
    deal = [p != me and (fixed is None or fixed[p] is None) for p in range(n)]
    for p in range(n):
        if deal[p] and voids[p]:
            free = False
    if free:
        # nobody has shown a void: the shuffled cards go round in order (the
        # same odds as the seat-by-seat draw below, at a fraction of its cost)
        pool = rng.shuffle(list(unseen))
        hands = []
        j = 0
        for p in range(n):
            if p == me:
                hands.append(list(view["hands"][me]))
            elif not deal[p]:
                hands.append(list(fixed[p]))
            else:
                hands.append(pool[j:j + counts[p]])
                j += counts[p]
        return hands
    for attempt in range(4):
        pool = rng.shuffle(list(unseen))
        hands = [list(fixed[p]) if fixed and fixed[p] else [] for p in range(n)]
        hands[me] = list(view["hands"][me])
        spare = len(pool) - sum([counts[p] for p in range(n) if deal[p]])
        ok = True
        for c in pool:
            bit = 1 << (c // 13)
            room = [p for p in range(n) if deal[p] and len(hands[p]) < counts[p]
                    and (attempt == 3 or not voids[p] & bit)]
            if room:
                hands[room[rng.below(len(room))]].append(c)
            elif spare > 0:
                spare -= 1  # stays in the stock or the dummy
            else:
                ok = False
                break
        if ok:
            return hands
    return hands


def seen_cards(view):
    # (seen, unseen): seen[c] is 1 for the acting seat's own cards and every
    # card played this round; unseen lists the rest, in card order.
    seen = [0] * 52
    for c in view["hands"][view["to_act"]]:
        seen[c] = 1
    for x in view["plays"]:
        seen[x & 63] = 1
    return seen, [c for c in range(52) if not seen[c]]


def choose(view, legal, rng, baseline, bot):
    # The card to play; baseline is the heuristic's card, kept unless the
    # sampled rounds show another card doing clearly better (pick()); bot is
    # the game's bot module (its PLAYOUT and round_value).
    wants, value = rules_for(bot, view)
    me = view["to_act"]
    n = view["players"]
    trump = view["trump"]
    seen, unseen = seen_cards(view)
    cands = distinct(legal, seen)   # (a card another seat is known to hold still counts)
    if len(cands) == 1:
        return cands[0]
    f = getattr(bot, "known", None)     # (hands the game lets this seat know: Nines')
    fixed = f(view, seen) if f is not None else None
    if fixed is not None:
        unseen = [c for c in unseen if not seen[c]]
    voids = known_voids(view["plays"], n)
    left = sum(view["counts"])
    budget = bot.PLAYOUT
    # a sampled deal costs about SAMPLE_COST cards' play before its playouts
    samples = max(1, budget // ((left + SAMPLE_COST) * len(cands)))
    # when even one full playout per candidate is too dear, stop after `depth`
    # cards and count the rest of this seat's hand by its estimated tricks
    depth = min(left, max(n + 1, budget // len(cands)))
    bids = view["bids"]
    vals = [[0] * samples for _ in cands]
    for k in range(samples):
        hands = sample_hands(view, me, unseen, voids, rng, fixed)
        for i in range(len(cands)):
            h = [list(x) for x in hands]
            won = playout(view, h, cands[i], wants, trump, depth)
            future = 0
            if h[me]:
                future = min(len(h[me]), (estimate_quarters(h[me], trump) + 2) // 4)
            vals[i][k] = value(bids[me], won[me] + future)
    return pick(cands, vals, baseline)


def pick(cands, vals, baseline, z4=0):
    # The candidate to play: baseline (the heuristic's card, or the lower
    # card it plays like) unless another beats it on the same sampled deals
    # with a paired t-statistic above z4 / 4 (default Z4; integer test: S^2 (n - 1) * 16 >
    # z4^2 (n Q - S^2), S and Q the sum and sum of squares of the
    # differences); then the one gaining most.
    z4 = z4 or Z4
    base = 0
    if baseline is not None:
        for i in range(len(cands)):
            if cands[i] <= baseline:
                base = i
    n = len(vals[base])
    best, best_s = base, 0
    for i in range(len(cands)):
        if i == base:
            continue
        s = q = 0
        for k in range(n):
            d = vals[i][k] - vals[base][k]
            s += d
            q += d * d
        if s > best_s and s * s * (n - 1) * 16 > z4 * z4 * (n * q - s * s):
            best, best_s = i, s
    return cands[best]


def distinct(legal, seen):
    # Legal cards less the ones that play exactly like a lower one: the same
    # suit with nothing between them still out (e.g. holding Q J, or Q T with
    # the J gone). legal is sorted, so same-suit neighbours are adjacent.
    out = [legal[0]]
    for c in legal[1:]:
        prev = out[-1]
        if c // 13 == prev // 13:
            gap = False
            for x in range(prev + 1, c):
                if not seen[x]:
                    gap = True
                    break
            if not gap:
                continue  # equivalent to prev: keep the lower card
        out.append(c)
    return out


def playout(view, hands, first, wants, trump, depth=52):
    # Play first for the seat to act, then the rest of the round by heuristic
    # (at most depth cards, stopping only between tricks); tricks won per seat.
    # Follow-suit games only (the games this search serves). Nothing is
    # allocated per card: the trick is kept as its led suit, its winning card
    # and seat, and the cards played to it.
    n = view["players"]
    won = list(view["tricks"])
    bids = view["bids"]
    short = wants is _short
    seat = view["to_act"]
    t = view["trick"]
    played = len(t)
    size = played
    led = best = bseat = -1
    for p in range(n):
        if hands[p]:
            size += 1
            for q in t:
                if q[0] == p:
                    size -= 1
    for q in t:
        c = q[1]
        if best < 0 or beats(c, best, trump):
            best, bseat = c, q[0]
    if t:
        led = t[0][1] // 13
    card = first
    while True:
        hands[seat].remove(card)
        if played == 0:
            led, best, bseat = card // 13, card, seat
        elif beats(card, best, trump):
            best, bseat = card, seat
        played += 1
        if played == size:
            seat = bseat
            won[seat] += 1
            played = 0
            depth -= size
            if depth <= 0:
                return won
            if not hands[seat]:
                seat = _next_holder(hands, seat, n)
                if seat < 0:
                    return won
            size = 0
            for p in range(n):
                if hands[p]:
                    size += 1
        else:
            seat = _next_holder(hands, seat, n)
        b = bids[seat]
        card = policy(hands[seat], led if played else -1, best, trump,
                      not short or b is None or won[seat] < b)


def _next_holder(hands, seat, n):
    for i in range(1, n + 1):
        p = (seat + i) % n
        if hands[p]:
            return p
    return -1


def policy(hand, led, best, trump, want):
    # The playout heuristic: win cheaply when tricks are wanted, else lose
    # high; led is the led suit (-1: this seat leads), best the winning card.
    # Follows suit when it can; ties go to the earlier card in hand order.
    if led < 0:
        pick = hand[0]
        pk = pick % 13 - (13 if pick // 13 == trump else 0)
        for c in hand:
            k = c % 13 - (13 if c // 13 == trump else 0)
            if k != pk and (k > pk) == want:
                pick, pk = c, k
        return pick
    lo = led * 13
    hi = lo + 13
    follow = False
    for c in hand:
        if lo <= c < hi:
            follow = True
            break
    bs = best // 13
    win = lose = -1
    wc = lc = 0
    for c in hand:
        if follow and not lo <= c < hi:
            continue
        cs = c // 13
        cost = c % 13 + (13 if cs == trump else 0)
        if (c > best) if cs == bs else cs == trump:
            if win < 0 or cost < wc:
                win, wc = c, cost
        elif lose < 0 or (cost > lc) != want:
            lose, lc = c, cost
    if want:
        return win if win >= 0 else lose
    return lose if lose >= 0 else win


def choose_bid(view, legal, rng, baseline, bot):
    # A bid by simulation, for a game whose bot sets BID_SEARCH (Nommie's
    # bids, Israeli Whist's contracts, Call Break's calls). For each of up to
    # BID_SAMPLES deals of the unseen cards (honouring shown voids) and each
    # candidate bid near the heuristic's, the game's bot module fills in the
    # rest of the round's bidding and its trump (bot.bid_round(view, hands,
    # bids) -> (trump, the seat that leads)) and the round is played out with
    # this seat playing to that bid (the game's search module's
    # round_tricks(): Call Break's forced play is its own), scored by the
    # game's rule (bot.bid_points(bid, won, the others' bids summed)). A bid
    # replaces the heuristic's only when it scores more by bot.BID_GAIN a
    # deal on the same deals. Each candidate plays its own rounds: a bid is
    # judged as this seat would play to it (scoring every bid on one playout
    # a deal, three times the deals, lost 0.5 points a deal in Nommie).
    me = view["to_act"]
    size = view["hand_size"]
    n = view["players"]
    cands = [b for b in (baseline - 1, baseline, baseline + 1) if b in legal]
    if len(cands) == 1:
        return baseline
    tricks = load(bot.SEARCH).round_tricks
    unseen = seen_cards(view)[1]
    voids = known_voids(view["plays"], n)
    samples = max(1, min(BID_SAMPLES, bot.BID_BUDGET // (n * size * len(cands))))
    totals = [0] * len(cands)
    for _ in range(samples):
        hands = sample_hands(view, me, unseen, voids, rng)
        for i in range(len(cands)):
            bids = list(view["bids"])
            bids[me] = cands[i] - BID
            trump, lead = bot.bid_round(view, hands, bids)
            won = tricks(n, [list(x) for x in hands], bids, trump, lead, me)
            totals[i] += bot.bid_points(bids[me], won, sum(bids) - bids[me])
    base = cands.index(baseline)
    best = base
    for i in range(len(cands)):
        if totals[i] > totals[best] + (bot.BID_GAIN * samples if best == base else 0):
            best = i
    return cands[best]


def round_tricks(n, hands, bids, trump, lead, me):
    # The tricks seat me takes when the round (hands, whose lists change) is
    # played out from its first lead: the bid search's playout.
    v = {"players": n, "tricks": [0] * n, "bids": bids, "trick": [], "to_act": lead}
    b = bids[lead]
    first = policy(hands[lead], -1, -1, trump, b is None or b > 0)
    return playout(v, hands, first, _short, trump)[me]
