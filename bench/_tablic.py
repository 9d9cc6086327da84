"""DavorPenzar/tablic's minimax player seated at a Giacomotto table: an outside opponent for our bots.

`DavorPenzar/tablic <https://github.com/DavorPenzar/tablic>`_ is a public Tablić engine with a minimax player
(``MinimaxIgrac``: alpha-beta over the hands it infers from what each player has not captured, to ``maxDubina``
plies, with a time limit ``maxT`` a move). Its code is never copied here: the bench imports it from a checkout
the user names (``--tablic PATH``). It was written for Python 2 and runs on Python 3 with the ``six`` package and
two names (``unicode``, ``long``) that :func:`load` supplies.

Its rules are Giacomotto's (Serbian Tablić, 2 players): 4 cards to the table, 6 to each hand four times, J 12,
Q 13, K 14, A 1 or 11, disjoint groups, a tabla is a point (also with the last card, where our default agrees),
the cards' points and 3 for most cards. :class:`TablicBot` keeps its player informed from what our seat's view
shows, as its own engine would: a new pack is a new game for it (``saznajBrojIgraca``), each deal its hand and
the table (``saznajNovoDijeljenje``), and every card played, with the hand it holds and the table before the
card (``vidiPotez``). Its answer (a card and the table cards it takes) is played in our steps: ``capture``, a
``take`` for each card group by group, ``done``.

>>> names("10D"), names("AS"), names("2C")
(('KARO', 'BR10'), ('PIK', 'A'), ('TREF', 'BR2'))
"""

from __future__ import annotations

import builtins
import sys
from pathlib import Path
from typing import Any, Callable

from parlour.core.bot import Bot
from parlour.core.cards import CODES
from parlour.core.game import Action, Game
from parlour.games.giacomotto.actions import DONE_MOVE, capture, take, trail
from parlour.games.giacomotto.captures import card_order, partition

SUITS = {"H": "HERC", "S": "PIK", "D": "KARO", "C": "TREF"}
RANKS = {"A": "A", "J": "J", "Q": "Q", "K": "K", **{str(n): f"BR{n}" for n in range(2, 11)}}
_karta: Any = None


class MissingTablic(RuntimeError):
    """The checkout is not there, or does not import."""


def load(path: str | Path) -> Callable[..., Any]:
    """Import the checkout's ``MinimaxIgrac`` (and its ``Karta``, kept for :func:`from_code`)."""
    global _karta
    folder = Path(path).expanduser().resolve()
    if not (folder / "minimax_igrac.py").is_file():
        raise MissingTablic(f"{folder} is not a checkout of DavorPenzar/tablic (no minimax_igrac.py in it)")
    builtins.unicode = str  # type: ignore[attr-defined]  # its __repr__s and __str__s are Python 2's
    builtins.long = int  # type: ignore[attr-defined]
    sys.path.insert(0, str(folder))
    try:
        import karta  # type: ignore[import-not-found]
        import minimax_igrac  # type: ignore[import-not-found]
    except ImportError as e:
        raise MissingTablic(f"cannot import the tablic checkout at {folder}: {e} (it needs the package six)") from None
    _karta = karta.Karta
    return minimax_igrac.MinimaxIgrac


def _cards() -> Any:
    if _karta is None:
        import karta  # type: ignore[import-not-found]  # a doctest, or a caller that put the checkout on sys.path
        return karta.Karta
    return _karta


def names(code: str) -> tuple[str, str]:
    """Our card code (``10D``) as the names of tablic's suit and sign (``KARO``, ``BR10``)."""
    return SUITS[code[-1]], RANKS[code[:-1]]


CODE_OF = {names(code): code for code in CODES[:52]}


def from_code(code: str) -> Any:
    """Our card code (``10D``) as tablic's ``Karta``."""
    k, (suit, sign) = _cards(), names(code)
    return k(getattr(k.Boja, suit), getattr(k.Znak, sign))


def to_code(karta: Any) -> str:
    """Tablic's ``Karta`` as our card code."""
    return CODE_OF[karta.boja.name, karta.znak.name]


class TablicBot(Bot):
    """A seat played by tablic's ``MinimaxIgrac`` (``player_class``), ``depth`` plies deep, ``seconds`` a move."""

    name = "tablic-minimax"
    description = "DavorPenzar/tablic's minimax player (an outside program, for the bench)"

    def __init__(self, game: Game, seat: int, player_class: Callable[..., Any], depth: int = 3,
                 seconds: float = 15.0) -> None:
        super().__init__(game, seat)
        if game.players != 2:
            raise ValueError("tablic's minimax player plays Tablić of single players: seat it at 2-player tables")
        self.make = lambda index: player_class(index, maxDubina=depth, maxT=seconds)
        self.player: Any = None
        self.pack: int | None = None
        self.seen = 0  # events of this pack's log already told to the player
        self.first = 0  # the seat that plays first in this pack: tablic's player 0
        self.hand: set[str] = set()
        self.table: set[str] = set()
        self.steps: list[Action] = []

    def index(self, seat: int) -> int:
        """Tablic numbers the players in the order they play, from the pack's first."""
        return (seat - self.first) % self.game.players

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        self.follow(view)
        if view["capture"] is None:
            self.steps = self.plan(view)
        return self.steps.pop(0)

    def plan(self, view: dict[str, Any]) -> list[Action]:
        """Ask the player for its move; the steps that play it here."""
        if set(view["hand"]) != self.hand or set(view["table"]) != self.table:
            raise AssertionError(f"the player was told hand {sorted(self.hand)}, table {sorted(self.table)}; "
                                 f"the view shows {view['hand']}, {view['table']}")
        karta, taken = self.player.odigraj({from_code(c) for c in self.hand}, {from_code(c) for c in self.table})
        card = CODES.index(to_code(karta))
        if not taken:
            return [trail(card)]
        mask = sum(1 << CODES.index(to_code(k)) for k in taken)
        groups = partition(card, mask)
        if groups is None:
            raise AssertionError(f"tablic's capture {to_code(karta)} takes {sorted(map(to_code, taken))}, which "
                                 f"Giacomotto cannot split into groups")
        steps: list[Action] = [capture(card)]
        for group in groups:
            members = [c for c in range(52) if group >> c & 1]
            steps += [take(c) for c in sorted(members, key=card_order)]
        return steps + [DONE_MOVE]

    def follow(self, view: dict[str, Any]) -> None:
        """Tell the player what happened since it last played, event by event."""
        log = view["log"]
        if view["pack"] != self.pack or len(log) < self.seen:
            self.pack, self.seen = view["pack"], 0
        for event in log[self.seen:]:
            kind = event["type"]
            if kind == "pack":
                self.first = (event["dealer"] + 1) % self.game.players
                self.player = self.make(self.index(self.seat))
                self.player.saznajBrojIgraca(self.game.players, [f"seat {s}" for s in range(self.game.players)])
                self.table, self.hand = set(event["table"]), set()
            elif kind == "hand" and event["seat"] == self.seat:
                self.hand = set(event["cards"])
                self.player.saznajNovoDijeljenje({from_code(c) for c in self.hand},
                                                 {from_code(c) for c in self.table})
            elif kind in ("trail", "capture"):
                taken = set(event["cards"]) if kind == "capture" else set()
                self.player.vidiPotez(self.index(event["seat"]), {from_code(c) for c in self.hand},
                                      {from_code(c) for c in self.table}, from_code(event["card"]),
                                      {from_code(c) for c in taken})
                self.table = (self.table - taken) | ({event["card"]} if kind == "trail" else set())
                if event["seat"] == self.seat:
                    self.hand.discard(event["card"])
        self.seen = len(log)


