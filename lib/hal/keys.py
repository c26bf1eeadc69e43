# Logical key numbers shared by every board profile and the UI.
#
# Profiles translate their raw buttons or keyboard keys into these numbers, so
# screens never know which board they run on.

UP = 0
DOWN = 1
LEFT = 2
RIGHT = 3
A = 4
B = 5
START = 6
SELECT = 7

NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT")


def number(name):
    # Logical key number for a name like "a" or "START" (ValueError if unknown).
    up = name.upper()
    for i in range(len(NAMES)):
        if NAMES[i] == up:
            return i
    raise ValueError("unknown key name: %s" % name)


class _PlainEvent:
    # Stand-in for keypad.Event where the keypad module is missing (VM, tests).

    def __init__(self, key_number, pressed=True):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed


try:
    from keypad import Event  # the real class on the board and under Blinka
except ImportError:
    Event = _PlainEvent


class Queue:
    # A small FIFO with keypad.EventQueue's get(); profiles push() into it.

    def __init__(self):
        self._items = []

    def push(self, event):
        self._items.append(event)

    def get(self):
        if self._items:
            return self._items.pop(0)
        return None

    def __len__(self):
        return len(self._items)

    def clear(self):
        self._items = []
