"""The rules of one table, read from its options once: board, komi, handicap, scoring, teams and their modes.

>>> r = Rules.read(4, {"size": 9, "komi": 6.5, "handicap": 0, "scoring": "territory", "teams": "",
...                    "mode": "casual", "pair_go": False, "all_pass": False})
>>> r.lineup.teams, r.territory, r.strict
(((0, 2), (1, 3)), True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from parlour.core.errors import BadOption

from .teams import Lineup

#: What partners may say to each other while the game goes on (Rengo forbids talk about the game itself).
CANNED_MESSAGES = (
    "Is it my turn?",
    "It's your turn.",
    "May we resign?",
    "Yes, let's resign.",
    "No, let's play on.",
    "Good game!",
    "Thank you.",
)


@dataclass(frozen=True)
class Rules:
    size: int
    komi: float
    handicap: int
    territory: bool
    lineup: Lineup
    strict: bool
    pair_go: bool
    all_pass: bool

    @classmethod
    def read(cls, players: int, options: Mapping[str, Any]) -> "Rules":
        size = options["size"]
        handicap = options["handicap"]
        komi = float(options["komi"])
        if komi * 2 != int(komi * 2):
            raise BadOption(f"komi is a whole or half number of points (6.5, 7, 7.5...), not {options['komi']}")
        if handicap == 1:
            raise BadOption("a handicap is 2 to 9 stones (0 for none; for a one-stone handicap Black simply "
                            "plays first with a small komi)")
        black = _black_players(players, options.get("teams", ""))
        pair_go = bool(options.get("pair_go", False))
        if pair_go and (players != 4 or black != 2):
            raise BadOption("Pair Go is played by two pairs: 4 players, teams 2+2")
        return cls(size, komi, handicap, options["scoring"] == "territory", Lineup.of(players, black),
                   options.get("mode", "strict") == "strict", pair_go, bool(options.get("all_pass", False)))

    def role(self, seat: int) -> str:
        """``Black 1`` (Black's first player), ``White 2``; in Pair Go ``Black, woman``; in Go just ``Black``."""
        team = self.lineup.side[seat]
        colour = ("Black", "White")[team]
        members = self.lineup.teams[team]
        if self.pair_go:
            return f"{colour}, {'woman' if members.index(seat) == 0 else 'man'}"
        if len(members) == 1:
            return colour
        return f"{colour} {members.index(seat) + 1}"


def _black_players(players: int, teams: str) -> int:
    """Black's team size from the ``teams`` option (``3+2``), or half the players (Black takes the odd one)."""
    if not teams:
        return (players + 1) // 2
    parts = teams.replace(" ", "").split("+")
    if len(parts) != 2 or not all(p.isdigit() and int(p) > 0 for p in parts):
        raise BadOption(f"teams is written BLACK+WHITE with the players of each team, e.g. 2+2 or 3+2, "
                        f"not {teams!r}")
    black, white = map(int, parts)
    if black + white != players:
        raise BadOption(f"teams {teams} makes {black + white} players, but the table has {players}")
    return black
