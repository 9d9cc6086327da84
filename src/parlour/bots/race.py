"""Real-time matches on a virtual clock: each bot acts after its reaction time, a timed window closes at its deadline.

In a real-time game (``Game.realtime``: Spoons, the Claw) several seats may act at once and the first to act wins.
A bot says how long it takes (:meth:`~parlour.core.bot.Bot.delay`); a :class:`Race` plays each bot's action at
that instant of its clock if the action is still legal then (one that stopped being legal is dropped at once and
its bot asked again), closes a timed window when its deadline comes, and lets a person's action arrive at the
instant he sends it. The server does the same on the wall clock; ``parlour.bots.play_match`` and ``parlour play``
run real-time games through a race.

Nothing here reads the wall clock: a race of bots replays exactly from their seeds.

>>> import parlour
>>> from parlour.bots import make
>>> game = parlour.load("claw", players=2)
>>> race = Race(game.new(seed=3), {s: make("sharp", game, s, seed=s) for s in range(2)})
>>> race.run().over, race.now > 0
(True, True)
"""

from __future__ import annotations

from typing import Callable, Mapping

from parlour.core.bot import Bot
from parlour.core.game import Action, State
from parlour.core.record import TIMEOUT


class Race:
    """One match on a virtual clock. ``bots`` plays its seats; any other seat is a person who acts by :meth:`play`.

    ``now`` is the clock (seconds since the start); ``changed`` the instant of the last change, from which the
    open window's ``state.deadline`` counts (as on the server); ``log`` holds ``(seat, text, instant)`` of every
    action and timeout (seat ``None``), as a record keeps them.
    """

    def __init__(self, state: State, bots: Mapping[int, Bot]) -> None:
        self.state = state
        self.bots = dict(bots)
        self.now = 0.0
        self.changed = 0.0
        #: Each bot's chosen action and the instant it lands, while it is still legal.
        self.pending: dict[int, tuple[float, Action]] = {}
        self.log: list[tuple[int | None, str, float]] = []

    def _ask(self) -> None:
        """Ask every bot that may act and has nothing on its way what it plays, and when."""
        state = self.state
        for seat in state.to_act:
            bot = self.bots.get(seat)
            if bot is not None and seat not in self.pending:
                view, legal = state.bot_view(seat), state.legal(seat)
                action = bot.choose(view, legal)
                self.pending[seat] = (self.now + max(0.0, float(bot.delay(view, action))), action)

    def next_at(self) -> float | None:
        """The instant of the next event (a bot's action or the window's close); ``None`` if only a person can act."""
        if self.state.over:
            return None
        self._ask()
        times = [t for t, _ in self.pending.values()]
        deadline = self.state.deadline
        if deadline is not None:
            times.append(self.changed + deadline)
        return min(times) if times else None

    def step(self) -> tuple[int | None, str] | None:
        """Play the next event and return ``(seat, text)`` (seat ``None``: a timeout), or ``None`` if nothing is
        due until a person acts. Bots due at the same instant act in seat order, before a window closes."""
        at = self.next_at()
        if at is None:
            return None
        self.now = max(self.now, at)
        due = [(t, seat) for seat, (t, _) in self.pending.items() if t <= at]
        if due:
            _, seat = min(due)
            _, action = self.pending.pop(seat)
            return seat, self._apply(seat, action)
        self.state.timeout()
        self._changed(None, TIMEOUT)
        return None, TIMEOUT

    def advance(self, until: float, unseen: Callable[[], bool] | None = None) -> list[tuple[int | None, str]]:
        """Play every event due up to the instant ``until``, then set the clock there; returns what was played.

        ``unseen``: asked after each event; once it says yes (a person's screen no longer shows the table as it
        is, and he will see the change only at ``until``) nothing more is played and the rest of the time is
        skipped: every bot's action on its way and the open window move that much later, so that nobody reacts
        to the change before he can see it."""
        played = []
        while True:
            at = self.next_at()
            if at is None or at > until:
                break
            event = self.step()
            assert event is not None
            played.append(event)
            if unseen is not None and unseen():
                self.skip(until - self.now)
                break
        self.now = max(self.now, until)
        return played

    def skip(self, seconds: float) -> None:
        """Let ``seconds`` go by with nothing happening: the clock, the actions on their way and the open
        window's start all move that much later."""
        if seconds <= 0:
            return
        self.now += seconds
        self.changed += seconds
        self.pending = {seat: (t + seconds, action) for seat, (t, action) in self.pending.items()}

    def play(self, seat: int, action: Action | str) -> Action:
        """A person's action, arriving now: applied if legal (else :class:`IllegalAction`, nothing changed)."""
        done = self.state.apply(seat, action)
        self._changed(seat, str(done))
        return done

    def run(self) -> State:
        """Play to the end of the match (every seat a bot); returns the final state."""
        while not self.state.over:
            if self.step() is None:
                raise RuntimeError(f"the race is stuck: seats {list(self.state.to_act)} may act but have no bot, "
                                   "and no timed window is open")
        return self.state

    def _apply(self, seat: int, action: Action) -> str:
        done = self.state.apply(seat, action)
        text = str(done)
        self._changed(seat, text)
        return text

    def _changed(self, seat: int | None, text: str) -> None:
        """After a change: the game clock restarts, and actions that are no longer legal are dropped (their bots
        are asked again at once)."""
        self.log.append((seat, text, round(self.now, 3)))
        self.changed = self.now
        state = self.state
        to_act = state.to_act
        for s, (_, action) in list(self.pending.items()):
            if s not in to_act or action not in state.legal(s):
                del self.pending[s]
