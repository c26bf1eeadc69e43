"""The display layer's share of the heap: displayio objects per screen, and
what they would take on a board (dev-side only).

    python -m tools.display_cost [--size 160x128] [--json out.json]

    from tools import display_cost
    data = display_cost.figures()            # plain dicts, lists, ints and strings

``figures(width=160, height=128)`` drives the real UI (ui.view + ui.gfx drawn
by lib/hal/desktop.py, headless) through every screen a player meets: title,
settings, statistics, rules, about, new-game setup, the table of each of the
five games mid-round, the bid picker, the pause menu, the score sheet, the
round summary, game over and the pass-and-play curtain. After each screen is
drawn it walks the root group's tree (Blinka's objects are plain Python
objects: Group children, TileGrid bitmap and pixel_shader, the insides of
each adafruit_display_text Label) and returns::

    {"size": "160x128",
     "screens": [{"screen": "title",
                  "objects": {"Group": 2, "Label": 12, "TileGrid": 9, ...},
                  "objects_total": 47,          # displayio objects on screen
                  "bitmap_bytes": 1234,         # their pixel data, as CircuitPython stores it
                  "heap_bytes": 9876,           # board heap estimate, objects on screen
                  "held_heap_bytes": 20000,     # ... everything the display layer holds
                  "heap_by_type": {"Label": ..., ...}}, ...],
     "font": {"suit_glyphs": 4, "suit_glyph_bytes": 192,   # heap on a board
              "loader_glyphs": 95, "loader_glyph_bytes": ...},  # desktop only
     "struct_sizes": {"displayio_group_t": 48, ...},
     "notes": [...]}

"held" adds what ui.view.Screen keeps while a screen is up but not on it:
the other view's group (the list view stays built while the table shows,
and the other way round), the card sheet with its six palettes, the font
with its suit glyphs, and the Python view objects that hold them.

How the board figure is estimated (32-bit CircuitPython, SAMD51/ESP32-S3):
each object costs its C struct, laid out from the field lists below (copied
from CircuitPython's headers, sizes computed with C layout rules for 32-bit
pointers), plus what its constructor allocates (a Bitmap's rows of 32-bit
words, a Palette's colour array, a Group's member list, a TileGrid's tile
array when it does not fit in the pointer), each allocation rounded up to
the collector's 16-byte blocks. A Label is a Python object: an instance
(with a native Group inside), its attribute table (MicroPython's map sizes),
and the floats, tuples and strings in it. Small ints, None and booleans cost
nothing; a string counts as a heap string even where a board would share an
interned one (a slight overestimate). terminalio.FONT is in the firmware's
flash on a board: its glyphs cost no heap there (Blinka loads it from a BDF
file on the desktop; reported apart as "loader" glyphs).
"""
import argparse
import ctypes
import json
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (ROOT, os.path.join(ROOT, "lib")):
    if _p not in sys.path:
        sys.path.append(_p)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# --------------------------------------------------------------------------
# Board sizes (32-bit CircuitPython 10)

WORD = 4
GC_BLOCK = 16        # py/gc.c: BYTES_PER_BLOCK = 4 words on a 32-bit port

_u8, _u16, _i16, _u32 = ctypes.c_uint8, ctypes.c_uint16, ctypes.c_int16, ctypes.c_uint32
_ptr = ctypes.c_uint32          # a pointer, mp_obj_t or size_t on a 32-bit board
_bool = ctypes.c_uint8          # bool: one byte (bit fields pack like uint8_t ones in GCC)


class _Area(ctypes.Structure):
    # shared-module/displayio/area.h: struct _displayio_area_t
    _fields_ = [("x1", _i16), ("y1", _i16), ("x2", _i16), ("y2", _i16), ("next", _ptr)]


class _Transform(ctypes.Structure):
    # shared-module/displayio/area.h: displayio_buffer_transform_t
    _fields_ = [("x", _u16), ("y", _u16), ("dx", _i16), ("dy", _i16), ("scale", _u16),
                ("width", _u16), ("height", _u16), ("mirror_x", _bool), ("mirror_y", _bool),
                ("transpose_xy", _bool)]


