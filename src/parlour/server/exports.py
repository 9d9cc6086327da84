"""Finished matches' records as files (parlour's JSON, or a format the game writes: Go's SGF), written in a thread
and kept for the tables asked for last.

Writing a record can take a while (SGF replays the whole match, start position and all): done on the event loop,
one request for it held every other table for as long. A finished match never changes, so each file is written
once and then served as it is; requests that arrive while it is being written wait for that same writing.

>>> import asyncio
>>> exports, made = Exports(keep=2), []
>>> async def write():
...     made.append("t1")
...     return await asyncio.to_thread(str.encode, "t1")
>>> async def ask():
...     return [await exports.get(("t1", "sgf"), write), await exports.get(("t1", "sgf"), write)]
>>> asyncio.run(ask()), made
([b't1', b't1'], ['t1'])
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Awaitable, Callable, Hashable

#: Files kept (the last asked for); each is one finished match's record, a few kilobytes to a few hundred.
KEEP = 64


class Exports:
    """The files of the finished matches asked for last, by key (table id and format)."""

    def __init__(self, keep: int = KEEP) -> None:
        self.keep = keep
        self._files: OrderedDict[Hashable, asyncio.Future[bytes]] = OrderedDict()

    async def get(self, key: Hashable, write: Callable[[], Awaitable[bytes]]) -> bytes:
        """The file under ``key``, made by ``write()`` the first time it is asked for (which writes it in a
        thread: see :func:`written`).

        A writing that fails is not kept: its error goes to everyone who waited for it, and the next request tries
        again."""
        found = self._files.get(key)
        if found is None:
            found = asyncio.ensure_future(write())
            self._files[key] = found
            while len(self._files) > self.keep:
                self._files.popitem(last=False)
        self._files.move_to_end(key)
        try:
            return await asyncio.shield(found)  # one request that gives up does not stop the others' writing
        except BaseException:
            if found.done() and (found.cancelled() or found.exception() is not None) and \
                    self._files.get(key) is found:
                del self._files[key]
            raise


async def written(write: Callable[..., str | bytes], *args: object) -> bytes:
    """``write(*args)`` in a thread, as bytes (UTF-8)."""
    out = await asyncio.to_thread(write, *args)
    return out.encode() if isinstance(out, str) else out
