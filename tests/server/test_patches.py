"""Patches: a client that asks for them (``?patches=1``) rebuilds exactly the state a whole-view client is sent."""

from __future__ import annotations

import json
import random
from contextlib import ExitStack

from server_wire import new_table, receive_until

from parlour.server import ws as ws_module
from parlour.server.patch import apply


def is_state(version: int):
    def wanted(message):
        assert message["type"] != "error", message
        return message["type"] in ("state", "patch") and message["version"] == version
    return wanted


def test_patched_states_equal_the_whole_ones_through_a_pack(client, monkeypatch):
    monkeypatch.setattr(ws_module, "RATE", 1000.0)  # a pack's worth of moves at a test's speed
    table = new_table(client)
    url = f"/ws/{table['table']}"
    tokens = [s["token"] for s in table["seats"]]
    with ExitStack() as stack:
        def open_(seat, patches):
            query = [f"token={tokens[seat]}"] if seat is not None else []
            query += ["patches=1"] if patches else []
            return stack.enter_context(client.websocket_connect(url + ("?" + "&".join(query) if query else "")))

        # per seat (None: a spectator): a socket sent whole states, and one sent patches
        sockets = {seat: (open_(seat, False), open_(seat, True)) for seat in (0, 1, None)}
        known = {seat: (receive_until(full, is_state(0)), receive_until(patched, is_state(0)))
                 for seat, (full, patched) in sockets.items()}
        rng = random.Random(3)
        kinds, sizes, appended = [], {"state": 0, "patch": 0}, 0
        version = 0
        while known[0][0]["view"]["pack"] == 1:  # through the first pack, into the second
            mover = known[0][0]["view"]["to_act"][0]
            view = known[mover][0]["view"]
            sockets[mover][0].send_json({"type": "action", "action": rng.choice(view["legal"]), "version": version})
            version += 1
            for seat, (full, patched) in sockets.items():
                whole = receive_until(full, is_state(version))
                message = receive_until(patched, is_state(version))
                kinds.append(message["type"])
                sizes[message["type"]] += len(json.dumps(message))
                appended += "append" in message
                rebuilt = message if message["type"] == "state" else apply(known[seat][1], message)
                assert rebuilt == whole, f"seat {seat}, version {version}"
                known[seat] = (whole, rebuilt)
        # every change reached the patch sockets as a patch, most with the growing log as appended events only
        assert kinds.count("patch") == len(kinds) and appended >= version
        assert sizes["patch"] < len(kinds) * len(json.dumps(known[0][0])) / 3

        # a client that asks is sent the whole state again, and patches go on from it
        full, patched = sockets[1]
        patched.send_json({"type": "sync"})
        again = receive_until(patched, lambda m: m["type"] in ("state", "patch"))
        assert again == known[1][0]


def test_a_client_without_the_previous_version_gets_the_whole_state(client):
    table = new_table(client)
    urls = [f"/ws/{table['table']}?token={s['token']}&patches=1" for s in table["seats"]]
    with client.websocket_connect(urls[0]) as a, client.websocket_connect(urls[1]) as b:
        states = [receive_until(a, is_state(0)), receive_until(b, is_state(0))]
        seat = states[0]["view"]["to_act"][0]
        (a, b)[seat].send_json({"type": "action", "action": states[seat]["view"]["legal"][0], "version": 0})
        assert receive_until(a, is_state(1))["type"] == receive_until(b, is_state(1))["type"] == "patch"
        # a socket that connects now has nothing to patch: the whole state
        with client.websocket_connect(urls[0]) as late:
            assert receive_until(late, is_state(1))["type"] == "state"
