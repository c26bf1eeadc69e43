# Link play's wire protocol, shared by the host and every joiner
# (docs/link-protocol.md documents it for other front ends). One JSON object
# per line over TCP: UTF-8, "\n" at the end, at most MAX_LINE bytes with it.
# Every message has "v" (VERSION) and "t" (its type). A line that is too
# long, not JSON, not an object, of another version or without a type is
# refused with a reason; the connection stays open (closed after MAX_REFUSED
# refusals among REFUSE_WINDOW lines). Only whole lines count as hearing
# from the other end: bytes without a newline, or blank lines, never keep a
# connection alive.
#
# Line wraps one connection (a hal.net Sock): send() queues a message and
# writes what the socket takes; poll() reads what has come and returns
# [(message or None, reason it was refused or None)].
import json

from engine.ondemand import call
from ui.fmt import shorten

VERSION = 1
MAX_LINE = 4096
TABLE_PORT = 5291          # TCP: the host's table
ANNOUNCE_PORT = 5290       # UDP: "table" announcements
PING_MS = 2500             # each end sends something at least this often
SILENT_MS = 9000           # nothing heard for this long: the other end is gone
MAX_OUT = 32768            # a peer that reads nothing is dropped past this backlog
MAX_REFUSED = 50           # refusals among REFUSE_WINDOW lines before a connection is closed
REFUSE_WINDOW = 100        # lines: the refusals are counted afresh after each this many
HELLO_MS = 3000            # a connection that has no seat this long after it opened is closed
MAX_STRANGERS = 6          # connections without a seat at most (the oldest goes for a new one)
PER_ADDRESS = 3            # of those, from one address at most
NAME_CHARS = 5             # a player's name: at most this many characters
NAME_BYTES = 16            # and this many bytes of UTF-8
NEWS_MS = 4000             # a seat's news ("Bob is back") stays on the screens this long
IDLE_MS = 60000            # no turn timer: a link seat's move not made this long, a bot makes
IDLE_SHOWN_MS = 20000      # (the screens count down its last part)
_CHUNK = 1024
_buf = None                # one receive buffer for every connection
NAME_COLS = 14             # a table's name at most: a line of the host's panel at 160 px


def address(text):
    # "host" or "host:port" -> (host, port); ValueError saying what is wrong.
    host, port = text.strip(), TABLE_PORT
    if ":" in host:
        host, p = host.rsplit(":", 1)
        if not p or len(p) > 5 or [c for c in p if not "0" <= c <= "9"] \
                or not 1 <= int(p) <= 65535:          # ASCII digits only
            raise ValueError("the port in %s must be a number from 1 to 65535" % text[:60])
        port = int(p)
    if not host:
        raise ValueError("%s has no address before the port" % text[:60])
    return host, port


def fit_name(text):
    # A table's name as every screen shows it: NAME_COLS at most, whole words
    # when they fit (a host of another version, an old save may send longer).
    return shorten(text, NAME_COLS)


def words(msg, key, most):
    # msg[key], a text from outside (the network, link.json), as every screen
    # and console shows it: ui.clean's rule (loaded for it: printable, no
    # control character, escape sequence, lone surrogate or invisible
    # character), at most `most` characters; None if it is not a text.
    x = msg.get(key)
    if type(x) is not str:
        return None
    return call("ui.clean", "clean", x[:most * 2])[:most].strip()


def player_name(x):
    # A name from the network as every screen and console shows it: printable,
    # at most NAME_CHARS characters and NAME_BYTES bytes ("" if nothing is left).
    if type(x) is not str:
        return ""
    x = call("ui.clean", "clean", x[:40])[:NAME_CHARS]
    while len(x.encode()) > NAME_BYTES:
        x = x[:-1]
    return x.strip()


def seat_news(old, new, names, me=-1):
    # What happened at the seats between two "kinds" lists, in words for every
    # screen: "Bob joined", "Bob is back", "Bob left: a bot plays" (not of me).
    out = []
    if len(old) != len(new) or len(names) != len(new):
        return out
    for s in range(len(new)):
        a, b = old[s], new[s]
        if a == b or s == me:
            continue
        if b == "remote":
            out.append("%s joined" % names[s] if a == "open" else "%s is back" % names[s])
        elif b == "bot" and a in ("remote", "away"):
            out.append("%s left: a bot plays" % names[s])
    return out


def net_for(app):
    # The app's network primitive (hal.net), opened on first use and kept:
    # a board may make only one socket pool. Tests set app.net themselves.
    net = app.net
    if net is None:
        from hal import net as hnet
        net = hnet.open_net(app.opts)
        app.net = net
    return net


