# The key a scripted human presses at a link table (dev-side; plain Python
# that also runs in CircuitPython's interpreter): A mostly, RIGHT now and
# then, A on the round summaries and curtains, nothing while it is not its
# turn. tools/link/play.py, tools/link/tables.py and tools/bench/link_heap.py play
# their humans with it.
from hal import keys as K


def auto_key(app, count):
    """The key this process's human presses now, or None (not its turn)."""
    top = app.top()
    if top is None:
        return None
    name = type(top).__name__
    if name in ("RoundSummary", "Curtain"):
        return K.A
    if getattr(top, "kind", "") != "table" or top.busy() or top.hold_until:
        return None
    st = top.state()
    if st is None or st.is_over():
        return None
    seat = st.to_act()
    if seat not in top.session.humans() or not top.decided(seat) or top.dec_seat != seat:
        return None
    if getattr(top, "sent", 0):
        return None
    host = getattr(top, "host", None)
    if host is not None and host.paused():
        return None
    client = getattr(top, "client", None)
    if client is not None and (client.line is None or not st.legal):
        return None
    return K.RIGHT if count % 3 == 1 else K.A
