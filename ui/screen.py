# Screen logic: small objects driven by logical keys, with no displayio.
#
# A screen exposes plain fields that its view draws (kind "list" or "table").
# The App keeps a stack of screens; only the top one gets keys/ticks. The
# list screens' shared classes are in ui/list_screen.py, which leaves memory
# while only the table is up (ui/app.py).


def wrap(text, cols):
    # Split text into lines of at most cols characters (words kept whole when possible).
    out = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            while len(word) > cols:
                if line:
                    out.append(line)
                    line = ""
                out.append(word[:cols])
                word = word[cols:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= cols:
                line = line + " " + word
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


class Screen:
    kind = "list"
    keeps = ()          # modules its every page calls into: kept when its page turns (ui.app)
    # module: the module a screen loaded only for it comes from, and uses:
    # those its module brought in for it; both leave with it (ui.app)
    uses = ()

    def __init__(self):
        self.app = None

    def enter(self, app):
        self.app = app

    def exit(self):
        pass

    def resume(self):
        # Called when the screen above this one was popped.
        pass

    def key(self, k):
        pass

    def tick(self, now):
        # Do timed work; return ms until the next wanted tick, or None when idle.
        return None

    def busy(self):
        # True while timed work (bots, pauses) is pending: scripted input waits for it.
        return False
