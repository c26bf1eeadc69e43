"""Shared pytest setup: the repo root is importable (engine, ui, tools) and
lib/ too (so `import hal` works as on the device); nothing opens a window or
a sound device."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Appended, not prepended: the repo root holds code.py, which must not shadow
# the standard library's `code` module (pdb imports it).
for _p in (ROOT, os.path.join(ROOT, "lib")):
    if _p not in sys.path:
        sys.path.append(_p)

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Link play's sockets stay on this machine in every test (hal/desktop_net.py).
os.environ["POCKET_TRICKS_LINK_LOCAL"] = "1"
