"""What a seat sees of a game of Go: everything (Go hides nothing), as plain JSON-ready data.

The board is a list of rows, the top row first: ``X`` black, ``O`` white, ``.`` empty. Points are named in
GTP coordinates (``D4``). ``actions`` holds every action since the start: it is how a bot (or
``determinize``) rebuilds the game, ko history and all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .points import BLACK, WHITE
from .state import LOG_TAIL, OVER, PLAYING, SCORING

if TYPE_CHECKING:
    from .state import RengoState


def view(state: "RengoState", seat: int | None) -> dict[str, Any]:
    r = state.rules
    board = state.board
    rot = state.rot
    game = state.game
    players = game.players
    names = board.geo.names
    teams = [list(r.lineup.teams[0]), list(r.lineup.teams[1])]
    phase = state.phase
    d: dict[str, Any] = {
        "game": game.id, "players": players, "options": dict(game.options), "seat": seat,
        "to_act": list(state.to_act), "legal": [str(a) for a in state.legal(seat)] if seat is not None else [],
        "size": r.size, "board": board.rows(), "phase": phase,
        "turn": "BW"[rot.colour] if phase == PLAYING else None,
        "teams": teams, "sides": teams, "roles": [r.role(s) for s in range(players)],
        "active": [rot.active(0), rot.active(1)], "out": sorted(rot.out),
        "order": rot.upcoming(2 * max(len(t) for t in teams)) if phase == PLAYING else [],
        "mode": "strict" if r.strict else "casual", "pair_go": r.pair_go,
        "komi": r.komi, "scoring": "territory" if r.territory else "area",
        "handicap": [names[p] for p in state.handicap], "setup": state.setup,
        "captures": [board.captures[BLACK], board.captures[WHITE]],
        "last": dict(state.last) if state.last else None,
        "moves": sum(1 for a in state.actions if a.startswith("play") or a == "pass"),
        "actions": list(state.actions),
        "passes": state.passes,
        "step": state.step if phase == SCORING else None,
        "marker": state.to_act[0] if phase == SCORING else None,
        "proposer": state.proposer if phase == SCORING else None,
        "proposal": state._names(state.proposal) if phase == SCORING and state.proposal >= 0 else None,
        "dead": state._names(state.dead) if phase != PLAYING else [],
        "groups": _groups(state) if phase == SCORING else [],
        "territory": None, "score": None,
        "result": state.result, "sheet": state.sheet.to_dict(), "scores": list(state.scores),
        "over": phase == OVER, "winners": list(state.winners),
        "chat": {"mode": game.chat, "messages": list(game.chat_messages)},  # type: ignore[attr-defined]
        "log": state.visible_events(seat, state.events[-LOG_TAIL:]),
    }
    if phase == SCORING or phase == OVER and state.count is not None:
        c = state.running_count()
        d["score"] = c.to_dict()
        d["territory"] = {"black": state._names(c.masks[0]), "white": state._names(c.masks[1])}
    return d


def _groups(state: "RengoState") -> list[dict[str, Any]]:
    """The chains on the board, each with its points, colour, mark and the action that toggles the mark."""
    board = state.board
    names = board.geo.names
    out = []
    for low in board.chain_heads():
        chain = board.chain(low)
        dead = bool(chain & state.dead)
        out.append({"points": state._names(chain), "colour": "BW"[board.colour[low] - 1],
                    "dead": dead, "action": f"{'alive' if dead else 'dead'} {names[low]}"})
    return out
