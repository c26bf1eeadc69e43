"""tools/display_cost.py: displayio objects per screen and their board-heap
estimate are plausible, every game's table is reported, bitmap bytes follow
CircuitPython's word-padded rows, and the attribute-table sizes it assumes
match CircuitPython's own 32-bit binary."""
import pytest

from tools import circuitpy, display_cost as dc

GAMES = ("nommie", "linger", "nines", "callbreak", "israeli")


@pytest.fixture(scope="module")
def data():
    return dc.figures(160, 128)


def by_name(data):
    return dict((s["screen"], s) for s in data["screens"])


def test_every_screen_is_reported_with_plausible_counts(data):
    screens = by_name(data)
    for name in ("title", "settings", "statistics", "rules", "about", "new game setup",
                 "bid picker (nommie)", "pause menu", "score sheet", "round summary",
                 "game over", "pass-and-play curtain"):
        assert name in screens, sorted(screens)
    for s in data["screens"]:
        o = s["objects"]
        assert s["objects_total"] == sum(o.values()) > 10, s
        assert o["Label"] >= 3 and o["Group"] > o["Label"], s    # each Label holds a Group
        assert o["Palette"] >= o["Label"], s
        assert o["Rectangle"] >= 1, s                           # the background at least
        assert 0 < s["bitmap_bytes"] < s["heap_bytes"] <= s["held_heap_bytes"], s
        # a 160x128 screen of this UI: kilobytes, not bytes and not the whole heap
        assert 4 * 1024 < s["heap_bytes"] < 64 * 1024, s
        assert s["held_heap_bytes"] < dc.BOARD_HEAP, s
        assert sum(s["heap_by_type"].values()) == s["heap_bytes"], s


def test_the_table_is_reported_for_every_game(data):
    screens = by_name(data)
    players = {"nommie": 4, "linger": 5, "nines": 3, "callbreak": 4, "israeli": 4}
    for gid in GAMES:
        s = screens["table %s (%dp)" % (gid, players[gid])]
        # 13 hand tiles + one trick tile per seat, plus a TileGrid per non-empty label
        assert s["objects"]["TileGrid"] >= 13 + players[gid], s
        # the 54-card sheet (648x17, 4 bits) is on screen
        assert s["bitmap_bytes"] >= 5508, s
        assert s["heap_bytes"] > screens["title"]["heap_bytes"], s


def test_bitmap_bytes_follow_circuitpython_rows():
    # value_count -> bits per value as shared-bindings/displayio/Bitmap.c computes it
    assert [dc.bits_per_value(n) for n in (1, 2, 3, 4, 5, 7, 16, 17, 256, 257)] == \
        [1, 1, 2, 2, 4, 4, 4, 8, 8, 16]
    # the card sheet: 54 cards of 12x17 at 4 bits: 2592 bits a row = 81 words = 324 B
    assert dc.bitmap_data_bytes(54 * 12, 17, 4) == 324 * 17 == 5508
    # a label "Pocket Tricks": 78x12 at 2 bits = 156 bits -> 5 words = 20 B a row (not 19.5)
    assert dc.bitmap_data_bytes(78, 12, 2) == 240
    # a 6x12 one-bit suit glyph: one word a row, 48 B where w*h/8 would say 9
    assert dc.bitmap_data_bytes(6, 12, 1) == 48
    assert dc.gc_bytes(5508) == 5520 and dc.gc_bytes(1) == 16 and dc.gc_bytes(0) == 0


def test_a_hand_built_tree_is_counted_exactly():
    import displayio
    bmp = displayio.Bitmap(10, 3, 2)           # 1 bit, 10 px -> one word a row
    pal = displayio.Palette(2)
    g = displayio.Group()
    g.append(displayio.TileGrid(bmp, pixel_shader=pal))
    c = dc.count(g)
    assert c["objects"]["Group"] == c["objects"]["TileGrid"] == 1
    assert c["objects"]["Bitmap"] == c["objects"]["Palette"] == 1
    assert c["bitmap_bytes"] == 12
    s = dc.STRUCT_SIZES
    assert (s["displayio_group_t"], s["displayio_tilegrid_t"], s["displayio_bitmap_t"],
            s["displayio_palette_t"], s["_displayio_color_t"]) == (48, 84, 36, 16, 16)
    group = 48 + 16 + 16            # struct + list + 4 member slots
    tilegrid = 96                   # 84 -> 6 blocks; one tile lives in the pointer
    bitmap = 48 + 16                # 36 -> 3 blocks; 12 B of rows -> 1 block
    palette = 16 + 32               # struct + two 16-byte colours
    assert c["heap_bytes"] == group + tilegrid + bitmap + palette


def test_the_card_sheet_is_held_with_its_six_palettes(data):
    screens = by_name(data)
    title = screens["title"]
    # not on the title screen, but built at start-up and kept
    sheet = dc.bitmap_heap(648, 17, 4) + 6 * dc.palette_heap(7)
    assert title["held_heap_bytes"] - title["heap_bytes"] >= sheet
    f = data["font"]
    assert f["suit_glyphs"] == 4 and f["suit_glyph_bytes"] == 4 * dc.bitmap_data_bytes(6, 12, 1)


def test_main_prints_a_table(capsys, monkeypatch):
    monkeypatch.setattr(dc, "figures", lambda w, h: {
        "size": "160x128", "font": {"suit_glyphs": 4, "suit_glyph_bytes": 192,
                                    "suit_glyph_heap": 576, "loader_glyphs": 95,
                                    "loader_glyph_bytes": 4560},
        "struct_sizes": {"displayio_group_t": 48}, "gc_block": 16,
        "screens": [{"screen": "title", "objects": dict((k, 1) for k in dc.TYPES),
                     "objects_total": 6, "bitmap_bytes": 100, "heap_bytes": 2048,
                     "held_heap_bytes": 4096}]})
    assert dc.main([]) == 0
    out = capsys.readouterr().out
    assert "title" in out and "2.0" in out and "4.0" in out


INSTANCES = """
import gc
class C:
    pass
names = ["a%d" % i for i in range(64)]
objs = [None] * 50
for n in NS:
    for k in range(50):
        objs[k] = None
    gc.collect()
    before = gc.mem_alloc()
    for k in range(50):
        o = C()
        for i in range(n):
            setattr(o, names[i], i)
        objs[k] = o
    o = None
    gc.collect()
    print("N", n, (gc.mem_alloc() - before) // 50)
"""


@pytest.mark.skipif(circuitpy.available() is not None, reason=str(circuitpy.available()))
def test_attribute_tables_match_circuitpython():
    ns = (0, 1, 2, 3, 5, 9, 13, 18, 24, 30, 38, 48)
    out = circuitpy.run("NS = %r\n" % (ns,) + INSTANCES, heap=256 * 1024)
    got = dict((int(a), int(b)) for _, a, b in (l.split() for l in out.splitlines()
                                                 if l.startswith("N ")))
    # (a few bytes of noise: a replaced table the conservative collector still sees)
    for n in ns:
        assert 0 <= got[n] - dc.instance_heap(n) < dc.GC_BLOCK, (n, got[n], dc.instance_heap(n))
