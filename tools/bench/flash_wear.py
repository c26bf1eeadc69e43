"""Flash wear of the saves over a whole game (dev-side only).

Plays one game through the UI logic (tools/runners/device_game.py: seat 0 a human
pressing keys, bots elsewhere, autosaves into WORK + "/saves") inside
CircuitPython's own interpreter (its 32-bit unix port, not provided with the
project: $POCKET_TRICKS_CIRCUITPYTHON), with the save folder on a FAT filesystem:
CircuitPython's ``os.VfsFat``, formatted by its own mkfs and mounted on a
block device written in Python that counts every 512-byte sector written
(the saves are a folder on that drive, as /saves is on a board).
Prints one line per game: saves made, sector writes (in all, and per save),
distinct sectors touched, the most writes to any one sector and where it
lies (FAT, root directory or data: the save folder's directory entries are
in the data area), renames and removes.

    python -m tools.bench.flash_wear                       # this tree, Nommie
    python -m tools.bench.flash_wear --root /tmp/before    # another checkout
    python -m tools.bench.flash_wear --game callbreak --level 2

A big heap (4 MB: the 2 MB drive image lives in it): this is a measurement,
not a heap test.
"""
import argparse
import json
import os
import sys

if __package__ in (None, ""):  # run as a script: make `tools` importable
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from tools.runners import circuitpy, device_game

ROOT = circuitpy.ROOT
SECTORS = 4096            # 2 MB, the size of a PyBadge's CIRCUITPY drive
HEAP = 4 * 1024 * 1024

PRELUDE = """
import os
import json as _json


class Flash:
    # A block device in RAM that counts the sectors written.
    def __init__(self, n):
        self.n = n
        self.data = bytearray(n * 512)
        self.mv = memoryview(self.data)
        self.count = [0] * n
        self.writes = 0
        self.blocks = {}          # the 4 KB flash blocks (8 sectors) written since cleared

    def readblocks(self, block, buf):
        o = block * 512
        buf[:] = self.mv[o:o + len(buf)]

    def writeblocks(self, block, buf):
        o = block * 512
        self.mv[o:o + len(buf)] = buf
        for b in range(block, block + len(buf) // 512):
            self.count[b] += 1
            self.writes += 1
            self.blocks[b // 8] = 1

    def ioctl(self, op, arg):
        if op == 4:
            return self.n
        if op == 5:
            return 512
        return 0


FLASH = Flash(%(sectors)d)
os.VfsFat.mkfs(FLASH)
os.mount(os.VfsFat(FLASH), WORK)   # the script makes WORK/saves: a folder, as /saves on a board
FLASH.count = [0] * FLASH.n   # count from here: formatting is not the game's
FLASH.writes = 0
WEAR = {"renames": 0, "removes": 0, "saves": 0, "save_writes": [], "save_blocks": [],
        "other": 0}
import ui.saves.atomic
import ui.saves
_rename = ui.saves.atomic.OsFS.rename
_remove = ui.saves.atomic.OsFS.remove
_save = ui.saves.Store.save_game


def _count_rename(self, old, new):
    WEAR["renames"] += 1
    _rename(self, old, new)


def _count_remove(self, path):
    WEAR["removes"] += 1
    _remove(self, path)


def _count_save(self, record):
    before = FLASH.writes
    FLASH.blocks = {}
    try:
        return _save(self, record)
    finally:
        WEAR["saves"] += 1
        WEAR["save_writes"].append(FLASH.writes - before)
        WEAR["save_blocks"].append(len(FLASH.blocks))


ui.saves.atomic.OsFS.rename = _count_rename
ui.saves.atomic.OsFS.remove = _count_remove
ui.saves.Store.save_game = _count_save
"""

EPILOGUE = """
_boot = bytes(FLASH.data[0:32])
_res = _boot[14] | _boot[15] << 8
_fats = _boot[16]
_fatsz = _boot[22] | _boot[23] << 8
_rootsz = ((_boot[17] | _boot[18] << 8) * 32 + 511) // 512


def _where(s):
    if s < _res:
        return "boot"
    if s < _res + _fats * _fatsz:
        return "FAT"
    if s < _res + _fats * _fatsz + _rootsz:
        return "root directory"
    return "data"


_hot = []
for _s in range(FLASH.n):
    if FLASH.count[_s]:
        _hot.append((FLASH.count[_s], _s))
_hot.sort()
_hot.reverse()
print("FLASH " + _json.dumps({
    "saves": WEAR["saves"], "sector_writes": FLASH.writes,
    "save_sector_writes": sum(WEAR["save_writes"]), "per_save": WEAR["save_writes"],
    "blocks_per_save": WEAR["save_blocks"],
    "distinct": len(_hot), "renames": WEAR["renames"], "removes": WEAR["removes"],
    "hottest": [[c, s, _where(s)] for c, s in _hot[:4]]}))
"""


def script(game="nommie", level=1, seed=7, sectors=SECTORS):
    """The whole-game script with the save folder on a counted FAT drive."""
    return (PRELUDE % {"sectors": int(sectors)} + device_game.script(game, level, seed)
            + EPILOGUE)


def parse(output):
    """(the game's RESULT dict, the FLASH dict) from a run's output."""
    flash = None
    for line in output.splitlines():
        if line.startswith("FLASH "):
            flash = json.loads(line[len("FLASH "):])
    if flash is None:
        raise ValueError("no FLASH line in:\n" + output[-2000:])
    return device_game.parse(output), flash


def measure(game="nommie", level=1, seed=7, root=ROOT, sectors=SECTORS, heap=HEAP):
    """Play one game; returns (RESULT dict, FLASH dict)."""
    out = circuitpy.run(script(game, level, seed, sectors), heap=heap,
                        tree=circuitpy.stage_mpy_of(root))
    return parse(out)


def summary(game, result, flash):
    saves = max(1, flash["saves"])
    c, s, where = flash["hottest"][0] if flash["hottest"] else (0, 0, "-")
    return ("%s: %d actions, %d saves, %d sector writes (%d in saves, %.1f per save), "
            "%d distinct sectors, most writes to one sector %d (sector %d, %s), "
            "%d renames, %d removes; 4 KB flash blocks a save: %s"
            % (game, result["actions"], flash["saves"], flash["sector_writes"],
               flash["save_sector_writes"], flash["save_sector_writes"] / float(saves),
               flash["distinct"], c, s, where, flash["renames"], flash["removes"],
               _spread(flash.get("blocks_per_save", []))))


def _spread(counts):
    # "1: 300, 2: 40" (how many saves wrote so many 4 KB blocks)
    seen = {}
    for n in counts:
        seen[n] = seen.get(n, 0) + 1
    return ", ".join("%d: %d" % (n, seen[n]) for n in sorted(seen)) or "-"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=ROOT, help="checkout whose device code is measured")
    ap.add_argument("--game", action="append", help="game id (repeatable; default nommie)")
    ap.add_argument("--level", type=int, default=1, help="bot level (default 1)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--json", action="store_true", help="print the raw figures too")
    args = ap.parse_args(argv)
    problem = circuitpy.available()
    if problem:
        print(problem)
        return 2
    for game in args.game or ["nommie"]:
        result, flash = measure(game, args.level, args.seed, args.root)
        print(summary(game, result, flash))
        if args.json:
            print(json.dumps(flash))
    return 0


if __name__ == "__main__":
    sys.exit(main())
