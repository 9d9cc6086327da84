"""One live table: the match state, the log behind it, the clients watching it, its clocks and its bots.

The table is the only authority. An action is checked (seat, turn, freshness, legality), written to the log, and
only then applied and announced: each client is sent ``state.view(seat)`` for its own seat, nothing more.

Timed windows: ``state.deadline`` is read on the table's *game clock*, which the server zeroes at every change of
the state (an accepted action or a timeout). A deadline of ``3.0`` closes the window three seconds after the change
that opened it; the server then applies ``state.timeout()`` and logs it as ``{"seat": null, "action": "timeout"}``.
After a restart the time already spent counts, from the logged time of the last change.
A bot never closes a window early while a person may still act in it (``_cuts_short``): people get the whole window.

Move clocks (optional, ``seconds_per_move``): a human seat that may act gets that many seconds for its move; when
they run out, the game's ``state.clock_out(seat)`` is played for it (Go: ``resign``), or, for a game that names
none, the table's fallback bot's move (a random legal move, seeded like every bot).

Chat: a game whose ``chat`` is ``"canned"`` (Rengo: partners may not discuss the game) takes only its
``chat_messages`` while the match goes on; free chat opens when it is over.

Real-time games (``Game.realtime``: Spoons, the Claw): actions are judged in the order they arrive, each stamped
with its arrival time. One made against an older version is taken if it is still legal (the game's action texts
say all that decides their effect). A bot's action lands after its reaction time (``Bot.delay``), counted from
when the bot was asked; one that stopped being legal meanwhile is dropped at once and the bot asked again.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from parlour.core.errors import ParlourError
from parlour.core.game import Game, State
from parlour.core.record import TIMEOUT, Record
from parlour.core.registry import load

from .bots import FALLBACK, BotPool, bot_seed, fallback
from .report import unexpected
from .storage import NUL, ActionRow, ChatRow, SeatRow, Store, TableRow

log = logging.getLogger("parlour.server")

CHAT_LIMIT = 500
#: A client that lets this many messages pile up unread is dropped (it reconnects and gets a fresh state).
OUTBOX_LIMIT = 512


class ActionError(Exception):
    """A refused client message: ``code`` for programs, ``message`` for people. Nothing changed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def to_message(self) -> dict[str, Any]:
        return {"type": "error", "code": self.code, "message": self.message}


@dataclass(eq=False)
class Client:
    """One WebSocket at a table: its seat (``None`` for a spectator) and its queue of outgoing JSON texts."""

    seat: int | None
    outbox: asyncio.Queue = field(default_factory=asyncio.Queue)
    closed: bool = False

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
    state = game.new(seed=seed, deck=setup)
    for entry in entries:
        if entry.seat is None:
            state.timeout()
        else:
            state.apply(entry.seat, entry.action)
        if checks is not None:
            checks.append(state.record_check())
    return state


