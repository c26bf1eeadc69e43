# Text from outside made safe to print and to tell apart: the one rule for a
# line typed at the text console, every text link play takes from the
# network or from link.json, the names in the settings and the command
# line's --name. Its own module: a game on the screen never needs it.

# Characters that are dropped, as (first, last) pairs: they show nothing, or
# change how the rest shows (a text of only these would be a name nobody sees).
_GONE = (
    0, 31, 127, 159,          # control characters (ESC's sequences go whole: clean)
    0xAD, 0xAD,               # soft hyphen
    0x34F, 0x34F,             # combining grapheme joiner
    0x61C, 0x61C,             # Arabic letter mark (a direction mark)
    0x115F, 0x1160,           # Hangul fillers
    0x17B4, 0x17B5,           # Khmer inherent vowels
    0x180B, 0x180F,           # Mongolian variation selectors, vowel separator
    0x200B, 0x200F,           # zero-width space, non-joiner, joiner; direction marks
    0x2028, 0x202E,           # line and paragraph separators; direction embeddings
    0x2060, 0x206F,           # word joiner, invisible operators, direction isolates
    0x3164, 0x3164,           # Hangul filler
    0xD800, 0xDFFF,           # surrogates: alone they are no character (CPython cannot encode one)
    0xE000, 0xF8FF,           # private use: no font shows them alike
    0xFE00, 0xFE0F,           # variation selectors
    0xFEFF, 0xFEFF,           # zero-width no-break space (a byte order mark)
    0xFFA0, 0xFFA0,           # halfwidth Hangul filler
    0xFFF0, 0xFFFB,           # interlinear annotation marks
    0xFFFE, 0xFFFF,           # not characters
    0x1BCA0, 0x1BCA3,         # shorthand format controls
    0x1D173, 0x1D17A,         # musical format controls
    0xE0000, 0xE0FFF,         # tags, variation selectors
    0xF0000, 0x10FFFF,        # private use
)
# Spaces of other widths (and the blank Braille cell): a plain space each.
_SPACES = (0xA0, 0xA0, 0x1680, 0x1680, 0x2000, 0x200A, 0x202F, 0x202F, 0x205F, 0x205F,
           0x2800, 0x2800, 0x3000, 0x3000)
# Combining marks: kept on a letter (at most MARKS in a row), dropped with nothing under them.
_MARKS = (0x300, 0x36F, 0x1AB0, 0x1AFF, 0x1DC0, 0x1DFF, 0x20D0, 0x20FF, 0xFE20, 0xFE2F)
MARKS = 2


def _in(o, ranges):
    for i in range(0, len(ranges), 2):
        if ranges[i] <= o <= ranges[i + 1]:
            return True
    return False


def clean(line):
    # The line printable: without escape sequences (arrow keys: ESC [ A),
    # control characters (which would move the cursor when echoed), lone
    # surrogates and what shows nothing (zero-width and direction characters,
    # fillers); other spaces are plain ones; no space at either end. The same
    # on CPython and CircuitPython (whose json gives "\ud800" as one character
    # too; an escaped pair, "\ud83d\ude00", is one character on CPython and two
    # halves, both dropped, on CircuitPython).
    out = []
    i = 0
    n = len(line)
    marks = -1                        # combining marks since the last letter (-1: no letter)
    while i < n:
        c = line[i]
        o = ord(c)
        i += 1
        if 32 <= o < 127:             # (most text)
            out.append(c)
            marks = -1 if o == 32 else 0
        elif o == 27:                 # ESC [ params final, ESC O x, ESC ] text BEL, or ESC x
            if i < n and line[i] == "]":      # (a window title, a colour: to BEL or ESC backslash)
                while i < n and line[i] not in "\x07\x1b":
                    i += 1
                if i < n and line[i] == "\x1b":
                    i += 1
            elif i < n and line[i] in "[O":
                i += 1
                while i < n and not 64 <= ord(line[i]) <= 126:
                    i += 1
            i += 1
        elif _in(o, _GONE):
            pass
        elif _in(o, _SPACES):
            out.append(" ")
            marks = -1
        elif _in(o, _MARKS):
            if 0 <= marks < MARKS:
                out.append(c)
                marks += 1
        else:
            out.append(c)
            marks = 0
    return "".join(out).strip()


def names(names):
    # The names setting (settings.json's, settings.toml's: ui.prefs) by this
    # rule, at most 12 characters each; one left with nothing is the built-in
    # name in its place.
    from engine.ondemand import call
    out = []
    for i in range(len(names)):
        out.append(clean(names[i][:24])[:12].strip() or call("ui.seating", "built_in", i))
    return out
