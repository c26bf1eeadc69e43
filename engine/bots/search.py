# Level 3 card play: sample, play out, pick the best average.
#
# For each decision it deals the cards it cannot see to the other seats many
# times over, consistent with what the table has seen (each seat's card count,
# every card played this round, and the suits a seat has shown out of), then
# plays each candidate card followed by the rest of the round, every seat
# playing by the playout's policy, which sees the sampled hands: win with the
# cheapest card nobody after can beat, lead a card nobody can beat, or duck
# (playout() follows suit itself; lead() and void() lead and discard). It keeps
# the card whose rounds score best for this seat against the others (its
# round's points less their mean). The same sampled deals serve every
# candidate, so candidates are compared on equal luck, and a candidate
# clearly behind the leader stops playing (race()), leaving the deals to the
# close ones: the same work buys the contenders about a quarter more deals
# where a hand has five to eight candidates, and a settled decision stops
# early (Nines' gap to the search player, 0.18 points a deal, was the
# deals' number). The game's bot module
# sets PLAYOUT (cards simulated per decision) and round_value(view) (how a
# round scores); PLAYOUT is the compute knob: the most that keeps a decision
# inside the device budget (on a 120 MHz SAMD51, tools/bench/cp_timing.py's
# estimate at its slow end: a p95 of at most 0.5 s and the longest decision
# at most 1 s). The playouts hold hands as bit masks (masks()), so a card
# costs a few integer operations and nothing is allocated per card; the
# commonest card, one that follows suit, is chosen inside playout()'s loop,
# and a suit's highest card is found without a loop (high()): a function
# call costs a board about as much as the card's own work.
# The heuristic's card stays unless another is clearly better (pick()).
# Call Break and Linger have their own searches built on these parts
# (engine/bots/search_callbreak.py, engine/bots/search_linger.py): a playout
# policy shaped like their level 2, and Linger's stock and last-holder win;
# this playout serves the follow-suit games (Nommie, Israeli Whist, Nines).
from engine.actions import BID
from engine.ondemand import load
from engine.state import LEAD

