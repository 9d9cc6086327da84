"""The errors parlour raises. Each message says what was wrong and what is allowed."""

from __future__ import annotations


class ParlourError(Exception):
    """Base class of every error parlour raises on purpose."""


class UnknownGame(ParlourError, KeyError):
    """A game id that is not registered."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class BadOption(ParlourError, ValueError):
    """A variant option (or player count) that the game does not accept."""


class IllegalAction(ParlourError, ValueError):
    """An action that is malformed, out of turn, or against the rules.

    The state it was offered to is left exactly as it was.
    """


class RecordError(ParlourError, ValueError):
    """A match record that is corrupt, or does not replay as it claims."""
