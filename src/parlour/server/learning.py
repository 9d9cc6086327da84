"""The table settings for learners (issue 25, contract D): ``hints`` and ``aids``.

``hints``: a seat may ask for the strongest bot's move from its own view (:mod:`.hints`). ``aids``: a player may
switch on the game's player aids for herself (cards already played, marriages in hand...). Both are table
settings, not game options: given at creation (``POST /api/tables`` ``"hints": true``, ``"aids": false``) and
stored with the table's settings; when the creator says nothing, they are on for a table with exactly one person
(a learner alone with bots) and off for a table of several people (who may not want them at their table).

Every seat sees them: the table's summary says ``hints`` and ``aids``.

>>> from parlour.server.storage import SeatRow
>>> alone = [SeatRow(0, "human", None, None, "t"), SeatRow(1, "bot", "random", None, None)]
>>> friends = [SeatRow(0, "human", None, None, "t"), SeatRow(1, "human", None, None, "u")]
>>> defaults(alone), defaults(friends)
({'hints': True, 'aids': True}, {'hints': False, 'aids': False})
>>> chosen(friends, hints=True, aids=None)
{'hints': True, 'aids': False}
>>> on({}, alone, "hints"), on({"hints": False}, alone, "hints")
(True, False)
"""

from __future__ import annotations

from typing import Any, Sequence

from .storage import SeatRow

#: The learners' settings, in the order the summary and the lobby show them.
NAMES = ("hints", "aids")


def learner_default(seats: Sequence[SeatRow]) -> bool:
    """On for a table with exactly one human seat (one learner and bots), off otherwise."""
    return sum(1 for s in seats if s.kind == "human") == 1


def defaults(seats: Sequence[SeatRow]) -> dict[str, bool]:
    """Both settings as they are when the creator says nothing."""
    on_ = learner_default(seats)
    return {name: on_ for name in NAMES}


def chosen(seats: Sequence[SeatRow], hints: bool | None, aids: bool | None) -> dict[str, bool]:
    """The settings a new table stores: the creator's where given, else the default. Stored explicitly, so that a
    table keeps them whatever later becomes of its seats (a person's seat handed to a bot)."""
    given = {"hints": hints, "aids": aids}
    base = defaults(seats)
    return {name: base[name] if given[name] is None else bool(given[name]) for name in NAMES}


def on(settings: dict[str, Any], seats: Sequence[SeatRow], name: str) -> bool:
    """Whether the setting ``name`` is on at a table with these ``settings`` (a table stored before the setting
    existed has the default)."""
    value = settings.get(name)
    return learner_default(seats) if value is None else bool(value)


def summary(settings: dict[str, Any], seats: Sequence[SeatRow]) -> dict[str, bool]:
    """What the table's summary says of them."""
    return {name: on(settings, seats, name) for name in NAMES}
