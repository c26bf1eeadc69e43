# PyBadge / EdgeBadge profile: board.DISPLAY and the shift-register buttons.
#
# hal.pygamer (the PyGamer's analog stick) and hal.reverse_tft (three buttons)
# build on this profile: they change only how buttons are opened and read.

import time

import board
import keypad

from hal import keys as K
from hal.base import Board, prepare_save_dir

# shift-register bit -> logical key (PyBadge order: B A START SELECT RIGHT DOWN UP LEFT)
_RAW = (K.B, K.A, K.START, K.SELECT, K.RIGHT, K.DOWN, K.UP, K.LEFT)


class _Keys(K.Queue):
    def __init__(self, profile):
        K.Queue.__init__(self)
        self._profile = profile

    def get(self):
        self._profile.poll()
        return K.Queue.get(self)


class PyBadge(Board):
    board_name = getattr(board, "board_id", "pybadge")
    RAW = _RAW  # shift-register bit -> logical key (the PyGamer wires only 4)

    def __init__(self):
        Board.__init__(self)
        self.display = board.DISPLAY
        self.display.auto_refresh = False
        self.keys = _Keys(self)
        self.open_buttons()
        self.writable = prepare_save_dir(self.save_dir)
        self._speaker = None

    def open_buttons(self):
        # The button scanner(s); a profile with other buttons replaces this.
        self._buttons = keypad.ShiftRegisterKeys(
            clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT, latch=board.BUTTON_LATCH,
            key_count=8, value_when_pressed=True)

    def poll(self):
        if self._speaker:
            self._speaker.poll(self.now_ms())
        ev = self._buttons.events.get()
        while ev is not None:
            if ev.key_number < len(self.RAW):
                self.keys.push(K.Event(self.RAW[ev.key_number], ev.pressed))
            ev = self._buttons.events.get()

    def tell(self, text):
        # On the display, CircuitPython's own terminal (the app's screens are gone
        # with the memory they held), and on the serial console.
        import displayio
        self.display.root_group = getattr(displayio, "CIRCUITPYTHON_TERMINAL", None)
        self.display.auto_refresh = True
        print(text)

    def now_ms(self):
        return time.monotonic_ns() // 1000000

    def idle(self, ms):
        time.sleep(min(ms, 20) / 1000)

    def beep(self, freq, ms):
        # Starts a tone and returns at once (hal.sound plays it in the background).
        self.sound_ready()
        if self._speaker:
            self._speaker.beep(freq, ms, self.now_ms())

    def sound_ready(self):
        if self._speaker is None:
            from hal import sound
            self._speaker = sound.from_board() or False
