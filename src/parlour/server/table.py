"""One live table: the match state, the log behind it, the clients watching it, its clocks and its bots.

The table is the only authority. An action is checked (seat, turn, freshness, legality), written to the log, and
only then applied and announced: each client is sent ``state.view(seat)`` for its own seat, nothing more. Each
view is built and encoded once per version, however many sockets watch, and so is the table's public part (its
summary, clocks and time). A client that asked for patches (``?patches=1``) and has the previous version gets only
what changed in its view (:mod:`.patch`); every other client, and every client on connect or on request
(``sync``), gets the whole view.

Timed windows: ``state.deadline`` is read on the table's *game clock*, which the server zeroes at every change of
the state (an accepted action or a timeout). A deadline of ``3.0`` closes the window three seconds after the change
that opened it; the server then applies ``state.timeout()`` and logs it as ``{"seat": null, "action": "timeout"}``.
A bot never closes a window early while a person may still act in it (``_cuts_short``): people get the whole window.
A choice several seats make together (``state.together``: a Rengo team agreeing on the dead stones) is left to the
people among them; their bots neither mark nor accept for them (``_leaves_it_to_others``).
Nobody ends a person's look (``state.looking``: Kaboo's peek at a card after her turn) before she is done or its
window closes: a bot waits, a person's move is refused with the reason (``_ends_a_look``).

Move clocks (optional, ``seconds_per_move``): a human seat that may act gets that many seconds for its move; when
they run out, the game's ``state.clock_out(seat)`` is played for it (Go: ``resign``), or, for a game that names
none, the table's fallback bot's move (a random legal move, seeded like every bot).

Correspondence tables (the setting ``correspondence``): a move clock in days, vacation days and weekends, kept by
the satellite :class:`.correspondence.MoveClock` (the hooks here tell it of each entry and ask it for the summary's
``turns`` and for a window measured in hours); it hands a seat whose time is gone to a bot as ``hand`` would.

Clocks run only while the table is in memory on a running server: when it comes back (after a restart, or after
it left memory for idleness) :meth:`Table.resume` sets each clock to what it had when it stopped, and gives each
move clock a grace for its player to reconnect.

Chat: a game whose ``chat`` is ``"canned"`` (Rengo: partners may not discuss the game) takes only its
``chat_messages`` while the match goes on; free chat opens when it is over.

Waiting for the players: a table with the setting ``wait`` (``wait_for_players`` at creation) holds its clocks (timed windows,
move clocks, and a real-time game's bots) until every invited person has connected, or until a seated player sends
``start`` ("start now"); then it logs the table entry ``start`` and the clocks begin.

Between deals: a table with the setting ``pause`` (``deal_pause`` at creation) holds the next deal's clocks and bots
after each deal is scored, until every person at the table is ready for it or the pause runs out (:mod:`.pause`).

Absent friends: a seated player may hand the seat of a person who has been away ``absent_seconds`` (a table
setting, default :data:`ABSENT_SECONDS`) to a bot of the table's level, logged as ``bot SEAT LEVEL``; the person
takes the seat back by connecting with her link again, logged as ``back SEAT``. These table entries have no seat,
change nothing in the match and do not count as versions (see :func:`parlour.core.record.table_entry`): an entry's
index in the log is its place among all of them, ``version`` the count of moves and timeouts.

Real-time games (``Game.realtime``: Spoons, the Claw): actions are judged in the order they arrive, each stamped
with its arrival time. One made against an older version is taken if it is still legal (the game's action texts
say all that decides their effect). A bot's action lands after its reaction time (``Bot.delay``), counted from
when the bot was asked; one that stopped being legal meanwhile is dropped at once and the bot asked again.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable

from parlour.core.errors import BadOption, IllegalAction, ParlourError
from parlour.core.game import Game, State
from parlour.core.i18n import Message
from parlour.core.lesson import deck_of
from parlour.core.record import NEXT, PAUSE, START, TIMEOUT, Record, table_entry
from parlour.core.aids import with_aids
from parlour.core.registry import load
from parlour.bots import default

from . import learning, ratings
from .correspondence import MoveClock
from .bots import FALLBACK, BotPool, bot_seed, fallback
from .lessons import LessonGuide
from .limits import Limits, RateLimit
from .patch import Parts, diff, encode, parts, patch_fields, whole
from .pause import DealPause, scored_a_deal
from .report import unexpected
from .storage import NUL, ActionRow, ChatRow, ClockRow, SeatRow, Store, TableRow

log = logging.getLogger("parlour.server")

CHAT_LIMIT = 500
#: Chat lines a second per seat, however many sockets it opens (bursts of CHAT_BURST); a table's spectators share
#: one such allowance.
CHAT_RATE, CHAT_BURST = 1.0, 5
#: Chat lines a client gets on connect.
CHAT_HISTORY = 50
#: A client that lets this many messages pile up unread is dropped (it reconnects and gets a fresh state).
OUTBOX_LIMIT = 512
#: Seats coming and going within this many seconds are announced in one ``presence`` message.
PRESENCE_DELAY = 0.25
#: Seconds a person must have been away before the others may hand her seat to a bot (a table setting).
ABSENT_SECONDS = 60.0


class ActionError(Exception):
    """A refused client message: ``code`` for programs, ``message`` for people. Nothing changed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def to_message(self) -> dict[str, Any]:
        """The wire's error; a refusal made from a template (an engine's) also carries ``template`` and ``params``
        (and ``plural``, ``context``), so that the page says it in its own language (docs/protocol.md)."""
        out: dict[str, Any] = {"type": "error", "code": self.code, "message": str(self.message)}
        if isinstance(self.message, Message):
            out.update(self.message.to_wire())
        return out


@dataclass(eq=False)
class Client:
    """One WebSocket at a table: its seat (``None`` for a spectator) and its queue of outgoing JSON texts.

    ``patches``: it takes ``patch`` messages; ``version`` and ``table``: the version and the table summary (without
    its action count) of the last state it was sent, what a patch is made against."""

    seat: int | None
    outbox: asyncio.Queue = field(default_factory=asyncio.Queue)
    closed: bool = False
    patches: bool = False
    version: int | None = None
    table: str | None = None

    def send(self, text: str) -> None:
        if self.closed:
            return
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            self.close()
            return
        self.outbox.put_nowait(text)

    def close(self) -> None:
        """Stop the client: its writer sees ``None`` and closes the socket."""
        if not self.closed:
            self.closed = True
            self.outbox.put_nowait(None)


