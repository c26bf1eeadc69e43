# Who leads and who won: the seats in order with how far behind each is,
# the rounds left, game over's words and final scores (every front end), and
# which way a game's scores win. Loaded while game over or the score
# sheet's totals need it.
from ui import faces
from ui.fmt import pad, score
from ui.screen import wrap


def low_wins(game_id):
    # Which way game_id's scores win (engine.catalog.low_wins: True, False, None).
    from engine.ondemand import call
    return call("engine.catalog", "low_wins", game_id)


def standings(view):
    # The seats best first, as (seat, its total as an int, how far behind the
    # leader it is: 0 for the leader and seats tied with it).
    n = view["players"]
    tot = view["scores"]
    sign = -1 if low_wins(view["game"]) else 1
    order = sorted(range(n), key=lambda s: (-sign * tot[s], s))
    best = tot[order[0]]
    return [(s, tot[s], sign * (best - tot[s])) for s in order]


def rounds_left(view):
    # "6 rounds left", "Last round", or Nines' "First to 0 wins" (no fixed number).
    total = view.get("rounds")
    if total is None:
        return "First to 0 wins" if low_wins(view["game"]) else ""
    left = total - len(view["history"])
    return "Last round" if left == 1 else "%d rounds left" % left if left > 0 else ""


def ending(view, names):
    # How the game ended by its own rules (its face's outcome, if any): (a
    # draw?, the rule's lines, whether the final scores are listed).
    own = getattr(faces.of(view["game"]), "outcome", None)
    return own(view, names) if own else (False, [], True)


def outcome(view, win, names, end=None):
    # Game over's words on every front end: who won (win: the winning seats)
    # and, where a rule decided it rather than the totals, which rule (end:
    # ending()'s, if the caller has it).
    who = ", ".join([names[s] for s in win])
    draw, why, _ = end or ending(view, names)
    if draw:
        head = "Draw: " + who
    elif len(win) > 1:
        head = "Joint winners: " + who
    elif win:
        head = "You win!" if names[win[0]] == "You" else who + " wins!"
    else:
        head = "Nobody wins."
    return [head] + why


def over(view, win, names, cols):
    # Game over's page: (its title: who won, its lines: which rule decided
    # it, then the final standings where the game lists them), cols wide.
    end = ending(view, names)
    said = outcome(view, win, names, end)
    lines = []
    for sentence in said[1:]:
        lines += wrap(sentence, cols)
    if end[2]:
        lines += final_lines(view, names, cols, win)
    return said[0], lines


def final_lines(view, names, cols, win=()):
    # Game over's standings under a heading, in as few lines as fit every
    # seat (two to a line on the smallest screen), the winners (win) first:
    # "Bob  24   You  21". A game without points (Linger Longer): tricks won.
    n = view["players"]
    if not faces.of(view["game"]).SCORES:
        order = sorted(range(n), key=lambda s: (-view["tricks"][s], s))
        head, cells = "Tricks won:", [(s, str(view["tricks"][s])) for s in order]
    else:
        scale = view.get("score_scale") or 1
        head, cells = "Final scores:", [(s, score(t, scale)) for s, t, _ in standings(view)]
    cells = [(names[s], t) for s, t in cells if s in win] + \
        [(names[s], t) for s, t in cells if s not in win]
    w = max([len(c[1]) for c in cells])
    cell = [pad(a, 5) + " " + " " * (w - len(b)) + b for a, b in cells]
    per = max(1, (cols + 3) // (len(cell[0]) + 3))
    out = [head]
    for i in range(0, n, per):
        out.append("   ".join(cell[i:i + per]))
    return out
