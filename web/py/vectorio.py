# vectorio for the web page: the one shape the UI draws, a rectangle filled
# with its palette's colour_index. Its size is in screen pixels (a group's
# scale moves it, and does not grow it), as on a board.
from displayio import _Layer


class Rectangle(_Layer):

    def __init__(self, *, pixel_shader, width, height, x=0, y=0, color_index=0):
        _Layer.__init__(self, x, y)
        if width < 1 or height < 1:
            raise ValueError("width and height must be >= 1")
        self.pixel_shader = pixel_shader
        self.width = width
        self.height = height
        self.color_index = color_index

    def _shape(self, x, y):
        return [2, x, y, self.width, self.height,
                self.pixel_shader.encoded()[self.color_index]]
