"""No data file sits in a folder named like a package.

CircuitPython takes a folder on the drive as a namespace package, and the
drive comes before the frozen modules on sys.path: a folder ui/rules/ holding
text files on CIRCUITPY made a firmware with ui frozen in fail with
"no module named 'ui.screens.common'". So whatever the program reads at run time (the
rules texts, the tips) lives in folders that are no package's name, and the
same code runs from source, from .mpy and frozen.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from tools.release import bundle
from tools.runners import circuitpy

CODE = (".py", ".mpy")


def package_names(paths):
    # every dotted package the device code forms, as drive folders
    # ("ui", "engine", "hal" from lib/hal, and their subpackages)
    out = set()
    for rel in paths:
        if rel.endswith(CODE) and "/" in rel:
            folder = rel.rsplit("/", 1)[0]
            if folder.startswith("lib/"):
                folder = folder[4:]
            if folder != "lib":
                out.add(folder)
    return out


def data_files(paths):
    return [p for p in paths if not p.endswith(CODE) and "/" in p]


def misplaced(paths):
    packages = package_names(paths)
    bad = []
    for rel in data_files(paths):
        folder = rel.rsplit("/", 1)[0]
        parts = (folder[4:] if folder.startswith("lib/") else folder).split("/")
        if any("/".join(parts[:i]) in packages for i in range(1, len(parts) + 1)):
            bad.append(rel)
    return bad


def test_the_check_finds_a_data_file_in_a_package_folder():
    assert misplaced(["ui/app.py", "ui/rules/nommie.txt", "rules/nines.txt"]) \
        == ["ui/rules/nommie.txt"]
    assert misplaced(["lib/hal/keys.py", "hal/notes.txt", "lib/hal/x.bin"]) \
        == ["hal/notes.txt", "lib/hal/x.bin"]
    assert misplaced(["ui/app.py", "rules/nines.txt", "settings.toml"]) == []


def test_no_data_file_on_the_drive_sits_in_a_package_folder():
    paths = [rel for rel, _src in bundle.project_files()]
    assert data_files(paths), "the drive should carry the rules texts"
    assert misplaced(paths) == []


def test_no_data_file_in_the_staged_device_tree_sits_in_a_package_folder():
    paths = [rel.replace(os.sep, "/") for rel, _src in circuitpy.device_files()]
    assert any(p.startswith("rules/") for p in paths)
    assert misplaced(paths) == []
