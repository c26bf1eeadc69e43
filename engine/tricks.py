# Trick logic shared by the games: following suit and who wins a trick.
#
# A trick is a list of [seat, card] pairs in play order.


def led_suit(trick):
    return trick[0][1] // 13 if trick else None


def follow_suit(hand, trick):
    # Legal cards when a player must follow the led suit if able.
    if not trick:
        return list(hand)
    s = trick[0][1] // 13
    same = [c for c in hand if c // 13 == s]
    return same if same else list(hand)


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
