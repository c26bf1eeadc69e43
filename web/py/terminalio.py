# terminalio for the web page: FONT, the built-in 6x12 font, whose glyphs are
# the cells of one sheet (a glyph's bitmap is the sheet and its tile_index the
# cell, as on a board). The cells come from font.hex, which `make web` writes
# from the desktop's built-in font (tools/web/build.py): the page shows the
# letters the desktop and the board show.
import binascii

import displayio

FIRST, COUNT, CW, LH = 32, 95, 6, 12
FONT_FILE = "/font.hex"


class Glyph:
    def __init__(self, bitmap, tile_index):
        self.bitmap = bitmap
        self.tile_index = tile_index
        self.width, self.height = CW, LH
        self.dx = self.dy = self.shift_y = 0
        self.shift_x = CW


class _Font:
    def __init__(self, path):
        self._path = path
        self._sheet = None

    def _load(self):
        sheet = displayio.Bitmap(CW * COUNT, LH, 2)
        with open(self._path) as f:
            data = binascii.unhexlify(f.read().strip())
        for i in range(len(data)):
            if data[i]:
                sheet[i] = 1
        self._sheet = sheet

    @property
    def bitmap(self):
        if self._sheet is None:
            self._load()
        return self._sheet

    def get_bounding_box(self):
        return (CW, LH)

    def get_glyph(self, codepoint):
        if not FIRST <= codepoint < FIRST + COUNT:
            return None
        return Glyph(self.bitmap, codepoint - FIRST)


FONT = _Font(FONT_FILE)
