# The socket wrappers of hal.net (its comment has their interface), shared by
# hal.wifinet (socketpool) and hal.desktop_net (CPython's socket).

# errno values that mean "nothing yet" on CPython, CircuitPython and Windows
_AGAIN = (11, 35, 110, 116, 10035)


def is_address(host):
    # True for a dotted IPv4 address ("192.168.1.20"): nothing to look up.
    parts = host.split(".")
    if len(parts) != 4:
        return False
    for p in parts:
        if not p or len(p) > 3 or [c for c in p if not "0" <= c <= "9"] or int(p) > 255:
            return False
    return True


def _again(e):
    return bool(e.args) and e.args[0] in _AGAIN


class Wrapped:
    # A socket s: closing it never raises.
    def __init__(self, s):
        self.s = s

    def close(self):
        try:
            self.s.close()
        except OSError:
            pass


class Sock(Wrapped):
    # A connected TCP socket.

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


class Listener(Wrapped):
    # A listening TCP socket.
    def accept(self):
        try:
            c, addr = self.s.accept()
        except OSError:
            return None
        c.setblocking(False)
        return Sock(c), addr[0]


class Udp(Wrapped):
    # A UDP socket (link play's table announcements).
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
