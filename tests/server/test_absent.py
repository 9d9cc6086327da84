"""Waiting for the players, and absent friends: a table's clocks start when every invited person is there (or when
someone presses "start now"); a person away long enough may have her seat handed to a bot, and takes it back by
coming again. Each is one of the table's own entries in its log (``start``, ``bot S LEVEL``, ``back S``), which
change nothing in the match.
"""

from __future__ import annotations

import time

from server_wire import is_type, latest_state, new_table, receive_until, start_now

from parlour.core.record import Record
from parlour.server.storage import ActionRow, SeatRow, TableRow
from parlour.server.table import PRESENCE_DELAY, Table, replay

KABOO_FRIENDS = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]
# Giacomotto with a greedy bot: the table's level, which a bot taking an absent seat plays at.
FOUR = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}, {"kind": "bot", "level": "greedy"},
        {"kind": "bot", "level": "greedy"}]
AWAY = 0.3


def entries(client, table_id: str) -> list[str]:
    """The table's own entries in its log, in order."""
    return [e.action for e in client.app.state.lobby.tables[table_id].log if e.seat is None]


def ws(client, t: dict, seat: int | None = None):
    token = f"?token={t['seats'][seat]['token']}" if seat is not None else ""
    return client.websocket_connect(f"/ws/{t['table']}{token}")


def test_the_opening_peek_waits_until_every_invited_friend_is_connected(client):
    t = new_table(client, KABOO_FRIENDS, game="kaboo", players=2, wait_for_players=True)
    with ws(client, t, 0) as ana:
        first = receive_until(ana, is_type("state"))
        # Bo is not here: the peek (a 5-second window) is held, its clock not running
        assert first["table"]["started"] is False and first["deadline"] is None
        assert sorted(first["view"]["to_act"]) == [0, 1]
        time.sleep(0.2)
        assert entries(client, t["table"]) == []
        with ws(client, t, 1) as bo:
            started = receive_until(bo, lambda m: m["type"] == "state" and m["table"]["started"])
            assert 4.5 < started["deadline"] <= 5.0 and started["version"] == 0
            seen = receive_until(ana, lambda m: m["type"] == "state" and m["table"]["started"])
            assert seen["deadline"] is not None
            assert entries(client, t["table"]) == ["start"]
            bo.send_json({"type": "start"})  # once is enough
            error = receive_until(bo, is_type("error"))
            assert error["code"] == "started"
        assert entries(client, t["table"]) == ["start"]


def test_start_now_starts_the_clocks_without_the_missing_friend(client):
    t = new_table(client, KABOO_FRIENDS, game="kaboo", players=2, wait_for_players=True)
    with ws(client, t) as spectator:
        receive_until(spectator, is_type("state"))
        spectator.send_json({"type": "start"})
        assert receive_until(spectator, is_type("error"))["code"] == "spectator"
    with ws(client, t, 0) as ana:
        receive_until(ana, is_type("state"))
        started = start_now(ana)
        assert 0 < started["deadline"] <= 5.0 and started["version"] == 0
        assert entries(client, t["table"]) == ["start"]
        # the window runs out for Bo, who never came: the peek closes and the round goes on
        closed = receive_until(ana, lambda m: m["type"] == "state" and m["version"] >= 1 and m["deadline"] is None,
                               limit=50)
        assert sorted(closed["view"]["to_act"]) != [0, 1]


def test_a_friend_who_leaves_at_once_is_announced_gone(client):
    # Ana hears "Bo is not here" (a presence); Bo comes, and the state that starts the table says he is; he leaves
    # within the fraction of a second presences are gathered over: the next presence repeats the first one, and must
    # still be sent, since the state after it told Ana otherwise.
    t = new_table(client, FOUR, game="giacomotto", players=4, wait_for_players=True)
    with ws(client, t, 0) as ana:
        receive_until(ana, is_type("state"))
        assert receive_until(ana, is_type("presence"))["seats"] == [True, False, True, True]
        with ws(client, t, 1) as bo:
            receive_until(bo, lambda m: m["type"] == "state" and m["table"]["started"])
        started = receive_until(ana, lambda m: m["type"] == "state" and m["table"]["started"])
        assert started["table"]["seats"][1]["connected"] is True
        time.sleep(3 * PRESENCE_DELAY)
        ana.send_json({"type": "chat", "text": "Bo?"})  # its echo comes after whatever was sent meanwhile
        heard = []
        while (m := ana.receive_json())["type"] != "chat":
            heard.append(m)
        assert {"type": "presence", "seats": [True, False, True, True], "spectators": 0} in heard


