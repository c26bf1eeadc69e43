# displayio for the web page (MicroPython in WebAssembly): the part of it the
# UI uses (Group, TileGrid, Bitmap, Palette), written for this project.
#
# Nothing is drawn here. The display (lib/hal/web.py) asks scene() for the
# tree as a flat list of visible layers, back to front, and the page's
# compositor (web/compose.js) paints them into the canvas: a JS loop over
# pixels is fast where a Python one in the page is not. The rules it paints
# by are the board's: a group's x, y and scale apply to what it holds, a
# tile grid's pixels are its bitmap's values through its palette (a
# transparent entry shows what is below), later layers cover earlier ones.
import binascii

_ids = [0]


def _new_id():
    _ids[0] += 1
    return _ids[0]


class Bitmap:
    # width x height values, one byte each (value_count at most 256).

    def __init__(self, width, height, value_count):
        if not 1 <= value_count <= 256:
            raise ValueError("value_count must be 1-256")
        self.width = width
        self.height = height
        self._data = bytearray(width * height)
        self.id = _new_id()
        self.version = 1         # bumped by every change: the page's copy is sent again

    def _index(self, i):
        if type(i) is tuple:
            x, y = i
            if not (0 <= x < self.width and 0 <= y < self.height):
                raise IndexError("pixel out of bounds")
            return y * self.width + x
        return i

    def __getitem__(self, i):
        return self._data[self._index(i)]

    def __setitem__(self, i, value):
        self._data[self._index(i)] = value
        self.version += 1

    def fill(self, value):
        d = self._data
        for i in range(len(d)):
            d[i] = value
        self.version += 1

    def encoded(self):
        # [width, height, the values as hex], for the page
        return [self.width, self.height, binascii.hexlify(self._data).decode()]


class Palette:
    # color_count colours (0xRRGGBB), each opaque or transparent.

    def __init__(self, color_count, *, dither=False):
        self._colors = [0] * color_count
        self._clear = [False] * color_count
        self._enc = None

    def __len__(self):
        return len(self._colors)

    def __getitem__(self, i):
        return self._colors[i]

    def __setitem__(self, i, color):
        if type(color) is not int:
            color = (color[0] & 255) << 16 | (color[1] & 255) << 8 | color[2] & 255
        if not 0 <= color <= 0xFFFFFF:
            raise ValueError("colour must be 0x000000-0xFFFFFF")
        self._colors[i] = color
        self._enc = None

    def make_transparent(self, i):
        self._clear[i] = True
        self._enc = None

    def make_opaque(self, i):
        self._clear[i] = False
        self._enc = None

    def is_transparent(self, i):
        return self._clear[i]

    def encoded(self):
        # the colours for the page, -1 for a transparent one
        if self._enc is None:
            self._enc = [-1 if self._clear[i] else self._colors[i]
                         for i in range(len(self._colors))]
        return self._enc


class _Layer:
    # What a group holds: a position in its group's pixels, hidden or not,
    # and at most one group at a time.
    _parent = None

    def __init__(self, x, y):
        self.x = x
        self.y = y
        self.hidden = False


class TileGrid(_Layer):
    # width x height tiles of tile_width x tile_height pixels cut from bitmap.

    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        _Layer.__init__(self, x, y)
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.width = width
        self.height = height
        self.tile_width = bitmap.width if tile_width is None else tile_width
        self.tile_height = bitmap.height if tile_height is None else tile_height
        if bitmap.width % self.tile_width or bitmap.height % self.tile_height:
            raise ValueError("tile size must divide the bitmap's")
        self._tiles = bytearray(width * height)
        if default_tile:
            for i in range(width * height):
                self._tiles[i] = default_tile
        self._hex = None

    def _index(self, i):
        if type(i) is tuple:
            return i[1] * self.width + i[0]
        return i

    def __getitem__(self, i):
        return self._tiles[self._index(i)]

    def __setitem__(self, i, tile):
        self._tiles[self._index(i)] = tile
        self._hex = None

    def tiles(self):
        # the tile numbers as hex, for the page (kept until a tile changes)
        if self._hex is None:
            self._hex = binascii.hexlify(self._tiles).decode()
        return self._hex


class Group(_Layer):
    # Layers drawn in order (the last on top), moved by x, y and scaled.

    def __init__(self, *, scale=1, x=0, y=0):
        _Layer.__init__(self, x, y)
        if scale < 1:
            raise ValueError("scale must be >= 1")
        self.scale = scale
        self._layers = []

    def _take(self, layer):
        if layer._parent is not None:
            raise ValueError("Layer already in a group")
        layer._parent = self

    def append(self, layer):
        self._take(layer)
        self._layers.append(layer)

    def insert(self, index, layer):
        self._take(layer)
        self._layers.insert(index, layer)

    def index(self, layer):
        return self._layers.index(layer)

    def remove(self, layer):
        self._layers.remove(layer)
        layer._parent = None

    def pop(self, i=-1):
        layer = self._layers.pop(i)
        layer._parent = None
        return layer

    def __len__(self):
        return len(self._layers)

    def __bool__(self):
        return True

    def __getitem__(self, i):
        return self._layers[i]

    def __setitem__(self, i, layer):
        self._take(layer)
        self._layers[i]._parent = None
        self._layers[i] = layer

    def __delitem__(self, i):
        self.pop(i)

    def __iter__(self):
        return iter(self._layers)

    def __contains__(self, layer):
        return layer in self._layers


def scene(root, sent, fresh):
    # The visible layers of root, back to front, in screen pixels:
    #   [1, x, y, scale, bitmap id, tile w, tile h, columns, rows, tiles, palette]
    #   [2, x, y, w, h, colour (-1: none)]    (a rectangle: vectorio's)
    # sent: {bitmap id: version} the page has; each bitmap it has not got as it
    # is now goes into fresh ({id: encoded}) and sent.
    out = []
    if root is not None and not root.hidden:
        _walk(root, root.x, root.y, root.scale, out, (sent, fresh))
    return out


def _walk(group, ox, oy, sc, out, bitmaps):
    for layer in group._layers:
        if layer.hidden:
            continue
        x, y = ox + sc * layer.x, oy + sc * layer.y
        if isinstance(layer, Group):
            _walk(layer, x, y, sc * layer.scale, out, bitmaps)
        elif isinstance(layer, TileGrid):
            b = layer.bitmap
            if bitmaps[0].get(b.id) != b.version:
                bitmaps[0][b.id] = b.version
                bitmaps[1][b.id] = b.encoded()
            out.append([1, x, y, sc, b.id, layer.tile_width, layer.tile_height, layer.width,
                        layer.height, layer.tiles(), layer.pixel_shader.encoded()])
        else:
            out.append(layer._shape(x, y))
