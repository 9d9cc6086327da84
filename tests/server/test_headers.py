"""Security headers on every response, pages with nothing inline for their policy to refuse, and table sockets
opened only from the server's own pages (issue 24.7)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from server_wire import new_table
from starlette.websockets import WebSocketDisconnect

import parlour
from parlour.server import create_app
from parlour.server.headers import CSP, FOREIGN_CODE
from parlour.server.static import NO_SUCH_TABLE, PLACEHOLDER, STATIC, web_folder, family_folder

SRC = Path(parlour.__file__).resolve().parent


def paths(client: TestClient) -> list[str]:
    """One of each kind of thing the server serves: pages, API answers (good and bad), static files, errors."""
    t = new_table(client)
    return ["/", f"/t/{t['table']}", "/t/no-such-table", "/rules/giacomotto", "/rules/giacomotto.json",
            "/locale/sl.json", "/games/giacomotto/table.js", "/games/giacomotto/nope.js", "/static/style.css",
            "/static/lobby.js", "/api/games", f"/api/tables/{t['table']}", "/api/tables/nope", "/openapi.json",
            f"/api/tables/{t['table']}/record", "/docs"]


def test_every_response_carries_the_security_headers(client):
    # Before: no Content-Security-Policy, no frame-ancestors/X-Frame-Options, no nosniff, no Referrer-Policy.
    for path in paths(client):
        r = client.get(path)
        assert r.headers.get("content-security-policy") == CSP, path
        assert r.headers.get("x-frame-options") == "DENY", path
        assert r.headers.get("x-content-type-options") == "nosniff", path
        assert r.headers.get("referrer-policy") == "no-referrer", path
    bad = client.post("/api/tables", json={"game": "chess", "seats": []})
    assert bad.status_code == 422 and bad.headers["content-security-policy"] == CSP


def test_the_policy_runs_nothing_inline_and_lets_no_site_frame_a_page():
    directives = dict(d.strip().split(" ", 1) for d in CSP.split(";"))
    assert directives["frame-ancestors"] == "'none'" and directives["object-src"] == "'none'"
    for name in ("default-src", "script-src", "style-src", "connect-src", "img-src"):
        assert directives[name] == "'self'", name  # no 'unsafe-inline', no 'unsafe-eval', no other host


class Inline(HTMLParser):
    """What in a page a policy without 'unsafe-inline' would refuse: inline scripts and styles, on* handlers,
    javascript: URLs."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self._script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = dict(attrs)
        if tag == "script" and "src" not in names:
            self._script = True
        if tag == "style":
            self.found.append("<style>")
        for name, value in attrs:
            if name.startswith("on") or name == "style":
                self.found.append(f"<{tag} {name}=...>")
            url = (value or "").strip().lower()
            if name in ("href", "src", "action", "formaction") and url.startswith("javascript:"):
                self.found.append(f"<{tag} {name}={value}>")

    def handle_data(self, data: str) -> None:
        if self._script and data.strip():
            self.found.append("inline <script>")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._script = False


def inline_in(html: str) -> list[str]:
    parser = Inline()
    parser.feed(html)
    return parser.found


def test_no_page_the_server_serves_holds_anything_inline(client):
    t = new_table(client)
    pages = {path: client.get(path).text
             for path in ("/", f"/t/{t['table']}", "/rules/giacomotto", "/t/nope", "/account")}
    pages.update({name: (STATIC / name).read_text() for name in ("index.html", "table.html", "rules.html",
                                                                    "account.html")})
    pages.update(placeholder=PLACEHOLDER, no_such_table=NO_SUCH_TABLE)
    assert inline_in('<p onclick="x()" style="a">') == ["<p onclick=...>", "<p style=...>"]  # the check sees them
    assert {name: inline_in(html) for name, html in pages.items() if inline_in(html)} == {}


def scripts() -> list[Path]:
    folders = [STATIC] + [web_folder(g) for g in parlour.games() if web_folder(g)]
    folders += [f for f in (family_folder(p.name) for p in (SRC / "games").iterdir() if p.is_dir()) if f]
    return sorted({js for folder in folders for js in folder.rglob("*.js")})


def test_no_script_evaluates_text_or_writes_a_style_attribute():
    # The policy refuses eval and new Function (no 'unsafe-eval') and style attributes (no 'unsafe-inline'); h()
    # sets `style` through the CSSOM, which the policy allows.
    found = []
    for js in scripts():
        for n, line in enumerate(js.read_text().splitlines(), 1):
            if re.search(r"\bnew Function\b|\beval\(|setAttribute\(\s*['\"](style|on\w+)['\"]|\bjavascript:", line):
                found.append(f"{js.relative_to(SRC)}:{n}: {line.strip()}")
    assert len(scripts()) > 20 and found == []


# --- WebSocket origins --------------------------------------------------------------------------------------------


def test_a_socket_from_another_sites_page_is_refused_with_a_reason(client):
    # Before: any site's page could open a table's socket (with a token it had been handed) or watch it.
    t = new_table(client)
    url = f"/ws/{t['table']}?token={t['seats'][0]['token']}"
    for foreign in ("https://evil.example", "http://testserver.evil.example", "null", "http://testserver:81"):
        with pytest.raises(WebSocketDisconnect) as closed:
            with client.websocket_connect(url, headers={"Origin": foreign}) as ws:
                ws.receive_json()
        assert closed.value.code == FOREIGN_CODE, foreign
        assert "only the server's own pages" in closed.value.reason and "--allowed-origin" in closed.value.reason
    for own in ("http://testserver", "HTTP://TestServer/", None):  # its own pages, and programs (no Origin)
        with client.websocket_connect(url, headers={"Origin": own} if own else {}) as ws:
            assert ws.receive_json()["type"] in ("state", "presence", "hello")


def test_allowed_origins_open_sockets_behind_another_host_name(db_url):
    app = create_app(db_url, bot_workers=1, allowed_origins=("https://games.example",))
    with TestClient(app) as c:
        t = new_table(c)
        with c.websocket_connect(f"/ws/{t['table']}", headers={"Origin": "https://games.example"}) as ws:
            ws.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:
            with c.websocket_connect(f"/ws/{t['table']}", headers={"Origin": "https://other.example"}) as ws:
                ws.receive_json()
        assert closed.value.code == FOREIGN_CODE
