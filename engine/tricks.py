# Trick logic shared by the games: a hand split by suit and who wins a trick.
#
# A trick is a list of [seat, card] pairs in play order.


def split(hand):
    # [clubs, diamonds, hearts, spades, hand]: the cards of each suit of a
    # sorted hand (suit s at s), then the hand itself, so following suit is one lookup.
    out = [[], [], [], [], hand]
    for c in hand:
        out[c // 13].append(c)
    return out


def above(cards, best):
    # The cards of sorted list cards higher than best (a run at its end).
    i = len(cards)
    while i and cards[i - 1] > best:
        i -= 1
    return cards[i:]


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
