# The text console's words: its help (ui.clean makes a typed line safe
# to read and to echo), what each decision expects, and a move read the way
# the decision expects it (engine/parse.py underneath; a game's own phases'
# words are its face's: ui.faces). Used by the
# console's modules (ui/console/menu.py, play.py, pages.py).
from engine import IllegalAction
from engine.actions import BID, SWAP, TRUMP, is_bid, is_card, is_trump, kind
from engine.parse import number, parse_suit

HELP = (
    "Play: a card (QH, 10S, TS; Nines codes s1 ha ce), bid 3 (or just 3),",
    "  trump H / trump NT, bid 6 S / bid 5 NT, pass, swap, keep.",
    "See: hand, table, moves, last (trick), tricks (the round's), out (cards played),",
    "  scores, rules. hint: level 3's move.",
    "Also: undo, seats / seat 2 h / seat 2 3 (a person or a bot 0-3), save, quit.",
)
UNDO_TRICK = "'undo trick' is for a game whose undo takes back a whole trick."
HELP_WORDS = ("help", "?", "h")
CARD_WORD = 8            # a typed card is shorter ("10S", "QH", Nines' "s1"): longer is not one
ECHO = 16                # at most this much of a typed word is repeated in a message
QUIT_WORDS = ("quit", "q", "exit", "menu")


def page(line):
    # The menu's page that line asks for, as (ui.console.pages function,
    # its arguments...), or None.
    words = line.split(None, 1)
    if not words:
        return None
    if words[0] in ("r", "rules"):
        return ("rules_page", words[1] if len(words) > 1 else None)
    if len(words) > 1:
        return None
    if line in ("s", "settings"):
        return ("settings_page",)
    if line in ("t", "stats", "statistics"):
        return ("stats_page",)
    return None


def played(word, v, names, game, settings):
    # The commands `tricks` (every trick of the round) and `out` (the cards
    # played, per suit, where the settings have that page) as lines.
    from engine.actions import card_text
    from engine.ondemand import call
    if word == "tricks":
        return call("ui.screens.played", "lines", v, names, card_text)
    if not call("ui.screens.played", "shown", settings["count"], game):
        return ["! 'out' is off in this game (settings: Cards out)."]
    title, lines = call("ui.screens.played", "out", v, 78, card_text)
    return [title + ":"] + [x and "  " + x for x in lines]


def _bids(legal):
    return [a - BID for a in legal if is_bid(a)]


def expected(state, legal, face):
    # One sentence: what to type now, with an example that is legal now (the
    # game's own phases: its face's words; else by the kind of move asked for).
    own = getattr(face, "expected", None)
    own = own(state, legal) if own else None
    if own:
        return own
    bids = _bids(legal)
    if bids:
        noun = face.title(state.view(None))       # Your bid, Your call, Your contract
        if len(bids) == 1:
            return "%s: only %d is allowed now: '%s'." % (noun, bids[0],
                                                         state.action_text(BID + bids[0]))
        return "%s: a number from %d to %d, like '%s'." % (
            noun, bids[0], bids[-1], state.action_text(BID + bids[len(bids) // 2]))
    if [a for a in legal if is_trump(a)]:
        return "Choose trump: C, D, H, S or NT, like 'trump H'."
    if SWAP in legal:
        return "Type swap (take the dummy) or keep (your hand)."
    cards = [a for a in legal if is_card(a)]
    if cards:
        return "Play a card, like '%s'." % state.action_text(cards[0])
    return "Type one of the moves: 'moves' lists them."


def read(state, line, legal, face):
    # The action the line means now; IllegalAction saying what is asked for
    # when it is not one. Legality is left to the engine (its reasons: follow
    # suit, the dealer's bid, the zero rule...).
    words = line.lower().split()
    kinds = [kind(a) for a in legal]      # (engine.actions.kind: 1 a bid, 2 a trump)
    cards = face.card_phase(state.phase)
    if 2 in kinds:          # a suit alone names trump
        s = parse_suit(" ".join(words[1:] if words[:1] == ["trump"] else words))
        if s is not None:
            return TRUMP + s
    if 1 in kinds and len(words) == 1 and number(words[0]) is not None:
        line = "bid " + line
    try:
        a = state.parse_action(line)
    except IllegalAction:
        if cards and len(words) == 1 and len(line) <= CARD_WORD:
            raise               # a card mistyped: the parser says so ("'ZZ' is not a card")
        raise IllegalAction(expected(state, legal, face))   # a bid now, several cards, a long line
    if cards or a in legal:
        return a
    if kind(a) not in kinds:
        raise IllegalAction(expected(state, legal, face))
    bids = _bids(legal)
    if is_bid(a) and bids and a - BID > bids[-1]:
        raise IllegalAction(expected(state, legal, face))
    return a


def refused(opts):
    # The sentence for a desktop command line the console cannot honour, or
    # None (lib/hal/desktop_cli.py refuses a blank --join and --seats without
    # --host; code.py sends --join to ui/console/link.py).
    if opts.get("host"):
        return "--host needs the screen; in the text console you can join a table " \
               "with --join ADDRESS."
    return None


def seat_change(word, players):
    # 'seats' -> None (list them); 'seat 2 h' -> (1, "human", None); 'seat 2 3'
    # -> (1, "bot", 3); ValueError otherwise.
    words = word.split()
    if words == ["seats"]:
        return None
    n = number(words[1]) if len(words) == 3 else None
    if n is None or not 1 <= n <= players or words[2] not in ("h", "human", "0", "1", "2", "3"):
        raise ValueError("Type seats to list them, or seat N h (a person) / seat N 0-3 (a bot).")
    if words[2] in ("h", "human"):
        return n - 1, "human", None
    return n - 1, "bot", int(words[2])


# --- setup answers -----------------------------------------------------------
def whole(text, lo, hi, what):
    n = number(text)
    if n is None or not lo <= n <= hi:
        raise ValueError("%s: a number from %d to %d." % (what, lo, hi))
    return n


def yes_no(text):
    t = text.lower()
    if t in ("y", "yes", "on", "1"):
        return True
    if t in ("n", "no", "off", "0"):
        return False
    raise ValueError("Answer y or n.")


def seats(text, players, level):
    # 'h 2 2 2' -> (["human", "bot", ...], [levels]); a person's level is level.
    words = text.lower().replace(",", " ").split()
    if len(words) != players:
        raise ValueError("Give %d seats, e.g. h%s." % (players, (" %d" % level) * (players - 1)))
    kinds, levels = [], []
    for w in words:
        if w in ("h", "human"):
            kinds.append("human")
            levels.append(level)
        elif w in ("0", "1", "2", "3"):
            kinds.append("bot")
            levels.append(int(w))
        else:
            raise ValueError("'%s': a seat is h (human) or a bot level 0-3." % w)
    return kinds, levels
