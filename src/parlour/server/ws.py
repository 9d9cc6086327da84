"""The table's WebSocket: ``/ws/{table}?token=...`` for a seat, no token for a spectator; ``&patches=1`` asks for
``patch`` messages (what changed in the view since the client's version) instead of a whole state on every change.

Every client message is checked before it reaches the table: size, rate, JSON, type. A refused message gets an
``error`` to its sender alone and changes nothing.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import deque
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from .cluster import Unavailable
from .limits import RateLimit
from .patch import encode
from .report import unexpected
from .sockets import limited
from .table import ActionError, Client, Table

log = logging.getLogger("parlour.server")
router = APIRouter()

MAX_MESSAGE = 4096
RATE = 20.0  # messages per second, with bursts of as many
#: A socket that has this many messages refused as too fast within FLOOD_WINDOW seconds is closed.
FLOOD_CLOSE = 60
FLOOD_WINDOW = 5.0
#: Arrays and objects nest at most this deep in a client message (the protocol's messages are flat).
MAX_DEPTH = 8
#: A frame larger than this (bytes) closes the socket at once (1009), before it is read: ``parlour serve`` gives it
#: to the WebSocket implementation.
MAX_FRAME = 65536


ONE_OBJECT = "a message is one JSON object with a 'type', e.g. {\"type\": \"ping\"}"


def parse(text: str) -> dict[str, Any]:
    """A client message as a dict; :class:`ActionError` (``bad_json``) saying what is wrong with it otherwise.

    >>> parse('{"type": "ping"}')
    {'type': 'ping'}
    >>> for bad in ['[' * 1500 + ']' * 1500, '{"type": "chat", "text": "\\\\ud800"}', '[1]']:
    ...     try:
    ...         parse(bad)
    ...     except ActionError as e:
    ...         print(e.code, "-", " ".join(e.message.split()[:6]))
    bad_json - a message is one JSON object
    bad_json - a message's text must be valid
    bad_json - a message is one JSON object
    """
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: brackets nested deeper than Python's stack
        raise ActionError("bad_json", ONE_OBJECT) from None
    if not isinstance(data, dict):
        raise ActionError("bad_json", ONE_OBJECT)
    problem = _problem(data)
    if problem:
        raise ActionError("bad_json", problem)
    return data


def _problem(value: Any) -> str | None:
    """What is wrong with a parsed message's values, if anything: nesting too deep, or text that is not Unicode.

    Walked without recursion; the nesting limit keeps later code (logging, echoing) from recursing deeply either.
    """
    todo = [(value, 0)]
    while todo:
        v, depth = todo.pop()
        if depth > MAX_DEPTH:
            return f"a message nests arrays and objects at most {MAX_DEPTH} deep"
        if isinstance(v, str):
            try:
                v.encode()
            except UnicodeEncodeError:
                return ("a message's text must be valid Unicode: it holds half of a surrogate pair (an escape such "
                        "as \\ud800 without its partner)")
        elif isinstance(v, dict):
            todo.extend((k, depth + 1) for k in v)
            todo.extend((x, depth + 1) for x in v.values())
        elif isinstance(v, list):
            todo.extend((x, depth + 1) for x in v)
    return None


def _error(code: str, message: str) -> str:
    return encode({"type": "error", "code": code, "message": message})


async def _writer(ws: WebSocket, client: Client) -> None:
    """Send the client's queued messages in order; ``None`` closes the socket."""
    try:
        while True:
            text = await client.outbox.get()
            if text is None:
                await ws.close(1008 if client.closed else 1000)
                return
            await ws.send_text(text)
    except Exception:  # the peer went away: the reader notices and cleans up
        client.closed = True