class _Group(ctypes.Structure):
    # shared-module/displayio/Group.h: displayio_group_t (Group.c of 10.x also
    # sets a `readonly` flag: one more bit in the same byte)
    _fields_ = [("base", _ptr), ("members", _ptr), ("absolute_transform", _Transform),
                ("dirty_area", _Area), ("x", _i16), ("y", _i16), ("scale", _u16),
                ("item_removed", _bool, 1), ("in_group", _bool, 1), ("hidden", _bool, 1),
                ("hidden_by_parent", _bool, 1), ("readonly", _bool, 1), ("padding", _u8, 3)]


class _TileGrid(ctypes.Structure):
    # shared-module/displayio/TileGrid.h: displayio_tilegrid_t
    _fields_ = [("base", _ptr), ("bitmap", _ptr), ("pixel_shader", _ptr), ("x", _i16),
                ("y", _i16), ("pixel_width", _u16), ("pixel_height", _u16),
                ("bitmap_width_in_tiles", _u16), ("tiles_in_bitmap", _u16),
                ("width_in_tiles", _u16), ("height_in_tiles", _u16), ("tile_width", _u16),
                ("tile_height", _u16), ("top_left_x", _u16), ("top_left_y", _u16),
                ("tiles", _ptr), ("absolute_transform", _ptr), ("dirty_area", _Area),
                ("previous_area", _Area), ("current_area", _Area),
                ("partial_change", _bool, 1), ("full_change", _bool, 1), ("moved", _bool, 1),
                ("inline_tiles", _bool, 1), ("in_group", _bool, 1), ("flip_x", _bool, 1),
                ("flip_y", _bool, 1), ("transpose_xy", _bool, 1), ("hidden", _bool, 1),
                ("hidden_by_parent", _bool, 1), ("rendered_hidden", _bool, 1),
                ("padding", _u8, 6)]


class _Bitmap(ctypes.Structure):
    # shared-module/displayio/Bitmap.h: displayio_bitmap_t
    _fields_ = [("base", _ptr), ("width", _u16), ("height", _u16), ("data", _ptr),
                ("stride", _u16), ("bits_per_value", _u8), ("x_shift", _u8), ("x_mask", _ptr),
                ("dirty_area", _Area), ("bitmask", _u16), ("read_only", _bool),
                ("data_alloc", _bool)]


class _Palette(ctypes.Structure):
    # shared-module/displayio/Palette.h: displayio_palette_t
    _fields_ = [("base", _ptr), ("colors", _ptr), ("color_count", _u32),
                ("needs_refresh", _bool), ("dither", _bool)]


class _Color(ctypes.Structure):
    # shared-module/displayio/Palette.h: _displayio_color_t (one per palette entry,
    # m_malloc'd by common_hal_displayio_palette_construct in Palette.c)
    _fields_ = [("rgb888", _u32), ("cached_colorspace", _ptr), ("cached_color", _u32),
                ("cached_colorspace_grayscale_bit", _u8), ("cached_colorspace_grayscale", _bool),
                ("transparent", _bool)]


class _Rectangle(ctypes.Structure):
    # shared-module/vectorio/Rectangle.h: vectorio_rectangle_t (vectorio_event_t =
    # {mp_obj_t obj; event_function *event} from shared-module/vectorio/__init__.h)
    _fields_ = [("base", _ptr), ("width", _u16), ("height", _u16), ("color_index", _u32),
                ("on_dirty_obj", _ptr), ("on_dirty_event", _ptr),
                ("draw_protocol_instance", _ptr)]


class _VectorShape(ctypes.Structure):
    # shared-module/vectorio/VectorShape.h: vectorio_vector_shape_t, made by
    # vectorio_vector_shape_make_new for every Rectangle (shared-bindings/vectorio/Rectangle.c)
    _fields_ = [("base", _ptr), ("ishape_shape", _ptr), ("ishape_get_area", _ptr),
                ("ishape_get_pixel", _ptr), ("pixel_shader", _ptr), ("x", _i16), ("y", _i16),
                ("absolute_transform", _ptr), ("ephemeral_dirty_area", _Area),
                ("current_area", _Area), ("current_area_dirty", _bool), ("hidden", _bool),
                ("in_group", _bool)]