def test_an_absent_friends_seat_goes_to_a_bot_and_back_to_her(client):
    t = new_table(client, FOUR, game="giacomotto", players=4, absent_seconds=AWAY, wait_for_players=True)
    assert t["absent_seconds"] == AWAY
    table_id = t["table"]
    with ws(client, t, 0) as ana:
        receive_until(ana, is_type("state"))
        with ws(client, t, 1) as bo:
            receive_until(bo, lambda m: m["type"] == "state" and m["table"]["started"])
        # Bo closed the tab: at once, his seat may not be handed yet
        ana.send_json({"type": "hand", "seat": 1})
        refused = receive_until(ana, is_type("error"))
        assert refused["code"] == "not_absent" and "Bo has been away" in refused["message"]
        for bad, code in [(0, "not_absent"), (2, "not_absent"), (4, "bad_json"), ("1", "bad_json")]:
            ana.send_json({"type": "hand", "seat": bad})
            assert receive_until(ana, is_type("error"))["code"] == code
        time.sleep(AWAY + 0.1)
        ana.send_json({"type": "hand", "seat": 1})
        handed = receive_until(ana, lambda m: m["type"] == "state" and m["table"]["seats"][1].get("bot"))
        assert handed["table"]["seats"][1]["bot"] == "greedy" and handed["table"]["seats"][1]["connected"]
        assert entries(client, table_id)[-1] == "bot 1 greedy"
        # the game goes on: Ana plays whenever it is her turn, the bots (seats 2 and 3, and Bo's) play theirs
        bot_moves = 0
        state = handed
        while bot_moves < 2:
            if 0 in state["view"]["to_act"]:
                ana.send_json({"type": "action", "action": trail_or_first(state["view"]),
                               "version": state["version"]})
            state = receive_until(ana, is_type("state"))
            log = client.app.state.lobby.tables[table_id].log
            bot_moves = sum(1 for e in log[log.index(next(e for e in log if e.action == "bot 1 greedy")):]
                            if e.seat == 1)
        # Bo opens his link again: the seat is his, and he is told what the bot did
        with ws(client, t, 1) as bo:
            seen: dict[str, dict] = {}
            while len(seen) < 2:  # the state with his seat his again, and a word for him
                m = bo.receive_json()
                if m["type"] == "back" or m["type"] == "state" and "bot" not in m["table"]["seats"][1]:
                    seen[m["type"]] = m
            back, state = seen["back"], seen["state"]
            assert back["seat"] == 1 and back["level"] == "greedy" and back["moves"] >= 2
            assert entries(client, table_id)[-1] == "back 1"
            table = client.app.state.lobby.tables[table_id]
            assert table.kind(1) == "human"
            # his turn comes, and nobody plays it for him: he plays it himself
            seen_by_ana = latest_state(ana)
            while 1 not in seen_by_ana["view"]["to_act"]:
                if 0 in seen_by_ana["view"]["to_act"]:
                    ana.send_json({"type": "action", "action": trail_or_first(seen_by_ana["view"]),
                                   "version": seen_by_ana["version"]})
                seen_by_ana = receive_until(ana, is_type("state"))
            if state["version"] < seen_by_ana["version"]:  # (his turn may have come while he was away)
                state = receive_until(bo, lambda m: m["type"] == "state" and m["version"] >= seen_by_ana["version"])
            time.sleep(0.5)  # time enough for a bot, were one still playing for him
            after = table.log[[e.action for e in table.log].index("back 1"):]
            assert not any(e.seat == 1 for e in after)
            bo.send_json({"type": "action", "action": trail_or_first(state["view"]), "version": table.version})
            mine = receive_until(bo, lambda m: m["type"] == "state" and m["version"] > state["version"])
            assert table.log[-1].seat == 1 and mine["version"] == table.version


def trail_or_first(view: dict) -> str:
    """A move that ends the turn at once where there is one (a trail), else the first legal one."""
    legal = view["legal"]
    return next((a for a in legal if a.startswith("trail")), legal[0])


def test_the_tables_own_entries_replay_to_the_same_match_and_the_same_players():
    row = TableRow("t", "giacomotto", 2, {}, 5, "s", "c", None, 100.0, settings={"wait": True})
    seats = [SeatRow(0, "human", None, "Ana", "a"), SeatRow(1, "human", None, "Bo", "b")]
    plain = replay_moves(row, 8)
    log, i = [], 0
    for extra in ["start", None, None, "bot 1 greedy", None, None, "back 1", None, None, None, None, "bot 0 greedy"]:
        if extra:
            log.append(ActionRow(len(log), None, extra, 100.0 + len(log)))
        else:
            seat, action = plain[i]
            log.append(ActionRow(len(log), seat, action, 100.0 + len(log)))
            i += 1
    table = Table(row, seats, log, store=None, bots=None, now=lambda: 200.0)
    game_only = Table(row, seats, [ActionRow(n, s, a, 101.0 + n) for n, (s, a) in enumerate(plain)],
                      store=None, bots=None, now=lambda: 200.0)
    assert table.state.view(0) == game_only.state.view(0) and table.version == game_only.version == 8
    assert table.started and not game_only.started  # its log holds no start: it waits
    assert table.kind(0) == "bot" and table.kind(1) == "human" and table.standins == {0: "greedy"}
    assert table.changed == 100.0 + 10  # a seat handed to a bot does not restart the game clock
    record = table.record()
    assert [a["action"] for a in record.actions if a["seat"] is None] == ["start", "bot 1 greedy", "back 1",
                                                                            "bot 0 greedy"]
    assert Record.from_dict(record.to_dict()).replay().view(0) == table.state.view(0)


def replay_moves(row: TableRow, count: int) -> list[tuple[int, str]]:
    """The first ``count`` moves of a random-ish match at this table (each seat's first legal move)."""
    from parlour.core.registry import load

    state = replay(load(row.game, row.players), row.seed, [])
    moves = []
    for _ in range(count):
        seat = state.to_act[0]
        action = str(state.legal(seat)[0])
        state.apply(seat, action)
        moves.append((seat, action))
    return moves
