# A host's address typed on the on-screen keyboard (Link play -> Join a
# table -> Type an address...): the keys it is typed with, its limit, why one
# cannot be joined, and the one typed last (kept in link.json: the keyboard
# starts from it next time). Loaded while it is typed.
from engine.ondemand import load, once
from ui.link import proto as P
KEYS = "0123456789.:-abcdefghijklmnopqrstuvwxyz"
MOST = 60        # characters at most: a long host name fits (link_proto.address quotes as many)


def why_not(text):
    # Why text cannot be joined, as a sentence; None when it can.
    if not text:
        return "Type the address the host's screen shows, like 192.168.1.20"
    try:
        P.address(text)
    except ValueError as e:
        why = str(e)
        return why[0].upper() + why[1:] + "."
    return None


def last_typed(saved):
    # The address typed last (link.json's "typed"), or "": one the keyboard
    # could not have typed (not a text, too long, other characters) is none.
    a = (saved or {}).get("address")
    if type(a) is not str or len(a) > MOST or [c for c in a if c not in KEYS]:
        return ""
    return a


def ask(app, join):
    # The keyboard for an address over the lobby; a good one is kept for next
    # time, then join(address) runs. A bad one is explained on the keyboard.
    last = last_typed(once("ui.link.saved", "get", app.store, "typed"))

    def done(text):
        once("ui.link.saved", "put", app.store, "typed", {"address": text})
        join(text)
    app.push(load("ui.screens.keyboard").Keyboard("Host's address", last, KEYS, MOST, done,
                                                  why_not))
