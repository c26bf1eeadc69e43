# The board profiles' pure logic inside MicroPython: joystick dead zone/repeat,
# three-button short/long presses, the tone renderer, the text profile; "VM OK".
# mpvm: heap=131072
from hal import keys as K
from hal import pygamer, reverse_tft, sound, text

j = pygamer.Joystick()
assert j.update(32768 + 5000, 32768, 0) == []
assert j.update(64000, 32768, 0) == [(K.RIGHT, True)]
assert j.update(64000, 32768, pygamer.REPEAT_DELAY_MS) == [(K.RIGHT, False), (K.RIGHT, True)]
assert j.update(32768, 32768, 1000) == [(K.RIGHT, False)]

b = reverse_tft.ThreeButtons()
b.button(reverse_tft.MIDDLE, True, 0)
assert b.button(reverse_tft.MIDDLE, False, 100) == [K.A]
b.button(reverse_tft.MIDDLE, True, 200)
assert b.tick(200 + reverse_tft.LONG_MS) == [K.B]

buf = sound.render(sound.CUES["round"])
assert len(buf) == sound.RATE * 310 // 1000 and buf[0] == 128 and max(buf) > 150

lines = iter(["hello"])
out = []
t = text.Text(save_dir="/tmp_saves", readline=lambda p: next(lines, None), write=out.append)
assert t.display is None and t.readline("> ") == "hello" and t.readline("> ") is None
t.write("x")
assert out == ["x"] and t.now_ms() >= 0 and type(t.entropy()) is int
print("VM OK")
