"""ui/draw/places.py: a table of 2 to 6 seats fits a board's screen (160x128)
and a wide one (240x135): the seats' labels and the trick's cards stay on the
screen and no two of them meet; any other number of seats is refused."""
import pytest

from ui import draw
from ui.draw import places
from ui.draw.table import SIDE_COLS

SCREENS = ((160, 128), (240, 135))
BLANK_ROWS = 2      # the font's 6x12 cells end in blank rows: two labels' cells may
                    # overlap by those (six seats' side labels under the top row)


def boxes(width, height, n):
    # [(what, x0, y0, x1, y1)]: each other seat's label as ui.draw.table makes
    # it (a side seat's 6 characters and 4 lines, a top seat's row shared by
    # 1-3 labels of 1-2 lines) and each seat's card in the trick
    lh = draw.LH
    sc, lift, hand_y, prompt_y, seat_y, seats, trick = places.layout(width, height, n, lh)
    cols = width // draw.CW
    tops = len([p for p in seats[1:] if p[0] == "top2"])
    out = []
    for i, (kind, x, y) in enumerate(seats[1:], 1):
        if kind in ("side", "side_r"):
            w = SIDE_COLS * draw.CW
            x0 = x if kind == "side" else x - w
            out.append(("seat %d" % i, x0, y, x0 + w, y + 4 * lh))
        else:
            w = (cols // (tops if kind == "top2" else 1)) * draw.CW
            rows = 2 if kind == "top2" else 1
            out.append(("seat %d" % i, x - w // 2, y, x + w // 2, y + rows * lh))
    for i, (x, y) in enumerate(trick):
        out.append(("card %d" % i, x, y, x + draw.CARD_W, y + draw.CARD_H))
    return out, seat_y


@pytest.mark.parametrize("width,height", SCREENS)
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_labels_and_trick_cards_stay_on_screen_and_apart(width, height, n):
    got, seat_y = boxes(width, height, n)
    assert len(got) == 2 * n - 1
    for what, x0, y0, x1, y1 in got:
        assert 0 <= x0 and x1 <= width and 0 <= y0, (what, x0, y0, x1, y1)
        if what.startswith("card"):
            assert y1 <= seat_y, (what, y1, seat_y)     # above the bottom seat's line
    meet = [(a[0], b[0]) for i, a in enumerate(got) for b in got[i + 1:]
            if a[1] < b[3] and b[1] < a[3] and a[2] < b[4] - BLANK_ROWS
            and b[2] < a[4] - BLANK_ROWS]
    assert meet == []


@pytest.mark.parametrize("width,height", SCREENS)
def test_six_seats_have_three_top_seats_and_their_own_places(width, height):
    seats = places.layout(width, height, 6, draw.LH)[5]
    assert [p[0] for p in seats[1:]] == ["side", "top2", "top2", "top2", "side_r"]
    assert len(set(places.layout(width, height, 6, draw.LH)[6])) == 6
    assert seats[:5] != places.layout(width, height, 5, draw.LH)[5]


@pytest.mark.parametrize("n", [0, 1, 7, 8])
def test_a_table_of_fewer_than_2_or_more_than_6_seats_is_refused(n):
    with pytest.raises(ValueError, match="2 to 6 players, not %d" % n):
        places.layout(160, 128, n, draw.LH)
