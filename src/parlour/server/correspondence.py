"""Correspondence tables: a move clock in days, a reserve of vacation days, weekends counted or not.

Friends in other time zones play a move a day. A table created with the setting ``correspondence`` (``{"days": 2,
"weekends": false, "vacation_days": 10}``) gives each person to act that many days for her move (1, 2, 3 or 7),
counted from the instant her move began; with ``weekends`` false, Saturdays and Sundays (UTC) do not count. When a
move's days run out, a day of her vacation reserve is drawn, automatically, one whole day at a time (as Go
correspondence servers do); when the days and the reserve are both gone, her seat is handed to the table's bot the
way an absent friend's seat is (logged ``bot SEAT LEVEL``), she is told (``timeouts`` in the table's summary until
her own next move, and the notifier's ``timeout`` event), and she takes her seat back by opening her link again, with
a fresh move clock. (A person whose page is open when her time runs out takes her seat back at once, as an absent
friend coming back does: her next move gets a fresh clock.)

Every clock is stored as absolute instants (``move_clocks``: since, due, vacation left), written by the table's
owner whenever a move begins or a vacation day is drawn, so that a restart never eats a day. Down time of the
service does not count against anyone: the first server process to start after the service was down (no run seen
alive for longer than :data:`DOWN_GRACE`) adds the whole gap to every due time still pending (:func:`add_down_time`).
Tables need not be in memory for their clocks to run: every :data:`TICK` seconds each process looks up the due
times that passed (:func:`sweep`) and brings those tables into memory; in a cluster only the lease holder acts
(a mirror does nothing; a vacation day is drawn with a compare-and-set on its due time, and the bot's entry goes
through the log's unique index), so a timeout happens, and is told, once.

Games: real-time games (Spoons, the Claw) and Kaboo (whose snap is a race of reflexes) are refused for
correspondence (:data:`REFUSED`, each with its reason); Testoasa's peek windows are measured in hours instead of
seconds (:data:`HOURS`): its ``peek_seconds`` of 5 keep a look open 5 hours. Every other game has no timed window.
The server's clock is :func:`.clock.now` (tests move it).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import TYPE_CHECKING, Any

from sqlalchemy import and_, insert, select, update

from parlour.core.errors import BadOption
from parlour.core.i18n import Message
from parlour.core.record import TIMEOUT, table_entry

from .notify import Notifier, title_of
from .report import unexpected
from .storage import Store, move_clocks, runs

if TYPE_CHECKING:
    from .lobby import Lobby
    from .table import Table

log = logging.getLogger("parlour.server")

DAY, HOUR = 86400.0, 3600.0
#: The move clocks a correspondence table may have, in days per move.
DAYS = (1, 2, 3, 7)
#: The largest vacation reserve, in days per person.
MAX_VACATION = 60
#: Seconds between two looks for due times that passed (a move clock of days is exact to about this).
TICK = 30.0
#: Seconds with no run of the server seen alive after which the gap counts as down time (added back to due times).
DOWN_GRACE = 5.0
#: The row of a timed window measured in hours.
WINDOW = -1

#: Games that cannot be played by correspondence, and why (the 422 says it).
REFUSED = {
    "spoons": "Spoons is a real-time race (the first hand to grab a spoon wins): it cannot wait days for a move",
    "claw": "the Claw is a real-time race (the first claim to arrive takes the card): it cannot wait days for a move",
    "kaboo": "Kaboo's snap is a race of reflexes (the first to snap a matching card takes it, within seconds): it "
             "cannot be played by correspondence",
}
#: Games whose timed windows a correspondence table measures in hours instead of seconds.
HOURS = frozenset({"testoasa"})


@dataclass(frozen=True)
class Setting:
    """A correspondence table's clock: ``days`` per move, ``weekends`` counted or not, ``vacation_days`` per person."""

    days: int
    weekends: bool = True
    vacation_days: int = 0

    @classmethod
    def of(cls, settings: dict[str, Any]) -> "Setting | None":
        found = settings.get("correspondence")
        if not found:
            return None
        return cls(int(found["days"]), bool(found.get("weekends", True)), int(found.get("vacation_days", 0)))

    def to_dict(self) -> dict[str, Any]:
        return {"days": self.days, "weekends": self.weekends, "vacation_days": self.vacation_days}


