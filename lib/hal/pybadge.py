# PyBadge / EdgeBadge / PyGamer profile: board.DISPLAY and the shift-register buttons.
#
# The PyGamer's shift register has only B, A, START, SELECT; its joystick is
# read as two analog pins and turned into UP/DOWN/LEFT/RIGHT events here.

import os
import time

import board
import keypad

from hal import keys as K

# shift-register bit -> logical key (PyBadge order: B A START SELECT RIGHT DOWN UP LEFT)
_RAW = (K.B, K.A, K.START, K.SELECT, K.RIGHT, K.DOWN, K.UP, K.LEFT)


class _Keys(K.Queue):
    def __init__(self, profile):
        K.Queue.__init__(self)
        self._profile = profile

    def get(self):
        self._profile.poll()
        return K.Queue.get(self)


class PyBadge:
    board_name = getattr(board, "board_id", "pybadge")
    RAW = _RAW  # shift-register bit -> logical key (the PyGamer wires only 4)

    def __init__(self):
        self.display = board.DISPLAY
        self.display.auto_refresh = False
        self._buttons = keypad.ShiftRegisterKeys(
            clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT, latch=board.BUTTON_LATCH,
            key_count=8, value_when_pressed=True)
        self.keys = _Keys(self)
        self._joy = None
        self._joy_dir = None
        if hasattr(board, "JOYSTICK_X"):
            import analogio
            self._joy = (analogio.AnalogIn(board.JOYSTICK_X), analogio.AnalogIn(board.JOYSTICK_Y))
        self.save_dir = "/saves"
        self.writable = self._check_writable()
        self._speaker = None

    def _check_writable(self):
        try:
            try:
                os.mkdir(self.save_dir)
            except OSError:
                pass
            with open(self.save_dir + "/.probe", "w") as f:
                f.write("1")
            os.remove(self.save_dir + "/.probe")
            return True
        except OSError:
            return False

    def poll(self):
        if self._speaker:
            self._speaker.poll(self.now_ms())
        ev = self._buttons.events.get()
        while ev is not None:
            if ev.key_number < len(self.RAW):
                self.keys.push(K.Event(self.RAW[ev.key_number], ev.pressed))
            ev = self._buttons.events.get()
        if self._joy is not None:
            self._poll_joystick()

    def _poll_joystick(self):
        x, y = self._joy[0].value, self._joy[1].value
        d = None
        if x < 12000:
            d = K.LEFT
        elif x > 53000:
            d = K.RIGHT
        elif y < 12000:
            d = K.UP
        elif y > 53000:
            d = K.DOWN
        if d != self._joy_dir:
            if self._joy_dir is not None:
                self.keys.push(K.Event(self._joy_dir, False))
            if d is not None:
                self.keys.push(K.Event(d, True))
            self._joy_dir = d

    def input_ended(self):
        return False

    def now_ms(self):
        return time.monotonic_ns() // 1000000

    def idle(self, ms):
        time.sleep(min(ms, 20) / 1000)

    def after_key(self):
        pass

    def finish(self):
        pass

    def beep(self, freq, ms):
        # Starts a tone and returns at once (hal.sound plays it in the background).
        if self._speaker is None:
            from hal import sound
            self._speaker = sound.from_board() or False
        if self._speaker:
            self._speaker.beep(freq, ms, self.now_ms())

    def entropy(self):
        try:
            return int.from_bytes(os.urandom(4), "little")
        except (NotImplementedError, AttributeError):
            return self.now_ms() & 0x7FFFFFFF
