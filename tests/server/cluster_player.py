"""Two scripted players at one table of a cluster, each at its own member, riding out crashes and partitions.

A :class:`TablePlay` plays random legal moves until told to stop, as people would: an action is sent again when the
member says ``retry`` (or ``flood``), or when nothing came for a while; a player whose member went away
reconnects to the next member that answers (as behind a load balancer). Every action counts as played once the
player saw a state past its version (the member's acknowledgement), and how long that took is kept: the stall.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from typing import Any

from live_client import Refused, Seat
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from parlour.core.rng import Rng

#: Seconds a player waits for an answer before sending the same action again (it cannot be taken twice).
RESEND = 8.0
#: Seconds a player may wait for one action to be taken before the test calls it lost.
GIVE_UP = 90.0


class Player:
    """One seat's socket; ``urls()`` says the members to try, in order of preference, when reconnecting."""

    def __init__(self, table: str, seat: int, token: str, urls: Callable[[], list[str]]) -> None:
        self.table, self.seat, self.token, self.urls = table, seat, token, urls
        self.dropped: list[tuple[float, str]] = []  # when its connection went, and how
        self.sock: Seat | None = None
        self.connect()

    def connect(self) -> None:
        if self.sock is not None:
            try:
                self.sock.close()
            except Exception:  # its member is gone: nothing to say goodbye to
                pass
            self.sock = None
        deadline = time.monotonic() + GIVE_UP
        while time.monotonic() < deadline:
            for url in self.urls():
                try:
                    self.sock = Seat(url, self.table, self.token)
                    self.sock.wait_version(0)
                    return
                except (OSError, TimeoutError, ConnectionClosed, InvalidHandshake, InvalidStatus, Refused):
                    self.sock = None  # ("retry": a member cut off from Redis cannot show this table now)
            time.sleep(0.5)
        raise AssertionError(f"seat {self.seat} of {self.table} found no member to reconnect to")

    @property
    def version(self) -> int:
        return self.sock.state["version"]

    def read(self, timeout: float) -> dict[str, Any]:
        """The next message; on a lost connection, reconnect (its first state comes as the next message)."""
        try:
            return self.sock.read(timeout=timeout)
        except TimeoutError:  # (an OSError too) nothing came: the caller decides
            raise
        except (OSError, ConnectionClosed) as e:
            self.dropped.append((time.monotonic(), f"{type(e).__name__}: {e}"))
            self.connect()
            return self.sock.state

    def wait_version(self, version: int, until: float) -> None:
        while self.version < version:
            if time.monotonic() > until:
                raise AssertionError(f"seat {self.seat} of {self.table} never saw version {version} "
                                     f"(it is at {self.version})")
            try:
                self.read(timeout=1.0)
            except TimeoutError:
                pass
            except Refused as e:  # the late answer to a resent action that had been taken: nothing to do
                if e.code not in ("stale", "not_your_turn", "retry", "flood"):
                    raise

    def send(self, action: str, version: int) -> None:
        try:
            self.sock.sock.send(json.dumps({"type": "action", "action": action, "version": version}))
        except (OSError, ConnectionClosed) as e:
            self.dropped.append((time.monotonic(), f"{type(e).__name__}: {e}"))
            self.connect()  # the state it brings says whether the action was taken before the member went


class TablePlay:
    """Play a two-seat table (``tokens``: seat -> token) with seat ``s`` at ``members[s]()``'s URLs."""

    def __init__(self, table: str, tokens: dict[int, str], urls: dict[int, Callable[[], list[str]]],
                 seed: int, think: float = 0.05) -> None:
        self.table, self.rng, self.think = table, Rng(seed), think
        self.players = {seat: Player(table, seat, token, urls[seat]) for seat, token in tokens.items()}
        self.played: list[tuple[int, str]] = []
        self.stalls: list[tuple[float, float]] = []  # (when it was sent, seconds until it was taken)
        self.over = False
        self.error: BaseException | None = None
        self.stop = threading.Event()

    def move(self, player: Player, action: str, version: int) -> None:
        """Send until a state past ``version`` arrives (the action was taken), resending after a refusal that
        says nothing was taken (``retry``, ``flood``) or after :data:`RESEND` seconds of silence."""
        start = time.monotonic()
        player.send(action, version)
        sent = time.monotonic()
        while player.version <= version:
            now = time.monotonic()
            if now - start > GIVE_UP:
                raise AssertionError(f"{action!r} at version {version} of {self.table} was never acknowledged")
            try:
                player.read(timeout=1.0)
            except TimeoutError:
                pass
            except Refused as e:
                if e.code in ("stale", "not_your_turn"):  # taken after all (a resend): its state is on its way
                    continue
                if e.code not in ("retry", "flood"):
                    raise
                time.sleep(0.3)
                sent = 0.0
            if player.version <= version and time.monotonic() - sent > RESEND:
                player.send(action, version)
                sent = time.monotonic()
        self.stalls.append((start, time.monotonic() - start))

    def step(self) -> bool:
        """One move by whoever is to act; False when the match is over."""
        until = time.monotonic() + GIVE_UP
        version = max(p.version for p in self.players.values())
        for p in self.players.values():
            p.wait_version(version, until)
        view = self.players[0].sock.state["view"]
        if view["over"]:
            return False
        mover = self.players[view["to_act"][0]]
        action = self.rng.choice(mover.sock.state["view"]["legal"])
        time.sleep(self.think)
        self.move(mover, action, version)
        self.played.append((mover.seat, action))
        return True

    def run(self, setup: Callable[[], Any] = lambda: None) -> None:
        """Play until :attr:`stop` is set or the match ends (the thread's body; ``setup`` runs first in it)."""
        try:
            with setup():
                while not self.stop.is_set():
                    if not self.step():
                        self.over = True
                        return
        except BaseException as e:  # the test's thread reports it
            self.error = e

    def close(self) -> None:
        for p in self.players.values():
            if p.sock is not None:
                p.sock.close()
