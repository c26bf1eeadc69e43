"""Link play in one process: a host App and joiner Apps on an in-memory
network with one virtual clock (tests/linkrig.py). Whole games of every game
with every message captured (no seat ever receives a card it may not see),
refusals that change nothing, a drop with its grace countdown and bot, the
player's return, and a host that restarts from its autosave."""
import json

import pytest

from engine import catalog, games
from ui.link import proto as P

import linkrig
from linkrig import (SETUPS, Player, by_seat, capture, check_privacy, host_table, joiner, run,
                     split_lines, whole_game)


@pytest.mark.parametrize("gid,kinds,opts", SETUPS, ids=[s[0] for s in SETUPS])
def test_whole_game_every_message_private(gid, kinds, opts):
    h, js, streams = whole_game(gid, kinds, 11, opts)
    st = h.table().state()
    assert st.is_over()
    for j in js:
        jt = j.table()
        assert jt.state().n == len(st.log)
        assert jt.state().winners() == st.winners()
        seat = jt.seat
        want = json.loads(json.dumps(st.view(seat)))
        assert jt.state().view() == want           # the joiner ends with the host's view
        assert j.keys > 0                          # its human decided something
    received = by_seat(streams)
    assert sorted(received) == [s for s in range(len(kinds)) if kinds[s] == "remote"]
    n = check_privacy(received, gid, len(kinds), 11, opts, st.actions())
    assert n >= len(st.log)                        # a state after every move, per joiner
    biggest = max(len(x) for parts in streams.values() for x in parts)
    assert biggest < P.MAX_LINE


def test_privacy_check_catches_a_leak():
    hub, h = host_table("callbreak", ["human", "remote", "bot", "bot"], seed=3)
    streams = capture(hub)
    j = joiner(hub)
    run([h, j], until=lambda: len(h.table().state().log) > 10)
    received = by_seat(streams)
    st = h.table().state()
    leak = [dict(m) for m in received[1]]
    for m in leak:
        if m["t"] == "state":
            m["view"] = dict(m["view"])
            m["view"]["hands"] = st.view(None)["hands"]
    with pytest.raises(AssertionError):
        check_privacy({1: leak}, "callbreak", 4, 3, {}, st.actions()[:len(st.log)])


# --- refusals ---------------------------------------------------------------------

class Raw:
    """A hand-written client: raw bytes out, the host's messages back."""

    def __init__(self, hub, h):
        self.hub, self.h = hub, h
        self.sock = h.net.__class__(hub, "raw").connect("127.0.0.1", 5291)
        self.got = b""

    def send(self, data):
        self.sock.send(data)
        return self.pump()

    def say(self, **msg):
        return self.send(P.encode(msg))

    def pump(self, steps=3):
        for _ in range(steps):
            self.hub.t += 10
            self.h.step(self.hub.t)
        buf = bytearray(65536)
        n = self.sock.recv_into(buf)
        data = bytes(buf[:max(0, n)])
        return [m for m in split_lines(data) if m["t"] != "ping"]


def why(got):
    """The reason of the one refusal among the host's answers."""
    refused = [m for m in got if m["t"] == "refused"]
    assert len(refused) == 1, got
    return refused[0]["why"]


def snapshot(h):
    st = h.table().state()
    return bytes(st.log), json.dumps(st.view(None), sort_keys=True)


