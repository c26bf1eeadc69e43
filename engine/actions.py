# Action ints shared by all games (docs/design.md), their texts and log codes.
#
# 0..51 a card (play it; in Israeli Frisch: give it), 100+n a bid/call/contract
# of n, 200+s choose trump s, 300+5n+s an Israeli trump bid, 400 pass,
# 401 swap with the dummy, 402 keep the hand.
#
# The card letters live here too (engine/cards.py passes them on), so the
# imports run one way: cards -> parse -> actions.

SUITS = "CDHS"
RANKS = "23456789TJQKA"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
NO_TRUMP = 4
# Nines terminal codes: suit letter first, then 1 = ace, a = ten, b = jack,
# d = queen, e = king (see docs/rules/nines.md).
NINES_RANKS = "23456789abde1"
# The version of save() dicts and journals (the action codes below).
SAVE_VERSION = 1

BID = 100
TRUMP = 200
TRUMP_BID = 300
PASS = 400
SWAP = 401
KEEP = 402


def card_text(card):
    return RANKS[card % 13] + SUITS[card // 13]


def trump_text(trump):
    # 'C', 'D', 'H', 'S' or 'NT'.
    return "NT" if trump == NO_TRUMP else SUITS[trump]


def bid(n):
    return BID + n


def trump_bid(n, s):
    return TRUMP_BID + 5 * n + s


def is_card(a):
    return 0 <= a < 52


def is_bid(a):
    return BID <= a < BID + 14


def is_trump(a):
    return TRUMP <= a <= TRUMP + 4


def is_trump_bid(a):
    return TRUMP_BID + 25 <= a < TRUMP_BID + 70


def kind(a):
    # The kind of move a is: 0 a card, 1 a bid, 2 a trump, 3 a trump bid or
    # a pass (an auction's), 4 a swap or keep.
    if a < BID:
        return 0
    if a < TRUMP:
        return 1
    if a < TRUMP_BID:
        return 2
    return 3 if a <= PASS else 4


def action_text(a):
    if is_card(a):
        return card_text(a)
    if is_bid(a):
        return "bid %d" % (a - BID)
    if is_trump(a):
        return "trump " + trump_text(a - TRUMP)
    if is_trump_bid(a):
        return "bid %d %s" % ((a - TRUMP_BID) // 5, trump_text((a - TRUMP_BID) % 5))
    if a == PASS:
        return "pass"
    if a == SWAP:
        return "swap"
    if a == KEEP:
        return "keep"
    return "action %d" % a


# The action log is kept as a bytearray (one byte per action, not 4+): these
# map action ints to byte codes and back. A code is a + SHIFT[a // BID]: cards
# 0..51 stay, bids 52..65, trump 66..70, trump bids 71..115, pass/swap/keep 116..118.
SHIFT = (0, 52 - BID, 66 - TRUMP, 71 - 25 - TRUMP_BID, 116 - PASS)


def encode(a):
    return a + SHIFT[a // BID]


def decode(code):
    if code < 52:
        return code
    if code < 66:
        return code - 52 + BID
    if code < 71:
        return code - 66 + TRUMP
    if code < 116:
        return code - 71 + 25 + TRUMP_BID
    return code - 116 + PASS