STRUCT_SIZES = {
    "displayio_group_t": ctypes.sizeof(_Group),
    "displayio_tilegrid_t": ctypes.sizeof(_TileGrid),
    "displayio_bitmap_t": ctypes.sizeof(_Bitmap),
    "displayio_palette_t": ctypes.sizeof(_Palette),
    "_displayio_color_t": ctypes.sizeof(_Color),
    "vectorio_rectangle_t": ctypes.sizeof(_Rectangle),
    "vectorio_vector_shape_t": ctypes.sizeof(_VectorShape),
    # py/objlist.h: mp_obj_list_t {base, alloc, len, items}
    "mp_obj_list_t": 4 * WORD,
    # py/obj.h + py/objtype.h: mp_obj_instance_t {base, mp_map_t members (3 words),
    # subobj[] (one word per native base)}; measured 16 bytes for a plain instance
    # in CircuitPython's 32-bit binary
    "mp_obj_instance_t": 4 * WORD,
    # py/obj.h: mp_obj_dict_t {base, mp_map_t}
    "mp_obj_dict_t": 4 * WORD,
    # py/obj.h: mp_obj_str_t {base, hash, len, data*}; the characters are a second block
    "mp_obj_str_t": 4 * WORD,
    # shared-bindings/fontio/Glyph.h: fontio.Glyph is a namedtuple of 8 fields
    "fontio_glyph (tuple of 8)": 2 * WORD + 8 * WORD,
}

# py/map.c: hash_allocation_sizes; a map grows to the next size only when full
# (checked against the 32-bit binary: 1-2 attributes 16 bytes, 13 -> 136 bytes, ...)
_MAP_SIZES = (0, 2, 4, 6, 8, 10, 12, 17, 23, 29, 37, 47, 59, 73, 97, 127, 167, 223, 293, 389)
LIST_MIN_ALLOC = 4   # py/objlist.c: a new list has room for 4; append doubles it


def gc_bytes(n):
    """Heap taken by an allocation of n bytes: whole 16-byte blocks."""
    return 0 if n <= 0 else (n + GC_BLOCK - 1) // GC_BLOCK * GC_BLOCK


