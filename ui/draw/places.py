# Where the table view's parts go on a screen of a given size: the hand
# along the bottom (twice the size from HAND_2X px wide), the prompt and the
# bottom seat's line above it, the other seats' labels and the trick's
# cards, for 2 to 6 seats. Pure numbers, worked out when ui/draw/table.py
# builds a table, then dropped (engine.ondemand.call): a game keeps none of
# this code in the heap.
from ui import draw
from ui.fmt import HAND_2X

CUT = 2             # a doubled hand's rows below the screen's edge (a card's last two)
LIFT = 4            # pixels a raised card (the cursor, a marked card) rises, clear of
                    # the prompt; 2 on a doubled hand (one of its pixels)


def layout(width, height, players, lh):
    # (the hand's scale: its pixels per card pixel, a raised card's rise in
    # its pixels, the hand's top, the prompt's, the bottom seat line's, the
    # other seats' places (seat_places), the trick's (trick_places)); a
    # table of 2 to 6 seats, else ValueError
    if not 2 <= players <= 6:
        raise ValueError("A table has places for 2 to 6 players, not %d." % players)
    sc = 2 if width >= HAND_2X else 1
    hand_y = height - (2 * (draw.CARD_H - CUT) if sc > 1 else draw.CARD_H + 1)
    prompt_y = hand_y - lh - LIFT // sc
    seat_y = prompt_y - lh
    top, bottom = 38 if players > 4 else 26, seat_y - 1
    return (sc, LIFT // sc // sc, hand_y, prompt_y, seat_y,
            seat_places(players, width, top, (top + bottom) // 2),
            trick_places(players, width // 2, top, bottom))


def seat_places(n, w, top, mid):
    # Per relative seat position (0 = bottom): (kind, x, y) of its label.
    # (three players: the top centre shows what a Nines swapper knows, two
    # lines; six: the side seats' four lines end clear of the bottom seat's)
    y = top + 12 if n == 3 else top - 4 if n == 6 else top
    left, right = ("side", 1, y), ("side_r", w - 1, y)
    if n == 2:
        return [None, ("top", w // 2, 12)]
    if n == 3:
        return [None, left, right]
    if n == 4:
        return [None, left, ("top", w // 2, 12), right]
    if n == 5:      # two top seats of two lines each (the trick area starts lower)
        return [None, left, ("top2", w // 4, 12), ("top2", 3 * w // 4, 12), right]
    # six: three such top seats, each a third of the screen wide
    return [None, left, ("top2", w // 6, 12), ("top2", w // 2, 12), ("top2", 5 * w // 6, 12),
            right]


def trick_places(n, cx, top, bottom):
    # Per relative seat position: top-left of its card in the trick (spread with the screen).
    cw, ch = draw.CARD_W, draw.CARD_H
    x = cx - cw // 2
    dx = max(28 if n > 4 else 20, cx // 4)
    mid = (top + bottom - ch) // 2
    south = (x, bottom - ch)
    north = (x, top)
    west = (x - dx, mid)
    east = (x + dx, mid)
    if n == 2:
        return [south, north]
    if n == 3:
        return [south, west, east]
    if n == 4:
        return [south, west, north, east]
    if n == 5:
        return [south, west, (x - dx // 2, top), (x + dx // 2, top), east]
    # six: the three top seats' cards in a row at the top, the side seats' beside
    # the bottom seat's (a row at the middle would meet the top row)
    return [south, (x - dx, bottom - ch), (x - dx, top), north, (x + dx, top),
            (x + dx, bottom - ch)]
