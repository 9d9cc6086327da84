"""The server application: ``create_app(db_url)`` gives the FastAPI app that ``parlour serve`` runs.

>>> app = create_app("sqlite+aiosqlite:///:memory:", bot_workers=1)
>>> paths = app.openapi()["paths"]
>>> "/api/games" in paths and "/api/tables/{table_id}/join" in paths
True
"""

from __future__ import annotations

import gc
import logging
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from . import accounts_api, api, notify_api, owner, people, playnow_api, social_api, static, ws
from .body import MAX_BODY, MAX_BODY_FIXED, BodyLimit
from . import api_docs as api_docs_page
from .bots import BotPool
from .cluster import Unavailable
from .headers import SecurityHeaders
from .limits import Limits
from .lobby import Lobby
from .notify import Notifier, NotifyConfig
from .playnow import MemoryQueue, PlayNow
from .report import unexpected
from .storage import Store

log = logging.getLogger("parlour.server")

#: The collector's thresholds while serving. Python's (700, 10, 10) collect the youngest objects every 700 net
#: allocations: a busy server then promotes the messages and coroutines that happen to be in flight, and that
#: promotion is what triggers full collections — every 2–3 s at 500 tables, each a pause of 15–300 ms that every
#: player feels. Young collections every 50,000 allocations let those objects die young; full ones become rare.
GC_THRESHOLDS = (50_000, 20, 100)


def create_app(db_url: str = "sqlite+aiosqlite:///parlour.db", bot_workers: int | None = None,
               static_dir: Path | None = None, fixed_seeds: bool = False, limits: Limits = Limits(),
               redis_url: str | None = None, allowed_origins: tuple[str, ...] = (),
               api_docs: bool = False, notify: NotifyConfig = NotifyConfig()) -> FastAPI:
    """The app, storing in ``db_url``; ``bot_workers`` processes think for the bots (default: one per core).

    ``fixed_seeds`` lets a new table's creator choose its seed (tests and demos; never on a public server).
    ``limits`` bounds what clients may do (see :class:`~.limits.Limits`). At startup the app claims its database
    (:mod:`.owner`), unless ``app.state.claim`` already holds it, as ``parlour serve`` does to refuse cleanly.
    ``redis_url``: this server is one of several on one PostgreSQL database, linked through that Redis
    (:mod:`.cluster`). Every response carries the security headers of :mod:`.headers`; a WebSocket opened from a
    page of another origin than the server's own or ``allowed_origins`` is refused. ``notify``: how it sends
    notifications (:mod:`.notify`: pushes always, e-mail with ``--smtp``). ``api_docs`` serves ``/docs`` (Swagger UI
    from a public CDN, pinned and checked by its hash: off by default; see :mod:`.api_docs`).
    """

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        claim = getattr(app.state, "claim", None) or await owner.claim(db_url, shared=redis_url is not None)
        try:
            store = await Store.open(db_url)
            bots = BotPool(bot_workers)
            bots.warm()
            app.state.lobby = lobby = Lobby(store, bots, limits)
            lobby.notifier = Notifier(store, notify)
            await lobby.notifier.start()  # the VAPID key, made at the first start
            await lobby.start()
            if redis_url is not None:
                from .cluster import Cluster
                lobby.cluster = Cluster(redis_url)
                await lobby.cluster.start(lobby)
                from .playnow_redis import RedisQueue
                app.state.playnow = PlayNow(lobby, RedisQueue(lobby.cluster.redis))
            else:
                app.state.playnow = PlayNow(lobby, MemoryQueue())
            app.state.playnow.start()
            # What start-up built (modules, games, the pool) lives as long as the server: frozen, the collector never
            # walks it again, so its full collections (the pauses players would feel) cover only the tables' objects.
            gc.collect()
            gc.freeze()
            thresholds = gc.get_threshold()
            gc.set_threshold(*GC_THRESHOLDS)
            try:
                yield
            finally:
                gc.set_threshold(*thresholds)
                gc.unfreeze()
                await app.state.playnow.close()
                await lobby.close()
                lobby.notifier.stop()
                if lobby.cluster is not None:
                    await lobby.cluster.close()
                bots.close()
                await store.close()
        finally:
            app.state.claim = None
            await claim.release()

    app = FastAPI(title="parlour", version="0.1.0", lifespan=lifespan, docs_url=None, redoc_url=None,
                  description="Traditional card and board games for friends at a distance. The lobby is this "
                              "HTTP API; each table speaks WebSocket at /ws/{table}?token=... (see docs/protocol.md).")

    @app.exception_handler(Unavailable)
    async def unavailable(_request: Request, exc: Unavailable) -> JSONResponse:
        # One of several servers, cut off from Redis for a moment: nothing was done, and trying again will do.
        return JSONResponse({"detail": str(exc)}, status_code=503, headers={"Retry-After": "2"})

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        # One readable sentence, like every other error, rather than pydantic's list.
        parts = []
        for err in exc.errors():
            where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
            msg = str(err.get("msg")).removeprefix("Value error, ")
            given = err.get("input")
            if err.get("type", "").endswith(("_type", "_parsing")) and isinstance(given, (str, int, float, bool)):
                msg += f", got {given!r}"[:80]  # what was sent, so that "2" for 2 shows: JSON types are strict
            parts.append(f"{where}: {msg}" if where else msg)
        return JSONResponse({"detail": "; ".join(parts)}, status_code=422)

    app.add_middleware(BodyLimit, limit=MAX_BODY_FIXED if fixed_seeds else MAX_BODY)  # inside Contained
    app.add_middleware(Contained)
    # Outside Contained (added last, so it runs first): a 500 it answers carries the headers too.
    app.add_middleware(SecurityHeaders, allowed_origins=allowed_origins, api_docs=api_docs)
    app.state.fixed_seeds = fixed_seeds
    app.include_router(api.router)
    app.include_router(people.router)
    app.include_router(accounts_api.router)
    app.include_router(social_api.router)
    app.include_router(notify_api.router)
    app.include_router(playnow_api.router)
    if api_docs:
        api_docs_page.mount(app)
    app.include_router(ws.router)
    static.mount(app, static_dir or static.STATIC)
    return app


class Contained:
    """ASGI middleware: an exception that no handler caught is reported once per kind (see :mod:`.report`) and
    answered with a ``500 {"detail": ...}`` (or a WebSocket close, 1011), instead of a traceback per request."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        started = False

        async def sending(message: dict[str, Any]) -> None:
            nonlocal started
            started = started or message["type"] in ("http.response.start", "websocket.accept", "websocket.close")
            await send(message)

        try:
            await self.app(scope, receive, sending)
        except Exception as e:
            kind = "an HTTP request" if scope["type"] == "http" else "a WebSocket"
            unexpected.report(kind, e, f"{scope.get('method', 'WS')} {scope.get('path', '')[:200]}")
            try:
                if scope["type"] == "http" and not started:
                    await JSONResponse({"detail": "the server failed on this request; nothing changed, try again"},
                                       status_code=500)(scope, receive, send)
                elif scope["type"] == "websocket":
                    await send({"type": "websocket.close", "code": 1011})
            except Exception:  # the peer is gone
                pass
