"""Board profiles: selection by board_id / os.uname, and each profile's key logic.

Hardware modules (board, keypad, analogio, digitalio, audioio, audiocore) are
faked in sys.modules, so the profiles run here exactly as on a board.
"""
import sys
import types

import pytest

import hal
from hal import keys as K
from hal import pygamer, reverse_tft, sound, text


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
        self.events.items.append(K._PlainEvent(n, pressed))


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
        self.played.append(sample)
        self.playing = True

    def stop(self):
        self.playing = False


class FakeRaw:
    def __init__(self, buf, sample_rate=8000):
        self.buf = buf
        self.sample_rate = sample_rate


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
    keypad.Event = K._PlainEvent
    analogio = types.ModuleType("analogio")
    analogio.AnalogIn = FakeAnalog
    digitalio = types.ModuleType("digitalio")
    digitalio.DigitalInOut = FakePin
    audioio = types.ModuleType("audioio")
    audioio.AudioOut = FakeOut
    audiocore = types.ModuleType("audiocore")
    audiocore.RawSample = FakeRaw
    for m in (keypad, analogio, digitalio, audioio, audiocore):
        monkeypatch.setitem(sys.modules, m.__name__, m)
    monkeypatch.setattr(hal, "_on_cpython", lambda: False)
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
        monkeypatch.setattr(hal, "_machine", lambda: machine, raising=False)
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
    assert isinstance(p.save_dir, str) and p.writable in (True, False)


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

def test_render_is_a_short_8bit_sine():
    buf = sound.render(((1000, 50),))
    assert len(buf) == sound.RATE * 50 // 1000
    assert min(buf) < 128 - sound.VOLUME // 2 and max(buf) > 128 + sound.VOLUME // 2
    assert buf[0] == 128                                   # soft start: no click
    assert len(sound.render(((440, 5000),))) == sound.RATE * sound.MAX_MS // 1000


def test_speaker_plays_in_background_and_respects_the_setting(device):
    device("pybadge")
    spk = sound.from_board(enabled=True)
    spk.cue("turn")
    out = spk._out
    assert out.playing and len(out.played) == 1 and spk._amp.value is True
    spk.cue("turn")
    assert out.played[0] is out.played[1]                  # rendered once, cached
    out.playing = False
    spk.poll(0)
    assert spk._amp.value is False                         # amplifier off when quiet
    spk.enabled = False
    spk.cue("round")
    spk.beep(440, 100)
    assert len(out.played) == 2


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
    assert len(spk._out.played[0].buf) == sound.RATE * 30 // 1000
    spk._out.playing = False
    p.keys.get()                                           # polling switches the amp off
    assert spk._amp.value is False
    p.beep(880, 30)
    assert spk._out.played[1] is spk._out.played[0]       # the same beep is rendered once
    for f in range(sound.CACHE_MAX + 2):
        p.beep(400 + f, 10)
    assert len(spk._cache) <= sound.CACHE_MAX


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
    for rel, var in (("ui/app.py", "hal"), ("ui/console.py", "profile"),
                     ("ui/link_console.py", "profile"), ("code.py", "profile")):
        used |= _members_used(os.path.join(root, rel), var)
    assert used, "the scan found nothing: did the variable names change?"
    assert used <= names, "not in hal.base.Board: %s" % sorted(used - names)
    # the UI no longer guesses at members the contract guarantees
    for rel in ("ui/app.py", "ui/console.py", "ui/link_console.py", "code.py"):
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
