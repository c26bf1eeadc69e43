# Pocket Tricks engine: the rules of five trick-taking games and their bots.
#
# Pure logic: imports only CircuitPython built-ins, touches no hardware, clock
# or filesystem, so the same code runs on a board and on a desktop.
import sys


class IllegalAction(ValueError):
    # An action the rules forbid right now; the message is for the player.
    pass


def module(name):
    # The module engine.<name>, imported on first use: on the device bytecode
    # shares the heap with the game, so rarely used code loads only when needed.
    full = "engine." + name
    if full not in sys.modules:
        __import__(full)
    return sys.modules[full]
