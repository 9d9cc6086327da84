"""Player aids (issue 25): what a player may switch on for herself, computed from her own view only.

A game offers aids by a pure function ``aids(view) -> dict | None`` in ``games/<pkg>/aids.py``; the server adds
its result to the seat's view as ``view["aids"]`` when the table allows aids (contract D), and ``parlour play
--aids`` does the same at the terminal. Nothing here reads the true state: an aid holds only what the view holds
(public play and the seat's own hand), so it can never tell a seat a card it could not know.

The trick games share :func:`played`: every card played in this deal's finished tricks, by suit. A trick game's
view logs the deal from its ``deal`` event on, each card played as a ``play`` event with its ``card``; the cards of
the trick still on the table are not yet "played" in this sense (they are in front of everyone anyway).

>>> log = [{"type": "deal"}, {"type": "play", "card": "AS"}, {"type": "play", "card": "KS"},
...        {"type": "trick"}, {"type": "play", "card": "10H"}]
>>> played({"log": log, "trick": ["10H"]}, order="9 J Q K 10 A".split())
{'S': ['KS', 'AS']}
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, Sequence

from .game import Game

Aid = Callable[[dict[str, Any]], "dict[str, Any] | None"]


def finder(game: Game) -> Aid | None:
    """The game's ``aids`` function, or ``None`` for a game without aids."""
    package = type(game).__module__.rsplit(".", 1)[0]
    try:
        module = importlib.import_module(f"{package}.aids")
    except ModuleNotFoundError:
        return None
    return getattr(module, "aids", None)


def with_aids(game: Game, view: dict[str, Any]) -> dict[str, Any]:
    """``view`` with its seat's aids added as ``view["aids"]`` (unchanged for a spectator or a game without aids;
    a copy, so that a view shared with others is never written to)."""
    aid = finder(game)
    if aid is None or view.get("seat") is None:
        return view
    found = aid(view)
    return view if not found else {**view, "aids": found}


def _trick_cards(trick: Any) -> set[str]:
    """The cards of the trick on the table, whichever form the view gives it (codes, or ``{seat, card}``)."""
    cards = set()
    for item in trick or []:
        cards.add(item.get("card") if isinstance(item, dict) else item)
    return cards


def played(view: dict[str, Any], order: Sequence[str],
           suit: Callable[[str], str] = lambda c: c[-1]) -> dict[str, list[str]]:
    """Every card played in this deal's finished tricks, by suit (``suit(code)``), each suit lowest first by
    ``order`` (the ranks, or whole codes, lowest first). Suits with nothing played are left out."""
    log = view.get("log") or []
    start = max((i for i, e in enumerate(log) if e.get("type") == "deal"), default=-1)
    on_table = _trick_cards(view.get("trick"))
    rank = {r: i for i, r in enumerate(order)}
    groups: dict[str, list[str]] = {}
    for e in log[start + 1:]:
        card = e.get("card") if e.get("type") == "play" else None
        if card and card not in on_table:
            groups.setdefault(suit(card), []).append(card)
    for cards in groups.values():
        cards.sort(key=lambda c: rank.get(c, rank.get(c[:-1], -1)))
    return groups
