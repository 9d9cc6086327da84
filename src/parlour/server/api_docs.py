"""``/docs``, the API's Swagger UI page, served only by ``parlour serve --api-docs``.

The page's two assets come from a public CDN, at one pinned version and each with its Subresource Integrity hash
(the browser refuses a file that differs by a byte), and its start is a file of this package
(``static/api-docs.js``), not an inline script: the page runs under :data:`~.headers.DOCS_CSP`, which allows that CDN
and nothing inline but styles (Swagger UI writes style attributes). parlour ships no copy of Swagger UI (no
installed package carries one), so the page is off by default, on the origin where the lobby keeps seat tokens.
The schema itself, ``/openapi.json``, is always served.
"""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.responses import HTMLResponse

#: swagger-ui-dist, pinned (5.x reads the OpenAPI 3.1 that FastAPI writes), and the SHA-384 of each of its files.
VERSION = "5.17.14"
CDN = f"https://cdn.jsdelivr.net/npm/swagger-ui-dist@{VERSION}"
SCRIPT = (f"{CDN}/swagger-ui-bundle.js", "sha384-wmyclcVGX/WhUkdkATwhaK1X1JtiNrr2EoYJ+diV3vj4v6OC5yCeSu+yW13SYJep")
STYLE = (f"{CDN}/swagger-ui.css", "sha384-wxLW6kwyHktdDGr6Pv1zgm/VGJh99lfUbzSn6HNHBENZlCN7W602k9VkGdxuFvPn")

PAGE = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>parlour API</title>
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="{STYLE[0]}" integrity="{STYLE[1]}" crossorigin="anonymous">
</head><body><div id="swagger-ui"></div>
<script src="{SCRIPT[0]}" integrity="{SCRIPT[1]}" crossorigin="anonymous"></script>
<script src="/static/api-docs.js"></script>
</body></html>
"""


def mount(app: FastAPI) -> None:
    """Serve ``/docs`` from ``app``."""

    @app.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        return HTMLResponse(PAGE)
