"""The HAL: logical keys, the desktop profile (options, keyboard map, save
folder, scripted keys on a virtual clock, screenshots) and code.py headless."""
import os
import subprocess
import sys

import pytest

from hal import desktop, desktop_cli
from hal import keys as K

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_logical_keys_are_eight_distinct_numbers():
    nums = [K.UP, K.DOWN, K.LEFT, K.RIGHT, K.A, K.B, K.START, K.SELECT]
    assert sorted(nums) == list(range(8)) and len(K.NAMES) == 8
    number = desktop_cli.key_number
    assert number("start") == K.START and number("Select") == K.SELECT
    with pytest.raises(ValueError):
        number("Y")


def test_options_parse_and_reject_bad_input():
    o = desktop_cli.parse_args(["--headless", "--keys", "A a,RIGHT", "--size", "240x135",
                            "--seed=7", "--screenshot", "x.png"])
    assert o["headless"] and o["keys"] == [K.A, K.A, K.RIGHT]
    assert (o["width"], o["height"], o["seed"], o["screenshot"]) == (240, 135, 7, "x.png")
    d = desktop_cli.parse_args([])
    assert (d["width"], d["height"], d["scale"], d["headless"]) == (160, 128, 4, False)
    for bad in (["--keys", "A JUMP"], ["--size", "big"], ["--bogus"], ["--seed"]):
        with pytest.raises(SystemExit):
            desktop_cli.parse_args(bad)


def test_keyboard_map_covers_every_key_without_conflicts():
    import pygame
    m = desktop._keymap(pygame)
    assert set(m.values()) == set(range(8))
    assert m[pygame.K_RETURN] == K.A and m[pygame.K_z] == K.A
    assert m[pygame.K_x] == K.B and m[pygame.K_ESCAPE] == K.B
    assert m[pygame.K_SPACE] == K.START and m[pygame.K_TAB] == K.SELECT
    assert m[pygame.K_LEFT] == K.LEFT and m[pygame.K_UP] == K.UP


def test_save_folder_from_option_env_or_home(tmp_path, monkeypatch):
    monkeypatch.setenv("POCKET_TRICKS_DATA", str(tmp_path / "env"))
    assert desktop.default_save_dir() == str(tmp_path / "env")
    monkeypatch.delenv("POCKET_TRICKS_DATA")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert desktop.default_save_dir() == os.path.join(str(tmp_path), ".local", "share",
                                                      "pocket-tricks")


def test_headless_profile_scripted_keys_and_virtual_clock(tmp_path):
    import displayio
    import hal
    displayio.release_displays()
    p = hal.detect(["--headless", "--keys", "DOWN A", "--data-dir", str(tmp_path / "d")])
    assert isinstance(p, desktop.Desktop) and p.writable and os.path.isdir(p.save_dir)
    assert (p.display.width, p.display.height) == (160, 128)
    got = []
    ev = p.keys.get()
    while ev is not None:
        got.append((ev.key_number, ev.pressed))
        ev = p.keys.get()
    assert got == [(K.DOWN, True), (K.DOWN, False), (K.A, True), (K.A, False)]
    assert p.input_ended()
    t = p.now_ms()
    p.idle(250)
    assert p.now_ms() == t + 250
    assert 0 <= p.entropy() < 2 ** 32


def run_code(args, tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "code.py", "--headless", "--data-dir",
                           str(tmp_path / "data")] + args, cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


def test_code_py_headless_screenshot(tmp_path):
    from PIL import Image
    shot = tmp_path / "shot.png"
    r = run_code(["--seed", "7", "--keys", "A A RIGHT A", "--screenshot", str(shot)], tmp_path)
    assert r.returncode == 0, r.stderr
    im = Image.open(shot)
    assert im.size == (160, 128)
    assert len(im.convert("RGB").getcolors(1 << 16)) > 4      # not a blank screen


def test_code_py_screenshot_every_key_and_size(tmp_path):
    from PIL import Image
    every = tmp_path / "every"
    r = run_code(["--size", "240x135", "--game", "nines", "--keys", "A RIGHT A",
                  "--screenshot-every", str(every)], tmp_path)
    assert r.returncode == 0, r.stderr
    files = sorted(os.listdir(str(every)))
    assert files == ["0001.png", "0002.png", "0003.png"]
    assert Image.open(str(every / "0003.png")).size == (240, 135)


def test_pybadge_button_map_is_complete():
    src = open(os.path.join(ROOT, "lib", "hal", "pybadge.py")).read()
    assert "ShiftRegisterKeys" in src and "board.DISPLAY" in src
    from hal import pybadge
    assert sorted(pybadge._RAW) == list(range(8))
    assert pybadge._RAW[0] == K.B and pybadge._RAW[1] == K.A and pybadge._RAW[7] == K.LEFT


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help_prints_usage_and_exits_even_without_a_display(flag):
    env = dict(os.environ)
    for k in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        env.pop(k, None)
    r = subprocess.run([sys.executable, "code.py", flag, "--text"], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("usage: python code.py") and "--headless" in r.stdout
    assert "Space = START" in r.stdout and "Tab = SELECT" in r.stdout
    assert "Pocket Tricks" not in r.stdout          # no console game started


def test_the_window_shows_its_last_frame_again_when_uncovered(tmp_path, monkeypatch):
    # A real (SDL dummy) window: an expose or restore event puts the last
    # frame back into it though nothing on screen changed.
    import displayio
    import pygame
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    displayio.release_displays()
    p = desktop.Desktop(["--data-dir", str(tmp_path / "d")])
    try:
        assert p.display.window is not None
        p.pump()                             # the window's own opening events first
        before = p.display.repaints
        for name in ("WINDOWEXPOSED", "WINDOWRESTORED"):
            pygame.event.post(pygame.event.Event(getattr(pygame, name)))
            p.pump()
        assert p.display.repaints == before + 2
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z))
        p.pump()                             # a key is a key, not a repaint
        assert p.display.repaints == before + 2 and p.keys.get().key_number == K.A
    finally:
        p.finish()
