# Text made safe to print: what the text console does to a typed line and
# link play to every text from the network. Its own module: a game on the
# screen never needs it.


def clean(line):
    # The line without escape sequences (arrow keys: ESC [ A) and control
    # characters, which would move the cursor when echoed (line and paragraph
    # separators and text-direction overrides go too).
    out = []
    i = 0
    n = len(line)
    while i < n:
        o = ord(line[i])
        i += 1
        if o == 27:                       # ESC [ params final, ESC O x, or ESC x
            if i < n and line[i] in "[O":
                i += 1
                while i < n and not 64 <= ord(line[i]) <= 126:
                    i += 1
            i += 1
        elif o >= 32 and not 127 <= o <= 159 and not 0x200E <= o <= 0x200F \
                and not 0x2028 <= o <= 0x202E and not 0x2066 <= o <= 0x2069:
            out.append(line[i - 1])
    return "".join(out).strip()
