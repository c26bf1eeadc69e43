# What link play keeps between runs, in link.json beside the saves (written
# like settings.json, through ui.saves.atomic): under "host" the table a host runs
# (its name, port, grace, which seats are link seats, each seat's token, the
# game and deal it belongs to), under "join" the seat a joiner holds (host
# address, port, seat, token, table name), under "typed" the address last
# typed in the lobby (ui.link.address). A store without files (NoStore)
# keeps it in memory. Loaded only while link.json is read or written.
NAME = "link.json"


def _shape(payload):
    if type(payload) is not dict:
        raise ValueError("not a table")


def load(store):
    # The whole link.json as a dict ({} when missing or unreadable).
    if not hasattr(store, "fs"):
        info = getattr(store, "link_info", None)
        return dict(info) if info else {}
    try:
        from engine import ondemand
        got = ondemand.call("ui.saves.load", "read", store.fs, store.dir + NAME, "link", _shape)[0]
    except Exception:
        return {}
    return got[0] if got else {}


def get(store, key):
    x = load(store).get(key)
    return x if type(x) is dict else None


def put(store, key, value):
    # Set (or with None, remove) one part; None when written (or already so:
    # a file that would not change is not written again), else why not.
    info = load(store)
    if value is None:
        if key not in info:
            return None
        info.pop(key)
    elif info.get(key) == value:
        return None
    else:
        info[key] = value
    if not hasattr(store, "fs"):
        store.link_info = info
        return None
    try:
        return store._write(NAME, "link", info)
    except Exception as e:
        return str(e)
