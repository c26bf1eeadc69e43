# A hint (pause menu): the card or bid a level-3 bot would choose for the
# seat to act, from that seat's own view, with a short reason. The bots give
# no reasons of their own, so the reason says what the choice does at the
# table now. Loaded when asked for, unloaded after (ui.screens.pause).
from engine import bots
from engine.actions import BID, SUIT_NAMES, is_bid, is_card
from ui import fmt


def choice(state, seed):
    # (level 3's action for the seat to act, that seat's view): the screen's
    # hint and the text console's `hint` alike.
    seat = state.to_act()
    v = state.view(seat)
    return bots.choose(v, state.legal_actions(), 3, seed * 8 + seat), v


def typed(state, seed, face):
    # The text console's hint: level 3's choice in typed form, and why.
    a, v = choice(state, seed)
    return "Hint: %s, %s." % (state.action_text(a), reason(face, v, a))


def ask(table):
    # (level 3's choice for the table's turn, the prompt's words for it)
    a, v = choice(table.state(), table.session.seed)
    face = table.face
    return a, "Hint: %s, %s" % (words(face, a), reason(face, v, a))


def words(face, a):
    if is_bid(a):
        return "%s %d" % (face.BID, a - BID)
    return fmt.action(a)


def reason(face, v, a):
    # Why a suits: the game's own words for its own moves (face), else a
    # card's or a bid's.
    why = face.reason(v, a)
    if why:
        return why
    if is_card(a):
        return card_reason(v, a)
    if is_bid(a):
        return bid_reason(v, a - BID)
    return "level 3's choice"


def bid_reason(v, n):
    # What a bid of n counts on in the seat's hand: its sure winners (aces,
    # kings with a card beside them), trumps past the third, and how the bid
    # differs from them: "A♠ K♥ +1 long trump", "A♣ (+2 likely)".
    hand = v["hands"][v["to_act"]] or []
    trump = v["trump"]
    suits = [0] * 4
    for c in hand:
        suits[c // 13] += 1
    sure = [c for c in hand if c % 13 == 12 or (c % 13 == 11 and suits[c // 13] > 1)]
    sure.sort(key=lambda c: (-(c % 13), c // 13))
    long = max(0, suits[trump] - 3) if trump is not None and trump < 4 else 0
    parts = [fmt.cards(sure)] if sure else []
    if long:
        parts.append("+%d long trump%s" % (long, "" if long == 1 else "s"))
    counted = len(sure) + long
    text = " ".join(parts) if parts else "no sure winners"
    if n > counted:
        text += " (+%d likely)" % (n - counted)
    elif n < counted:
        text += " (%d may lose)" % (counted - n)
    return text


def card_reason(v, c):
    from engine.tricks import trick_winner, winning_index
    trick = v["trick"]
    trump = v["trump"]
    if not trick:
        if trump is not None and trump < 4 and c // 13 == trump:
            return "lead trump"
        return "lead a %s" % SUIT_NAMES[c // 13][:-1]     # "clubs" -> "club"
    best = trick[winning_index(trick, trump)][1]
    wins = trick_winner(trick + [[v["to_act"], c]], trump) == v["to_act"]
    last = len(trick) == v["players"] - 1
    if wins:
        if c // 13 != trick[0][1] // 13:
            return "trump it"
        return "win the trick" if last else "beat %s" % fmt.card(best)
    if c // 13 != trick[0][1] // 13:
        return "throw it away"
    return "stay under %s" % fmt.card(best)
