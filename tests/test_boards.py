"""Board profiles: selection by board_id / os.uname, and each profile's key logic.

Hardware modules (board, keypad, analogio, digitalio, audioio, audiocore,
synthio) are faked in sys.modules, so the profiles run here exactly as on a board.
"""
import collections
import sys
import types

import pytest

import hal
from hal import keys as K
from hal import base, pygamer, reverse_tft, sound, text
from hal.plain_event import Event as PlainEvent


# ------------------------------------------------------------ fake hardware

class FakeQueue:
    def __init__(self):
        self.items = []

    def get(self):
        return self.items.pop(0) if self.items else None


class FakeScanner:
    made = []

    def __init__(self, pins=None, **kw):
        self.pins = pins
        self.kw = kw
        self.events = FakeQueue()
        FakeScanner.made.append(self)

    def press(self, n, pressed=True):
        self.events.items.append(PlainEvent(n, pressed))


class FakeAnalog:
    def __init__(self, pin):
        self.pin = pin
        self.value = 32768


class FakeDisplay:
    width, height = 160, 128
    auto_refresh = True
    root_group = None


class FakeOut:
    """audioio.AudioOut: play() returns at once, the DMA plays in the background."""

    def __init__(self, pin):
        self.pin = pin
        self.playing = False
        self.played = []

    def play(self, sample, loop=False):
        assert not getattr(sample, "deinited", False), "a deinitialised sample was played"
        self.played.append(sample)
        self.playing = True

    def stop(self):
        self.playing = False


class FakeRaw:
    """audiocore.RawSample(buffer, *, channel_count=1, sample_rate=8000, single_buffer=True)."""

    def __init__(self, buffer, *, channel_count=1, sample_rate=8000, single_buffer=True):
        if not isinstance(buffer, bytearray) and \
                getattr(buffer, "typecode", "") not in ("b", "B", "h", "H"):
            raise ValueError("buffer must be a bytearray or array of type 'h', 'H', 'b', or 'B'")
        self.buf = buffer
        self.sample_rate = sample_rate
        self.deinited = False

    def deinit(self):
        self.deinited = True


# synthio's documented API, as much of it as hal.sound uses: Envelope (a
# namedtuple with these defaults) and MidiTrack, which reads its buffer as the
# firmware does (shared-module/synthio/MidiTrack.c): a variable-length delta
# time before each event; 0x9n note on and 0x8n note off (velocity ignored),
# 0xAn/0xBn/0xEn two data bytes and 0xCn/0xDn one, ignored; 0xFn ends the
# track; anything else is an error (error_location). The track ends after its
# last event: a release still sounding then is cut off.
class FakeEnvelope(collections.namedtuple(
        "Envelope", "attack_time decay_time release_time attack_level sustain_level")):
    def __new__(cls, *, attack_time=0.1, decay_time=0.05, release_time=0.2,
                attack_level=1.0, sustain_level=0.8):
        return super().__new__(cls, attack_time, decay_time, release_time,
                               attack_level, sustain_level)