def check(game_id: str, settings: dict[str, Any], seconds_per_move: float | None) -> None:
    """Refuse (:class:`BadOption`, saying what is allowed) a bad correspondence setting or a game that has none."""
    found = settings.get("correspondence")
    if found is None:
        return
    days, vacation, weekends = found.get("days"), found.get("vacation_days", 0), found.get("weekends", True)
    if game_id in REFUSED:
        raise BadOption(f"correspondence: {REFUSED[game_id]}; every turn-based game may be played by "
                        "correspondence")
    if not isinstance(days, int) or isinstance(days, bool) or days not in DAYS:
        raise BadOption(f"correspondence.days: a move clock of {', '.join(map(str, DAYS[:-1]))} or {DAYS[-1]} days "
                        f"per move, got {days!r}")
    if not isinstance(vacation, int) or isinstance(vacation, bool) or not 0 <= vacation <= MAX_VACATION:
        raise BadOption(f"correspondence.vacation_days: a whole number of vacation days per person, 0 to "
                        f"{MAX_VACATION}, got {vacation!r}")
    if not isinstance(weekends, bool):
        raise BadOption(f"correspondence.weekends: true (Saturdays and Sundays count) or false (they do not), "
                        f"got {weekends!r}")
    if seconds_per_move is not None:
        raise BadOption("clock: a correspondence table's move clock is in days; give either clock.seconds_per_move "
                        "or correspondence, not both")
    if settings.get("lesson"):
        raise BadOption("correspondence: a lesson is played at once, not by correspondence")


def stored(days: int, weekends: bool, vacation_days: int) -> dict[str, Any]:
    """The setting as a table stores it."""
    return {"days": days, "weekends": weekends, "vacation_days": vacation_days}


# --- the arithmetic of days ------------------------------------------------------------------------------------------

def _weekend(t: float) -> bool:
    return datetime.fromtimestamp(t, timezone.utc).weekday() >= 5


def _next_midnight(t: float) -> float:
    day = datetime.fromtimestamp(t, timezone.utc).date() + timedelta(days=1)
    return datetime(day.year, day.month, day.day, tzinfo=timezone.utc).timestamp()


def add_days(start: float, days: float, weekends: bool = True) -> float:
    """The instant ``days`` counted days after ``start``; without ``weekends``, Saturdays and Sundays (UTC) are not
    counted: the clock stands still over them.

    >>> friday_noon = datetime(2026, 12, 4, 12, tzinfo=timezone.utc).timestamp()
    >>> def at(t): return datetime.fromtimestamp(t, timezone.utc).strftime("%a %d %H:%M")
    >>> at(add_days(friday_noon, 1)), at(add_days(friday_noon, 1, weekends=False))
    ('Sat 05 12:00', 'Mon 07 12:00')
    >>> at(add_days(friday_noon, 7, weekends=False)), at(add_days(friday_noon, 0.5, weekends=False))
    ('Tue 15 12:00', 'Sat 05 00:00')
    >>> saturday = friday_noon + DAY
    >>> at(add_days(saturday, 1, weekends=False))  # a move begun on a weekend: its clock starts on Monday
    'Tue 08 00:00'
    """
    if weekends:
        return start + days * DAY
    left, t = days * DAY, start
    while True:
        midnight = _next_midnight(t)
        if _weekend(t):
            t = midnight
            continue
        step = min(left, midnight - t)
        t, left = t + step, left - step
        if left <= 0:
            return t


def counted(start: float, end: float, weekends: bool = True) -> float:
    """Seconds between ``start`` and ``end`` that count (without ``weekends``: not those of Saturdays and Sundays).

    >>> monday = datetime(2026, 12, 7, tzinfo=timezone.utc).timestamp()
    >>> counted(monday - 3 * DAY, monday, weekends=False) / DAY  # from Friday 00:00 to Monday 00:00
    1.0
    """
    if weekends:
        return max(0.0, end - start)
    total, t = 0.0, start
    while t < end:
        midnight = min(_next_midnight(t), end)
        if not _weekend(t):
            total += midnight - t
        t = midnight
    return total


@dataclass
class Turn:
    """One seat's move under way: when it began (at version ``began``) and when it is due."""

    since: float
    due: float
    began: int


