"""Tysiąc actions: an int (kind in the low 4 bits, payload above) that prints as its stable ASCII text.

===================  ===================================================================
``bid 105``          a bid in the auction (a multiple of 5 from 100), or ``pass``
``rospisat``         variant: the declarer gives the hand up after seeing the prikup
``give 9S to 2``     the declarer passes a card face down to an opponent (seat 2)
``contract 120``     the declarer's final bid after the exchange (its bid kept, or raised)
``show nines``       the holder of all four nines abandons the hand; ``play on`` declines
``play KH``          a card to the trick
``marry QH``         lead the queen (or king) of hearts and declare the hearts marriage
===================  ===================================================================

>>> a = parse("give th to 2")
>>> str(a), parse(str(a)) == a
('give 10H to 2', True)
>>> [str(parse(t)) for t in ("bid 105", "PASS", "marry qh", "play as", "contract 120", "show nines", "play on")]
['bid 105', 'pass', 'marry QH', 'play AS', 'contract 120', 'show nines', 'play on']
"""

from __future__ import annotations

from functools import lru_cache

from parlour.core.errors import IllegalAction
from parlour.core.game import Action
from parlour.core.i18n import Message

from .cards import CODES, KING, QUEEN, RANK, parse_card

PLAY, MARRY, BID, PASS, GIVE, CONTRACT, ROSPISAT, NINES, PLAY_ON = range(9)
#: No bid may go above this: 120 card points and all four marriages (40 + 60 + 80 + 100).
MAX_BID = 400
USAGE = Message("actions are: 'bid N' (N a multiple of 5), 'pass', 'rospisat', 'give CARD to SEAT', 'contract N', "
                "'show nines', 'play on', 'play CARD', 'marry CARD' (a king or queen)")


class Move(Action):
    """One Tysiąc action. ``kind = a & 15``, ``payload = a >> 4``."""

    __slots__ = ()

    @property
    def kind(self) -> int:
        return self & 15

    @property
    def payload(self) -> int:
        return self >> 4

    def __str__(self) -> str:
        return _text(int(self))


def move(kind: int, payload: int = 0) -> Move:
    return Move(kind | payload << 4)


PLAYS: tuple[Move, ...] = tuple(move(PLAY, c) for c in range(24))
MARRIES: tuple[Move, ...] = tuple(move(MARRY, c) for c in range(24))
BIDS: tuple[Move, ...] = tuple(move(BID, v // 5) for v in range(0, MAX_BID + 5, 5))
CONTRACTS: tuple[Move, ...] = tuple(move(CONTRACT, v // 5) for v in range(0, MAX_BID + 5, 5))
PASS_MOVE = move(PASS)
ROSPISAT_MOVE = move(ROSPISAT)
NINES_MOVE = move(NINES)
PLAY_ON_MOVE = move(PLAY_ON)


def give(card: int, to: int) -> Move:
    return move(GIVE, card | to << 5)


@lru_cache(maxsize=1024)
def _text(code: int) -> str:
    kind, p = code & 15, code >> 4
    if kind == PLAY:
        return f"play {CODES[p]}"
    if kind == MARRY:
        return f"marry {CODES[p]}"
    if kind == BID:
        return f"bid {5 * p}"
    if kind == PASS:
        return "pass"
    if kind == GIVE:
        return f"give {CODES[p & 31]} to {p >> 5}"
    if kind == CONTRACT:
        return f"contract {5 * p}"
    if kind == ROSPISAT:
        return "rospisat"
    if kind == NINES:
        return "show nines"
    return "play on"


def _points(word: str, verb: str) -> int:
    if not word.isdigit() or int(word) % 5 or not 100 <= int(word) <= MAX_BID:
        raise IllegalAction("{verb} '{word}': a bid is a multiple of 5 from 100 to {most}, e.g. '{verb} 110'", verb=verb,
                            word=word, most=MAX_BID)
    return int(word) // 5


def parse(text: str) -> Move:
    """Read an action's text; raise :class:`IllegalAction` saying what is wrong with it."""
    if not isinstance(text, str):
        raise IllegalAction("an action is text; {usage}", usage=USAGE)
    words = text.lower().split()
    if not words:
        raise IllegalAction("empty action; {usage}", usage=USAGE)
    verb = words[0]
    if words in (["pass"], ["rospisat"], ["show", "nines"], ["play", "on"]):
        return {"pass": PASS_MOVE, "rospisat": ROSPISAT_MOVE, "show": NINES_MOVE, "play": PLAY_ON_MOVE}[verb]
    if verb == "play" and len(words) == 2:
        return PLAYS[parse_card(words[1])]
    if verb == "marry" and len(words) == 2:
        card = parse_card(words[1])
        if RANK[card] not in (KING, QUEEN):
            raise IllegalAction("a marriage is declared by leading its king or queen, not {card}", card=CODES[card])
        return MARRIES[card]
    if verb in ("bid", "contract") and len(words) == 2:
        return (BIDS if verb == "bid" else CONTRACTS)[_points(words[1], verb)]
    if verb == "give" and len(words) in (3, 4) and (len(words) == 3 or words[2] == "to"):
        card = parse_card(words[1])
        if words[-1] not in ("0", "1", "2"):
            raise IllegalAction("give {card} to '{seat}': the seats are 0, 1 and 2", card=words[1], seat=words[-1])
        return give(card, int(words[-1]))
    if verb in ("play", "marry", "bid", "contract", "give"):
        example = {"play": "play AH", "marry": "marry QH", "bid": "bid 110", "contract": "contract 120",
                   "give": "give 9S to 2"}[verb]
        raise IllegalAction("cannot read '{text}': write e.g. '{example}'", text=text, example=example)
    raise IllegalAction("cannot read '{text}': {usage}", text=text, usage=USAGE)