class FakeMidiTrack:
    def __init__(self, buffer, tempo, *, sample_rate=11025, waveform=None, envelope=None):
        self.buffer = bytes(memoryview(buffer))
        if waveform is not None:
            if getattr(waveform, "typecode", None) != "h":
                raise ValueError("waveform must be array of type 'h'")
            if not 2 <= len(waveform) <= 16384:
                raise ValueError("waveform length must be 2-16384")
        if envelope is not None and not isinstance(envelope, FakeEnvelope):
            raise TypeError("envelope must be of type Envelope")
        self.tempo = tempo
        self.sample_rate = sample_rate
        self.waveform = waveform
        self.envelope = envelope
        self.deinited = False
        self.error_location = -1
        self.notes = []           # (MIDI note, on at sample, off at sample or None)
        self.length = 0           # samples until the track ends
        self._parse()

    def _parse(self):
        buf, pos, now, held = self.buffer, 0, 0, {}
        while pos < len(buf):
            delta = 0
            while True:
                c = buf[pos]
                pos += 1
                delta = (delta << 7) | (c & 0x7F)
                if not c & 0x80 or pos >= len(buf):
                    break
            if c & 0x80:
                self.error_location = pos
                break
            now += delta * self.sample_rate // self.tempo
            if pos >= len(buf):
                break
            kind = buf[pos] >> 4
            if kind == 15:
                break
            need = {8: 2, 9: 2, 10: 2, 11: 2, 14: 2, 12: 1, 13: 1}.get(kind)
            if need is None or pos + need >= len(buf) or \
                    any(b > 127 for b in buf[pos + 1:pos + 1 + need]):
                self.error_location = pos
                break
            if kind == 9:
                held[buf[pos + 1]] = len(self.notes)
                self.notes.append([buf[pos + 1], now, None])
            elif kind == 8 and buf[pos + 1] in held:
                self.notes[held.pop(buf[pos + 1])][2] = now
            pos += 1 + need
        self.length = now

    def deinit(self):
        self.deinited = True


def fake_synthio():
    m = types.ModuleType("synthio")
    m.Envelope = FakeEnvelope
    m.MidiTrack = FakeMidiTrack
    m.waveform_max_length = 16384
    return m


class FakePin:
    def __init__(self, pin):
        self.pin = pin
        self.value = None

    def switch_to_output(self, value=False):
        self.value = value


@pytest.fixture
def device(monkeypatch, tmp_path):
    """Pretend to be CircuitPython on a board; returns a function setting the board."""
    FakeScanner.made = []
    keypad = types.ModuleType("keypad")
    keypad.Keys = FakeScanner
    keypad.ShiftRegisterKeys = FakeScanner
    keypad.Event = PlainEvent
    analogio = types.ModuleType("analogio")
    analogio.AnalogIn = FakeAnalog
    digitalio = types.ModuleType("digitalio")
    digitalio.DigitalInOut = FakePin
    audioio = types.ModuleType("audioio")
    audioio.AudioOut = FakeOut
    audiocore = types.ModuleType("audiocore")
    audiocore.RawSample = FakeRaw
    for m in (keypad, analogio, digitalio, audioio, audiocore, fake_synthio()):
        monkeypatch.setitem(sys.modules, m.__name__, m)
    monkeypatch.setattr(base, "_on_cpython", lambda: False)
    for name in ("hal.pybadge", "hal.pygamer", "hal.reverse_tft"):  # re-import with the fake board
        monkeypatch.delitem(sys.modules, name, raising=False)
        monkeypatch.delattr(hal, name[4:], raising=False)

    def set_board(board_id, machine="", display=True, **pins):
        board = types.ModuleType("board")
        if board_id is not None:
            board.board_id = board_id
        if display:
            board.DISPLAY = FakeDisplay()
        for name in ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH", "D0", "D1", "D2",
                     "SPEAKER", "SPEAKER_ENABLE"):
            setattr(board, name, name)
        for k, v in pins.items():
            setattr(board, k, v)
        monkeypatch.setitem(sys.modules, "board", board)
        monkeypatch.setattr(base, "_machine", lambda: machine)
        return board

    return set_board


def _drain(profile):
    out = []
    ev = profile.keys.get()
    while ev is not None:
        out.append((K.NAMES[ev.key_number], ev.pressed))
        ev = profile.keys.get()
    return out


# ------------------------------------------------------------ selection

@pytest.mark.parametrize("board_id, profile", [
    ("pybadge", "PyBadge"),
    ("edgebadge", "PyBadge"),
    ("pygamer", "PyGamer"),
    ("adafruit_feather_esp32s3_reverse_tft", "ReverseTFT"),
])
def test_board_id_selects_the_profile(device, board_id, profile):
    device(board_id, JOYSTICK_X="JX", JOYSTICK_Y="JY")
    p = hal.detect([])
    assert type(p).__name__ == profile
    assert p.display is not None and p.keys is not None
    for name in ("now_ms", "beep", "entropy", "idle", "input_ended"):
        assert callable(getattr(p, name)), name
    assert isinstance(p.save_dir, str) and p.writable in (True, False, "full")


