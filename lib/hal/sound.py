# Short tones on the PyBadge/PyGamer speaker that never hold up the game loop.
#
# play() hands the notes to the audio DMA (audioio on SAMD51, audiopwmio
# elsewhere), which plays them in the background, and returns at once:
# - with synthio (the stock PyBadge/PyGamer firmware): a synthio.MidiTrack
#   read from a few bytes of MIDI (note on, note off, end of track) and played
#   with a 16-step sine and a soft envelope. No rendered sample: a beep holds
#   the track (~1.4 KB: its two 512-byte synth blocks) only while it plays.
# - without synthio: the notes rendered into a bytearray for a RawSample
#   (8 bytes a millisecond), also dropped once played.
# - without audio DMA: a PWM tone that poll() stops when its time is up.
# poll() frees what has played and switches the amplifier off when quiet.
# Cues: "turn" (your turn), "trick" (you won a trick), "round" (a round ended).
# `enabled` is the player's sound setting.

import math

from micropython import const

CUES = {
    "turn": ((880, 60),),
    "trick": ((660, 45), (990, 70)),
    "round": ((523, 80), (659, 80), (784, 150)),
}
# const(): inlined where used; an _underscored one is no global either (a
# module's globals cost heap on a board). RATE and VOLUME stay: tests read them.
_MAX_MS = const(400)        # longest sound played: caps a rendered buffer at 3.2 KB
_SYNTH_RATE = const(11025)  # synthio: 256-sample blocks of 23 ms (the envelope's steps)
_PEAK = const(24000)        # sine peak: synthio halves it, so ~37% of full scale
_TAIL_MS = const(70)        # after the last note off: the release plays out (3 blocks)
RATE = const(8000)          # RawSample fallback: samples per second, 8 bytes a millisecond
VOLUME = const(48)          # RawSample fallback: amplitude around the 128 midpoint (of 127)


def midi_note(freq):
    # The nearest MIDI note (A4 = 440 Hz = 69): 880 -> 81, 990 -> 83, 523 -> 72.
    return min(127, max(0, int(69.5 + 12 * math.log(max(freq, 8) / 440) / math.log(2))))


def midi_track(notes):
    # MIDI events at 1000 ticks a second: per note a note on, and its note off
    # ms later; _TAIL_MS later the end of track (meta event FF 2F 00). Each
    # event is 5 bytes: its delta time as a 2-byte variable-length number
    # (0x80 0x3C is 60 ticks), the status byte and two data bytes.
    buf = bytearray(len(notes) * 10 + 5)
    i = 0
    for freq, ms in notes:
        n = midi_note(freq)
        ms = max(1, min(ms, _MAX_MS))
        buf[i:i + 10] = bytes((0x80, 0, 0x90, n, 0x7F,
                               0x80 | (ms >> 7), ms & 0x7F, 0x80, n, 0))
        i += 10
    buf[i:i + 5] = bytes((0x80, _TAIL_MS, 0xFF, 0x2F, 0))
    return buf


def render(notes, rate=RATE, volume=VOLUME):
    # The notes back to back as unsigned 8-bit samples, written straight into
    # a bytearray (no list on the way), each with soft ends: no clicks.
    total = 0
    for _f, ms in notes:
        total += ms
    buf = bytearray(rate * min(total, _MAX_MS) // 1000)
    i = 0
    for freq, ms in notes:
        n = min(rate * ms // 1000, len(buf) - i)
        step = 2 * math.pi * freq / rate
        fade = max(1, n // 8)
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
        self._pwm = None
        self._notes = []            # PWM fallback: notes still to play
        self._note_end = 0
        self._sound = None          # the sample playing and the bytes it reads (a
        self._data = None           # sample keeps only a pointer): kept till played
        self._synthio = None        # the synthio module, if the firmware has it
        self._voice = None          # synthio: (waveform, envelope)
        if enable_pin is not None:
            try:
                import digitalio
                self._amp = digitalio.DigitalInOut(enable_pin)
                self._amp.switch_to_output(value=False)
            except (ImportError, ValueError, RuntimeError):
                self._amp = None
        self._out = _audio_out(pin)
        if self._out is not None:
            try:
                import synthio
                self._synthio = synthio
            except ImportError:
                return
            # the voice every beep plays with, made with the speaker (long-lived)
            import array
            wave = array.array("h", bytes(32))
            for k in range(16):
                wave[k] = int(_PEAK * math.sin(math.pi * k / 8))
            # 77% for the first block then full; down to 0 in two blocks
            self._voice = (wave, synthio.Envelope(attack_time=0.03, decay_time=0.0,
                                                  release_time=0.04, attack_level=1.0,
                                                  sustain_level=1.0))

    def _amp_on(self, on):
        if self._amp is not None:
            self._amp.value = on

    def cue(self, name, now_ms=0):
        notes = CUES.get(name)
        if notes:
            self.play(notes, now_ms)

    def beep(self, freq, ms, now_ms=0):
        self.play(((freq, ms),), now_ms)

    def play(self, notes, now_ms=0):
        # Start the notes and return at once (nothing when sound is off).
        if not self.enabled:
            return
        if self._out is None:
            self._notes = list(notes)
            self._note_end = now_ms
            self.poll(now_ms)
            return
        if self._out.playing:
            self._out.stop()
        self._free()                # the last sound's memory is free for this one
        try:
            self._sample(notes)
            self._amp_on(True)
            self._out.play(self._sound)
        except (MemoryError, RuntimeError):
            # no heap for a sound right now: stay quiet, the game plays on
            self._free()
            self._amp_on(False)

    def _sample(self, notes):
        # The audio sample for the notes (self._sound) and its bytes (self._data).
        synthio = self._synthio
        if synthio is None:
            import audiocore
            self._data = render(notes)
            self._sound = audiocore.RawSample(self._data, sample_rate=RATE)
            return
        self._data = midi_track(notes)
        self._sound = synthio.MidiTrack(self._data, 1000, sample_rate=_SYNTH_RATE,
                                        waveform=self._voice[0], envelope=self._voice[1])

    def _free(self):
        # Drop the sample that has played; deinit() lets go of its buffers at
        # once (the DMA may keep a pointer to the sample object itself).
        if self._sound is not None:
            self._sound.deinit()
        self._sound = None
        self._data = None

    def poll(self, now_ms):
        # Free what has played, advance the PWM fallback, amplifier off when quiet.
        if self._out is not None:
            if not self._out.playing:
                self._free()
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