class MoveClock:
    """A correspondence table's move clocks: a satellite of :class:`.table.Table` (its hooks call it)."""

    def __init__(self, setting: Setting, game_id: str) -> None:
        self.setting = setting
        self.hours = game_id in HOURS
        self.turns: dict[int, Turn] = {}
        self.vacation: dict[int, float] = {}
        self.timed_out: dict[int, float] = {}
        self.window: float | None = None  # when a timed window measured in hours closes
        self._save_lock = asyncio.Lock()
        self._saving: set[asyncio.Task] = set()

    @classmethod
    def of(cls, settings: dict[str, Any], game_id: str) -> "MoveClock | None":
        setting = Setting.of(settings)
        return None if setting is None else cls(setting, game_id)

    def due_after(self, since: float) -> float:
        return add_days(since, self.setting.days, self.setting.weekends)

    # --- following the table ------------------------------------------------------------------------------------

    def humans(self, table: "Table") -> list[int]:
        return [s.seat for s in table.seats if s.kind == "human"]

    def _to_clock(self, table: "Table") -> list[int]:
        """The seats whose move clocks run: the people to act (not a bot meanwhile), once the table has started."""
        if table.state.over or not table.started:
            return []
        return [s for s in table.state.to_act if table.kind(s) == "human"]

    def begin(self, table: "Table", t: float) -> None:
        """A new table: every person's full reserve, a move clock for each person to act from ``t``."""
        self.vacation = {s: float(self.setting.vacation_days) for s in self.humans(table)}
        for s in self._to_clock(table):
            self.turns[s] = Turn(t, self.due_after(t), table.version)
        self._window_opened(table, t)

    def advanced(self, table: "Table", entry: Any, before: set[int]) -> None:
        """After an entry (a move, a timeout, or one of the table's own): start the clocks of the seats whose move
        begins with it, stop those of the seats no longer to act; the owner writes them down."""
        word, seat, _ = (table_entry(entry.action) if entry.seat is None else None) or (None, None, None)
        game_entry = entry.seat is not None or entry.action == TIMEOUT
        turns: dict[int, Turn] = {}
        for s in self._to_clock(table):
            kept = self.turns.get(s)
            fresh = (kept is None or (game_entry and (s == entry.seat or s not in before))
                     or (word in ("back", "start") and (seat == s or word == "start")))
            turns[s] = Turn(entry.t, self.due_after(entry.t), table.version) if fresh else kept  # type: ignore
        self.turns = turns
        if entry.seat is not None and table.kind(entry.seat) == "human":  # her own move after her time ran out
            self.timed_out.pop(entry.seat, None)
        if game_entry or word == "start":  # a window opens with the change, or runs from when the clocks start
            self._window_opened(table, entry.t)
        if table.state.deadline is None:
            self.window = None
        if not table.mirror:
            self._spawn_save(table)
        else:  # the owner draws the vacation days: read what it wrote
            self._spawn(self.refresh(table.store, table.id))

    def _window_opened(self, table: "Table", t: float) -> None:
        deadline = table.state.deadline
        self.window = t + deadline * HOUR if deadline is not None and self.hours else None

    def window_in(self, table: "Table") -> float | None:
        """Seconds until the open timed window (measured in hours) closes, for the table's timer and its page."""
        if self.window is None or table.state.deadline is None:
            return None
        return max(0.0, self.window - table.now())

    # --- what the table shows --------------------------------------------------------------------------------------

    def summary(self, now: float) -> dict[str, Any]:
        """What the table's summary carries: the setting, each running move clock (``left``: seconds until due),
        and the seats whose time ran out (with when)."""
        return {"correspondence": self.setting.to_dict(),
                "turns": [{"seat": s, "since": round(t.since, 3), "due": round(t.due, 3),
                           "vacation_left": self.vacation.get(s, 0.0), "left": round(max(0.0, t.due - now), 1)}
                          for s, t in sorted(self.turns.items())],
                "timeouts": [{"seat": s, "t": round(t, 3)} for s, t in sorted(self.timed_out.items())],
                "window_due": None if self.window is None else round(self.window, 3)}

    # --- the store ---------------------------------------------------------------------------------------------------

    def _spawn(self, coro: Any) -> None:
        try:
            task = asyncio.get_running_loop().create_task(coro)
        except RuntimeError:  # no loop (a table replayed outside the server)
            coro.close()
            return
        self._saving.add(task)
        task.add_done_callback(self._saving.discard)

    def _spawn_save(self, table: "Table") -> None:
        self._spawn(self.save(table.store, table.id, table.version, self.humans(table)))

    async def flush(self) -> None:
        """Wait for the writes under way (tests, and before acting on the stored rows)."""
        while self._saving:
            await asyncio.gather(*list(self._saving), return_exceptions=True)

    async def create(self, store: Store, table_id: str, version: int, seats: list[int]) -> None:
        """Write a new table's rows: one per person (her reserve) and the window's."""
        rows = [{"table_id": table_id, "seat": s, "since": None, "due": None, "began": None,
                 "vacation_left": self.vacation.get(s, 0.0), "timed_out": None, "at": version}
                for s in [*seats, WINDOW]]
        async with store.engine.begin() as conn:
            await conn.execute(insert(move_clocks), rows)
        await self.save(store, table_id, version, seats)

    async def save(self, store: Store, table_id: str, version: int, seats: list[int]) -> None:
        """Write the running clocks as they stand (the vacation reserves are written only where days are drawn)."""
        async with self._save_lock:
            try:
                async with store.engine.begin() as conn:
                    for s in [*seats, WINDOW]:
                        turn = self.turns.get(s)
                        if s == WINDOW:
                            values = {"since": None, "due": self.window, "began": version}
                        elif turn is None:
                            values = {"since": None, "due": None, "began": None, "timed_out": self.timed_out.get(s)}
                        else:
                            values = {"since": turn.since, "due": turn.due, "began": turn.began,
                                      "timed_out": self.timed_out.get(s)}
                        await conn.execute(update(move_clocks).where(move_clocks.c.table_id == table_id,
                                                                     move_clocks.c.seat == s)
                                           .values(**values, at=version))
            except Exception as e:
                unexpected.report("writing a correspondence clock", e, f"table {table_id}")

    async def load(self, table: "Table") -> None:
        """A table back in memory: its clocks as stored. Rows written at an older version than the log's (the
        server stopped between the two writes) give each person to act a move clock from the last entry."""
        async with table.store.engine.connect() as conn:
            rows = (await conn.execute(select(move_clocks).where(move_clocks.c.table_id == table.id))).mappings().all()
        found = {r["seat"]: r for r in rows}
        self.vacation = {s: float(found[s]["vacation_left"]) if s in found else float(self.setting.vacation_days)
                         for s in self.humans(table)}
        self.timed_out = {s: r["timed_out"] for s, r in found.items() if r["timed_out"] is not None and s >= 0}
        current = all(r["at"] == table.version for r in rows) and rows
        last = table.log[-1].t if table.log else table.row.created
        self.turns = {}
        for s in self._to_clock(table):
            r = found.get(s)
            if current and r is not None and r["due"] is not None:
                self.turns[s] = Turn(r["since"], r["due"], r["began"])
            else:
                self.turns[s] = Turn(last, self.due_after(last), table.version)
        window = found.get(WINDOW)
        if table.state.deadline is not None and self.hours:
            self.window = window["due"] if current and window is not None and window["due"] else \
                last + table.state.deadline * HOUR
        else:
            self.window = None
        if not current and not table.mirror:
            await self.save(table.store, table.id, table.version, self.humans(table))

    async def refresh(self, store: Store, table_id: str) -> None:
        """Read the vacation reserves and timeouts the table's owner wrote (a mirror, in a cluster)."""
        async with store.engine.connect() as conn:
            rows = (await conn.execute(select(move_clocks.c.seat, move_clocks.c.vacation_left, move_clocks.c.due,
                                              move_clocks.c.timed_out)
                                       .where(move_clocks.c.table_id == table_id))).all()
        for seat, vacation, due, out in rows:
            if seat < 0:
                continue
            self.vacation[seat] = float(vacation)
            if out is not None:
                self.timed_out[seat] = out
            else:
                self.timed_out.pop(seat, None)
            if seat in self.turns and due is not None:
                self.turns[seat].due = due

    # --- time running out ----------------------------------------------------------------------------------------

    async def run_out(self, table: "Table", notifier: Notifier | None = None) -> bool:
        """Act on the due times that passed (call with the table's lock held, as its owner): draw vacation days,
        hand a seat whose days and reserve are gone to the table's bot (and tell its person), close a window
        measured in hours. Whether anything changed."""
        if table.mirror or table.closed or table.state.over:
            return False
        await self.flush()
        await self.refresh(table.store, table.id)
        now = table.now()
        changed = False
        for seat, turn in sorted(self.turns.items()):
            if turn.due > now or table.kind(seat) != "human":
                continue
            due, left = turn.due, self.vacation.get(seat, 0.0)
            while due <= now and left >= 1:
                due, left = add_days(due, 1, self.setting.weekends), left - 1
            if due > turn.due:  # vacation days drawn: once, even with several processes (compare-and-set)
                async with table.store.engine.begin() as conn:
                    done = await conn.execute(update(move_clocks).where(
                        move_clocks.c.table_id == table.id, move_clocks.c.seat == seat, move_clocks.c.due == turn.due)
                        .values(due=due, vacation_left=left))
                if done.rowcount != 1:
                    await self.refresh(table.store, table.id)
                    continue
                log.info("table %s: seat %d draws %g vacation day(s)", table.id, seat, self.vacation.get(seat, 0) - left)
                turn.due, self.vacation[seat] = due, left
                changed = True
            if due <= now:
                await self._time_out(table, seat, turn, now, notifier)
                changed = True
        if self.window is not None and self.window <= now and table.state.deadline is not None and table.started:
            await table._accept(None, TIMEOUT)
            changed = True
        if changed and not table.closed:
            table.broadcast_state()
        return changed

    async def _time_out(self, table: "Table", seat: int, turn: Turn, now: float, notifier: Notifier | None) -> None:
        """The seat's days and reserve are gone: its person is told, and the table's bot plays for her."""
        self.timed_out[seat] = round(now, 3)
        async with table.store.engine.begin() as conn:
            await conn.execute(update(move_clocks).where(move_clocks.c.table_id == table.id,
                                                         move_clocks.c.seat == seat)
                               .values(timed_out=self.timed_out[seat], vacation_left=0.0))
        self.vacation[seat] = 0.0
        log.info("table %s: seat %d's move clock and vacation ran out; a bot plays for her", table.id, seat)
        await table._table_entry(f"bot {seat} {table.table_level()}")
        if notifier is not None:
            text = Message("Your time ran out at {game}: a bot plays for you until you open your link again",
                           game=title_of(table.row.game))
            try:
                await notifier.event(table.id, seat, "timeout", str(turn.began), text)
            except Exception as e:  # a notification lost must not stop the table
                unexpected.report("telling of a timeout", e, f"table {table.id}, seat {seat}")