def test_machine_name_selects_when_board_id_is_missing(device):
    device(None, machine="Adafruit PyGamer with samd51j19", JOYSTICK_X="JX", JOYSTICK_Y="JY")
    assert type(hal.detect([])).__name__ == "PyGamer"
    device(None, machine="Adafruit Feather ESP32-S3 Reverse TFT with ESP32S3")
    assert type(hal.detect([])).__name__ == "ReverseTFT"


def test_board_without_display_gets_the_text_console(device):
    device("adafruit_qtpy_esp32s3_nopsram", display=False)
    p = hal.detect([])
    assert isinstance(p, text.Text) and p.display is None
    assert p.notice and "text" in p.notice


def test_unknown_board_with_a_screen_gets_the_text_console(device):
    device("some_other_board")
    p = hal.detect([])
    assert isinstance(p, text.Text)
    assert "some_other_board" in p.notice


def test_desktop_text_flag_selects_the_text_console(monkeypatch):
    p = hal.detect(["--text"])
    assert isinstance(p, text.Text) and p.display is None


# ------------------------------------------------------------ PyGamer joystick

def test_joystick_dead_zone_ignores_a_lazy_stick():
    j = pygamer.Joystick()
    for x, y in ((32768, 32768), (32768 + 9000, 32768), (32768, 32768 - 12000)):
        assert j.update(x, y, 0) == []


def test_joystick_press_hold_repeat_release():
    j = pygamer.Joystick()
    assert j.update(60000, 32768, 0) == [(K.RIGHT, True)]
    assert j.update(60000, 32768, 100) == []                   # held, before repeat delay
    rep = j.update(60000, 32768, pygamer.REPEAT_DELAY_MS)
    assert rep == [(K.RIGHT, False), (K.RIGHT, True)]
    t = pygamer.REPEAT_DELAY_MS
    assert j.update(60000, 32768, t + 10) == []                # not yet the next repeat
    assert j.update(60000, 32768, t + pygamer.REPEAT_EVERY_MS) != []
    # hysteresis: coming back a little does not release
    assert j.update(32768 + 10000, 32768, t + 150) == []
    assert j.update(32768 + 2000, 32768, t + 160) == [(K.RIGHT, False)]


def test_joystick_dominant_axis_and_switch():
    j = pygamer.Joystick()
    assert j.update(32768 + 15000, 1000, 0) == [(K.UP, True)]     # y pushed further
    assert j.update(1000, 32768, 10) == [(K.UP, False), (K.LEFT, True)]
    assert j.update(32768, 64000, 20) == [(K.LEFT, False), (K.DOWN, True)]


def test_pygamer_profile_turns_stick_and_buttons_into_keys(device):
    device("pygamer", JOYSTICK_X="JX", JOYSTICK_Y="JY")
    p = hal.detect([])
    shift = FakeScanner.made[-1]
    shift.press(1)            # A
    shift.press(1, False)
    shift.press(6)            # not wired on a PyGamer: ignored
    p._joy[1].value = 200     # stick up
    assert _drain(p) == [("A", True), ("A", False), ("UP", True)]
    p._joy[1].value = 32768
    assert _drain(p) == [("UP", False)]


# ------------------------------------------------------------ three buttons

def test_three_buttons_short_and_long_presses():
    b = reverse_tft.ThreeButtons()
    T, M, B = reverse_tft.TOP, reverse_tft.MIDDLE, reverse_tft.BOTTOM
    assert b.button(M, True, 0) == []
    assert b.tick(100) == []
    assert b.button(M, False, 150) == [K.A]                 # short middle = A
    assert b.button(M, True, 1000) == []
    assert b.tick(1000 + reverse_tft.LONG_MS) == [K.B]      # long middle = B, at once
    assert b.tick(5000) == []                               # B does not repeat
    assert b.button(M, False, 5100) == []                   # nor fires A on release
    assert b.button(T, True, 6000) == [] and b.button(T, False, 6100) == [K.LEFT]
    assert b.button(B, True, 7000) == [] and b.button(B, False, 7050) == [K.RIGHT]


