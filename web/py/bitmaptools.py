# bitmaptools for the web page: blit, the one function the UI uses (it copies
# the built-in font's cells into the text sheet once).


def blit(dest, source, x, y, *, x1=0, y1=0, x2=None, y2=None, skip_source_index=None,
         skip_dest_index=None):
    # source's rectangle x1,y1 - x2,y2 (x2, y2 excluded) into dest at x, y;
    # what falls outside dest is left out
    x2 = source.width if x2 is None else x2
    y2 = source.height if y2 is None else y2
    for sy in range(y1, y2):
        dy = y + sy - y1
        if not 0 <= dy < dest.height:
            continue
        for sx in range(x1, x2):
            dx = x + sx - x1
            if not 0 <= dx < dest.width:
                continue
            v = source[sx, sy]
            if v == skip_source_index or (skip_dest_index is not None and
                                          dest[dx, dy] == skip_dest_index):
                continue
            dest[dx, dy] = v
