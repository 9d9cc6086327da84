"""The static browser client: ``/`` is the lobby, ``/t/{table}`` a table, ``/me/{secret}`` a personal link's tables
(:mod:`.people`), ``/account`` the optional account (:mod:`.accounts_api`), ``/static/...`` the client and its
table kit, ``/games/{id}/...`` each game's own table (the ``web/`` folder of the game's package), ``/sw.js`` the
service worker that shows Web Push notifications (at the root: a worker's scope is at most the folder it is served
from, and its notifications open tables at ``/t/...``).

The files live in ``parlour/web/static``. While a page is missing, a small placeholder is served instead.
A game's ``web/`` folder serves only its scripts, styles and pictures (:data:`MEDIA_TYPES`); anything else, or
a path that leaves the folder, is a 404.

A family of games shares its table modules from a package under ``parlour/games/`` that is not a game itself
(no ``GAME``): ``games/memory/web/`` is served at ``/games/memory/...`` the same way, for the tables of Kaboo,
Țestoasa and the golf games to import.
"""

from __future__ import annotations

import importlib
from functools import cache
from pathlib import Path
from typing import Any

from html import escape

from fastapi import APIRouter, FastAPI, HTTPException, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from parlour.core.errors import UnknownGame
from parlour.core.i18n import game_domains, locale_folder, merged, normalize, rules_name
from parlour.core.registry import game_class

STATIC = Path(__file__).resolve().parent.parent / "web" / "static"

#: What a game's web folder may serve, by file suffix.
MEDIA_TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webp": "image/webp",
    ".json": "application/json",
}

PLACEHOLDER = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>parlour</title></head>
<body><h1>parlour</h1><p>The browser client is not installed here. The lobby API is described at
<a href="/openapi.json">/openapi.json</a>; tables speak WebSocket at <code>/ws/{table}</code>.</p></body></html>
"""


NO_SUCH_TABLE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>No such table — parlour</title><link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/static/style.css"></head>
<body><main class="panel no-such-table"><h1>No such table</h1>
<p>There is no table <code>{table}</code> on this server: the link may be mistyped, or cut short when it was sent.</p>
<p><a class="button primary" href="/">Go to the lobby</a> to start a table or find yours.</p></main></body></html>
"""


NO_SUCH_LINK = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>No such personal link — parlour</title><link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/static/style.css"></head>
<body><main class="panel no-such-table"><h1>No such personal link</h1>
<p>There is no personal link <code>{secret}</code> on this server: the link may be mistyped, or cut short when it was
sent.</p><p><a class="button primary" href="/">Go to the lobby</a> to find the tables this browser remembers.</p></main>
</body></html>
"""


@cache
def web_folder(game_id: str) -> Path | None:
    """The ``web/`` folder of a game's package, or None when the game has no table of its own (or no such game).

    >>> web_folder("giacomotto").name, web_folder("no-such-game")
    ('web', None)
    """
    try:
        cls = game_class(game_id)
    except UnknownGame:
        return None
    package = importlib.import_module(cls.__module__.rsplit(".", 1)[0])
    folder = Path(package.__file__ or "").resolve().parent / "web"
    return folder if (folder / "table.js").is_file() else None


@cache
def family_folder(name: str) -> Path | None:
    """The ``web/`` folder of a family package under ``parlour.games`` (one that is not a game: no ``GAME`` or
    ``GAMES``), whose modules its games' tables import; None for anything else.

    >>> family_folder("memory").parent.name, family_folder("kaboo"), family_folder("..")
    ('memory', None, None)
    """
    if not name.isidentifier() or name.startswith("_"):
        return None
    try:
        package = importlib.import_module(f"parlour.games.{name}")
    except ImportError:
        return None
    if hasattr(package, "GAME") or hasattr(package, "GAMES") or package.__file__ is None:
        return None
    folder = Path(package.__file__).resolve().parent / "web"
    return folder if folder.is_dir() else None


def has_table(game_id: str) -> bool:
    """Whether a game brings its own browser table (``web/table.js`` in its folder)."""
    return web_folder(game_id) is not None


def game_file(game_id: str, path: str) -> Path:
    """The file ``path`` of a game's web folder; HTTPException 404 for anything that is not one of its files."""
    folder = web_folder(game_id) or family_folder(game_id)
    if folder is None:
        raise HTTPException(404, f"game {game_id!r} has no table of its own")
    parts = Path(path).parts
    if not parts or any(p in ("..", ".") or p.startswith(".") for p in parts):
        raise HTTPException(404, f"no file {path!r} in the table of {game_id!r}")
    file = (folder / path).resolve()
    if not file.is_relative_to(folder) or not file.is_file() or file.suffix not in MEDIA_TYPES:
        raise HTTPException(404, f"no file {path!r} in the table of {game_id!r}")
    return file