def test_junk_oversized_and_out_of_turn_are_refused_and_change_nothing():
    hub, h = host_table("nommie", ["human", "remote", "remote", "bot"], seed=2)
    a = Raw(hub, h)
    b = Raw(hub, h)
    before = snapshot(h)
    cases = [
        (b"hello there\n", "not JSON"),
        (b"[1, 2]\n", "not a JSON object"),
        (b'{"v": 9, "t": "hello"}\n', "protocol version"),
        (b'{"v": 1}\n', "no message type"),
        (b"\xff\xfe\n", "not JSON"),
        (b'{"v": 1, "t": "act", "n": 0, "a": 12}\n', "Say hello first"),
        (b"x" * 5000 + b"\n", "line over 4096 bytes"),
        (b'{"v": 1, "t": "hello", "token": "0123456789abcdef"}\n', "Unknown token"),
        (b'{"v": 1, "t": "hello", "seat": 0}\n', "not a link seat"),
        (b'{"v": 1, "t": "hello", "seat": 7}\n', "no seat 7"),
        (b'{"v": 1, "t": "hello", "name": 5}\n', "short texts"),
    ]
    for data, text in cases:
        reason = why(a.send(data))
        assert text in reason, (text, reason)
        assert snapshot(h) == before
    # an oversized line split over many writes, then a good message still works
    for _ in range(5):
        a.sock.send(b"y" * 1000)
    assert why(a.send(b"tail\n")) == "line over 4096 bytes"
    got = a.say(t="hello", name="Ann", seat=1)
    assert [m["t"] for m in got] == ["welcome", "state"] and got[0]["seat"] == 1
    tok_a = got[0]["token"]
    got = b.say(t="hello", name="Bob")
    assert got[0]["seat"] == 2
    assert "already sit" in why(b.say(t="hello", seat=1))
    c = Raw(hub, h)
    assert "Seat 1 is taken" in why(c.say(t="hello", seat=1))
    assert "No free seat" in why(c.say(t="hello"))
    # seat 2 cannot act for seat 1 or out of turn; stale and illegal moves are refused
    st = h.table().state()
    seat = st.to_act()
    assert seat == 1 and st.view(None)["phase"] == "bid"      # left of dealer 0 bids first
    n = len(st.log)
    legal = st.legal_actions()
    assert "not your turn" in why(b.say(t="act", n=n, a=legal[0]))
    assert "cannot act for another seat" in why(b.say(t="act", n=n, a=legal[0], seat=1))
    assert "Out of date" in why(a.say(t="act", n=n + 1, a=legal[0]))
    assert why(a.say(t="act", n=n, a=999))
    assert "bid" in why(a.say(t="act", n=n, text="bid 99")).lower()
    assert "needs a" in why(a.say(t="act", n=n))
    assert "needs n" in why(a.say(t="act", n="x", a=101))
    assert "Unknown message type" in why(a.say(t="dance"))
    assert snapshot(h) == before
    # a good move by the seat to act, as text
    got = a.say(t="act", n=n, text="bid 1")
    states = [m for m in got if m["t"] == "state"]
    assert states and states[-1]["n"] == n + 1
    assert len(h.table().state().log) == n + 1
    assert tok_a


def test_too_many_refusals_close_the_connection():
    hub, h = host_table("linger", ["human", "remote", "bot", "bot"])
    a = Raw(hub, h)
    for _ in range(P.MAX_REFUSED + 1):
        a.sock.send(b"junk\n")
    a.pump()
    assert not h.app.link.lines


def test_refusals_are_counted_per_window_of_lines():
    # a long game's occasional refusals never add up to a close
    hub, h = host_table("linger", ["human", "remote", "bot", "bot"])
    a = Raw(hub, h)
    a.say(t="hello", name="Ann")
    for _ in range(3):
        for i in range(P.REFUSE_WINDOW):
            a.sock.send(b"junk\n" if i < P.MAX_REFUSED - 10 else P.encode({"t": "ping"}))
        a.pump()
    assert len(h.app.link.lines) == 1 and h.app.link.lines[0].seat == 1


def test_bytes_without_a_newline_do_not_keep_a_seat_connected():
    hub, h = host_table("linger", ["human", "remote", "bot", "bot"], grace=30)
    a = Raw(hub, h)
    assert a.say(t="hello", name="Ann")[0]["t"] == "welcome"
    start = hub.t
    try:
        while hub.t - start < P.SILENT_MS + 500:
            a.sock.send(b" ")                 # a line that never ends, and blank lines
            a.sock.send(b"\n")
            a.pump(10)
    except OSError:                           # the host closed the connection
        pass
    assert h.app.link.kind(1) == "away"
    assert P.SILENT_MS - 100 <= h.app.link.drops[-1][1] - start <= P.SILENT_MS + 200


