"""The tables of ratings and match history (logic in :mod:`.ratings`), beside the accounts' in ``storage.metadata``.

``ratings`` holds one openskill rating (μ, σ) per rated name — an account or a bot level — per game and player-count
family. ``match_ends`` has one row per finished match whose end was recorded: its primary key is what makes the
recording happen once, whichever server process (or retry) tries. ``match_results`` is each account's history: one
row per account seat of a recorded match (rated or not), with the result and, at a rated table, the rating after it.
"""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Float, ForeignKey, Integer, String, Table

from .accounts_store import accounts
from .storage import metadata

ratings = Table(
    "ratings", metadata,
    # "account:17" or "bot:greedy" (see ratings.identity); anonymous seats are never stored.
    Column("key", String(96), primary_key=True),
    Column("game", String(64), primary_key=True),
    Column("players", Integer, primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("matches", Integer, nullable=False, default=0),
    Column("updated", Float, nullable=False),
)

match_ends = Table(
    "match_ends", metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("rated", Boolean, nullable=False),
    Column("t", Float, nullable=False),
)

match_results = Table(
    "match_results", metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", Integer, ForeignKey(accounts.c.id), nullable=False, index=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("outcome", String(8), nullable=False),  # "won", "lost" or "drawn"
    Column("abandoned", Boolean, nullable=False),
    Column("rated", Boolean, nullable=False),
    Column("mu", Float, nullable=True),  # the rating after this match (rated tables only)
    Column("sigma", Float, nullable=True),
    Column("t", Float, nullable=False),
)
