"""Several ``parlour serve`` processes on one PostgreSQL database, their tables' messages fanned out through Redis.

Turned on by ``parlour serve --redis redis://HOST:6379/0`` (or ``PARLOUR_REDIS``); without it nothing here runs and
one process owns its database alone (:mod:`.owner`). Each process is a *node* with a random id. The database stays
the one log; Redis carries only what is live:

- ``parlour:lease:TABLE`` = the owning node's id, with a time to live of :data:`LEASE` seconds that the owner
  renews every :data:`RENEW` seconds. The owner alone checks, logs and announces actions and runs the table's
  clocks and bots. A node whose clients connect to a table another node owns holds a *mirror* of it: replayed
  from the log, kept up to date by the owner's published entries, showing its own clients their views.
- ``parlour:table:TABLE`` (pub/sub): the owner publishes each logged entry; every node publishes the chat lines
  said through it and who is connected through it (presence).
- ``parlour:node:NODE`` (pub/sub): actions forwarded to the node that owns their table, and its answers.
- ``parlour:alive:NODE``: set with a TTL by each live node, so that presence of a dead node is forgotten.

An action sent to a mirror is forwarded to the owner, whose answer (taken, or refused and why) comes back to the
sender; the new state comes through the table's channel like everyone's. When the owner does not answer within
:data:`ANSWER` seconds, the sender gets the error ``retry`` (nothing was taken here; send again): clients re-send.
When an owner dies, its lease runs out, and a node that mirrors the table takes the lease, reads the entries it
missed from the log and becomes the owner (:meth:`Cluster.promote`); clients of the dead node reconnect to any
other. A unique index per table and action number in the log keeps two owners from ever forking it (one that
loses that race reads the log again). When Redis goes away for a while, owners go on with their tables; mirrors
catch up from the log when it returns, and actions sent to them meanwhile are refused with ``retry``.

>>> Cluster.lease_key("abc"), Cluster.table_channel("abc")
('parlour:lease:abc', 'parlour:table:abc')
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import secrets
import time
from typing import TYPE_CHECKING, Any

from parlour.core.i18n import Message

from .report import unexpected
from .storage import ActionRow, ChatRow

if TYPE_CHECKING:
    from .lobby import Lobby
    from .table import Table

log = logging.getLogger("parlour.server")

#: Seconds a lease lives unless renewed; an owner that died is replaced within about this long.
LEASE = 5.0
#: Seconds between renewals of the leases this node holds (and checks of the leases of the tables it mirrors).
RENEW = 1.0
#: Seconds a forwarded action waits for the owner's answer before the client is told to retry.
ANSWER = 6.0

#: Seconds after Redis came back, or after this node took a table over, during which its own tables are checked
#: against the log too (the former owner learns within a renewal that it is not the owner any more).
UNSURE = 3 * LEASE

#: Seconds the database may go without answering before this node stops renewing its leases: a node that cannot
#: log its tables' actions lets the others (which can) take them over, instead of holding them while it is cut off.
DATABASE_PATIENCE = 3.0

#: Seconds a node is taken for alive after its last sign (its players' presence is then forgotten).
ALIVE = 15.0
#: Tries of a batch of messages to publish, a quarter second apart, before it is dropped.
PUBLISH_TRIES = 20

# Take the lease if free, renew it if ours; either way answer who holds it now.
_TAKE = """
local v = redis.call('GET', KEYS[1])
if v == false then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return ARGV[1]
end
if v == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return v
"""
# Give the lease up, if it is still ours.
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


class Unavailable(Exception):
    """Redis cannot be reached: which node owns a table is unknown for now (clients try again later)."""


def retry_error(why: str) -> Any:
    from .table import ActionError
    return ActionError("retry", f"{why}; nothing was taken here: send your move again")


class Cluster:
    """This node's link to the others: leases, the table channels, forwarded actions."""

    def __init__(self, url: str, node: str | None = None) -> None:
        import redis.asyncio as aioredis  # the optional extra: pip install 'parlour[cluster]'

        self.url = url
        self.node = node or secrets.token_hex(6)
        self.redis = aioredis.from_url(url, socket_connect_timeout=2, socket_timeout=5, health_check_interval=5)
        self.lobby: Lobby | None = None
        self._take = self.redis.register_script(_TAKE)
        self._release = self.redis.register_script(_RELEASE)
        self._outbox: asyncio.Queue[tuple[str, str] | None] = asyncio.Queue()
        self._answers: dict[int, asyncio.Future] = {}
        self._ids = itertools.count(1)
        self._channels: set[str] = set()  # the table channels this node listens to
        self._unsure_until = 0.0  # until when owned tables are checked against the log too (_behind)
        self._database_answered = time.monotonic()  # when the database last answered (_watch_database)
        self._pubsub: Any = None
        self._tasks: list[asyncio.Task] = []
        self._spawned: set[asyncio.Task] = set()
        self.connected = asyncio.Event()

    # --- names -------------------------------------------------------------------------------------------------------

    @staticmethod
    def lease_key(table_id: str) -> str:
        return f"parlour:lease:{table_id}"

    @staticmethod
    def table_channel(table_id: str) -> str:
        return f"parlour:table:{table_id}"

    @staticmethod
    def node_channel(node: str) -> str:
        return f"parlour:node:{node}"

    # --- life --------------------------------------------------------------------------------------------------------

    async def start(self, lobby: "Lobby") -> None:
        """Connect (Redis must answer now: a node that cannot reach it refuses to start) and start listening."""
        self.lobby = lobby
        try:
            await self.redis.ping()
            await self._alive()
        except Exception as e:
            raise Unavailable(f"cannot reach Redis at {self.url}: {e}") from None
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._listen()), loop.create_task(self._publisher()),
                       loop.create_task(self._renew()), loop.create_task(self._watch_database())]
        await asyncio.wait_for(self.connected.wait(), 10)

    async def close(self) -> None:
        """Give up this node's leases (the others take its tables at once) and disconnect."""
        for task in self._tasks:
            task.cancel()
        if self._spawned:  # the leases of the tables that just left memory, given up
            await asyncio.wait(list(self._spawned), timeout=2.0)
        if self.lobby is not None:
            for table in list(self.lobby.tables.values()):
                if not table.mirror:
                    try:
                        await self._release(keys=[self.lease_key(table.id)], args=[self.node])
                    except Exception:
                        break  # Redis is away: the leases run out by themselves
        try:
            await self.redis.delete(f"parlour:alive:{self.node}")
        except Exception:
            pass
        if self._pubsub is not None:
            try:
                await self._pubsub.aclose()
            except Exception:
                pass
        await self.redis.aclose()

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._spawned.add(task)
        task.add_done_callback(self._spawned.discard)

    # --- leases ------------------------------------------------------------------------------------------------------

    async def take(self, table_id: str) -> str:
        """Take the table's lease if nobody holds it (renew it if we do); the id of the node that holds it."""
        try:
            holder = await self._take(keys=[self.lease_key(table_id)], args=[self.node, int(LEASE * 1000)])
        except Exception as e:
            raise Unavailable(f"Redis is out of reach ({type(e).__name__}); try again in a moment") from None
        return holder.decode() if isinstance(holder, bytes) else str(holder)

    def release(self, table: "Table") -> None:
        """The table left this node's memory: stop listening to it and give up its lease if we held it."""
        self._channels.discard(self.table_channel(table.id))
        self._spawn(self._forget(table.id, owned=not table.mirror))

    async def _forget(self, table_id: str, owned: bool) -> None:
        try:
            if self._pubsub is not None and self.table_channel(table_id) not in self._channels:
                await self._pubsub.unsubscribe(self.table_channel(table_id))
            if owned:
                await self._release(keys=[self.lease_key(table_id)], args=[self.node])
        except Exception:  # Redis away: resubscription skips it, and the lease runs out
            pass

    async def watch(self, table_id: str) -> None:
        """Listen to the table's channel (before reading its log, so that no entry falls between)."""
        channel = self.table_channel(table_id)
        if channel in self._channels:
            return
        self._channels.add(channel)
        try:
            await self._pubsub.subscribe(channel)
        except Exception as e:
            self._channels.discard(channel)
            raise Unavailable(f"Redis is out of reach ({type(e).__name__}); try again in a moment") from None

    async def _renew(self) -> None:
        """Renew our leases and check the others': a mirror whose owner's lease ran out takes the table."""
        while True:
            await asyncio.sleep(RENEW)
            lobby = self.lobby
            if lobby is None:
                continue
            try:
                await self._alive()
                tables = [t for t in lobby.tables.values() if not t.closed and not t.state.over]
                if not tables:
                    continue
                if time.monotonic() - self._database_answered > DATABASE_PATIENCE:
                    log.warning("cluster: the database has not answered for %.0f s; node %s lets its leases run "
                                "out", time.monotonic() - self._database_answered, self.node)
                    continue
                async with self.redis.pipeline(transaction=False) as pipe:
                    for table in tables:
                        await self._take(keys=[self.lease_key(table.id)], args=[self.node, int(LEASE * 1000)],
                                         client=pipe)
                    holders = await pipe.execute()
                await self._forget_dead_nodes(tables)
                await self._behind(tables)
            except Exception as e:
                log.warning("cluster: renewing leases failed (%s); trying again", type(e).__name__)
                continue
            for table, holder in zip(tables, holders):
                holder = holder.decode() if isinstance(holder, bytes) else str(holder)
                if table.closed:
                    continue
                if holder == self.node and table.mirror:
                    self._spawn(self.promote(table))
                elif holder != self.node and not table.mirror:
                    self._spawn(self.demote(table, holder))

    async def _watch_database(self) -> None:
        """Ask the database every renewal whether it is in reach (a cut link answers nothing: the ask times out)."""
        while True:
            await asyncio.sleep(RENEW)
            if self.lobby is None:
                continue
            try:
                await asyncio.wait_for(self.lobby.store.ping(), timeout=DATABASE_PATIENCE)
            except Exception:
                continue  # not answered: _renew sees how long ago it last did
            self._database_answered = time.monotonic()

    async def _behind(self, tables: list["Table"]) -> None:
        """A safety net: a mirror behind the log (an entry's message lost in a Redis outage, with no entry after
        it to show the gap) reads the log. So does an owner for a while after Redis came back or it took a table
        over: the process that owned it before may have logged a move before it learnt that it no longer does, and
        that move's message may have gone out before this process listened again."""
        if self.lobby is None:
            return
        unsure = time.monotonic() < self._unsure_until
        tables = [t for t in tables if t.mirror or unsure]
        if not tables:
            return
        logged = await self.lobby.store.versions([t.id for t in tables])
        for table in tables:
            if logged.get(table.id, 0) > len(table.log) and not table.lock.locked():
                self._spawn(table.locked_catch_up())

    async def _alive(self) -> None:
        await self.redis.set(f"parlour:alive:{self.node}", 1, px=int(ALIVE * 1000))

    async def _forget_dead_nodes(self, tables: list["Table"]) -> None:
        nodes = sorted({node for t in tables for node in t.remote})
        if not nodes:
            return
        alive = await self.redis.mget([f"parlour:alive:{n}" for n in nodes])
        dead = {n for n, a in zip(nodes, alive) if a is None}
        for table in tables:
            if dead & set(table.remote):
                for n in dead:
                    table.remote.pop(n, None)
                table._presence_changed()
                table.announce_presence(ask=True)  # a node only slow, not dead, answers and is shown again

    # --- owner changes -----------------------------------------------------------------------------------------------

    async def promote(self, table: "Table") -> None:
        """This node took the lease of a table it mirrored (its owner died or let it go): become its owner."""
        lobby = self.lobby
        assert lobby is not None
        async with table.lock:
            if not table.mirror or table.closed:
                return
            await table.catch_up()
            saved = await lobby.store.clock(table.id)
            stopped = None
            if saved is not None:
                stopped = saved.paused if saved.paused is not None else await lobby.store.run_end(saved.run)
            table.resume(saved, stopped, lobby.limits.reconnect_grace)
            table.mirror = False
            self._unsure_until = time.monotonic() + UNSURE
            await lobby.store.save_clock(table.clock_row(lobby.run))
            log.info("cluster: node %s took table %s over at version %d", self.node, table.id, table.version)
            # What the old owner may not have logged yet: the start (everyone here), a person back at her seat.
            await table.check_seats()
            table.schedule()

    async def demote(self, table: "Table", holder: str) -> None:
        """Another node holds the lease of a table we thought ours (Redis lost it for a while): mirror it."""
        table.mirror = True
        table.schedule()  # cancels its timers: a mirror arms none
        table.cancel_bots()
        log.warning("cluster: node %s lost table %s to node %s", self.node, table.id, holder)
        async with table.lock:
            await table.catch_up()

    # --- publishing --------------------------------------------------------------------------------------------------

    def _publish(self, channel: str, message: dict[str, Any]) -> None:
        self._outbox.put_nowait((channel, json.dumps(message)))

    async def _publisher(self) -> None:
        """Publish in order, in pipelines of whatever has queued up. A batch that fails is tried again for a few
        seconds (the connection comes back), then dropped: mirrors notice a gap in entry numbers, read the log
        again once Redis is back, and when a forwarded action is refused as stale."""
        while True:
            first = await self._outbox.get()
            batch = [first]
            while not self._outbox.empty() and len(batch) < 1000:
                batch.append(self._outbox.get_nowait())
            for attempt in range(PUBLISH_TRIES):
                try:
                    async with self.redis.pipeline(transaction=False) as pipe:
                        for channel, text in batch:
                            pipe.publish(channel, text)
                        await pipe.execute()
                    break
                except Exception as e:
                    if attempt == PUBLISH_TRIES - 1:
                        log.warning("cluster: %d messages not published (%s)", len(batch), type(e).__name__)
                    else:
                        await asyncio.sleep(0.25)

    def entry(self, table: "Table", entry: ActionRow) -> None:
        """The owner logged an entry: tell the mirrors."""
        self._publish(self.table_channel(table.id), {"k": "entry", "n": self.node, "i": entry.index, "s": entry.seat,
                                                     "a": entry.action, "t": entry.t})

    def chat(self, table: "Table", line: ChatRow) -> None:
        self._publish(self.table_channel(table.id), {"k": "chat", "n": self.node, "s": line.seat, "name": line.name,
                                                     "text": line.text, "t": line.t})

    def rematch(self, table: "Table", rematch_id: str, by: int | None) -> None:
        """A rematch was offered at the table through this node: the others tell their clients (from the log)."""
        self._publish(self.table_channel(table.id), {"k": "rematch", "n": self.node, "table": rematch_id, "by": by})

    def presence(self, table: "Table", seats: list[int], spectators: int, ask: bool = False) -> None:
        """Who is connected to the table through this node (``ask``: the others answer with theirs)."""
        self._publish(self.table_channel(table.id), {"k": "presence", "n": self.node, "seats": seats,
                                                     "spectators": spectators, "ask": ask})

    # --- forwarding --------------------------------------------------------------------------------------------------

    async def forward(self, table: "Table", seat: int, text: str, version: int, arrived: float) -> None:
        """Send a mirror's action to the table's owner; raise its refusal (an ``ActionError``) if it refused."""
        from .table import ActionError

        try:
            holder = await self.take(table.id)
        except Unavailable:
            raise retry_error("this table's server cannot reach the others for a moment") from None
        if holder == self.node:  # the owner let it go: ours now
            await self.promote(table)
            await table.submit(seat, text, version, arrived)
            return
        rid = next(self._ids)
        answer = self._answers[rid] = asyncio.get_running_loop().create_future()
        try:
            self._publish(self.node_channel(holder), {"k": "do", "n": self.node, "r": rid, "table": table.id,
                                                      "s": seat, "a": text, "v": version, "at": arrived})
            try:
                error = await asyncio.wait_for(answer, ANSWER)
            except asyncio.TimeoutError:
                raise retry_error("the server that holds this table did not answer in time") from None
        finally:
            self._answers.pop(rid, None)
        if error is not None:
            if error[0] in ("stale", "not_your_turn"):  # perhaps this mirror missed an entry: read the log
                self._spawn(table.locked_catch_up())
            # [code, message, the message's template and params or None] (a node of an older parlour sends two)
            said = error[2] if len(error) > 2 else None
            raise ActionError(error[0], Message.from_wire(said) if said else error[1])

    async def _do(self, message: dict[str, Any]) -> None:
        """An action forwarded to us: play it if we own its table, and answer."""
        from .table import ActionError

        error: list[Any] | None = None
        table = self.lobby.tables.get(message["table"]) if self.lobby else None
        try:
            if table is None or table.mirror or table.closed:
                raise retry_error("the table changed hands")
            table.last_seen = time.time()
            await table.submit(message["s"], message["a"], message["v"], message.get("at"))
        except ActionError as e:
            error = [e.code, str(e.message), e.message.to_wire() if isinstance(e.message, Message) else None]
        except Exception as e:
            unexpected.report("a forwarded action", e, f"table {message['table']}")
            error = ["server_error", "the server could not handle this message; nothing changed"]
        self._publish(self.node_channel(message["n"]), {"k": "done", "r": message["r"], "e": error})

    # --- listening ---------------------------------------------------------------------------------------------------

    async def _listen(self) -> None:
        """Receive our node's and our tables' messages; after a lost connection, subscribe again and let every
        mirror read what it missed from the log."""
        first = True
        while True:
            try:
                self._pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
                await self._pubsub.subscribe(self.node_channel(self.node), *self._channels)
                self.connected.set()
                if not first:
                    log.warning("cluster: node %s reconnected to Redis", self.node)
                    self._unsure_until = time.monotonic() + UNSURE
                    self._catch_up_all()
                first = False
                while True:
                    message = await self._pubsub.get_message(timeout=1.0)
                    if message is not None and message["type"] == "message":
                        self._receive(message["channel"], message["data"])
            except asyncio.CancelledError:
                raise
            except Exception as e:
                self.connected.clear()
                log.warning("cluster: the Redis connection was lost (%s); reconnecting", type(e).__name__)
                try:
                    await self._pubsub.aclose()
                except Exception:
                    pass
                await asyncio.sleep(0.5)

    def _catch_up_all(self) -> None:
        if self.lobby is None:
            return
        for table in list(self.lobby.tables.values()):
            if table.mirror and not table.closed:
                self._spawn(table.locked_catch_up())
            if table.clients:
                table.announce_presence(ask=True)

    def _receive(self, channel: bytes | str, data: bytes | str) -> None:
        try:
            message = json.loads(data)
            kind = message["k"]
            if kind == "done":
                answer = self._answers.get(message["r"])
                if answer is not None and not answer.done():
                    answer.set_result(message["e"])
                return
            if kind == "do":
                self._spawn(self._do(message))
                return
            if message.get("n") == self.node or self.lobby is None:
                return
            name = channel.decode() if isinstance(channel, bytes) else channel
            table = self.lobby.tables.get(name.rsplit(":", 1)[1])
            if table is None or table.closed:
                return
            if kind == "entry":
                table.follow(ActionRow(message["i"], message["s"], message["a"], message["t"]))
            elif kind == "chat":
                table.said(ChatRow(message["s"], message["name"], message["text"], message["t"]))
            elif kind == "rematch":
                from . import around  # (around imports the lobby, which imports this module)

                self._spawn(around.offered(self.lobby, table, relayed=True))
            elif kind == "presence":
                table.remote[message["n"]] = (frozenset(message["seats"]), int(message["spectators"]))
                table.last_seen = time.time()
                table._presence_changed()
                if message.get("ask") and table.clients:
                    table.announce_presence()
        except Exception as e:
            unexpected.report("a cluster message", e, str(data)[:200])
