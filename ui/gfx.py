# Drawing helpers shared by the screen views: colours, the card sprite
# sheet, a text font with suit symbols, labels and rectangles.
#
# The only module besides ui/view.py that imports displayio.

import displayio
import terminalio
import vectorio
from adafruit_display_text import bitmap_label

from ui.fmt import SUIT_CHARS

try:
    import fontio
    _Glyph = fontio.Glyph
except (ImportError, AttributeError):
    _Glyph = None

CARD_W = 12
CARD_H = 17
BACK = 52      # tile of a face-down card
BLANK = 53     # empty tile
TILES = 54

TABLE = 0x0B5D2A
INK = 0xFFFFFF
DIM = 0x9FC9A8
GOLD = 0xFFD23F
ALERT = 0xFF8A80
HILITE = 0x1F7A44


def _pal(face, ink, red, border):
    p = displayio.Palette(7)
    for i, c in enumerate((0, face, ink, red, border, 0x1C3F94, 0x6C8CD5)):
        p[i] = c
    p.make_transparent(0)
    return p


class Cards:
    # One bitmap holding every card face (tile = card int), a back and a blank.

    def __init__(self):
        from ui import glyphs        # pixel patterns: needed only while drawing the sheet
        bmp = displayio.Bitmap(CARD_W * TILES, CARD_H, 7)
        for card in range(52):
            self._face(bmp, card, glyphs)
        self._back(bmp, BACK * CARD_W)
        _unload_glyphs()
        self.bitmap = bmp
        self.normal = _pal(0xFFFFFF, 0x000000, 0xD01010, 0x404040)
        self.dim = _pal(0x8A8A8A, 0x2A2A2A, 0x6A1A1A, 0x303030)
        self.cursor = _pal(0xFFFFFF, 0x000000, 0xD01010, GOLD)
        self.dim_cursor = _pal(0x8A8A8A, 0x2A2A2A, 0x6A1A1A, GOLD)
        self.marked = _pal(0xA8D8FF, 0x000000, 0xD01010, 0x1C3F94)
        self.marked_cursor = _pal(0xA8D8FF, 0x000000, 0xD01010, GOLD)

    def _outline(self, bmp, x0, fill):
        for y in range(CARD_H):
            for x in range(CARD_W):
                edge = x == 0 or y == 0 or x == CARD_W - 1 or y == CARD_H - 1
                corner = (x in (0, CARD_W - 1)) and (y in (0, CARD_H - 1))
                if corner:
                    continue
                bmp[x0 + x, y] = 4 if edge else fill

    def _stamp(self, bmp, x0, y0, rows, value):
        for dy in range(len(rows)):
            row = rows[dy]
            for dx in range(len(row)):
                if row[dx] == "#":
                    bmp[x0 + dx, y0 + dy] = value

    def _face(self, bmp, card, glyphs):
        x0 = card * CARD_W
        suit, rank = card // 13, card % 13
        ink = 3 if suit in (1, 2) else 2
        self._outline(bmp, x0, 1)
        self._stamp(bmp, x0 + 2, 2, glyphs.RANKS[rank], ink)
        self._stamp(bmp, x0 + 2, 9, glyphs.CARD_SUITS[suit], ink)

    def _back(self, bmp, x0):
        self._outline(bmp, x0 // CARD_W * 0 + x0, 5)
        for y in range(2, CARD_H - 2):
            for x in range(2, CARD_W - 2):
                if (x + y) % 3 == 0:
                    bmp[x0 + x, y] = 6

    def tile(self, x=0, y=0, card=BLANK):
        return displayio.TileGrid(self.bitmap, pixel_shader=self.normal, width=1, height=1,
                                  tile_width=CARD_W, tile_height=CARD_H,
                                  default_tile=card, x=x, y=y)


class SuitFont:
    # terminalio.FONT plus four suit glyphs at their Unicode code points.

    def __init__(self, base=None):
        self.base = base or terminalio.FONT
        w, h = self.base.get_bounding_box()[:2]
        ref = self.base.get_glyph(ord("A"))
        from ui import glyphs
        self._suits = {}
        for s in range(4):
            bmp = displayio.Bitmap(w, h, 2)
            rows = glyphs.TEXT_SUITS[s]
            top = max(0, (h - len(rows)) // 2 - 1)
            for dy in range(len(rows)):
                for dx in range(len(rows[dy])):
                    if rows[dy][dx] == "#":
                        bmp[dx, top + dy] = 1
            self._suits[ord(SUIT_CHARS[s])] = _Glyph(
                bmp, 0, w, h, ref.dx, ref.dy, w, 0)
        _unload_glyphs()

    def get_bounding_box(self):
        return self.base.get_bounding_box()

    def get_glyph(self, codepoint):
        g = self._suits.get(codepoint)
        return g if g is not None else self.base.get_glyph(codepoint)


def _unload_glyphs():
    from engine.ondemand import forget
    forget("ui.glyphs")


_font = None


def font():
    global _font
    if _font is None:
        _font = SuitFont()
    return _font


def line_height():
    return font().get_bounding_box()[1]


def char_width():
    return font().get_bounding_box()[0]


def label(text="", x=0, y=0, color=INK, right=False, center=False):
    # A text label whose (x, y) is its top-left (top-right if right, top-centre if center).
    ax = 1.0 if right else (0.5 if center else 0.0)
    return bitmap_label.Label(font(), text=text, color=color, anchor_point=(ax, 0.0),
                              anchored_position=(x, y), line_spacing=1.0)


def set_text(lbl, text):
    # Change a label only when its text really changed (no redraw otherwise).
    if lbl.text != text:
        lbl.text = text
        return True
    return False


def set_color(lbl, color):
    if lbl.color != color:
        lbl.color = color


def rect(x, y, w, h, color):
    p = displayio.Palette(1)
    p[0] = color
    return vectorio.Rectangle(pixel_shader=p, width=max(1, w), height=max(1, h), x=x, y=y)


def count_objects(group):
    # Display objects in a group tree (groups, tile grids, shapes), for the report.
    n = 1
    if isinstance(group, displayio.Group):
        for child in group:
            n += count_objects(child)
    return n
