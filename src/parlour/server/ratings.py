"""Ratings (openskill's Plackett-Luce model, as the arena's) per game and player-count family, and match history.

Reading a rating (what the "play now" queue needs)::

    await rating(store, account_id, game, players) -> Rating    # account_id None: an anonymous seat
    await bot_rating(store, level, game, players) -> Rating     # a bot level ("greedy", "pimc@...")

Both answer :data:`DEFAULT` (μ 25, σ 25/3, no matches) for a name never rated in that family. ``Rating.ordinal``
is μ − 3σ, the conservative figure to sort by; ``Rating.described()`` the JSON the API shows.

A **family** is one game at one player count: ``("tarok", 3)`` and ``("tarok", 4)`` are two families, rated apart
(a three-handed and a four-handed game ask different skills); a game's variants (its options) share the family.

Who is rated: an account holding a seat (a seat claimed into the account before the match ended) under
``account:ID``; a bot seat under ``bot:LEVEL``, one rating per bot level, so that a person's rating against bots
means something. A human seat without an account (a seat link nobody claimed) plays as an **anonymous guest**: it
enters the computation with the default rating, and its result is not stored anywhere. A name holding several seats
of one table (two bots of one level, say) is given the mean of its seats' new μ and σ.

Ranks come from the match's end as the match-over view gives it: ``state.winners`` first, then the other sides by
their ``state.scores`` (lowest first where the game's lowest total wins); equal sides share a rank. Partners are one
side (openskill's teams): a game whose state has ``teams`` (:class:`parlour.core.sheet.Teams`, Giacomotto's four)
or Rengo's ``rules.lineup.teams``. A match **abandoned** by a person counts as a loss for that person: a human seat
still played by a stand-in bot at the end (handed to a bot while she was away, or by a correspondence clock whose
days ran out; a person who came back and finished did not abandon) ranks her side last, below every side that
stayed, whatever the bot then made of it. A move clock's clock-out move (Go's resign) is an ordinary result.

Only tables created ``rated`` change ratings; every finished table with an account's seat adds to that account's
history. The end is recorded once, by the process that logged the last move, in one transaction whose first insert
is the table's :data:`.ratings_store.match_ends` row: a second attempt (a retry, another process) finds it and
changes nothing. Ratings are read ``FOR UPDATE`` (PostgreSQL), so two matches ending at once do not lose an update.
A process killed between the last move and that transaction leaves the end unrecorded: the next start records the
rated ones from the log (:mod:`.ratings_sweep`); an unrated match's history entry is then lost.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from openskill.models import PlackettLuce
from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError

from parlour.core.game import State

from .accounts_store import accounts
from .ratings_store import match_ends, match_results, ratings
from .storage import SeatRow, Store, TableRow, people_seats

log = logging.getLogger("parlour.server")

MODEL = PlackettLuce()


@dataclass(frozen=True)
class Rating:
    """One rating: openskill's μ and σ, and how many rated matches made it."""

    mu: float
    sigma: float
    matches: int = 0

    @property
    def ordinal(self) -> float:
        """μ − 3σ: what the rating is at least, nearly surely (openskill's ``ordinal()``)."""
        return self.mu - 3 * self.sigma

    def described(self) -> dict[str, Any]:
        return {"mu": round(self.mu, 3), "sigma": round(self.sigma, 3), "ordinal": round(self.ordinal, 3),
                "matches": self.matches}


#: The rating of a name not yet rated in a family, and of every anonymous seat.
DEFAULT = Rating(MODEL.mu, MODEL.sigma, 0)


def family(game: str, players: int) -> str:
    """A family's name as pages show it: ``family("tarok", 4) == "tarok 4"``."""
    return f"{game} {players}"


def account_key(account_id: int) -> str:
    return f"account:{account_id}"


def bot_key(level: str) -> str:
    return f"bot:{level}"


async def _stored(store: Store, key: str, game: str, players: int) -> Rating:
    async with store.engine.connect() as conn:
        row = (await conn.execute(select(ratings.c.mu, ratings.c.sigma, ratings.c.matches).where(
            ratings.c.key == key, ratings.c.game == game, ratings.c.players == players))).first()
    return DEFAULT if row is None else Rating(row[0], row[1], row[2])


