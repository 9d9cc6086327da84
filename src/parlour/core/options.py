"""Variant options: a name, a default, a one-line description, and validation.

>>> target = Option("target", 101, "points that win the match", minimum=1)
>>> target.check(150)
150
>>> target.check("many")
Traceback (most recent call last):
...
parlour.core.errors.BadOption: option 'target' must be an integer, got 'many'
>>> Option("komi", 7.5, "points for White", minimum=-50, maximum=50).check(6)   # a float option takes whole numbers
6.0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from .errors import BadOption


@dataclass(frozen=True)
class Option:
    """One named variant option of a game. The type is the default's type."""

    name: str
    default: Any
    description: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None

    def check(self, value: Any) -> Any:
        """Return ``value`` if it is allowed, else raise :class:`BadOption` saying what is allowed."""
        kind = type(self.default)
        if kind is bool:
            if not isinstance(value, bool):
                raise BadOption(f"option {self.name!r} must be true or false, got {value!r}")
        elif kind in (int, float):
            number = (int, float) if kind is float else int
            if not isinstance(value, number) or isinstance(value, bool) or value != value:
                raise BadOption(f"option {self.name!r} must be {'a number' if kind is float else 'an integer'}, "
                                f"got {value!r}")
            value = kind(value)
            if self.minimum is not None and value < self.minimum or self.maximum is not None and value > self.maximum:
                raise BadOption(f"option {self.name!r} must be in {self.minimum}..{self.maximum}, got {value}")
        elif not isinstance(value, kind):
            raise BadOption(f"option {self.name!r} must be {'text' if kind is str else 'a ' + kind.__name__}, "
                            f"got {value!r}")
        if self.choices is not None and value not in self.choices:
            raise BadOption(f"option {self.name!r} must be one of {list(self.choices)}, got {value!r}")
        return value

    def describe(self) -> dict[str, Any]:
        """JSON-ready description, for the lobby and ``parlour rules``."""
        d: dict[str, Any] = {"name": self.name, "default": self.default, "description": self.description,
                             "type": type(self.default).__name__}
        for key in ("choices", "minimum", "maximum"):
            if getattr(self, key) is not None:
                d[key] = list(self.choices) if key == "choices" else getattr(self, key)
        return d


def resolve(options: Iterable[Option], given: Mapping[str, Any], game: str) -> dict[str, Any]:
    """Defaults overlaid with ``given``; an unknown name or a bad value raises :class:`BadOption`."""
    known = {o.name: o for o in options}
    unknown = sorted(set(given) - set(known))
    if unknown:
        allowed = ", ".join(sorted(known)) or "none"
        raise BadOption(f"{game} has no option {', '.join(map(repr, unknown))}; its options are: {allowed}")
    return {name: (o.check(given[name]) if name in given else o.default) for name, o in known.items()}


def coerce(option: Option, text: str) -> Any:
    """Read an option value typed on a command line (``true``, ``150``...)."""
    kind = type(option.default)
    if kind is bool:
        low = text.lower()
        if low in ("1", "true", "yes", "on"):
            return True
        if low in ("0", "false", "no", "off"):
            return False
        return text
    if kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            return text
    return text
