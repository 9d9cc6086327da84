"""Skelly's one action: a flick, an angle and a power.

Text: ``flick ANGLE POWER``. The angle is in degrees, counter-clockwise from the right (east): 0 sends the cap
to the right, 90 up the court away from the start line, 180 to the left, 270 back towards the start line; it is
kept to a tenth of a degree, and any angle from -360 to 360 is read (a negative one turns clockwise).
The power runs from 0.001 to 1, kept to a thousandth: on open ground a cap slides ``power`` times the
hardest flick's slide (about 3 m), so a power of 0.5 sends it about a metre and a half.

Any flick in range is legal; ``LISTED`` is the finite sample that ``state.legal`` lists (12 directions, 2 powers).

>>> f = parse("flick 37.5 0.82")
>>> str(f), f.angle, f.power
('flick 37.5 0.82', 37.5, 0.82)
>>> str(parse("flick -90 1.0")), str(parse("FLICK 12.34 0.5004"))
('flick 270 1', 'flick 12.3 0.5')
>>> parse("flick 45 1.5")
Traceback (most recent call last):
...
parlour.core.errors.IllegalAction: a flick's power runs from 0.001 to 1 (1 slides about 3 m), not 1.5
"""

from __future__ import annotations

import re
from decimal import ROUND_HALF_EVEN, Decimal, InvalidOperation

from parlour.core.errors import IllegalAction
from parlour.core.game import Action
from parlour.core.i18n import Message

#: Tenths of a degree in a turn; thousandths of the full power.
TURN, FULL = 3600, 1000
USAGE = Message("write 'flick ANGLE POWER': the angle in degrees (0 right, 90 up the court, 180 left, 270 towards "
                "the start line) and the power from 0.001 to 1 (1 slides about 3 m), e.g. 'flick 90 0.4'")
_FLICK = re.compile(r"^(?:flick\s+)?(\S+?)°?\s+(\S+)$")


class Flick(Action):
    """``angle_tenths * 1001 + power_thousandths``: a small int for the hot path, printed as its text."""

    __slots__ = ()

    @classmethod
    def of(cls, tenths: int, thousandths: int) -> "Flick":
        """A flick from its angle in tenths of a degree (0-3599) and its power in thousandths (1-1000)."""
        return cls((tenths % TURN) * (FULL + 1) + thousandths)

    @property
    def tenths(self) -> int:
        return int(self) // (FULL + 1)

    @property
    def thousandths(self) -> int:
        return int(self) % (FULL + 1)

    @property
    def angle(self) -> float:
        """Degrees, counter-clockwise from the right."""
        return self.tenths / 10

    @property
    def power(self) -> float:
        return self.thousandths / FULL

    def __str__(self) -> str:
        text = _TEXTS.get(self)
        return text if text is not None else f"flick {_number(self.tenths, 10)} {_number(self.thousandths, FULL)}"


def _number(count: int, scale: int) -> str:
    """``375, 10`` -> ``37.5``; ``1000, 1000`` -> ``1``: the shortest decimal text of ``count / scale``."""
    whole, part = divmod(count, scale)
    if not part:
        return str(whole)
    digits = len(str(scale)) - 1
    return f"{whole}.{part:0{digits}d}".rstrip("0")


def _decimal(text: str, what: str) -> Decimal:
    try:
        value = Decimal(text)
    except InvalidOperation:
        if what == "angle":
            raise IllegalAction("cannot read the angle '{text}' as a number: {usage}", text=text, usage=USAGE) from None
        raise IllegalAction("cannot read the power '{text}' as a number: {usage}", text=text, usage=USAGE) from None
    if not value.is_finite():
        if what == "angle":
            raise IllegalAction("the angle must be a finite number, not '{text}'", text=text)
        raise IllegalAction("the power must be a finite number, not '{text}'", text=text)
    return value


def flick(angle: float, power: float) -> Flick:
    """The flick nearest to ``angle`` degrees and ``power`` (clamped into range): for bots and tables.

    >>> str(flick(-0.04, 1.3)), str(flick(359.96, 0.0))
    ('flick 0 1', 'flick 0 0.001')
    """
    tenths = round(angle * 10) % TURN
    thousandths = min(FULL, max(1, round(power * FULL)))
    return Flick.of(tenths, thousandths)


def parse(text: str) -> Flick:
    """Read a flick's text; raise :class:`IllegalAction` saying what is wrong with it."""
    if not isinstance(text, str):
        raise IllegalAction("an action is text; {usage}", usage=USAGE)
    found = _FLICK.match(text.strip().lower())
    if not found:
        raise IllegalAction("cannot read '{text}': {usage}", text=text, usage=USAGE)
    angle = _decimal(found.group(1), "angle")
    power = _decimal(found.group(2), "power")
    if not -360 <= angle <= 360:
        raise IllegalAction("a flick's angle runs from -360 to 360 degrees, not {angle}", angle=found.group(1))
    tenths = int((angle * 10).quantize(Decimal(1), rounding=ROUND_HALF_EVEN))
    thousandths = int((power * FULL).quantize(Decimal(1), rounding=ROUND_HALF_EVEN))
    if not 1 <= thousandths <= FULL:
        raise IllegalAction("a flick's power runs from 0.001 to 1 (1 slides about 3 m), not {power}",
                            power=found.group(2))
    return Flick.of(tenths, thousandths)


_TEXTS: dict[int, str] = {}
#: The sample of flicks ``legal`` lists: every 30 degrees, at powers 0.3 (about 90 cm) and 0.7 (about 2 m); any other
#: flick in range is legal too.
LISTED: tuple[Flick, ...] = tuple(Flick.of(a * 300, p) for a in range(12) for p in (300, 700))
#: Their texts, as views list them.
LISTED_TEXT: tuple[str, ...] = tuple(map(str, LISTED))
_TEXTS.update(zip(LISTED, LISTED_TEXT))
