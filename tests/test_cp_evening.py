"""An evening on one power-on in CircuitPython's own interpreter (the 32-bit
unix port, not provided with the project: $POCKET_TRICKS_CIRCUITPYTHON names
it; without it these tests skip and say so): the five games twice over on one
app, each to game over and back to the title (tools/bench/evening_heap.py).
Back at the title the same modules are loaded after every game, and the live
heap after the tenth game is within 2 KB of the first's (names interned on
the way are never freed: that is the 2 KB)."""
import pytest

from tools.runners import circuitpy

WHY = circuitpy.available()
pytestmark = pytest.mark.skipif(WHY is not None, reason=WHY or "")


def test_ten_games_on_one_power_on_leave_the_title_as_the_first_did():
    from tools.bench import evening_heap
    f = evening_heap.figures(games=evening_heap.GAMES * 2)
    rows = f["after"]
    assert [r[0] for r in rows] == list(evening_heap.GAMES * 2)
    first, tenth = rows[0], rows[-1]
    assert set(r[2] for r in rows) == {first[2]}, rows          # the same modules each time
    assert tenth[1] - first[1] <= 2 * 1024, rows
