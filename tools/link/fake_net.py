# An in-memory network with hal.net's interface, for tests and heap figures
# (dev-side; plain Python that also runs in CircuitPython's interpreter).
#
#   hub = Hub()                      # one clock, listeners and UDP ports
#   net = FakeNet(hub)               # what hal.net.open_net() would give
#   hub.t += 100                     # time passes only when told to
#
# FakeSock has the interface of hal.sockets.Sock; tap(direction, bytes) on a hub
# records every byte written by any socket.


class Hub:
    def __init__(self):
        self.t = 0
        self.listeners = {}
        self.udps = {}
        self.tap = None


class FakeSock:
    def __init__(self, hub, name):
        self.hub = hub
        self.name = name
        self.inq = b""
        self.peer = None
        self.closed = False

    def send(self, data):
        if self.closed or self.peer is None or self.peer.closed:
            raise OSError(32)      # EPIPE
        data = bytes(data)
        self.peer.inq += data
        if self.hub.tap is not None:
            self.hub.tap(self.name, data)
        return len(data)

    def recv_into(self, buf):
        if self.closed:
            return -1
        if self.inq:
            n = min(len(buf), len(self.inq))
            buf[:n] = self.inq[:n]
            self.inq = self.inq[n:]
            return n
        if self.peer is None or self.peer.closed:
            return -1
        return 0

    def close(self):
        self.closed = True


class FakeListener:
    def __init__(self, hub, port):
        self.hub = hub
        self.port = port
        self.pending = []
        self.closed = False

    def accept(self):
        if self.closed or not self.pending:
            return None
        return self.pending.pop(0), "127.0.0.1"

    def close(self):
        self.closed = True
        if self.hub.listeners.get(self.port) is self:
            del self.hub.listeners[self.port]


class FakeUdp:
    def __init__(self, hub, port):
        self.hub = hub
        self.port = port
        self.q = []

    def send(self, data, host, port):
        for u in self.hub.udps.get(port, ()):
            u.q.append(bytes(data))
        return True

    def recv(self, buf):
        if not self.q:
            return None
        d = self.q.pop(0)
        n = min(len(buf), len(d))
        buf[:n] = d[:n]
        return n, "127.0.0.1"

    def close(self):
        lst = self.hub.udps.get(self.port)
        if lst and self in lst:
            lst.remove(self)


class FakeNet:
    name = "fake"

    def __init__(self, hub, who="joiner"):
        self.hub = hub
        self.who = who
        self.count = 0

    def now_ms(self):
        return self.hub.t

    def address(self):
        return "127.0.0.1"

    def broadcast(self):
        return "127.0.0.1"

    def listen(self, port):
        if port in self.hub.listeners:
            raise OSError(98)      # EADDRINUSE
        lst = FakeListener(self.hub, port)
        self.hub.listeners[port] = lst
        return lst

    def resolve(self, host):
        return host                # (every name is an address here, at once)

    def connect(self, host, port, timeout_ms=2000):
        lst = self.hub.listeners.get(port)
        if lst is None or lst.closed:
            raise OSError(111)     # ECONNREFUSED
        self.count += 1
        mine = FakeSock(self.hub, "%s%d>host" % (self.who, self.count))
        theirs = FakeSock(self.hub, "host>%s%d" % (self.who, self.count))
        mine.peer = theirs
        theirs.peer = mine
        lst.pending.append(theirs)
        return mine

    def udp(self, port=0):
        u = FakeUdp(self.hub, port)
        if port:
            self.hub.udps.setdefault(port, []).append(u)
        return u
