"""Jieqi bots (placeholder while the search is written)."""
from parlour.core.bot import RandomBot


class SearchBot(RandomBot):
    """search"""
    name = "search"


class QuickBot(RandomBot):
    """quick"""
    name = "quick"


class GreedyBot(RandomBot):
    """greedy"""
    name = "greedy"
