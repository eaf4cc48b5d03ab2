"""``bridgedesk serve``: the web app for table terminals and live results (uvicorn).

The store is opened (created or upgraded) before the server starts, so a bad
``--db`` is reported at once.  With ``--workers N`` uvicorn runs N processes,
each opening the store named by ``BRIDGEDESK_DB``; on PostgreSQL they share
the writes, on SQLite the writes take turns (several workers then help reads).
"""

from __future__ import annotations

import os
from typing import Annotated

import typer

from bridgedesk.cli._store import DbOption

#: Seconds an idle connection stays open: terminals ask again every few seconds.
KEEP_ALIVE = 30


def command(
    host: Annotated[
        str, typer.Option("--host", help="Address to listen on (0.0.0.0 for the whole LAN).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="Port.")] = 8000,
    workers: Annotated[int, typer.Option("--workers", min=1, help="Server processes.")] = 1,
    db: DbOption = None,
) -> None:
    """Serve the table terminals (/t/), the live results (/e/) and the JSON API (/api/).

    Example: bridgedesk serve --db club.sqlite3 --host 0.0.0.0 --port 8000
    """
    import uvicorn

    from bridgedesk.store.db import ENV_VAR, database_url
    from bridgedesk.store.service import Store

    url = database_url(db)
    Store.open(url).close()  # create or upgrade the schema once, before the workers start
    os.environ[ENV_VAR] = url
    shown = "localhost" if host in ("127.0.0.1", "::1") else host
    base = f"http://{shown}:{port}"
    typer.echo(f"bridgedesk serving {url.split('://', 1)[0]} database at {base}")
    typer.echo(f"  live results:    {base}/e/")
    typer.echo(f"  table terminals: {base}/t/  (codes: bridgedesk event tables EVENT)")
    typer.echo("  stop with Ctrl-C")
    uvicorn.run(
        "bridgedesk.web.app:app_from_environment",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level="warning",
        timeout_keep_alive=KEEP_ALIVE,
    )
