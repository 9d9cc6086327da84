"""Zole bots (placeholder while the engine settles)."""

from __future__ import annotations

from typing import Any

from parlour.core.bot import Bot
from parlour.core.game import Action


class SearchBot(Bot):
    """Placeholder."""

    name = "search"

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return legal[0]


class GreedyBot(SearchBot):
    """Placeholder."""

    name = "greedy"
