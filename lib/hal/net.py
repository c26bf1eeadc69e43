# The network primitive for link play, loaded only when a link table is used.
#
#   net = hal.net.open_net(opts)   # OSError (a sentence) when there is none
#   net.listen(port) -> Listener   .accept() -> (Sock, host) or None
#   net.connect(host, port, ms) -> Sock (OSError when nobody answers)
#   net.udp(port=0) -> Udp         .send(data, host, port), .recv(buf) -> (n, host) or None
#   net.address(), net.broadcast(), net.now_ms()
#   Sock: .send(data) -> bytes taken (0: try later; OSError: gone),
#         .recv_into(buf) -> n > 0, 0 (nothing yet) or -1 (closed); .close()
#
# Every socket is non-blocking. A board with wifi + socketpool gets
# hal.wifinet, a desktop CPython's socket (hal.desktop_net); the wrappers
# below serve both, since socketpool sockets speak a subset of CPython's.
import sys

# errno values that mean "nothing yet" on CPython, CircuitPython and Windows
_AGAIN = (11, 35, 110, 116, 10035)


def open_net(opts=None):
    # This machine's network (opts: the desktop's --bind); OSError if none.
    if sys.implementation.name == "cpython":
        from hal import desktop_net
        return desktop_net.Net((opts or {}).get("bind"))
    from hal import wifinet
    return wifinet.Net()


def _again(e):
    return bool(e.args) and e.args[0] in _AGAIN


class Sock:
    # A connected TCP socket.
    def __init__(self, s):
        self.s = s

    def send(self, data):
        try:
            n = self.s.send(data)
        except OSError as e:
            if _again(e):
                return 0
            raise
        return n or 0

    def recv_into(self, buf):
        try:
            n = self.s.recv_into(buf)
        except OSError as e:
            return 0 if _again(e) else -1
        return n if n else -1

    def close(self):
        try:
            self.s.close()
        except OSError:
            pass


class Listener:
    def __init__(self, s):
        self.s = s

    def accept(self):
        try:
            c, addr = self.s.accept()
        except OSError:
            return None
        c.setblocking(False)
        return Sock(c), addr[0]

    def close(self):
        try:
            self.s.close()
        except OSError:
            pass


class Udp:
    def __init__(self, s):
        self.s = s

    def send(self, data, host, port):
        try:
            self.s.sendto(data, (host, port))
            return True
        except OSError:
            return False

    def recv(self, buf):
        try:
            n, addr = self.s.recvfrom_into(buf)
        except OSError:
            return None
        return n, addr[0]

    def close(self):
        try:
            self.s.close()
        except OSError:
            pass
