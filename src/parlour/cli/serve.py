"""``parlour serve``: run the web server (lobby, tables, bots) on one machine.

Stores the tables in the SQLite file ``parlour.db`` of the user's data folder (:func:`default_db`) unless ``--db``
names another file or database, e.g. ``postgresql://user:password@host/parlour`` (install ``parlour[postgres]``). With ``--redis URL`` (or
``PARLOUR_REDIS``) several such servers share one PostgreSQL database (install ``parlour[postgres,cluster]``; see
docs/deployment.md). With ``--tls-cert`` and ``--tls-key`` it serves HTTPS (and WSS) itself: for a small setup; in
front of a bigger one a reverse proxy with automatic certificates (docs/deployment.md).
"""

from __future__ import annotations

import asyncio
import errno
import os
import socket
import ssl
from pathlib import Path

import click

from parlour.native import engine
from parlour.server.limits import Limits

from .catalog import engine_line


def default_db(environ: dict[str, str] | None = None) -> Path:
    """Where ``parlour serve`` keeps its tables without ``--db``: ``parlour/parlour.db`` in the user's data folder
    (``$XDG_DATA_HOME``, else ``~/.local/share``), whatever folder the server is started from. So a restart from
    another folder finds the same tables, and a source checkout is not left with the database in it.

    >>> str(default_db({"XDG_DATA_HOME": "/data"})), str(default_db({"HOME": "/home/ana"}))
    ('/data/parlour/parlour.db', '/home/ana/.local/share/parlour/parlour.db')
    """
    environ = os.environ if environ is None else environ
    home = Path(environ["HOME"]) if environ.get("HOME") else Path.home()
    data = Path(environ["XDG_DATA_HOME"]) if environ.get("XDG_DATA_HOME") else home / ".local" / "share"
    return data / "parlour" / "parlour.db"


def db_url(value: str) -> str:
    """A database URL with its async driver; a bare file name means a SQLite file.

    >>> db_url("games.db")
    'sqlite+aiosqlite:///games.db'
    >>> db_url("sqlite:///games.db")
    'sqlite+aiosqlite:///games.db'
    >>> db_url("postgresql://localhost/parlour")
    'postgresql+asyncpg://localhost/parlour'
    """
    from parlour.server.storage import async_url

    try:
        return async_url(value if "://" in value else f"sqlite:///{value}")
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="--db") from None


