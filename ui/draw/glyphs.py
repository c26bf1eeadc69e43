# Pixel patterns for suits and card ranks, drawn for this project, and the
# code that stamps them into ui.draw's two bitmaps: the card sheet and the
# text's character cells (the board's built-in font copied, plus the suits);
# and the cards' colours, all of them: the palettes ui.draw.Cards shows them
# with.
#
# Plain strings ('#' = ink). terminalio on a board has no suit symbols, so
# every suit on screen (cards and text) comes from here. Needed only while
# ui.draw draws its bitmaps and palettes, then unloaded.

# 7x7 suits for card faces, index = suit (0 clubs, 1 diamonds, 2 hearts, 3 spades)
CARD_SUITS = (
    ("..###..",
     "..###..",
     "##.#.##",
     "#######",
     "##.#.##",
     "...#...",
     "..###.."),
    ("...#...",
     "..###..",
     ".#####.",
     "#######",
     ".#####.",
     "..###..",
     "...#..."),
    (".##.##.",
     "#######",
     "#######",
     "#######",
     ".#####.",
     "..###..",
     "...#..."),
    ("...#...",
     "..###..",
     ".#####.",
     "#######",
     "#######",
     "...#...",
     "..###.."),
)

# 5x8 suits for the text font (and the lead mark, last): a 6-pixel-wide
# cell, as tall as its capitals (rows 2-9 of 12: font_sheet centres them).
# Each has a shape of its own at this size: the spade a point on top, then
# broader to a stem and foot; the club three lobes (top, left, right) parted
# by notches, over a stem and foot; the heart two bumps over a point; the
# diamond points above and below.
TEXT_SUITS = (
    ("..#..",
     ".###.",
     "..#..",
     "##.##",
     "#####",
     "##.##",
     "..#..",
     ".###."),
    (".....",
     "..#..",
     "..#..",
     ".###.",
     "#####",
     ".###.",
     "..#..",
     "..#.."),
    (".....",
     ".#.#.",
     "#####",
     "#####",
     "#####",
     ".###.",
     ".###.",
     "..#.."),
    ("..#..",
     "..#..",
     ".###.",
     ".###.",
     "#####",
     "#####",
     "..#..",
     ".###."),
    # then the lead mark (ui.fmt.LEAD): a small triangle pointing at the name
    # of the seat that led the trick
    ("#....",
     "##...",
     "###..",
     "####.",
     "###..",
     "##...",
     "#...."),
)

# 5x7 rank glyphs, index = rank (0 = '2' ... 8 = '10' ... 12 = 'A')
RANKS = (
    (".###.", "#...#", "....#", "..##.", ".#...", "#....", "#####"),  # 2
    ("####.", "....#", "....#", ".###.", "....#", "....#", "####."),  # 3
    ("...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."),  # 4
    ("#####", "#....", "####.", "....#", "....#", "#...#", ".###."),  # 5
    (".###.", "#....", "#....", "####.", "#...#", "#...#", ".###."),  # 6
    ("#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."),  # 7
    (".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."),  # 8
    (".###.", "#...#", "#...#", ".####", "....#", "....#", ".###."),  # 9
    ("#.###", "#.#.#", "#.#.#", "#.#.#", "#.#.#", "#.#.#", "#.###"),  # 10
    ("..###", "...#.", "...#.", "...#.", "...#.", "#..#.", ".##.."),  # J
    (".###.", "#...#", "#...#", "#...#", "#.#.#", "#..#.", ".##.#"),  # Q
    ("#...#", "#..#.", "#.#..", "##...", "#.#..", "#..#.", "#...#"),  # K
    ("..#..", ".#.#.", "#...#", "#...#", "#####", "#...#", "#...#"),  # A
)


def _stamp(bmp, x0, y0, rows, value):
    for dy in range(len(rows)):
        row = rows[dy]
        for dx in range(len(row)):
            if row[dx] == "#":
                bmp[x0 + dx, y0 + dy] = value