def test_a_new_connection_closes_the_oldest_stranger_never_a_seat():
    hub, h = host_table("nommie", ["human", "remote", "remote", "bot"], seed=2)
    ann = Raw(hub, h)
    tok = ann.say(t="hello", name="Ann")[0]["token"]
    idle = [Raw(hub, h) for _ in range(P.PER_ADDRESS + 2)]
    for r in idle:
        r.pump(1)
    link = h.app.link
    strangers = [ln for ln in link.lines if ln.seat < 0]
    assert len(strangers) == P.PER_ADDRESS      # (every Raw comes from 127.0.0.1)
    assert link.conn[1] is not None and link.kind(1) == "remote"
    back = Raw(hub, h).say(t="hello", token=tok)
    assert back[0]["t"] == "welcome" and back[0]["seat"] == 1
    hub.t += P.HELLO_MS + 100
    h.step(hub.t)
    assert [ln.seat for ln in link.lines] == [1]


# --- drops and returns ----------------------------------------------------------

def mid_trick(h, seat):
    st = h.table().state()
    return st.to_act() == seat and st.view(None)["phase"] == "play" and st.trick


def test_drop_pauses_then_a_bot_takes_the_seat_and_the_player_comes_back():
    hub, h = host_table("callbreak", ["human", "remote", "bot", "bot"], seed=8, grace=20)
    j = joiner(hub, "j", "Jo")
    run([h, j], until=lambda: mid_trick(h, 1) and h.table().dec_seat == -1 or False)
    host = h.app.link
    store = j.store
    j.kill()
    st = h.table().state()
    n = len(st.log)
    run([h], until=lambda: host.wait_seat == 1)
    t_drop = hub.t
    assert host.kind(1) == "away" and host.wait_left == 20
    # paused: nothing moves, the countdown runs, the host's screen says so
    seen = set()
    run([h], until=lambda: seen.add(host.wait_left) or hub.t - t_drop > 15000)
    assert len(st.log) == n and host.kind(1) == "away"
    assert {19, 10, 5} <= seen
    assert "bot in" in h.table().prompt
    # grace over: a bot plays seat 1
    run([h], until=lambda: len(st.log) > n + 8)
    assert host.kind(1) == "bot" and host.wait_seat == -1
    assert hub.t - t_drop >= 20000
    # the player comes back (same device: the token in its store): seat 1 again
    j2 = Player(hub, "j2", store=store)
    from ui.link import remote as link_remote
    link_remote.join(j2.app, "127.0.0.1", 5291, net=j2.net)
    run([h, j2], until=lambda: j2.table() is not None)
    assert j2.table().seat == 1 and host.kind(1) == "remote"
    jt = j2.table().state()
    assert jt.view()["hands"][1] == st.view(1)["hands"][1]      # the current hand
    run([h, j2])
    assert st.is_over() and j2.table().state().winners() == st.winners()


def test_return_within_grace_keeps_the_seat_without_a_bot():
    hub, h = host_table("nines", ["human", "remote", "bot"], seed=4, grace=30,
                        options={"start_score": 3})
    j = joiner(hub, "j")
    run([h, j], until=lambda: len(h.table().state().log) > 20)
    host = h.app.link
    j.kill()
    run([h], until=lambda: host.wait_seat == 1)
    st = h.table().state()
    n = len(st.log)
    hub.t += 5000
    j2 = Player(hub, "j2", store=j.store)
    from ui.link import remote as link_remote
    link_remote.join(j2.app, "127.0.0.1", 5291, net=j2.net)
    run([h, j2], until=lambda: host.kind(1) == "remote" and j2.table() is not None)
    assert len(st.log) == n                     # nothing moved while seat 1 was away
    assert not host.away[1]
    run([h, j2])
    assert st.is_over()


def test_leaving_gives_the_seat_to_a_bot_at_once():
    hub, h = host_table("linger", ["human", "remote", "bot", "bot"], seed=6)
    j = joiner(hub, "j")
    run([h, j], until=lambda: j.table() is not None)
    j.table().client.leave()
    host = h.app.link
    run([h], until=lambda: not host.lines)
    assert host.kind(1) == "bot" and host.wait_seat == -1
    run([h])