# --- what the lobby reads without the table in memory -----------------------------------------------------------

async def stored_summary(store: Store, table_id: str, settings: dict[str, Any], now: float) -> dict[str, Any]:
    """The correspondence part of a table's summary, read from the store (the table need not be in memory)."""
    setting = Setting.of(settings)
    if setting is None:
        return {}
    async with store.engine.connect() as conn:
        rows = (await conn.execute(select(move_clocks).where(move_clocks.c.table_id == table_id)
                                   .order_by(move_clocks.c.seat))).mappings().all()
    return {"correspondence": setting.to_dict(),
            "turns": [{"seat": r["seat"], "since": r["since"], "due": r["due"], "vacation_left": r["vacation_left"],
                       "left": round(max(0.0, r["due"] - now), 1)}
                      for r in rows if r["seat"] >= 0 and r["due"] is not None],
            "timeouts": [{"seat": r["seat"], "t": r["timed_out"]} for r in rows
                         if r["seat"] >= 0 and r["timed_out"] is not None],
            "window_due": next((r["due"] for r in rows if r["seat"] == WINDOW), None)}


async def due_tables(store: Store, now: float) -> list[str]:
    """The tables with a due time that passed (a move clock, or a window in hours)."""
    async with store.engine.connect() as conn:
        result = await conn.execute(select(move_clocks.c.table_id).where(move_clocks.c.due <= now).distinct())
        return [r[0] for r in result]


