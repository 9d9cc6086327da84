"""``parlour play`` in a pseudo-terminal, typed at as a person types: the tests of the terminal's own behaviour.

The command runs in a child process attached to a pty (so rich draws for a terminal, as for a person); what it
prints is read with its escape codes taken out. A test waits for a text to appear (the prompt, a line), never for a
stretch of wall time: :meth:`Terminal.expect` returns as soon as the text is there, and gives up only after
:data:`PATIENCE` seconds, a guard against a hang on a loaded machine, not a measure of speed.

    with Terminal("play", "giacomotto", "--seed", "5", cwd=tmp_path) as term:
        screen = term.expect("Your move")   # everything printed since the last expect, up to the prompt
        term.send("1")
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect

SRC = Path(__file__).resolve().parents[1] / "src"
#: Seconds a test waits for a text before it fails (the child is stuck, or the text never comes).
PATIENCE = 180
#: Escape sequences: colours, cursor moves and screen clears, window titles.
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-B]|\r")
RUN = "import sys; from parlour.cli import main; sys.exit(main())"


class Terminal:
    """One ``parlour`` command in a pty ``width`` columns wide; ``PARLOUR_LANG`` English unless ``env`` says."""

    def __init__(self, *args: str, cwd: Path, env: dict[str, str] | None = None, width: int = 120) -> None:
        environ = dict(os.environ, PYTHONPATH=str(SRC), PARLOUR_LANG="en", TERM="xterm-256color", COLUMNS=str(width),
                       LINES="50")
        environ.update(env or {})
        self.child = pexpect.spawn(sys.executable, ["-c", RUN, *args], cwd=str(cwd), env=environ, encoding="utf-8",
                                   codec_errors="replace", dimensions=(50, width), timeout=PATIENCE)
        self.text = ""  # everything printed so far, without escape codes
        self.at = 0  # where the next expect starts reading

    def _read(self) -> bool:
        """Read what the child printed (waiting for something); False once it has exited and nothing is left."""
        try:
            chunk = self.child.read_nonblocking(65536, timeout=PATIENCE)
        except pexpect.EOF:
            return False
        except pexpect.TIMEOUT:
            raise AssertionError(f"nothing more was printed in {PATIENCE} s; the screen ends:\n{self.text[-3000:]}")
        self.text += ESCAPES.sub("", chunk)
        return True

    def expect(self, pattern: str | re.Pattern[str]) -> str:
        """Wait until ``pattern`` (a text, or a regular expression) appears; return what was printed from the end of
        the previous match up to the end of this one."""
        regex = pattern if isinstance(pattern, re.Pattern) else re.compile(re.escape(pattern))
        while True:
            found = regex.search(self.text, self.at)
            if found:
                out, self.at = self.text[self.at:found.end()], found.end()
                return out
            if not self._read():
                raise AssertionError(f"the command ended without printing {regex.pattern!r}; its screen ends:\n"
                                     f"{self.text[-3000:]}")

    def send(self, line: str) -> None:
        """Type ``line`` and Enter."""
        self.child.sendline(line)

    def finish(self) -> tuple[int, str]:
        """Wait for the command to end: its exit status and what it printed since the last expect."""
        while self._read():
            pass
        self.child.close()
        rest, self.at = self.text[self.at:], len(self.text)
        return (self.child.exitstatus if self.child.exitstatus is not None else -(self.child.signalstatus or 0)), rest

    def __enter__(self) -> "Terminal":
        return self

    def __exit__(self, *exc: object) -> None:
        if self.child.isalive():
            self.child.terminate(force=True)
