"""The memory games' moves in the player's words, for the terminal's list of moves (``move_words``, beside the text
to type): ``swap 2`` → "Put the drawn card in your slot 2", ``snap 1.3`` → "Snap Seat 1's slot 3".

>>> from parlour.core.terminal import Seats
>>> seats = Seats(("human", "expert"), viewer=0)
>>> [str(move_words(a, {}, seats)) for a in ("draw", "swap 2", "snap 1.3", "jack 0 1.2")]
['Draw from the stock', 'Put the drawn card in your slot 2', "Snap Seat 1 (expert)'s slot 3", "Swap your slot 0 with Seat 1 (expert)'s slot 2, unseen"]
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from parlour.core.i18n import N_, translator
from parlour.core.terminal import Seats

tr = translator(__name__)


def _place(text: str, seats: Seats) -> str:
    """``1.3`` → "Seat 1's slot 3" ("your slot 3" for the viewer's own)."""
    owner, _, slot = text.partition(".")
    if int(owner) == seats.viewer:
        return tr.t("your slot {slot}", slot=slot)
    return tr.t("{who}'s slot {slot}", who=seats.name(int(owner)), slot=slot)


def move_words(action: str, view: dict[str, Any], seats: Seats) -> Text | str | None:
    """A legal move of a memory game in the player's words; ``None`` for one it does not know."""
    words = action.split()
    verb, rest = words[0], words[1:]
    own = (lambda slot: tr.t("your slot {slot}", slot=slot))
    named = {"ready": N_("Ready"), "knock": N_("Knock"), "pass": N_("No snap"), "stay": N_("Leave the gap"),
             "trade": N_("Trade them"), "keep": N_("Keep them"), "skip": N_("Skip the power"),
             "draw": N_("Draw from the stock"), "discard": N_("Discard the drawn card")}
    if not rest and verb in named:
        return tr.t(named[verb])
    if len(rest) == 1 and rest[0].isdigit():
        slot = rest[0]
        if verb == "take":
            return tr.t("Take the discard into {place}", place=own(slot))
        if verb == "swap":
            return tr.t("Put the drawn card in {place}", place=own(slot))
        if verb == "flip":
            return tr.t("Turn up {place}", place=own(slot))
        if verb == "give":
            return tr.t("Give {place}", place=own(slot))
        if verb == "peek":
            return tr.t("Look at {place}", place=own(slot))
    if len(rest) == 1 and "." in rest[0]:
        if verb == "snap":
            return tr.t("Snap {place}", place=_place(rest[0], seats))
        if verb == "spy":
            return tr.t("Look at {place}", place=_place(rest[0], seats))
    if len(rest) == 2 and rest[0].isdigit() and "." in rest[1]:
        if verb == "jack":
            return tr.t("Swap {place} with {other}, unseen", place=own(rest[0]), other=_place(rest[1], seats))
        if verb == "look":
            return tr.t("Look at {place} and {other}", place=own(rest[0]), other=_place(rest[1], seats))
    return None