def test_host_restart_resumes_from_its_autosave_and_joiners_return():
    hub, h = host_table("israeli", ["human", "remote", "bot", "remote"], seed=9,
                        options={"rounds": 2}, grace=30)
    j1 = joiner(hub, "j1", "Ada")          # (not the bot's Ann: no seat takes another's name)
    j2 = joiner(hub, "j2", "Bob")
    run([h, j1, j2], until=lambda: len(h.table().state().log) > 70)
    before = bytes(h.table().state().log)
    store = h.store
    h.kill()
    hub.t += 3000
    run([j1, j2], until=lambda: j1.table().client.line is None and j2.table().client.line is None)
    assert "reconnecting" in j1.table().prompt.lower()
    h2 = Player(hub, "host2", store=store)
    from ui.link import lobby as link_lobby
    link_lobby.from_options(h2.app, {"host": True})
    t = h2.table()
    assert t is not None, h2.app.notice
    st = t.state()
    saved = bytes(st.log)
    assert before.startswith(saved) and len(saved) > 0    # the autosave (bots replay the rest)
    host = h2.app.link
    assert host.kind(1) == "away" and host.kind(3) == "away"
    run([h2, j1, j2], until=lambda: host.kind(1) == "remote" and host.kind(3) == "remote")
    assert j1.table().seat == 1 and j2.table().seat == 3
    assert t.names()[1] == "Ada" and t.names()[3] == "Bob"
    run([h2, j1, j2])
    assert st.is_over()


def test_resumed_game_is_the_link_tables_and_plays_as_bots_from_continue():
    # The autosave stores link seats as bot seats: Continue on the title plays them.
    hub, h = host_table("linger", ["human", "remote", "bot", "bot"], seed=6)
    rec = h.store.load_game()[0]
    assert rec["seats"] == ["human", "bot", "bot", "bot"]
    from ui.link import saved as link_saved
    info = link_saved.get(h.store, "host")
    assert info["link"] == [False, True, False, False] and info["game"] == "linger"


def test_lobby_lists_announced_tables_and_joins_one():
    hub, h = host_table("nommie", ["human", "remote", "bot", "bot"])
    p = Player(hub, "lobby")
    from ui.link.lobby import Lobby
    lobby = Lobby(p.net)
    p.app.push(lobby)
    run([h, p], until=lambda: len(lobby.tables) == 1)
    assert lobby.tables[0][0] == h.app.link.name and lobby.tables[0][4] == [1]
    assert h.app.link.name in lobby.lines[1]
    from hal import keys as K
    p.app.key(K.DOWN)
    p.app.key(K.A)
    run([h, p], until=lambda: p.table() is not None)
    assert p.table().seat == 1


def test_no_free_seat_is_refused():
    hub, h = host_table("linger", ["human", "remote", "bot", "bot"])
    j = joiner(hub, "j")
    run([h, j], until=lambda: j.table() is not None)
    k = joiner(hub, "k")
    run([h, j, k], until=lambda: k.app.link is not None and k.app.link.done)
    assert "No free seat" in k.app.link.status


def test_messages_stay_small():
    # the largest state of a whole Nommie game (26 rounds of history) fits the cap
    hub, h = host_table("nommie", ["human", "remote", "bot", "bot"], seed=1)
    streams = capture(hub)
    j = joiner(hub)
    run([h, j])
    lines = [x for x in b"".join(streams[[k for k in streams if k.startswith("host>")][0]])
             .split(b"\n") if x]
    assert max(len(x) + 1 for x in lines) <= 1200
    # a reconnect sends the history in chunks, each message under the cap
    assert catalog.ids()


def test_host_lost_while_a_move_was_on_its_way():
    # the joiner sent a move the dead host never applied: after the restart it
    # decides again instead of waiting for an answer that cannot come
    hub, h = host_table("callbreak", ["human", "remote", "bot", "bot"], seed=2)
    j = joiner(hub, "j")
    run([h, j], until=lambda: j.table() is not None and j.table().sent == 1
        and len(h.table().state().log) > 12)
    store = h.store
    h.kill()
    h.app.link = None
    run([j], until=lambda: j.table().client.line is None)
    h2 = Player(hub, "host2", store=store)
    from ui.link import lobby as link_lobby
    link_lobby.from_options(h2.app, {"host": True})
    run([h2, j])
    assert h2.table().state().is_over()