def test_three_buttons_hold_repeats_and_chord_is_start():
    b = reverse_tft.ThreeButtons()
    T, B = reverse_tft.TOP, reverse_tft.BOTTOM
    b.button(B, True, 0)
    assert b.tick(reverse_tft.LONG_MS) == [K.DOWN]
    assert b.tick(reverse_tft.LONG_MS + reverse_tft.REPEAT_EVERY_MS) == [K.DOWN]
    assert b.button(B, False, 2000) == []
    b.button(T, True, 3000)
    assert b.button(B, True, 3050) == [K.START]
    assert b.tick(5000) == []
    assert b.button(T, False, 5100) == [] and b.button(B, False, 5120) == []
    assert b.button(T, True, 6000) == [] and b.button(T, False, 6050) == [K.LEFT]


def test_reverse_tft_profile_scans_both_polarities(device, monkeypatch):
    device("adafruit_feather_esp32s3_reverse_tft")
    p = hal.detect([])
    low, high = FakeScanner.made[-2], FakeScanner.made[-1]
    assert low.pins == ("D0",) and low.kw["value_when_pressed"] is False
    assert high.pins == ("D1", "D2") and high.kw["value_when_pressed"] is True
    clock = [0]
    monkeypatch.setattr(p, "now_ms", lambda: clock[0])
    high.press(0)
    high.press(0, False)                                   # middle tap
    low.press(0)
    assert _drain(p) == [("A", True), ("A", False)]
    clock[0] = reverse_tft.LONG_MS + 1
    assert _drain(p) == [("UP", True), ("UP", False)]     # top held


# ------------------------------------------------------------ sound

UI_TONES = ((880, 60), (990, 70), (523, 180))   # ui.table: your turn, trick won, round over


def test_render_is_a_short_8bit_sine_in_a_bytearray():
    buf = sound.render(((1000, 50),))
    assert isinstance(buf, bytearray)                      # written in place: no list on the way
    assert len(buf) == sound.RATE * 50 // 1000
    assert min(buf) < 128 - sound.VOLUME // 2 and max(buf) > 128 + sound.VOLUME // 2
    assert buf[0] == 128                                   # soft start: no click
    assert len(sound.render(((440, 5000),))) == sound.RATE * sound._MAX_MS // 1000


def test_the_ui_tones_are_midi_notes():
    assert [sound.midi_note(f) for f, _ms in UI_TONES] == [81, 83, 72]   # A5, B5, C5
    assert sound.midi_note(440) == 69 and sound.midi_note(262) == 60
    assert sound.midi_note(0) == 0 and sound.midi_note(20000) == 127


