"""The stranger of ``test_loop_stalls.py``, in a process of its own (so that its work is not the server's loop's):
``python stall_client.py BASE OLD_TABLE PHASE`` runs one phase of the attack and prints what it was answered, as
JSON."""

from __future__ import annotations

import json
import sys
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from websockets.sync.client import connect

HUMAN = {"kind": "human"}
#: The attack's start position: 24,000 variations, 192,009 characters.
HUGE = "(;SZ[19]" + "(;B[aa])" * 24000 + ")"
#: The costliest position a new table takes: 2,000 nodes and 10,000 values in some 42,000 characters.
BOUNDED = "(;SZ[19]" + "(;B[aa]C[a][b][c][d])" * 1999 + ")"


def request(method: str, url: str, body: Any = None) -> tuple[int, str]:
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=120) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def first_message(url: str) -> dict[str, Any]:
    with connect(url, open_timeout=120, max_size=None) as sock:
        return json.loads(sock.recv(timeout=120))


def phase(base: str, old: str, name: str) -> Any:
    ws = base.replace("http://", "ws://")
    with ThreadPoolExecutor(10) as pool:
        if name == "huge":  # six tables from the attack's position at once, Go and Rengo
            return list(pool.map(lambda g: request("POST", base + "/api/tables", {
                "game": g[0], "seats": [HUMAN] * g[1], "setup": HUGE}), [("go", 2), ("rengo", 4)] * 3))
        if name == "bounded":  # the costliest position taken, as a new table and as one finished at once
            return list(pool.map(lambda i: request("POST", base + "/api/tables", {
                "game": "go", "seats": [HUMAN] * 2, "setup": BOUNDED,
                **({"seed": 1, "moves": [[1, "resign"]]} if i else {})}), range(3)))
        if name.startswith("records "):  # a finished table's records, again and again
            table = name.split()[1]
            return list(pool.map(lambda suffix: request("GET", f"{base}/api/tables/{table}/record{suffix}"),
                                 [".sgf", ".sgf", ".sgf", "", ""]))
        if name == "replay":
            return request("GET", f"{base}/api/tables/{old}/replay?version=0")
        if name == "socket":
            return first_message(f"{ws}/ws/{old}")
    raise ValueError(name)


if __name__ == "__main__":
    print(json.dumps(phase(*sys.argv[1:4])))
