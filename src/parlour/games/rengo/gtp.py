"""Talking to GNU Go over GTP (the Go Text Protocol, version 2): one engine process, kept in step with a game.

GNU Go is Debian's ``gnugo`` (``/usr/games/gnugo``); it is optional: without it the MCTS bot plays instead.
An :class:`Engine` keeps the moves it has been sent, so following a game costs one ``play`` per new move, not a
replay of the whole game at every question. :func:`engine` keeps one process per rule set in each process that
asks (a server bot worker), started on first use.
"""

from __future__ import annotations

import atexit
import shutil
import subprocess
import threading
from pathlib import Path

DEBIAN_PATH = Path("/usr/games/gnugo")
TIMEOUT = 60.0


class GtpError(RuntimeError):
    """GNU Go refused a command, or is missing, or stopped answering."""


def gnugo_path() -> str | None:
    """Where GNU Go is installed: Debian's path, else the first ``gnugo`` on the PATH."""
    if DEBIAN_PATH.is_file():
        return str(DEBIAN_PATH)
    return shutil.which("gnugo")


class Gtp:
    """A GTP engine process: :meth:`command` sends one command and returns the answer's text."""

    def __init__(self, argv: list[str]) -> None:
        try:
            self.process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            stderr=subprocess.DEVNULL, text=True, bufsize=1)
        except OSError as e:
            raise GtpError(f"cannot start {argv[0]}: {e.strerror}") from None
        self.lock = threading.Lock()

    def command(self, line: str) -> str:
        """Send ``line``; return the answer without its ``=``; :class:`GtpError` on ``?`` or a dead process."""
        with self.lock:
            proc = self.process
            if proc.poll() is not None or proc.stdin is None or proc.stdout is None:
                raise GtpError("GNU Go is not running")
            try:
                proc.stdin.write(line + "\n")
                proc.stdin.flush()
                lines: list[str] = []
                while True:
                    text = proc.stdout.readline()
                    if not text:
                        raise GtpError(f"GNU Go stopped while answering {line!r}")
                    if text.strip() == "":
                        if lines:
                            break
                        continue
                    lines.append(text.rstrip("\n"))
            except BrokenPipeError:
                raise GtpError(f"GNU Go stopped before {line!r}") from None
        answer = "\n".join(lines)
        if answer.startswith("?"):
            raise GtpError(f"GNU Go refused {line!r}: {answer[1:].strip()}")
        return answer[1:].strip()

    def close(self) -> None:
        if self.process.poll() is None:
            try:
                self.command("quit")
            except GtpError:
                pass
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()


class Engine:
    """GNU Go following one game at a time: its board is set up once and then told each new move."""

    def __init__(self, chinese: bool) -> None:
        path = gnugo_path()
        if path is None:
            raise GtpError("GNU Go is not installed: apt-get install gnugo")
        rules = "--chinese-rules" if chinese else "--japanese-rules"
        self.gtp = Gtp([path, "--mode", "gtp", "--quiet", rules, "--positional-superko"])
        self.setup: tuple | None = None
        self.sent: list[str] = []
        self.level: int | None = None

    def follow(self, size: int, komi: float, handicap: list[str], stones: list[tuple[str, str]],
               moves: list[str]) -> None:
        """Bring the engine's board to the game: the ``handicap`` stones (which GNU Go's Chinese count pays White
        a point each for), other setup ``stones`` (``("B", "D4")``), then ``moves`` (``"B D4"``, ``"W pass"``) in
        order. Only what is new since the last call is sent when it can be."""
        setup = (size, komi, tuple(handicap), tuple(stones))
        if setup != self.setup or moves[:len(self.sent)] != self.sent:
            self.gtp.command(f"boardsize {size}")
            self.gtp.command("clear_board")
            self.gtp.command(f"komi {komi}")
            if handicap:
                self.gtp.command(f"set_free_handicap {' '.join(handicap)}")
            for colour, point in stones:
                self.gtp.command(f"play {colour} {point}")
            self.setup, self.sent = setup, []
        for m in moves[len(self.sent):]:
            self.gtp.command(f"play {m}")
            self.sent.append(m)

    def set_level(self, level: int) -> None:
        if level != self.level:
            self.gtp.command(f"level {level}")
            self.level = level

    def genmove(self, colour: str, cleanup: bool = False) -> str:
        """GNU Go's move for ``colour`` (``D4``, ``PASS`` or ``resign``), taken back at once: the game decides."""
        answer = self.gtp.command(f"{'kgs-genmove_cleanup' if cleanup else 'reg_genmove'} {colour}")
        return answer.upper() if answer.lower() != "resign" else "resign"

    def top_moves(self, colour: str) -> list[str]:
        """The moves GNU Go considered best at its last move generation, best first."""
        words = self.gtp.command(f"top_moves_{'black' if colour == 'B' else 'white'}").split()
        return [w.upper() for w in words[0::2]]

    def dead_stones(self) -> list[str]:
        """The stones GNU Go thinks are dead in the present position."""
        return [p.upper() for p in self.gtp.command("final_status_list dead").split()]

    def final_score(self) -> str:
        return self.gtp.command("final_score")

    def close(self) -> None:
        self.gtp.close()


_ENGINES: dict[bool, Engine] = {}


def engine(chinese: bool) -> Engine:
    """This process's engine for the rule set, started on first use (a crashed one is started again)."""
    found = _ENGINES.get(chinese)
    if found is None or found.gtp.process.poll() is not None:
        found = _ENGINES[chinese] = Engine(chinese)
    return found


@atexit.register
def _close_engines() -> None:
    for e in _ENGINES.values():
        e.close()
    _ENGINES.clear()