async def sweep(lobby: "Lobby") -> int:
    """Act on every due time that passed: each such table comes into memory, and its owner (this process, unless
    another holds the table's lease) draws the vacation days, hands the seats to bots, closes the windows. How many
    tables changed."""
    changed = 0
    for table_id in await due_tables(lobby.store, lobby.now()):
        try:
            table = await lobby.get(table_id)
            if table is None or table.mirror or table.correspondence is None:
                continue
            async with table.lock:
                changed += await table.correspondence.run_out(table, lobby.notifier)
        except Exception as e:
            unexpected.report("a correspondence clock running out", e, f"table {table_id}")
    return changed


async def sweeper(lobby: "Lobby") -> None:
    """Every :data:`TICK` seconds, :func:`sweep`."""
    while True:
        await asyncio.sleep(TICK)
        await sweep(lobby)


async def add_down_time(store: Store, run: int, started: float) -> float:
    """Give back the time the service was down: if no older run of the server was seen alive within
    :data:`DOWN_GRACE` seconds before this one ``started``, add the whole gap to every due time still pending (those
    after the last sign of life). Only the first run to start after the gap does it: a run started later sees this
    one alive. The seconds added."""
    async with store.engine.begin() as conn:
        last = (await conn.execute(select(runs.c.seen).where(runs.c.id < run)
                                   .order_by(runs.c.seen.desc()).limit(1))).scalar_one_or_none()
        if last is None or started - last <= DOWN_GRACE:
            return 0.0
        gap = started - last
        await conn.execute(update(move_clocks).where(and_(move_clocks.c.due.is_not(None), move_clocks.c.due > last))
                           .values(due=move_clocks.c.due + gap))
    log.info("the server was down %.0f s: every correspondence clock gets it back", gap)
    return gap