async def rating(store: Store, account_id: int | None, game: str, players: int) -> Rating:
    """An account's rating in the family ``(game, players)``; :data:`DEFAULT` if unrated or ``account_id`` is
    ``None`` (an anonymous seat)."""
    if account_id is None:
        return DEFAULT
    return await _stored(store, account_key(account_id), game, players)


async def bot_rating(store: Store, level: str, game: str, players: int) -> Rating:
    """A bot level's rating in the family ``(game, players)`` (:data:`DEFAULT` if unrated)."""
    return await _stored(store, bot_key(level), game, players)


async def account_ratings(store: Store, account_id: int) -> dict[tuple[str, int], Rating]:
    """Every family an account is rated in."""
    async with store.engine.connect() as conn:
        rows = (await conn.execute(select(ratings.c.game, ratings.c.players, ratings.c.mu, ratings.c.sigma,
                                          ratings.c.matches).where(ratings.c.key == account_key(account_id)))).all()
    return {(r[0], r[1]): Rating(r[2], r[3], r[4]) for r in rows}


def sides_of(state: State, players: int) -> list[list[int]]:
    """The match's sides: partners together (openskill's teams), else each seat alone.

    >>> from parlour.core.registry import load
    >>> g = load("giacomotto", 4); sides_of(g.new(1), 4)
    [[0, 2], [1, 3]]
    >>> sides_of(load("giacomotto", 2).new(1), 2), sides_of(load("rengo", 4).new(1), 4)
    ([[0], [1]], [[0, 2], [1, 3]])
    """
    lineup = getattr(getattr(getattr(state, "rules", None), "lineup", None), "teams", None)
    if lineup:
        return [list(t) for t in lineup if t]
    teams = getattr(state, "teams", None)
    if teams is not None and hasattr(teams, "members") and hasattr(teams, "count"):
        return [list(teams.members(t)) for t in range(teams.count) if teams.members(t)]
    return [[s] for s in range(players)]


def ranks(sides: Sequence[Sequence[int]], scores: Sequence[float], winners: Iterable[int], lowest_wins: bool,
          abandoned: Iterable[int] = ()) -> list[int]:
    """Each side's rank (1 best; equal sides share one): abandoning sides last, then winners first, then by score.

    >>> ranks([[0], [1], [2]], [10, 30, 20], [1], False)
    [3, 1, 2]
    >>> ranks([[0], [1], [2]], [10, 30, 20], [1], False, abandoned=[1])
    [2, 3, 1]
    >>> ranks([[0, 2], [1, 3]], [5, 5, 5, 5], [], False)
    [1, 1]
    >>> ranks([[0], [1]], [3, 9], [0], True)
    [1, 2]
    """
    won, gone = set(winners), set(abandoned)

    def key(side: Sequence[int]) -> tuple[bool, bool, float]:
        score = sum(scores[s] for s in side) / len(side) if scores else 0.0
        return bool(gone & set(side)), not (won & set(side)), score if lowest_wins else -score
    keys = [key(side) for side in sides]
    order = sorted(set(keys))
    return [order.index(k) + 1 for k in keys]


def rated_anew(before: dict[int, Rating], sides: Sequence[Sequence[int]], side_ranks: Sequence[int]
               ) -> dict[int, tuple[float, float]]:
    """Per seat, the (μ, σ) openskill gives after a match of ``sides`` ranked ``side_ranks``, from the seats'
    ratings ``before``."""
    teams = [[MODEL.rating(mu=before[s].mu, sigma=before[s].sigma) for s in side] for side in sides]
    rated = MODEL.rate(teams, ranks=list(side_ranks))
    return {s: (r.mu, r.sigma) for side, team in zip(sides, rated) for s, r in zip(side, team)}


def identities(seats: Sequence[SeatRow], holders: dict[int, int]) -> dict[int, str | None]:
    """Per seat, the rated name: ``bot:LEVEL``, ``account:ID`` (``holders``: seat → account), ``None`` (a guest)."""
    return {s.seat: (bot_key(s.level or "") if s.kind == "bot" else
                     account_key(holders[s.seat]) if s.seat in holders else None) for s in seats}


