# Level 3 card play for Call Break: sample, play out, score the call.
#
# The generic search (engine/bots/search.py) plays its rounds out with a
# policy much weaker than Call Break's level 2, so its rounds misjudge the
# cards. This one plays them out the way level 2 plays (engine/bots/callbreak.py),
# made cheap by looking at the sampled hands instead of inferring them: win
# with the lowest card nobody after can beat, else the lowest winner; lead
# the top spade while others hold spades, else a side card nobody can beat,
# else low from the shortest side suit; discard low side cards. Deals are
# sampled honouring shown voids; a playout scores this seat's round points
# (engine.callbreak.points) less the others' mean, so setting a caller
# counts too, and the card the search starts from stays unless another
# card clearly does better on the same deals (engine/bots/search.py race():
# a card clearly behind stops playing, and its deals go to the close ones).
# It starts from level 2's card, except a lead with five cards or more:
# there too few deals fit the budget to find a better lead, so it starts
# from start()'s, a rule whose terms were fitted to the leads the search
# player's model values (the lower of touching honours, a short side suit
# while there are cards to ruff with, the master spade while spades are
# out, a suit nobody else holds), and leaves it more readily. Hands are
# engine/bots/search.py's bit masks (four a seat; a card in play is its
# suit and its bit), so a card costs a few integer operations and nothing
# is allocated per card.
from engine.bots.search import against, below, distinct, high, known_voids, masks, race
from engine.bots.search import sample_hands, seen_cards, trick_state
from engine.callbreak import SPADES

BUDGET = 700   # cards played out per decision (board time: tools/bench/cp_timing.py)
Z4 = 6         # another card replaces the first at a t above Z4 / 4 (search.pick)
def choose(view, legal, rng, baseline, bot):
    # (bot: the game's bot module, as engine.bots passes every search; this
    # search keeps its own settings)
    import engine.callbreak as cb
    me = view["to_act"]
    seen, unseen = seen_cards(view)
    cands = distinct(legal, seen)
    if len(cands) == 1:
        return cands[0]
    z4 = Z4
    if not view["trick"] and len(view["hands"][me]) >= 5:
        # a lead with five cards or more starts from start()'s card, and
        # another replaces it at the follow-suit games' t (0: search.pick's Z4)
        baseline = start(view, cands, bot)
        z4 = 0
    voids = known_voids(view["plays"], 4)
    left = sum(view["counts"])
    if 2 * left * len(cands) > BUDGET:
        return baseline  # two deals would overrun the budget: the card it starts from
    calls = view["bids"]

    def deal():
        return masks(sample_hands(view, me, unseen, voids, rng))

    def play(hands, card):
        return against(cb.points, calls, playout(view, list(hands), card), me)

    return race(cands, baseline, BUDGET, 0, left, deal, play, z4)


