# Three-button profile: Adafruit Feather ESP32-S3 Reverse TFT (240x135).
#
# Buttons D0 (top), D1 (middle), D2 (bottom). D0 reads low when pressed, D1 and
# D2 read high, so they are scanned by two keypad.Keys objects.
#
#     middle  short press = A (choose)       long press (hold 0.6 s) = B (back)
#     top     short press = LEFT             hold = UP, repeating
#     bottom  short press = RIGHT            hold = DOWN, repeating
#     top + bottom together = START (menu)
#
# Taps move along a hand or a row of choices; holding moves the other way
# (menus, bids), so every screen stays reachable with three buttons.

from hal import keys as K

TOP, MIDDLE, BOTTOM = 0, 1, 2
LONG_MS = 600
REPEAT_EVERY_MS = 250

_TAP = {TOP: K.LEFT, MIDDLE: K.A, BOTTOM: K.RIGHT}
_HOLD = {TOP: K.UP, MIDDLE: K.B, BOTTOM: K.DOWN}


class ThreeButtons:
    # Short/long press logic for three buttons; no hardware inside.
    #
    # button(b, pressed, now_ms) and tick(now_ms) each return a list of logical
    # keys that were pressed (the profile sends each as a press + release).

    def __init__(self):
        self.down_at = [None, None, None]
        self.fired = [False, False, False]     # long press already sent
        self._next_repeat = [0, 0, 0]
        self._chord = False                    # START sent, ignore the releases

    def button(self, b, pressed, now_ms):
        out = []
        if pressed:
            self.down_at[b] = now_ms
            self.fired[b] = False
            if self.down_at[TOP] is not None and self.down_at[BOTTOM] is not None:
                self._chord = True
                out.append(K.START)
            return out
        start = self.down_at[b]
        self.down_at[b] = None
        if start is None:
            return out
        if self._chord:
            if self.down_at[TOP] is None and self.down_at[BOTTOM] is None:
                self._chord = False
            return out
        if not self.fired[b]:
            out.append(_TAP[b])
        return out

    def tick(self, now_ms):
        out = []
        if self._chord:
            return out
        for b in (TOP, MIDDLE, BOTTOM):
            start = self.down_at[b]
            if start is None:
                continue
            if not self.fired[b]:
                if now_ms - start >= LONG_MS:
                    self.fired[b] = True
                    self._next_repeat[b] = now_ms + REPEAT_EVERY_MS
                    out.append(_HOLD[b])
            elif b != MIDDLE and now_ms >= self._next_repeat[b]:
                self._next_repeat[b] = now_ms + REPEAT_EVERY_MS
                out.append(_HOLD[b])
        return out


try:
    from hal.pybadge import PyBadge
except ImportError:  # no board module (tests of ThreeButtons in the VM)
    from hal.base import Board as PyBadge


class ReverseTFT(PyBadge):
    # Feather ESP32-S3 Reverse TFT: board.DISPLAY plus the three buttons.
    #
    # Shares the PyBadge profile's display set-up, clock, storage probe and
    # entropy; it has no speaker, so beep() stays silent.

    board_name = "feather_esp32s3_reverse_tft"

    def __init__(self):
        PyBadge.__init__(self)
        self.buttons = ThreeButtons()
        self._speaker = False

    def open_buttons(self):
        import board
        import keypad
        self._low = keypad.Keys((board.D0,), value_when_pressed=False, pull=True)
        self._high = keypad.Keys((board.D1, board.D2), value_when_pressed=True, pull=True)

    def _push(self, keys):
        for k in keys:
            self.keys.push(K.Event(k, True))
            self.keys.push(K.Event(k, False))

    def poll(self):
        now = self.now_ms()
        for scanner, first in ((self._low, TOP), (self._high, MIDDLE)):
            ev = scanner.events.get()
            while ev is not None:
                self._push(self.buttons.button(first + ev.key_number, ev.pressed, now))
                ev = scanner.events.get()
        self._push(self.buttons.tick(now))
