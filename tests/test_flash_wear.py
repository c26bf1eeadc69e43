"""Flash wear of the saves (tools/bench/flash_wear.py): a whole Call Break game
through the UI logic in CircuitPython's own interpreter, autosaving into a
folder on a FAT drive whose 512-byte sector writes are counted. A save must
cost the same few sectors late in the game as early on (an append, not a
rewrite of everything so far), the directory sector (the wear hot spot) is
written about once per save, and a game renames files only when its journal
is written whole. The figures are printed (pytest -s)."""
import pytest

from tools.runners import circuitpy
from tools.bench import flash_wear

WHY = circuitpy.available()
pytestmark = pytest.mark.skipif(WHY is not None, reason=WHY or "")


def test_sector_writes_per_save_do_not_grow_with_the_game():
    result, flash = flash_wear.measure("callbreak", level=1, seed=7)
    print("\n" + flash_wear.summary("callbreak", result, flash))
    per_save = flash["per_save"]
    assert result["over"] and flash["saves"] == len(per_save) > 40
    assert sum(per_save[-10:]) <= sum(per_save[:10])  # the first is a whole write
    assert flash["save_sector_writes"] <= 3 * flash["saves"]
    hottest, sector, where = flash["hottest"][0]
    assert hottest <= flash["saves"] + flash["saves"] // 5 + 10, flash["hottest"]
    assert flash["renames"] <= 3  # the first save's rewrite and the statistics file


def test_the_block_device_counts_what_fat_writes():
    # a file of 3000 bytes written on the counted drive: at least its 6 data
    # sectors, plus the directory and FAT sectors that say where it is
    script = (flash_wear.PRELUDE % {"sectors": 512}
              + "f = open(WORK + '/x.bin', 'wb')\nf.write(bytes(3000))\nf.close()\n"
              + "print('WRITES', FLASH.writes, sum(1 for c in FLASH.count if c))\n")
    out = circuitpy.run(script, heap=1024 * 1024, tree=circuitpy.stage("mpy"))
    writes, distinct = [int(x) for x in out.split("WRITES")[1].split()]
    assert writes >= 8 and distinct >= 8
