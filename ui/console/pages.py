# The console's pages beside its games, as the title screen has them:
# settings (ui/screens/settings.py's rows and steps, saved as the screen saves them),
# statistics (ui/screens/info.py's table) and rules (rules/). Loaded only while
# one is open (engine.ondemand.call), so a game keeps none of it in the heap.
from engine.ondemand import call
from engine.parse import number
from ui.console.words import ECHO, HELP_WORDS
from ui.screens.common import rules_text, short_title
from ui.screen import wrap

COLS = 78   # a terminal's 80 columns, less a margin
# What each setting of ui.screens.settings.LABELS does, as the console explains it
# ({n}: your name's row, {games}: where Cards out is on by game).
MEANINGS = ("how fast the bots play on the screen",
            "your only playable card is played for you",
            "the screen's sounds",
            "the bots of a new game: 0 random, 1 easy, 2 normal, 3 hard",
            "the screen's tips, until you have finished a game of each kind",
            "the cards' colours on the screen: 4 makes clubs green, diamonds blue",
            "your hand: trumps at the right once trump is known, or suits in order",
            "the cards played ('out'); by game: {games}",
            "yours at the table and in link play: {n} Ann ({n} alone: You)")
BACK_WORDS = ("", "q", "quit", "back", "b", "exit", "menu")


def settings_page(con):
    # Show the settings and change them until an empty line; each change is
    # saved at once (con.store), so the screen and the next console use it.
    from ui.screens import settings as S
    if con.store is None:
        con.say("! Settings need storage, and this console has none.")
        return
    s = con.prefs()
    con.news()
    con.say("", "Settings (the screen uses them too):")
    _rows(con, S, s)
    name = len(S.LABELS)          # the last: your name, typed after its number
    how = "Type 1-%d to change one (4 3: bot level 3, %d Ann: your name), Enter to go " \
          "back." % (len(S.LABELS), name)
    con.say(how)
    while True:
        typed = con.ask("Settings> ")
        line = typed.lower()
        if line in BACK_WORDS:
            return
        if line in HELP_WORDS:
            con.say(how, "A number steps its setting on (Fast goes round to Slow).")
            continue
        words = line.split()
        i = number(words[0]) if words else None
        if i is None or not 1 <= i <= len(S.LABELS) or len(words) > 2:
            con.say("! Type a number from 1 to %d, like '2', or Enter to go back."
                    % len(S.LABELS))
            continue
        if i == name:
            mine = typed.split()[1] if len(words) == 2 else ""
            why = call("ui.screens.naming", "why_not", mine)
            if why:
                con.say("! %s, like '%d Ann'." % (why, name))
                continue
            call("ui.screens.naming", "set_name", s, mine)
        elif len(words) == 2:
            level = number(words[1])
            if i != 4:
                con.say("! Only the bot level and your name take a value ('4 2', '%d Ann'); "
                        "type %d alone to change %s." % (name, i, S.LABELS[i - 1]))
                continue
            if level is None or not 0 <= level <= 3:
                con.say("! A bot level is 0 to 3, like '4 2'.")
                continue
            s["bot_level"] = level
        else:
            S.change_setting(s, i - 1, 1)
        note = con.store.save_settings(s)
        con.say("%s: %s" % (S.LABELS[i - 1], S.values(s)[i - 1]))
        if note:
            con.say("! " + note)
        if i == 4:      # what the level does, as the screen's footer says it
            con.say(S.level_words(s["bot_level"]))


def _rows(con, S, s):
    got = S.values(s)
    for i in range(len(S.LABELS)):
        con.say("  %d  %-10s %-9s %s" % (i + 1, S.LABELS[i], got[i], MEANINGS[i].format(
            n=len(S.LABELS), games=S.COUNTING_WORDS)))


def stats_page(con):
    # The statistics of finished games, as the title's Statistics page.
    if con.store is None:
        con.say("! Statistics need storage, and this console has none.")
        return
    con.say("", "Statistics:")
    con.say(*["  " + line for line in call("ui.screens.info", "stats_lines", con.store, COLS - 2)])
    con.news()   # a damaged statistics file is told here


def rules_page(con, word=None):
    # The rules of a game: word names it by its number or name, else it is asked.
    gid = pick_game(word)
    if word and gid is None:
        con.say("! There is no game '%s'." % word[:ECHO])
    while gid is None:
        n = len(call("engine.catalog", "ids"))
        line = con.ask("Rules of which game? (1-%d, Enter: back) " % n).lower()
        if line in BACK_WORDS:
            return
        gid = pick_game(line)
        if gid is None:
            how = "Type a game's number from 1 to %d (or its name, like nines), or Enter " \
                  "to go back." % n
            con.say(how if line in HELP_WORDS else "! " + how)
    con.say("", *rules_lines(gid))


def rules_lines(game_id):
    # A game's rules text wrapped for a terminal.
    return wrap(rules_text(game_id), COLS)


def pick_game(word):
    # The game a menu number (1-5) or a game id names, else None.
    if not word:
        return None
    ids = call("engine.catalog", "ids")
    if word in ids:
        return word
    n = number(word)
    if n is not None and 1 <= n <= len(ids):
        return ids[n - 1]
    for gid in ids:
        if short_title(gid).lower() == word:
            return gid
    return None
