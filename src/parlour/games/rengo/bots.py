"""The Go bots: GNU Go at its levels (when it is installed), the tree search with RAVE and patterns on the
compiled play-out board (``uct.py``), and the first pure-Python MCTS bot with light play-outs.

Both play Rengo as well as Go: a bot plays its colour's moves when its turn in the team order comes. Once
play has stopped, a bot marks the chains it believes dead, one action at a time, then accepts; shown another
team's marking that differs, it offers its own; it resumes play only when the marking it is asked to accept
would lose the game that its own would win, and only once a game.

>>> import parlour
>>> from parlour.bots import make
>>> game = parlour.load("go", size=9)
>>> state = game.new(seed=1)
>>> bot = make("mcts", game, 0, seed=1)
>>> bot.simulations, bot.seconds = 60, 5.0          # a quick search for the example
>>> state.apply(0, bot.choose(state.view(0), state.legal(0))).kind == 0   # a stone, not a pass
True
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from parlour.core.bot import Bot
from parlour.core.game import Action

from .gtp import Engine, GtpError, engine, gnugo_path
from .mcts import PASS, Search, dead_chains
from .uct import Tree, ownership
from .scoring import count
from .state import CONFIRM, PLAYING, RengoState

#: Dead-stone estimates by position (bots are made afresh for every question a server asks).
_DEAD_CACHE: dict[tuple, int] = {}
_CACHE_LIMIT = 256


class GoBot(Bot):
    """What every Go bot shares: rebuilding the game from the view, and agreeing on the dead stones."""

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        state = self.game.determinize(view, self.rng)
        assert isinstance(state, RengoState)
        by_text = {str(a): a for a in legal}
        text = self.play(state, by_text) if state.phase == PLAYING else self.mark(state, by_text)
        return by_text[text]

    def play(self, state: RengoState, legal: dict[str, Action]) -> str:
        raise NotImplementedError

    def dead_stones(self, state: RengoState) -> int:
        raise NotImplementedError

    def believed_dead(self, state: RengoState) -> int:
        """The stones this bot believes dead here (worked out once per position)."""
        key = (type(self), self.seat, state.rules.size, state.board.hash, state.colour)
        dead = _DEAD_CACHE.get(key)
        if dead is None:
            dead = self.dead_stones(state)
            if len(_DEAD_CACHE) >= _CACHE_LIMIT:
                _DEAD_CACHE.clear()
            _DEAD_CACHE[key] = dead
        return dead

    def wins_now(self, state: RengoState) -> bool:
        """Whether this bot's team wins if play stops now and its own marking of the dead stones is agreed."""
        margin = self._margin(state, self.believed_dead(state))
        return margin > 0 if state.rules.lineup.side[self.seat] == 0 else margin < 0

    def mark(self, state: RengoState, legal: dict[str, Action]) -> str:
        """One step of the dead-stone agreement: toggle a chain this bot disagrees on, else accept (or resume)."""
        dead = self.believed_dead(state)
        board = state.board
        if state.step != CONFIRM:
            for text in legal:
                kind, _, name = text.partition(" ")
                if kind in ("dead", "alive"):
                    chain = board.chain(board.geo.point(name))
                    if bool(chain & dead) != bool(chain & state.dead):
                        return text
            return "accept"
        team = state.rules.lineup.side[self.seat]
        theirs, ours = self._margin(state, state.dead), self._margin(state, dead)
        sign = 1 if team == 0 else -1
        resumed = any(a == "resume" for a in state.actions)
        if sign * theirs < 0 < sign * ours and not resumed and "resume" in legal:
            return "resume"
        return "accept"

    @staticmethod
    def _stops(state: RengoState) -> bool:
        """Whether a pass now stops play (the other side has just passed) and the count follows."""
        return state.passes >= 1 and not state.rules.all_pass

    @staticmethod
    def _komi(state: RengoState) -> float:
        """White's komi with the handicap stones' compensation, as the search bots count it."""
        handicap = len(state.handicap)
        return state.rules.komi + (handicap if handicap >= 2 else 0)

    def _margin(self, state: RengoState, dead: int) -> float:
        r = state.rules
        return count(state.board, dead, r.komi, r.territory, len(state.handicap)).margin


