"""One package per game. A package that exposes ``GAME`` (its :class:`~parlour.core.Game` class) is registered."""