def test_new_deal_at_the_same_table_keeps_the_joiners():
    from hal import keys as K
    hub, h = host_table("linger", ["human", "remote", "bot", "bot"], seed=6)
    j = joiner(hub, "j", "Jo")
    run([h, j])
    first = h.table()
    assert [it[0] for it in h.app.top().items] == ["New deal, same table", "Score sheet",
                                                   "Main menu"]
    assert [it[0] for it in j.app.top().items] == ["Score sheet", "Main menu"]
    h.app.key(K.A)
    t = h.table()
    assert t is not first and t.session.seed == 7 and h.app.link is t.host
    run([h, j], until=lambda: j.table() is not None and not j.over())
    assert j.table().seat == 1 and j.table().session.seed == 7
    run([h, j])
    assert t.state().is_over() and j.table().state().winners() == t.state().winners()


def test_a_late_joiner_gets_the_history_in_chunks():
    # bots play the open seat until someone joins after 12 rounds: the history
    # arrives 10 rounds a message, and the joiner's score sheet matches the host's
    hub, h = host_table("nommie", ["human", "remote", "bot", "bot"], seed=4)
    host = h.app.link
    host.bots_for_open()
    streams = capture(hub)
    run([h], until=lambda: len(h.table().state().history) >= 12)
    j = joiner(hub, "j", "Late")
    run([h, j], until=lambda: j.table() is not None and j.table().state().complete())
    st = h.table().state()
    assert j.table().seat == 1 and j.table().state().history == \
        json.loads(json.dumps(st.history))
    states = [m for m in by_seat(streams)[1] if m["t"] == "state"]
    assert states[0]["h0"] == 0 and len(states[0]["hist"]) == 10 and states[0]["hn"] >= 12
    assert max(len(json.dumps(m)) for m in states) < P.MAX_LINE
    run([h, j])
    assert j.table().state().winners() == st.winners()
    n = check_privacy(by_seat(streams), "nommie", 4, 4, {}, st.actions())
    assert n > 0


def test_a_joiner_sees_why_a_bid_is_left_out():
    # Nommie's hook: the joiner (seat 1) deals round 2; its picker panel gives
    # the host engine's reason, as a local player's does
    hub, h = host_table("nommie", ["bot", "remote", "bot", "bot"], seed=3)
    j = joiner(hub, "j", "Jo")
    seen = []

    def hooked():
        t = j.table()
        if t is not None and t.panel and "The dealer may not bid" in " ".join(t.panel):
            seen.append(list(t.panel))
        return bool(seen)
    run([h, j], until=hooked)
    v = j.table().state().view()
    assert v["dealer"] == 1 and v["phase"] == "bid" and v["to_act"] == 1, seen



def test_long_table_names_are_shown_in_fourteen_characters_whole_words():
    # An older version saved "Annabelle's tabl"; a host of another version may
    # send up to 40 characters: the host's panel and the joiner's pause title
    # show P.NAME_COLS at most, cut after a whole word.
    assert P.fit_name("Annabelle's tabl") == "Annabelle's"
    assert P.fit_name("The Grand Duchess of Luxembourg's table") == "The Grand"
    assert P.fit_name("Supercalifragilistic") == "Supercalifragi"
    hub, h = host_table("israeli", ["human", "remote", "bot", "bot"], seed=9, grace=30)
    from ui.link import lobby as link_lobby
    from ui.link import saved as link_saved
    info = link_saved.get(h.store, "host")
    info["table"] = "Annabelle's tabl"
    link_saved.put(h.store, "host", info)
    store = h.store
    h.kill()
    h2 = Player(hub, "host2", store=store)
    link_lobby.from_options(h2.app, {"host": True})
    assert h2.app.link.name == "Annabelle's"
    j = joiner(hub, "j1", "Ann")
    run([h2, j], until=lambda: j.table() is not None and j.table().client.table_name)
    assert j.table().client.table_name == "Annabelle's"
    c = j.table().client
    c.on_welcome({"t": "welcome", "seat": c.seat, "players": 4, "token": c.token,
                  "game": "israeli", "deal": c.deal, "table": "x" * 8 + " " + "y" * 31}, 0)
    assert c.table_name == "xxxxxxxx"


