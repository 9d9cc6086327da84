"""``docs/protocol.md`` states every limit the server enforces, with the very figures the code uses.

A limit changed in the code (a constant, a flag's default) fails here until the document says the new figure.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import click

from parlour.cli.serve import serve
from parlour.server import api, bots, lobby, table, ws
from parlour.server.limits import Limits

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def doc() -> str:
    """The document with its line breaks and runs of spaces made single spaces (sentences wrap anywhere)."""
    return " ".join(DOC.read_text().split())


def flag_rows() -> dict[str, str]:
    """The "Limits" table: flag -> default, as written."""
    rows = {}
    for line in DOC.read_text().splitlines():
        m = re.fullmatch(r"\| .+ \| `(--[a-z-]+)` \| (.+) \|", line)
        if m:
            rows[m.group(1)] = m.group(2)
    return rows


def limit_options() -> dict[str, click.Option]:
    """``parlour serve``'s options that are limits (not where to listen, which database or Redis, test seeds, TLS
    files or where notification mails go)."""
    return {p.opts[0]: p for p in serve.params
            if isinstance(p, click.Option) and p.name not in ("host", "port", "db", "redis_url", "fixed_seeds",
                                                                "allowed_origins", "api_docs", "tls_cert", "tls_key", "smtp",
                                                                "mail_from", "public_url")}


def test_every_limit_is_a_serve_flag_whose_default_the_doc_states():
    options, rows = limit_options(), flag_rows()
    by_name = {o.name.removeprefix("max_"): o for o in options.values()}
    for limit in dataclasses.fields(Limits):  # each limit has its flag, defaulting to the limit's default
        assert by_name[limit.name].default == limit.default, limit.name
    assert set(rows) == set(options), "the doc's limits table lists exactly the serve flags that are limits"
    for flag, option in options.items():
        if option.default is None:  # --bot-workers: computed at start
            assert rows[flag] == "one per core"
        else:
            assert rows[flag] == f"{option.default:g}", flag


def test_the_fixed_limits_are_stated_with_the_code_s_figures():
    text = doc()
    assert ws.MAX_MESSAGE % 1024 == 0 and ws.MAX_FRAME % 1024 == 0
    kib, frame = ws.MAX_MESSAGE // 1024, ws.MAX_FRAME // 1024
    stated = [
        # the paragraph of fixed limits
        f"a client message is at most {kib} KiB and nests arrays and objects at most {ws.MAX_DEPTH} deep",
        f"a socket sends at most {ws.RATE:g} messages a second (bursts of {ws.RATE:g}; {ws.FLOOD_CLOSE} refused "
        f"within {ws.FLOOD_WINDOW:g} s close it)",
        f"a chat line holds at most {table.CHAT_LIMIT} characters",
        f"seat says at most {table.CHAT_RATE:g} chat line a second (bursts of {table.CHAT_BURST}), however many "
        "sockets it opens or reopens, and the spectators of a table share one such allowance",
        f"a frame over {frame} KiB closes the socket",
        f"a client that leaves {table.OUTBOX_LIMIT} messages unread is dropped",
        f"`GET /api/tables?tokens=` reads at most {api.MAX_TOKENS} tokens",
        f"at most {lobby.KEEP_FINISHED} finished tables nobody watches stay in memory",
        f"a bot thinks at most {bots.time_limit('random'):g} s (`random`) or {bots.DEFAULT_TIME_LIMIT:g} s (other "
        "levels)",
        f"a bot worker still busy {bots.hard_limit('random'):g} s (or three time limits)",
        # the WebSocket section says them again where a client author reads first
        f"At most {kib} KiB per client message and {ws.RATE:g} messages per second per connection (bursts of "
        f"{ws.RATE:g})",
        f"({ws.FLOOD_CLOSE} messages dropped as too fast within {ws.FLOOD_WINDOW:g} seconds)",
        f"a frame over {frame} KiB closes it at once (1009)",
        f"A client that leaves {table.OUTBOX_LIMIT} server messages unread is dropped",
        f"`text` (≤ {table.CHAT_LIMIT} chars",
        f"`too_big` — over {kib} KiB, or chat over {table.CHAT_LIMIT} characters",
        f"nested more than {ws.MAX_DEPTH} deep",
        f"(`random` {bots.time_limit('random'):g} s, others {bots.DEFAULT_TIME_LIMIT:g} s)",
    ]
    missing = [s for s in stated if s not in text]
    assert not missing, f"docs/protocol.md does not say: {missing}"
    assert bots.hard_limit("slow") == max(bots.hard_limit("random"), 3 * bots.time_limit("slow"))
