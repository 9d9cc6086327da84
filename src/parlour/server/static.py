"""The static browser client: ``/`` is the lobby, ``/t/{table}`` a table, ``/static/...`` the files.

The files live in ``parlour/web/static``. While a page is missing, a small placeholder is served instead.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

STATIC = Path(__file__).resolve().parent.parent / "web" / "static"

PLACEHOLDER = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>parlour</title></head>
<body><h1>parlour</h1><p>The browser client is not installed here. The lobby API is at
<a href="/docs">/docs</a>; tables speak WebSocket at <code>/ws/{table}</code>.</p></body></html>
"""


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
    """Serve the client from ``folder`` (which may not exist yet)."""
    router = APIRouter(include_in_schema=False)

    @router.get("/")
    async def lobby_page() -> Response:
        return _page(folder, "index.html")

    @router.get("/t/{table_id}")
    async def table_page(table_id: str) -> Response:
        return _page(folder, "table.html")

    app.include_router(router)
    # The folder may appear after the server starts (the client is developed beside it).
    app.mount("/static", _Folder(directory=folder, check_dir=False), name="static")