@router.websocket("/ws/{table_id}")
@limited  # sockets per address and per seat token (Limits.sockets_per_address, sockets_per_seat)
async def table_socket(ws: WebSocket, table_id: str, token: str | None = None, patches: str | None = None) -> None:
    await ws.accept()
    lobby = ws.app.state.lobby
    try:
        table: Table | None = await lobby.get(table_id)
    except Unavailable as e:  # one of several servers, cut off from the others for a moment: the client retries
        await ws.send_text(_error("retry", str(e)))
        await ws.close(1013)
        return
    except Exception as e:  # a log that no longer replays (its game was removed): this table alone stays closed
        unexpected.report("rebuilding a table", e, f"table {table_id}")
        await ws.send_text(_error("server_error", f"table {table_id!r} cannot be rebuilt from its log"))
        await ws.close(1011)
        return
    if table is None:
        await ws.send_text(_error("not_found", f"there is no table {table_id!r}"))
        await ws.close(4404)
        return
    seat = None
    if token is not None:
        seat = lobby.seat_of(table, token)
        if seat is None:
            await ws.send_text(_error("bad_token", "this token holds no seat at this table: use your invitation "
                                                   "link as it was given, or no token to watch as a spectator"))
            await ws.close(4403)
            return
    client = Client(seat, patches=patches not in (None, "", "0", "false"))
    try:
        await table.join(client)  # no await before it: a table with a client never leaves memory
    except ActionError as e:  # full
        await ws.send_text(encode(e.to_message()))
        await ws.close(4429)
        return
    except BaseException:
        table.leave(client)
        raise
    writer = asyncio.create_task(_writer(ws, client))
    try:
        await _read(ws, table, client)
    except WebSocketDisconnect:
        pass
    finally:
        table.leave(client)
        try:
            await asyncio.wait_for(writer, 1.0)
        except (asyncio.TimeoutError, Exception):
            writer.cancel()


async def _read(ws: WebSocket, table: Table, client: Client) -> None:
    bucket, refused = RateLimit(RATE), deque()
    while not client.closed:
        message = await ws.receive()
        if message["type"] == "websocket.disconnect":
            return
        text = message.get("text")
        if text is None:
            client.send(_error("bad_json", "messages are JSON text, not binary frames"))
            continue
        if not bucket.allow():
            now = time.monotonic()
            refused.append(now)
            while refused[0] < now - FLOOD_WINDOW:
                refused.popleft()
            if len(refused) >= FLOOD_CLOSE:
                client.send(_error("flood", f"too many messages: at most {RATE:g} a second; closing"))
                client.close()
                return
            client.send(_error("flood", f"too many messages: at most {RATE:g} a second; this one was dropped"))
            continue
        if len(text) > MAX_MESSAGE or len(text.encode()) > MAX_MESSAGE:
            client.send(_error("too_big", f"a message holds at most {MAX_MESSAGE} bytes"))
            continue
        try:
            data = parse(text)
        except ActionError as e:
            client.send(encode(e.to_message()))
            continue
        await _dispatch(table, client, data)


async def _dispatch(table: Table, client: Client, data: dict[str, Any]) -> None:
    kind = data.get("type")
    try:
        if kind == "action":
            await table.submit(client.seat, data.get("action"), data.get("version"))
        elif kind == "chat":
            await table.chat(client, data.get("text"))
        elif kind == "start":
            await table.start(client.seat)
        elif kind == "hand":
            await table.hand(client.seat, data.get("seat"))
        elif kind == "next":
            await table.next_round(client.seat)
        elif kind == "ping":
            client.send('{"type": "pong"}')
        elif kind == "sync":  # a client that lost track of its view asks for the whole state
            table.send_state(client)
        else:
            raise ActionError("unknown_type", f"unknown message type {kind!r}; the types are action, chat, start, "
                                              "hand, next, ping, sync")
    except ActionError as e:
        client.send(encode(e.to_message()))
    except Exception as e:
        unexpected.report(f"the {kind} handler", e, f"table {table.id}, seat {client.seat}: {json.dumps(data)[:200]}")
        client.send(_error("server_error", "the server could not handle this message; nothing changed"))
