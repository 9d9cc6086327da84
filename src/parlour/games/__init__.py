"""One package per game. A package that exposes ``GAME`` (its :class:`~parlour.core.Game` class) is registered.

``parlour.games`` is both this package and the function of the contract that lists the game ids: Python
binds a subpackage to its parent's attribute of the same name, so the package itself answers the call.

>>> import parlour
>>> "giacomotto" in parlour.games()
True
"""

import sys
import types


class _CallablePackage(types.ModuleType):
    def __call__(self) -> list[str]:
        """The ids of every registered game."""
        from parlour.core.registry import games

        return games()


sys.modules[__name__].__class__ = _CallablePackage
