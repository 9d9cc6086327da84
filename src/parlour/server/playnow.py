"""Play now: a person asks for a game, its player count and variant, and is seated within her chosen wait.

The queue holds *tickets*, one per person asking. People asking for the same game, player count and variant wait in
one pool (its :func:`queue_key`). A table forms as soon as enough of them have ratings near enough (:func:`choose`):
the allowed spread of ratings starts at :data:`SPREAD` and widens by :data:`GROWTH` a second of the longest wait
among them, so that near ratings are seated first and far ones later rather than never. When a person's own wait
runs out, she is seated with the nearest others waiting, and bots fill the seats left: the level whose own rating
in that family is nearest the people's (:func:`rated_bot_level`; bots are rated on rated tables, :mod:`.ratings`),
or, before any level has played a rated match there, one chosen by the people's ratings alone (:func:`bot_level`).

A ticket lives as long as its holder asks after it (``GET /api/play/{ticket}``, every second from the lobby's
page): one nobody asked after for :data:`HEARTBEAT` seconds leaves the queue, so a closed tab takes nobody's seat.

Where the queue lives: in this process's memory (:class:`MemoryQueue`), or, when the server is one of several on
one database (``--redis``), in Redis (:mod:`.playnow_redis`), so that two people asking at two processes are seated
together; claiming a group of tickets is atomic there (a Lua script), so nobody is seated twice. Whichever process
claims a group creates its table (and owns it, see :mod:`.cluster`); each person's own process reads her seat from
her ticket.

>>> queue_key("zole", 3, {}) == queue_key("zole", 3, {}), queue_key("zole", 3, {}) == queue_key("zole", 3, {"a": 1})
(True, False)
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import secrets
import time
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from parlour.bots import available, best, default
from parlour.core.game import Game

from .learning import chosen
from .limits import PerMinute
from .report import unexpected
from . import ratings
from .storage import SeatRow, Store

#: The wait a person gets unless she chooses another, and the bounds of what she may choose, in seconds.
DEFAULT_WAIT, MAX_WAIT = 30.0, 300.0
#: Seconds a waiting ticket lives without its holder asking after it (the lobby's page asks every second).
HEARTBEAT = 10.0
#: Seconds a seated ticket keeps its seat link for its holder to read.
KEEP_SEATED = 300.0
#: The spread of ratings (μ, openskill's scale: a new person 25) that people may be seated together at once, and
#: how much it widens per second that the longest-waiting of them has waited.
SPREAD, GROWTH = 5.0, 0.5
#: The most tickets of one pool a pass looks at (the longest-waiting): a pass holds the event loop for its length.
LOOK_AT = 1000
#: Seconds between two passes of a process over its queues (seats those whose wait ran out).
SWEEP = 0.5
#: openskill's default rating (Plackett-Luce): μ 25, σ 25/3.
DEFAULT_RATING = (25.0, 25.0 / 3)
#: The people's mean μ from which the bots are the game's strongest, below which a step weaker than the default,
#: and below which the weakest (see :func:`bot_level`).
STRONG, WEAK, WEAKEST = 30.0, 20.0, 15.0


@dataclass
class Ticket:
    """One person in the queue: what she asked for, her rating there, and, once seated, her seat."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    name: str | None
    mu: float
    sigma: float
    joined: float
    deadline: float
    state: str = "waiting"  # waiting, then forming (claimed by a process), then seated
    seen: float = 0.0
    result: dict[str, Any] | None = None
    key: str = field(default="")

    def __post_init__(self) -> None:
        self.key = self.key or queue_key(self.game, self.players, self.options)
        self.seen = self.seen or self.joined

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str | bytes) -> "Ticket":
        return cls(**json.loads(text))


