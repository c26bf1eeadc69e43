# PyGamer profile: the PyBadge profile plus an analog joystick for the arrows
# (the only board with a stick: these are its one set of thresholds).
#
# The PyGamer's shift register carries only B, A, START and SELECT; the thumb
# stick is two analog pins. Stick turns into UP/DOWN/LEFT/RIGHT with a dead zone
# (so a resting stick that is slightly off centre sends nothing), hysteresis (a
# direction holds until the stick comes well back), and key repeat while held.

from hal import keys as K

CENTER = 32768
PRESS_AT = 14000      # deflection that counts as a push (of 32768)
RELEASE_AT = 9000     # back inside this: released (hysteresis against jitter)
REPEAT_DELAY_MS = 400
REPEAT_EVERY_MS = 130


class Joystick:
    # Turns raw (x, y) readings into logical key events; no hardware inside.
    #
    # update(x, y, now_ms) returns a list of (key, pressed) pairs. Only one
    # direction is ever held: the axis pushed furthest wins.

    def __init__(self):
        self.held = None
        self._next_repeat = 0

    def _direction(self, x, y, threshold):
        dx, dy = x - CENTER, y - CENTER
        if abs(dx) < threshold and abs(dy) < threshold:
            return None
        if abs(dx) >= abs(dy):
            return K.RIGHT if dx > 0 else K.LEFT
        return K.DOWN if dy > 0 else K.UP

    def update(self, x, y, now_ms):
        out = []
        if self.held is not None:
            still = self._direction(x, y, RELEASE_AT)
            if still == self.held:
                if now_ms >= self._next_repeat:
                    out.append((self.held, False))
                    out.append((self.held, True))
                    self._next_repeat = now_ms + REPEAT_EVERY_MS
                return out
            out.append((self.held, False))
            self.held = None
        d = self._direction(x, y, PRESS_AT)
        if d is not None:
            self.held = d
            self._next_repeat = now_ms + REPEAT_DELAY_MS
            out.append((d, True))
        return out


try:
    from hal.pybadge import PyBadge
except ImportError:  # pragma: no cover - no board module: keeps Joystick importable
    from hal.base import Board as PyBadge


class PyGamer(PyBadge):
    # PyBadge profile with the stick read through Joystick.

    RAW = (K.B, K.A, K.START, K.SELECT)  # shift-register bits 0..3; the rest are not wired

    def __init__(self):
        PyBadge.__init__(self)
        import board
        self.stick = Joystick()
        self._joy = None
        if hasattr(board, "JOYSTICK_X"):
            import analogio
            self._joy = (analogio.AnalogIn(board.JOYSTICK_X), analogio.AnalogIn(board.JOYSTICK_Y))

    def poll(self):
        PyBadge.poll(self)
        if self._joy is not None:
            for key, pressed in self.stick.update(self._joy[0].value, self._joy[1].value,
                                                  self.now_ms()):
                self.keys.push(K.Event(key, pressed))
