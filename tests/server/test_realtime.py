"""Real-time games at the server: actions judged in arrival order, stale ones taken while still legal, bots acting
after their reaction times and dropped when their action stops being legal.

A table of the Claw runs in memory with a store that only records and a bot pool whose answers and reaction times
the test sets.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from parlour.server.storage import SeatRow, TableRow
from parlour.server.table import ActionError, Table


class Store:
    """Keeps the actions in a list, as the database would."""

    def __init__(self) -> None:
        self.actions: list[tuple[int | None, str, float]] = []

    async def add_action(self, table_id: str, index: int, seat: int | None, action: str, t: float,
                         finished: bool = False) -> None:
        self.actions.append((seat, action, t))


class Pool:
    """A bot pool whose bots claim the called card (or take the first legal action) after ``delays[seat]`` s."""

    def __init__(self, delays: dict[int, float]) -> None:
        self.delays, self.asked = delays, []

    async def choose_timed(self, game: Any, seat: int, level: str, seed: int, view: dict[str, Any],
                           legal: list[str]) -> tuple[str, float]:
        self.asked.append((seat, view.get("call")))
        text = next((a for a in legal if a.startswith(f"claim {view.get('card')} ")), legal[0])
        return text, self.delays[seat]


def claw_table(kinds: list[str], bots: Pool | None = None, game: str = "claw") -> Table:
    row = TableRow("t", game, len(kinds), {}, 7, "salt", "c", None, 0.0)
    seats = [SeatRow(s, k, "sharp" if k == "bot" else None, None, None) for s, k in enumerate(kinds)]
    return Table(row, seats, [], Store(), bots)  # type: ignore[arg-type]


async def open_call(table: Table) -> str:
    """Close the pause: the first card is called; returns it."""
    await table._accept(None, "timeout")
    return table.state.view(0)["card"]


def test_a_stale_action_of_a_realtime_game_is_taken_while_still_legal() -> None:
    async def scenario() -> None:
        table = claw_table(["human", "human", "human"])
        card = await open_call(table)
        seen = table.version
        await table.submit(1, f"claim {'2C' if card != '2C' else '3C'} @1", seen)  # a wrong claim: version + 1
        await table.submit(0, f"claim {card} @1", seen)  # made against the version before it: still legal
        assert table.state.scores[0] == 1
        with pytest.raises(ActionError) as refused:
            await table.submit(2, f"claim {card} @1", seen)
        assert refused.value.code == "not_your_turn" and "has not called the next card yet" in refused.value.message

    asyncio.run(scenario())


def test_a_turn_based_game_still_refuses_a_stale_action() -> None:
    async def scenario() -> None:
        table = claw_table(["human", "human"], game="giacomotto")
        seat = table.state.to_act[0]
        with pytest.raises(ActionError) as refused:
            await table.submit(seat, str(table.state.legal(seat)[0]), table.version + 1)
        assert refused.value.code == "stale"

    asyncio.run(scenario())


@pytest.mark.parametrize("first", [0, 1])
def test_two_claims_at_once_the_first_to_arrive_wins_and_both_are_stamped(first: int) -> None:
    async def scenario() -> None:
        table = claw_table(["human", "human"])
        card = await open_call(table)
        version = table.version
        arrivals = [asyncio.create_task(table.submit(s, f"claim {card} @1", version)) for s in (first, 1 - first)]
        results = await asyncio.gather(*arrivals, return_exceptions=True)
        assert results[0] is None and isinstance(results[1], ActionError)
        assert table.state.scores[first] == 1 and table.state.scores[1 - first] == 0
        seat, text, t = table.store.actions[-1]  # type: ignore[attr-defined]
        assert (seat, text) == (first, f"claim {card} @1") and t >= table.store.actions[-2][2]  # type: ignore

    asyncio.run(scenario())


def test_a_bot_acts_after_its_reaction_time_and_the_quicker_bot_wins() -> None:
    async def scenario() -> None:
        pool = Pool({0: 0.35, 1: 0.1})
        table = claw_table(["bot", "bot"], pool)
        card = await open_call(table)
        start = asyncio.get_running_loop().time()
        table.schedule()
        while table.version < 2:
            await asyncio.sleep(0.01)
        took = asyncio.get_running_loop().time() - start
        assert table.log[-1].seat == 1 and table.log[-1].action == f"claim {card} @1"
        assert 0.1 <= took < 0.3, took
        await asyncio.sleep(0.05)
        assert 0 not in table._waiting, "the slower bot's claim stopped being legal: dropped at once"
        table.stop()

    asyncio.run(scenario())


def test_a_dropped_bot_is_asked_again_when_it_may_act() -> None:
    async def scenario() -> None:
        pool = Pool({0: 0.3, 1: 30.0})
        table = claw_table(["bot", "human"], pool)
        card = await open_call(table)
        table.schedule()
        await asyncio.sleep(0.05)
        assert table._waiting == {0: f"claim {card} @1"}
        await table.submit(1, f"claim {card} @1", table.version)  # the person is quicker
        await asyncio.sleep(0.01)
        assert table._waiting == {} and 0 not in table._thinking
        await table._accept(None, "timeout")  # the next call
        table.schedule()
        await asyncio.sleep(0.05)
        assert pool.asked[-1] == (0, 2) and table._waiting[0].endswith("@2")
        table.stop()
        assert [a[0] for a in table.store.actions].count(0) == 0  # type: ignore[attr-defined]

    asyncio.run(scenario())
