"""Every game's terminal drawing speaks words and card symbols, never Python data.

For each game with a ``terminal.py``, bots play the first stretch of a match; at every step the acting seat's whole
turn screen, a spectator's board and every new log line are drawn, and none may show a dict, a list, ``None`` or
``null``. ``parlour play tarok`` is then driven through a whole deal as a person would.
"""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

import parlour
from parlour.bots import make
from parlour.cli import main, render
from parlour.core.registry import game_class, games
from parlour.core.terminal import Seats, plain

#: What Python data looks like when it leaks onto the screen.
RAW = re.compile(r"[\[{]['\"]|\bNone\b|\bnull\b|\bTrue\b|\bFalse\b|'\w+': ")
STEPS = 400


def has_terminal(game_id: str) -> bool:
    from importlib import resources

    package = game_class(game_id).__module__.rsplit(".", 1)[0]
    return resources.files(package).joinpath("terminal.py").is_file()


def raw(text: str) -> list[str]:
    return [line for line in text.splitlines() if RAW.search(line)]


@pytest.mark.parametrize("game_id", [g for g in games() if has_terminal(g)])
def test_screens_show_no_python_data(game_id: str) -> None:
    game = parlour.load(game_id)
    state = game.new(seed=11)
    bots = [make("random", game, s, seed=s) for s in range(game.players)]
    kinds = ("human",) + ("random",) * (game.players - 1)
    shown = 0
    for _ in range(STEPS):
        if state.over:
            break
        if not state.to_act:
            state.timeout()
            continue
        seat = state.to_act[0]
        view = state.view(seat)
        seats = Seats(kinds, viewer=seat)
        screen = plain(render.turn_screen(view, seats, state.visible_events(seat, state.events[shown:])), width=110)
        assert not raw(screen), f"{game_id}: raw data on the screen:\n" + "\n".join(raw(screen))
        spectator = plain(render.board(state.view(None), Seats(kinds)), width=110)
        assert not raw(spectator), f"{game_id}: raw data on a spectator's board:\n" + "\n".join(raw(spectator))
        shown = len(state.events)
        state.apply(seat, bots[seat].choose(view, state.legal(seat)))
    end = plain(render.final_screen(state.view(0), Seats(kinds, viewer=0)), width=110)
    assert not raw(end), f"{game_id}: raw data at the end:\n" + "\n".join(raw(end))


def test_parlour_play_tarok_through_a_whole_deal_in_words(tmp_path) -> None:
    # You at seat 0 against three heuristic bots, always taking the first move offered, until the deal is scored.
    result = CliRunner().invoke(main, ["play", "tarok", "--seed", "5", "-s", "human,heuristic,heuristic,heuristic",
                                       "--record", str(tmp_path / "r.json")], input="1\n" * 40 + "q\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Deal 1:" in out and ("won" in out or "lost" in out or "Klop" in out), out[-3000:]
    assert "Your hand" in out and "Auction" in out and "Contract" in out
    assert not raw(out), "raw data in parlour play tarok:\n" + "\n".join(raw(out))
