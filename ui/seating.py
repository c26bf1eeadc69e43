# Seat names and seats changing hands: the built-in names, a new table's
# names (from the names setting), a link seat's name as its joiner says
# hello, and a seat handed to a person or a bot in the middle of a game.
# Loaded while a table is set up or a seat changes hands (the setup screens,
# the pause menu's seats, the console's `seat`, a link host's hello), and who
# holds the device as a table starts: a game in play keeps none of it.

# the built-in names: "You" for a lone human, the bots these in turn (the
# names setting's default, ui/prefs.py, is the same list)
YOU = "You"
BOT_NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")


def default_names(seats, names=None):
    # Names of at most 5 letters (they fit the screen; ui/screens/naming.py's MOST).
    # names: the names setting (POCKET_TRICKS_NAMES in settings.toml, your name
    # typed in Settings: ui/screens/naming.py), yours first: a lone human
    # is names[0] ("You" without it), the bots take the names after it in seat
    # order (past its end the first of BOT_NAMES not taken; never yours: your
    # name typed in Settings may be one of theirs); several humans are P1, P2, ...
    names = names or (YOU,) + BOT_NAMES
    mine = names[0][:5]
    names = [mine] + [n for n in names[1:] if n[:5] != mine]
    humans = [s for s in range(len(seats)) if seats[s] == "human"]
    out = []
    k = 0
    for s in range(len(seats)):
        if seats[s] != "human":
            k += 1
            out.append(names[k][:5] if k < len(names) else free_name(out + list(names)))
        elif len(humans) == 1:
            out.append(mine)
        else:
            out.append("P%d" % (s + 1))
    return out


def built_in(i):
    # The built-in name in place i of the names setting (yours first).
    return YOU if i == 0 else BOT_NAMES[(i - 1) % len(BOT_NAMES)]


def unique_name(names, s, wanted):
    # Seat s's name at a link table whose seats are called names (the host
    # asks as a joiner's hello comes): wanted (the hello's name, cleaned:
    # ui.link.proto.player_name) unless it is empty or another seat's in any
    # case ("bob" is Bob's; "you" is what every joiner calls its own seat:
    # ui.link.state), else the name the seat has, else P<seat number>, else
    # P<seat number>.1, .2, ...: never a name another seat has.
    taken = [names[i].lower() for i in range(len(names)) if i != s] + [YOU.lower()]
    for x in [wanted, names[s]] + ["P%d%s" % (s + 1, "" if k == 0 else ".%d" % k)
                                   for k in range(len(names))]:
        if x and x.lower() not in taken:
            return x
    return "P%d" % (s + 1)          # (not reached: one of len(names) names is free)


def free_name(taken):
    # The first built-in bot name not in taken.
    for n in BOT_NAMES:
        if n not in taken:
            return n
    return BOT_NAMES[0]


def set_seat(session, seat, kind, level=None):
    # Seat changes hands mid-game. Only its own name changes, and only
    # with its kind: a bot takes the first built-in name free at the table,
    # a person is "You" when alone, else P1, P2.. (the others keep theirs:
    # the curtain names the player the device goes to).
    was = session.seats[seat]
    session.seats[seat] = kind
    if level is not None:
        session.levels[seat] = level
    if was == kind:
        return
    if kind == "human":
        session.seen[seat] = len(session.state.log)     # (its news starts now)
        alone = session.seats.count("human") == 1
        session.names[seat] = YOU if alone else "P%d" % (seat + 1)
    else:
        session.names[seat] = free_name(session.names)


def holder(session):
    # The person who has the device as a table (re)starts, or None when the
    # curtain comes first: several people, or a continued game whose one
    # person is not in the first seat (the device owner's): it was passed
    # round or handed over, and whoever holds it now may be someone else.
    humans = session.humans()
    if len(humans) != 1 or (session.resumed and humans[0]):
        return None
    return humans[0]
