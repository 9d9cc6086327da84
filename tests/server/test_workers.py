"""Bot workers are real processes: one that dies is replaced and its question asked again; a server that is killed
takes its workers with it."""

from __future__ import annotations

import asyncio
import os
import signal
import time

from conftest import ServerProcess, session_processes
from live_client import Seat, post, send_action

import parlour
from parlour.server import bots
from parlour.server.bots import BotPool, fallback, think


def wait_until(condition, seconds: float, what: str):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f"{what}: not within {seconds}s")


def test_a_worker_that_dies_mid_question_is_replaced_and_the_question_asked_again(monkeypatch):
    game = parlour.load("giacomotto")
    state = game.new(seed=21)
    seat = state.to_act[0]
    view, legal = state.view(seat), [str(a) for a in state.legal(seat)]

    def answer(seed):
        return think(game.id, 2, dict(game.options), seat, "greedy", seed, view, legal)

    async def scenario():
        pool = BotPool(1)
        try:
            pool.warm()
            assert await pool.choose(game, seat, "greedy", 1, view, legal) == answer(1)
            # A frozen worker holds the question; killing it then is a death mid-question.
            first = pool.pids()[0]
            os.kill(first, signal.SIGSTOP)
            asking = asyncio.create_task(pool.choose(game, seat, "greedy", 2, view, legal))
            await asyncio.sleep(0.3)
            os.kill(first, signal.SIGKILL)
            assert await asking == answer(2)  # asked again, of the worker started in its place
            second = pool.pids()[0]
            assert second != first and pool.replaced == 1

            # Both the worker and its replacement die on the question: the seat still gets a (random) move.
            # The replacement is frozen the moment it is started, so it cannot answer before it is killed, however
            # slow the machine.
            class Frozen(bots.Worker):
                def __init__(self, context):
                    super().__init__(context)
                    os.kill(self.pid, signal.SIGSTOP)

            os.kill(second, signal.SIGSTOP)
            monkeypatch.setattr(bots, "Worker", Frozen)
            asking = asyncio.create_task(pool.choose(game, seat, "greedy", 3, view, legal))
            await asyncio.sleep(0.3)
            os.kill(second, signal.SIGKILL)
            deadline = time.monotonic() + 120  # a worker starts in well under a second, unless the machine is busy
            while not (pool.pids() and pool.pids()[0] != second) and time.monotonic() < deadline:
                await asyncio.sleep(0.005)
            # (were the frozen replacement not started yet, the kill below would miss it and a normal one answer)
            assert pool.pids() and pool.pids()[0] != second, "no worker was started in place of the killed one"
            monkeypatch.undo()  # the workers started from now on run
            os.kill(pool.pids()[0], signal.SIGKILL)
            assert await asking == fallback(3, legal)
            assert pool.replaced == 3
            assert await pool.choose(game, seat, "greedy", 4, view, legal) == answer(4)  # and the pool serves on
        finally:
            pool.close()

    asyncio.run(scenario())


def test_a_killed_worker_is_replaced_and_every_bot_seat_plays_on(db_url, tmp_path):
    server = ServerProcess(db_url, tmp_path / "server.log", "--bot-workers", "2")
    try:
        base = server.start()
        before = wait_until(lambda: len(server.workers()) == 2 and server.workers(), 30, "two workers")
        tarok = post(base + "/api/tables", {"game": "tarok", "seats": [{"kind": "bot", "level": "heuristic"}] * 4})
        duel = post(base + "/api/tables", {"game": "giacomotto", "seats": [{"kind": "human"},
                                                                           {"kind": "bot", "level": "greedy"}]})
        watcher = Seat(base, tarok["table"])
        watcher.wait_version(3)
        os.kill(before[0], signal.SIGKILL)
        watcher.wait_over()  # the all-bot table plays to its end

        human = Seat(base, duel["table"], duel["seats"][0]["token"])
        state = human.wait_version(0)
        for _ in range(3):  # the human trails (a whole turn), the greedy bot answers (a capture takes several steps)
            while 0 not in state["view"]["to_act"]:
                state = human.wait_version(state["version"] + 1)
            trail = next(a for a in state["view"]["legal"] if a.startswith("trail"))
            send_action(human, trail, state["version"])
            state = human.wait_version(state["version"] + 2)
        after = wait_until(lambda: len(server.workers()) == 2 and server.workers(), 30, "two workers again")
        assert before[0] not in after and before[1] in after
        assert "starting another" in server.log.read_text()
        watcher.close()
        human.close()
    finally:
        server.kill()


def test_the_workers_of_a_killed_server_exit_by_themselves(db_url, tmp_path):
    server = ServerProcess(db_url, tmp_path / "server.log", "--bot-workers", "2")
    try:
        server.start()
        workers = wait_until(lambda: len(server.workers()) == 2 and server.workers(), 30, "two workers")
        os.kill(server.proc.pid, signal.SIGKILL)  # the server alone, as the OOM killer would
        server.proc.wait(10)
        left = wait_until(lambda: not session_processes(server.session) and ["none"], 10,
                          f"workers {workers} of the killed server to exit")
        assert left == ["none"]
    finally:
        server.kill()
