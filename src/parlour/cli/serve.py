"""``parlour serve``: run the web server (lobby, tables, bots) on one machine.

Stores in ``./parlour.db`` (SQLite) unless ``--db`` names another database, e.g.
``postgresql://user:password@host/parlour`` (install ``parlour[postgres]``).
"""

from __future__ import annotations

import os

import click


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


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="address to listen on (0.0.0.0: every interface)")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="TCP port")
@click.option("--db", "db", default="parlour.db", show_default=True,
              help="a SQLite file name, or a SQLAlchemy URL (sqlite:///FILE, postgresql://USER@HOST/NAME)")
@click.option("--bot-workers", type=click.IntRange(1, 64), default=None,
              help="processes that think for bots [default: one per core]")
@click.option("--fixed-seeds", is_flag=True, help="let POST /api/tables choose a table's seed (tests and demos "
              "only: whoever creates a table could pick its deal)")
def serve(host: str, port: int, db: str, bot_workers: int | None, fixed_seeds: bool) -> None:
    """Serve the lobby and the tables: friends play in their browsers, bots fill empty seats."""
    import uvicorn

    from parlour.server import create_app

    app = create_app(db_url(db), bot_workers=bot_workers or os.cpu_count() or 1, fixed_seeds=fixed_seeds)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    # Views are a few KiB: compressing them costs more CPU than the loopback or a home line saves.
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", ws_max_size=65536,
                            ws_per_message_deflate=False)
    server = uvicorn.Server(config)

    startup = server.startup

    async def announce(sockets=None):  # print the URL once the socket listens (and with the real port if 0)
        await startup(sockets)
        bound = port
        for s in getattr(server, "servers", []):
            for sock in s.sockets:
                bound = sock.getsockname()[1]
        click.echo(f"parlour serves http://{shown}:{bound}/  (database: {db_url(db)}; Ctrl-C stops)", err=False)

    server.startup = announce  # type: ignore[method-assign]
    server.run()