# --- the turn timer and grace loops ------------------------------------------------

def idle_joiner(hub, who="j", name="Jo"):
    """A joiner whose player never presses a key."""
    j = joiner(hub, who, name)
    j.press = lambda k: None
    return j


def moves_by(h, seat):
    st = h.table().state()
    g = games.new_game(st.view(None)["game"], st.players, st.deal_seed, **st.options)
    out = []
    for a in st.actions():
        if g.to_act() == seat:
            out.append(a)
        g.apply(a)
    return out


def test_turn_timer_plays_once_for_a_joiner_who_does_not_move():
    hub, h = host_table("callbreak", ["bot", "remote", "bot", "bot"], seed=4, turn=15)
    j = idle_joiner(hub)
    run([h, j], until=lambda: h.table().state().to_act() == 1 and j.table() is not None)
    start = hub.t
    prompt = []

    def moved():
        t = j.table()
        if t is not None and not prompt and t.state().to_act() == 1:
            prompt.append((h.table().prompt_text(h.table().state().view(None), -1),
                           t.prompt_text(t.state().view(), 1)))
        return len(moves_by(h, 1)) == 1
    run([h, j], until=moved)
    took = hub.t - start
    assert 15000 <= took <= 16500, took
    assert prompt[0][0].split("\n")[-1] in ("Jo to play: 15 s", "Jo to play: 14 s"), prompt
    assert prompt[0][1].startswith("1") and " s  " in prompt[0][1], prompt
    assert h.app.link.kind(1) == "remote"          # the seat stays the joiner's
    start = hub.t
    run([h, j], until=lambda: len(moves_by(h, 1)) == 2)
    assert hub.t - start >= 15000                  # its next move: the whole time again


