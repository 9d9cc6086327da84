"""The play-now queue of a cluster, in Redis: people asking at different processes wait in one pool.

Keys (beside those of :mod:`.cluster`):

- ``parlour:play:ticket:ID``: a hash, ``data`` (the ticket as JSON, as it was asked for) and ``state``
  (``waiting``, ``forming``, ``seated``) and, once seated, ``result`` (the seat). A waiting ticket lives
  :data:`~.playnow.HEARTBEAT` seconds unless its holder asks after it again (the key's TTL, renewed by each ask):
  a person whose page went away leaves the queue by herself. A seated one keeps its seat for
  :data:`~.playnow.KEEP_SEATED` seconds.
- ``parlour:play:pool:KEY``: a set of the ids waiting in one pool (a hint: an id whose ticket expired is dropped
  when read); ``parlour:play:pools``: the set of pool keys with someone waiting.

Claiming a group is one Lua script: it marks every ticket ``forming`` only if each is still ``waiting``, so of two
processes that chose overlapping groups at once, one wins and the other looks again; nobody is seated twice.
"""

from __future__ import annotations

import json
from typing import Any

from .cluster import Unavailable
from .playnow import HEARTBEAT, KEEP_SEATED, Ticket

# KEYS[1]: the pool, then the group's tickets; ARGV[1]: the claimed tickets' time to live (ms), then their ids.
# All of them waiting: claim all (and take them out of the pool); else none.
_CLAIM = """
for i = 2, #KEYS do
  if redis.call('HGET', KEYS[i], 'state') ~= 'waiting' then return 0 end
end
for i = 2, #KEYS do
  redis.call('HSET', KEYS[i], 'state', 'forming')
  redis.call('PEXPIRE', KEYS[i], ARGV[1])
  redis.call('SREM', KEYS[1], ARGV[i])
end
return 1
"""
# KEYS[1]: a ticket. ARGV[1]: a waiting ticket's time to live (ms). Renew it if it waits; answer [state, data, result].
_TOUCH = """
local s = redis.call('HGET', KEYS[1], 'state')
if s == false then return false end
if s == 'waiting' then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {s, redis.call('HGET', KEYS[1], 'data'), redis.call('HGET', KEYS[1], 'result') or ''}
"""
# KEYS[1]: a ticket, KEYS[2]: its pool. Delete it if it still waits; answer its state (false: none).
_LEAVE = """
local s = redis.call('HGET', KEYS[1], 'state')
if s == false then return false end
if s == 'waiting' then
  redis.call('DEL', KEYS[1])
  redis.call('SREM', KEYS[2], ARGV[1])
end
return {s, redis.call('HGET', KEYS[1], 'data') or ARGV[2], redis.call('HGET', KEYS[1], 'result') or ''}
"""
# KEYS[1]: a claimed ticket, KEYS[2]: its pool, KEYS[3]: the set of pools. Back to waiting (its table failed).
_UNCLAIM = """
if redis.call('HGET', KEYS[1], 'state') == 'forming' then
  redis.call('HSET', KEYS[1], 'state', 'waiting')
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  redis.call('SADD', KEYS[2], ARGV[1])
  redis.call('SADD', KEYS[3], KEYS[2])
end
return 0
"""

POOLS = "parlour:play:pools"
#: Seconds a claimed ticket lives until its table is made (then :data:`~.playnow.KEEP_SEATED`).
FORMING = 30.0


def ticket_key(ticket_id: str) -> str:
    return f"parlour:play:ticket:{ticket_id}"


def pool_key(key: str) -> str:
    return f"parlour:play:pool:{key}"


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


class RedisQueue:
    """The queue (:class:`~.playnow.Queue`) kept in the cluster's Redis."""

    def __init__(self, redis: Any) -> None:
        self.redis = redis
        self._claim = redis.register_script(_CLAIM)
        self._touch = redis.register_script(_TOUCH)
        self._leave = redis.register_script(_LEAVE)
        self._unclaim = redis.register_script(_UNCLAIM)

    async def _call(self, coroutine: Any) -> Any:
        try:
            return await coroutine
        except Exception as e:
            raise Unavailable(f"Redis is out of reach ({type(e).__name__}); try again in a moment") from None

    async def add(self, ticket: Ticket) -> None:
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.hset(ticket_key(ticket.id), mapping={"data": ticket.to_json(), "state": "waiting"})
            pipe.pexpire(ticket_key(ticket.id), int(HEARTBEAT * 1000))
            pipe.sadd(pool_key(ticket.key), ticket.id)
            pipe.sadd(POOLS, pool_key(ticket.key))
            await self._call(pipe.execute())

    @staticmethod
    def _ticket(found: Any) -> Ticket | None:
        if not found:
            return None
        state, data, result = (_text(x) for x in found)
        ticket = Ticket.from_json(data)
        ticket.state = state
        ticket.result = json.loads(result) if result else None
        return ticket

    async def touch(self, ticket_id: str, now: float) -> Ticket | None:
        return self._ticket(await self._call(self._touch(keys=[ticket_key(ticket_id)],
                                                         args=[int(HEARTBEAT * 1000)])))

    async def leave(self, ticket_id: str) -> Ticket | None:
        found = await self.touch(ticket_id, 0.0)
        if found is None:
            return None
        return self._ticket(await self._call(self._leave(keys=[ticket_key(ticket_id), pool_key(found.key)],
                                                         args=[ticket_id, found.to_json()])))

    async def keys(self) -> list[str]:
        pools = [_text(p) for p in await self._call(self.redis.smembers(POOLS))]
        return [p.removeprefix("parlour:play:pool:") for p in pools]

    async def count(self, key: str) -> int:
        return int(await self._call(self.redis.scard(pool_key(key))))

    async def waiting(self, key: str, now: float) -> list[Ticket]:
        ids = sorted(_text(i) for i in await self._call(self.redis.smembers(pool_key(key))))
        if not ids:
            await self._call(self.redis.srem(POOLS, pool_key(key)))
            return []
        async with self.redis.pipeline(transaction=False) as pipe:
            for i in ids:
                pipe.hmget(ticket_key(i), "state", "data")
            rows = await self._call(pipe.execute())
        found, gone = [], []
        for i, (state, data) in zip(ids, rows):
            if state is None or _text(state) != "waiting":
                gone.append(i)  # expired (its page went away), or claimed a moment ago
            else:
                found.append(Ticket.from_json(data))
        if gone:
            await self._call(self.redis.srem(pool_key(key), *gone))
        return found

    async def claim(self, key: str, ids: list[str]) -> bool:
        # A claimed ticket lives FORMING seconds: if its process dies before seating it, its page is told it left.
        claimed = await self._call(self._claim(keys=[pool_key(key), *map(ticket_key, ids)],
                                               args=[int(FORMING * 1000), *ids]))
        return bool(claimed)

    async def unclaim(self, ids: list[str]) -> None:
        for i in ids:
            found = await self.touch(i, 0.0)
            if found is not None:
                await self._call(self._unclaim(keys=[ticket_key(i), pool_key(found.key), POOLS],
                                               args=[i, int(HEARTBEAT * 1000)]))

    async def seat(self, ticket_id: str, result: dict[str, Any]) -> None:
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.hset(ticket_key(ticket_id), mapping={"state": "seated", "result": json.dumps(result)})
            pipe.pexpire(ticket_key(ticket_id), int(KEEP_SEATED * 1000))
            await self._call(pipe.execute())

    async def close(self) -> None:
        """Nothing to let go: the tickets belong to the cluster, not to this process."""