def queue_key(game: str, players: int, options: dict[str, Any]) -> str:
    """The pool a request waits in: its game, player count and variant (options in a canonical order)."""
    variant = hashlib.sha256(json.dumps(options, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:16]
    return f"{game}:{players}:{variant}"


async def rating(store: Store, account: int | None, name: str | None, game: str,
                 players: int) -> tuple[float, float]:
    """A person's rating (μ, σ) for ``game`` at ``players`` players (:mod:`.ratings`: a signed-in person's in that
    family, openskill's default for a person without an account). Tests replace this function."""
    found = await ratings.rating(store, account, game, players)
    return found.mu, found.sigma


async def rated_bot_level(store: Store, game: Game, mus: list[float]) -> str | None:
    """The bot level whose own rating in this family is nearest the people's mean μ, among the levels that have
    played rated matches there; ``None`` when none has (then :func:`bot_level` chooses by the scale alone)."""
    mean = sum(mus) / len(mus) if mus else DEFAULT_RATING[0]
    rated = []
    for level in available(game):
        if level == "random":
            continue
        found = await ratings.bot_rating(store, level, game.id, game.players)
        if found.matches:
            rated.append((abs(found.mu - mean), level))
    return min(rated)[1] if rated else None


def allowed(ticket: Ticket, now: float) -> float:
    """The spread of ratings ``ticket``'s holder is seated with now: it widens the longer she has waited."""
    return SPREAD + GROWTH * max(0.0, now - ticket.joined)


def choose(pool: list[Ticket], players: int, now: float) -> list[Ticket] | None:
    """The next group to seat from one pool, or ``None``: a full table of people whose ratings lie within what the
    longest-waiting of them allows (the narrowest such group first); else the person whose wait ran out first, with
    the people nearest her rating (bots take the seats left).

    >>> t = lambda i, mu, joined=0.0, wait=30.0: Ticket(str(i), "zole", 3, {}, None, mu, 8.0, joined, joined + wait)
    >>> [x.id for x in choose([t(0, 10), t(1, 25), t(2, 26), t(3, 27)], 3, now=1.0)]
    ['1', '2', '3']
    >>> choose([t(0, 10), t(1, 25), t(2, 26)], 3, now=1.0) is None
    True
    >>> [x.id for x in choose([t(0, 10, wait=1), t(1, 25), t(2, 12)], 3, now=2.0)]  # 0's wait ran out
    ['0', '2', '1']
    """
    waiting = [x for x in pool if x.state == "waiting"]
    if len(waiting) > LOOK_AT:  # the longest-waiting first: the others wait for a later pass
        waiting = sorted(waiting, key=lambda x: x.joined)[:LOOK_AT]
    waiting.sort(key=lambda x: (x.mu, x.joined))
    if not waiting:
        return None
    widest = allowed(min(waiting, key=lambda x: x.joined), now)  # no group may spread wider than this
    mus = [x.mu for x in waiting]
    best_group: list[Ticket] | None = None
    for i in range(len(waiting) - players + 1):
        spread = mus[i + players - 1] - mus[i]
        if spread > widest or best_group is not None and spread >= best_group[-1].mu - best_group[0].mu:
            continue  # the common case, decided without building the group
        group = waiting[i:i + players]
        if spread <= allowed(min(group, key=lambda x: x.joined), now):
            best_group = group
    if best_group is not None:
        return sorted(best_group, key=lambda x: x.joined)
    due = [x for x in waiting if x.deadline <= now]
    if not due:
        return None
    first = min(due, key=lambda x: x.joined)
    others = sorted((x for x in waiting if x is not first), key=lambda x: (abs(x.mu - first.mu), x.joined))
    return [first, *others[:players - 1]]


def bot_level(game: Game, mus: list[float]) -> str:
    """The level of the bots that fill a play-now table, from the mean rating μ of its people (openskill's scale,
    where a new person is 25):

    - μ ≥ :data:`STRONG` (30): the game's strongest bot (``best``);
    - :data:`WEAK` (20) ≤ μ < 30 (every new person): the level the lobby seats by default (``default``: in a
      real-time game the one that reacts at people's speed);
    - :data:`WEAKEST` (15) ≤ μ < 20: the game's own level one step weaker than the default;
    - μ < 15: the game's weakest own level.

    A game with a single own level (or none) keeps its default, but for ``pimc``, whose quicker ``pimc-fast`` is
    weaker. ``random`` is never chosen: it does not play the game. Real-time levels keep their own reaction
    times (the bot seats' existing behaviour): none reacts faster than people.

    >>> import parlour
    >>> crazy = parlour.load("crazy-nines")
    >>> [bot_level(crazy, [mu]) for mu in (10.0, 17.0, 25.0)], bot_level(crazy, [35.0, 30.0])
    (['novice', 'casual', 'expert'], 'expert')
    """
    levels = available(game)
    mean = sum(mus) / len(mus) if mus else DEFAULT_RATING[0]
    if mean >= STRONG:
        return best(game)
    usual = default(game)
    if mean >= WEAK:
        return usual
    own = [name for name in getattr(game, "bots", {}) if name in levels and name != "random"]
    weaker = own[own.index(usual) + 1:] if usual in own else []
    if weaker:
        return weaker[-1] if mean < WEAKEST else weaker[0]
    return "pimc-fast" if usual in ("pimc", "pimc-deep") and "pimc-fast" in levels else usual


class Queue(Protocol):
    """Where the tickets live: one process's memory, or Redis for a cluster. Every method is atomic for its
    tickets; :meth:`claim` takes all of a group or none."""

    async def add(self, ticket: Ticket) -> None: ...

    async def touch(self, ticket_id: str, now: float) -> Ticket | None:
        """The ticket, its life renewed while it waits; ``None`` if it left (or never was)."""

    async def leave(self, ticket_id: str) -> Ticket | None:
        """Take a waiting ticket out; a ticket already claimed or seated stays and is returned as it is, ``None``
        means none was there."""

    async def keys(self) -> list[str]:
        """The pools with someone waiting (perhaps a few emptied a moment ago)."""

    async def count(self, key: str) -> int:
        """How many wait in one pool (those that stopped asking a moment ago may still count, until the next sweep)."""

    async def waiting(self, key: str, now: float) -> list[Ticket]:
        """The live tickets of one pool (those that stopped asking are dropped)."""

    async def claim(self, key: str, ids: list[str]) -> bool:
        """Mark every ticket of ``ids`` (of the pool ``key``) forming, out of the pool, if all of them are still
        waiting; else change nothing."""

    async def unclaim(self, ids: list[str]) -> None:
        """Put claimed tickets back to waiting (their table could not be made)."""

    async def seat(self, ticket_id: str, result: dict[str, Any]) -> None:
        """A claimed ticket's seat, for its holder to read."""

    async def close(self) -> None: ...


class MemoryQueue:
    """The queue of a server that runs alone: its tickets in a dict (one event loop: no locks needed)."""

    def __init__(self) -> None:
        self.tickets: dict[str, Ticket] = {}
        self.pools: dict[str, set[str]] = {}

    async def add(self, ticket: Ticket) -> None:
        self.tickets[ticket.id] = ticket
        self.pools.setdefault(ticket.key, set()).add(ticket.id)

    async def touch(self, ticket_id: str, now: float) -> Ticket | None:
        ticket = self.tickets.get(ticket_id)
        if ticket is None or self._gone(ticket, now):
            return None
        if ticket.state == "waiting":
            ticket.seen = now
        return ticket

    async def leave(self, ticket_id: str) -> Ticket | None:
        ticket = self.tickets.get(ticket_id)
        if ticket is not None and ticket.state == "waiting":
            self._drop(ticket)
        return ticket

    async def keys(self) -> list[str]:
        now = time.time()
        for ticket in [t for t in self.tickets.values() if self._gone(t, now)]:
            self._drop(ticket)
        return list(self.pools)

    async def count(self, key: str) -> int:
        return len(self.pools.get(key, ()))

    async def waiting(self, key: str, now: float) -> list[Ticket]:
        found = [self.tickets[i] for i in self.pools.get(key, ())]
        for ticket in [t for t in found if self._gone(t, now)]:
            self._drop(ticket)
        return [t for t in found if t.state == "waiting" and not self._gone(t, now)]

    async def claim(self, key: str, ids: list[str]) -> bool:
        tickets = [self.tickets.get(i) for i in ids]
        if any(t is None or t.state != "waiting" for t in tickets):
            return False
        for t in tickets:
            assert t is not None
            t.state = "forming"
            self.pools.get(t.key, set()).discard(t.id)
        return True

    async def unclaim(self, ids: list[str]) -> None:
        for i in ids:
            ticket = self.tickets.get(i)
            if ticket is not None and ticket.state == "forming":
                ticket.state, ticket.seen = "waiting", time.time()
                self.pools.setdefault(ticket.key, set()).add(i)

    async def seat(self, ticket_id: str, result: dict[str, Any]) -> None:
        ticket = self.tickets.get(ticket_id)
        if ticket is not None:
            ticket.state, ticket.result, ticket.seen = "seated", result, time.time()

    async def close(self) -> None:
        self.tickets.clear()
        self.pools.clear()

    @staticmethod
    def _gone(ticket: Ticket, now: float) -> bool:
        if ticket.state == "waiting":
            return ticket.seen < now - HEARTBEAT
        return ticket.state == "seated" and ticket.seen < now - KEEP_SEATED

    def _drop(self, ticket: Ticket) -> None:
        self.tickets.pop(ticket.id, None)
        pool = self.pools.get(ticket.key)
        if pool is not None:
            pool.discard(ticket.id)
            if not pool:
                del self.pools[ticket.key]


class PlayNow:
    """One process's side of the queue: adds people, forms tables from the pools, answers who is where."""

    def __init__(self, lobby: Any, queue: Queue) -> None:
        self.lobby, self.queue = lobby, queue
        self.joins = PerMinute(lobby.limits.play_per_minute)  # requests per address (POST /api/play)
        self._forming: dict[str, asyncio.Lock] = {}
        self._task: asyncio.Task | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._sweep())

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
        await self.queue.close()

    async def join(self, game: Game, name: str | None, account: int | None, wait: float) -> Ticket:
        """Put a person in the pool of ``game`` (players and variant as loaded), and seat whoever can be now."""
        mu, sigma = await rating(self.lobby.store, account, name, game.id, game.players)
        now = time.time()
        ticket = Ticket(secrets.token_urlsafe(16), game.id, game.players, dict(game.options), name, float(mu),
                        float(sigma), now, now + wait)
        await self.queue.add(ticket)
        await self.form(ticket.key)  # a full table at once, or this person at once if she waits 0 s
        return await self.queue.touch(ticket.id, time.time()) or ticket

    async def status(self, ticket_id: str) -> tuple[Ticket, int] | None:
        """The ticket (its life renewed) and how many wait in its pool. Asking seats nobody: the joins and the sweep
        do (a pool's pass costs its size, and each of its people asks every second)."""
        ticket = await self.queue.touch(ticket_id, time.time())
        if ticket is None:
            return None
        return ticket, (await self.queue.count(ticket.key) if ticket.state == "waiting" else 0)

    async def form(self, key: str) -> None:
        """Seat every group of this pool that :func:`choose` finds now (one pass at a time in this process; across
        processes the claim decides)."""
        lock = self._forming.setdefault(key, asyncio.Lock())
        async with lock:
            for _ in range(20):  # a few tables per pass; the next pass seats more
                now = time.time()
                pool = await self.queue.waiting(key, now)
                if not pool:
                    break
                group = choose(pool, pool[0].players, now)
                if group is None:
                    break
                ids = [t.id for t in group]
                if not await self.queue.claim(key, ids):
                    continue  # another process claimed some of them a moment ago: look again
                try:
                    await self._seat(group)
                except Exception as e:
                    await self.queue.unclaim(ids)
                    unexpected.report("a play-now table", e, f"{group[0].game}, {len(group)} people")
                    break
        if not lock.locked() and not await self.queue.count(key):
            self._forming.pop(key, None)

    async def _seat(self, group: list[Ticket]) -> None:
        """Make the group's table: its people in random seats, bots of a matching strength in the others."""
        from .lobby import SeatSpec  # the lobby imports its neighbours; this module is imported by the app only
        from parlour.core.registry import load

        first = group[0]
        game = load(first.game, first.players, **first.options)
        mus = [t.mu for t in group]
        level = await rated_bot_level(self.lobby.store, game, mus) or bot_level(game, mus)
        order: list[Ticket | None] = [*group, *[None] * (game.players - len(group))]
        secrets.SystemRandom().shuffle(order)
        specs = [SeatSpec("human", None, t.name) if t is not None else SeatSpec("bot", level, None) for t in order]
        rows = [SeatRow(i, s.kind, s.level, s.name, None) for i, s in enumerate(specs)]
        # wait: the clocks and bots start when everyone seated has opened her link (or someone presses start).
        settings = {"wait": True, **chosen(rows, None, None)}
        table = await self.lobby.create(first.game, first.players, dict(first.options), specs, settings=settings,
                                        limited=False)
        bots = sum(1 for t in order if t is None)
        for seat, holder in zip(table.seats, order):
            if holder is not None:
                await self.queue.seat(holder.id, {"table": table.id, "seat": seat.seat, "token": seat.token,
                                                  "invite_url": f"/t/{table.id}?token={seat.token}", "bots": bots,
                                                  "bot_level": level if bots else None})

    async def _sweep(self) -> None:
        """Every :data:`SWEEP` seconds, seat what time made possible: a spread of ratings widened enough, a wait
        that ran out (a join seats at once only what it completes)."""
        from .cluster import Unavailable

        while True:
            await asyncio.sleep(SWEEP)
            try:
                for key in await self.queue.keys():
                    await self.form(key)
            except Unavailable:  # Redis away for a moment: the next pass tries again
                pass
            except Exception as e:
                unexpected.report("the play-now sweep", e, "")


def described(ticket: Ticket, count: int, now: float) -> dict[str, Any]:
    """What the API answers about a ticket: where it waits, or the seat it got."""
    out: dict[str, Any] = {"ticket": ticket.id, "game": ticket.game, "players": ticket.players,
                           "options": ticket.options, "state": ticket.state}
    if ticket.state == "seated" and ticket.result is not None:
        out.update(ticket.result)
    else:
        out.update(waiting=count, left=round(max(0.0, ticket.deadline - now), 1),
                   wait=round(ticket.deadline - ticket.joined, 1))
    return out