@pytest.mark.parametrize("freq, ms", UI_TONES)
def test_a_beep_is_a_few_bytes_of_midi(freq, ms):
    data = sound.midi_track(((freq, ms),))
    assert len(data) == 15                                 # note on, note off, end of track
    t = FakeMidiTrack(data, 1000, sample_rate=11025)       # read as synthio reads it
    assert t.error_location == -1
    assert t.notes == [[sound.midi_note(freq), 0, ms * 11025 // 1000]]
    assert t.length == ms * 11025 // 1000 + sound._TAIL_MS * 11025 // 1000   # release plays out


def test_a_cue_is_its_notes_back_to_back():
    t = FakeMidiTrack(sound.midi_track(sound.CUES["round"]), 1000, sample_rate=1000)
    assert t.error_location == -1
    assert t.notes == [[72, 0, 80], [76, 80, 160], [79, 160, 310]]
    assert t.length == 310 + sound._TAIL_MS


def test_speaker_plays_synthio_tracks_in_background_and_frees_them(device):
    device("pybadge")
    spk = sound.from_board(enabled=True)
    out = spk._out
    spk.beep(880, 60)
    first = out.played[-1]
    assert isinstance(first, FakeMidiTrack) and out.playing and spk.busy
    assert spk._amp.value is True                          # amplifier on while playing
    assert first.notes == [[81, 0, 661]]
    wave = first.waveform                                  # a small sine, made once
    assert wave.typecode == "h" and len(wave) == 16
    assert max(wave) == -min(wave) and 16000 < max(wave) < 32768
    assert first.envelope.attack_time > 0 and first.envelope.release_time > 0
    spk.cue("trick")                                       # a new sound stops the one playing
    second = out.played[-1]
    assert first.deinited and not second.deinited
    assert second.waveform is wave and second.envelope is first.envelope
    out.playing = False                                    # the DMA has played it out
    spk.poll(0)
    assert spk._amp.value is False and not spk.busy        # amplifier off when quiet
    assert second.deinited and spk._sound is None and spk._data is None
    spk.enabled = False
    spk.cue("round")
    spk.beep(440, 100)
    assert len(out.played) == 2


def test_speaker_without_synthio_plays_a_rendered_sample(device, monkeypatch):
    device("pybadge")
    monkeypatch.setitem(sys.modules, "synthio", None)     # import fails
    spk = sound.from_board()
    out = spk._out
    spk.beep(880, 60)
    sample = out.played[-1]
    assert isinstance(sample, FakeRaw) and isinstance(sample.buf, bytearray)
    assert len(sample.buf) == sound.RATE * 60 // 1000 and sample.sample_rate == sound.RATE
    assert spk._data is sample.buf                         # its bytes kept while it plays
    assert spk._amp.value is True
    out.playing = False
    spk.poll(0)
    assert sample.deinited and spk._data is None and spk._amp.value is False
    spk.beep(880, 60)
    assert out.played[-1] is not sample                    # rendered again: no cache


def test_a_beep_that_finds_no_heap_stays_silent(device, monkeypatch):
    device("pybadge")
    spk = sound.from_board()

    def no_heap(*a, **kw):
        raise MemoryError("memory allocation failed, allocating 512 bytes")

    monkeypatch.setattr(FakeMidiTrack, "__init__", no_heap)
    spk.beep(990, 70)                                      # no exception into the game
    assert spk._out.played == [] and not spk.busy and spk._amp.value is False


def test_speaker_pwm_fallback_never_blocks(device, monkeypatch):
    device("some_board")
    monkeypatch.delitem(sys.modules, "audioio")
    monkeypatch.setitem(sys.modules, "audiopwmio", None)   # import fails
    tones = []

    class PWM:
        def __init__(self, pin, frequency, duty_cycle, variable_frequency):
            tones.append(frequency)

        def deinit(self):
            tones.append("off")

    pwmio = types.ModuleType("pwmio")
    pwmio.PWMOut = PWM
    monkeypatch.setitem(sys.modules, "pwmio", pwmio)
    spk = sound.Speaker("SPEAKER")
    assert spk._out is None
    spk.cue("trick", now_ms=0)
    assert tones == [660] and spk.busy
    spk.poll(20)
    assert tones == [660]
    spk.poll(45)
    assert spk._pwm.__class__ is PWM
    spk.poll(45 + 70)
    assert tones[-1] == "off" and not spk.busy


def test_board_without_speaker_has_no_sound(device):
    b = device("adafruit_feather_esp32s3_reverse_tft")
    del b.SPEAKER
    assert sound.from_board() is None


def test_desktop_without_a_display_falls_back_to_text():
    import os
    import subprocess
    env = dict(os.environ)
    for k in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
        env.pop(k, None)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    code = ("import sys; sys.path.insert(0, 'lib'); import hal; p = hal.detect([]); "
            "print('PROFILE', type(p).__name__, p.notice)")
    r = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True,
                       text=True, timeout=120)
    line = [x for x in r.stdout.splitlines() if x.startswith("PROFILE")]
    assert line and line[0].startswith("PROFILE Text no display"), r.stdout + r.stderr


@pytest.mark.parametrize("board_id", ["pybadge", "pygamer"])
def test_badge_beep_returns_at_once_and_plays_in_background(device, board_id):
    device(board_id, JOYSTICK_X="JX", JOYSTICK_Y="JY")
    p = hal.detect([])
    p.beep(880, 30)
    spk = p._speaker
    assert spk and spk._out.playing and len(spk._out.played) == 1
    track = spk._out.played[0]
    assert track.notes == [[81, 0, 30 * 11025 // 1000]]
    spk._out.playing = False
    p.keys.get()                                           # polling frees it, amplifier off
    assert spk._amp.value is False and track.deinited
    for f in range(8):
        p.beep(400 + f, 10)
    assert len(spk._out.played) == 9 and all(t.deinited for t in spk._out.played[:-1])


# ------------------------------------------------------------ the contract (hal.base.Board)

def _contract():
    from hal import base
    names = set(n for n in vars(base.Board) if not n.startswith("_"))
    b = base.Board()
    names.update(n for n in vars(b) if not n.startswith("_"))
    return base, names


def _members_used(path, var):
    # every `var.<name>` in a source file (var: the name a HAL profile goes by there)
    import re
    with open(path) as f:
        src = f.read()
    return set(re.findall(r"\b%s\.([A-Za-z_]\w*)" % var, src))


def test_the_contract_lists_every_member_the_ui_and_code_py_use():
    import os
    base, names = _contract()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    used = set()
    for rel, var in (("ui/app.py", "hal"), ("ui/console/menu.py", "profile"),
                     ("ui/console/link.py", "profile"), ("code.py", "profile")):
        used |= _members_used(os.path.join(root, rel), var)
    assert used, "the scan found nothing: did the variable names change?"
    assert used <= names, "not in hal.base.Board: %s" % sorted(used - names)
    # the UI no longer guesses at members the contract guarantees
    for rel in ("ui/app.py", "ui/console/menu.py", "ui/console/link.py", "code.py"):
        with open(os.path.join(root, rel)) as f:
            src = f.read()
        assert "getattr(hal," not in src and "getattr(profile," not in src, rel


def test_every_member_of_the_contract_has_a_default():
    base, names = _contract()
    b = base.Board()
    assert b.display is None and b.keys.get() is None and not b.headless
    assert b.input_ended() is False and b.readline() is None and b.opts == {}
    b.idle(5)
    b.after_key()
    b.finish()
    b.beep(440, 10)
    b.write("x")
    assert isinstance(b.now_ms(), int) and isinstance(b.entropy(), int)


def _check_profile(p, names):
    from hal import base
    assert isinstance(p, base.Board)
    missing = [n for n in sorted(names) if not hasattr(p, n)]
    assert not missing, "%s lacks %s" % (type(p).__name__, missing)


@pytest.mark.parametrize("board_id", ["pybadge", "pygamer", "adafruit_feather_esp32s3_reverse_tft"])
def test_every_board_profile_subclasses_the_contract(device, board_id):
    device(board_id, JOYSTICK_X="JX", JOYSTICK_Y="JY")
    _, names = _contract()
    _check_profile(hal.detect([]), names)


def test_text_and_desktop_profiles_subclass_the_contract(tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    import displayio
    from hal import desktop
    displayio.release_displays()  # Blinka holds one display: an earlier test's may linger
    _, names = _contract()
    _check_profile(text.Text(save_dir=str(tmp_path)), names)
    d = desktop.Desktop(["--headless", "--data-dir", str(tmp_path)])
    try:
        _check_profile(d, names)
        assert d.opts["headless"] and d.headless and d.board_name == "desktop"
    finally:
        d.finish()


def test_reverse_tft_runs_the_shared_set_up(device):
    device("adafruit_feather_esp32s3_reverse_tft")
    p = hal.detect([])
    assert p.display.auto_refresh is False and p.save_dir == "/saves"
    assert p.opts == {} and p.board_name == "feather_esp32s3_reverse_tft"
    assert not hasattr(p, "_buttons")                     # no shift register opened
    p.beep(440, 10)                                        # no speaker: silent, no error
