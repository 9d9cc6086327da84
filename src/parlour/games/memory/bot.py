"""Heuristic bots for the memory games, at three levels that differ only in how well they remember.

A bot is shown its seat's ``bot_view``: what a person at the seat sees, and under ``memory`` every face-down card
the seat has seen (looked at, placed itself, watched being placed, seen thrown in a wrong snap) that the view no
longer shows. A person must keep those in mind; a bot recalls them by its level: ``expert`` all of them,
``casual`` only two of its own layout's (the newest placed), ``novice`` none. So a bot keeps no state between questions and plays the same
in a worker process of the server, asked afresh at every move, as in a local match.

The play itself is simple and the same at every level: value each place (a remembered card by its points,
an unknown one by the average card), keep low cards, throw high ones, use powers to learn or to pass
bad cards on, snap only what it remembers, knock when its layout looks low enough.

>>> import parlour
>>> from parlour.bots import play_match
>>> from parlour.games.memory.bot import make_bots
>>> game = parlour.load("testoasa", players=2, rounds=1)
>>> bots = [make_bots("testoasa")["expert"](game, s, seed=s) for s in range(2)]
>>> state, _ = play_match(game, bots, seed=4)
>>> state.over
True
"""

from __future__ import annotations

from typing import Any, ClassVar

from parlour.core.bot import Bot
from parlour.core.game import Action

from .actions import (DISCARD, DRAW, FLIP, GIVE, JACK, KEEP, KNOCK, LOOK, PASS, PEEK, READY, SKIP, SNAP, SPY,
                      STAY, SWAP, TAKE, TRADE, Move)
from .state import HIDDEN

FACE = {"J": 10, "Q": 10, "A": 1}


def points(game_id: str, code: str) -> int:
    """A card's points in ``game_id`` (the bots' own table, read from the rules)."""
    if code == "JK":
        return 0
    rank, suit = code[:-1], code[-1]
    if rank == "K":
        return (-1 if suit in "DH" else 10) if game_id == "kaboo" else 0
    if rank == "2" and game_id in ("golf6", "crazy-nines"):
        return -2
    return FACE.get(rank) or int(rank)


def rank(code: str) -> str:
    return "joker" if code == "JK" else code[:-1]


#: The average points of an unknown card, per game.
AVERAGE = {"testoasa": 5.8, "kaboo": 6.5, "golf6": 5.5, "crazy-nines": 5.5}


