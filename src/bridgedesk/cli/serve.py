"""``bridgedesk serve``: the web app for table terminals and live results (uvicorn).

The store is opened (created or upgraded) before the server starts, so a bad
``--db`` is reported at once.  With ``--workers N`` uvicorn runs N processes,
each opening the store named by ``BRIDGEDESK_DB``; on PostgreSQL they share
the writes, on SQLite the writes take turns (several workers then help reads).
"""

from __future__ import annotations

import ipaddress
import os
import re
import socket
from typing import Annotated

import typer
from sqlalchemy.engine import make_url

from bridgedesk.cli._options import DbOption
from bridgedesk.errors import BridgedeskError, Location
from bridgedesk.limits import WORKERS
from bridgedesk.services import lan
from bridgedesk.services.live_updates import DEFAULT_UPDATE_SECONDS, MAX_UPDATE_SECONDS, UPDATE_ENV
from bridgedesk.store.db import ENV_VAR, database_url
from bridgedesk.store.service import Store

#: A host name by RFC 1123 (letters, digits, hyphens; labels of 1-63), the last
#: label not all digits (RFC 3696 section 2), so "999" is never looked up by DNS.
_HOSTNAME = re.compile(r"(?=.{1,253}\Z)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*"
                       r"[A-Za-z]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.?\Z")  # fmt: skip

#: Seconds an idle connection stays open: terminals ask again every few seconds.
KEEP_ALIVE = 30


def check_host(host: str) -> str:
    """``host`` if it is an IP address or a host name, else a one-line refusal."""
    try:
        ipaddress.ip_address(host)
    except ValueError:
        if not host.isascii() or _HOSTNAME.match(host) is None:
            raise BridgedeskError(
                "--host {host!r} is not an IP address or a host name (e.g. 127.0.0.1, "
                "0.0.0.0 for the whole LAN, or ::)",
                Location(input="--host"),
                code="serve.bad-host",
                host=host[:40],
            ) from None
    return host


def check_free(host: str, port: int) -> None:
    """Refuse in one line when the address cannot be listened on (taken, not
    this machine's, a privileged port) before the server starts."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except OSError as exc:
        raise BridgedeskError(
            "--host {host!r}: {reason}",
            Location(input="--host"),
            code="serve.host",
            host=host,
            reason=exc.strerror or exc,
        ) from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as exc:
            raise BridgedeskError(
                "cannot listen on {host} port {port}: {reason} (another server there? "
                "choose another --port)",
                code="serve.cannot-listen",
                host=host,
                port=port,
                reason=exc.strerror or exc,
            ) from None


def command(
    host: Annotated[
        str, typer.Option("--host", help="Address to listen on (0.0.0.0 for the whole LAN).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="Port.")] = 8000,
    workers: Annotated[
        int, typer.Option("--workers", min=1, max=WORKERS, help="Server processes.")
    ] = 1,
    proxy: Annotated[
        str | None,
        typer.Option(
            "--proxy",
            help="The address of a reverse proxy in front of the server: only its "
            "X-Forwarded-For is believed (none is, without it).",
        ),
    ] = None,
    update_seconds: Annotated[
        float,
        typer.Option(
            "--update-seconds",
            min=0.0,
            max=MAX_UPDATE_SECONDS,
            help="Tell the live pages of a change at most this often, in seconds (0: at "
            "every change; more spares a small server's CPU when many watch).",
        ),
    ] = DEFAULT_UPDATE_SECONDS,
    db: DbOption = None,
) -> None:
    """Serve the table terminals (/t/), live results (/e/), the console (/d/) and the API (/api/).

    Example: bridgedesk serve --db club.sqlite3 --host 0.0.0.0 --port 8000
    """
    import uvicorn

    check_host(host)
    if proxy is not None:
        check_address(proxy)
    url = database_url(db)
    Store.open(url).close()  # create or upgrade the schema once, before the workers start
    check_free(host, port)
    os.environ[ENV_VAR] = url
    os.environ[UPDATE_ENV] = repr(update_seconds)
    for line in banner(url, host, port):
        typer.echo(line)
    uvicorn.run(
        "bridgedesk.web.app:app_from_environment",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level="warning",
        timeout_keep_alive=KEEP_ALIVE,
        # a client's address is the socket's: a table's wrong codes are counted by it,
        # and a header anyone can send must not reset the count (--proxy to trust one)
        proxy_headers=proxy is not None,
        forwarded_allow_ips=proxy,
    )


def check_address(proxy: str) -> str:
    """``--proxy``: an IP address, else a one-line refusal."""
    try:
        ipaddress.ip_address(proxy)
    except ValueError:
        raise BridgedeskError(
            "--proxy {proxy!r} is not an IP address",
            Location(input="--proxy"),
            code="serve.proxy-not-ip",
            proxy=proxy[:40],
        ) from None
    return proxy


def banner(url: str, host: str, port: int, addresses: list[str] | None = None) -> list[str]:
    """What ``serve`` prints: the database, where the pages are, and every address on
    the club's network the phones can use (none when it listens on this computer only)."""
    database = make_url(url).render_as_string(hide_password=True)
    if database.startswith("sqlite"):
        database = make_url(url).database or database
    if host in ("0.0.0.0", "::"):
        seen = lan.lan_addresses() if addresses is None else addresses
    elif lan.is_loopback(host):
        seen = []
    else:
        seen = [host]
    shown = "localhost" if lan.is_loopback(host) else (seen[0] if seen else host)
    base = f"http://{shown}:{port}"
    lines = [
        f"bridgedesk serving {database}",
        f"  live results:      {base}/e/",
        f"  table terminals:   {base}/t/  (codes: bridgedesk event tables EVENT)",
        f"  director's console: {base}/d/",
    ]
    if seen:
        lines.append("  on the club's network: " + ", ".join(f"http://{a}:{port}/" for a in seen))
    else:
        lines.append("  this computer only: phones cannot reach it (--host 0.0.0.0 for the LAN)")
    lines.append("  stop with Ctrl-C")
    return lines
