"""Positions for the Go tests: boards drawn as text, turned into SGF setups the game starts from."""

from __future__ import annotations

from typing import Any

import parlour
from parlour.games.rengo.state import RengoState

SGF_LETTERS = "abcdefghijklmnopqrs"


def setup_sgf(diagram: str, to_move: str = "B", extra: str = "") -> str:
    """SGF of a position drawn row by row from the top: ``X`` black, ``O`` white, ``.`` empty (spaces ignored)."""
    rows = [line.replace(" ", "") for line in diagram.strip().splitlines()]
    size = len(rows)
    assert all(len(r) == size for r in rows), "a square board, please"
    black = [f"[{SGF_LETTERS[c]}{SGF_LETTERS[r]}]" for r, line in enumerate(rows) for c, ch in enumerate(line)
             if ch == "X"]
    white = [f"[{SGF_LETTERS[c]}{SGF_LETTERS[r]}]" for r, line in enumerate(rows) for c, ch in enumerate(line)
             if ch == "O"]
    stones = ("AB" + "".join(black) if black else "") + ("AW" + "".join(white) if white else "")
    return f"(;GM[1]FF[4]SZ[{size}]{stones}PL[{to_move}]{extra})"


def start(diagram: str, to_move: str = "B", game_id: str = "go", players: int | None = None,
          **options: Any) -> RengoState:
    """A game starting from the drawn position, with ``to_move`` to play."""
    size = len(diagram.strip().splitlines())
    game = parlour.load(game_id, players=players, size=size, **options)
    state = game.new(seed=1, deck=setup_sgf(diagram, to_move))
    assert isinstance(state, RengoState)
    return state


def play(state: RengoState, *texts: str) -> RengoState:
    """Each action by the seat whose turn it is."""
    for text in texts:
        state.apply(state.to_act[0], text)
    return state


def rows(state: RengoState) -> str:
    """The board as the diagrams draw it (for comparing)."""
    return "\n".join(" ".join(r) for r in state.board.rows())


def diagram(text: str) -> str:
    return "\n".join(" ".join(line.replace(" ", "")) for line in text.strip().splitlines())