async def holders_of(conn: Any, seats: Sequence[SeatRow]) -> dict[int, int]:
    """The human seats held by an account: seat → account id."""
    tokens = {s.token: s.seat for s in seats if s.kind == "human" and s.token}
    if not tokens:
        return {}
    rows = (await conn.execute(select(people_seats.c.token, accounts.c.id)
                               .join(accounts, accounts.c.people == people_seats.c.secret)
                               .where(people_seats.c.token.in_(list(tokens))))).all()
    return {tokens[token]: account_id for token, account_id in rows}


async def record_end(store: Store, row: TableRow, seats: Sequence[SeatRow], state: State, abandoned: Iterable[int],
                     lowest_wins: bool, t: float) -> bool:
    """Record a finished match once: its accounts' history and, at a rated table, everyone's new rating. ``True``
    if this call recorded it; ``False`` if it was recorded already (or there was nothing to record)."""
    for _ in range(3):  # a new rating row inserted by another match ending at the same moment: try again
        try:
            return await _record_end(store, row, seats, state, set(abandoned), lowest_wins, t)
        except IntegrityError:
            async with store.engine.connect() as conn:
                if (await conn.execute(select(match_ends.c.table_id)
                                       .where(match_ends.c.table_id == row.id))).first() is not None:
                    return False
    log.warning("table %s: its end could not be recorded (ratings kept changing under it)", row.id)
    return False


async def _record_end(store: Store, row: TableRow, seats: Sequence[SeatRow], state: State, abandoned: set[int],
                      lowest_wins: bool, t: float) -> bool:
    rated = bool(row.settings.get("rated"))
    async with store.engine.begin() as conn:
        holders = await holders_of(conn, seats)
        if not rated and not holders:
            return False
        # First: the row whose primary key makes this happen once (a second attempt fails here, changing nothing).
        await conn.execute(insert(match_ends).values(table_id=row.id, game=row.game, players=row.players,
                                                     rated=rated, t=t))
        who = identities(seats, holders)
        # The first seat of an account counts for it; a second seat of one account plays as a guest.
        seen: set[str] = set()
        for s in sorted(who):
            key = who[s]
            if key is not None and key.startswith("account:") and key in seen:
                who[s] = None
            elif key is not None:
                seen.add(key)
        sides = sides_of(state, row.players)
        side_ranks = ranks(sides, list(state.scores), state.winners, lowest_wins, abandoned)
        best = min(side_ranks)
        rank_of = {s: r for side, r in zip(sides, side_ranks) for s in side}
        after: dict[str, tuple[float, float, int]] = {}
        if rated:
            keys = sorted({k for k in who.values() if k is not None})
            found = {}
            if keys:
                query = select(ratings).where(ratings.c.key.in_(keys), ratings.c.game == row.game,
                                              ratings.c.players == row.players).with_for_update()
                found = {m["key"]: m for m in (await conn.execute(query)).mappings()}
            before = {s: (Rating(found[k]["mu"], found[k]["sigma"], found[k]["matches"]) if k in found else DEFAULT)
                      if k is not None else DEFAULT for s, k in who.items()}
            new = rated_anew(before, sides, side_ranks)
            for key in keys:
                mine = [new[s] for s, k in who.items() if k == key]
                mu, sigma = sum(m for m, _ in mine) / len(mine), sum(g for _, g in mine) / len(mine)
                matches = (found[key]["matches"] if key in found else 0) + 1
                after[key] = (mu, sigma, matches)
                if key in found:
                    await conn.execute(update(ratings).where(ratings.c.key == key, ratings.c.game == row.game,
                                                             ratings.c.players == row.players)
                                       .values(mu=mu, sigma=sigma, matches=matches, updated=t))
                else:
                    await conn.execute(insert(ratings).values(key=key, game=row.game, players=row.players, mu=mu,
                                                              sigma=sigma, matches=matches, updated=t))
        for s, account_id in holders.items():
            key = who[s]
            if key is None:
                continue
            drawn = len(set(side_ranks)) == 1
            outcome = "lost" if s in abandoned else "drawn" if drawn else "won" if rank_of[s] == best else "lost"
            mu_sigma = after.get(key)
            await conn.execute(insert(match_results).values(
                table_id=row.id, seat=s, account_id=account_id, game=row.game, players=row.players, outcome=outcome,
                abandoned=s in abandoned, rated=rated, mu=mu_sigma[0] if mu_sigma else None,
                sigma=mu_sigma[1] if mu_sigma else None, t=t))
    return True
