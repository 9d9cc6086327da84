"""An independent recount of a Jieqi match from its public events (used by ``State.audit``).

It shares no code with the engine: it reads each game's result and the move that ended it, and scores again
(a win 2, a draw 1 each, a loss 0).
"""

from __future__ import annotations

from typing import Any

REASONS = {"checkmate", "stalemate", "perpetual check", "repetition", "quiet plies"}


def recount(events: list[dict[str, Any]], games: int) -> list[tuple[int, int]]:
    """Each game's points per seat, recounted; checks that each result fits the move before it."""
    rows: list[tuple[int, int]] = []
    last_move: dict[str, Any] | None = None
    for e in events:
        kind = e["type"]
        if kind == "game":
            assert e["game"] == len(rows) + 1, f"game {e['game']} starts after {len(rows)} results"
            last_move = None
        elif kind == "move":
            last_move = e
        elif kind == "result":
            reason, winner = e["reason"], e["winner"]
            assert reason in REASONS, reason
            assert last_move is not None, "a game ends only after a move"
            if reason in ("checkmate", "stalemate"):
                assert winner == last_move["seat"], "the side left without a move loses"
                assert last_move.get("check", False) == (reason == "checkmate")
            if reason in ("repetition", "quiet plies"):
                assert winner is None
                assert "capture" not in last_move and "reveal" not in last_move, "a capture or reveal repeats nothing"
            row = (1, 1) if winner is None else (2, 0) if winner == 0 else (0, 2)
            assert tuple(e["points"]) == row, f"game {e['game']}: result says {e['points']}, recount gives {row}"
            rows.append(row)
    ends = [e for e in events if e["type"] == "end"]
    if ends:
        assert len(rows) == games, f"the match ended after {len(rows)} of {games} games"
        assert len(ends) == 1 and events[-1] is ends[0]
    return rows