def words_of(game_id: str) -> list[str]:
    """The catalogues of a game (its own, then its family's) or of a family package; 404 for anything else.

    >>> words_of("tarok")
    ['parlour.games.tarok']
    """
    try:
        return game_domains(game_class(game_id))
    except UnknownGame:
        pass
    if game_id.isidentifier() and not game_id.startswith("_"):  # a family package: games/memory/locale/
        try:
            if locale_folder(f"parlour.games.{game_id}").is_dir():
                return [f"parlour.games.{game_id}"]
        except ImportError:
            pass
    raise HTTPException(404, f"no game {game_id!r}")


def rules_page(game_id: str, lang: str) -> dict[str, Any]:
    """A game's rules for players as HTML, in ``lang`` where translated (else English: ``lang`` says which).

    >>> page = rules_page("giacomotto", "sl")
    >>> page["lang"], page["html"].startswith("<h1>Giacomotto")
    ('sl', True)
    >>> rules_page("giacomotto", "xx")["lang"]
    'en'
    """
    try:
        cls = game_class(game_id)
    except UnknownGame as e:
        raise HTTPException(404, str(e)) from None
    asked = normalize(lang) or "en"
    served = asked if rules_name(asked) in cls.rules_files() else "en"
    try:
        text = cls(None).rules(served)
    except OSError:
        raise HTTPException(404, f"{game_id} has no rules page") from None
    return {"game": cls.id, "lang": served, "asked": asked, "html": _markdown().render(text)}


@cache
def _markdown() -> Any:
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False}).enable("table")


def _words(domains: list[str], lang: str) -> Response:
    """A compiled catalogue for the browser (merged over the domains); 404 for a language we do not have."""
    try:
        body = merged(domains, lang)
    except ValueError as e:
        raise HTTPException(404, str(e)) from None
    return JSONResponse(body, headers={"Cache-Control": "no-cache"})


def _page(folder: Path, name: str) -> Response:
    path = folder / name
    if path.is_file():
        return FileResponse(path, media_type="text/html")
    return HTMLResponse(PLACEHOLDER)


class _Folder(StaticFiles):
    """StaticFiles that answers 404 while its folder does not exist, instead of failing every request."""

    async def check_config(self) -> None:
        if self.directory is not None and Path(self.directory).is_dir():
            await super().check_config()


def mount(app: FastAPI, folder: Path = STATIC) -> None:
    """Serve the client from ``folder`` (which may not exist yet) and each game's table from its package."""
    router = APIRouter(include_in_schema=False)

    @router.get("/")
    async def lobby_page() -> Response:
        return _page(folder, "index.html")

    @router.get("/t/{table_id}")
    async def table_page(table_id: str, request: Request) -> Response:
        lobby = getattr(request.app.state, "lobby", None)
        if lobby is not None and (len(table_id) > 100 or await lobby.summary(table_id) is None):
            return HTMLResponse(NO_SUCH_TABLE.format(table=escape(table_id)), status_code=404)
        return _page(folder, "table.html")

    @router.get("/me/{secret}")
    async def personal_page(secret: str, request: Request) -> Response:
        from .people import People  # (people imports the API, which imports this module)

        lobby = getattr(request.app.state, "lobby", None)
        if lobby is not None and not await People(lobby.store).exists(secret):
            return HTMLResponse(NO_SUCH_LINK.format(secret=escape(secret[:100])), status_code=404)
        return _page(folder, "me.html")

    @router.get("/account")
    async def account_page() -> Response:
        return _page(folder, "account.html")

    @router.get("/u/{name}")
    async def profile_page(name: str) -> Response:
        # The page asks GET /api/profiles/{name} and says so if no account has the name.
        return _page(folder, "profile.html")

    @router.get("/sw.js")
    async def service_worker() -> Response:
        # At the site's root, so that its scope is every page (a notification opens a table: /t/...).
        if not (folder / "sw.js").is_file():
            raise HTTPException(404, "this server's client has no service worker")
        return FileResponse(folder / "sw.js", media_type=MEDIA_TYPES[".js"],
                            headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"})

    @router.get("/rules/{game_id}.json")
    async def rules_text(game_id: str, lang: str = "en") -> Response:
        return JSONResponse(rules_page(game_id, lang), headers={"Cache-Control": "no-cache"})

    @router.get("/rules/{game_id}")
    async def rules_shell(game_id: str) -> Response:
        return _page(folder, "rules.html")

    @router.get("/locale/{lang}.json")
    async def core_words(lang: str) -> Response:
        return _words(["parlour"], lang)

    @router.get("/games/{game_id}/locale/{lang}.json")
    async def game_words(game_id: str, lang: str) -> Response:
        return _words(words_of(game_id), lang)

    @router.get("/games/{game_id}/{path:path}")
    async def game_web(game_id: str, path: str) -> Response:
        file = game_file(game_id, path)
        return FileResponse(file, media_type=MEDIA_TYPES[file.suffix], headers={"Cache-Control": "no-cache"})

    app.include_router(router)
    # The folder may appear after the server starts (the client is developed beside it).
    app.mount("/static", _Folder(directory=folder, check_dir=False), name="static")
