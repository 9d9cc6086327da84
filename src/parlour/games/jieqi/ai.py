"""Jieqi for learning programs (see :mod:`parlour.ai.spaces`).

A move is its own int (``origin | destination << 7``, points 0..89). A view is :data:`PLANES` planes over the
board, 10 ranks by 9 files, in the order of the points (rank 1, Red's back rank, first; files a..i), so that a
plane's entry ``r * 9 + f`` is the point an action names:

* 0-6: Red's face-up pieces by kind (general, advisor, elephant, horse, chariot, cannon, soldier); 7: Red's
  covered pieces; 8-14 and 15: Black's likewise. A covered piece is only "covered" here: what it is, nobody
  at the table knows (the view never tells it), so the tensor cannot either.
* 16: all ones if the seat plays Red; 17: all ones if Red is to move; 18, 19: the last move's origin and
  destination; 20: all ones if the side to move is in check.
* 21: the plies since the last capture or reveal over ``quiet_plies`` (the game is drawn at 1); 22: the plies
  of this game, over 400 and capped at 1 (the move counter; few games go further).
* 23-28: what Red's covered pieces may still be, for this seat: its unseen advisors, elephants, horses,
  chariots, cannons and soldiers, each over how many a side has (2, 2, 2, 2, 2, 5); 29-34: Black's.
* 35, 36: the seat's and the other seat's match points over the most a match gives (2 a game).

>>> import parlour
>>> game = parlour.load("jieqi")
>>> planes = encode(game, game.new(seed=1).view(0))
>>> observation_shape(game), sum(planes[7 * 90:8 * 90]), sum(planes[16 * 90:17 * 90])
((37, 10, 9), 15.0, 90.0)
"""

from __future__ import annotations

from typing import Any, Mapping

from .board import LETTERS, square

#: Planes of the observation.
PLANES = 37
_POINTS = 90
#: A side's pieces that start covered, by letter, and how many of each (the unseen planes' scale).
_POOL = (("A", 2), ("B", 2), ("N", 2), ("R", 2), ("C", 2), ("P", 5))
#: Plies at which the move counter plane saturates.
_PLY_SCALE = 400


def action_count(game: Any) -> int:
    return 90 << 7


def observation_shape(game: Any) -> tuple[int, ...]:
    return (PLANES, 10, 9)


def _fill(planes: list[list[float]], plane: int, value: float) -> None:
    planes[plane] = [value] * _POINTS


def encode(game: Any, view: Mapping[str, Any]) -> list[float]:
    planes = [[0.0] * _POINTS for _ in range(PLANES)]
    # the FEN's board runs from rank 10 down to rank 1; the planes from rank 1 up, as the points are numbered
    for i, row in enumerate(view["fen"].split()[0].split("[")[0].split("/")):
        rank, file = 9 - i, 0
        for ch in row:
            if ch.isdigit():
                file += int(ch)
                continue
            black = ch.islower()
            kind = 7 if ch in "Xx" else LETTERS.index(ch.upper()) - 1
            planes[kind + (8 if black else 0)][rank * 9 + file] = 1.0
            file += 1
    seat = view["seat"]
    if view["colour"] == "red":
        _fill(planes, 16, 1.0)
    if view["to_move"] == "red":
        _fill(planes, 17, 1.0)
    if view["last"]:
        planes[18][square(view["last"]["from"])] = 1.0
        planes[19][square(view["last"]["to"])] = 1.0
    if view["check"]:
        _fill(planes, 20, 1.0)
    _fill(planes, 21, min(view["quiet"] / view["options"]["quiet_plies"], 1.0))
    _fill(planes, 22, min(view["ply"] / _PLY_SCALE, 1.0))
    for side, first in (("red", 23), ("black", 29)):
        unseen = {k.upper(): n for k, n in view["unseen"][side].items()}
        for j, (letter, most) in enumerate(_POOL):
            _fill(planes, first + j, unseen.get(letter, 0) / most)
    most = 2 * view["options"]["games"]
    if seat is not None:
        _fill(planes, 35, view["scores"][seat] / most)
        _fill(planes, 36, view["scores"][1 - seat] / most)
    return [x for p in planes for x in p]