def replay(game: Game, seed: int, entries: list[ActionRow], setup: str | None = None,
           checks: list[Any] | None = None) -> State:
    """The state after the logged actions (the log holds only accepted actions, so each applies), from the
    table's start position ``setup`` if it has one; ``checks``, if given, gets each action's
    ``state.record_check()`` (what a record keeps to check a replay elsewhere)."""
    state = game.new(seed=seed, deck=deck_of(game, setup))
    for entry in entries:
        if entry.seat is None and table_entry(entry.action):
            if checks is not None:  # who plays, when the clocks began: nothing changes in the match
                checks.append(None)
            continue
        apply_entry(state, entry)
        if checks is not None:
            checks.append(state.record_check())
    return state


def play_moves(game: Game, seed: int, setup: str | None, moves: list[tuple[int | None, str]], t: float
               ) -> tuple[State, list[ActionRow], list[Any]]:
    """The state after ``moves`` played from the start, each checked as a seat's action would be, with their log
    entries (all at time ``t``) and their record checks: how a test server (``--fixed-seeds``) opens a table at a
    chosen position. A move is ``(seat, text)``, or ``(None, "timeout")`` to close the open timed window.
    The first move refused raises :class:`BadOption` saying which one and why."""
    state = game.new(seed=seed, deck=deck_of(game, setup))
    entries: list[ActionRow] = []
    checks: list[Any] = []
    for i, (seat, text) in enumerate(moves):
        try:
            if seat is None:
                if text != TIMEOUT:
                    raise ParlourError(f"a move without a seat is {TIMEOUT!r} (the open window closing), not {text!r}")
                if state.deadline is None:
                    raise ParlourError("no timed window is open, so nothing can time out")
                state.timeout()
            else:
                text = str(state.apply(seat, text))
        except ParlourError as e:
            raise BadOption(f"moves[{i}] ({seat}, {text!r}) is refused: {e}") from None
        entries.append(ActionRow(i, seat, text, t))
        checks.append(state.record_check())
    return state, entries, checks


def apply_entry(state: State, entry: ActionRow) -> None:
    """Play one logged entry on ``state`` (it was accepted once, so it applies); the table's own entries change
    nothing in the match."""
    if entry.seat is None and table_entry(entry.action):
        return
    if entry.seat is None:
        state.timeout()
    else:
        state.apply(entry.seat, entry.action)


def summary_of(row: TableRow, seats: list[SeatRow], version: int, over: bool,
               connected: set[int | None] = frozenset(),  # type: ignore[assignment]
               standins: dict[int, str] | None = None, away: dict[int, float] | None = None,
               started: bool = True, pause: dict[str, Any] | None = None) -> dict[str, Any]:
    """A table's public summary (no tokens), from its rows: what ``GET /api/tables/{id}`` answers.

    A person's seat played by a bot meanwhile has ``bot`` (its level); an absent person's has ``away`` (seconds).
    ``pause``: the pause between deals while it lasts (:meth:`.pause.DealPause.summary`).
    """
    standins, away = standins or {}, away or {}
    seat_list = []
    for s in seats:
        d: dict[str, Any] = {"seat": s.seat, "kind": s.kind}
        if s.kind == "bot":
            d["level"] = s.level
        if s.name:
            d["name"] = s.name
        if s.seat in standins:
            d["bot"] = standins[s.seat]
        d["connected"] = s.kind == "bot" or s.seat in connected or s.seat in standins
        if s.seat in away:
            d["away"] = round(away[s.seat], 1)
        seat_list.append(d)
    return {"table": row.id, "game": row.game, "players": row.players, "options": row.options,
            "commitment": row.commitment, "seats": seat_list, "status": "over" if over else "playing",
            "actions": version, "created": row.created,
            "clock": {"seconds_per_move": row.seconds_per_move} if row.seconds_per_move else None,
            "spectator_chat": bool(row.settings.get("spectator_chat")), "started": started,
            "absent_seconds": absent_seconds(row), "deal_pause": float(row.settings.get("pause", 0)), "pause": pause,
            "rated": bool(row.settings.get("rated")), **learning.summary(row.settings, seats)}


def absent_seconds(row: TableRow) -> float:
    """Seconds a person must have been away before her seat may be handed to a bot, at this table."""
    return float(row.settings.get("absent_seconds", ABSENT_SECONDS))


def make_record(row: TableRow, entries: list[ActionRow], state: State, checks: list[Any]) -> Record:
    """The match record with the seed and salt revealed (callers refuse it while the match goes on); ``checks``:
    per action, what the record keeps to check a replay (``None``: nothing, as for most games)."""
    rec = Record(row.game, row.players, dict(row.options), row.seed, deck=deck_of(None, row.setup), salt=row.salt,
                 commitment=row.commitment)
    rec.actions = [{"seat": a.seat, "action": a.action, "t": a.t, **({"check": c} if c is not None else {})}
                   for a, c in zip(entries, checks)]
    if state.over:
        rec.scores = list(state.scores)
    return rec


