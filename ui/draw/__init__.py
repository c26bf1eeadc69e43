# The displayio layer. This package's own part: the drawing helpers every
# view shares (colours, the card sprite sheet, text and rectangles). Its
# modules: view.py shows the top screen in the view of its kind, table.py and
# lists.py are those views, places.py where a table's parts go, glyphs.py the
# pixel art, motion.py cards in motion.
#
# Text is drawn the way CircuitPython's own terminal draws it: a TileGrid
# over a sheet of 6x12 character cells (the board's built-in font, copied
# once, plus four suit symbols), one tile per character. A line of text then
# costs its TileGrid and a byte per cell, and no Python label library.
#
# This package is the only one that imports displayio (places.py and
# motion.py need none of it).

import displayio
import vectorio

from ui.fmt import LEAD, SUIT_CHARS

CARD_W = 12
CARD_H = 18    # two tiles of the card sheet: the rank above, the suit below
BACK = 52      # a face-down card
BLANK = 53     # no card
# the card sheet's 12x9 tiles: rank tops in black (0-12) and red (13-25), suit
# bottoms (26-29), the back's top and bottom (30, 31), blank (32)
RED_TOP, SUIT_BOTTOM, BACK_TOP, BLANK_TILE, CARD_TILES = 13, 26, 30, 32, 33

TABLE = 0x0B5D2A
INK = 0xFFFFFF
DIM = 0x9FC9A8
GOLD = 0xFFD23F
ALERT = 0xFF8A80
HILITE = 0x1F7A44

CW = 6         # a character cell: the built-in font's 6x12
LH = 12
LEFT, CENTER, RIGHT = 0, 1, 2
# the font sheet's tiles: ASCII 32..126 first, then the suits (ui.fmt.SUIT_CHARS)
# and the lead mark (ui.fmt.LEAD)
ASCII = 95
UNKNOWN = ord("?") - 32
SUIT_CODES = tuple([ord(c) for c in SUIT_CHARS + (LEAD,)])


# A card's look (Cards.palette) is the sum of what applies: LOOK_CURSOR (its
# border gold: the cursor, a trick's winner) and LOOK_DIM (not playable) or
# LOOK_MARKED (blue: drawn or received); 0 is the plain card.
LOOK_CURSOR, LOOK_DIM, LOOK_MARKED = 1, 2, 4