def map_alloc(n):
    """Slots in a MicroPython map holding n keys."""
    for s in _MAP_SIZES:
        if s >= n:
            return s
    return (n + n // 2) | 1


def list_alloc(n):
    a = LIST_MIN_ALLOC
    while a < n:
        a *= 2
    return a


def bits_per_value(value_count):
    """Bits a Bitmap stores per pixel for value_count values (shared-bindings/displayio/Bitmap.c)."""
    bits = 1
    while (value_count - 1) >> bits:
        bits = bits << 1 if bits < 8 else bits + 8
    return bits


def bitmap_data_bytes(width, height, bits):
    """A Bitmap's pixel data as CircuitPython allocates it: each row is padded
    to whole 32-bit words (shared-module/displayio/Bitmap.c: stride() and
    m_malloc(stride * height * sizeof(uint32_t)))."""
    stride_words = (width * bits + 31) // 32
    return stride_words * WORD * height


# Per object type: the board heap of the object itself (not what it points at).
def group_heap(n_members):
    return (gc_bytes(STRUCT_SIZES["displayio_group_t"]) + gc_bytes(STRUCT_SIZES["mp_obj_list_t"])
            + gc_bytes(WORD * list_alloc(n_members)))


def tilegrid_heap(width, height, tiles_in_bitmap):
    n = width * height
    wide = tiles_in_bitmap > 255
    inline = WORD // (2 if wide else 1)           # TileGrid.c: tiles packed into the pointer
    tiles = 0 if n <= inline else gc_bytes(n * (2 if wide else 1))
    return gc_bytes(STRUCT_SIZES["displayio_tilegrid_t"]) + tiles


def bitmap_heap(width, height, bits):
    return gc_bytes(STRUCT_SIZES["displayio_bitmap_t"]) + gc_bytes(bitmap_data_bytes(width, height, bits))


def palette_heap(n):
    return gc_bytes(STRUCT_SIZES["displayio_palette_t"]) + gc_bytes(n * STRUCT_SIZES["_displayio_color_t"])


def rectangle_heap():
    return gc_bytes(STRUCT_SIZES["vectorio_rectangle_t"]) + gc_bytes(STRUCT_SIZES["vectorio_vector_shape_t"])


def instance_heap(n_attrs, native_bases=0):
    """A Python object with n_attrs instance attributes (values not included)."""
    return (gc_bytes(STRUCT_SIZES["mp_obj_instance_t"] + WORD * native_bases)
            + gc_bytes(2 * WORD * map_alloc(n_attrs)))


# View attributes that point at what the UI logic owns (the screen shown, its
# lines) or at the display itself: their slots are counted, not their values.
ALIASES = frozenset(("owner", "shown_version", "_lines", "_title", "_footer", "display"))

BOARD_HEAP = 120 * 1024   # what a PyBadge leaves to Python, displayio included

TYPES = ("Group", "Label", "TileGrid", "Bitmap", "Palette", "Rectangle", "Glyph", "Python")


# --------------------------------------------------------------------------
# Walking Blinka's objects

class Tally:
    """Objects seen once each (by id), counted and costed by type."""

    def __init__(self):
        self.seen = set()
        self.count = dict((t, 0) for t in TYPES)
        self.heap = dict((t, 0) for t in TYPES)
        self.bitmap_bytes = 0

    def add(self, kind, heap):
        self.count[kind] += 1
        self.heap[kind] += heap

    def first(self, obj):
        if id(obj) in self.seen:
            return False
        self.seen.add(id(obj))
        return True

    def display_objects(self):
        return sum(self.count[t] for t in TYPES if t not in ("Python", "Glyph"))

    def total_heap(self):
        return sum(self.heap.values())


class Walker:
    def __init__(self):
        import displayio
        import fontio
        import vectorio
        from adafruit_display_text import LabelBase
        from ui import gfx, view
        self.displayio, self.vectorio, self.fontio = displayio, vectorio, fontio
        self.LabelBase = LabelBase
        # attributes Blinka's pure-Python Group keeps: a board has them in displayio_group_t
        self.group_keys = set(vars(displayio.Group()))
        self.builtin_font = getattr(__import__("terminalio"), "FONT", None)
        # the display layer's own Python objects (walked into); anything else a
        # view points at (its screen, the app) belongs to the UI logic: not counted
        self.layer_types = (view.ListView, view.TableView, view.Screen, gfx.Cards, gfx.SuitFont)

    def walk(self, obj, t):
        """Count obj and everything of the display layer reachable from it."""
        d = self.displayio
        if obj is None or not t.first(obj):
            return
        if isinstance(obj, self.LabelBase):
            self._label(obj, t)
        elif isinstance(obj, d.Group):
            members = list(obj)
            t.add("Group", group_heap(len(members)))
            for m in members:
                self.walk(m, t)
        elif isinstance(obj, d.TileGrid):
            bmp = obj.bitmap
            tw, th = obj.tile_width, obj.tile_height
            n_tiles = (bmp.width // tw) * (bmp.height // th) if tw and th else 1
            t.add("TileGrid", tilegrid_heap(obj.width, obj.height, n_tiles))
            self.walk(bmp, t)
            self.walk(obj.pixel_shader, t)
        elif isinstance(obj, d.Bitmap):
            bits = _bits_of(obj)
            t.add("Bitmap", bitmap_heap(obj.width, obj.height, bits))
            t.bitmap_bytes += bitmap_data_bytes(obj.width, obj.height, bits)
        elif isinstance(obj, d.Palette):
            t.add("Palette", palette_heap(len(obj)))
        elif isinstance(obj, (self.vectorio.Rectangle,)):
            t.add("Rectangle", rectangle_heap())
            self.walk(obj.pixel_shader, t)
        elif isinstance(obj, self.fontio.Glyph):
            t.add("Glyph", gc_bytes(STRUCT_SIZES["fontio_glyph (tuple of 8)"]))
            self.walk(obj.bitmap, t)
        elif obj is self.builtin_font:
            pass                           # in the firmware's flash on a board
        elif isinstance(obj, self.layer_types):
            attrs = vars(obj)
            own = [v for k, v in attrs.items() if k not in ALIASES]
            t.add("Python", instance_heap(len(attrs)) + self._values(own, t))
        else:
            t.add("Python", self._value(obj, t))

    def _label(self, lbl, t):
        # The Python-level Label: an instance with a native Group inside, its
        # attribute table and the values in it; then the objects it owns.
        attrs = dict((k, v) for k, v in vars(lbl).items() if k not in self.group_keys)
        members = list(lbl)
        heap = (instance_heap(len(attrs), native_bases=1) + group_heap(len(members))
                + self._values(attrs.values(), t))
        t.add("Label", heap)
        for m in members:
            self.walk(m, t)

    def _values(self, values, t):
        return sum(self._value(v, t) for v in values)

    def _value(self, v, t):
        """Heap of a plain Python value on a board; display objects are walked instead."""
        if v is None or isinstance(v, (bool, int)) and -(1 << 30) <= v < (1 << 30):
            return 0
        if self._is_display(v):
            self.walk(v, t)
            return 0
        if not t.first(v):
            return 0
        if isinstance(v, int):
            return 2 * GC_BLOCK            # a long int: object + digits
        if isinstance(v, float):
            return GC_BLOCK                # boxed float (8 bytes): one block
        if isinstance(v, str):
            if not v:
                return 0                   # the empty string is a constant
            return gc_bytes(STRUCT_SIZES["mp_obj_str_t"]) + gc_bytes(len(v.encode("utf-8")) + 1)
        if isinstance(v, (bytes, bytearray)):
            return gc_bytes(STRUCT_SIZES["mp_obj_str_t"]) + gc_bytes(len(v))
        if isinstance(v, tuple):
            return gc_bytes(2 * WORD + WORD * len(v)) + self._values(v, t)
        if isinstance(v, list):
            return (gc_bytes(STRUCT_SIZES["mp_obj_list_t"]) + gc_bytes(WORD * list_alloc(len(v)))
                    + self._values(v, t))
        if isinstance(v, dict):
            return (gc_bytes(STRUCT_SIZES["mp_obj_dict_t"]) + gc_bytes(2 * WORD * map_alloc(len(v)))
                    + self._values(v.keys(), t) + self._values(v.values(), t))
        return 0                           # a pointer to something outside the display layer

    def _is_display(self, v):
        d = self.displayio
        return isinstance(v, (d.Group, d.TileGrid, d.Bitmap, d.Palette, self.vectorio.Rectangle,
                              self.fontio.Glyph) + self.layer_types) or v is self.builtin_font


def _bits_of(bmp):
    # Blinka keeps it private; CircuitPython has Bitmap.bits_per_value
    bits = getattr(bmp, "bits_per_value", None)
    return bits if bits is not None else bmp._bits_per_value


def count(root):
    """Tally of the display objects in a group tree (plain dict)."""
    w = Walker()
    t = Tally()
    w.walk(root, t)
    return _summary(t)


def _summary(t):
    return {"objects": dict((k, t.count[k]) for k in TYPES if k not in ("Python", "Glyph")),
            "objects_total": t.display_objects(),
            "bitmap_bytes": t.bitmap_bytes,
            "heap_bytes": t.total_heap(),
            "heap_by_type": dict((k, t.heap[k]) for k in TYPES if t.heap[k])}


# --------------------------------------------------------------------------
# Driving the UI through its screens

GAMES = {
    "nommie": (["human", "bot", "bot", "bot"], {}),
    "linger": (["human", "bot", "bot", "bot", "bot"], {}),
    "nines": (["human", "bot", "bot"], {"start_score": 4}),
    "callbreak": (["human", "bot", "bot", "bot"], {}),
    "israeli": (["human", "bot", "bot", "bot"], {"rounds": 2}),
}
SEED = 11


class Rig:
    """The app, its views on a headless desktop display, keys on a virtual clock."""

    def __init__(self, width, height, data_dir):
        import displayio
        from hal import desktop
        from ui.app import App
        from ui.driver import Driver
        from ui.nostore import NoStore
        from ui import view
        displayio.release_displays()
        self.hal = desktop.Desktop(["--headless", "--size", "%dx%d" % (width, height),
                                    "--data-dir", data_dir])
        self.app = App(width, height, NoStore(), "desktop", lambda: 1234)
        self.screen = view.Screen(self.hal.display)
        self.driver = Driver(self.app)
        self.app.start()
        self.screen.draw(self.app, refresh=False)

    def press(self, k):
        self.driver.settle()
        self.app.key(k)
        self.driver.settle()
        self.screen.draw(self.app, refresh=False)

    def keys(self, names):
        from hal import keys as K
        for n in names.split():
            self.press(K.number(n))

    def name(self):
        return type(self.app.top()).__name__

    def choose(self, label):
        """On a menu: move the cursor to the row starting with label and press A."""
        from hal import keys as K
        top = self.app.top()
        rows = [i for i, line in enumerate(top.lines) if line.strip().startswith(label)]
        if not rows:
            raise RuntimeError("no %r on %s: %r" % (label, self.name(), top.lines))
        for _ in range(40):
            if top.cursor == rows[0]:
                break
            self.press(K.DOWN if top.cursor < rows[0] else K.UP)
        self.press(K.A)

    def measure(self, label, walker):
        """Draw the screen for real, then count what is on it and what is held."""
        self.screen.draw(self.app, refresh=False)
        self.hal.display.refresh()
        shown = Tally()
        walker.walk(self.screen.root, shown)
        held = Tally()
        walker.walk(self.screen, held)
        from ui import gfx
        walker.walk(gfx._font, held)
        out = _summary(shown)
        out["screen"] = label
        out["ui_screen"] = self.name()
        out["held_heap_bytes"] = held.total_heap()
        out["held_objects_total"] = held.display_objects()
        return out

    def table(self):
        for s in reversed(self.app.stack):
            if s.kind == "table":
                return s
        return None

    def human_turn(self):
        """(table, its view) when the table waits for the human, else (None, None)."""
        top = self.app.top()
        if getattr(top, "kind", None) != "table":
            return None, None
        v = top.state().view(None)
        if top.session.is_human(v["to_act"]) and not top.hold_until:
            return top, v
        return None, None


def _menu_screens(rig, walker, out):
    from hal import keys as K
    out.append(rig.measure("title", walker))
    rig.choose("Settings")
    out.append(rig.measure("settings", walker))
    rig.press(K.B)
    rig.choose("Statistics")
    out.append(rig.measure("statistics", walker))
    rig.press(K.B)
    rig.choose("Rules")
    rig.press(K.A)                                  # the first game's rules text
    out.append(rig.measure("rules", walker))
    rig.keys("B B")
    rig.choose("About")
    out.append(rig.measure("about", walker))
    rig.press(K.B)
    rig.choose("New game")
    out.append(rig.measure("new game setup", walker))


def _start(rig, gid, seats=None, opts=None):
    from ui.menus import start_table
    from ui.session import Session
    s, o = GAMES[gid]
    seats = seats or s
    start_table(rig.app, Session.new(gid, seats, [1] * len(seats), SEED, o if opts is None else opts))
    rig.driver.settle()
    rig.screen.draw(rig.app, refresh=False)


def _table_mid_round(rig, gid, walker, out, extras=False):
    """Press A until the human plays a card a few presses in; measure the table."""
    from hal import keys as K
    presses = 0
    picker = not extras
    for _ in range(400):
        t, v = rig.human_turn()
        if t is not None:
            if v["phase"] == "bid" and not picker:
                picker = True
                out.append(rig.measure("bid picker (%s)" % gid, walker))
            if v["phase"] == "play" and presses >= 3 and len(t.hand) > 2:
                out.append(rig.measure("table %s (%dp)" % (gid, t.session.players), walker))
                if extras:
                    rig.press(K.START)
                    out.append(rig.measure("pause menu", walker))
                    rig.press(K.B)
                    rig.press(K.SELECT)
                    out.append(rig.measure("score sheet", walker))
                    rig.press(K.B)
                return
        rig.press(K.A)
        presses += 1
    raise RuntimeError("%s: no mid-round table after 400 presses" % gid)


def _to_the_end(rig, walker, out):
    from hal import keys as K
    summary = False
    for _ in range(5000):
        n = rig.name()
        if n == "RoundSummary" and not summary:
            summary = True
            out.append(rig.measure("round summary", walker))
        if n == "GameOver":
            out.append(rig.measure("game over", walker))
            return
        rig.press(K.A)
    raise RuntimeError("the game did not end")


def figures(width=160, height=128, games=None):
    """Per-screen display figures (see the module docstring): plain data."""
    walker = Walker()
    screens = []
    data_dir = tempfile.mkdtemp(prefix="display-cost-")
    rig = Rig(width, height, data_dir)
    _menu_screens(rig, walker, screens)
    for gid in games or sorted(GAMES):
        rig = Rig(width, height, data_dir)
        _start(rig, gid)
        _table_mid_round(rig, gid, walker, screens, extras=(gid == "nommie"))
    rig = Rig(width, height, data_dir)              # a short game to its end
    _start(rig, "callbreak")
    _to_the_end(rig, walker, screens)
    rig = Rig(width, height, data_dir)              # pass and play
    _start(rig, "israeli", ["human"] * 4, {"rounds": 1})
    if rig.name() != "Curtain":
        raise RuntimeError("pass-and-play opened %s, not the curtain" % rig.name())
    screens.append(rig.measure("pass-and-play curtain", walker))
    return {"size": "%dx%d" % (width, height), "screens": screens, "font": font_figures(walker),
            "struct_sizes": dict(STRUCT_SIZES), "gc_block": GC_BLOCK,
            "notes": ["heap: 32-bit CircuitPython estimate from C struct sizes + allocations "
                      "rounded to 16-byte GC blocks; held = on screen + what ui.view.Screen "
                      "keeps (other view, card sheet, palettes, font)",
                      "bitmap bytes: rows padded to 32-bit words, as displayio.Bitmap stores them"]}


def font_figures(walker=None):
    """The font's glyph bitmaps: the suit glyphs ui.gfx draws (heap on a board) and
    the glyphs Blinka's font loader holds for terminalio.FONT (desktop only)."""
    from ui import gfx
    walker = walker or Walker()
    f = gfx.font()
    suits = Tally()
    for g in f._suits.values():
        walker.walk(g, suits)
    loader = Tally()
    base = getattr(f.base, "_font", None)
    glyphs = getattr(base, "_glyphs", None) or {}
    for g in glyphs.values():
        if g is not None:
            walker.walk(g.bitmap, loader)
    return {"suit_glyphs": len(f._suits), "suit_glyph_bytes": suits.bitmap_bytes,
            "suit_glyph_heap": suits.total_heap(),
            "loader_glyphs": len([g for g in glyphs.values() if g is not None]),
            "loader_glyph_bytes": loader.bitmap_bytes,
            "loader_note": "terminalio.FONT: Blinka loads it from a BDF file; on a board it is "
                           "built into the firmware (flash), no heap"}


# --------------------------------------------------------------------------

def kb(n):
    return "%.1f" % (n / 1024.0)


def print_table(data, out=None):
    w = (out or sys.stdout).write
    w("Display objects per screen at %s (board heap: 32-bit CircuitPython estimate)\n"
      % data["size"])
    w("{:<24} {:>5} {:>5} {:>5} {:>5} {:>5} {:>5} {:>6} {:>8} {:>8} {:>8}\n".format(
        "screen", "group", "label", "tile", "bmp", "pal", "rect", "total", "bmp KB",
        "heap KB", "held KB"))
    for s in data["screens"]:
        o = s["objects"]
        w("{:<24} {:>5} {:>5} {:>5} {:>5} {:>5} {:>5} {:>6} {:>8} {:>8} {:>8}\n".format(
            s["screen"][:24], o["Group"], o["Label"], o["TileGrid"], o["Bitmap"],
            o["Palette"], o["Rectangle"], s["objects_total"], kb(s["bitmap_bytes"]),
            kb(s["heap_bytes"]), kb(s["held_heap_bytes"])))
    f = data["font"]
    w("\nFont: %d suit glyphs, %d B of bitmaps (%d B heap on a board); Blinka's loader "
      "holds %d glyphs, %d B (desktop only: terminalio.FONT is in a board's flash)\n"
      % (f["suit_glyphs"], f["suit_glyph_bytes"], f["suit_glyph_heap"], f["loader_glyphs"],
         f["loader_glyph_bytes"]))
    w("Struct sizes used (bytes, 32-bit): %s; GC block %d B\n" % (
        ", ".join("%s %d" % kv for kv in sorted(data["struct_sizes"].items())), data["gc_block"]))
    worst = max(data["screens"], key=lambda s: s["held_heap_bytes"])
    w("Largest: %s, %s KB held (%.0f %% of the ~120 KB a PyBadge leaves to Python)\n" % (
        worst["screen"], kb(worst["held_heap_bytes"]), 100.0 * worst["held_heap_bytes"] / BOARD_HEAP))
    w("(total: displayio objects on screen, a Label counting as one and its insides apart;\n"
      " bitmaps include each Label's 3x3 outline stamp and the 4 suit glyphs; heap: those\n"
      " objects; held: plus what stays built off screen: the other view, the card sheet\n"
      " and its palettes, the font)\n")


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.display_cost",
                                 description="displayio objects and board heap per screen")
    ap.add_argument("--size", default="160x128")
    ap.add_argument("--json", help="also write the figures to this file")
    args = ap.parse_args(argv)
    w, h = (int(x) for x in args.size.lower().split("x"))
    data = figures(w, h)
    print_table(data)
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(data, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
