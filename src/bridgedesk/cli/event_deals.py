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

from bridgedesk.bridge import Seat
from bridgedesk.cli._store import DbOption, EventArg, open_store
from bridgedesk.cli.event import app
from bridgedesk.errors import FormatError, Location
from bridgedesk.formats import dealfile


@app.command("deals")
def deals(
    event: EventArg,
    file: Annotated[Path, typer.Argument(help="A .pbn or .hnd deal file.", show_default=False)],
    db: DbOption = None,
    encoding: Annotated[
        str | None,
        typer.Option(
            help="Text encoding of the file (default: told from its bytes).", show_default=False
        ),
    ] = None,
) -> None:
    """Attach the deals of a PBN or HND file to an event (one per board).

    Example: bridgedesk event deals "Tuesday pairs" session.pbn
    """

    if not file.is_file():
        raise FormatError("no such file", Location(file=str(file)))
    records = dealfile.load(file, encoding=encoding)
    with open_store(db) as store:
        store.event(event)  # a missing event is reported before anything is written
        for record in records:
            store.set_deal(event, record.deal.board, record.deal.pbn(Seat.N))
    boards = sorted(r.deal.board for r in records)
    span = f"{boards[0]}-{boards[-1]}" if boards else "none"
    typer.echo(f"{len(records)} deals attached (boards {span})")
