"""No message a seat or spectator receives names a card hidden from it at that moment.

Whole matches run on a real server, with bots and scripted random clients; what was hidden when is computed from
an independent replay of the published record: the other seats' hands and the stock (for a spectator, every hand).
"""

from __future__ import annotations

import json
import re

from live_client import Seat, get, play_random, post
from postgres import both_databases

from parlour.core.record import Record, table_entry
from parlour.core.rng import Rng

CARD = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9JQKA])[CDHS](?![0-9A-Za-z])")


def hidden_by_version(record: dict, players: int) -> list[dict[int | None, set[str]]]:
    """For each version, the card codes each seat (and ``None``, a spectator) may not know."""
    result = []
    for entry, state in Record.from_dict(record).states():
        if entry is not None and entry["seat"] is None and table_entry(entry["action"]):
            continue  # the table's own entries ("start") are no versions: nothing changed
        zones = state.zones()
        hands = [{str(c) for c in zones[f"hand {s}"]} for s in range(players)]
        stock = {str(c) for c in zones["stock"]}
        everyone = set().union(*hands) | stock
        per = {s: everyone - hands[s] for s in range(players)}
        per[None] = everyone
        result.append(per)
    return result


def assert_no_leak(seat: int | None, raw: list[str], hidden: list[dict[int | None, set[str]]]) -> int:
    """Check every message of one socket; return how many cards its messages named."""
    version, named = 0, 0
    for text in raw:
        message = json.loads(text)
        if message["type"] == "state":
            version = message["version"]
        cards = set(CARD.findall(text))
        named += len(cards)
        leaked = cards & hidden[version][seat]
        assert not leaked, f"seat {seat} was sent {sorted(leaked)} at version {version}: {text[:300]}"
    return named


def play_table(base: str, seats: list[dict], rng: Rng) -> None:
    t = post(base + "/api/tables", {"game": "giacomotto", "players": len(seats), "options": {"target": 31},
                                    "seats": seats})
    humans = {s["seat"]: Seat(base, t["table"], s["token"]) for s in t["seats"] if "token" in s}
    spectator = Seat(base, t["table"])
    play_random(humans, rng, watchers=(spectator,))
    for s in [*humans.values(), spectator]:
        s.wait_over()
    record = get(base + spectator.over["record_url"])
    hidden = hidden_by_version(record, len(seats))
    assert len(hidden) == sum(not table_entry(a["action"]) for a in record["actions"]) + 1
    for seat, socket in [*humans.items(), (None, spectator)]:
        named = assert_no_leak(seat, socket.raw, hidden)
        assert named > 0  # the check saw cards: the table, captures, and a seat's own hand
        socket.close()
    # Each seat did see its own hand: the check is not vacuous.
    for seat, socket in humans.items():
        assert any(m["type"] == "state" and m["view"]["hand"] for m in socket.messages)


@both_databases
def test_no_hidden_card_reaches_a_seat_or_a_spectator(live_server):
    rng = Rng(77)
    play_table(live_server, [{"kind": "human"}, {"kind": "bot", "level": "greedy"}], rng)
    play_table(live_server, [{"kind": "human"}, {"kind": "bot", "level": "random"}, {"kind": "human"},
                             {"kind": "bot", "level": "greedy"}], rng)
