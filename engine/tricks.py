# Trick logic shared by the games: following suit and who wins a trick.
#
# A trick is a list of [seat, card] pairs in play order.


def led_suit(trick):
    return trick[0][1] // 13 if trick else None


def follow_suit(hand, trick):
    # Legal cards when a player must follow the led suit if able (hand sorted:
    # the led suit's cards are one run of it).
    if not trick:
        return hand[:]
    lo = trick[0][1] // 13 * 13
    hi = lo + 13
    out = [c for c in hand if lo <= c < hi]
    return out if out else hand[:]


def may_follow(hand, trick, a):
    # Is card a legal under follow_suit(hand, trick)? (No list is built.)
    if a not in hand:
        return False
    if not trick:
        return True
    lo = trick[0][1] // 13 * 13
    if lo <= a < lo + 13:
        return True
    for c in hand:
        if lo <= c < lo + 13:
            return False
    return True


def winning_index(trick, trump):
    # Index in trick of the winning play: highest trump, else highest of the led suit.
    #
    # trump is a suit 0-3, or 4 (or None) for no trump.
    best = 0
    bc = trick[0][1]
    for i in range(1, len(trick)):
        c = trick[i][1]
        if c // 13 == bc // 13:
            if c > bc:
                best, bc = i, c
        elif c // 13 == trump:
            best, bc = i, c
    return best


def trick_winner(trick, trump):
    return trick[winning_index(trick, trump)][0]


def beats(card, best, trump):
    # Would card beat the currently winning card best (led suit already fixed)?
    if card // 13 == best // 13:
        return card > best
    return card // 13 == trump
