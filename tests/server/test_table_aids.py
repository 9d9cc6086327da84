"""Player aids at a table (issue 25): the server adds a seat's aids (``view.aids``, from that seat's view alone)
only at a table that allows them; never to a spectator; at a table of friends only when the creator allows it."""

from __future__ import annotations

import pytest
from server_wire import TWO_HUMANS, new_table

import parlour
from parlour.core.aids import with_aids

SEED = 2  # Giacomotto, two players: the first player holds cards that capture


def first_view(client, t: dict, seat: int | None) -> dict:
    token = f"?token={t['seats'][seat]['token']}" if seat is not None else ""
    with client.websocket_connect(f"/ws/{t['table']}{token}") as sock:
        state = sock.receive_json()
    assert state["type"] == "state"
    return state["view"]


@pytest.mark.parametrize("aids", [None, True, False])
def test_aids_reach_a_seat_only_where_the_table_allows_them(seeded_client, aids):
    body = {"seed": SEED} if aids is None else {"seed": SEED, "aids": aids}
    t = new_table(seeded_client, TWO_HUMANS, **body)  # two people: off unless the creator allows them
    game = parlour.load("giacomotto")
    state = game.new(seed=SEED)
    seat = state.to_act[0]
    expected = with_aids(game, state.view(seat))["aids"]
    assert expected["captures"]
    view = first_view(seeded_client, t, seat)
    assert view.get("aids") == (expected if aids else None)
    assert "aids" not in first_view(seeded_client, t, None)


def test_aids_are_on_by_default_for_one_person_with_a_bot(seeded_client):
    # seed 1: seat 0, the person, plays first and holds A♣ and Q♥, which capture
    t = new_table(seeded_client, [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "random"}], seed=1)
    assert sorted(first_view(seeded_client, t, 0)["aids"]["captures"]) == ["AC", "QH"]
