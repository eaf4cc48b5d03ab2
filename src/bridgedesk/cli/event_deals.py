"""``bridgedesk event deals EVENT FILE``: attach a session's deals to a stored event.

Added to the ``event`` group through ``_EXTENSIONS`` of :mod:`bridgedesk.cli`.
The file is a PBN (2.1) or Micro Bridge ``.HND`` hand file (``bridgedesk deals
generate`` writes both); each board's deal is stored with the event, so the
results carry hand records and the PBN export carries the deals.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from bridgedesk.cli._options import DbOption, EventArg, InputEncodingOption, SessionOption
from bridgedesk.cli._store import open_store
from bridgedesk.cli.event import app
from bridgedesk.errors import FormatError, Location
from bridgedesk.formats import dealfile
from bridgedesk.store.deal_files import attach_deals, span
from bridgedesk.store.session_deals import attach_session_deals


@app.command("deals")
def deals(
    event: EventArg,
    file: Annotated[Path, typer.Argument(help="A .pbn or .hnd deal file.", show_default=False)],
    db: DbOption = None,
    encoding: InputEncodingOption = None,
    session: SessionOption = 1,
) -> None:
    """Attach the deals of a PBN or HND file to an event (one per board).

    Example: bridgedesk event deals "Tuesday pairs" session.pbn

    Example: bridgedesk event deals "Autumn pairs" second.pbn --session 2 (a later
    session's boards, numbered from 1 again)
    """

    if not file.is_file():
        raise FormatError("no such file", Location(file=str(file)), code="file.no-such-file")
    records = dealfile.load(file, encoding=encoding)
    with open_store(db) as store:
        if session > 1:  # a later session's own boards (store/session_deals.py)
            boards = attach_session_deals(store, event, session, records)
        else:
            boards = attach_deals(store, event, records)
    typer.echo(f"{len(records)} deals attached (boards {span(boards)})")