# A candidate replaces the heuristic's card when its paired t-statistic over
# the sampled deals exceeds Z4 / 4 (a search may pass its own: race()'s z4).
# Against the search player a looser test (t above 0.5, not 1.5) gained in
# Nommie, Israeli Whist and Nines alike (docs/bots.md, ninth step).
Z4 = 2
# A search's race (race()): after two sampled deals, and each time their
# number doubles, a candidate whose paired t-statistic against the leader's
# falls below -Z4_DROP / 4 stops playing.
Z4_DROP = 8
# What sampling one deal costs, in cards played out (CircuitPython: a deal
# and its masks take about as long as 15-20 cards of playout): late
# decisions, with few cards left, stop sampling sooner.
SAMPLE_COST = 20
# A bid search (choose_bid) plays one whole round a sampled deal and
# candidate, the candidates sharing the tricks they play alike
# (round_tricks()), in at most BID_SAMPLES deals: deals go on while one
# more, as dear as the dearest so far, fits the game's BID_BUDGET cards
# (half as much again from BID_BIG cards in hand; a deal's sampling
# charged SAMPLE_COST, and the game's BID_ROUND_COST for each candidate:
# its later bids and the start of its playout); its candidates are the
# bids within the game's BID_SPREAD of the heuristic's (the game bot's
# choice at level 3: Nommie's start(), a rule fitted to the best bids).
BID_SAMPLES = 24


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
    # A seat that has shown a void first draws its cards from those it may
    # hold; the others then draw theirs from the rest. Only the cards dealt
    # are drawn (rng.shuffle()'s k): cards nobody is dealt (Nommie's
    # undealt, Nines' dummy) cost nothing. After three deals that leave a
    # void seat short, voids are ignored.
    n = view["players"]
    counts = view["counts"]
    known = []      # (None: a seat to deal to)
    for p in range(n):
        if p == me:
            known.append(list(view["hands"][me]))
        elif fixed is not None and fixed[p] is not None:
            known.append(list(fixed[p]))
        else:
            known.append(None)
    deal = 0        # (the cards to deal: only they are drawn)
    for p in range(n):
        if known[p] is None:
            deal += counts[p]
    for attempt in range(4):
        hands = list(known)
        pool = list(unseen)
        k = deal
        for p in range(n):
            v = voids[p] if attempt < 3 and hands[p] is None else 0
            if v:
                ok = [c for c in pool if not v >> (c // 13) & 1]
                need = counts[p]
                cut = len(ok) - need
                if cut < 0:
                    break
                hands[p] = rng.shuffle(ok, need)[cut:]
                pool = [c for c in pool if v >> (c // 13) & 1] + ok[:cut]
                k -= need
        else:
            rng.shuffle(pool, k)
            j = len(pool) - k
            for p in range(n):
                if hands[p] is None:
                    hands[p] = pool[j:j + counts[p]]
                    j += counts[p]
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
    bids = view["bids"]

    def deal():
        return masks(sample_hands(view, me, unseen, voids, rng, fixed))

    def play(hands, card):
        return against(value, bids, playout(view, list(hands), card, wants, trump), me)

    # a sampled deal costs about SAMPLE_COST cards' play, then each
    # candidate still in the race plays the round out on it (every game's
    # PLAYOUT covers one deal for as many candidates as a hand has cards,
    # 13 x 52, Nines 13 x 39)
    return race(cands, baseline, bot.PLAYOUT, SAMPLE_COST, left, deal, play)


def race(cands, baseline, limit, fixed, left, deal, play, z4=0):
    # The card to play, from sampled deals shared by the candidates still in
    # the race: deal() samples one, play(hands, card) is a candidate's value
    # on it (hands left as they were). A deal costs fixed work units (cards
    # played out) plus left a candidate in the race; deals go on while the
    # next fits within limit (the first always). After two deals (one has
    # no spread) and each time their number doubles, a candidate clearly
    # worse than the leader (the best total so far) leaves the race (paired
    # t above Z4_DROP / 4), so the deals left go to the close ones; the
    # baseline stays in, and alone it is the move. pick() chooses among
    # those still in, on all their deals (z4: pick()'s).
    base = based(cands, baseline)
    alive = list(range(len(cands)))
    vals = [[] for _ in cands]
    spent = k = 0
    check = 2
    while len(alive) > 1:
        cost = fixed + left * len(alive)
        if k and spent + cost > limit:
            break
        spent += cost
        dealt = deal()
        for i in alive:
            vals[i].append(play(dealt, cands[i]))
        k += 1
        if k == check:
            check += check
            top, most = base, sum(vals[base])
            for i in alive:
                total = sum(vals[i])
                if total > most:
                    top, most = i, total
            alive = [i for i in alive
                     if i == base or i == top or not clearly(vals[top], vals[i], Z4_DROP)]
    return pick([cands[i] for i in alive], [vals[i] for i in alive], baseline, z4)


def clearly(a, b, z4):
    # Whether the values a beat b, paired by deal, with a t-statistic above
    # z4 / 4 (in integers: S^2 (n - 1) * 16 > z4^2 (n Q - S^2), S and Q the
    # sum and sum of squares of the differences): 0 when not, else S.
    n = len(a)
    s = q = 0
    for k in range(n):
        d = a[k] - b[k]
        s += d
        q += d * d
    return s if s > 0 and s * s * (n - 1) * 16 > z4 * z4 * (n * q - s * s) else 0


def against(value, bids, won, me):
    # A played-out round's value for seat me: its value(bid, won) less the
    # others' mean, times the number of others (an integer either way).
    n = len(won)
    v = value(bids[me], won[me]) * (n - 1)
    for p in range(n):
        if p != me:
            v -= value(bids[p], won[p])
    return v


def pick(cands, values, baseline, z4=0):
    # The candidate to play: baseline (the heuristic's card, or the lower
    # card it plays like: based()) unless another beats it on its values
    # (a list a candidate: its value on each sampled deal, the same deals)
    # with a paired t-statistic above z4 / 4 (default Z4: clearly()); then
    # the one gaining most.
    z4 = z4 or Z4
    base = based(cands, baseline)
    best, best_s = base, 0
    for i in range(len(cands)):
        if i != base:
            s = clearly(values[i], values[base], z4)
            if s > best_s:
                best, best_s = i, s
    return cands[best]


def based(cands, baseline):
    # The index of the baseline among the candidates (sorted): the last at
    # or below it (distinct() keeps the lower of cards that play alike); 0
    # without one.
    base = 0
    if baseline is not None:
        for i in range(len(cands)):
            if cands[i] <= baseline:
                base = i
    return base


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


# A playout's hands are bit masks, four a seat: bit r of hands[4 * p + s] is
# seat p's card of suit s and rank r (card 13 * s + r). A card in play is its
# suit and its bit; a bit's value orders ranks, so cards of different suits
# compare by rank without a lookup, and a suit's cards above or below a card
# are one AND. Everything is a small int: nothing is allocated per card.


def masks(hands):
    # The playout's hands (bit masks, four a seat) of lists of cards.
    out = [0] * (4 * len(hands))
    for p in range(len(hands)):
        for c in hands[p]:
            out[4 * p + c // 13] |= 1 << (c % 13)
    return out


def below(m):
    # The highest bit of a suit's mask m and every bit under it (a suit's
    # mask has 13 bits): a card's bit is above every card of m when it is
    # greater than this. (playout() and lead() write it out: a call costs a
    # board about as much as the four shifts.)
    m |= m >> 1
    m |= m >> 2
    m |= m >> 4
    return m | m >> 8


def high(m):
    # The highest bit of a suit's mask m (> 0).
    return (below(m) + 1) >> 1


def trick_state(trick, trump):
    # (led, suit, top, bseat) of a trick in progress ([seat, card] pairs;
    # trump -1: none): the suit led and the winning card so far, its suit
    # and bit (as masks() hold it) and its seat; all -1 when no
    # card is down.
    led = suit = top = bseat = -1
    for q in trick:
        c = q[1]
        s, b = c // 13, 1 << (c % 13)
        if bseat < 0 or ((b > top) if s == suit else s == trump):
            suit, top, bseat = s, b, q[0]
    if trick:
        led = trick[0][1] // 13
    return led, suit, top, bseat


def playout(view, hands, first, wants, trump, stop=-1, at=0):
    # Play first for the seat to act (a card; -1: the policy leads for it),
    # then the rest of the round by the policy; tricks won per seat. hands are
    # bit masks (masks()) and change. Follow-suit games with hands of equal
    # size at a trick's end (the games this search serves). With stop (a
    # seat) it returns at the end of the trick that brings that seat's
    # tricks to at, the hands as they are then. The trick's winning card so
    # far is (suit, top), its suit and bit, played by bseat.
    n = view["players"]
    won = list(view["tricks"])
    bids = view["bids"]
    short = wants is _short
    if trump is None or trump > 3:
        trump = -1      # no trump
    seat = view["to_act"]
    played = len(view["trick"])
    led, suit, top, bseat = trick_state(view["trick"], trump)
    tricks = view["counts"][seat]   # this trick and the ones after it
    if first < 0:
        b = bids[seat]
        x = lead(hands, seat, n, trump, not short or b is None or won[seat] < b)
        s, b = x >> 13, x & 8191
    else:
        s, b = first // 13, 1 << (first % 13)
    while True:
        hands[4 * seat + s] ^= b
        if played == 0:
            led, suit, top, bseat = s, s, b, seat
        elif (b > top) if s == suit else s == trump:
            suit, top, bseat = s, b, seat
        played += 1
        if played == n:
            seat = bseat
            won[seat] += 1
            played = 0
            tricks -= 1
            if tricks <= 0 or seat == stop and won[seat] == at:
                return won
        else:
            seat = (seat + 1) % n
        want = not short or bids[seat] is None or won[seat] < bids[seat]
        if played == 0:
            x = lead(hands, seat, n, trump, want)
            s, b = x >> 13, x & 8191
            continue
        # The policy's card for this seat (it sees every hand): lead() to
        # lead, void() holding none of the led suit, else here. Wanting
        # tricks it wins with the cheapest card nobody after it can beat,
        # else plays its cheapest loser; not wanting them its dearest loser.
        # What the seats after it hold of the led suit (after), and the
        # trumps of those void in it (ruff):
        after = ruff = 0
        for k in range(1, n - played):
            j = 4 * ((seat + k) % n)
            m = hands[j + led]
            if m:
                after |= m
            elif trump >= 0:
                ruff |= hands[j + trump]
        m = hands[4 * seat + led]
        if not m:
            x = void(hands, 4 * seat, n, played, suit, top, trump, want, ruff)
            s, b = x >> 13, x & 8191
            continue
        s = led
        if suit == led:
            up, down = m & -(top + top), m & (top - 1)
        else:
            up, down = 0, m     # trumped: nothing of the led suit wins
        if want:
            if ruff and led != trump:
                m = down or up
            elif after:
                after |= after >> 1     # (below(after), written out)
                after |= after >> 2
                after |= after >> 4
                after |= after >> 8
                m = up & ~after or down or up
            else:
                m = up or down
            b = m & -m
        elif down:      # (its highest: high(), with the call saved)
            while down & (down - 1):
                down &= down - 1
            b = down
        elif played == n - 1:
            while up & (up - 1):
                up &= up - 1
            b = up
        else:
            b = up & -up


def void(hands, i, n, played, suit, top, trump, want, ruff):
    # The playout's card for the seat whose hand is at hands[i] when it holds
    # none of the led suit; ruff: the trumps of the seats after it that hold
    # none either. Wanting tricks it trumps with the cheapest trump nobody
    # after can beat, else throws its cheapest side card, else its cheapest
    # trump; not wanting them it trumps under the winning trump, else throws
    # its dearest side card. Returns the card as suit << 13 | bit.
    t = hands[i + trump] if trump >= 0 else 0
    up = t & -(top + top) if suit == trump else t     # the trumps that win
    under = t & (top - 1) if suit == trump else 0
    if want:
        safe = above(up, ruff)
        if safe:
            return trump << 13 | (safe & -safe)
        x = side(hands, i, trump, True)
        if x:
            return x
        m = under or up
        return trump << 13 | (m & -m)
    if under:
        return trump << 13 | high(under)
    x = side(hands, i, trump, False)
    if x:
        return x
    return trump << 13 | (high(up) if played == n - 1 else up & -up)


def above(m, threat):
    # The cards of mask m above every card of mask threat (the same suit).
    return m & ~below(threat) if threat else m


def side(hands, i, trump, lowest):
    # The lowest (lowest) or highest side card of the hand at hands[i] (0: none).
    pick = ps = 0
    for s in range(4):
        m = hands[i + s]
        if m and s != trump:
            m = m & -m if lowest else high(m)
            if not pick or (m < pick) == lowest:
                pick, ps = m, s
    return ps << 13 | pick if pick else 0


def lead(hands, seat, n, trump, want):
    # The lead: wanting tricks the cheapest card nobody can beat, else the
    # cheapest card; not wanting them the cheapest card somebody beats, else
    # the cheapest card.
    i = 4 * seat
    pick = ps = 0
    for s in range(4):
        m = hands[i + s]
        if not m:
            continue
        out = ruff = 0
        for k in range(1, n):
            j = 4 * ((seat + k) % n)
            x = hands[j + s]
            if x:
                out |= x
            elif trump >= 0 and s != trump and hands[j + trump]:
                ruff = 1
        if want:
            if ruff:
                continue
            out |= out >> 1     # (below(out), written out)
            out |= out >> 2
            out |= out >> 4
            out |= out >> 8
            m &= ~out
            m &= -m
        else:
            m &= -m
            if not ruff and out < m:
                continue
        if m:
            m += 8192 if s == trump else 0  # a trump costs more
            if not pick or m < pick:
                pick, ps = m, s
    if pick:
        return ps << 13 | (pick & 8191)
    x = side(hands, i, trump, True)
    if x:
        return x
    m = hands[i + trump]
    return trump << 13 | (m & -m)


def choose_bid(view, legal, rng, baseline, bot):
    # A bid by simulation, for a game whose bot sets BID_SEARCH (Nommie's
    # bids, Israeli Whist's contracts, Call Break's calls). For each of up to
    # BID_SAMPLES deals of the unseen cards (honouring shown voids) and each
    # candidate bid within bot.BID_SPREAD of the heuristic's (baseline), the
    # game's bot module fills in the rest of the round's bidding and its trump
    # (bot.bid_round(view, hands, bids, cache) -> (trump, the seat that
    # leads); cache: a list with one None a seat, kept for every candidate
    # on one deal) and the round is played out with this seat playing to
    # that bid (the game's search module's round_tricks(), for the bids
    # with the same later bids and trump at once: Call Break's forced play
    # is its own). A round is valued as the card search values
    # one (against(): this seat's points less the others' mean, each by the
    # game's rule once every bid is in, bot.bid_value(bids)). A bid replaces
    # the heuristic's only when it scores more by bot.BID_GAIN points a deal
    # on the same deals. Each candidate plays its own rounds: a bid is
    # judged as this seat would play to it (scoring every bid on one playout
    # a deal, three times the deals, lost 0.5 points a deal in Nommie). A
    # hand of bot.BID_BIG cards or more gets half its BID_BUDGET again: its
    # bid opens one of the longest rounds, with the most at stake and the
    # fewest deals for its cards, and such bids are few (Nommie: 24 of a
    # game's 630 decisions), so the decisions' p95 stays where the rest put it.
    n = view["players"]
    spread = bot.BID_SPREAD
    cands = [b for b in range(baseline - spread, baseline + spread + 1) if b in legal]
    if len(cands) == 1:
        return baseline
    limit = bot.BID_BUDGET
    if len(view["hands"][view["to_act"]]) >= bot.BID_BIG:
        limit += limit >> 1
    totals, k = tally(view, cands, rng, bot, limit, BID_SAMPLES)
    base = cands.index(baseline)
    best = base
    for i in range(len(cands)):
        if totals[i] > totals[best] + (bot.BID_GAIN * (n - 1) * k if best == base else 0):
            best = i
    return cands[best]


def tally(view, cands, rng, bot, limit, most):
    # The bid search's values (choose_bid()): each candidate bid's total over
    # the sampled deals (against(), a deal's points times the others'
    # number), and the deals' number. Deals go on while one more, as dear as
    # the dearest so far, fits limit cards, at most most of them.
    me = view["to_act"]
    n = view["players"]
    tricks = load(bot.SEARCH).round_tricks
    unseen = seen_cards(view)[1]
    voids = known_voids(view["plays"], n)
    totals = [0] * len(cands)
    spent = dearest = k = 0
    while k < most and spent + dearest <= limit:
        hands = sample_hands(view, me, unseen, voids, rng)
        cache = [None] * n      # (the game's per seat, for every candidate on this deal)
        rounds = {}     # (the others' bids, trump, lead): [bids, trump, lead, candidates' indices]
        for i in range(len(cands)):
            bids = list(view["bids"])
            bids[me] = cands[i] - BID
            trump, lead = bot.bid_round(view, hands, bids, cache)
            bids[me] = None
            key = (tuple(bids), trump, lead)
            if key in rounds:
                rounds[key][3].append(i)
            else:
                rounds[key] = [bids, trump, lead, [i]]
        cost = SAMPLE_COST + bot.BID_ROUND_COST * len(cands)
        for bids, trump, lead, group in rounds.values():
            wons, cards = tricks(n, hands, bids, trump, lead, me, [cands[i] - BID for i in group])
            cost += cards
            for j in range(len(group)):
                i = group[j]
                bids[me] = cands[i] - BID
                totals[i] += against(bot.bid_value(bids), bids, wons[j], me)
        spent += cost
        dearest = max(dearest, cost)
        k += 1
    return totals, k


def round_tricks(n, hands, bids, trump, lead, me, options):
    # For each bid of options (ascending) for seat me, the tricks each seat
    # takes when the round (hands: lists of cards, left as they are) is
    # played out from its first lead with seat me playing to that bid, and
    # the cards played out in all (bids: the others', bids[me] None). A
    # seat plays to a bid as it plays wanting every trick until it has won
    # the bid, so one playout wanting every trick serves every bid: each
    # goes on from the end of the trick that made it (playout()'s stop),
    # wanting no more, and a bid never made ends as that playout ends.
    size = len(hands[me])
    m = masks(hands)
    v = {"players": n, "tricks": [0] * n, "bids": bids, "trick": [], "to_act": lead,
         "counts": [size] * n}      # (the playout wanting every trick, where it stopped)
    out = []
    cards = 0
    for b in options:
        done = sum(v["tricks"])
        if v["tricks"][me] < b and done < size:     # want on until seat me has won b tricks
            won = playout(v, m, -1, _short, trump, me, b)
            cards += n * (sum(won) - done)
            done = sum(won)
            v["tricks"], v["to_act"], v["counts"] = won, me, [size - done] * n
        if done < size:
            bids[me] = b    # (v's bids: playing to b from here on)
            out.append(playout(v, list(m), -1, _short, trump))
            bids[me] = None
            cards += n * (size - done)
        else:
            out.append(v["tricks"])
    return out, cards
