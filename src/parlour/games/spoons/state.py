"""The match of Spoons: rounds of continuous passing, a race for the spoons, a letter for the seat left without one.

Seats still in the match sit in a ring in seat order; "left" is the next seat in turn order. The dealer passes
left each round, the seat on his left holds the stock (the *pile-holder*), and the dealer himself, on the
pile-holder's right, is the last seat of the ring: what he passes goes to the discard pile.

Each seat holds four cards, five while it has a card to pass on. Cards passed to a seat wait face down in its
*queue*; a seat holding four cards picks up the next one at once (the pile-holder draws from the stock; when the
stock is empty the discard pile is shuffled and becomes the stock). So a seat is to act exactly while it holds
five cards (``pass``), or four of a kind (``grab``): the first spoon goes only to four of a kind. Once it is
taken, passing stops, every seat without a spoon may ``grab`` one, and the seat left without a spoon when they
run out gets the next letter of the word; a seat with the whole word is out. Timed windows: the *countdown* before
each round (nobody acts; ``timeout()`` starts the passing) and the grab window after the first spoon (at its
deadline every seat still without a spoon gets a letter). The last seat in wins.

>>> import parlour
>>> state = parlour.load("spoons", players=3).new(seed=2)
>>> state.phase, state.to_act, state.deadline
('countdown', (), 3.0)
>>> state.timeout()
>>> state.phase, len(state.view(state.holder)["hand"])
('passing', 5)
"""

from __future__ import annotations

from typing import Any, Sequence

from parlour.core.cards import CARDS, CODES, Card, deck as standard_deck
from parlour.core.errors import IllegalAction
from parlour.core.game import Game, State
from parlour.core.i18n import Message
from parlour.core.rng import Rng
from parlour.core.sheet import ScoreSheet
from parlour.core.stacking import stacked

from .actions import GRAB, PASSES, SpoonsAction

COUNTDOWN, PASSING, GRAB_PHASE, OVER = "countdown", "passing", "grab", "over"
#: Events that the view's log keeps (passes are many and say little: they are counted in ``passed``).
NOTABLE = frozenset({"round", "go", "restock", "grab", "timeout", "letter", "out", "score", "end"})


def quads(hand: Sequence[int]) -> int:
    """The rank (0..12) held four times in a hand of four or five cards, else -1.

    In five cards at most one card is not of that rank, so the rank is the first or the second card's.

    >>> quads([0, 13, 26, 39]), quads([5, 0, 13, 26, 39]), quads([0, 1, 13, 26, 40])
    (0, 0, -1)
    """
    ranks = [c % 13 for c in hand]
    for r in ranks[:2]:
        if ranks.count(r) >= 4:
            return r
    return -1