def origin(value: str) -> str:
    """An ``--allowed-origin`` as browsers send it: ``scheme://host[:port]``, nothing after.

    >>> origin("https://games.example/")
    'https://games.example'
    >>> try:
    ...     origin("games.example")
    ... except click.BadParameter as e:
    ...     print(e.message.split(",")[0])
    an origin is scheme://host[:port]
    """
    from urllib.parse import urlsplit

    parts = urlsplit(value.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.path not in ("", "/") or parts.query:
        raise click.BadParameter(f"an origin is scheme://host[:port], e.g. https://games.example; got {value!r}",
                                 param_hint="--allowed-origin")
    return f"{parts.scheme}://{parts.netloc}"


async def reach_redis(url: str) -> None:
    """Refuse, in one sentence, a Redis that does not answer or a missing ``redis`` package."""
    from parlour.server.cluster import Unavailable

    try:
        import redis.asyncio as aioredis
    except ImportError:
        raise Unavailable("--redis needs the redis package: pip install 'parlour[cluster]'") from None
    client = aioredis.from_url(url, socket_connect_timeout=5)
    try:
        await client.ping()
    except Exception as e:
        raise Unavailable(f"cannot reach Redis at {url}: {e}") from None
    finally:
        await client.aclose()


def tls_files(cert: str | None, key: str | None) -> dict[str, str]:
    """uvicorn's TLS settings for ``--tls-cert`` and ``--tls-key`` (none for plain HTTP), once the two files are
    known to load: a missing, unreadable or mismatched file stops ``parlour serve`` with one sentence, before it
    binds its port or touches its database.

    >>> tls_files(None, None)
    {}
    >>> try:
    ...     tls_files("cert.pem", None)
    ... except click.BadParameter as e:
    ...     print(e.message)
    --tls-cert and --tls-key go together: give both (the certificate chain and its private key, PEM files), or neither to serve plain HTTP
    >>> try:
    ...     tls_files("/no/such/cert.pem", "/no/such/key.pem")
    ... except click.BadParameter as e:
    ...     print(e.message)
    cannot read the certificate /no/such/cert.pem: No such file or directory
    """
    if cert is None and key is None:
        return {}
    if cert is None or key is None:
        raise click.BadParameter("--tls-cert and --tls-key go together: give both (the certificate chain and its "
                                 "private key, PEM files), or neither to serve plain HTTP",
                                 param_hint="--tls-key" if cert else "--tls-cert")
    for what, path, hint in (("certificate", cert, "--tls-cert"), ("private key", key, "--tls-key")):
        try:
            with open(path, "rb") as f:
                f.read(1)
        except OSError as e:
            raise click.BadParameter(f"cannot read the {what} {path}: {e.strerror or e}", param_hint=hint) from None
    try:
        # an encrypted key is refused here rather than asked for on the terminal (uvicorn would prompt)
        ssl.create_default_context(ssl.Purpose.CLIENT_AUTH).load_cert_chain(cert, key, password=lambda: b"")
    except ssl.SSLError as e:
        raise click.BadParameter(f"{cert} and {key} are not a certificate and its private key ({e.reason or e}): "
                                 "--tls-cert takes the PEM certificate chain (the server's first), --tls-key the "
                                 "PEM private key it was made for, unencrypted", param_hint="--tls-cert") from None
    return {"ssl_certfile": cert, "ssl_keyfile": key}


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port``, before anything else starts: a busy port stops ``parlour serve`` with one
    line, before it creates a database file or a bot worker.

    >>> s = listen("127.0.0.1", 0)
    >>> s.listen()  # as the server that holds the port does
    >>> try:
    ...     listen("127.0.0.1", s.getsockname()[1])
    ... except click.ClickException as e:
    ...     print(e.message.startswith("port"), "in use" in e.message)
    True True
    >>> s.close()
    """
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                             flags=socket.AI_PASSIVE)[0]
    except socket.gaierror as e:
        raise click.ClickException(f"cannot listen on {host!r}: {e.strerror} (--host takes an address such as "
                                   "127.0.0.1 or 0.0.0.0, or a name of this machine)") from None
    from parlour.server.descriptors import Listener

    sock = Listener(family, kind, proto)  # says once, not per attempt, when the descriptors run out
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does: a restart reuses its port at once
    try:
        sock.bind(address)
    except OSError as e:
        sock.close()
        if e.errno == errno.EADDRINUSE:
            raise click.ClickException(f"port {port} on {host} is in use: another program (another parlour serve?) "
                                       "listens there; stop it, or choose another port with --port") from None
        raise click.ClickException(f"cannot listen on {host} port {port}: {e.strerror}") from None
    return sock


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="address to listen on (0.0.0.0: every interface)")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="TCP port")
@click.option("--db", "db", default=None,
              help="a SQLite file name, or a SQLAlchemy URL (sqlite:///FILE, postgresql://USER@HOST/NAME) "
                   "[default: parlour/parlour.db in $XDG_DATA_HOME, else ~/.local/share]")
@click.option("--bot-workers", type=click.IntRange(1, 64), default=None,
              help="processes that think for bots [default: one per core]")
@click.option("--fixed-seeds", is_flag=True, help="let POST /api/tables choose a table's seed (tests and demos "
              "only: whoever creates a table could pick its deal), and take push subscriptions on this machine "
              "(a test's own push service)")
@click.option("--tables-per-minute", type=click.IntRange(0), default=Limits.tables_per_minute, show_default=True,
              help="tables one client address (IPv6: one /64) may create per minute; 0: no limit")
@click.option("--joins-per-minute", type=click.IntRange(0), default=Limits.joins_per_minute, show_default=True,
              help="seats of listed tables one client address (IPv6: one /64) may take per minute; 0: no limit")
@click.option("--play-per-minute", type=click.IntRange(0), default=Limits.play_per_minute, show_default=True,
              help="play-now requests (POST /api/play) one client address (IPv6: one /64) may make per minute; "
                   "0: no limit")
@click.option("--signups-per-minute", type=click.IntRange(0), default=Limits.signups_per_minute, show_default=True,
              help="account sign-ups and recovery-code sign-ins one client address (IPv6: one /64) may start per "
                   "minute; 0: no limit")
@click.option("--signins-per-minute", type=click.IntRange(0), default=Limits.signins_per_minute, show_default=True,
              help="passkey sign-ins one client address (IPv6: one /64) may start per minute; 0: no limit")
@click.option("--friend-requests-per-minute", type=click.IntRange(0), default=Limits.friend_requests_per_minute,
              show_default=True, help="friend requests one client address (IPv6: one /64) may send per minute; 0: "
                                      "no limit")
@click.option("--max-open-tables", type=click.IntRange(0), default=Limits.open_tables, show_default=True,
              help="unfinished tables held in memory; idle ones leave to make room; 0: no limit")
@click.option("--min-move-clock", type=click.FloatRange(0), default=Limits.min_move_clock, show_default=True,
              help="the shortest move clock a table may ask for, in seconds")
@click.option("--idle-minutes", type=click.FloatRange(0, min_open=True), default=Limits.idle_minutes,
              show_default=True, help="an unfinished table nobody has been connected to for this long leaves memory "
                                      "(its log stays; it comes back when someone connects)")
@click.option("--max-spectators", type=click.IntRange(0), default=Limits.spectators, show_default=True,
              help="spectators per table")
@click.option("--redis", "redis_url", envvar="PARLOUR_REDIS", default=None, metavar="URL",
              help="redis://HOST:6379/0: run as one of several servers on one PostgreSQL database, linked through "
                   "this Redis (env PARLOUR_REDIS)")
@click.option("--allowed-origin", "allowed_origins", multiple=True, metavar="ORIGIN",
              help="an origin besides the server's own (the one its Host header names) whose pages may open table "
                   "sockets, e.g. https://games.example behind a proxy that rewrites Host; repeatable")
@click.option("--api-docs", is_flag=True, help="serve the API's page /docs (Swagger UI, loaded from a public CDN at a "
              "pinned version checked by its hash, on the origin where the lobby keeps seat tokens: for a development "
              "machine; /openapi.json is always served)")
@click.option("--reconnect-grace", type=click.FloatRange(0), default=Limits.reconnect_grace, show_default=True,
              help="seconds added to a move clock when its table comes back after the server was down")
@click.option("--max-connections-per-address", type=click.IntRange(0), default=Limits.connections_per_address,
              show_default=True, help="TCP connections (HTTP and WebSocket) one client address (IPv6: one /64) holds "
                                      "open at once; beyond, a new one is answered 429 and closed; 0: no limit")
@click.option("--max-sockets-per-address", type=click.IntRange(0), default=Limits.sockets_per_address,
              show_default=True, help="WebSockets one client address holds open at once; 0: no limit")
@click.option("--max-sockets-per-seat", type=click.IntRange(0), default=Limits.sockets_per_seat, show_default=True,
              help="WebSockets open at once on one seat token; 0: no limit")
@click.option("--header-timeout", type=click.FloatRange(0), default=Limits.header_timeout, show_default=True,
              help="seconds a request's line and headers may take to arrive; a slower one is answered 408; 0: none")
@click.option("--tls-cert", metavar="FILE", default=None,
              help="serve HTTPS with this certificate chain (PEM; with --tls-key): for a small setup, without a "
                   "reverse proxy in front (docs/deployment.md)")
@click.option("--tls-key", metavar="FILE", default=None, help="the private key of --tls-cert (PEM, unencrypted)")
@click.option("--body-timeout", type=click.FloatRange(0), default=Limits.body_timeout, show_default=True,
              help="seconds a request's body may take to arrive after its headers; 0: none")
@click.option("--smtp", "smtp", envvar="PARLOUR_SMTP", default=None, metavar="URL",
              help="send e-mail notifications through this mail server: smtp://HOST:PORT, smtp+starttls://HOST:PORT "
                   "or smtps://USER:PASSWORD@HOST:PORT (env PARLOUR_SMTP); needs --mail-from and --public-url")
@click.option("--mail-from", default=None, metavar="ADDRESS", help="the address notification mails come from")
@click.option("--public-url", default=None, metavar="URL",
              help="the server's address as people reach it (https://games.example): the base of the links in "
                   "notification mails; without it no mail is sent (pushes open the link on the page's own origin)")
def serve(host: str, port: int, db: str | None, bot_workers: int | None, fixed_seeds: bool, tables_per_minute: int,
          joins_per_minute: int, play_per_minute: int, signups_per_minute: int, signins_per_minute: int,
          friend_requests_per_minute: int, max_open_tables: int, min_move_clock: float, idle_minutes: float,
          max_spectators: int,
          reconnect_grace: float, redis_url: str | None, allowed_origins: tuple[str, ...], api_docs: bool,
          max_connections_per_address: int, max_sockets_per_address: int, max_sockets_per_seat: int,
          header_timeout: float, body_timeout: float, tls_cert: str | None, tls_key: str | None,
          smtp: str | None, mail_from: str | None, public_url: str | None) -> None:
    """Serve the lobby and the tables: friends play in their browsers, bots fill empty seats."""
    import uvicorn

    from parlour.server import create_app
    from parlour.server.cluster import Unavailable
    from parlour.server.connections import protocols
    from parlour.server.descriptors import quiet_accept, raise_open_files
    from parlour.server.notify import NotifyConfig
    from parlour.server.owner import DatabaseInUse, claim
    from parlour.server.ws import MAX_FRAME

    url = db_url(str(default_db()) if db is None else db)
    limits = Limits(tables_per_minute=tables_per_minute, joins_per_minute=joins_per_minute,
                    play_per_minute=play_per_minute,
                    signups_per_minute=signups_per_minute, signins_per_minute=signins_per_minute,
                    friend_requests_per_minute=friend_requests_per_minute,
                    open_tables=max_open_tables, min_move_clock=min_move_clock, idle_minutes=idle_minutes,
                    spectators=max_spectators, reconnect_grace=reconnect_grace,
                    connections_per_address=max_connections_per_address, sockets_per_address=max_sockets_per_address,
                    sockets_per_seat=max_sockets_per_seat, header_timeout=header_timeout, body_timeout=body_timeout)
    try:
        # A test server (--fixed-seeds) takes push endpoints on loopback: a test's own push service.
        notify = NotifyConfig(smtp=smtp, mail_from=mail_from, public_url=public_url, insecure_push=fixed_seeds)
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="--smtp" if smtp else "--public-url") from None
    if redis_url and url.startswith("sqlite"):
        raise click.BadParameter("several servers share a PostgreSQL database, not a SQLite file: give --db "
                                 "postgresql://USER@HOST/NAME, or leave --redis out", param_hint="--redis")
    tls = tls_files(tls_cert, tls_key)
    before, files = raise_open_files()  # every connection holds one; a common soft limit is 1,024
    sock = listen(host, port)  # before the app: a busy port creates no database file and starts no bot worker
    if db is None:
        default_db().parent.mkdir(parents=True, exist_ok=True)
    app = create_app(url, bot_workers=bot_workers or os.cpu_count() or 1, fixed_seeds=fixed_seeds, limits=limits,
                     redis_url=redis_url or None, allowed_origins=tuple(map(origin, allowed_origins)),
                     api_docs=api_docs, notify=notify)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    # Views are a few KiB: compressing them costs more CPU than the loopback or a home line saves.
    # uvicorn's own protocols, with connections counted per address and requests timed (parlour.server.connections)
    kinds = protocols(limits)
    sock.gate = kinds["http"].gate  # connections beyond their address's limit are refused as they are accepted
    sock.gate.total = max(16, files - max(64, files // 10))  # descriptors left for the database and the workers
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", ws_max_size=MAX_FRAME,
                            ws_per_message_deflate=False, **tls, **kinds)
    server = uvicorn.Server(config)
    refused: list[str] = []
    startup = server.startup

    async def start(sockets=None):
        asyncio.get_running_loop().set_exception_handler(quiet_accept)  # the Listener says it, once
        # Claim the database first, to refuse in one sentence (not a traceback) when another server holds it.
        try:
            if redis_url:
                await reach_redis(redis_url)
            app.state.claim = await claim(url, shared=bool(redis_url))
        except (DatabaseInUse, Unavailable) as e:
            refused.append(str(e))
            server.should_exit = True
            return
        await startup(sockets)
        bound = port  # print the URL once the socket listens (and with the real port if 0)
        for s in getattr(server, "servers", []):
            for listening in s.sockets:
                bound = listening.getsockname()[1]
        linked = f"; one of a cluster through {redis_url}" if redis_url else ""
        where = url.partition(":///")[2] if url.startswith("sqlite") else url
        raised = f" (raised from {before:,})" if files > before else ""
        click.echo(engine_line(engine()))
        click.echo(f"open files: up to {files:,}{raised}, at most {max_connections_per_address or files:,} "
                   "connections per client address")
        click.echo(f"parlour serves {'https' if tls else 'http'}://{shown}:{bound}/  (tables kept in {where}{linked}; Ctrl-C stops)", err=False)

    server.startup = start  # type: ignore[method-assign]
    server.run(sockets=[sock])
    if refused:
        raise click.ClickException(refused[0])
