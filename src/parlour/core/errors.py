"""The errors parlour raises. Each message says what was wrong and what is allowed."""

from __future__ import annotations

from typing import Any

from .i18n import Message


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

    The state it was offered to is left exactly as it was. Its text is a template marked for the catalogues and the
    values that fill it, ``IllegalAction("you do not hold {card}", card="KH")`` (or a :class:`Message` made so, as
    ``why_illegal`` returns): ``str(e)`` is the English text, ``e.message`` the Message that the terminal and the
    browser say in their reader's language.

    >>> e = IllegalAction("you do not hold {card}", card="KH")
    >>> str(e), e.message.template, e.message.params
    ('you do not hold KH', 'you do not hold {card}', {'card': 'KH'})
    """

    def __init__(self, message: str, /, **params: Any) -> None:
        self.message: Message = message if isinstance(message, Message) and not params else Message(message, **params)
        super().__init__(self.message)

    def __reduce__(self) -> tuple[Any, ...]:  # pickled with its Message (ValueError's would keep the str only)
        return (type(self), (self.message,))


class RecordError(ParlourError, ValueError):
    """A match record that is corrupt, or does not replay as it claims."""