class Table:
    """A table in memory, rebuilt from its log (``state`` and its ``checks`` given: already replayed)."""

    def __init__(self, row: TableRow, seats: list[SeatRow], log_: list[ActionRow], store: Store,
                 bots: BotPool | None, now: Callable[[], float] = time.time, state: State | None = None,
                 limits: Limits = Limits(), checks: list[Any] | None = None) -> None:
        self.row, self.seats, self.store, self.bots, self.now, self.limits = row, seats, store, bots, now, limits
        self.game = load(row.game, row.players, **row.options)
        # Per logged action: what the record keeps to check a replay (Skelly's caps).
        self.checks: list[Any] = [] if checks is None else checks
        self.state = state if state is not None else replay(self.game, row.seed, log_, row.setup, self.checks)
        self.log: list[ActionRow] = list(log_)
        self.clients: set[Client] = set()
        self.lock = asyncio.Lock()
        self.closed = False  # stopped: it left memory, or the server stops
        self.last_seen = now()  # when someone was last connected (or the table came into memory)
        # The table's own entries: whether the clocks have begun, and the absent people's seats played by bots.
        # (A table without the setting ``wait`` starts when it is created.)
        self.started = not row.settings.get("wait") or not any(s.kind == "human" for s in seats)
        self.standins: dict[int, str] = {}
        self.deal_pause = DealPause(float(row.settings.get("pause", 0)))
        #: A lesson table's guide (server/lessons.py): while the lesson lasts, it leads instead of clocks and bots.
        self.lesson = LessonGuide.of(row.settings)
        #: A correspondence table's move clocks in days (server/correspondence.py).
        self.correspondence = MoveClock.of(row.settings, row.game)
        self._pause_due = False  # a pause begun here whose entry is still to be logged
        self.changed = row.created  # wall time of the last change: game clock zero
        self._version = 0
        for entry in log_:
            word, seat, level = (table_entry(entry.action) if entry.seat is None else None) or (None, None, None)
            if word is None:
                self._version += 1
                if self.deal_pause.on and entry.seat is not None:
                    self.deal_pause.ready.add(entry.seat)  # a person's own move in the new deal
            elif word == "bot":
                self.standins[seat] = level
            elif word == "back":
                self.standins.pop(seat, None)
            elif word == PAUSE:
                self.deal_pause.begin(entry.t)
            elif word == NEXT:
                self.deal_pause.ready.add(seat)
            if word in (None, START):
                self.started = self.started or word == START
                self.changed = entry.t
            if word == START:
                self.deal_pause.end()
        if self.deal_pause.on:  # back in memory mid-pause: the people get its whole time again
            self.deal_pause.since = self.last_seen
        # When each absent person left (or the table came into memory): her seat may go to a bot after a while.
        self.away: dict[int, float] = {s.seat: self.last_seen for s in seats
                                       if s.kind == "human" and s.seat not in self.standins}
        self.turn_started: dict[int, float] = {s: self.changed for s in self.state.to_act}
        self._timers: list[asyncio.TimerHandle] = []
        self._thinking: dict[int, asyncio.Task] = {}
        self._waiting: dict[int, str] = {}  # a real-time bot's action, chosen, waiting for its reaction time
        self._tasks: set[asyncio.Task] = set()
        self._parts: dict[int | None, Parts] = {}  # each seat's view, encoded, at the current version
        self._before: dict[int | None, Parts] = {}  # ... and at the version before it, for patches
        self._chat: deque[str] | None = None  # the last chat lines, encoded, once loaded (see no_chat_yet)
        self._chat_read: asyncio.Future | None = None  # ... while they are read
        # Chat allowances by seat (None: the spectators together), kept across reconnections.
        self._chat_allowance: dict[int | None, RateLimit] = {}
        self._presence_timer: asyncio.TimerHandle | None = None
        self._presence_sent: str | None = None
        #: The rematch offered at this finished table: its id, who offered it and each person's new token.
        self.rematch: dict[str, Any] | None = None
        # Several processes (server/cluster.py): ``mirror`` while another node owns the table (its actions are
        # forwarded there, its entries come from there); ``remote``: who is connected through the other nodes.
        self.cluster: Any = None
        self.mirror = False
        self.notifier: Any = None  # the lobby's notifications (server/notify.py), once the lobby keeps the table
        self.remote: dict[str, tuple[frozenset[int], int]] = {}
        self._presence_published: tuple[list[int], int] | None = None

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def version(self) -> int:
        """The count of accepted actions (timeouts included; not the table's own entries)."""
        return self._version

    def kind(self, seat: int) -> str:
        """Who plays ``seat`` now: ``bot`` (a bot seat, or an absent person's seat handed to a bot) or ``human``."""
        return "bot" if self.seats[seat].kind == "bot" or seat in self.standins else "human"

    def level(self, seat: int) -> str:
        """The level of the bot that plays ``seat``."""
        return self.standins.get(seat) or self.seats[seat].level or FALLBACK

    def table_level(self) -> str:
        """The level of a bot that takes an absent person's seat: the table's bots' level (the first bot seat's),
        else the level people are seated against (``parlour.bots.default``: the strongest, or a real-time game's
        human-speed one)."""
        for s in self.seats:
            if s.kind == "bot" and s.level:
                return s.level
        return default(self.game)

    # --- what clients see ---------------------------------------------------------------------------------------

    def connected(self) -> set[int | None]:
        here = {c.seat for c in self.clients if not c.closed}
        for seats, _ in self.remote.values():
            here |= seats
        return here

    def summary(self) -> dict[str, Any]:
        """The public summary of the table (no tokens)."""
        now = self.now()
        out = summary_of(self.row, self.seats, self.version, self.state.over, self.connected(), self.standins,
                         {s: now - t for s, t in self.away.items()}, self.started, self.deal_pause.summary(now))
        if self.lesson is not None:
            out["lesson"] = self.lesson.summary(self.version)
        if self.correspondence is not None:
            out.update(self.correspondence.summary(now))
        return out

    def deadline_in(self) -> float | None:
        """Seconds from now until the open timed window closes (``None`` while the table waits for its players or
        for the people between deals)."""
        deadline = self.state.deadline
        if deadline is None or not self.started or self.deal_pause.on:
            return None
        if self.lesson is not None and self.lesson.leads(self.version):  # a lesson's windows wait for the learner
            return None
        if self.correspondence is not None:  # a correspondence table's windows last hours, or the game has none
            return self.correspondence.window_in(self)
        return max(0.0, self.changed + deadline - self.now())

    def clocks(self) -> list[float | None] | None:
        """Seconds left per seat on the move clock (a full clock for a seat not to act, ``None`` for a bot)."""
        limit = self.row.seconds_per_move
        if not limit:
            return None
        now = self.now()
        left: list[float | None] = []
        for s in self.seats:
            if self.kind(s.seat) == "bot":
                left.append(None)
            elif s.seat in self.turn_started and self.started and not self.deal_pause.on:
                left.append(round(max(0.0, limit - (now - self.turn_started[s.seat])), 3))
            else:
                left.append(limit)
        return left

    def view_parts(self, seat: int | None) -> Parts:
        """``state.view(seat)`` encoded as parts (one JSON text per key), built once per version; with the seat's
        player aids (``aids``, from that view alone) when the table allows them (contract D)."""
        found = self._parts.get(seat)
        if found is None:
            view = self.state.view(seat)
            if seat is not None and learning.on(self.row.settings, self.seats, "aids"):
                view = with_aids(self.game, view)
            found = self._parts[seat] = parts(view)
        return found

    def view_text(self, seat: int | None) -> str:
        """``state.view(seat)`` as JSON."""
        return whole(self.view_parts(seat))

    def _public(self) -> tuple[str, str]:
        """What every seat is sent alike at this version, encoded once: the table's summary without its action
        count (the count is the version), and the message's closing fields (deadline, clocks, time)."""
        summary = self.summary()
        del summary["actions"]
        tail = (f'"deadline":{encode(self.deadline_in())},"clock":{encode(self.clocks())},'
                f'"at":{encode(self.log[-1].t if self.log else self.row.created)}}}')
        return encode(summary), tail

    @staticmethod
    def _with_actions(summary: str, version: int) -> str:
        return f'{summary[:-1]},"actions":{version}}}' if summary != "{}" else f'{{"actions":{version}}}'

    def state_message(self, seat: int | None, public: tuple[str, str] | None = None) -> str:
        """A ``state`` message for ``seat``: its whole view; ``public``: :meth:`_public`, if already made."""
        summary, tail = public or self._public()
        return (f'{{"type":"state","version":{self.version},"seat":{encode(seat)},"view":{self.view_text(seat)},'
                f'"table":{self._with_actions(summary, self.version)},{tail}')

    def patch_message(self, seat: int | None, public: tuple[str, str], table: bool) -> str | None:
        """A ``patch`` message for a client of ``seat`` that has the previous version: what changed in its view,
        the table summary if ``table`` (it changed for that client), and the closing fields. ``None`` when the
        previous view is not at hand or the patch would be no smaller than the whole view."""
        before = self._before.get(seat)
        if before is None:
            return None
        now = self.view_parts(seat)
        change = diff(before, now)
        if change.size >= sum(len(key) + len(text) + 4 for key, text in now.items()):
            return None
        summary, tail = public
        return (f'{{"type":"patch","version":{self.version},"base":{self.version - 1},"seat":{encode(seat)},'
                f'{patch_fields(change)},'
                f'{f""""table":{self._with_actions(summary, self.version)},""" if table else ""}{tail}')

    def send_state(self, client: Client, public: tuple[str, str] | None = None) -> None:
        """Send one client the whole state (on connect, or when it asks: ``sync``)."""
        public = public or self._public()
        client.send(self.state_message(client.seat, public))
        client.version, client.table = self.version, public[0]

    def over_message(self) -> str:
        return encode({"type": "over", "seed": self.row.seed, "salt": self.row.salt,
                       "commitment": self.row.commitment, "record_url": f"/api/tables/{self.id}/record",
                       "record_formats": {fmt: f"/api/tables/{self.id}/record.{fmt}"
                                          for fmt in self.game.record_formats}})

    def offer_rematch(self, table_id: str, by: int | None, tokens: dict[int, str], relayed: bool = False) -> None:
        """Tell everyone here of the rematch (each seat its own new link); told again to whoever joins later. In a
        cluster, the other processes are told too (unless this offer is one they ``relayed``), for their clients."""
        first = self.rematch is None
        self.rematch = {"table": table_id, "by": by, "tokens": tokens}
        if first:
            for client in list(self.clients):
                client.send(self.rematch_message(client.seat))
            if self.cluster is not None and not relayed:
                self.cluster.rematch(self, table_id, by)

    def rematch_message(self, seat: int | None) -> str:
        """The ``rematch`` message for ``seat``: the new table and this seat's link to it (a spectator's: to watch)."""
        assert self.rematch is not None
        token = self.rematch["tokens"].get(seat) if seat is not None else None
        url = f"/t/{self.rematch['table']}" + (f"?token={token}" if token else "")
        return encode({"type": "rematch", "table": self.rematch["table"], "by": self.rematch["by"], "url": url})

    def presence(self) -> dict[str, Any]:
        """Who is connected: ``seats`` (per seat: a bot, or a human with a socket) and the count of spectators."""
        connected = self.connected()
        return {"type": "presence", "seats": [self.kind(s.seat) == "bot" or s.seat in connected for s in self.seats],
                "spectators": self.spectators()}

    def broadcast_state(self) -> None:
        """Send every client the new state: a patch to a client that takes them and has the version before this
        one, else the whole state. Each distinct message is made once, however many sockets get it."""
        public = self._public()
        summary, version = public[0], self.version
        texts: dict[tuple[int | None, bool, bool], str | None] = {}
        for client in list(self.clients):
            patch = client.patches and client.version == version - 1
            changed = client.table != summary
            key = (client.seat, patch, changed)
            if key not in texts:
                text = self.patch_message(client.seat, public, changed) if patch else None
                texts[key] = text if text is not None else self.state_message(client.seat, public)
            client.send(texts[key])  # type: ignore[arg-type]
            client.version, client.table = version, summary
        # The summary just sent says who is here: the next presence goes out even if it repeats the last one.
        self._presence_sent = None

    def record(self) -> Record:
        """The match record with the seed and salt revealed (callers refuse it while the match goes on)."""
        return make_record(self.row, self.log, self.state, self.checks)

    # --- clients coming and going --------------------------------------------------------------------------------

    def spectators(self) -> int:
        """The table's spectators, here and (in a cluster, as they last said) connected through the other nodes."""
        return sum(1 for c in self.clients if c.seat is None and not c.closed) + sum(n for _, n in self.remote.values())

    async def join(self, client: Client) -> None:
        """Seat a client: it gets the state at once (and ``over`` if the match ended), then the recent chat.

        The others hear of it in a ``presence`` message, shared with every other arrival and departure of the
        next fraction of a second. A spectator beyond the table's limit is refused (``full``).
        """
        if client.seat is None and self.spectators() >= self.limits.spectators:
            raise ActionError("full", f"this table has its maximum of {self.limits.spectators} spectators; "
                                      "try again later")
        self.clients.add(client)  # first, before any await: a table with a client never leaves memory
        self.last_seen = self.now()
        self._note_away()
        self.send_state(client)
        self._presence_changed()
        if self.state.over:
            client.send(self.over_message())
            if self.rematch is not None:
                client.send(self.rematch_message(client.seat))
        elif client.seat is not None and (client.seat in self.standins or not self.started):
            async with self.lock:
                await self.check_seats()
        if self._chat is None:  # one read for every socket that comes at once (a table back from the log)
            if self._chat_read is None:
                self._chat_read = asyncio.ensure_future(self.store.chat(self.id, CHAT_HISTORY))
            try:
                lines = await asyncio.shield(self._chat_read)
            except Exception:
                self._chat_read = None  # the next socket asks again
                raise
            if self._chat is None:
                self._chat = deque((self._chat_message(line) for line in lines), maxlen=CHAT_HISTORY)
        for text in list(self._chat):
            client.send(text)

    def no_chat_yet(self) -> None:
        """A table just created has no chat: its first socket need not ask the database for it."""
        if self._chat is None:
            self._chat = deque(maxlen=CHAT_HISTORY)

    def leave(self, client: Client) -> None:
        client.close()
        if client in self.clients:
            self.clients.discard(client)
            self.last_seen = self.now()
            self._note_away()
            self._presence_changed()

    def _everyone_here(self) -> bool:
        """Whether every person invited to play (and not replaced by a bot) is connected."""
        connected = self.connected()
        return all(self.kind(s.seat) == "bot" or s.seat in connected for s in self.seats)

    # --- the table's own entries: start, absent seats to bots and back ----------------------------------------------

    async def start(self, seat: int | None) -> None:
        """A seated player's "start now": the clocks begin without waiting for the missing people."""
        if seat is None:
            raise ActionError("spectator", "spectators watch: only a seated player may start the table")
        async with self.lock:
            self._owner_only()
            if self.state.over:
                raise ActionError("over", "the match is over")
            if self.started:
                raise ActionError("started", "the table has started already: its clocks are running")
            await self._table_entry(START)

    async def next_round(self, seat: int | None) -> None:
        """A person is ready for the next deal ("Next round"): when every person here is, the pause ends."""
        if seat is None:
            raise ActionError("spectator", "spectators watch: only a seated player says she is ready for the next deal")
        async with self.lock:
            self._owner_only()
            if not self.deal_pause.on:
                raise ActionError("not_paused", "the next deal is under way already: no deal has just been scored")
            if self.kind(seat) != "human":
                raise ActionError("not_yours", "a bot plays this seat now; open your link again to take it back")
            if seat not in self.deal_pause.ready:
                await self._table_entry(f"{NEXT} {seat}")
            await self._pause_changed()

    def _people(self) -> list[int]:
        """The seats of the persons connected at the table (a seat a bot plays for an absent person is not one)."""
        connected = self.connected()
        return [s.seat for s in self.seats if self.kind(s.seat) == "human" and s.seat in connected]

    async def _pause_changed(self) -> None:
        """Log the pause a deal's score began, and end it once every person here is ready (call with the lock held;
        only the table's owner logs)."""
        if not self.deal_pause.on or self.mirror or self.closed:
            return
        if self._pause_due:
            await self._table_entry(PAUSE)
        if not self.deal_pause.waiting(self._people()):
            await self._table_entry(START)

    async def _pause_over(self, since: float | None) -> None:
        """The pause between deals ran out: the next deal's clocks and bots go."""
        async with self.lock:
            if self.deal_pause.on and self.deal_pause.since == since and not self.mirror and not self.closed:
                await self._table_entry(START)

    async def hand(self, seat: int | None, absent: Any) -> None:
        """A seated player hands the seat ``absent``, whose person has been away ``absent_seconds``, to a bot of
        the table's level; raise :class:`ActionError` saying why not otherwise."""
        if seat is None:
            raise ActionError("spectator", "spectators watch: only a seated player may hand a seat to a bot")
        players = len(self.seats)
        if not isinstance(absent, int) or isinstance(absent, bool) or not 0 <= absent < players:
            raise ActionError("bad_json", f"a hand message needs 'seat': the absent person's seat, 0 to {players - 1}")
        async with self.lock:
            self._owner_only()
            who = self.seats[absent].name or f"seat {absent}"
            wait = absent_seconds(self.row)
            if self.state.over:
                raise ActionError("over", "the match is over")
            if self.seats[absent].kind == "bot":
                raise ActionError("not_absent", f"{who} is a bot already")
            if absent in self.standins:
                raise ActionError("not_absent", f"a bot ({self.standins[absent]}) plays for {who} already")
            if absent in self.connected():
                raise ActionError("not_absent", f"{who} is here: only the seat of someone away may go to a bot")
            self._note_away()
            gone = self.now() - self.away[absent]
            if gone < wait:
                raise ActionError("not_absent", f"{who} has been away {gone:.0f} s; a seat may go to a bot after "
                                                f"{wait:g} s away (in {wait - gone:.0f} s)")
            await self._table_entry(f"bot {absent} {self.table_level()}")
            if not self.started and self._everyone_here():
                await self._table_entry(START)

    def _owner_only(self) -> None:
        if self.mirror:
            raise ActionError("retry", "this table is played on another of the server's processes just now; "
                                       "send it again in a moment")

    async def check_seats(self) -> None:
        """After people came or went (call with the lock held): a person back at a seat a bot played takes it
        back, and is told what the bot did meanwhile; the clocks start once every invited person is here.
        Only the table's owner logs (in a cluster, a mirror's people count through presence)."""
        if self.mirror or self.closed or self.state.over:
            return
        connected = self.connected()
        for seat, level in list(self.standins.items()):
            if seat in connected:
                moves = 0
                for entry in reversed(self.log):
                    if entry.seat is None and entry.action.split()[:2] == ["bot", str(seat)]:
                        break
                    moves += entry.seat == seat
                await self._table_entry(f"back {seat}")
                told = encode({"type": "back", "seat": seat, "level": level, "moves": moves})
                for client in list(self.clients):
                    if client.seat == seat:
                        client.send(told)
        if not self.started and self._everyone_here():
            await self._table_entry(START)
        await self._pause_changed()

    async def check_seats_locked(self) -> None:
        async with self.lock:
            await self.check_seats()

    def _note_away(self) -> None:
        """Keep when each absent person left (a seat may go to a bot after ``absent_seconds``)."""
        connected, now = self.connected(), self.now()
        for s in self.seats:
            if self.kind(s.seat) == "bot" or s.seat in connected:
                self.away.pop(s.seat, None)
            else:
                self.away.setdefault(s.seat, now)

    async def _table_entry(self, text: str) -> None:
        """Log one of the table's own entries (call with the lock held): ``start`` sets the clocks going;
        ``bot S LEVEL`` and ``back S`` change who plays seat S; ``pause`` and ``next S`` hold them between deals.
        The match itself does not change."""
        if self.closed:
            raise ActionError("closed", "this table is closing; reconnect with your link")
        t = round(max(self.log[-1].t if self.log else 0.0, self.now()), 3)
        entry = ActionRow(len(self.log), None, text, t)
        try:
            await self.store.add_action(self.id, entry.index, None, text, t, finished=False)
        except Exception:
            if self.cluster is None:
                raise
            await self.catch_up()  # another process wrote this entry first: it owns the table now
            raise ActionError("retry", "this table changed hands; nothing was done here: try again") from None
        if self.cluster is not None:
            self.cluster.entry(self, entry)
        self._advance(self.state, entry)

    def _table_entry_applied(self, entry: ActionRow) -> None:
        """Act on one of the table's own entries, just logged here or by the table's owner in a cluster."""
        word, seat, level = table_entry(entry.action) or (None, None, None)
        t = entry.t
        self.log.append(entry)
        self.checks.append(None)
        if word == START:
            log.info("table %s: the clocks start", self.id)
            self.started, self.changed = True, t
            self.turn_started = {s: t for s in self.state.to_act}
            self.deal_pause.end()
        elif word == PAUSE:
            if not self.deal_pause.on:  # logged by the table's owner (in a cluster)
                self.deal_pause.begin(t)
            self._pause_due = False
        elif word == NEXT:
            self.deal_pause.ready.add(seat)
        elif word == "bot":
            log.info("table %s: a bot (%s) plays for the absent person at seat %d", self.id, level, seat)
            self.standins[seat] = level
            self.away.pop(seat, None)
        elif word == "back":
            log.info("table %s: seat %d's person is back", self.id, seat)
            del self.standins[seat]
            if seat in self.turn_started:  # her move clock starts afresh
                self.turn_started[seat] = t
            task = self._thinking.get(seat)
            if task is not None:
                task.cancel()
            self._waiting.pop(seat, None)
        if self.correspondence is not None:
            self.correspondence.advanced(self, entry, set(self.state.to_act))
        self._note_away()
        self.broadcast_state()
        self._presence_changed()
        self.schedule()

    def _presence_changed(self) -> None:
        if self._presence_timer is None and not self.closed:
            self._presence_timer = asyncio.get_running_loop().call_later(PRESENCE_DELAY, self._send_presence)

    def _send_presence(self) -> None:
        self._presence_timer = None
        self._note_away()
        if (self.standins or not self.started or self.deal_pause.on) and not self.mirror and not self.state.over:
            self._spawn(self.check_seats_locked())  # people came through another process, or left
        if self.cluster is not None:
            self.announce_presence(changed_only=True)
        text = encode(self.presence())
        if text != self._presence_sent:
            self._presence_sent = text
            for client in list(self.clients):
                client.send(text)

    def announce_presence(self, ask: bool = False, changed_only: bool = False) -> None:
        """Tell the other nodes who is connected through this one (``ask``: and ask them for theirs)."""
        mine = (sorted({c.seat for c in self.clients if not c.closed and c.seat is not None}),
                sum(1 for c in self.clients if c.seat is None and not c.closed))
        if changed_only and mine == self._presence_published:
            return
        self._presence_published = mine
        self.cluster.presence(self, mine[0], mine[1], ask=ask)

    # --- clocks across absences ------------------------------------------------------------------------------------

    def resume(self, saved: ClockRow | None, stopped: float | None, grace: float) -> None:
        """Set the clocks going again after the table was out of memory, so that time away never counts.

        ``saved``: where the clocks stood when last saved (used if no action came after it); ``stopped``: when they
        stopped (the table left memory, or the server run that held it was last seen alive), ``None`` if unknown.
        Each clock resumes with what it had then; a human's move clock gets ``grace`` seconds more for its player
        to reconnect (at most its full time plus ``grace``).
        """
        if saved is not None and saved.version == self.version:
            self.changed = saved.changed
            self.turn_started = {s: saved.turns.get(str(s), self.changed) for s in self.state.to_act}
        if stopped is None:  # a table saved before clocks were: resume with full clocks
            stopped = self.changed
        now = self.now()
        if self.deal_pause.on:
            self.deal_pause.since = now
        self.changed = now - max(0.0, stopped - self.changed)
        limit = self.row.seconds_per_move
        for s, started in self.turn_started.items():
            used = max(0.0, stopped - started)
            if limit and self.kind(s) == "human":
                self.turn_started[s] = now - limit + max(0.0, limit - used) + grace
            else:
                self.turn_started[s] = now - used

    def clock_row(self, run: int, paused: float | None = None) -> ClockRow:
        """The clocks as they stand, for the store."""
        return ClockRow(self.id, run, self.version, self.changed, {str(s): t for s, t in self.turn_started.items()},
                        paused)

    async def pause(self) -> bool:
        """Stop the table so that it may leave memory; ``False`` (and nothing stopped) if a client is connected."""
        async with self.lock:  # no action is half written once we hold it
            if self.clients:
                return False
            self.closed = True
            self.stop()
            return True

    # --- actions -------------------------------------------------------------------------------------------------

    async def submit(self, seat: int | None, text: Any, version: Any, arrived: float | None = None) -> None:
        """Play ``text`` for ``seat`` against state ``version``; raise :class:`ActionError` if it is refused.

        ``arrived``: when the message arrived (the server's clock), the action's time in the log.
        A real-time game takes an action made against an older version if it is still legal."""
        arrived = self.now() if arrived is None else arrived
        if seat is None:
            raise ActionError("spectator", "spectators watch: only a seat's invitation link may play")
        if not isinstance(text, str) or not text.strip():
            raise ActionError("bad_json", "an action message needs 'action': the action's text, e.g. 'trail 7H'")
        if not isinstance(version, int) or isinstance(version, bool):
            raise ActionError("bad_json", "an action message needs 'version': the version of the last state you saw")
        if self.mirror and self.cluster is not None:  # another process owns the table: it judges the action
            await self.cluster.forward(self, seat, text, version, arrived)
            return
        async with self.lock:  # waiters get it in arrival order
            if version != self.version and not self.game.realtime:
                raise ActionError("stale", f"your action was made against version {version}, the table is at "
                                           f"version {self.version}; look at the new state and play again")
            if seat not in self.state.to_act:
                raise ActionError("not_your_turn", self.state.why_waiting(seat))
            why = self.lesson.refusal(seat, self.version, text, self.game) if self.lesson is not None else None
            if why is not None:
                raise ActionError("lesson", why)
            looker = self._ends_a_look(seat, text)
            if looker is not None:
                who, left = self.seats[looker].name or f"seat {looker}", self.deadline_in()
                raise ActionError("looking", f"{who} is still looking at a card: wait until {who} is done or the "
                                             "look ends" + (f" (in {left:.0f} s)" if left is not None else ""))
            await self._accept(seat, text, arrived)

    async def _accept(self, seat: int | None, text: str, arrived: float | None = None) -> None:
        """Apply to a copy, log, then swap in and announce (call with the lock held)."""
        if self.closed:
            raise ActionError("closed", "this table is closing; reconnect with your link")
        if self.mirror:
            raise ActionError("retry", "this table changed hands; nothing was taken here: send your move again")
        state = self.state.clone()
        try:
            if seat is None:
                state.timeout()
                text = TIMEOUT
            else:
                text = str(state.apply(seat, text))
        except ParlourError as e:  # IllegalAction, or a game's own error for an action it cannot take
            raise ActionError("illegal", e.message if isinstance(e, IllegalAction) else str(e)) from None
        t = round(max(self.log[-1].t if self.log else 0.0, self.now() if arrived is None else arrived), 3)
        entry = ActionRow(len(self.log), seat, text, t)
        if self.cluster is None:
            await self.store.add_action(self.id, entry.index, seat, text, t, finished=state.over)
        else:
            try:
                await self.store.add_action(self.id, entry.index, seat, text, t, finished=state.over)
            except Exception:
                # Another process wrote this entry first (it took the table while we thought it ours): read
                # the log again; the client plays again against what it holds.
                await self.catch_up()
                raise ActionError("retry", "this table changed hands; nothing was taken here: send your move "
                                           "again") from None
            self.cluster.entry(self, entry)
        self._advance(state, entry)
        if state.over:  # this process logged the match's last move: it records the end (ratings, history), once
            self._spawn(self._record_end(t))
        await self._pause_changed()

    async def _record_end(self, t: float) -> None:
        """Record the finished match's ratings and history (:mod:`.ratings`): its people held by a bot at the end
        abandoned it."""
        abandoned = [s for s in self.standins if self.seats[s].kind == "human"]
        try:
            await ratings.record_end(self.store, self.row, self.seats, self.state, abandoned, self.game.lowest_wins,
                                     t)
        except Exception:
            log.exception("table %s: its end could not be recorded", self.id)

    def _advance(self, state: State, entry: ActionRow) -> None:
        """Make ``state`` (the one after the logged ``entry``) the table's, announce it, arm what comes next."""
        if entry.seat is None and table_entry(entry.action):
            self._table_entry_applied(entry)
            return
        seat, t = entry.seat, entry.t
        previous = self.state
        before = set(previous.to_act)
        self.state, self.changed, self._before, self._parts = state, t, self._parts, {}
        self.log.append(entry)
        self._version += 1
        self.checks.append(state.record_check())
        self.turn_started = {s: (self.turn_started.get(s, t) if s in before and s != seat else t)
                             for s in state.to_act}
        if self.deal_pause.on and seat is not None and self.kind(seat) == "human":
            self.deal_pause.ready.add(seat)  # a person's own move in the new deal: she is ready for it
        if (self.deal_pause.seconds and not self.deal_pause.on and self.started and scored_a_deal(previous, state)
                and self._people()):
            self.deal_pause.begin(t)
            self._pause_due = True
        self._drop_waiting()
        if self.correspondence is not None:
            self.correspondence.advanced(self, entry, before)
        self.broadcast_state()
        if state.over:
            over = self.over_message()
            for client in list(self.clients):
                client.send(over)
        if self.notifier is not None:  # the people away whose move it now is (server/notify.py)
            self.notifier.moved(self, before, seat)
        self.schedule()

    async def chat(self, client: Client, text: Any) -> None:
        """Say ``text`` to the table; spectators only where the table allows it. Each line is logged."""
        seat = client.seat
        if not isinstance(text, str) or not text.strip():
            raise ActionError("bad_json", "a chat message needs 'text': 1 to 500 characters")
        if len(text) > CHAT_LIMIT:
            raise ActionError("too_big", f"a chat line holds at most {CHAT_LIMIT} characters, this one has {len(text)}")
        if NUL in text:
            raise ActionError("bad_json", "a chat line may hold any character but NUL (\\u0000)")
        game = self.game
        if game.chat == "canned" and not self.state.over and text.strip() not in game.chat_messages:
            raise ActionError("canned_chat", f"while the game goes on, {game.title} allows only these messages "
                                             f"(players may not discuss the game): {' | '.join(game.chat_messages)}")
        if seat is None and not self.row.settings.get("spectator_chat"):
            raise ActionError("spectator", "spectators watch without chatting at this table (its creator may allow "
                                           "spectator chat)")
        allowance = self._chat_allowance.setdefault(seat, RateLimit(CHAT_RATE, CHAT_BURST))
        if not allowance.allow():
            raise ActionError("flood", f"too much chat: at most {CHAT_RATE:g} line a second"
                                       f"{' from all spectators together' if seat is None else ''}, bursts of "
                                       f"{CHAT_BURST}; this one was dropped")
        name = "spectator" if seat is None else (self.seats[seat].name or f"seat {seat}")
        line = ChatRow(seat, name, text.strip(), round(self.now(), 3))
        await self.store.add_chat(self.id, line)
        if self.cluster is not None:
            self.cluster.chat(self, line)
        self.said(line)

    def said(self, line: ChatRow) -> None:
        """Show a logged chat line to this table's clients."""
        message = self._chat_message(line)
        if self.notifier is not None:  # the people away hear who wrote (server/notify.py)
            self.notifier.said(self, line)
        if self._chat is not None:
            self._chat.append(message)
        for other in list(self.clients):
            other.send(message)

    @staticmethod
    def _chat_message(line: ChatRow) -> str:
        return encode({"type": "chat", "seat": line.seat, "name": line.name, "text": line.text, "t": line.t})

    # --- the clock and the bots ------------------------------------------------------------------------------------

    def schedule(self) -> None:
        """Arm the timers of the current state: its timed window, the move clocks, and the bots to ask."""
        for timer in self._timers:
            timer.cancel()
        self._timers = []
        if self.state.over or self.closed or self.mirror:
            return
        loop = asyncio.get_running_loop()
        version = self.version
        if self.lesson is not None and self.lesson.leads(version):  # the lesson plays its own steps, untimed
            if self.lesson.scripted(version) is not None:
                self._timers.append(loop.call_later(self.lesson.pace,
                                                    lambda: self._spawn(self._lesson_step(version))))
            return
        left = self.deadline_in()
        if left is not None:
            self._timers.append(loop.call_later(left, lambda: self._spawn(self._timeout(version))))
        if self.deal_pause.on:  # between deals: nothing moves until the people are ready or the pause runs out
            since = self.deal_pause.since
            self._timers.append(loop.call_later(self.deal_pause.left(self.now()),
                                                lambda: self._spawn(self._pause_over(since))))
            return
        clocks = self.clocks() if self.started else None
        for s in self.state.to_act:
            kind = self.kind(s)
            if kind == "bot" and self.game.realtime and not self.started:
                continue  # a race begins when the players are there
            if kind == "bot" and self._leaves_it_to_others(s):
                continue
            if kind == "bot" and self.bots is not None and s not in self._thinking:
                self._spawn(self._bot_move(s, version), seat=s)
            elif kind == "human" and clocks is not None:
                self._timers.append(loop.call_later(clocks[s] or 0.0,
                                                    lambda s=s: self._spawn(self._clock_out(s, version))))

    def _spawn(self, coro: Any, seat: int | None = None) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)  # the loop keeps only weak references to tasks
        task.add_done_callback(self._tasks.discard)
        if seat is not None:
            self._thinking[seat] = task
            task.add_done_callback(lambda done: self._forget(seat, done))

    def _forget(self, seat: int, task: asyncio.Task) -> None:
        if self._thinking.get(seat) is task:
            del self._thinking[seat]

    async def _timeout(self, version: int) -> None:
        async with self.lock:
            if version == self.version and self.state.deadline is not None:
                await self._accept(None, TIMEOUT)

    async def _lesson_step(self, version: int) -> None:
        """Play the lesson's scripted step (another seat's move, a window closing), if the table is still there."""
        async with self.lock:
            step = self.lesson.scripted(version) if self.lesson is not None else None
            if version == self.version and step is not None and not self.closed:
                try:
                    await self._accept(step.seat, step.move if step.seat is not None else TIMEOUT)
                except ActionError as e:  # the lesson's file is wrong here (tests/test_lessons.py would have said)
                    log.error("table %s: lesson step %d (%s, %r) refused: %s", self.id, version + 1, step.seat,
                              step.move, e.message)

    async def _clock_out(self, seat: int, version: int) -> None:
        """The seat's move clock ran out: the game's clock-out action is played (Go: resign), else the fallback
        bot's move."""
        async with self.lock:
            if version != self.version or seat not in self.state.to_act or self.kind(seat) == "bot":
                return
            action = self.state.clock_out(seat)
            if action is None:
                legal = [str(a) for a in self.state.legal(seat)]
                log.info("table %s: seat %d's clock ran out; %s plays for it", self.id, seat, FALLBACK)
                action = fallback(bot_seed(self.row.seed, version), legal)
            else:
                log.info("table %s: seat %d's clock ran out: %s", self.id, seat, action)
            await self._accept(seat, action)

    def _drop_waiting(self) -> None:
        """A real-time bot's waiting action that is no longer legal is dropped: its bot is asked again."""
        for seat, text in list(self._waiting.items()):
            if seat not in self.state.to_act or text not in map(str, self.state.legal(seat)):
                del self._waiting[seat]
                task = self._thinking.get(seat)
                if task is not None:
                    task.cancel()

    async def _bot_move(self, seat: int, version: int) -> None:
        assert self.bots is not None
        loop = asyncio.get_running_loop()
        asked = loop.time()
        realtime = self.game.realtime
        # several bots of a real-time game are asked at one version: each its own seed
        seed = bot_seed(self.row.seed, version) ^ (seat if realtime else 0)
        try:
            view, legal = self.state.bot_view(seat), [str(a) for a in self.state.legal(seat)]
            text, delay = await self.bots.choose_timed(self.game, seat, self.level(seat), seed, view, legal)
            if realtime:
                self._waiting[seat] = text
                self._drop_waiting()  # the state may have moved on while it thought
                await asyncio.sleep(max(0.0, delay - (loop.time() - asked)))
            async with self.lock:
                if self.kind(seat) != "bot" or self.deal_pause.on:  # the seat's person came back, or a deal ended
                    pass
                elif realtime:
                    if seat in self.state.to_act and text in map(str, self.state.legal(seat)):
                        await self._accept(seat, text)
                elif (version == self.version and seat in self.state.to_act and not self._cuts_short(seat, text)
                      and not self._leaves_it_to_others(seat) and self._ends_a_look(seat, text) is None):
                    await self._accept(seat, text)
        except ActionError as e:
            log.error("table %s: bot of seat %d played %s", self.id, seat, e.message)
        except Exception as e:
            unexpected.report("a bot's move", e, f"table {self.id}, seat {seat}, version {version}")
        finally:
            if self._waiting.get(seat) is not None and self._thinking.get(seat) is asyncio.current_task():
                del self._waiting[seat]
            self._forget(seat, asyncio.current_task())  # type: ignore[arg-type]
            if version != self.version and not self.state.over and not self.closed:
                self.schedule()  # a bot seat that is to act again asks its next question

    def cancel_bots(self) -> None:
        """Stop the bots thinking (the table became a mirror: its owner's bots play)."""
        self._waiting.clear()
        for task in list(self._thinking.values()):
            task.cancel()

    # --- mirrors (several processes, see server/cluster.py) ------------------------------------------------------

    def follow(self, entry: ActionRow) -> None:
        """The owner logged ``entry``: apply it here, or read the log if entries were missed.

        An owner hears another process's entry beyond its own log only when both took themselves for the owner for
        a moment (Redis came back empty and the other took the lease first): it reads the log, or its players would
        never see that move."""
        if entry.index < len(self.log):
            return
        if self.mirror and entry.index == len(self.log) and not self.lock.locked():
            state = self.state.clone()
            apply_entry(state, entry)
            self._advance(state, entry)
        else:
            self._spawn(self.locked_catch_up())

    async def locked_catch_up(self) -> None:
        async with self.lock:
            await self.catch_up()

    async def catch_up(self) -> None:
        """Apply what the log holds beyond this table's version (call with the lock held)."""
        for entry in await self.store.actions(self.id, since=len(self.log)):
            if entry.index == len(self.log):
                state = self.state.clone()
                apply_entry(state, entry)
                self._advance(state, entry)

    def _leaves_it_to_others(self, seat: int) -> bool:
        """Whether the bot at ``seat`` leaves a choice made together (``state.together``: a Rengo team agreeing on
        the dead stones) to the others: to the people among them, who agree for their team; with no person among
        them, to the first of its bots, which speaks for all."""
        together = self.state.together
        if seat not in together:
            return False
        bots = [s for s in together if self.kind(s) == "bot"]
        return len(bots) < len(together) or bots[0] != seat

    def _cuts_short(self, seat: int, text: str) -> bool:
        """Whether a bot's move would close an open timed window while a person may still act in it (a Kaboo bot
        starting its turn during a snap window): then the bot waits, and is asked again at the next change. (Not
        in a real-time game, where windows are races by design.)"""
        if self.state.deadline is None:
            return False
        if not any(self.kind(s) == "human" for s in self.state.to_act if s != seat):
            return False
        after = self.state.clone()
        try:
            after.apply(seat, text)
        except ParlourError:
            return False
        return after.deadline is None

    def _ends_a_look(self, seat: int, text: str) -> int | None:
        """The person whose look (``state.looking``) ``seat``'s move would end, if any: the rules let the next
        player's draw close the window, but a look lasts until its person is done or its window closes."""
        lookers = [s for s in self.state.looking if s != seat and self.kind(s) == "human"]
        if not lookers:
            return None
        after = self.state.clone()
        try:
            after.apply(seat, text)
        except ParlourError:
            return None
        still = set(after.looking)
        return next((s for s in lookers if s not in still), None)

    def stop(self) -> None:
        """Stop the timers, the bots and the sockets (the table is leaving memory, or the server stops)."""
        if self.cluster is not None:
            self.cluster.release(self)
            self.cluster = None  # once
        self.closed = True
        for timer in self._timers:
            timer.cancel()
        if self._presence_timer is not None:
            self._presence_timer.cancel()
        for task in list(self._thinking.values()):
            task.cancel()
        for client in list(self.clients):
            client.close()
