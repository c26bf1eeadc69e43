"""The desktop command line under hostile input (issue 37): from fixed seeds,
command lines of real and unknown options with values an adversary picks
(lone surrogates, as a byte that is not UTF-8 arrives in sys.argv, control
characters, escape sequences, NUL, invisible-only text, other scripts'
digits, huge numbers, empty values, paths to devices and folders). Each one
is options or one sentence and the usage: never a traceback, and a sentence
that repeats a value writes it safely (no control character reaches the
terminal, and it encodes as UTF-8). A few of them go through code.py itself,
in the text console and headless, with a timeout that fails the test."""
import os
import random
import subprocess
import sys

from hal import desktop_cli

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

OPTIONS = ("--headless", "--keys", "--screenshot", "--screenshot-every", "--game", "--seed",
           "--size", "--scale", "--shot-scale", "--data-dir", "--text", "--host", "--join",
           "--seats", "--port", "--name", "--grace", "--turn", "--bind", "--bogus", "-x", "--",
           "--seed=", "--size=", "--name=")
HOSTILE = ("\ud800", "\udcff", "caf\udce9", "\x1b[2J", "\x1b]0;owned\x07", "\x00", "\x07",
           "\u200b", "\u200b\u2060\ufeff", "\u202e", "\u0663", "\u00b2", "１２", "9" * 40,
           "-1", "0", "", " ", "\n", "A" * 5000, "/dev/zero", "/", "/proc/nope/x.png",
           "160x128", "99999x99999", "1x1", "nommie", "NOMMIE", "h l 1 1", "127.0.0.1:0",
           "127.0.0.1:99999", "::1", "A JUMP", "A,\x1b[A", "x" * 70)


def command_line(rng):
    argv = []
    for _ in range(rng.randrange(1, 6)):
        opt = rng.choice(OPTIONS)
        value = rng.choice(HOSTILE)
        if opt.endswith("="):
            argv.append(opt + value)
        elif rng.random() < 0.15:
            argv.append(value)                  # a value where an option goes
        else:
            argv.append(opt)
            if rng.random() < 0.8:
                argv.append(value)
    return argv


def safe(sentence):
    # Nothing in it acts on a terminal, and it can be written as UTF-8.
    sentence.encode("utf-8")
    return not [c for c in sentence if ord(c) < 32 or 127 <= ord(c) < 160
                or 0x202A <= ord(c) <= 0x202E or 0x2066 <= ord(c) <= 0x2069]


def test_hostile_command_lines_are_options_or_one_safe_sentence(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)                 # (relative screenshot paths land here)
    refused = accepted = 0
    for seed in range(4):
        rng = random.Random(seed)
        for _ in range(500):
            argv = command_line(rng)
            if "-h" in argv or "--help" in argv:
                continue
            try:
                opts = desktop_cli.parse_args(list(argv))
            except SystemExit as e:
                first, usage = str(e.code).split("\n", 1)
                assert first.startswith("pocket-tricks: ") and first.endswith("."), argv
                assert safe(first), (argv, first)
                assert usage == desktop_cli.usage()
                refused += 1
                continue
            assert type(opts) is dict, argv
            accepted += 1
    assert refused > 1000 and accepted > 20, (refused, accepted)


def run_code(args, tmp_path, text):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               POCKET_TRICKS_DATA=str(tmp_path / "data"))
    mode = ["--text"] if text else ["--headless"]
    return subprocess.run([sys.executable, "code.py"] + mode + args, cwd=ROOT, env=env,
                          input=b"q\n", capture_output=True, timeout=120)


def test_code_py_takes_bytes_that_are_not_utf8_and_escapes_in_its_stride(tmp_path):
    # What a shell passes: raw bytes. The answers are sentences, never a traceback,
    # and what they repeat reaches the terminal without its escape sequences.
    for text in (True, False):
        for args in ([b"--bogus\xff\x1b[2J"], [b"--game", b"\xff\x1b]0;owned\x07"],
                     [b"--seed", b"\xd9\xa3"], [b"--name", b"\xff", b"--keys", b"B"]):
            r = run_code([os.fsdecode(a) for a in args], tmp_path, text)
            err = r.stderr.decode("utf-8", "replace")
            assert b"Traceback" not in r.stderr and b"\x1b" not in r.stderr, (args, err)
            assert r.returncode in (0, 1, 2), (args, r.returncode, err)   # 1: a sentence
