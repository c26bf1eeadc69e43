# The network primitive for link play, loaded only when a link table is used.
#
#   net = hal.net.open_net(opts)   # OSError (a sentence) when there is none
#   net.listen(port) -> Listener   .accept() -> (Sock, host) or None
#   net.resolve(name) -> its address, or None while it is looked up (ask again
#                        later; never blocks a tick on a desktop); OSError: none
#   net.connect(address, port, ms) -> Sock (OSError when nobody answers)
#   net.udp(port=0) -> Udp         .send(data, host, port), .recv(buf) -> (n, host) or None
#   net.address(), net.broadcast(), net.now_ms()
#   Sock: .send(data) -> bytes taken (0: try later; OSError: gone),
#         .recv_into(buf) -> n > 0, 0 (nothing yet) or -1 (closed); .close()
#
# Every socket is non-blocking. A board with wifi + socketpool gets
# hal.wifinet, a desktop CPython's socket (hal.desktop_net); the wrappers of
# hal.sockets serve both, since socketpool sockets speak a subset of CPython's.
import sys


def open_net(opts=None):
    # This machine's network (opts: the desktop's --bind); OSError if none.
    if sys.implementation.name == "cpython":
        from hal import desktop_net
        return desktop_net.Net((opts or {}).get("bind"))
    from hal import wifinet
    return wifinet.Net()
