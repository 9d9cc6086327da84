"""Real-time latency: from one player's click to every other seat seeing its effect, on a server with 100 tables.

    python -m bench realtime                          # Spoons and the Claw, 5 tables then 100, 20 s each
    python -m bench realtime --game claw --tables 1,100,200 --seconds 30

Starts ``parlour serve`` in a subprocess (loopback, a temporary SQLite file, one bot worker). For each table count
N it creates N tables of the game with four human seats and connects a WebSocket client per seat: the clients stand
in for browsers (they run in this process; nothing is drawn). Each plays like a quick person — Spoons: it passes a
card 0.3–0.9 s after it holds five (the newest card of the rank it holds fewest of) and grabs 0.2–0.6 s after it
may; the Claw: it claims the called card 0.4–2.5 s after the call opens — so every table is busy at once.

Measured per action: from the instant its client sends it (the click) to the instant the LAST of the table's
other three clients has received a state that shows its effect (a pass: the passer's count of passes; a grab: the
grabber among the grabbed, or the round over; a claim: the claimer's pile). Actions the server refused (another
seat was quicker) are not counted. Reported: p50 and p99 of that latency, of the single-receiver latency, the
actions per second served, and the p50 with N tables over the p50 with the first count (by default 5 tables, a
server at rest), measured in the same run so that the machine's noise cancels in the ratio. The server and the
clients share this machine's cores.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
from websockets.asyncio.client import connect

from bench import REFERENCE_DOC, client_address, time_reference
from bench.load import free_port, percentile, start_server, stop_server

SEATS = 4
GAMES = ("spoons", "claw")


@dataclass
class Effect:
    """An action on its way: who sent it, when, and how a view shows it; when each other seat saw it."""

    sender: int
    sent: float
    shows: Callable[[dict[str, Any]], bool]
    seen: dict[int, float] = field(default_factory=dict)


@dataclass
class Run:
    everyone: list[float] = field(default_factory=list)  # click → the last other seat sees it
    each: list[float] = field(default_factory=list)  # click → one other seat sees it
    actions: int = 0
    refused: int = 0
    errors: Counter = field(default_factory=Counter)


def create_table(base: str, game: str) -> dict[str, Any]:
    body = json.dumps({"game": game, "players": SEATS, "seats": [{"kind": "human"}] * SEATS}).encode()
    request = urllib.request.Request(base + "/api/tables", body, {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as r:
        return json.loads(r.read())


def spoons_move(view: dict[str, Any], rng: random.Random) -> tuple[str, float, Callable[[dict], bool]] | None:
    """The action a quick person makes now, its reaction time, and how the others' views will show it."""
    seat, legal, rnd = view["seat"], view["legal"], view["round"]
    if "grab" in legal:
        return "grab", rng.uniform(0.2, 0.6), lambda v: v["round"] > rnd or seat in v["grabbed"]
    if not any(a.startswith("pass ") for a in legal):
        return None
    ranks = Counter(c[:-1] for c in view["hand"])
    card = [c for c in view["hand"] if ranks[c[:-1]] == min(ranks.values())][-1]
    done = view["passed"][seat]
    return f"pass {card}", rng.uniform(0.3, 0.9), lambda v: v["round"] > rnd or v["passed"][seat] > done


def claw_move(view: dict[str, Any], rng: random.Random) -> tuple[str, float, Callable[[dict], bool]] | None:
    seat, card, call = view["seat"], view["card"], view["call"]
    text = f"claim {card} @{call}"
    if view["phase"] != "call" or text not in view["legal"]:
        return None
    won = len(view["piles"][seat])
    return text, rng.uniform(0.4, 2.5), lambda v: len(v["piles"][seat]) > won


MOVES = {"spoons": spoons_move, "claw": claw_move}


async def client(ws_base: str, game: str, table: dict[str, Any], seat: int, effects: list[Effect],
                 rng: random.Random, stop_at: float, run: Run, source: str = "127.0.0.1") -> None:
    """One seat: plays as a quick person; notes when it sees the effects of the other seats' actions. ``source``:
    the address it connects from."""
    move = MOVES[game]
    token = table["seats"][seat]["token"]
    async with connect(f"{ws_base}/ws/{table['table']}?token={token}", max_size=2 ** 22, open_timeout=120,
                       local_addr=(source, 0)) as ws:
        view: dict[str, Any] | None = None
        version = 0
        mine: Effect | None = None  # this seat's action on its way: one at a time
        due: float | None = None  # when this seat acts next (its reaction time after the chance came)
        while (now := time.perf_counter()) < stop_at:
            wait = stop_at - now if due is None else max(0.0, due - now)
            try:
                text = await asyncio.wait_for(ws.recv(), wait)
            except asyncio.TimeoutError:
                text = None
            if text is not None:
                message = json.loads(text)
                kind = message["type"]
                if kind == "error" and mine is not None:
                    run.refused += 1
                    run.errors[message["code"]] += 1
                    effects.remove(mine)
                    mine, due = None, None
                if kind != "state":
                    continue
                arrived = time.perf_counter()
                view, version = message["view"], message["version"]
                for e in list(effects):
                    if e.sender == seat:
                        if e is mine and e.shows(view):
                            mine, due = None, None
                        continue
                    if seat not in e.seen and e.shows(view):
                        e.seen[seat] = arrived
                        run.each.append(arrived - e.sent)
                        if len(e.seen) == SEATS - 1:
                            run.everyone.append(max(e.seen.values()) - e.sent)
                            run.actions += 1
                            effects.remove(e)
                if view["over"]:
                    return
                if mine is None and due is None and move(view, rng) is not None:
                    due = arrived + move(view, rng)[1]  # type: ignore[index]
                continue
            if view is None or mine is not None or due is None:
                continue
            due = None
            planned = move(view, rng)
            if planned is None:
                continue
            action, _, shows = planned
            mine = Effect(seat, time.perf_counter(), shows)
            effects.append(mine)
            await ws.send(json.dumps({"type": "action", "action": action, "version": version}))


