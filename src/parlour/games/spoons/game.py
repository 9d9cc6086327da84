"""Spoons (S-P-O-O-N): the game, its options, and determinization."""

from __future__ import annotations

import re
from typing import Any, Mapping

from parlour.core.cards import Card
from parlour.core.errors import BadOption
from parlour.core.game import Game
from parlour.core.options import Option
from parlour.core.rng import Rng
from parlour.core.sheet import ScoreSheet

from .actions import SpoonsAction, parse
from .bot import BOTS
from .state import SpoonsState

WORD = re.compile(r"[A-Z]{1,10}")


class Spoons(Game):
    id = "spoons"
    title = "S-P-O-O-N (Spoons)"
    player_counts = tuple(range(2, 11))
    default_players = 4
    realtime = True
    status = "complete"
    lowest_wins = True
    options_spec = (
        Option("word", "SPOON", "the word a seat collects letter by letter, one per round lost; the whole word "
                                "puts it out (BOU for a shorter match)"),
        Option("decks", 0, "decks of 52 cards shuffled together; 0: one deck up to six players, two above",
               minimum=0, maximum=3),
        Option("countdown", 3, "seconds of countdown before each round's passing starts", minimum=1, maximum=10),
        Option("grab_seconds", 10, "once the first spoon is taken, seconds for the others to grab; every seat "
                                   "still without a spoon then gets a letter", minimum=2, maximum=60),
        Option("false_grab", False, "anyone may take the first spoon; without four of a kind he takes the "
                                    "round's letter himself"),
    )
    # Random play cannot gather four of a kind in reasonable time (one hand in ~4,000 passes): it plays with
    # false grabs, which end a round within a few dozen actions.
    random_options = {"false_grab": True}
    quick_options = {"word": "O"}
    action_bound = 20_000
    deck_doc = ("deck=[52 codes, or 104 with two decks...]: four cards to each seat still in, starting with the "
                "pile-holder (the seat after the dealer) and going round; then the stock, top first. A list of "
                "such lists stacks consecutive rounds. The first dealer is drawn from the seed.")
    state_class = SpoonsState
    bots = BOTS
    default_bot = "steady"  # sharp reacts faster than people: it would take every race

    def __init__(self, players: int | None = None, **options: Any) -> None:
        super().__init__(players, **options)
        word = self.options["word"].strip().upper()
        if not WORD.fullmatch(word):
            raise BadOption(f"option 'word' must be 1 to 10 letters A-Z, got {self.options['word']!r}")
        self.options["word"] = word
        self.decks: int = self.options["decks"] or (1 if self.players <= 6 else 2)
        if 52 * self.decks < 5 * self.players + 4:
            raise BadOption(f"{self.players} players need at least {-(-(5 * self.players + 4) // 52)} decks "
                            f"(option 'decks'), not {self.decks}")

    def parse(self, text: str) -> SpoonsAction:
        return parse(text)

    def determinize(self, view: Mapping[str, Any], rng: Rng) -> SpoonsState:
        """A match consistent with ``view``: the seat's own hand and the four of a kind laid down stay; every other
        card is dealt again at random to the other hands, the queues, the stock and the discard pile."""
        s = SpoonsState.__new__(SpoonsState)
        n = self.players
        s.game, s.seed = self, -1  # the seed is secret: the determinized future has its own shuffles
        s.rng = Rng(rng.next64())
        s.stacked = []
        s.sheet = ScoreSheet.from_dict(view["sheet"])
        s.letters, s.alive = list(view["letters"]), list(view["alive"])
        s.round_no, s.phase, s.dealer, s.holder = view["round"], view["phase"], view["dealer"], view["holder"]
        s.left = {a: s.alive[(i + 1) % len(s.alive)] for i, a in enumerate(s.alive)}
        s.spoons, s.grabbed, s.passed = view["spoons"], list(view["grabbed"]), list(view["passed"])
        s.log, s.previous = [dict(e) for e in view["log"]], [dict(e) for e in view["previous"]]
        s.events = s.previous + s.log
        seat = view["seat"]
        unknown = [int(c) for c in s.round_cards()]
        hands: list[list[int] | None] = [None] * n
        if seat is not None:
            hands[seat] = [int(Card.parse(c)) for c in view["hand"]]
        laid = view["laid"]
        s.laid = None
        if laid is not None:
            cards = [int(Card.parse(c)) for c in laid["cards"]]
            s.laid = (laid["seat"], cards)
            if laid["seat"] != seat:
                hands[laid["seat"]] = list(cards)
        for h in hands:
            for c in h or ():
                unknown.remove(c)
        s.rng.shuffle(unknown)
        counts = view["hands"]
        s.hands = []
        for t in range(n):
            h = hands[t] if t == seat else (hands[t] or [])
            if t != seat:
                need = counts[t] - len(h)
                h = h + unknown[:need]
                del unknown[:need]
            s.hands.append(h)
        s.queues = []
        for t in range(n):
            s.queues.append(unknown[:view["queues"][t]])
            del unknown[:view["queues"][t]]
        s.stock = unknown[:view["stock"]]
        s.discard = unknown[view["stock"]:]
        if len(s.discard) != view["discard"]:
            raise ValueError("the view's counts do not add up to the round's cards")
        return s