def start(view, cands, bot):
    # Level 3's lead with five cards or more, the card its search starts
    # from (and keeps when a deal would overrun the budget): each candidate
    # scored by terms fitted to the search player's model (docs/bots.md,
    # eleventh step), the highest score led. bot: engine/bots/callbreak.py,
    # for what the seat knows of the cards out (knowledge(), threatened()).
    me = view["to_act"]
    hand = view["hands"][me]
    where, ceil = bot.knowledge(view, hand)
    others = [(me + k) % 4 for k in (1, 2, 3)]
    need = view["bids"][me] - view["tricks"][me]
    n = len(hand)
    held = [0] * 4      # (a suit's cards in this hand, its lowest, its cards out)
    low = [0] * 4
    out = [0] * 4
    for c in range(52):
        if where[c] == 1:
            if not held[c // 13]:
                low[c // 13] = c
            held[c // 13] += 1
        elif not where[c]:
            out[c // 13] += 1
    best = key = None
    for c in cands:
        s, r = c // 13, c % 13
        m = held[s]
        up = 0          # (the cards out above it, and whether its suit's
        touch = False   # next card up is this hand's with none out between)
        for x in range(c + 1, 13 * s + 13):
            if not where[x]:
                up += 1
            elif where[x] == 1 and not up:
                touch = True
        k = 25 * min(up, 3) - r - 5 * m     # the low cards of short suits below honours out
        if need <= 0:
            k += 3 * r                      # the call made: keep low cards back
        if up and r >= 8 and touch:
            k += 84                         # the lower of touching honours forces the higher out
        if c == low[s]:
            k -= 6
        if not up and need > 0:
            k += 17                         # a master while tricks are wanted
        if s == SPADES:
            k -= 5 * n                      # spades early cost most
            if up:
                k -= 70
            elif out[SPADES]:
                k += 111                    # the master spade while spades are out
        else:
            if not up:
                k += -36 if bot.threatened(c, s, others, where, ceil) else 66
            if m == 1:
                k += 75 if n >= 6 else 25   # a singleton, to ruff it later
            elif m == 2 and n >= 6:
                k += 39
            elif m >= 4:
                k += 17
            if not out[s]:
                k += 58                     # nobody else holds it: they must ruff or throw
            if out[s] <= 2:
                k += 5
        if key is None or k > key:
            best, key = c, k
    return best


def round_tricks(n, hands, bids, trump, first, me, options):
    # For each call of options for seat me, the tricks each seat takes when
    # the round (hands: lists of cards, left as they are) is played out from
    # seat first's lead, and the cards played out: the call search's playout
    # (engine/bots/search.py choose_bid). The playout wins every trick it
    # can whatever the calls, so one round serves every call.
    v = {"to_act": first, "tricks": [0, 0, 0, 0], "trick": [], "counts": [len(h) for h in hands]}
    won = playout(v, masks(hands), -1)
    return [won] * len(options), n * len(hands[0])


def playout(view, hands, first):
    # Play first for the seat to act (a card; -1: the policy leads for it),
    # then the round out; the tricks each seat ends with. hands are bit
    # masks (engine/bots/search.py masks()) and change. The trick's winning
    # card so far is (suit, top), its suit and bit, played by bseat.
    seat = view["to_act"]
    won = list(view["tricks"])
    played = len(view["trick"])
    led, suit, top, bseat = trick_state(view["trick"], SPADES)
    tricks = view["counts"][seat]   # this trick and the ones after it
    if first < 0:
        x = lead(hands, seat)
        s, b = x >> 13, x & 8191
    else:
        s, b = first // 13, 1 << (first % 13)
    while True:
        hands[4 * seat + s] ^= b
        if played == 0:
            led, suit, top, bseat = s, s, b, seat
        elif (b > top) if s == suit else s == SPADES:
            suit, top, bseat = s, b, seat
        played += 1
        if played == 4:
            seat = bseat
            won[seat] += 1
            played = 0
            tricks -= 1
            if tricks <= 0:
                return won
            x = lead(hands, seat)
        else:
            seat = (seat + 1) % 4
            x = follow(hands, seat, played, led, suit, top)
        s, b = x >> 13, x & 8191


def follow(hands, seat, played, led, suit, top):
    # The card seat plays to a trick of `played` cards led in suit led, won so
    # far by (suit, top): the lowest winner nobody after can beat, else the
    # lowest winner, else the lowest card of the led suit; void in it, the
    # lowest winning spade nobody after can beat, else the lowest winning
    # spade, else a discard. Returns the card as suit << 13 | bit.
    # The seats after: their cards of the led suit (after), and the spades
    # of those holding none of it (ruff; a spade lead cannot be ruffed).
    after = ruff = 0
    for k in range(1, 4 - played):
        j = 4 * ((seat + k) % 4)
        m = hands[j + led]
        if m:
            after |= m
        elif led != SPADES:
            ruff |= hands[j + SPADES]
    i = 4 * seat
    m = hands[i + led]
    if m:
        up = m & -(top + top) if suit == led else 0     # (ruffed: none of it wins)
        if not up:
            return led << 13 | (m & -m)
        safe = 0 if ruff else up & ~below(after)
        m = safe or up
        return led << 13 | (m & -m)
    m = hands[i + SPADES]
    up = m & -(top + top) if suit == SPADES else m
    if up:
        safe = up & ~below(ruff)
        m = safe or up
        return SPADES << 13 | (m & -m)
    return discard(hands, i)


def discard(hands, i):
    # The lowest side card of the shortest side suit (a card's rank counts
    # four times its suit's length); a spade only if nothing else.
    best = key = -1
    for s in range(4):
        m = hands[i + s]
        if not m:
            continue
        low = m & -m
        k = 200 if s == SPADES else 0
        x = low
        while x > 1:        # (its rank)
            x >>= 1
            k += 4
        while m:            # (its suit's length)
            m &= m - 1
            k += 1
        if key < 0 or k < key:
            best, key = s << 13 | low, k
    return best


def lead(hands, seat):
    # The top spade while it beats every other spade still out, else the
    # lowest side card nobody can beat or ruff (suits in order), else the
    # lowest card of the shortest side suit (the lowest rank on a tie), else
    # the lowest spade. Returns the card as suit << 13 | bit.
    i = 4 * seat
    out = 0
    for k in (1, 2, 3):
        out |= hands[4 * ((seat + k) % 4) + SPADES]
    m = hands[i + SPADES]
    if m and out and m > below(out):
        return SPADES << 13 | high(m)
    low = low_n = ls = -1
    for s in range(SPADES):
        m = hands[i + s]
        if not m:
            continue
        out = ruff = 0
        for k in (1, 2, 3):
            j = 4 * ((seat + k) % 4)
            x = hands[j + s]
            if x:
                out |= x
            elif hands[j + SPADES]:
                ruff = 1
        if not ruff:
            x = m & ~below(out)
            if x:
                return s << 13 | (x & -x)
        n = 0
        x = m
        while x:
            x &= x - 1
            n += 1
        x = m & -m
        if low_n < 0 or n < low_n or (n == low_n and x < low):
            low, low_n, ls = x, n, s
    if low_n >= 0:
        return ls << 13 | low
    m = hands[i + SPADES]
    return SPADES << 13 | (m & -m)