def _outline(bmp, x0, y0, w, h, fill, top):
    # half a card (top or bottom): its rounded border (4) around fill
    last = h - 1
    for y in range(h):
        for x in range(w):
            edge_y = y == 0 if top else y == last
            if (x in (0, w - 1)) and edge_y:
                continue                      # the rounded corner
            edge = x == 0 or x == w - 1 or edge_y
            bmp[x0 + x, y0 + y] = 4 if edge else fill


def card_sheet(bmp, w):
    # The tiles of ui.draw.Cards: rank tops in black ink (2) then red ink (3),
    # suit bottoms, the back's top and bottom, a blank. Colours (palette
    # indexes): 1 face, 2 black, 3 red, 4 border, 5 and 6 the back.
    h = bmp.height
    for ink in (2, 3):
        for rank in range(13):
            x0 = (rank + (13 if ink == 3 else 0)) * w
            _outline(bmp, x0, 0, w, h, 1, True)
            _stamp(bmp, x0 + 2, 2, RANKS[rank], ink)
    for suit in range(4):
        x0 = (26 + suit) * w
        _outline(bmp, x0, 0, w, h, 1, False)
        _stamp(bmp, x0 + 2, 0, CARD_SUITS[suit], 3 if suit in (1, 2) else 2)
    for half in (0, 1):
        x0 = (30 + half) * w
        _outline(bmp, x0, 0, w, h, 5, half == 0)
        for y in range(h):
            for x in range(2, w - 2):
                if 2 <= y + h * half <= 2 * h - 3 and (x + y + h * half) % 3 == 0:
                    bmp[x0 + x, y] = 6
    return bmp


def card_palettes(four, gold, cursor, dim, marked):
    # The palettes of ui.draw.Cards, one per look (the sum of cursor, dim or
    # marked as ui.draw numbers them, 0-5; the cursor's border gold), for the
    # two-colour deck or the four-colour one's clubs and diamonds (green and
    # blue for black and red). Indexes (card_sheet): 0 transparent, 1 the
    # face, 2 the black ink (clubs, spades), 3 the red ink (diamonds, hearts),
    # 4 the border, 5 and 6 the back's blues. A dim card has darker inks.
    import displayio
    inks = ((0x000000, 0xD01010, 0x2A2A2A, 0x6A1A1A),
            (0x007A1E, 0x1048D0, 0x1E4A26, 0x1A2A6A))[1 if four else 0]
    out = []
    for look in range(marked + cursor + 1):
        kind = look // dim                          # 0 plain, 1 dim, 2 marked
        p = displayio.Palette(7)
        p[1] = (0xFFFFFF, 0x8A8A8A, 0xA8D8FF)[kind]
        p[2], p[3] = inks[2 if kind == 1 else 0], inks[3 if kind == 1 else 1]
        p[4] = gold if look & cursor else (0x404040, 0x303030, 0x1C3F94)[kind]
        p[5], p[6] = 0x1C3F94, 0x6C8CD5
        p.make_transparent(0)
        out.append(p)
    return out


def font_sheet(bmp, cw, lh):
    # Cells 0..94 ASCII 32..126 from the built-in font (terminalio.FONT), 95..98
    # the suits (clubs, diamonds, hearts, spades), 99 the lead mark, ink 1 on 0.
    import bitmaptools
    import terminalio
    font = terminalio.FONT
    for i in range(95):
        g = font.get_glyph(32 + i)
        if g is None:
            continue
        src = g.bitmap
        per_row = max(1, src.width // cw)
        sx, sy = (g.tile_index % per_row) * cw, (g.tile_index // per_row) * lh
        bitmaptools.blit(bmp, src, i * cw, 0, x1=sx, y1=sy, x2=sx + cw, y2=sy + lh)
    for s in range(len(TEXT_SUITS)):
        rows = TEXT_SUITS[s]
        _stamp(bmp, (95 + s) * cw, (lh - len(rows)) // 2, rows, 1)
    return bmp
