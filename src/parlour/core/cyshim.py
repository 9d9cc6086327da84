"""What an engine module needs of Cython's pure-Python mode when Cython is not installed.

The hot modules of the compiled engine (``parlour/native.py``) are plain Python that Cython can also
read with C types: a class decorated ``@cython.cclass`` becomes an extension type whose fields declared with
``cython.declare`` are C integers, and ``@cython.locals`` types a function's locals. Run as Python, all of that
means nothing: the decorators hand back what they decorate, ``declare`` gives the class a default, the types are
names. Cython ships a module ``cython`` that does exactly this; this one stands in for it where only parlour's
own dependencies are installed, so that such a module starts with::

    try:
        import cython
    except ImportError:  # plain Python without Cython: the same code, untyped
        from parlour.core import cyshim as cython

>>> from parlour.core import cyshim as cython
>>> @cython.cclass
... class Tally:
...     count = cython.declare(cython.int, visibility="public")
...     @cython.locals(n=cython.ulonglong)
...     def add(self, n):
...         self.count += n
...         return self.count
>>> t = Tally(); t.count, t.add(3), cython.compiled
(0, 3, False)
>>> cython.declare(cython.int[3])
[0, 0, 0]
"""

from __future__ import annotations

from typing import Any, Callable

#: True only in a module Cython compiled (Cython replaces it with a constant there).
compiled = False



class _CType:
    """A C type's name; a value of it is a Python int (or bool) here."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"cython.{self.name}"

    def __getitem__(self, size: int) -> "_CArray":
        """``cython.int[90]``: a C array of 90 ints when compiled."""
        return _CArray(self, size)


class _CArray:
    """A C array type; a value of it is a list of zeros here."""

    def __init__(self, item: _CType, size: int) -> None:
        self.item, self.size = item, size

    def __repr__(self) -> str:
        return f"{self.item!r}[{self.size}]"


#: The C integer types (Cython's own names).
int = _CType("int")  # noqa: A001
longlong, ulonglong, Py_ssize_t, bint = _CType("longlong"), _CType("ulonglong"), _CType("Py_ssize_t"), _CType("bint")


def cclass(cls: type) -> type:
    """An extension type when compiled; the class unchanged in Python."""
    return cls


def locals(**types: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:  # noqa: A001
    """Typed locals when compiled; the function unchanged in Python."""
    return lambda f: f


def cfunc(f: Callable[..., Any]) -> Callable[..., Any]:
    """A C function (a C method of a ``cclass``) when compiled; the function unchanged in Python."""
    return f


#: A method callable from C and from Python (``cpdef``) when compiled; the function unchanged in Python.
ccall = cfunc


def returns(kind: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The C return type of a ``cfunc`` or ``ccall`` when compiled; the function unchanged in Python."""
    return lambda f: f


def declare(kind: Any = None, value: Any = None, **_: Any) -> Any:
    """A field (in a ``cclass``'s body) or a variable of C type when compiled; here its value: ``0`` for the
    integer types, a list of zeros for an array (``cython.int[90]``), else ``value``."""
    if value is None and isinstance(kind, _CType):
        return 0
    if value is None and isinstance(kind, _CArray):
        return [0] * kind.size
    return value
