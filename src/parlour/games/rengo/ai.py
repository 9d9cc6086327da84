"""Go and Rengo for learning programs (see :mod:`parlour.ai.spaces`).

Actions: ``3 S² + 4`` indices on a board of size S (OpenSpiel's go has ``S² + 1``: it has no marking of dead
stones): a play on each point, then marking a chain dead, then alive, each block point by point as the planes
below are (the top row first: a play's index is its point's entry in a plane), then pass, resign, accept and
resume. A view is 18 planes over the board, from the board's top row down (rows of the view's ``board``), "mine"
meaning the seat's team's colour:

* 0, 1: my stones, the other colour's; 2, 3: when the seat is to play, the empty points it may not play for
  repetition (ko) and for suicide; 4: the last stone played; 5: the stones marked dead (scoring, and after);
* 6: the seat is to act; 7: it plays Black; 8: Black is to play; 9: the scoring phase;
* 10: passes in a row / the passes that end play; 11: (komi + 50) / 100; 12, 13: the stones my side and the
  other side captured / the board's points;
* 14: the seat plays its team's next stone; 15: its team has partners (Rengo);
* 16, 17: my territory and the other side's in the count (scoring, and after).

>>> import parlour
>>> game = parlour.load("go", size=9)
>>> state = game.new(seed=1)
>>> _ = state.apply(0, "play E5")
>>> p = encode(game, state.view(1))
>>> action_count(game), observation_shape(game), sum(p[81:162]), p[6 * 81]
(247, (18, 9, 9), 1.0, 1.0)
>>> from parlour.games.rengo.actions import parse
>>> [action_index(game, parse(t, 9)) for t in ("play A9", "play E5", "dead J1", "pass", "resume")]
[0, 40, 161, 243, 246]
"""

from __future__ import annotations

from functools import lru_cache
from itertools import chain
from typing import Any, Mapping

PLANES = 18
COLUMNS = "ABCDEFGHJKLMNOPQRST"  # GTP letters: no I
KOMI = 50  # the option's bound either way


def action_count(game: Any) -> int:
    size = game.options["size"]
    return 3 * size * size + 4


def action_index(game: Any, action: Any) -> int:
    size = game.options["size"]
    kind, row, col = action >> 10, action >> 5 & 31, action & 31
    if kind == 3:  # the words: pass, resign, accept, resume
        return 3 * size * size + col
    return kind * size * size + (size - 1 - row) * size + col


def observation_shape(game: Any) -> tuple[int, ...]:
    size = game.options["size"]
    return (PLANES, size, size)


def point(name: str, size: int) -> int:
    """The entry of a GTP point in a plane: ``A19`` is 0 on a 19×19 board (the top row first).

    >>> point("A19", 19), point("B9", 9), point("T1", 19)
    (0, 1, 360)
    """
    return (size - int(name[1:])) * size + COLUMNS.index(name[0])


@lru_cache(maxsize=None)
def plays(size: int) -> tuple[str, ...]:
    """The text of a play on each entry of a plane (what the view's ``legal`` lists), built once per size.

    >>> plays(9)[0], plays(9)[80]
    ('play A9', 'play J1')
    """
    return tuple(f"play {COLUMNS[p % size]}{size - p // size}" for p in range(size * size))


def suicides(rows: list[str], colour: str, points: list[int]) -> set[int]:
    """Which of the empty ``points`` would leave a stone of ``colour`` without liberties, capturing nothing.

    >>> sorted(suicides([".X.", "X..", "..."], "O", [0, 2]))
    [0]
    """
    size = len(rows)
    cells = [ch for row in rows for ch in row]

    def around(p: int) -> list[int]:
        r, c = divmod(p, size)
        return [q for q, ok in ((p - size, r > 0), (p + size, r < size - 1), (p - 1, c > 0), (p + 1, c < size - 1))
                if ok]

    def has_liberty(start: int) -> bool:
        seen, todo = {start}, [start]
        while todo:
            for q in around(todo.pop()):
                if cells[q] == ".":
                    return True
                if cells[q] == cells[start] and q not in seen:
                    seen.add(q)
                    todo.append(q)
        return False

    out = set()
    for p in points:
        cells[p] = colour
        if not has_liberty(p) and all(cells[q] in (".", colour) or has_liberty(q) for q in around(p)):
            out.add(p)
        cells[p] = "."
    return out


def encode(game: Any, view: Mapping[str, Any]) -> list[float]:
    size = view["size"]
    area = size * size
    planes = [[0.0] * area for _ in range(PLANES)]
    seat = view["seat"]
    team = 0 if seat is None or seat in view["teams"][0] else 1
    mine, theirs = "XO"[team], "OX"[team]
    rows = view["board"]
    cells = [ch for row in rows for ch in row]
    for p, ch in enumerate(cells):
        if ch == mine:
            planes[0][p] = 1.0
        elif ch == theirs:
            planes[1][p] = 1.0

    def fill(plane: int, value: float) -> None:
        planes[plane] = [max(0.0, min(1.0, float(value)))] * area

    to_act = seat is not None and seat in view["to_act"]
    if to_act and view["phase"] == "play":
        legal, texts = set(view["legal"]), plays(size)
        barred = [p for p, ch in enumerate(cells) if ch == "." and texts[p] not in legal]
        suicide = suicides(rows, view["turn"] == "B" and "X" or "O", barred)
        for p in barred:
            planes[3 if p in suicide else 2][p] = 1.0
    last = view["last"]
    if last and last.get("point"):
        planes[4][point(last["point"], size)] = 1.0
    for name in view["dead"]:
        planes[5][point(name, size)] = 1.0
    fill(6, to_act)
    fill(7, team == 0)
    fill(8, view["turn"] == "B")
    fill(9, view["phase"] == "scoring")
    fill(10, view["passes"] / (view["players"] if view["options"].get("all_pass") else 2))
    fill(11, (view["komi"] + KOMI) / (2 * KOMI))
    fill(12, view["captures"][team] / area)
    fill(13, view["captures"][1 - team] / area)
    members = view["teams"][team]
    nxt = next((s for s in view["order"] if s in members), None)
    fill(14, seat is not None and nxt == seat)
    fill(15, len(members) > 1)
    if view["territory"]:
        for k, colour in enumerate(("black", "white")):
            for name in view["territory"][colour]:
                planes[16 if k == team else 17][point(name, size)] = 1.0
    return list(chain.from_iterable(planes))
