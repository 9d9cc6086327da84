"""The tables of optional accounts (server/accounts.py): the account, its passkeys, its sessions.

An account's "my tables" is a personal list (``people``/``people_seats`` of :mod:`.storage`): each account owns one
``people`` row, named by ``accounts.people``, and a claimed seat is a ``people_seats`` row of it. Deleting the account
deletes that list with it.

Secrets are stored only as SHA-256 hashes (the session id of a cookie, the recovery code): a copy of the database
signs nobody in.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Column, Float, ForeignKey, Integer, LargeBinary, String, Table, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from .storage import Store, chat, metadata, people, people_seats, seats

accounts = Table(
    "accounts", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(64), nullable=False),
    # The name as compared (server/accounts.py: skeleton): unique, so "Ana", "ANA" and "Аna" (Cyrillic А) are one.
    Column("skeleton", String(256), nullable=False, unique=True),
    # The WebAuthn user handle: random bytes, never the name, so that an authenticator holds nothing personal.
    Column("handle", LargeBinary(64), nullable=False, unique=True),
    Column("email", String(254), nullable=True),
    Column("recovery_hash", String(64), nullable=False),
    Column("people", String(64), ForeignKey("people.secret"), nullable=False, unique=True),
    Column("created", Float, nullable=False),
)

passkeys = Table(
    "passkeys", metadata,
    Column("credential_id", LargeBinary(1024), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False, index=True),
    Column("public_key", LargeBinary(2048), nullable=False),
    Column("sign_count", Integer, nullable=False, default=0),
    Column("created", Float, nullable=False),
)

sessions = Table(
    "sessions", metadata,
    Column("id_hash", String(64), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False, index=True),
    Column("created", Float, nullable=False),
)


@dataclass(frozen=True)
class Account:
    id: int
    name: str
    handle: bytes
    email: str | None
    people: str
    created: float


def _account(m: Any) -> Account:
    return Account(m["id"], m["name"], bytes(m["handle"]), m["email"], m["people"], m["created"])


class Accounts:
    """The accounts in the store, and the queries on them."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def create(self, name: str, skeleton: str, recovery_hash: str, email: str | None, handle: bytes,
                     credential_id: bytes, public_key: bytes, sign_count: int, t: float) -> Account | None:
        """A new account with its first passkey and its own personal list; ``None`` if the name (its skeleton) is
        taken, even by another process a moment ago."""
        secret = secrets.token_urlsafe(16)
        try:
            async with self.store.engine.begin() as conn:
                await conn.execute(insert(people).values(secret=secret, created=t))
                result = await conn.execute(insert(accounts).values(
                    name=name, skeleton=skeleton, handle=handle, email=email, recovery_hash=recovery_hash,
                    people=secret, created=t))
                account_id = int(result.inserted_primary_key[0])
                await conn.execute(insert(passkeys).values(credential_id=credential_id, account_id=account_id,
                                                           public_key=public_key, sign_count=sign_count, created=t))
        except IntegrityError:
            return None
        return Account(account_id, name, handle, email, secret, t)

    async def taken(self, skeleton: str) -> bool:
        async with self.store.engine.connect() as conn:
            found = await conn.execute(select(accounts.c.id).where(accounts.c.skeleton == skeleton))
            return found.first() is not None

    async def by_id(self, account_id: int) -> Account | None:
        async with self.store.engine.connect() as conn:
            m = (await conn.execute(select(accounts).where(accounts.c.id == account_id))).mappings().first()
        return None if m is None else _account(m)

    async def by_skeleton(self, skeleton: str) -> tuple[Account, str] | None:
        """The account of a name's skeleton and its recovery code's hash."""
        async with self.store.engine.connect() as conn:
            m = (await conn.execute(select(accounts).where(accounts.c.skeleton == skeleton))).mappings().first()
        return None if m is None else (_account(m), m["recovery_hash"])

    async def passkey(self, credential_id: bytes) -> tuple[int, bytes, int] | None:
        """``(account id, public key, sign count)`` of a credential."""
        async with self.store.engine.connect() as conn:
            row = (await conn.execute(select(passkeys.c.account_id, passkeys.c.public_key, passkeys.c.sign_count)
                                      .where(passkeys.c.credential_id == credential_id))).first()
        return None if row is None else (row[0], bytes(row[1]), row[2])

    async def credential_ids(self, account_id: int) -> list[bytes]:
        async with self.store.engine.connect() as conn:
            result = await conn.execute(select(passkeys.c.credential_id).where(passkeys.c.account_id == account_id))
            return [bytes(r[0]) for r in result]

    async def add_passkey(self, account_id: int, credential_id: bytes, public_key: bytes, sign_count: int,
                          t: float) -> bool:
        """Register another passkey; ``False`` if that credential is registered already."""
        try:
            async with self.store.engine.begin() as conn:
                await conn.execute(insert(passkeys).values(credential_id=credential_id, account_id=account_id,
                                                           public_key=public_key, sign_count=sign_count, created=t))
        except IntegrityError:
            return False
        return True

    async def used(self, credential_id: bytes, sign_count: int) -> None:
        async with self.store.engine.begin() as conn:
            await conn.execute(update(passkeys).where(passkeys.c.credential_id == credential_id)
                               .values(sign_count=sign_count))

    async def set_recovery(self, account_id: int, recovery_hash: str) -> None:
        async with self.store.engine.begin() as conn:
            await conn.execute(update(accounts).where(accounts.c.id == account_id)
                               .values(recovery_hash=recovery_hash))

    async def set_email(self, account_id: int, email: str | None) -> None:
        async with self.store.engine.begin() as conn:
            await conn.execute(update(accounts).where(accounts.c.id == account_id).values(email=email))

    async def open_session(self, account_id: int, id_hash: str, t: float) -> None:
        async with self.store.engine.begin() as conn:
            await conn.execute(insert(sessions).values(id_hash=id_hash, account_id=account_id, created=t))

    async def session(self, id_hash: str) -> int | None:
        """The account a session's hash signs in."""
        async with self.store.engine.connect() as conn:
            return (await conn.execute(select(sessions.c.account_id)
                                       .where(sessions.c.id_hash == id_hash))).scalar()

    async def close_session(self, id_hash: str) -> None:
        async with self.store.engine.begin() as conn:
            await conn.execute(delete(sessions).where(sessions.c.id_hash == id_hash))

    async def delete(self, account: Account, former: str) -> list[tuple[str, int]]:
        """Remove the account, its passkeys, sessions, e-mail, personal list, friends, history and ratings; its seats' name in the tables'
        rows (and their chat) becomes ``former``. The moves stay: other people's records are theirs too.
        Answers the ``(table id, seat)`` renamed."""
        async with self.store.engine.begin() as conn:
            claimed = (await conn.execute(select(seats.c.table_id, seats.c.seat)
                                          .join(people_seats, people_seats.c.token == seats.c.token)
                                          .where(people_seats.c.secret == account.people))).all()
            for table_id, seat in claimed:
                await conn.execute(update(seats).where(seats.c.table_id == table_id, seats.c.seat == seat)
                                   .values(name=former))
                await conn.execute(update(chat).where(chat.c.table_id == table_id, chat.c.seat == seat)
                                   .values(name=former))
            # Its friends, invitations, history and ratings (server/social_store.py, server/ratings_store.py).
            from .ratings import account_key  # (they import this module's tables)
            from .ratings_store import match_results, ratings
            from .social_store import forget
            await forget(conn, account.id)
            await conn.execute(delete(match_results).where(match_results.c.account_id == account.id))
            await conn.execute(delete(ratings).where(ratings.c.key == account_key(account.id)))
            await conn.execute(delete(sessions).where(sessions.c.account_id == account.id))
            await conn.execute(delete(passkeys).where(passkeys.c.account_id == account.id))
            await conn.execute(delete(accounts).where(accounts.c.id == account.id))
            await conn.execute(delete(people_seats).where(people_seats.c.secret == account.people))
            await conn.execute(delete(people).where(people.c.secret == account.people))
        return [(table_id, seat) for table_id, seat in claimed]
