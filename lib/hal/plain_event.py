# A stand-in for keypad.Event where the keypad module is missing (the
# MicroPython VM, tests): hal.keys.Event is this class there. Its own module,
# so a board, which has keypad, never holds it.


class Event:
    def __init__(self, key_number, pressed=True):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed
