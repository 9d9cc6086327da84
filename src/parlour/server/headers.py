"""What every response tells the browser about the page it carries, and which pages may open a table's socket.

Every HTTP response carries :data:`HEADERS`: a Content-Security-Policy that runs only the server's own scripts and
styles (no inline script, no ``eval``, no style attribute), lets no other site frame a page (``frame-ancestors
'none'``, and ``X-Frame-Options: DENY`` for older browsers), stops content sniffing, and sends no ``Referer``: a
table page's URL holds its seat token, and a link followed from it must not hand the token to another site.

``/docs`` (Swagger UI, :mod:`.api_docs`) loads its files from a public CDN, on the origin where the lobby keeps seat
tokens: it is off unless ``parlour serve --api-docs`` asks for it, and then that path alone gets the looser
:data:`DOCS_CSP`. The schema itself, ``/openapi.json``, is always served.

A WebSocket whose ``Origin`` header names another site is refused (accepted, then closed at once with 4403 and a
reason: nothing is read or sent); one without ``Origin`` (a program, not a browser) is let through. The server's own
origin is the one its ``Host`` header names; ``parlour serve --allowed-origin`` adds others (a deployment behind a
proxy that rewrites ``Host``).

>>> same_origin("http://localhost:8000", "localhost:8000"), same_origin("https://evil.example", "localhost:8000")
(True, False)
"""

from __future__ import annotations

from typing import Any, Iterable
from urllib.parse import urlsplit

#: The pages' policy: everything from this origin only; nothing inline, nothing evaluated, never framed.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; font-src 'self'; "
       "connect-src 'self'; media-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
       "frame-ancestors 'none'")
#: What ``/docs`` needs (``--api-docs`` only, :mod:`.api_docs`): Swagger UI's two files from its CDN (pinned, with
#: their integrity hashes), its start from this server, and the style attributes and data: icons it writes.
DOCS_CSP = ("default-src 'self'; script-src 'self' https://cdn.jsdelivr.net; "
            "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; img-src 'self' data:; connect-src 'self'; "
            "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
DOCS_PATHS = ("/docs",)

HEADERS: list[tuple[bytes, bytes]] = [
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]

#: The close code and reason for a socket opened from another site's page (a reason holds at most 123 bytes).
FOREIGN_CODE = 4403
FOREIGN_REASON = ("this page's origin may not open parlour's sockets: only the server's own pages may "
                  "(see parlour serve --allowed-origin)")


def normal_origin(origin: str) -> str:
    """An origin as compared: lower case, without a trailing slash or a default port.

    >>> normal_origin("HTTPS://Parlour.Example:443/"), normal_origin("http://localhost:8000")
    ('https://parlour.example', 'http://localhost:8000')
    """
    origin = origin.strip().rstrip("/").lower()
    for scheme, port in (("https://", ":443"), ("http://", ":80")):
        if origin.startswith(scheme) and origin.endswith(port):
            return origin[: -len(port)]
    return origin


def same_origin(origin: str, host: str | None) -> bool:
    """Whether ``origin`` (a browser's ``Origin`` header) names the server that ``host`` (its ``Host``) names."""
    if not host:
        return False
    try:
        parts = urlsplit(normal_origin(origin))
    except ValueError:
        return False
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return False
    default = ":443" if parts.scheme == "https" else ":80"
    wanted = host.strip().lower()
    return parts.netloc in (wanted, wanted.removesuffix(default))


class SecurityHeaders:
    """ASGI middleware: :data:`HEADERS` and a CSP on every HTTP response; foreign WebSocket origins refused.

    ``allowed_origins``: origins besides the server's own (``https://games.example``) whose pages may open sockets.
    ``api_docs``: ``/docs`` is served, and gets :data:`DOCS_CSP`.
    """

    def __init__(self, app: Any, allowed_origins: Iterable[str] = (), api_docs: bool = False) -> None:
        self.app, self.api_docs = app, api_docs
        self.allowed = {normal_origin(o) for o in allowed_origins}

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "websocket":
            origin = _header(scope, b"origin")
            if origin is not None and not self.origin_allowed(origin, _header(scope, b"host")):
                await _refuse(receive, send)
                return
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        docs = self.api_docs and scope.get("path") in DOCS_PATHS
        policy = (DOCS_CSP if docs else CSP).encode()

        async def sending(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {k.lower() for k, _ in headers}
                headers += [(k, v) for k, v in HEADERS if k not in present]
                if b"content-security-policy" not in present:
                    headers.append((b"content-security-policy", policy))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, sending)

    def origin_allowed(self, origin: str, host: str | None) -> bool:
        return same_origin(origin, host) or normal_origin(origin) in self.allowed


def _header(scope: dict[str, Any], name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return value.decode("latin-1")
    return None


async def _refuse(receive: Any, send: Any) -> None:
    """Accept the handshake only to close it with a reason the page's script can read (a refused handshake is a
    bare 403 that a browser does not show to it)."""
    message = await receive()
    if message["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.close", "code": FOREIGN_CODE, "reason": FOREIGN_REASON})
