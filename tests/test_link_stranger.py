"""Strangers at a link table (issue 37), in one process on the in-memory
network (tests/linkrig.py): reconnecting in a loop writes link.json only
when something changed."""
from ui.saves import Store

import linkrig
from linkrig import Player, host_table, run
from test_link_table import Raw


# --- item 7: link.json written only on a change -------------------------------------

def counted_store(path, counts):
    store = Store(str(path), True)
    write = store._write

    def counting(name, kind, payload):
        counts.append(name)
        return write(name, kind, payload)
    store._write = counting
    return store


def test_reconnecting_with_a_stored_token_writes_link_json_no_more(tmp_path):
    from ui.link import lobby as link_lobby
    hub = linkrig.Hub()
    writes = []
    h = Player(hub, "host", store=counted_store(tmp_path / "host", writes))
    link_lobby.host(h.app, "nommie", ["human", "remote", "bot", "bot"], [1] * 4, 5, {}, 30,
                    net=h.net)
    a = Raw(hub, h)
    tok = a.say(t="hello", name="Evil")[0]["token"]
    before = writes.count("link.json")
    for _ in range(300):
        a.sock.close()
        a.pump(1)
        a = Raw(hub, h)
        assert a.say(t="hello", token=tok)[0]["t"] == "welcome"
    assert writes.count("link.json") == before
    h.app.link.bots_for_open()                   # a real change is written
    assert writes.count("link.json") == before + 1


def test_a_joiner_welcomed_again_and_again_writes_its_seat_once(tmp_path):
    hub, h = host_table("nommie", ["human", "remote", "bot", "bot"], seed=5)
    writes = []
    j = Player(hub, "j", store=counted_store(tmp_path / "j", writes))
    from ui.link import remote as link_remote
    link_remote.join(j.app, "127.0.0.1", 5291, "Jo", net=j.net)
    run([h, j], until=lambda: j.table() is not None)
    c = j.table().client
    assert writes.count("link.json") == 1
    for _ in range(50):                          # the host drops it, it comes back
        for ln in list(h.app.link.lines):
            ln.close()
        run([h, j], until=lambda: c.line is None)
        run([h, j], until=lambda: c.line is not None and h.app.link.kind(1) == "remote")
    assert writes.count("link.json") == 1