async def measure(base: str, game: str, tables: int, seconds: float, seed: int,
                  tick: Callable[[Run], None]) -> tuple[Run, float]:
    loop = asyncio.get_running_loop()
    created = await asyncio.gather(*[loop.run_in_executor(None, create_table, base, game) for _ in range(tables)])
    run, rng = Run(), random.Random(seed)
    ws_base = base.replace("http", "ws", 1)
    start = time.perf_counter()
    stop_at = start + seconds
    clients = []
    for n, t in enumerate(created):
        effects: list[Effect] = []  # the table's actions on their way, shared by its four clients
        clients += [client(ws_base, game, t, s, effects, random.Random(rng.random()), stop_at, run,
                           client_address(n)) for s in range(SEATS)]
    play = asyncio.gather(*clients)
    while not play.done():
        tick(run)
        await asyncio.wait([play], timeout=0.25)
    await play
    return run, time.perf_counter() - start


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench realtime", description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=(*GAMES, "both"), default="both")
    parser.add_argument("--tables", default="5,100", help="table counts, comma-separated; the first is the ratio's base")
    parser.add_argument("--seconds", type=float, default=20.0, help="time played per table count")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    counts = [int(n) for n in args.tables.split(",") if n.strip()]
    if not counts or min(counts) < 1 or max(counts) > 500:
        parser.error("--tables takes counts from 1 to 500, e.g. 1,100")
    games = list(GAMES) if args.game == "both" else [args.game]
    rows = []
    with tempfile.TemporaryDirectory(prefix="parlour-realtime-") as tmp:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        proc = start_server(Path(tmp) / "realtime.db", port, Path(tmp) / "server.log")
        try:
            for game in games:
                for n in counts:
                    per_op = time_reference()
                    with Progress(TextColumn(f"{game}, {n} tables"), BarColumn(), TextColumn("{task.description}"),
                                  TimeElapsedColumn(), console=Console(file=sys.stderr), transient=True,
                                  disable=args.quiet or args.json) as progress:
                        task = progress.add_task("", total=args.seconds)
                        started = time.perf_counter()
                        run, elapsed = asyncio.run(measure(
                            base, game, n, args.seconds, args.seed,
                            lambda r: progress.update(task, completed=time.perf_counter() - started,
                                                      description=f"{r.actions} actions")))
                    per_op = (per_op + time_reference()) / 2
                    rows.append({"game": game, "tables": n, "actions": run.actions, "seconds": round(elapsed, 1),
                                 "actions_per_s": round(run.actions / elapsed, 1) if elapsed else 0.0,
                                 "p50_ms": round(percentile(run.everyone, 0.5) * 1000, 1),
                                 "p99_ms": round(percentile(run.everyone, 0.99) * 1000, 1),
                                 "one_p50_ms": round(percentile(run.each, 0.5) * 1000, 1),
                                 "one_p99_ms": round(percentile(run.each, 0.99) * 1000, 1),
                                 "refused": run.refused, "reference_ms_per_op": round(per_op * 1000, 4)})
        finally:
            stop_server(proc)
    for row in rows:
        base_row = next(r for r in rows if r["game"] == row["game"])
        row["p50_x_first"] = round(row["p50_ms"] / base_row["p50_ms"], 2) if base_row["p50_ms"] else None
    if args.json:
        print(json.dumps({"benchmark": "realtime", "rows": rows}, indent=1))
        return 0
    print(f"{'game':<7} {'tables':>6} {'actions':>8} {'actions/s':>10} {'all p50 ms':>11} {'all p99 ms':>11} "
          f"{'one p50 ms':>11} {'one p99 ms':>11} {'p50 × first':>12} {'refused':>8}")
    for r in rows:
        print(f"{r['game']:<7} {r['tables']:>6} {r['actions']:>8} {r['actions_per_s']:>10} {r['p50_ms']:>11} "
              f"{r['p99_ms']:>11} {r['one_p50_ms']:>11} {r['one_p99_ms']:>11} {r['p50_x_first']!s:>12} "
              f"{r['refused']:>8}")
    print("all: click → the last of the other three seats sees it; one: → one other seat. p50 × first: the p50 over "
          f"the p50 at {counts[0]} table(s), same run. Reference {REFERENCE_DOC}: "
          f"{rows[-1]['reference_ms_per_op']} ms.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
