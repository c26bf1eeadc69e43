# Your name: the first of the names setting, the name of a lone person's seat
# at the table (ui.seating.default_names) and of your seat in link play
# (link_name). Typed on the on-screen keyboard from Settings, or
# with the console's settings page ("9 Ann"). Loaded while it is typed: the
# settings screen itself only shows it.
from ui.seating import YOU, default_names

MOST = 5        # letters (ui.seating's names keep 5; link play's NAME_CHARS is the same)
KEYS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-."


def mine(settings):
    # Your name in the settings (a lone person's seat's), YOU without one.
    return default_names(["human"], settings.get("names"))[0]


def link_name(settings, given=None):
    # Your seat's name in link play: given (the desktop's --name), else yours
    # unless it is YOU, which would tell nobody apart (the host's seat is then
    # "Host", a joiner's P2..): None.
    if type(given) is not str:
        given = None
    elif given:               # (the command line's: cleaned as the settings' names are)
        from engine.ondemand import call
        given = call("ui.clean", "clean", given[:40])
    name = given or mine(settings)
    return None if name == YOU else name


def set_name(settings, name):
    # Your name in the settings (the bots' names after it stay); "" is YOU again.
    names = settings.get("names") or [YOU]
    settings["names"] = [name or YOU] + list(names[1:])


def why_not(name):
    # Why name cannot be yours, as a sentence; None when it can.
    if len(name) > MOST or [c for c in name if c not in KEYS]:
        return "A name is up to %d letters, digits, '-' or '.'" % MOST
    return None


def ask(screen):
    # The keyboard for your name over screen (Settings), which shows it again when done.
    from engine.ondemand import load
    app = screen.app

    def done(name):
        set_name(app.settings, name)
        screen.refresh()
    keyboard = load("ui.screens.keyboard")
    app.push(keyboard.Keyboard("Your name", mine(app.settings), KEYS, MOST, done))
