"""The device bundle: a complete, small CIRCUITPY drive image, and deploying it."""
import os
import shutil
import subprocess
import sys
import zipfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import bundle  # noqa: E402


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("dist")
    path = bundle.build(str(out))
    return path, bundle.read_zip(path)


def _repo_device_sources():
    """Every device source file in the repo that must land on the drive."""
    found = []
    for name in ("code.py", "boot.py"):
        if os.path.isfile(os.path.join(ROOT, name)):
            found.append(name)
    for top in ("engine", "ui", "lib"):
        for d, dirs, files in os.walk(os.path.join(ROOT, top)):
            dirs[:] = [x for x in dirs if x != "__pycache__"]
            for f in files:
                if f.endswith(".py") and "desktop" not in f:
                    found.append(os.path.relpath(os.path.join(d, f), ROOT).replace(os.sep, "/"))
    return found


def test_bundle_is_named_after_the_one_version(built):
    path, _ = built
    from_file = {}
    exec(open(os.path.join(ROOT, "ui", "version.py")).read(), from_file)
    assert os.path.basename(path) == "pocket-tricks-%s.zip" % from_file["VERSION"]


def test_bundle_holds_every_device_file_and_nothing_else(built):
    _, entries = built
    for rel in _repo_device_sources():
        assert rel in entries, rel
    assert "engine/__init__.py" in entries
    for p in entries:
        assert not p.startswith(("tests/", "tools/", "dist/", "docs/", ".venv/", "node_modules/")), p
        assert "__pycache__" not in p and not p.endswith(".pyc"), p
        assert not os.path.basename(p).startswith("desktop"), p
    assert bundle.is_desktop_only("lib/hal/desktop.py") and bundle.is_desktop_only("ui/pygame_view.py")
    assert not bundle.is_desktop_only("lib/hal/pygamer.py")
    if os.path.isfile(os.path.join(ROOT, "lib", "hal", "desktop.py")):
        assert "lib/hal/desktop.py" not in entries


def test_every_import_resolves_on_the_device(built):
    _, entries = built
    assert bundle.check_entries(entries) == []


def test_adafruit_libraries_the_ui_uses_are_bundled(built):
    _, entries = built
    wanted = set()
    for p, data in entries.items():
        if p.endswith(".py") and not p.startswith("lib/adafruit_"):
            for mod, _opt in bundle.imports_of(data.decode("utf-8"), p):
                if mod.startswith("adafruit_") and not _opt:
                    wanted.add(mod.split(".")[0])
    for top in wanted:
        assert "lib/%s.py" % top in entries or "lib/%s/__init__.py" % top in entries, top


def test_every_game_module_is_in_the_bundle(built):
    _, entries = built
    sys.path.insert(0, ROOT)
    try:
        from engine import games
    except ImportError:
        pytest.skip("engine.games not landed yet")
    ids = getattr(games, "IDS", None) or getattr(games, "GAMES", None)
    assert ids, "engine.games lists no ids"
    landed = [g for g in ids if os.path.isfile(os.path.join(ROOT, "engine", "%s.py" % g))]
    assert landed, "no game module found for %r" % (ids,)
    for gid in landed:  # loaded by name at run time, so no import names them
        assert "engine/%s.py" % gid in entries, gid


def test_bundle_fits_a_2mb_drive_with_room_to_spare(built):
    _, entries = built
    used = bundle.drive_usage(entries)
    assert 0 < used <= bundle.BUDGET_BYTES < bundle.DRIVE_BYTES
    print("bundle uses %d KB of the 2048 KB drive" % (used // 1024))


def test_build_is_reproducible(built, tmp_path):
    path, _ = built
    again = bundle.build(str(tmp_path))
    assert open(path, "rb").read() == open(again, "rb").read()


def test_checker_catches_missing_and_desktop_imports():
    entries = {
        "code.py": b"import ui.app\nimport board\n",
        "ui/__init__.py": b"",
        "ui/app.py": b"from . import table\nimport pygame\ntry:\n    import typing\nexcept ImportError:\n    pass\n",
        "lib/hal/desktop.py": b"",
        "tests/test_x.py": b"",
    }
    problems = bundle.check_entries(entries)
    text = "\n".join(problems)
    assert "ui/app.py: imports ui.table" in text        # relative import, file missing
    assert "imports pygame" in text                      # not built in, not bundled
    assert "typing" not in text                          # guarded import is optional
    assert "board" not in text                           # CircuitPython built-in
    assert "lib/hal/desktop.py: desktop-only" in text
    assert "tests/test_x.py: does not belong" in text
    entries["ui/table.py"] = b""
    assert "ui.table" not in "\n".join(bundle.check_entries(entries))


def test_lib_folder_is_on_the_device_path():
    entries = {"code.py": b"import hal\nfrom hal import keys\n",
               "lib/hal/__init__.py": b"", "lib/hal/keys.py": b""}
    assert bundle.check_entries(entries) == []


def _deploy(path, drive, *flags):
    return bundle.deploy(path, str(drive), *flags)


def test_deploy_refuses_a_folder_that_is_not_a_drive(built, tmp_path):
    path, _ = built
    with pytest.raises(SystemExit):
        _deploy(path, tmp_path)
    assert os.listdir(str(tmp_path)) == []


def test_deploy_copies_the_image_then_only_changes(built, tmp_path):
    path, entries = built
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1 on PyBadge\n")
    (drive / "saves").mkdir()
    (drive / "saves" / "game.json").write_text("{}")
    (drive / "ui").mkdir()
    (drive / "ui" / "stale_screen.py").write_text("x = 1\n")
    written, removed = _deploy(path, drive)
    assert written == len(entries) and removed == 0
    for p, data in entries.items():
        assert (drive / p).read_bytes() == data, p
    written, removed = _deploy(path, drive, False, True)
    assert written == 0 and removed == 1
    assert not (drive / "ui" / "stale_screen.py").exists()
    assert (drive / "saves" / "game.json").read_text() == "{}"


def _make_has(target):
    mk = os.path.join(ROOT, "Makefile")
    return os.path.isfile(mk) and ("\n%s:" % target) in open(mk).read() and shutil.which("make")


@pytest.mark.skipif(not _make_has("deploy"), reason="Makefile deploy target not there yet")
def test_make_deploy_fills_a_drive(tmp_path):
    drive = tmp_path / "drive"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython\n")
    r = subprocess.run(["make", "-s", "deploy", "CIRCUITPY=%s" % drive, "DIST=%s" % (tmp_path / "dist")],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert (drive / "code.py").is_file() or not os.path.isfile(os.path.join(ROOT, "code.py"))
    assert (drive / "engine" / "__init__.py").is_file()
    zips = os.listdir(str(tmp_path / "dist"))
    assert len(zips) == 1 and zips[0].startswith("pocket-tricks-")
    with zipfile.ZipFile(str(tmp_path / "dist" / zips[0])) as z:
        assert all((drive / n).is_file() for n in z.namelist())
