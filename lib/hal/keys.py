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


try:
    from keypad import Event  # the real class on the board and under Blinka
except ImportError:                 # where keypad is missing (the VM, tests)
    from hal import plain_event
    Event = plain_event.Event


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
