# Pass-and-play's catch-up: what a person missed since their own last move.
# The session's news (note: public moves only, never a card picked to pass,
# a Nines swap's cards or a Linger draw) is told in the words the screen
# (after the curtain, ui/screens/between.py) and the text console (after its
# curtain) both use. Held by a session of two people or more (Session.book),
# never loaded at a lone player's table.
from engine.actions import BID, KEEP, PASS, SWAP, TRUMP, TRUMP_BID
from ui import fmt

# Session.news holds each public move as one small int, at << AT | seat <<
# SEAT | what, where at is the log's length before the move and what is an
# action (a card, a bid...) or one of these codes:
AT, SEAT = 13, 10
LED = 512            # + card: the card led a trick
WON = 576            # + card: seat won the trick with it
PICKED = 640         # a card picked to pass in a Frisch (never which)
ROUND = 700          # + n: round n is over; alone: dealt again (the face's REDEALT)


def note(session, at, seat, phase, a, led, rounds, chosen):
    # Pass-and-play (ui.session.Session.apply): the move just made (at: the
    # log's length before it; by seat, in phase) in the session's news, as
    # each other person may be told it: never a card picked to pass
    # (chosen). The acting person's own news is then read: what no one
    # still needs goes.
    st = session.state
    news = session.news
    head = at << AT | seat << SEAT
    news.append(head | (PICKED if chosen else a + LED if led else a))
    if phase == "play" and not st.trick and st.last_trick:
        w = st.last_winner
        c = [p[1] for p in st.last_trick if p[0] == w][0]
        news.append(head >> AT << AT | w << SEAT | WON + c)
    if session.redealt:
        news.append(head | ROUND)
    if len(st.history) > rounds:
        news.append(head | ROUND + len(st.history))
    if session.is_human(seat):
        session.seen[seat] = len(st.log)
        low = min([session.seen[s] for s in session.humans()])
        while news and news[0] >> AT < low:
            news.pop(0)


def rewind(session, n):
    # Moves from log length n on were taken back: their news goes, and no
    # one has seen past n.
    news = session.news
    while news and news[-1] >> AT >= n:
        news.pop()
    session.seen = [min(x, n) for x in session.seen]


def words(session, seat, card, suit):
    # What seat missed as short phrases, oldest first: "Bob 7♥", "Cy K♥ won.",
    # "Dee led 2♣" (card, suit: how a card and a suit are written, fmt.card
    # and fmt.trump on the screen, the typed codes at the console); the end
    # of a trick, of a round or a deal ends a sentence.
    names = session.names
    out = []
    picks = 0
    seen = session.seen[seat]
    news = [e for e in session.news if e >> AT >= seen]
    for i in range(len(news)):
        e = news[i]
        who = e >> SEAT & 7
        name = names[who]
        a = e & 1023
        if a == PICKED:      # a Frisch's three picks of one seat in one phrase
            picks += 1
            if i + 1 < len(news) and news[i + 1] & 1023 == PICKED and \
                    news[i + 1] >> SEAT & 7 == who:
                continue
            out.append("%s picked a card to pass" % name if picks == 1 else
                       "%s picked %d cards to pass" % (name, picks))
            picks = 0
        elif a >= ROUND:       # a sentence of its own, on a line of its own
            if out and out[-1][-1] != ".":
                out[-1] += "."
            out.append("Round %d over." % (a - ROUND) if a > ROUND
                       else session.face.REDEALT + ".")
        elif a >= WON:
            c = a - WON
            if i and news[i - 1] >> SEAT & 7 == who and news[i - 1] & 1023 in (c, c + LED):
                out[-1] += " won."          # the trick's last card took it: "Cy K♥ won."
            else:
                out.append("%s won with %s." % (name, card(c)))
        elif a >= LED:
            out.append(fmt.played(name, card(a - LED), True))
        else:
            out.append(move(session.state, name, a, card, suit))
    return out


def move(state, name, a, card, suit):
    # Any other public move with its player's name: "Ann bid 3" ("call 3"),
    # "Ann chose hearts", "Ann bid 6 ♠", "Ann passed", "Ann traded", "Ann
    # kept" (as the table says a Nines swap).
    if a < BID:
        return fmt.played(name, card(a), False)
    if a >= TRUMP and a < TRUMP_BID:
        return "%s chose %s" % (name, fmt.trump_words(a - TRUMP))    # (as the table says it)
    if a >= TRUMP_BID and a < PASS:
        text = "bid %d %s" % ((a - TRUMP_BID) // 5, suit((a - TRUMP_BID) % 5))
    else:
        text = {PASS: "passed", SWAP: "traded", KEEP: "kept"}.get(a) or state.action_text(a)
    return name + " " + text


def lines(session, seat, cols, card=fmt.card, suit=fmt.trump):
    # The phrases in lines of at most cols characters, broken between phrases;
    # a sentence (a trick, a round) ends its line.
    out = []
    line = ""
    got = words(session, seat, card, suit)
    for i in range(len(got)):
        p = got[i]
        if i + 1 < len(got) and p[-1] != ".":
            p += ","
        if line and len(line) + 1 + len(p) > cols:
            out.append(line)
            line = ""
        line = line + " " + p if line else p
        if p[-1] == ".":
            out.append(line)
            line = ""
    if line:
        out.append(line)
    return out
