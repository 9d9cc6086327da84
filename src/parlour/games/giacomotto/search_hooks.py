"""Giacomotto's hooks for the game-agnostic search bots (:mod:`parlour.bots.pimc`, :mod:`parlour.bots.ismcts`).

* **Whole turns**: a search weighs whole plays, a trail or a capture with all its cards (the engine takes the
  whole capture as one action), and of a card's captures only those no other capture of it contains (taking
  more is never worse here). The bot then makes the chosen capture step by step, remembering the plan; asked in
  the middle of a capture it did not plan (a server asks a fresh bot for every step), it finishes it as the
  greedy bot would.
* **Horizon**: a line is played to the end of the current deal (six cards each), then valued by what each side
  has banked in the pack: card points, a little per card toward the 3 points for most cards, tablas. When the
  deal is the pack's last, its real score counts.
* **Play-outs**: every hand open, a player takes what is worth most now less what the next player's actual hand
  can then take from the table (the greedy bot's rule, with the next hand known instead of estimated).

>>> import parlour
>>> from parlour.bots import make
>>> game = parlour.load("giacomotto")
>>> state = game.new(seed=5)
>>> seat = state.to_act[0]
>>> bot = make("pimc@4", game, seat, seed=1)
>>> while state.to_act == (seat,):     # a whole turn: a trail, or a capture's steps
...     _ = state.apply(seat, bot.choose(state.view(seat), state.legal(seat)))
>>> state.to_act != (seat,)
True
"""

from __future__ import annotations

from typing import Any, Mapping

from parlour.bots.hooks import Root, SearchHooks
from parlour.core.cards import cards_of
from parlour.core.game import Action, Game
from parlour.core.rng import Rng

from .actions import CAPTURE, TRAIL, Move, capture
from .bot import CARD_WEIGHT, TRAIL_POINT_RISK, GreedyBot, best_takes, candidates, capture_worth, split, \
    takes_in_order
from .captures import PLAYED_VALUES, VALUE
from .state import GiacomottoState, card_points

_CARD_POINTS = tuple(card_points(1 << c) for c in range(52))


def hooks(game: Game) -> "GiacomottoHooks":
    return GiacomottoHooks(game)


class GiacomottoHooks(SearchHooks):
    def decide(self, view: Mapping[str, Any], legal: list[Action], memory: dict[str, Any]) -> Action | None:
        if view.get("capture") is not None:  # inside a capture: its plan, or the greedy bot's way to finish it
            return self._greedy(memory, view).choose(view, legal)
        if len(legal) == 1 and Move(legal[0]).kind == TRAIL:
            return legal[0]
        return None

    def continuing(self, view: Mapping[str, Any]) -> bool:
        return view.get("capture") is not None

    def step(self, view: Mapping[str, Any], legal: list[Action], move: Action, memory: dict[str, Any]) -> Action:
        m = Move(move)
        if m.kind == CAPTURE and m.whole:
            card = m >> 2 & 63
            greedy = self._greedy(memory, view)
            greedy.plan = (card, takes_in_order(split(m.captured, PLAYED_VALUES[card])))
            return capture(card)
        return move

    def _greedy(self, memory: dict[str, Any], view: Mapping[str, Any]) -> GreedyBot:
        """The greedy bot that makes this bot's captures step by step (it keeps the plan)."""
        bot = memory.get("greedy")
        if bot is None:
            bot = memory["greedy"] = GreedyBot(self.game, view["seat"])
        return bot

    def moves(self, state: GiacomottoState, seat: int) -> list[Action]:
        if state.capturing >= 0:
            return state.legal(seat)
        return [m for _, m in _plays(state, seat)]


    def policy(self, state: GiacomottoState, seat: int, rng: Rng) -> Action:
        if state.capturing >= 0:
            return state.legal(seat)[0]
        n = state.game.players
        nxt = (seat + 1) % n
        sign = -1.0 if state.teams.side[nxt] != state.teams.side[seat] else 0.5
        reply_hand = state.hands[nxt]
        best, best_score = None, float("-inf")
        for score, m in _plays(state, seat, scored=True):
            after = state.table & ~m.captured if m.kind == CAPTURE else state.table | 1 << (m >> 2 & 63)
            score += sign * _reply(after, reply_hand)
            if score > best_score:
                best, best_score = m, score
        return best

    def order(self, state: GiacomottoState, seat: int, moves: list[Action]) -> list[Action]:
        if state.capturing >= 0 or len(moves) < 2:
            return moves
        first = self.policy(state, seat, Rng(0))
        return [first] + [m for m in moves if m != first]

    # --- horizon and value -------------------------------------------------------------------------------------

    def mark(self, state: GiacomottoState) -> Any:
        return (state.pack, state.deal)

    def finished(self, state: GiacomottoState, root: Root) -> bool:
        return state.over or len(state.sheet.rows) > root.rows or (state.pack, state.deal) != root.mark

    def values(self, state: GiacomottoState, root: Root) -> list[float]:
        if state.over or len(state.sheet.rows) > root.rows:
            return super().values(state, root)
        banked = [card_points(p) + CARD_WEIGHT * p.bit_count() + t for p, t in zip(state.piles, state.tablas)]
        side = state.teams.side
        return [banked[side[s]] - banked[1 - side[s]] for s in range(root.players)]


def _plays(state: GiacomottoState, seat: int, scored: bool = False) -> list[tuple[float, Move]]:
    """Every whole play of ``seat``: each card's largest captures and, where allowed, its trail (with what it
    brings now when ``scored``)."""
    table = state.table
    last = not state.stock and sum(h.bit_count() for h in state.hands) == 1
    tabla_counts = not last or state.game.options["last_card_tabla"]
    out = []
    for a in state.legal(seat):
        card = a >> 2 & 63
        if a & 3 == TRAIL:
            score = -TRAIL_POINT_RISK * _CARD_POINTS[card] - 0.01 * VALUE[card] if scored else 0.0
            out.append((score, a))
            continue
        sets = candidates(card, table)
        for captured in sets:
            if any(other != captured and other & captured == captured for other in sets):
                continue  # a smaller capture than another of the same card
            score = capture_worth(card, captured, table, tabla_counts) if scored else 0.0
            out.append((score, capture(card, captured)))
    return out


def _reply(table: int, hand: int) -> float:
    """The most the hand can take from ``table`` in one play (its own card's points included)."""
    if not table or not hand:
        return 0.0
    takes = best_takes(table)
    best = 0.0
    for c in cards_of(hand):
        for v in PLAYED_VALUES[c]:
            t = takes.get(v)
            if t is not None and t + _CARD_POINTS[c] > best:
                best = t + _CARD_POINTS[c]
    return best


__all__ = ["GiacomottoHooks", "hooks"]
