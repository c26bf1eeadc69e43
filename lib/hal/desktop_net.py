# Desktop link-play network: CPython's socket module behind hal.net's wrappers.
#
# bind: the address every socket is bound to ("" = all interfaces, the
# default for play on a local network; --bind 127.0.0.1 keeps a table on this
# machine). With POCKET_TRICKS_LINK_LOCAL=1 in the environment (the test
# suite sets it) any other address than 127.0.0.1 is refused, so a test can
# never open a socket to the network.
#
# A host's name is looked up in a worker thread (resolve): the resolver may
# take seconds, or never answer, and the screen and the text console go on.
import os
import socket
import threading
import time

from hal.sockets import Listener, Sock, Udp, is_address

LOOPBACK = "127.0.0.1"
KEEP_MS = 60000          # a name's address is used this long before it is looked up again


def lookup(host):
    # host's IPv4 address; blocks as long as the resolver takes (a worker
    # thread runs it); OSError when the name has none.
    return socket.getaddrinfo(host, None, socket.AF_INET, socket.SOCK_STREAM)[0][4][0]


def _look(host, got):
    # The worker: got = [address, why it has none, when done].
    try:
        got[0] = lookup(host)
    except Exception as e:      # (OSError; UnicodeError for a name IDNA refuses)
        got[1] = str(e) or "no address"
    got[2] = time.monotonic()


def local_only():
    return os.environ.get("POCKET_TRICKS_LINK_LOCAL") == "1"


class Net:
    name = "desktop"

    def __init__(self, bind=None):
        bind = bind or ""
        if local_only() and bind != LOOPBACK:
            if bind:
                raise OSError("link sockets are held to %s here, not %s" % (LOOPBACK, bind))
            bind = LOOPBACK
        self.bind = bind
        self.names = {}          # name -> [address, why none, when done] (resolve)

    def now_ms(self):
        return int(time.monotonic() * 1000)

    def _check(self, host):
        if local_only() and host != LOOPBACK:
            raise OSError("link sockets are held to %s here, not %s" % (LOOPBACK, host))

    def address(self):
        # The address joiners type: this machine's LAN address when listening everywhere.
        if self.bind:
            return self.bind
        try:
            s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            try:
                s.connect(("192.0.2.1", 9))     # a TEST-NET address: no packet is sent
                return s.getsockname()[0]
            finally:
                s.close()
        except OSError:
            return LOOPBACK

    def broadcast(self):
        # Where table announcements go: the whole LAN, or this machine alone.
        if self.bind.startswith("127."):
            return self.bind
        return "255.255.255.255"

    def listen(self, port):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind((self.bind, port))
            s.listen(8)
            s.setblocking(False)
        except OSError:
            s.close()
            raise
        return Listener(s)

    def resolve(self, host):
        # host's address; None while a worker thread looks it up (ask again);
        # OSError when it has none (the next call looks it up anew).
        if is_address(host):
            return host
        got = self.names.get(host)
        if got is not None and got[2] is not None:
            if got[0] is None:
                del self.names[host]
                raise OSError("no address for %s: %s" % (host, got[1]))
            if time.monotonic() - got[2] < KEEP_MS / 1000:
                return got[0]
            got = None
        if got is None:
            got = self.names[host] = [None, None, None]
            threading.Thread(target=_look, args=(host, got), daemon=True).start()
        return None

    def connect(self, host, port, timeout_ms=2000):
        self._check(host)
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            if self.bind:
                s.bind((self.bind, 0))
            s.settimeout(timeout_ms / 1000.0)
            s.connect((host, port))
            s.setblocking(False)
            s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        except OSError:
            s.close()
            raise
        return Sock(s)

    def udp(self, port=0):
        # A datagram socket: port > 0 listens for announcements (several
        # lobbies on one machine may share it), 0 sends them.
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if port and hasattr(socket, "SO_REUSEPORT"):
                try:
                    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
                except OSError:
                    pass
            if not self.bind.startswith("127."):
                s.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
            s.bind((self.bind, port))
            s.setblocking(False)
        except OSError:
            s.close()
            raise
        return Udp(s)