class MemoryBot(Bot):
    """The shared heuristic player; ``recall`` is which of the hidden cards it has seen it remembers: ``"all"``,
    ``"own"`` (its own layout's, at most ``own_limit`` of them: the newest placed) or ``"none"``."""

    recall: ClassVar[str] = "all"
    own_limit: ClassVar[int] = 2
    name = "expert"

    def __init__(self, game: Any, seat: int, seed: int = 0) -> None:
        super().__init__(game, seat, seed)
        self.memory: dict[int, str] = {}

    # --- memory -------------------------------------------------------------------------------------------------

    def observe(self, view: dict[str, Any]) -> None:
        """Read the cards it remembers from the view's ``memory`` (see ``MemoryState.bot_view``), by tag."""
        seen = [(view["tags"][owner][slot], owner, code) for owner, slot, code in view.get("memory", ())]
        if self.recall == "own":  # its own cards, the newest placed first (a tag grows with every card placed)
            seen = sorted((x for x in seen if x[1] == self.seat), reverse=True)[:self.own_limit]
        elif self.recall != "all":
            seen = []
        self.memory = {tag: code for tag, _, code in seen}

    def known(self, view: dict[str, Any], owner: int, slot: int) -> str | None:
        code = view["layouts"][owner][slot]
        if code is None:
            return None
        if code != HIDDEN:
            return code
        return self.memory.get(view["tags"][owner][slot])

    def value(self, view: dict[str, Any], owner: int, slot: int) -> float:
        code = self.known(view, owner, slot)
        return AVERAGE[self.game.id] if code is None else points(self.game.id, code)

    # --- choosing -----------------------------------------------------------------------------------------------

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        self.observe(view)
        by_kind: dict[int, list[Move]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)  # type: ignore[attr-defined]
        choice = self.decide(view, by_kind)
        return choice if choice is not None else legal[0]

    def decide(self, view: dict[str, Any], moves: dict[int, list[Move]]) -> Move | None:
        gid = self.game.id
        if READY in moves and FLIP not in moves:
            return moves[READY][0]
        if gid in ("golf6", "crazy-nines"):
            return self.golf(view, moves)
        if GIVE in moves:
            return self.give(view, moves)
        if SKIP in moves or KEEP in moves:
            return self.power(view, moves)
        if SWAP in moves:
            return self.drawn(view, moves)
        if DRAW in moves:
            return self.start(view, moves)
        if SNAP in moves:
            return self.snap(view, moves)
        return moves.get(PASS, [None])[0]

    def own(self, view: dict[str, Any]) -> list[int]:
        return [i for i, c in enumerate(view["layouts"][self.seat]) if c is not None]

    def worst(self, view: dict[str, Any]) -> tuple[int, float]:
        """Own place with the highest value (ties: the unknown one)."""
        return max(((i, self.value(view, self.seat, i)) for i in self.own(view)),
                   key=lambda p: (p[1], self.known(view, self.seat, p[0]) is None))

    # --- Țestoasa and Kaboo ---------------------------------------------------------------------------------------

    def start(self, view: dict[str, Any], moves: dict[int, list[Move]]) -> Move:
        own = self.own(view)
        total = sum(self.value(view, self.seat, i) for i in own)
        unknown = sum(self.known(view, self.seat, i) is None for i in own)
        if KNOCK in moves and unknown <= 1 and total <= (5 if self.game.id == "kaboo" else 7):
            return moves[KNOCK][0]
        if TAKE in moves and view["discard"]:
            top = points(self.game.id, view["discard"][-1])
            slot, worst = self.worst(view)
            if top <= 3 and worst >= top + 3:
                return next(m for m in moves[TAKE] if m.a == slot)
        return moves[DRAW][0]

    def drawn(self, view: dict[str, Any], moves: dict[int, list[Move]]) -> Move:
        code = view["drawn"]
        d = points(self.game.id, code)
        slot, worst = self.worst(view)
        if d < worst - 1 or (d <= 2 and worst >= d + 1):
            return next(m for m in moves[SWAP] if m.a == slot)
        return moves[DISCARD][0]

    def power(self, view: dict[str, Any], moves: dict[int, list[Move]]) -> Move:
        gid, me = self.game.id, self.seat
        if KEEP in moves:
            s, t, u = view["look"]
            mine, theirs = self.known(view, me, s), self.known(view, t, u)
            if TRADE in moves and mine and theirs and points(gid, theirs) < points(gid, mine):
                return moves[TRADE][0]
            return moves[KEEP][0]
        if PEEK in moves:
            options = [m for m in moves[PEEK] if self.known(view, me, m.a) is None]
            return options[0] if options else moves[SKIP][0]
        if SPY in moves:
            options = [m for m in moves[SPY] if self.known(view, m.b, m.c) is None]
            return self.rng.choice(options) if options else moves[SKIP][0]
        slot, worst = self.worst(view)
        if JACK in moves:
            if worst < 8:
                return moves[SKIP][0]
            targets = [m for m in moves[JACK] if m.a == slot]
            low = [m for m in targets if self.value(view, m.b, m.c) < worst - 2]
            return min(low, key=lambda m: self.value(view, m.b, m.c)) if low else moves[SKIP][0]
        if LOOK in moves:
            targets = [m for m in moves[LOOK] if m.a == slot and self.known(view, m.b, m.c) is None]
            return self.rng.choice(targets) if targets else moves[SKIP][0]
        return moves[SKIP][0]

    def snap(self, view: dict[str, Any], moves: dict[int, list[Move]]) -> Move:
        want = view["snap"]["rank"]
        if want is None or view["snap"]["claimed"]:
            return moves[PASS][0]
        best: tuple[float, Move] | None = None
        for m in moves[SNAP]:
            code = self.known(view, m.b, m.c)
            if code is None or rank(code) != want:
                continue
            if m.b == self.seat:
                gain = points(self.game.id, code)  # a card fewer
            else:
                gain = self.worst(view)[1] if len(self.own(view)) > 1 and view["closer"] != self.seat else 0
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, m)
        return best[1] if best else moves[PASS][0]

    def give(self, view: dict[str, Any], moves: dict[int, list[Move]]) -> Move:
        slot, worst = self.worst(view)
        if worst <= 0:
            return moves[STAY][0]
        return next(m for m in moves[GIVE] if m.a == slot)

    # --- the golf games -------------------------------------------------------------------------------------------

    def golf_score(self, cards: list[str | None]) -> float:
        """Estimated points of a layout (``None``: unknown; gaps are left out by the caller as ``""``)."""
        cols, gid, avg = 3, self.game.id, AVERAGE[self.game.id]
        total = 0.0
        for col in range(cols):
            column = cards[col::cols]
            ranks = [rank(c) for c in column if c]
            for c in column:
                if c == "":
                    continue
                if c is None:
                    total += avg
                elif ranks.count(rank(c)) < 2:
                    total += points(gid, c)
        return total

    def golf_cards(self, view: dict[str, Any], owner: int) -> list[str | None]:
        return ["" if c is None else (None if c == HIDDEN else c) for c in view["layouts"][owner]]

    def golf(self, view: dict[str, Any], moves: dict[int, list[Move]]) -> Move | None:
        me = self.seat
        cards = self.golf_cards(view, me)
        now = self.golf_score(cards)
        down = [i for i, c in enumerate(cards) if c is None]
        others = [self.golf_score(self.golf_cards(view, s)) for s in range(len(view["layouts"])) if s != me]

        def after(slot: int, code: str) -> tuple[float, bool]:
            new = list(cards)
            new[slot] = code
            ends = down == [slot]
            return self.golf_score(new), ends

        def best_place(code: str, kinds: list[Move]) -> tuple[float, Move | None]:
            best: tuple[float, Move | None] = (0.0, None)
            for m in kinds:
                score, ends = after(m.a, code)
                if ends and score > min(others, default=score):
                    continue
                gain = now - score
                if gain > best[0]:
                    best = (gain, m)
            return best

        if view["phase"] == "setup":
            return moves[FLIP][0] if FLIP in moves else moves[READY][0]
        if DRAW in moves:
            if TAKE in moves and view["discard"]:
                gain, m = best_place(view["discard"][-1], moves[TAKE])
                if m is not None and gain >= 3:
                    return m
            return moves[DRAW][0]
        if SWAP in moves:
            gain, m = best_place(view["drawn"], moves[SWAP])
            if m is not None and gain >= 1:
                return m
            return moves[DISCARD][0] if DISCARD in moves else min(
                moves[SWAP], key=lambda m: after(m.a, view["drawn"])[0])
        if FLIP in moves:
            return moves[FLIP][0]
        return None


class CasualBot(MemoryBot):
    name = "casual"
    description = "plays like expert but keeps only two of its own hidden cards in mind, none of the others'"
    recall = "own"


class NoviceBot(MemoryBot):
    name = "novice"
    description = "plays like expert but forgets a hidden card as soon as it is turned down again"
    recall = "none"


class ExpertBot(MemoryBot):
    name = "expert"
    description = "remembers every hidden card it has seen, keeps low cards, throws high ones: the strongest"
    recall = "all"


def make_bots(game_id: str) -> dict[str, type[MemoryBot]]:
    """The three levels, for a game's ``bots`` table."""
    return {"expert": ExpertBot, "casual": CasualBot, "novice": NoviceBot}