class MctsBot(GoBot):
    """Monte Carlo tree search with light random play-outs: pure Python, no GNU Go needed."""

    name = "mcts"
    description = "Monte Carlo tree search (pure Python): plays when GNU Go is not installed"
    #: The most simulations per move, and the most seconds (whichever comes first).
    simulations: ClassVar[int] = 3000
    seconds: ClassVar[float] = 4.0
    #: Play-outs per estimate of the dead stones.
    marking_playouts: ClassVar[int] = 120

    def play(self, state: RengoState, legal: dict[str, Action]) -> str:
        # The other side has just passed: a pass now stops play, and the count follows. Pass if that wins as this
        # bot will mark the dead stones; never pass into a lost count, nor pass while losing: play on.
        stop = self._stops(state)
        if stop and self.wins_now(state):
            return "pass"
        rnd = random.Random(self.rng.next64())
        search = Search(state.board.clone(), state.colour, self._komi(state), rnd, passes=min(state.passes, 1),
                        may_pass=not stop)
        search.run(self.simulations, self.seconds)
        ranked = sorted(search.root.children, key=lambda c: c.visits, reverse=True)
        if ranked and ranked[0].move == PASS and not self.wins_now(state):
            ranked = ranked[1:]
        if not ranked or ranked[0].move == PASS:
            return "pass"
        return f"play {state.board.geo.names[ranked[0].move]}"

    #: Advice reads its values as winrates, in the order the tree search prefers its points (visits).
    unit: ClassVar[str] = "winrate"
    ranked: ClassVar[bool] = True

    def weigh(self, view: dict[str, Any], legal: list[Action], deadline: float,
              moves: list[Action] | None = None) -> list[tuple[Action, float]]:
        """The points the tree search tried from this position, most visited first, each with its winrate for the
        side to move (as many simulations as ``budget``'s iterations, else :attr:`simulations`, until
        ``deadline``); while the dead stones are marked, the bot's step alone at an even 0.5. A move of ``moves``
        the tree never tried is valued by a search from the position after it."""
        import time

        by_text = {str(a): a for a in legal}
        state = self.game.determinize(view, self.rng)
        assert isinstance(state, RengoState)
        if state.phase != PLAYING or len(legal) == 1:
            self.stats = {"iterations": 0}
            return [(self.choose(view, legal), 0.5)]
        budget = getattr(self, "budget", None)
        sims = budget.iterations if budget is not None and budget.iterations else self.simulations
        seconds = max(0.0, deadline - time.perf_counter()) if deadline != float("inf") else self.seconds
        search = Search(state.board.clone(), state.colour, self._komi(state), random.Random(self.rng.next64()),
                        passes=min(state.passes, 1))
        search.run(sims, seconds)
        names = state.board.geo.names
        out: list[tuple[Action, float]] = []
        for c in sorted(search.root.children, key=lambda c: c.visits, reverse=True):
            text = "pass" if c.move == PASS else f"play {names[c.move]}"
            if text in by_text and c.visits:
                out.append((by_text[text], c.wins / c.visits))
        self.stats = {"iterations": search.simulations}
        for m in moves or ():
            if str(m) not in {str(a) for a, _ in out} and str(m) in by_text and str(m) != "pass":
                after = state.clone()
                after.apply(self.seat, by_text[str(m)])
                reply = Search(after.board.clone(), after.colour, self._komi(after), random.Random(self.rng.next64()))
                reply.run(max(16, sims // 4), seconds / 4)
                out.append((by_text[str(m)], 1 - reply.root.wins / max(1, reply.root.visits)))
        return out or [(self.choose(view, legal), 0.5)]

    def dead_stones(self, state: RengoState) -> int:
        rnd = random.Random(state.board.hash ^ self.seat)
        return dead_chains(state.board, state.colour, self._komi(state), rnd, self.marking_playouts)



class RaveBot(GoBot):
    """Tree search with priors and RAVE over play-outs with MoGo's tactics and 3×3 patterns (``uct.py``).

    Its board is ``fastboard``'s C arrays in the compiled build (about 35,000 simulations a CPU second on 9×9);
    pure Python runs the same search some fifty times slower. The root plays only the game's legal points
    (positional superko included); the dead stones are the chains its play-outs mostly give to the other side.
    """

    name = "mcts-rave"
    description = "Monte Carlo tree search with RAVE and play-out patterns: plays when GNU Go is not installed"
    #: The most simulations per move, and the most CPU seconds (whichever comes first).
    simulations: ClassVar[int] = 30000
    seconds: ClassVar[float] = 2.0
    #: Play-outs per estimate of the dead stones.
    marking_playouts: ClassVar[int] = 400

    def play(self, state: RengoState, legal: dict[str, Action]) -> str:
        # As MctsBot: after the other side's pass, pass only into a count this bot wins; never pass otherwise
        # while a point is left to play (area scoring: a move in one's own area costs nothing).
        if self._stops(state) and self.wins_now(state):
            return "pass"
        board = state.board
        tree = Tree(board, state.colour, self._komi(state), seed=self.rng.next64() % (1 << 62) + 1,
                    legal=board.legal_points(state.colour), last=_last_point(state))
        tree.run(self.simulations, self.seconds)
        names = board.geo.names
        for point, _, _ in tree.best_moves():
            text = "pass" if point == PASS else f"play {names[point]}"
            if text in legal:
                return text
        return "pass"

    def dead_stones(self, state: RengoState) -> int:
        board = state.board
        owned = ownership(board, state.colour, self.marking_playouts, seed=board.hash % (1 << 62) + 1 + self.seat)
        dead = 0
        seen = 0
        for p in board.geo.list_points(board.masks[1] | board.masks[2]):
            if seen >> p & 1:
                continue
            chain = board.chain(p)
            seen |= chain
            sign = 1 if board.colour[p] == 1 else -1
            points = board.geo.list_points(chain)
            if sum(1 for q in points if sign * owned[q] < 0) * 2 > len(points):  # mostly the other side's
                dead |= chain
        return dead


def _last_point(state: RengoState) -> int:
    """The point of the last stone played, or -1 (none yet, or a pass since)."""
    for e in reversed(state.events):
        if e["type"] == "move":
            return state.board.geo.point(e["point"])
        if e["type"] == "pass":
            return -1
    return -1


class GnuGoBot(GoBot):
    """GNU Go over GTP (Debian's gnugo), one engine process per bot worker."""

    level: ClassVar[int] = 10

    @classmethod
    def available(cls) -> bool:
        return gnugo_path() is not None

    def _engine(self, state: RengoState) -> Engine:
        eng = engine(chinese=not state.rules.territory)
        eng.set_level(self.level)
        follow(eng, state)
        return eng

    def play(self, state: RengoState, legal: dict[str, Action]) -> str:
        colour = "BW"[state.colour - 1]
        try:
            eng = self._engine(state)
            cleanup = "resume" in state.actions  # the teams disagreed: capture what is dead, prove it on the board
            answer = eng.genmove(colour, cleanup)
            if cleanup:
                eng.gtp.command("undo")
            choices = [answer] + ([] if cleanup else eng.top_moves(colour))
        except GtpError:
            engine(chinese=not state.rules.territory).close()
            raise
        for move in choices:
            text = "pass" if move == "PASS" else "resign" if move == "resign" else f"play {move}"
            if text in legal:
                return text
        return "pass"

    def dead_stones(self, state: RengoState) -> int:
        eng = self._engine(state)
        geo = state.board.geo
        dead = 0
        for name in eng.dead_stones():
            dead |= 1 << geo.point(name)
        return dead


def follow(eng: Engine, state: RengoState) -> None:
    """Bring GNU Go's board to the game: its start (handicap stones as such) and every move since."""
    start = state.game.new(seed=0, deck=state.setup).board
    names = start.geo.names
    handicap = [names[p] for p in state.handicap]
    stones = [("BW"[c - 1], names[p]) for p, c in enumerate(start.colour) if c and p not in state.handicap]
    moves = [f"{e['colour']} {e['point'] if e['type'] == 'move' else 'pass'}"
             for e in state.events if e["type"] in ("move", "pass")]
    eng.follow(state.rules.size, state.rules.komi, handicap, stones, moves)


def gnugo(level: int) -> type[GnuGoBot]:
    """The GNU Go bot of one level (1 weakest to 10 strongest)."""
    name = "gnugo" if level == 10 else f"gnugo-{level}"
    return type(f"GnuGo{level}Bot", (GnuGoBot,), {
        "name": name, "level": level, "__doc__": f"GNU Go 3.8 at level {level} over GTP.",
        "description": f"GNU Go at level {level} of 10" + (" (its strongest)" if level == 10 else "")})


#: The strongest first: GNU Go when it is installed, else the tree search with RAVE (the lobby lists only the
#: available ones).
BOTS: dict[str, type[Bot]] = {**{b.name: b for b in map(gnugo, (10, 7, 4, 1))}, RaveBot.name: RaveBot,
                              MctsBot.name: MctsBot}
