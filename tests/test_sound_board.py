"""hal.sound on the board interpreter (circuitpython-board: a PyBadge's synthio,
audiocore and audio DMA, every buffer in the GC heap, loading the .mpy a board
loads): the UI's three beeps play in the background as synthio MidiTracks, the
amplifier is on only while they play, and they cost little heap, live and
transient. Skipped, with the reason, where run-board cannot run (it and the
board build are not provided with the project: POCKET_TRICKS_RUN_BOARD,
POCKET_TRICKS_CIRCUITPYTHON_BOARD)."""
import json
import os
import shutil
import subprocess
import sys

import pytest

from tools.bench import board_heap
from tools.runners import circuitpy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

UI_TONES = ((880, 60), (990, 70), (523, 180))   # ui.table: your turn, trick won, round over
HEAP_KB = 32            # the probe's heap; a ballast at its bottom makes it smaller
TAIL_MS = 70            # hal.sound._TAIL_MS: the release after the note off
SYNTH_RATE = 11025      # hal.sound._SYNTH_RATE

# MODE 0: the fake board only; 1: + import hal.sound; 2: + the Speaker; 3: + the
# three beeps, each played out (time.sleep advances the virtual clock and
# reading `busy` lets the fake DMA pull its blocks). RAW=1: as without synthio.
PROBE = """
import gc
gc.collect()
from params import B, MODE, RAW
ballast = bytearray(B)
import sys
sys.path.insert(0, 'lib')
import json
import time
import board
import digitalio
import audioio
import audiocore
import synthio
import _cpd_audio
import hal
live = [0] * 6
n = 0
gc.collect()
live[0] = gc.mem_alloc()


def now():
    return time.monotonic_ns() // 1000000


def mark():
    global n
    n += 1
    gc.collect()
    live[n] = gc.mem_alloc()


if MODE >= 1:
    from hal import sound
    mark()
if MODE >= 2:
    spk = sound.from_board(True)
    if RAW:
        spk._synthio = None
    mark()
if MODE >= 3:
    for freq, ms in %r:
        spk.beep(freq, ms, now())
        if not spk.busy:
            raise MemoryError('the beep stayed silent')
        kind = type(spk._sound).__name__
        amp_on = spk._amp.value
        while spk.busy:
            time.sleep(0.01)
            spk.poll(now())
        spk.poll(now())
        print('BEEP ' + json.dumps([freq, ms, kind, amp_on, spk._amp.value,
                                    spk._out._dma.stats()]))
        mark()
print('PROBE ' + json.dumps([x - live[0] for x in live[:n + 1]]))
""" % (UI_TONES,)


@pytest.fixture(scope="module")
def drive(tmp_path_factory):
    why = board_heap.available()       # run-board and the board build (not provided)
    if why:
        pytest.skip(why)
    d = str(tmp_path_factory.mktemp("sound-drive"))
    os.makedirs(os.path.join(d, "lib", "hal"))
    for name in ("__init__", "sound"):          # compiled as `make bundle` compiles them
        circuitpy.compile_mpy(os.path.join(ROOT, "lib", "hal", name + ".py"),
                              os.path.join(d, "lib", "hal", name + ".mpy"))
    with open(os.path.join(d, "probe.py"), "w") as f:
        f.write(PROBE)
    ok, _out = _probe(d, 0, 0)
    if not ok:
        pytest.skip("run-board cannot start circuitpython-board here: %s" % _out[-300:])
    yield d
    shutil.rmtree(d, ignore_errors=True)


def _probe(d, mode, ballast, raw=0):
    with open(os.path.join(d, "params.py"), "w") as f:
        f.write("B = %d\nMODE = %d\nRAW = %d\n" % (ballast, mode, raw))
    proc = subprocess.run([sys.executable, board_heap.run_board(), "--heap", str(HEAP_KB),
                           "--timeout", "60", d, "/probe.py"], capture_output=True, text=True,
                          timeout=120, env=board_heap.run_env())
    out = proc.stdout + proc.stderr
    beeps = [json.loads(x[5:]) for x in out.splitlines() if x.startswith("BEEP ")]
    for line in out.splitlines():
        if line.startswith("PROBE "):
            return {"live": json.loads(line[6:]), "beeps": beeps}, out
    return None, out


def _smallest_heap(d, mode, raw=0):
    # The smallest heap (bytes, to 16) in which the probe completes: the
    # largest ballast that still lets it run, taken off HEAP_KB.
    ok, hi = 0, HEAP_KB * 1024
    assert _probe(d, mode, 0, raw)[0], "mode %d fails in %d KB" % (mode, HEAP_KB)
    while hi - ok > 16:
        mid = (ok + hi) // 2
        if _probe(d, mode, mid, raw)[0]:
            ok = mid
        else:
            hi = mid
    return HEAP_KB * 1024 - ok


def test_the_three_beeps_play_as_midi_tracks_in_the_background(drive):
    r, out = _probe(drive, 3, 0)
    assert r, out
    for (freq, ms), (_f, _ms, kind, amp_playing, amp_after, stats) in zip(UI_TONES, r["beeps"]):
        blocks, frames, dma_bytes = stats
        assert kind == "MidiTrack"
        # synthio's 256-sample blocks, split at each event: the note, then the release
        assert frames == ms * SYNTH_RATE // 1000 + TAIL_MS * SYNTH_RATE // 1000
        assert blocks >= 3 and dma_bytes == 2 * 512
        assert amp_playing is True and amp_after is False


def test_without_synthio_the_beeps_play_rendered_samples(drive):
    r, out = _probe(drive, 3, 0, raw=1)
    assert r, out
    for (freq, ms), (_f, _ms, kind, amp_playing, amp_after, stats) in zip(UI_TONES, r["beeps"]):
        assert kind == "RawSample" and stats[:2] == [1, 8 * ms]
        assert amp_playing is True and amp_after is False


def test_sound_costs_little_heap_live_and_transient(drive):
    r, out = _probe(drive, 3, 0)
    assert r, out
    _base, after_import, after_speaker, after_first, _second, after_three = r["live"]
    assert after_import < 4096                  # the module's code (measured 3.5 KB)
    # what stays after the beeps: the DMA's two 512-byte blocks and the sine,
    # no sample (the old design kept ~4.3 KB: a cache of samples)
    assert after_three - after_speaker < 1600
    assert after_three == after_first           # nothing grows beep after beep
    # the peak: a beep needs its track (~1.4 KB) and, the first time, the DMA's
    # blocks; the old design needed 12.7 KB more heap for the three beeps
    extra = _smallest_heap(drive, 3) - _smallest_heap(drive, 2)
    assert extra < 4096, extra