class Table:
    """A table in memory, rebuilt from its log by :meth:`load`."""

    def __init__(self, row: TableRow, seats: list[SeatRow], log_: list[ActionRow], store: Store,
                 bots: BotPool | None, now: Callable[[], float] = time.time) -> None:
        self.row, self.seats, self.store, self.bots, self.now = row, seats, store, bots, now
        self.game = load(row.game, row.players, **row.options)
        self.checks: list[Any] = []  # per logged action: what the record keeps to check a replay (Skelly's caps)
        self.state = replay(self.game, row.seed, log_, row.setup, self.checks)
        self.log: list[ActionRow] = list(log_)
        self.clients: set[Client] = set()
        self.lock = asyncio.Lock()
        self.changed = log_[-1].t if log_ else row.created  # wall time of the last change: game clock zero
        self.turn_started: dict[int, float] = {s: self.changed for s in self.state.to_act}
        self._timers: list[asyncio.TimerHandle] = []
        self._thinking: dict[int, asyncio.Task] = {}
        self._waiting: dict[int, str] = {}  # a real-time bot's action, chosen, waiting for its reaction time
        self._stopped = False
        self._tasks: set[asyncio.Task] = set()

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def version(self) -> int:
        """The count of accepted actions (timeouts included)."""
        return len(self.log)

    # --- what clients see ---------------------------------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        """The public summary of the table (no tokens)."""
        connected = {c.seat for c in self.clients if not c.closed}
        seats = []
        for s in self.seats:
            d: dict[str, Any] = {"seat": s.seat, "kind": s.kind}
            if s.kind == "bot":
                d["level"] = s.level
            if s.name:
                d["name"] = s.name
            d["connected"] = s.kind == "bot" or s.seat in connected
            seats.append(d)
        return {"table": self.id, "game": self.row.game, "players": self.row.players, "options": self.game.options,
                "commitment": self.row.commitment, "seats": seats, "status": "over" if self.state.over else "playing",
                "actions": self.version, "created": self.row.created,
                "clock": {"seconds_per_move": self.row.seconds_per_move} if self.row.seconds_per_move else None}

    def deadline_in(self) -> float | None:
        """Seconds from now until the open timed window closes."""
        deadline = self.state.deadline
        if deadline is None:
            return None
        return max(0.0, self.changed + deadline - self.now())

    def clocks(self) -> list[float | None] | None:
        """Seconds left per seat on the move clock (a full clock for a seat not to act, ``None`` for a bot)."""
        limit = self.row.seconds_per_move
        if not limit:
            return None
        now = self.now()
        left: list[float | None] = []
        for s in self.seats:
            if s.kind == "bot":
                left.append(None)
            elif s.seat in self.turn_started:
                left.append(round(max(0.0, limit - (now - self.turn_started[s.seat])), 3))
            else:
                left.append(limit)
        return left

    def state_message(self, seat: int | None, summary: dict[str, Any] | None = None) -> str:
        return json.dumps({"type": "state", "version": self.version, "seat": seat, "view": self.state.view(seat),
                           "table": summary or self.summary(), "deadline": self.deadline_in(),
                           "clock": self.clocks(), "at": self.changed})

    def over_message(self) -> str:
        return json.dumps({"type": "over", "seed": self.row.seed, "salt": self.row.salt,
                           "commitment": self.row.commitment, "record_url": f"/api/tables/{self.id}/record",
                           "record_formats": {fmt: f"/api/tables/{self.id}/record.{fmt}"
                                              for fmt in self.game.record_formats}})

    def broadcast_state(self) -> None:
        summary = self.summary()
        texts: dict[int | None, str] = {}
        for client in list(self.clients):
            if client.seat not in texts:
                texts[client.seat] = self.state_message(client.seat, summary)
            client.send(texts[client.seat])

    def record(self) -> Record:
        """The match record with the seed and salt revealed (callers refuse it while the match goes on)."""
        rec = Record(self.row.game, self.row.players, dict(self.game.options), self.row.seed, deck=self.row.setup,
                     salt=self.row.salt, commitment=self.row.commitment)
        rec.actions = [{"seat": a.seat, "action": a.action, "t": a.t, **({"check": c} if c is not None else {})}
                       for a, c in zip(self.log, self.checks)]
        if self.state.over:
            rec.scores = list(self.state.scores)
        return rec

    # --- clients coming and going --------------------------------------------------------------------------------

    async def join(self, client: Client) -> None:
        """Seat a client: it gets the state at once (and ``over`` if the match ended), then the recent chat."""
        self.clients.add(client)
        self.broadcast_state()  # everyone sees the seat come online; the newcomer gets its first state
        if self.state.over:
            client.send(self.over_message())
        for line in await self.store.chat(self.id):
            client.send(json.dumps({"type": "chat", "seat": line.seat, "name": line.name, "text": line.text,
                                    "t": line.t}))

    def leave(self, client: Client) -> None:
        client.close()
        if client in self.clients:
            self.clients.discard(client)
            self.broadcast_state()

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
        async with self.lock:  # waiters get it in arrival order
            if version != self.version and not self.game.realtime:
                raise ActionError("stale", f"your action was made against version {version}, the table is at "
                                           f"version {self.version}; look at the new state and play again")
            if seat not in self.state.to_act:
                raise ActionError("not_your_turn", self.state.why_waiting(seat))
            await self._accept(seat, text, arrived)

    async def _accept(self, seat: int | None, text: str, arrived: float | None = None) -> None:
        """Apply to a copy, log, then swap in and announce (call with the lock held)."""
        state = self.state.clone()
        try:
            if seat is None:
                state.timeout()
                text = TIMEOUT
            else:
                text = str(state.apply(seat, text))
        except ParlourError as e:  # IllegalAction, or a game's own error for an action it cannot take
            raise ActionError("illegal", str(e)) from None
        t = round(max(self.changed, self.now() if arrived is None else arrived), 3)
        entry = ActionRow(self.version, seat, text, t)
        await self.store.add_action(self.id, entry.index, seat, text, t, finished=state.over)
        before = set(self.state.to_act)
        self.state, self.changed = state, t
        self.log.append(entry)
        self.checks.append(state.record_check())
        self.turn_started = {s: (self.turn_started.get(s, t) if s in before and s != seat else t)
                             for s in state.to_act}
        self._drop_waiting()
        self.broadcast_state()
        if state.over:
            over = self.over_message()
            for client in list(self.clients):
                client.send(over)
        self.schedule()

    async def chat(self, seat: int | None, text: Any) -> None:
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
        name = "spectator" if seat is None else (self.seats[seat].name or f"seat {seat}")
        line = ChatRow(seat, name, text.strip(), round(self.now(), 3))
        await self.store.add_chat(self.id, line)
        message = json.dumps({"type": "chat", "seat": seat, "name": name, "text": line.text, "t": line.t})
        for client in list(self.clients):
            client.send(message)

    # --- the clock and the bots ------------------------------------------------------------------------------------

    def schedule(self) -> None:
        """Arm the timers of the current state: its timed window, the move clocks, and the bots to ask."""
        for timer in self._timers:
            timer.cancel()
        self._timers = []
        if self.state.over or self._stopped:
            return
        loop = asyncio.get_running_loop()
        version = self.version
        left = self.deadline_in()
        if left is not None:
            self._timers.append(loop.call_later(left, lambda: self._spawn(self._timeout(version))))
        clocks = self.clocks()
        for s in self.state.to_act:
            kind = self.seats[s].kind
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

    async def _clock_out(self, seat: int, version: int) -> None:
        """The seat's move clock ran out: the game's clock-out action is played (Go: resign), else the fallback
        bot's move."""
        async with self.lock:
            if version != self.version or seat not in self.state.to_act:
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
            text, delay = await self.bots.choose_timed(self.game, seat, self.seats[seat].level or FALLBACK, seed,
                                                       view, legal)
            if realtime:
                self._waiting[seat] = text
                self._drop_waiting()  # the state may have moved on while it thought
                await asyncio.sleep(max(0.0, delay - (loop.time() - asked)))
            async with self.lock:
                if realtime:
                    if seat in self.state.to_act and text in map(str, self.state.legal(seat)):
                        await self._accept(seat, text)
                elif version == self.version and seat in self.state.to_act and not self._cuts_short(seat, text):
                    await self._accept(seat, text)
        except ActionError as e:
            log.error("table %s: bot of seat %d played %s", self.id, seat, e.message)
        except Exception as e:
            unexpected.report("a bot's move", e, f"table {self.id}, seat {seat}, version {version}")
        finally:
            if self._waiting.get(seat) is not None and self._thinking.get(seat) is asyncio.current_task():
                del self._waiting[seat]
            self._forget(seat, asyncio.current_task())  # type: ignore[arg-type]
            if version != self.version and not self.state.over:
                self.schedule()  # a bot seat that is to act again asks its next question

    def _cuts_short(self, seat: int, text: str) -> bool:
        """Whether a bot's move would close an open timed window while a person may still act in it (a Kaboo bot
        starting its turn during a snap window): then the bot waits, and is asked again at the next change. (Not
        in a real-time game, where windows are races by design.)"""
        if self.state.deadline is None:
            return False
        if not any(self.seats[s].kind == "human" for s in self.state.to_act if s != seat):
            return False
        after = self.state.clone()
        try:
            after.apply(seat, text)
        except ParlourError:
            return False
        return after.deadline is None

    def stop(self) -> None:
        self._stopped = True
        for timer in self._timers:
            timer.cancel()
        for task in self._thinking.values():
            task.cancel()
        for client in list(self.clients):
            client.close()
