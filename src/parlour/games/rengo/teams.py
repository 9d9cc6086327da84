"""Teams and their order of play (OGS-style Rengo): colours alternate, each team cycles through its own players.

Seats are given out in the order of the first round of play: Black's first player, White's first, Black's
second, White's second... and the rest of the bigger team after. So in plain Go seat 0 is Black and seat 1
White, and in 2 against 2 the seats play 0, 1, 2, 3, 0, 1...

>>> lineup = Lineup.of(5, black=3)
>>> lineup.teams
((0, 2, 4), (1, 3))
>>> r = Rotation(lineup)
>>> [r.after_move() for _ in range(7)]   # seat to move, then the turn passes on
[0, 1, 2, 3, 4, 1, 0]
"""

from __future__ import annotations

from dataclasses import dataclass

try:
    import cython
except ImportError:  # plain Python without Cython: the same code, untyped
    from parlour.core import cyshim as cython

from parlour.core.errors import BadOption

BLACK_TEAM, WHITE_TEAM = 0, 1
COLOUR_NAMES = ("Black", "White")


@dataclass(frozen=True)
class Lineup:
    """The seats of the Black team and of the White team, each in its own order of play."""

    teams: tuple[tuple[int, ...], tuple[int, ...]]
    side: tuple[int, ...]

    @classmethod
    def of(cls, players: int, black: int) -> "Lineup":
        white = players - black
        if black < 1 or white < 1:
            raise BadOption(f"each team needs at least one player: {black} + {white} do not make two teams")
        teams: tuple[list[int], list[int]] = ([], [])
        seat = 0
        for k in range(max(black, white)):
            for team, size in ((BLACK_TEAM, black), (WHITE_TEAM, white)):
                if k < size:
                    teams[team].append(seat)
                    seat += 1
        side = [0] * players
        for team, seats in enumerate(teams):
            for s in seats:
                side[s] = team
        return cls((tuple(teams[0]), tuple(teams[1])), tuple(side))

    def members(self, team: int) -> tuple[int, ...]:
        return self.teams[team]


class Rotation:
    """Whose turn it is: the colour to move and, per team, which of its players is next.

    Players who dropped out (casual Rengo) are skipped; a team with nobody left cannot move. In the compiled
    build this is an extension type (``teams.pxd``), so that the state's moves reach it in C.
    """

    __slots__ = ("lineup", "colour", "next", "out")

    def __init__(self, lineup: Lineup, colour: int = BLACK_TEAM) -> None:
        self.lineup = lineup
        self.colour = colour
        self.next = [0, 0]
        self.out: frozenset[int] = frozenset()

    def copy(self) -> "Rotation":
        r = Rotation.__new__(Rotation)
        r.lineup, r.colour, r.next, r.out = self.lineup, self.colour, self.next[:], self.out
        return r

    def active(self, team: int) -> int:
        """The player of ``team`` whose turn it is within the team."""
        return self.lineup.teams[team][self.next[team]]

    @property
    def to_move(self) -> int:
        colour = self.colour
        return self.lineup.teams[colour][self.next[colour]]

    @cython.locals(i=cython.Py_ssize_t, k=cython.Py_ssize_t, n=cython.Py_ssize_t)
    def step(self, team: int) -> None:
        """The next player of ``team`` still in the game becomes the team's active player."""
        seats = self.lineup.teams[team]
        i = self.next[team]
        n = len(seats)
        for k in range(n):
            i = (i + 1) % n
            if seats[i] not in self.out:
                break
        self.next[team] = i

    @cython.locals(colour=cython.int, seat=cython.int)
    def after_move(self) -> int:
        """The seat to move now; then its team steps on and the other colour is to move."""
        colour = self.colour
        seats = self.lineup.teams[colour]
        seat = seats[self.next[colour]]
        if len(seats) > 1:  # a team of one (Go) keeps its only player
            self.step(colour)
        self.colour = 1 - colour
        return seat

    def left(self, team: int) -> list[int]:
        return [s for s in self.lineup.teams[team] if s not in self.out]

    def drop(self, seat: int) -> None:
        """``seat`` leaves the game; if it was its team's active player, its next teammate takes over."""
        team = self.lineup.side[seat]
        self.out = self.out | {seat}
        if self.active(team) == seat and self.left(team):
            self.step(team)

    def upcoming(self, count: int) -> list[int]:
        """The next ``count`` seats to move, in order (the order of play shown to the players)."""
        r = self.copy()
        return [r.after_move() for _ in range(count)]
