// The page's compositor: paints the display's layers (web/py/displayio.py's
// scene(): back to front, in screen pixels) into an RGBA frame. Colours go
// through the panel's 16 bits (5 red, 6 green, 5 blue) and back to 8 bits a
// channel, as the desktop's display shows them: the page's frame is the
// desktop's, pixel for pixel.

export function to565(c) {
  // a 0xRRGGBB colour as the panel shows it: [r, g, b]
  const r5 = c >> 19, g6 = (c >> 10) & 63, b5 = (c >> 3) & 31;
  return [Math.floor(r5 * 255 / 31), Math.floor(g6 * 255 / 63), Math.floor(b5 * 255 / 31)];
}

export class Frame {
  constructor(width, height) {
    this.width = width;
    this.height = height;
    this.rgba = new Uint8ClampedArray(width * height * 4);
    this.bitmaps = new Map();   // id -> {w, h, v: Uint8Array}
    this.colours = new Map();   // 0xRRGGBB -> packed [r, g, b]
  }

  bitmap(id, enc) {
    const [w, h, hex] = enc;
    const v = new Uint8Array(w * h);
    for (let i = 0; i < v.length; i++) v[i] = parseInt(hex.substr(2 * i, 2), 16);
    this.bitmaps.set(Number(id), { w, h, v });
  }

  rgb(c) {
    let p = this.colours.get(c);
    if (p === undefined) { p = to565(c); this.colours.set(c, p); }
    return p;
  }

  // scene: {b: [[bitmap id, [w, h, hex]], ...] (new or changed), l: [layer, ...]}
  paint(scene) {
    for (const [id, enc] of scene.b) this.bitmap(id, enc);
    this.rgba.fill(0);
    for (let i = 3; i < this.rgba.length; i += 4) this.rgba[i] = 255;
    for (const l of scene.l) {
      if (l[0] === 1) this.grid(l); else this.rect(l);
    }
    return this.rgba;
  }

  put(x0, y0, w, h, c) {
    // a w x h block of colour c (clipped to the screen)
    const W = this.width, H = this.height, px = this.rgba;
    const xa = Math.max(0, x0), xb = Math.min(W, x0 + w);
    const ya = Math.max(0, y0), yb = Math.min(H, y0 + h);
    for (let y = ya; y < yb; y++) {
      let o = (y * W + xa) * 4;
      for (let x = xa; x < xb; x++, o += 4) { px[o] = c[0]; px[o + 1] = c[1]; px[o + 2] = c[2]; }
    }
  }

  rect(l) {
    const [, x, y, w, h, colour] = l;
    if (colour >= 0) this.put(x, y, w, h, this.rgb(colour));
  }

  grid(l) {
    const [, x, y, s, id, tw, th, cols, rows, hex, pal] = l;
    const bmp = this.bitmaps.get(id);
    if (!bmp) throw new Error("no bitmap " + id);
    const shades = pal.map((c) => (c < 0 ? null : this.rgb(c)));
    const perRow = Math.floor(bmp.w / tw);
    const W = this.width, H = this.height;
    for (let gy = 0; gy < rows; gy++) {
      const ty0 = y + s * gy * th;
      if (ty0 >= H || ty0 + s * th <= 0) continue;
      for (let gx = 0; gx < cols; gx++) {
        const tx0 = x + s * gx * tw;
        if (tx0 >= W || tx0 + s * tw <= 0) continue;
        const k = 2 * (gy * cols + gx);
        const tile = parseInt(hex.substr(k, 2), 16);
        const sx = (tile % perRow) * tw, sy = Math.floor(tile / perRow) * th;
        for (let py = 0; py < th; py++) {
          const row = (sy + py) * bmp.w + sx;
          for (let px = 0; px < tw; px++) {
            const v = bmp.v[row + px];
            const c = v < shades.length ? shades[v] : null;
            if (c) this.put(tx0 + s * px, ty0 + s * py, s, s, c);
          }
        }
      }
    }
  }
}
