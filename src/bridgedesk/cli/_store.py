"""What the event, entry and result commands share: ``--db``, ``--by`` and value parsing."""

import getpass
from typing import TYPE_CHECKING, Annotated

import typer

from bridgedesk.cli import _limits as limit
from bridgedesk.events.creation import parse_date, parse_datetime

if TYPE_CHECKING:
    from bridgedesk.store.service import Store

DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="SQLite file or database URL (postgresql://...). Default: $BRIDGEDESK_DB, "
        "else bridgedesk.sqlite3 in your data directory.",
        show_default=False,
    ),
]
ByOption = Annotated[
    str | None,
    typer.Option("--by", help="Who makes the change (for the audit log). Default: your login."),
]
SectionOption = Annotated[str, typer.Option("--section", help="Section name.")]
SessionOption = Annotated[
    int, typer.Option("--session", min=1, max=limit.SESSIONS, help="Session number.")
]
EventArg = Annotated[str, typer.Argument(help="The event: its id or its name.", show_default=False)]


def open_store(db: str | None) -> "Store":
    """The store at ``db``.  Imported here, not at the top: the commands that only
    declare ``--db`` (``movement cards``) start without SQLAlchemy."""
    from bridgedesk.store.service import Store

    return Store.open(db)


def who(by: str | None) -> str:
    if by:
        return by
    try:
        return getpass.getuser()
    except (KeyError, OSError):  # pragma: no cover - no login name
        return "director"


__all__ = [
    "ByOption",
    "DbOption",
    "EventArg",
    "SectionOption",
    "SessionOption",
    "open_store",
    "parse_date",
    "parse_datetime",
    "who",
]
