"""Independent rule-based opponents for the games that have no outside bot to measure ours against.

The independence rule: each player here is written from the game's rules alone (``/work/shared/rules/<game>.md``
and the game's ``RULES.md``), never from parlour's bots (their ``ai.py``, ``bot.py``, search modules, or the
strategy sections of the games' NOTES). They may use the public contract only: ``parlour.core`` (the Bot base
class, cards, reaction times), the shape of the views and actions, and what a bot's public description says of its
speed. The point is an opponent that does not share our bots' blind spots. They play like a good person: they count
what they have seen and use the standard heuristics of the game, seeing only their seat's view.

``PLAYERS`` maps a game's id to its player class (``bench vs-rules`` plays the game's default bot against it);
one line per game.
"""

from __future__ import annotations

from .claw import ClawRulesPlayer
from .golf import GolfRulesPlayer
from .spoons import SpoonsRulesPlayer

PLAYERS: dict[str, type] = {
    "testoasa": GolfRulesPlayer,
    "golf6": GolfRulesPlayer,
    "crazy-nines": GolfRulesPlayer,
    "spoons": SpoonsRulesPlayer,
    "claw": ClawRulesPlayer,
}
