# Pocket Tricks engine: the rules of five trick-taking games and their bots.
#
# Pure logic: imports only CircuitPython built-ins, touches no hardware, clock
# or filesystem, so the same code runs on a board and on a desktop.


class IllegalAction(ValueError):
    # An action the rules forbid right now; the message is for the player.
    pass