class Cards:
    # The card sheet (one bitmap for every card: a card is its rank's top tile
    # over its suit's bottom tile) and the palettes a card is shown with.

    def __init__(self):
        from ui.draw import glyphs       # the pixel art and colours: needed only while drawing
        self.bitmap = glyphs.card_sheet(
            displayio.Bitmap(CARD_W * CARD_TILES, CARD_H // 2, 7), CARD_W)
        self.palettes = glyphs.card_palettes(False, GOLD, LOOK_CURSOR, LOOK_DIM, LOOK_MARKED)
        _forget("ui.draw.glyphs")
        self.four = None      # the four-colour deck's palettes for clubs and diamonds

    def deck(self, four):
        # Two colours, or four (Settings: Deck): clubs and diamonds get
        # palettes of their own, made once and kept while it is chosen.
        if not four:
            self.four = None
        elif self.four is None:
            from ui.draw import glyphs
            self.four = glyphs.card_palettes(True, GOLD, LOOK_CURSOR, LOOK_DIM, LOOK_MARKED)
            _forget("ui.draw.glyphs")

    def palette(self, card, look):
        # The palette card (0-51, BACK or BLANK) is shown with in look.
        four = self.four                            # (for clubs and diamonds: suits 0, 1)
        return (four if four is not None and card < 2 * 13 else self.palettes)[look]

    def tile(self, x=0, y=0):
        # A card's place on screen, blank until put() shows a card there.
        return displayio.TileGrid(self.bitmap, pixel_shader=self.palette(BLANK, 0), width=1,
                                  height=2, tile_width=CARD_W, tile_height=CARD_H // 2,
                                  default_tile=BLANK_TILE, x=x, y=y)

    def put(self, tile, card):
        # Show card (0-51, BACK or BLANK) in tile.
        if card == BACK:
            top, bottom = BACK_TOP, BACK_TOP + 1
        elif card == BLANK:
            top = bottom = BLANK_TILE
        else:
            suit = card // 13
            top = card % 13 + (RED_TOP if suit in (1, 2) else 0)
            bottom = SUIT_BOTTOM + suit
        if tile[0] != top or tile[1] != bottom:
            tile[0] = top
            tile[1] = bottom


def card_at(tile):
    # The card a tile shows: 0-51, BACK or BLANK (read from its tiles).
    top, bottom = tile[0], tile[1]
    if top == BACK_TOP:
        return BACK
    if top >= BACK_TOP or not SUIT_BOTTOM <= bottom < BACK_TOP:
        return BLANK
    return (bottom - SUIT_BOTTOM) * 13 + top % 13


def _forget(name):
    from engine.ondemand import forget
    forget(name)


_sheet = None
_palettes = {}      # colour -> the two-colour palette every text of that colour shares
_fills = {}         # colour -> the one-colour palette of rectangles


def font_sheet():
    # The character cells, drawn on first use (ui.draw.glyphs copies the built-in font).
    global _sheet
    if _sheet is None:
        from ui.draw import glyphs
        _sheet = glyphs.font_sheet(displayio.Bitmap(CW * (ASCII + len(SUIT_CODES)), LH, 2),
                                   CW, LH)
        _forget("ui.draw.glyphs")
    return _sheet


def palette(color):
    p = _palettes.get(color)
    if p is None:
        p = displayio.Palette(2)
        p.make_transparent(0)
        p[1] = color
        _palettes[color] = p
    return p


def tile_of(ch):
    # The font sheet's tile for a character ('?' for one it lacks).
    code = ord(ch)
    if 32 <= code < 127:
        return code - 32
    if code in SUIT_CODES:
        return ASCII + SUIT_CODES.index(code)
    return UNKNOWN


class Text(displayio.TileGrid):
    # Text in a box of cols x rows character cells whose anchor (x, y) is its
    # top-left, top-centre or top-right (align); each line is aligned on its
    # own, the widest exactly at the anchor. What does not fit is cut.

    def __init__(self, cols, x=0, y=0, color=INK, align=LEFT, rows=1):
        super().__init__(font_sheet(), pixel_shader=palette(color), width=cols, height=rows,
                         tile_width=CW, tile_height=LH, default_tile=0, x=x, y=y)
        self.cols, self.rows = cols, rows
        self.anchor_x = x
        self.align = align
        self.color = color
        self.text = ""
        self.span = (0, 0)      # the cells the widest line takes: first, count

    def set(self, text):
        # Show text; False when it is already shown (nothing redrawn).
        if text == self.text:
            return False
        self.text = text
        cols, align = self.cols, self.align
        lines = text.split("\n")[:self.rows] if text else []
        w = 0
        for line in lines:
            w = max(w, min(len(line), cols))
        # the widest line's first cell (the box keeps inside its cells, so the
        # grid never reaches past the anchor's side of the screen)
        first = 0 if align == LEFT else (cols - w if align == RIGHT else (cols - w) // 2)
        self.span = (first, w)
        for r in range(self.rows):
            line = lines[r] if r < len(lines) else ""
            n = min(len(line), cols)
            pad = first + (0 if align == LEFT else (w - n if align == RIGHT else (w - n) // 2))
            base = r * cols
            for c in range(cols):
                k = c - pad
                t = tile_of(line[k]) if 0 <= k < n else 0
                if self[base + c] != t:
                    self[base + c] = t
        self._place()
        return True

    def move(self, x, y):
        # A new anchor: the grid moves, its tiles stay as they are.
        self.anchor_x = x
        if self.y != y:
            self.y = y
        self._place()

    def _place(self):
        # The grid's x for its anchor, alignment and widest line.
        first, w = self.span
        x = self.anchor_x
        if self.align == CENTER:
            x -= first * CW + w * CW // 2
        elif self.align == RIGHT:
            x -= self.cols * CW
        if self.x != x:
            self.x = x

    def recolor(self, color):
        if self.color != color:
            self.color = color
            self.pixel_shader = palette(color)

    def box(self):
        # (x0, y0, x1, y1) of the text on screen, relative to its group
        first, w = self.span
        n = min(len(self.text.split("\n")), self.rows) if self.text else 0
        x0 = self.x + first * CW
        return (x0, self.y, x0 + w * CW, self.y + n * LH)


def rect(x, y, w, h, color):
    p = _fills.get(color)
    if p is None:
        p = _fills[color] = displayio.Palette(1)
        p[0] = color
    return vectorio.Rectangle(pixel_shader=p, width=max(1, w), height=max(1, h), x=x, y=y)


def count_objects(group):
    # Display objects in a group tree (groups, tile grids, shapes), for the report.
    n = 1
    if isinstance(group, displayio.Group):
        for child in group:
            n += count_objects(child)
    return n
