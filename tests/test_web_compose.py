"""The page's displayio (web/py/) and compositor (web/compose.js) against
Blinka's displayio, the desktop's, for one Group tree with what the app's
screens use and its edges: nested groups moved and scaled, hidden layers,
tile grids cut from several rows of a bitmap with a transparent colour and
a value past the palette's end, rectangles (in a scaled group too), layers
partly or wholly off the screen, a colour set after the layer was added.
The tree is built by the same code in both; the page's side runs in the
suite's MicroPython VM and node, the desktop's in Blinka: the pixels must
be the same."""
import json
import os
import subprocess

from tools.runners import mpvm

ROOT = mpvm.ROOT
W, H = 64, 48

TREE = """
import displayio
import vectorio

W, H = SIZE


def tree():
    bmp = displayio.Bitmap(12, 8, 5)
    for y in range(8):
        for x in range(12):
            bmp[x, y] = (x * 3 + y * 5) % 5
    pal = displayio.Palette(4)            # value 4 is past its end: nothing drawn
    pal[0] = 0x102030
    pal[1] = 0xFFD23F
    pal[2] = (200, 10, 90)
    pal[3] = 0x0B5D2A
    pal.make_transparent(0)
    fill = displayio.Palette(1)
    fill[0] = 0x1F7A44
    root = displayio.Group()
    root.append(vectorio.Rectangle(pixel_shader=fill, width=W, height=H, x=0, y=0))
    g = displayio.Group(x=5, y=3)
    t = displayio.TileGrid(bmp, pixel_shader=pal, width=3, height=2, tile_width=4,
                           tile_height=4, default_tile=1, x=-2, y=1)
    t[0] = 5
    t[2, 1] = 3
    g.append(t)
    s = displayio.Group(scale=2, x=20, y=10)
    inner = displayio.Group(scale=2, x=3, y=2)
    inner.append(displayio.TileGrid(bmp, pixel_shader=pal, width=1, height=1,
                                    tile_width=4, tile_height=4, default_tile=4))
    s.append(inner)
    edge = displayio.Palette(1)
    s.append(vectorio.Rectangle(pixel_shader=edge, width=7, height=3, x=9, y=14))
    edge[0] = 0xFF8A80                     # set after the shape was made
    off = displayio.TileGrid(bmp, pixel_shader=pal, x=58, y=44)
    s.append(off)
    g.append(s)
    gone = displayio.Group()
    gone.append(vectorio.Rectangle(pixel_shader=edge, width=30, height=30))
    gone.hidden = True
    g.append(gone)
    hid = displayio.TileGrid(bmp, pixel_shader=pal, x=0, y=0)
    hid.hidden = True
    g.append(hid)
    root.append(g)
    return root
""".replace("SIZE", "%d, %d" % (W, H))


def blinka_frame():
    import displayio
    from hal import desktop
    displayio.release_displays()
    ns = {}
    exec(TREE, ns)
    d = desktop._make_display(W, H, 1, True)
    d.root_group = ns["tree"]()
    d.refresh()
    import pygame
    raw = pygame.image.tostring(d._pygame_screen, "RGB")
    displayio.release_displays()
    return raw


def page_frame(tmp_path):
    out, _ = mpvm.run("import sys\nsys.path.append('/web/py')\n" + TREE + """
import json
import displayio
sent, fresh = {}, {}
layers = displayio.scene(tree(), sent, fresh)
print("SCENE " + json.dumps({"b": [[k, fresh[k]] for k in fresh], "l": layers}))
""", heap=1024 * 1024, dirs=("web/py",), timeout=120)
    scene = out.split("SCENE ", 1)[1].splitlines()[0]
    (tmp_path / "scene.json").write_text(scene)
    js = ("import fs from 'node:fs';"
          "import { Frame } from '%s';"
          "const f = new Frame(%d, %d);"
          "const px = f.paint(JSON.parse(fs.readFileSync('%s', 'utf8')));"
          "const rgb = [];"
          "for (let i = 0; i < px.length; i += 4) rgb.push(px[i], px[i+1], px[i+2]);"
          "process.stdout.write(Buffer.from(rgb).toString('hex'));") % (
              os.path.join(ROOT, "web", "compose.js"), W, H, tmp_path / "scene.json")
    p = subprocess.run([mpvm.node_path(), "--input-type=module", "-e", js],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    return bytes.fromhex(p.stdout), json.loads(scene)


def test_the_page_composes_a_tree_as_blinka_draws_it(tmp_path):
    want = blinka_frame()
    got, scene = page_frame(tmp_path)
    assert len(got) == len(want) == W * H * 3
    diff = [(i // 3 % W, i // 3 // W) for i in range(0, len(got), 3)
            if got[i:i + 3] != want[i:i + 3]]
    assert diff == [], "%d pixels differ, first at %s" % (len(diff), diff[:5])
    assert len(scene["l"]) == 5          # the hidden ones are not sent