def encode(msg):
    # The line for msg (a dict; "v" is added), newline included.
    msg["v"] = VERSION
    try:
        text = json.dumps(msg, separators=(",", ":"))
    except TypeError:      # a json without separators
        text = json.dumps(msg)
    text += "\n"          # the text without it is garbage now: two copies at once, not three
    data = text.encode()
    if len(data) > MAX_LINE:
        raise ValueError("message of %d bytes is over %d" % (len(data), MAX_LINE))
    return data


def decode(line):
    # (message, None) for a good line (bytes, no newline), else (None, why).
    if len(line) >= MAX_LINE:
        return None, "line over %d bytes" % MAX_LINE
    try:
        msg = json.loads(line)
    except (ValueError, TypeError, RuntimeError, MemoryError):   # also bad UTF-8, deep nesting
        return None, "not JSON"
    if type(msg) is not dict:
        return None, "not a JSON object"
    if msg.get("v") != VERSION:
        return None, "protocol version %s; this end speaks %d" % (
            ("%s" % (msg.get("v"),))[:12], VERSION)    # (a refusal quotes no long text)
    if type(msg.get("t")) is not str:
        return None, "no message type"
    return msg, None


def number(msg, key, lo, hi):
    # msg[key] if it is an int in lo..hi, else None (True is not a number).
    x = msg.get(key)
    if type(x) is int and lo <= x <= hi:
        return x
    return None


def text(msg, key, most):
    # msg[key] if it is a str of at most `most` characters, else None.
    x = msg.get(key)
    if type(x) is str and len(x) <= most:
        return x
    return None


class Line:
    def __init__(self, sock, now=0):
        self.sock = sock
        self.out = b""
        self.inbuf = b""
        self.skipping = False    # dropping the rest of an oversized line
        self.closed = False
        self.heard = now         # when something last came in
        self.said = now          # when something last went out
        self.refused = 0         # refusals in this window of REFUSE_WINDOW lines
        self.lines_in = 0        # whole lines heard
        self.sent_bytes = 0
        self.got_bytes = 0
        self.largest = 0         # the longest line sent (newline included)
        self.tap = None          # tap(direction "out"/"in", line bytes): tests record traffic

    def send(self, msg, now=0):
        data = encode(msg)
        if self.tap is not None:
            self.tap("out", data)
        if len(data) > self.largest:
            self.largest = len(data)
        self.said = now
        if self.out:
            self.out += data
        else:                    # most lines go out at once, without a copy kept
            self.out = data
        self.flush()

    def flush(self):
        # Write what the socket takes now; a dead socket or a huge backlog closes.
        if self.closed:
            return
        while self.out:
            try:
                n = self.sock.send(self.out)
            except OSError:
                self.close()
                return
            if n <= 0:
                break
            self.sent_bytes += n
            self.out = self.out[n:]
        if len(self.out) > MAX_OUT:
            self.close()

    def poll(self, now=0, most=16):
        # Read what has arrived (at most `most` chunks): [(msg, why)].
        global _buf
        if self.closed:
            return []
        if _buf is None:
            _buf = bytearray(_CHUNK)
        got = []
        for _ in range(most):
            n = self.sock.recv_into(_buf)
            if n < 0:
                self.close()
                break
            if n == 0:
                break
            self.got_bytes += n
            self._take(bytes(_buf[:n]), got, now)
            if n < _CHUNK:
                break
        self.flush()
        return got

    def _take(self, data, got, now):
        # Split what arrived into lines; an oversized line is one refusal.
        while data:
            i = data.find(b"\n")
            if i < 0:
                if self.skipping:
                    return
                self.inbuf += data
                if len(self.inbuf) >= MAX_LINE:
                    self.inbuf = b""
                    self.skipping = True
                    got.append((None, "line over %d bytes" % MAX_LINE))
                return
            part, data = data[:i], data[i + 1:]
            if self.skipping:
                self.skipping = False
                continue
            line = self.inbuf + part if self.inbuf else part
            self.inbuf = b""
            if self.tap is not None:
                self.tap("in", line + b"\n")
            if not line.strip():
                continue
            self.heard = now         # a whole line, blank ones aside
            self.lines_in += 1
            if self.lines_in % REFUSE_WINDOW == 0:
                self.refused = 0
            msg, why = decode(line)
            got.append((msg, why))

    def refusal(self):
        # Count one refusal sent to the other end; too many in this window close.
        self.refused += 1
        if self.refused > MAX_REFUSED:
            self.close()

    def close(self):
        if not self.closed:
            self.closed = True
            self.sock.close()
