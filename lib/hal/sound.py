# Short tones on the PyBadge/PyGamer speaker that never hold up the game loop.
#
# A cue is a few notes rendered once into an 8-bit sine RawSample and handed to
# the audio DMA (audioio on SAMD51, audiopwmio elsewhere), which plays it in the
# background; play() returns at once. Boards with neither get a PWM tone that
# poll() stops when its time is up. Cues: "turn" (your turn), "trick" (you won
# a trick), "round" (a round ended). `enabled` is the player's sound setting.

import math

CUES = {
    "turn": ((880, 60),),
    "trick": ((660, 45), (990, 70)),
    "round": ((523, 80), (659, 80), (784, 150)),
}
RATE = 8000          # samples per second: plenty for beeps, 8 bytes a millisecond
VOLUME = 48          # amplitude around the 128 midpoint (of 127)
MAX_MS = 400         # longest sound we render: caps the buffer at 3.2 KB
CACHE_MAX = 6        # rendered sounds kept (a cue or a (freq, ms) beep each)


def render(notes, rate=RATE, volume=VOLUME):
    # An array('B') holding the notes back to back (pure; tested on the desktop).
    import array
    total = 0
    for _f, ms in notes:
        total += ms
    total = min(total, MAX_MS)
    buf = array.array("B", [128] * (rate * total // 1000))
    i = 0
    for freq, ms in notes:
        n = min(rate * ms // 1000, len(buf) - i)
        step = 2 * math.pi * freq / rate
        fade = max(1, n // 8)                   # soft ends: no clicks
        for k in range(n):
            amp = volume
            if k < fade:
                amp = volume * k // fade
            elif n - k < fade:
                amp = volume * (n - k) // fade
            buf[i + k] = 128 + int(amp * math.sin(step * k))
        i += n
    return buf


class Speaker:
    # One speaker pin (+ optional amplifier enable pin).

    def __init__(self, pin, enable_pin=None, enabled=True):
        self.enabled = enabled
        self._pin = pin
        self._amp = None
        self._out = None
        self._pwm = None
        self._notes = []            # PWM fallback: notes still to play
        self._note_end = 0
        self._cache = {}
        if enable_pin is not None:
            try:
                import digitalio
                self._amp = digitalio.DigitalInOut(enable_pin)
                self._amp.switch_to_output(value=False)
            except (ImportError, ValueError, RuntimeError):
                self._amp = None
        self._out = _audio_out(pin)

    def _amp_on(self, on):
        if self._amp is not None:
            self._amp.value = on

    def cue(self, name, now_ms=0):
        notes = CUES.get(name)
        if notes:
            self.play(notes, now_ms, name)

    def beep(self, freq, ms, now_ms=0):
        self.play(((freq, ms),), now_ms, (freq, ms))

    def play(self, notes, now_ms=0, key=None):
        # Start the notes and return at once (nothing when sound is off).
        if not self.enabled:
            return
        if self._out is not None:
            import audiocore
            sample = self._cache.get(key) if key else None
            if sample is None:
                sample = audiocore.RawSample(render(notes), sample_rate=RATE)
                if key:
                    if len(self._cache) >= CACHE_MAX:   # bound the heap kept for sounds
                        self._cache.clear()
                    self._cache[key] = sample
            if self._out.playing:
                self._out.stop()
            self._amp_on(True)
            self._out.play(sample)
            return
        self._notes = list(notes)
        self._note_end = now_ms
        self.poll(now_ms)

    def poll(self, now_ms):
        # Advance the PWM fallback and switch the amplifier off when quiet.
        if self._out is not None:
            if not self._out.playing:
                self._amp_on(False)
            return
        if now_ms < self._note_end:
            return
        if self._notes:
            freq, ms = self._notes.pop(0)
            self._tone(freq)
            self._note_end = now_ms + ms
        elif self._pwm is not None:
            self._pwm.deinit()
            self._pwm = None
            self._amp_on(False)

    def _tone(self, freq):
        try:
            import pwmio
        except ImportError:
            return
        if self._pwm is None:
            try:
                self._pwm = pwmio.PWMOut(self._pin, frequency=freq, duty_cycle=0x8000,
                                         variable_frequency=True)
            except (ValueError, RuntimeError):
                self._pwm = None
                return
        else:
            self._pwm.frequency = freq
        self._amp_on(True)

    @property
    def busy(self):
        if self._out is not None:
            return self._out.playing
        return self._pwm is not None


def _audio_out(pin):
    # The background audio player for this pin, or None.
    try:
        import audioio
        return audioio.AudioOut(pin)
    except (ImportError, ValueError, RuntimeError):
        pass
    try:
        import audiopwmio
        return audiopwmio.PWMAudioOut(pin)
    except (ImportError, ValueError, RuntimeError):
        return None


def from_board(enabled=True):
    # The board's speaker (board.SPEAKER, board.SPEAKER_ENABLE) or None.
    try:
        import board
    except ImportError:
        return None
    pin = getattr(board, "SPEAKER", None)
    if pin is None:
        return None
    return Speaker(pin, getattr(board, "SPEAKER_ENABLE", None), enabled)