def test_without_a_turn_timer_a_joiner_has_a_minute_and_sees_its_last_seconds():
    # (a joiner that holds the seat and never moves cannot stall the table:
    # ui.link.proto's IDLE_MS)
    from ui.link.proto import IDLE_MS, IDLE_SHOWN_MS
    hub, h = host_table("callbreak", ["bot", "remote", "bot", "bot"], seed=4)
    j = idle_joiner(hub)
    run([h, j], until=lambda: h.table().state().to_act() == 1 and j.table() is not None)
    shown = []
    for _ in range((IDLE_MS - IDLE_SHOWN_MS) // 20 - 100):    # 38 s: nothing, no countdown
        hub.t += 20
        h.step(hub.t)
        j.step(hub.t)
        shown.append(j.table().client.turn_left(hub.t))
    assert not moves_by(h, 1) and h.table().state().to_act() == 1
    assert shown == [None] * len(shown)
    run([h, j], until=lambda: moves_by(h, 1) or shown.append(j.table().client.turn_left(hub.t)))
    assert IDLE_SHOWN_MS // 1000 in shown and 1 in shown      # the last 20 s counted down
    assert h.app.link.kind(1) == "remote"


def test_rejoining_in_a_loop_neither_resets_the_turn_timer_nor_the_grace():
    hub, h = host_table("callbreak", ["bot", "remote", "bot", "bot"], seed=4, grace=30,
                        turn=20)
    a = Raw(hub, h)
    tok = a.say(t="hello", name="Ann")[0]["token"]
    link = h.app.link
    while h.table().state().to_act() != 1:
        a.pump(5)
    start = hub.t
    for _ in range(25):                             # away 1 s, back 0.2 s, again...
        a.sock.close()
        a.pump(100)
        a = Raw(hub, h)
        assert a.say(t="hello", token=tok)[0]["t"] == "welcome"
        a.pump(22)
        if moves_by(h, 1):
            break
    assert moves_by(h, 1), "the turn timer was reset by the rejoins"
    assert hub.t - start <= 21000
    # the grace: dropping again soon after coming back gets what was left
    a.sock.close()
    a.pump(5)
    first = link.wait_left
    assert 0 < first <= 30
    a = Raw(hub, h)
    a.say(t="hello", token=tok)
    a.pump(1000)                                    # 10 s back
    a.sock.close()
    a.pump(5)
    assert link.kind(1) == "away" and link.wait_left < first


def test_grace_zero_means_no_grace():
    from ui.link import lobby as link_lobby
    hub = linkrig.Hub()
    h = Player(hub, "host")
    link_lobby.from_options(h.app, {"host": True, "quick": "callbreak", "seats": "1 l 1 1",
                                    "grace": 0, "seed": 4})
    assert h.app.link.grace_ms == 0
    a = Raw(hub, h)
    a.say(t="hello", name="Ann")
    a.sock.close()
    a.pump(2)
    assert h.app.link.kind(1) == "bot"



# --- what the screens say about the seats ----------------------------------------

def step_all(hub, players, n=5):
    for _ in range(n):
        hub.t += 20
        for p in players:
            p.step(hub.t)


def test_the_host_plays_its_own_turn_while_a_joiners_grace_runs():
    hub, h = host_table("callbreak", ["human", "remote", "bot", "bot"], seed=8, grace=30)
    j = joiner(hub, "j", "Jo")
    run([h, j], until=lambda: j.table() is not None and h.table().state().to_act() == 0
        and h.table().state().view(None)["phase"] == "play")
    n = len(h.table().state().log)
    j.kill()
    t = h.table()
    run([h], until=lambda: not t.hold_until, limit_steps=500)
    assert h.app.link.kind(1) == "away"
    lines = t.prompt.split("\n")
    assert lines[0].startswith("Jo left: bot in") and len(lines) == 2, t.prompt
    run([h], until=lambda: len(t.state().log) > n, limit_steps=500)
    assert h.app.link.kind(1) == "away"          # played well inside the grace


def test_seat_news_on_the_host_and_the_joiners_screens():
    hub, h = host_table("callbreak", ["human", "remote", "remote", "bot"], seed=8, grace=30)
    j = joiner(hub, "j", "Jo")
    a = Raw(hub, h)
    tok = a.say(t="hello", name="Ada", seat=2)[0]["token"]    # (the bot is Ann)

    def going():
        a.sock.send(b'{"v":1,"t":"ping"}\n')            # Ada stays connected
        a.sock.inq = b""
        return j.table() is not None
    run([h, j], until=going)
    a.sock.close()
    step_all(hub, [h, j])
    assert h.app.link.kind(2) == "away"
    a = Raw(hub, h)
    a.say(t="hello", token=tok)
    step_all(hub, [h, j])
    assert h.table().prompt.split("\n")[0] == "Ada is back"
    assert j.table().prompt.split("\n")[0] == "Ada is back"
    step_all(hub, [h, j], P.NEWS_MS // 20 + 10)
    assert "Ada is back" not in h.table().prompt + j.table().prompt
    a.say(t="bye")
    step_all(hub, [h, j])
    assert h.table().prompt.split("\n")[0] == "Ada left: a bot plays"
    assert j.table().prompt.split("\n")[0] == "Ada left: a bot plays"


def test_a_joiner_says_a_person_is_to_play_not_thinking():
    hub, h = host_table("callbreak", ["human", "remote", "bot", "bot"], seed=8)
    h.app.link.session.names[0] = "Kim"       # (the bots are Ann and Bob)
    j = joiner(hub, "j", "Jo")
    said = set()

    def watch():
        t = j.table()
        if t is not None and t.state().to_act() in (0, 2):
            said.add(t.prompt)
        return len(h.table().state().log) > 40
    run([h, j], until=watch)
    assert "Kim to play" in said and "Kim is thinking..." not in said
    assert any(x.endswith("is thinking...") for x in said)     # the bots still think


def test_a_joiners_legal_moves_are_worded_as_the_hosts_engine_words_them():
    # Call Break's bids are calls on the joiner too (its text console lists
    # them): a state message carries the host engine's words for its actions
    from engine import games
    from ui.link.host import words
    from ui.link.state import RemoteState
    for gid in ("callbreak", "nommie", "israeli"):
        st = games.new_game(gid, seed=3)
        r = RemoteState()
        r.v = st.view(st.to_act())
        r.words = words(st, r.v, st.legal_actions())
        for a in st.legal_actions():
            assert r.action_text(a) == st.action_text(a), (gid, a)
    assert RemoteState().action_text(101) == "bid 1"      # a move no message named: plain words