class SpoonsState(State):
    """A whole match of Spoons (see the module's docstring)."""

    # --- setting up -------------------------------------------------------------------------------------------

    @classmethod
    def start(cls, game: Game, seed: int, deck: Sequence[Any] | None) -> "SpoonsState":
        self = cls.__new__(cls)
        n = game.players
        self.game, self.seed = game, seed
        self.rng = Rng(seed)
        self.events = []
        self.sheet = ScoreSheet([f"seat {s}" for s in range(n)])
        self.letters = [0] * n
        self.alive = list(range(n))
        self.dealer = self.rng.below(n)
        self.round_no = 0
        self.previous: list[dict[str, Any]] = []
        cards = self.round_cards()
        self.stacked = stacked(deck, Card.parse, cards, "round",
                               f"exactly the {len(cards)} cards of {game.decks} deck(s)")
        self._deal()
        return self

    def round_cards(self) -> list[int]:
        """Every card of a round, in a fixed order (shuffled from the seed each round)."""
        return [int(c) for c in standard_deck(copies=self.game.decks)]

    def _deal(self) -> None:
        cards = self.round_cards()
        self.rng.shuffle(cards)  # drawn even for a stacked round, so that stacking one leaves the next alone
        if self.stacked:
            cards = self.stacked.pop(0)
        n, alive = self.game.players, self.alive
        self.round_no += 1
        self.left = {s: alive[(i + 1) % len(alive)] for i, s in enumerate(alive)}
        self.holder = self.left[self.dealer]
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.queues: list[list[int]] = [[] for _ in range(n)]
        pos = 0
        for s in self.ring():
            self.hands[s] = cards[pos:pos + 4]
            pos += 4
        self.stock = cards[pos:][::-1]  # the top of the stock is the end of the list
        self.discard: list[int] = []
        self.spoons = len(alive) - 1
        self.grabbed: list[int] = []
        self.laid: tuple[int, list[int]] | None = None
        self.passed = [0] * n
        self.phase = COUNTDOWN
        self.log: list[dict[str, Any]] = []
        self._note({"type": "round", "round": self.round_no, "dealer": self.dealer, "holder": self.holder,
                    "spoons": self.spoons, "alive": list(alive)})

    def ring(self) -> list[int]:
        """The seats still in, in passing order from the pile-holder to the dealer."""
        alive = self.alive
        i = alive.index(self.holder)
        return alive[i:] + alive[:i]

    def _note(self, event: dict[str, Any]) -> None:
        self.events.append(event)
        self.log.append(event)

    # --- the contract -----------------------------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == PASSING:
            if self.game.options["false_grab"]:
                return tuple(self.ring())
            hands = self.hands
            return tuple(s for s in self.ring() if len(hands[s]) == 5 or quads(hands[s]) >= 0)
        if phase == GRAB_PHASE:
            return tuple(s for s in self.ring() if s not in self.grabbed)
        return ()

    def legal(self, seat: int) -> list[SpoonsAction]:  # type: ignore[override]
        phase = self.phase
        if phase == GRAB_PHASE:
            return [GRAB] if seat in self.alive and seat not in self.grabbed else []
        if phase != PASSING or seat not in self.alive:
            return []
        hand = self.hands[seat]
        out = [GRAB] if self.game.options["false_grab"] or quads(hand) >= 0 else []
        if len(hand) == 5:
            seen = set()
            for c in hand:
                if c not in seen:
                    seen.add(c)
                    out.append(PASSES[c])
        return out

    def why_waiting(self, seat: int) -> str:
        if seat not in self.alive:
            return Message("seat {seat} may not act now: it is out of the match", seat=seat)
        if self.phase == COUNTDOWN:
            return Message("seat {seat} may not act now: round {round} starts when the countdown ends", seat=seat,
                           round=self.round_no)
        if self.phase == GRAB_PHASE:
            return Message("seat {seat} may not act now: it has a spoon already", seat=seat)
        if self.phase == PASSING:
            if seat == self.holder:
                return Message("seat {seat} may not act now: it holds four cards, not four of a kind, and waits for the "
                               "next card from the stock", seat=seat)
            return Message("seat {seat} may not act now: it holds four cards, not four of a kind, and waits for a card "
                           "from seat {other}", seat=seat, other=next(s for s in self.alive if self.left[s] == seat))
        return super().why_waiting(seat)

    def why_illegal(self, seat: int, action: SpoonsAction) -> str:  # type: ignore[override]
        hand = " ".join(CODES[c] for c in self.hands[seat])
        if action == GRAB:
            return Message("grab: the first spoon goes only to four of a kind, and your hand is {hand}", hand=hand)
        if int(action) >= 52:
            return Message("{action} is not a Spoons action", action=str(action))
        if self.phase == GRAB_PHASE:  # a pass sent before the player saw the first spoon go
            return Message("{action}: passing has stopped, seat {seat} took the first spoon with four of a kind: "
                           "grab a spoon", action=str(action), seat=self.grabbed[0])
        if len(self.hands[seat]) < 5:
            return Message("{action}: you hold four cards (a grab is all you may do): {hand}", action=str(action),
                           hand=hand)
        return Message("{action}: you do not hold {card}; your hand: {hand}", action=str(action),
                       card=CODES[int(action)], hand=hand)

    def _apply(self, seat: int, action: SpoonsAction) -> None:  # type: ignore[override]
        if action == GRAB:
            self._grab(seat)
        else:
            self._pass(seat, int(action))

    # --- passing ------------------------------------------------------------------------------------------------

    def _pass(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        self.passed[seat] += 1
        self.events.append({"type": "pass", "seat": seat})
        nxt = self.left[seat]
        if nxt == self.holder:  # the last seat of the ring
            self.discard.append(card)
            self._pick_up(seat)
            self._pick_up(self.holder)  # it may have been waiting on an empty stock
        else:
            self.queues[nxt].append(card)
            self._pick_up(seat)
            self._pick_up(nxt)

    def _pick_up(self, seat: int) -> None:
        """A seat holding four cards takes the next one: the pile-holder draws, the others take from their queue."""
        hand = self.hands[seat]
        if len(hand) != 4:
            return
        if seat != self.holder:
            queue = self.queues[seat]
            if queue:
                hand.append(queue.pop(0))
            return
        if not self.stock and self.discard:
            self.stock, self.discard = self.discard, []
            self.rng.shuffle(self.stock)
            self._note({"type": "restock", "cards": len(self.stock)})
        if self.stock:
            hand.append(self.stock.pop())

    # --- spoons -------------------------------------------------------------------------------------------------

    def _grab(self, seat: int) -> None:
        self.grabbed.append(seat)
        event: dict[str, Any] = {"type": "grab", "seat": seat, "order": len(self.grabbed)}
        if self.phase == PASSING:
            rank = quads(self.hands[seat])
            if rank < 0:  # the false_grab variant: the first spoon without four of a kind takes the letter
                event["false"] = True
                self._note(event)
                self._end_round([seat])
                return
            cards = [c for c in self.hands[seat] if c % 13 == rank][:4]
            self.laid = (seat, cards)
            event["cards"] = [CODES[c] for c in cards]
            self.phase = GRAB_PHASE
        self._note(event)
        if len(self.grabbed) == self.spoons:
            self._end_round([s for s in self.ring() if s not in self.grabbed])

    def timeout(self) -> None:
        if self.phase == COUNTDOWN:
            self._note({"type": "go", "round": self.round_no})
            self.phase = PASSING
            self._pick_up(self.holder)
        elif self.phase == GRAB_PHASE:
            self._note({"type": "timeout", "round": self.round_no})
            self._end_round([s for s in self.ring() if s not in self.grabbed])
        else:
            raise IllegalAction("no timed window is open")

    @property
    def deadline(self) -> float | None:
        if self.phase == COUNTDOWN:
            return float(self.game.options["countdown"])
        if self.phase == GRAB_PHASE:
            return float(self.game.options["grab_seconds"])
        return None

    # --- the end of a round and of the match ------------------------------------------------------------------------

    def _end_round(self, losers: list[int]) -> None:
        word = self.game.options["word"]
        n = self.game.players
        for s in losers:
            self.letters[s] += 1
            self._note({"type": "letter", "seat": s, "letters": word[:self.letters[s]]})
        for s in losers:
            if self.letters[s] >= len(word):
                self.alive.remove(s)
                self._note({"type": "out", "seat": s})
        points = [1 if s in losers else 0 for s in range(n)]
        detail = {"losers": losers, "grabs": list(self.grabbed)}
        self.sheet.add(f"round {self.round_no}", points, detail)
        self._note({"type": "score", "round": self.round_no, "points": points, **detail})
        if len(self.alive) == 1:
            self.phase = OVER
            self._note({"type": "end", "winners": list(self.winners), "scores": list(self.scores)})
            return
        self.previous = list(self.log)
        # the dealer passes left: to the next seat still in after the old dealer
        self.dealer = next(s for s in ((self.dealer + i) % n for i in range(1, n + 1)) if s in self.alive)
        self._deal()

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def scores(self) -> tuple[int, ...]:
        """Letters per seat: the fewest wins."""
        return self.sheet.totals

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(self.alive) if self.phase == OVER else ()

    # --- what a seat sees --------------------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        n = self.game.players
        mine = seat is not None and 0 <= seat < n
        laid = self.laid
        return {
            "game": self.game.id, "players": n, "options": dict(self.game.options), "seat": seat,
            "to_act": list(self.to_act), "legal": [str(a) for a in self.legal(seat)] if mine else [],
            "round": self.round_no, "phase": self.phase, "dealer": self.dealer, "holder": self.holder,
            "word": self.game.options["word"], "alive": list(self.alive), "letters": list(self.letters),
            "hand": [CODES[c] for c in self.hands[seat]] if mine else [],
            "hands": [len(h) for h in self.hands], "queues": [len(q) for q in self.queues],
            "passed": list(self.passed), "stock": len(self.stock), "discard": len(self.discard),
            "spoons": self.spoons, "grabbed": list(self.grabbed),
            "laid": {"seat": laid[0], "cards": [CODES[c] for c in laid[1]]} if laid else None,
            "deadline": self.deadline, "sheet": self.sheet.to_dict(), "scores": list(self.scores),
            "over": self.over, "winners": list(self.winners), "log": list(self.log),
            "previous": list(self.previous),
        }

    def zones(self) -> dict[str, list[Card]]:
        z: dict[str, list[Card]] = {"stock": [CARDS[c] for c in self.stock],
                                    "discard": [CARDS[c] for c in self.discard]}
        for s in range(self.game.players):
            z[f"hand {s}"] = [CARDS[c] for c in self.hands[s]]
            z[f"queue {s}"] = [CARDS[c] for c in self.queues[s]]
        return z

    def audit(self) -> None:
        """Recount the letters from the public events and check them against the score sheet."""
        rows: list[list[int]] = []
        letters = [0] * self.game.players
        for e in self.events:
            if e["type"] == "letter":
                letters[e["seat"]] += 1
                assert e["letters"] == self.game.options["word"][:letters[e["seat"]]], f"letters of {e}"
            elif e["type"] == "score":
                rows.append([1 if s in e["losers"] else 0 for s in range(self.game.players)])
        assert [list(r[1]) for r in self.sheet.rows] == rows, "the sheet's rows are the rounds' losers"
        assert tuple(letters) == self.sheet.totals == tuple(self.letters), "letters recounted from the events"

    def clone(self) -> "SpoonsState":
        c = SpoonsState.__new__(SpoonsState)
        d = dict(self.__dict__)
        d["rng"] = self.rng.clone()
        d["events"] = list(self.events)
        d["log"] = list(self.log)
        d["sheet"] = self.sheet.copy()
        d["stacked"] = [list(r) for r in self.stacked]
        d["hands"] = [list(h) for h in self.hands]
        d["queues"] = [list(q) for q in self.queues]
        for name in ("stock", "discard", "letters", "alive", "grabbed", "passed"):
            d[name] = list(d[name])
        if self.laid is not None:
            d["laid"] = (self.laid[0], list(self.laid[1]))
        c.__dict__.update(d)
        return c
