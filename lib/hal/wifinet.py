# Link-play network on a CircuitPython board with Wi-Fi (wifi + socketpool:
# the Feather ESP32-S3 Reverse TFT and any other such board).
#
# The board joins the network named in settings.toml (CIRCUITPY_WIFI_SSID,
# CIRCUITPY_WIFI_PASSWORD), as CircuitPython does at start-up; Net() raises
# OSError with a sentence when there is no Wi-Fi or no connection.
#
# A host's name (resolve): socketpool's getaddrinfo blocks for as long as the
# board's DNS client waits (bounded by it: a few seconds), and there are no
# threads. So resolve answers None first, the screen says "Looking up
# <name>..." for a tick, the next call looks it up once; a name without an
# address is not looked up again for RETRY_MS (in between: OSError at once).
import time

try:
    import socketpool
    import wifi
except ImportError:
    wifi = None
    socketpool = None

from hal.sockets import Listener, Sock, Udp, is_address

# lwIP's numbers, for a socketpool without the names
_SOL_SOCKET = 0xFFF
_SO_REUSEADDR = 0x0004
_SO_BROADCAST = 0x0020
RETRY_MS = 10000         # a name that had no address is looked up again after this
KEEP_MS = 60000          # a name's address is used this long before it is looked up again


def _opt(s, pool, name, number):
    # Set a SOL_SOCKET option if this socketpool allows it (not all do).
    try:
        s.setsockopt(getattr(pool, "SOL_SOCKET", _SOL_SOCKET), getattr(pool, name, number), 1)
    except (OSError, AttributeError, TypeError, ValueError):
        pass


class Net:
    name = "wifi"

    def __init__(self):
        if wifi is None:
            raise OSError("This board has no Wi-Fi.")
        radio = wifi.radio
        if not radio.connected:
            try:
                import os
                ssid = os.getenv("CIRCUITPY_WIFI_SSID")
                if ssid:
                    radio.connect(ssid, os.getenv("CIRCUITPY_WIFI_PASSWORD") or "")
            except (OSError, ValueError, AttributeError):  # ConnectionError is an OSError
                pass
        if not radio.connected or radio.ipv4_address is None:
            raise OSError("No Wi-Fi: set CIRCUITPY_WIFI_SSID and CIRCUITPY_WIFI_PASSWORD "
                          "in settings.toml.")
        self.radio = radio
        self.pool = socketpool.SocketPool(radio)
        self.names = {}          # name -> [address or None, ms until which it stands]

    def now_ms(self):
        if hasattr(time, "monotonic_ns"):
            return time.monotonic_ns() // 1000000
        return int(time.monotonic() * 1000)

    def address(self):
        return str(self.radio.ipv4_address)

    def broadcast(self):
        # The subnet's broadcast address (255.255.255.255 if the mask is unknown).
        try:
            ip = [int(x) for x in str(self.radio.ipv4_address).split(".")]
            mask = [int(x) for x in str(self.radio.ipv4_subnet).split(".")]
            return ".".join([str(ip[i] | (255 ^ mask[i])) for i in range(4)])
        except (AttributeError, ValueError, IndexError):
            return "255.255.255.255"

    def listen(self, port):
        p = self.pool
        s = p.socket(p.AF_INET, p.SOCK_STREAM)
        _opt(s, p, "SO_REUSEADDR", _SO_REUSEADDR)
        s.bind(("", port))
        s.listen(4)
        s.setblocking(False)
        return Listener(s)

    def resolve(self, host):
        # host's address; None the first time (the lookup comes at the next
        # call); OSError when it has none.
        if is_address(host):
            return host
        now = self.now_ms()
        got = self.names.get(host)
        if got is None or now >= got[1] > 0:
            self.names[host] = [None, 0]       # (0: look it up at the next call)
            return None
        if got[1] == 0:
            try:
                got[0] = self.pool.getaddrinfo(host, 0)[0][4][0]
                got[1] = now + KEEP_MS
            except (OSError, IndexError, TypeError, ValueError, UnicodeError):
                got[0] = None
                got[1] = now + RETRY_MS
        if got[0] is None:
            raise OSError("no address for %s" % host)
        return got[0]

    def connect(self, host, port, timeout_ms=2000):
        p = self.pool
        s = p.socket(p.AF_INET, p.SOCK_STREAM)
        try:
            s.settimeout(timeout_ms / 1000)
            s.connect((host, port))
            s.setblocking(False)
        except OSError:
            s.close()
            raise
        return Sock(s)

    def udp(self, port=0):
        p = self.pool
        s = p.socket(p.AF_INET, p.SOCK_DGRAM)
        _opt(s, p, "SO_REUSEADDR", _SO_REUSEADDR)
        if port:
            s.bind(("", port))
        else:
            _opt(s, p, "SO_BROADCAST", _SO_BROADCAST)
        s.setblocking(False)
        return Udp(s)
