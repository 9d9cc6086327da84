"""The tables of friends and seat invitations between accounts (routes in :mod:`.social_api`).

A friendship is one row per pair, from the one who asked to the one asked: ``accepted`` is ``None`` while the
request waits, the time of the yes once given. Declining or removing deletes the row (either may ask again).

An invitation names a seat (its token, which the inviter holds) and the friend invited: the token is shown to that
friend only, on her account page, as the seat's link. Deleting either account deletes its rows here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import (Column, Float, ForeignKey, Integer, String, Table, UniqueConstraint, and_, delete, insert,
                        or_, select, update)
from sqlalchemy.exc import IntegrityError

from .accounts_store import accounts
from .storage import Store, metadata

friendships = Table(
    "friendships", metadata,
    Column("asker", Integer, ForeignKey(accounts.c.id), primary_key=True),
    Column("asked", Integer, ForeignKey(accounts.c.id), primary_key=True, index=True),
    Column("since", Float, nullable=False),
    Column("accepted", Float, nullable=True),
)

invitations = Table(
    "invitations", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("inviter", Integer, ForeignKey(accounts.c.id), nullable=False, index=True),
    Column("invited", Integer, ForeignKey(accounts.c.id), nullable=False, index=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("token", String(64), nullable=False),
    Column("t", Float, nullable=False),
    UniqueConstraint("invited", "token"),
)

#: Friends (and waiting requests) one account may have; invitations one account may hold.
MAX_FRIENDS, MAX_INVITATIONS = 500, 100


@dataclass(frozen=True)
class Friends:
    """One account's friends and requests, by name."""

    friends: list[str]
    asking: list[str]  # they asked this account
    asked: list[str]  # this account asked them


class Social:
    """Friendships and invitations in the store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def between(self, a: int, b: int) -> tuple[int, int, float | None] | None:
        """The pair's row, either way round: ``(asker, asked, accepted)``."""
        async with self.store.engine.connect() as conn:
            row = (await conn.execute(select(friendships.c.asker, friendships.c.asked, friendships.c.accepted).where(
                or_(and_(friendships.c.asker == a, friendships.c.asked == b),
                    and_(friendships.c.asker == b, friendships.c.asked == a))))).first()
        return None if row is None else (row[0], row[1], row[2])

    async def count(self, account_id: int) -> int:
        async with self.store.engine.connect() as conn:
            rows = (await conn.execute(select(friendships.c.asker).where(
                or_(friendships.c.asker == account_id, friendships.c.asked == account_id)))).all()
        return len(rows)

    async def ask(self, asker: int, asked: int, t: float) -> bool:
        """A new request; ``False`` if the pair has one already (another process a moment ago)."""
        try:
            async with self.store.engine.begin() as conn:
                await conn.execute(insert(friendships).values(asker=asker, asked=asked, since=t, accepted=None))
        except IntegrityError:
            return False
        return True

    async def accept(self, asker: int, asked: int, t: float) -> bool:
        async with self.store.engine.begin() as conn:
            done = await conn.execute(update(friendships).where(
                friendships.c.asker == asker, friendships.c.asked == asked, friendships.c.accepted.is_(None))
                .values(accepted=t))
        return done.rowcount > 0

    async def drop(self, a: int, b: int) -> bool:
        """Decline a request or end a friendship, either way round; their invitations to each other go with it."""
        async with self.store.engine.begin() as conn:
            done = await conn.execute(delete(friendships).where(
                or_(and_(friendships.c.asker == a, friendships.c.asked == b),
                    and_(friendships.c.asker == b, friendships.c.asked == a))))
            await conn.execute(delete(invitations).where(
                or_(and_(invitations.c.inviter == a, invitations.c.invited == b),
                    and_(invitations.c.inviter == b, invitations.c.invited == a))))
        return done.rowcount > 0

    async def of(self, account_id: int) -> Friends:
        asker, asked = accounts.alias("asker_account"), accounts.alias("asked_account")
        async with self.store.engine.connect() as conn:
            rows = (await conn.execute(
                select(friendships.c.asker, friendships.c.accepted, asker.c.name, asked.c.name)
                .join(asker, asker.c.id == friendships.c.asker).join(asked, asked.c.id == friendships.c.asked)
                .where(or_(friendships.c.asker == account_id, friendships.c.asked == account_id)))).all()
        friends, asking, waiting = [], [], []
        for who, accepted, asker_name, asked_name in rows:
            other = asked_name if who == account_id else asker_name
            (friends if accepted is not None else waiting if who == account_id else asking).append(other)
        return Friends(sorted(friends, key=str.casefold), sorted(asking, key=str.casefold),
                       sorted(waiting, key=str.casefold))

    async def invite(self, inviter: int, invited: int, table_id: str, seat: int, token: str, t: float) -> bool:
        """``False`` if that friend holds an invitation to this seat already."""
        try:
            async with self.store.engine.begin() as conn:
                await conn.execute(insert(invitations).values(inviter=inviter, invited=invited, table_id=table_id,
                                                              seat=seat, token=token, t=t))
        except IntegrityError:
            return False
        return True

    async def invitations(self, account_id: int) -> list[dict[str, Any]]:
        """The invitations an account holds, newest first: who, which table and seat, the seat's token."""
        async with self.store.engine.connect() as conn:
            rows = (await conn.execute(
                select(invitations.c.id, accounts.c.name, invitations.c.table_id, invitations.c.seat,
                       invitations.c.token, invitations.c.t)
                .join(accounts, accounts.c.id == invitations.c.inviter)
                .where(invitations.c.invited == account_id).order_by(invitations.c.t.desc()))).all()
        return [{"id": r[0], "from": r[1], "table": r[2], "seat": r[3], "token": r[4], "t": r[5]} for r in rows]

    async def count_invitations(self, account_id: int) -> int:
        async with self.store.engine.connect() as conn:
            return len((await conn.execute(select(invitations.c.id)
                                           .where(invitations.c.invited == account_id))).all())

    async def dismiss(self, account_id: int, invitation: int) -> bool:
        async with self.store.engine.begin() as conn:
            done = await conn.execute(delete(invitations).where(invitations.c.id == invitation,
                                                                invitations.c.invited == account_id))
        return done.rowcount > 0


async def forget(conn: Any, account_id: int) -> None:
    """Delete an account's friendships and invitations (in the deletion's transaction)."""
    await conn.execute(delete(invitations).where(or_(invitations.c.inviter == account_id,
                                                     invitations.c.invited == account_id)))
    await conn.execute(delete(friendships).where(or_(friendships.c.asker == account_id,
                                                     friendships.c.asked == account_id)))
