"""What the event, entry and result commands share: ``--db``, ``--by`` and value parsing."""

import datetime as dt
import getpass
from typing import TYPE_CHECKING, Annotated

import typer

from bridgedesk.cli import _limits as limit
from bridgedesk.errors import ParseError
from bridgedesk.store.service import Store

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
    return Store.open(db)


def who(by: str | None) -> str:
    if by:
        return by
    try:
        return getpass.getuser()
    except (KeyError, OSError):  # pragma: no cover - no login name
        return "director"


def parse_date(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text.strip())
    except ValueError:
        raise ParseError(f"bad date {text!r}: write it as YYYY-MM-DD, e.g. 2026-11-24") from None


def parse_datetime(text: str) -> dt.datetime:
    """An ISO date-time; without a zone it is taken as UTC."""
    try:
        return dt.datetime.fromisoformat(text.strip())
    except ValueError:
        raise ParseError(
            f"bad date and time {text!r}: write YYYY-MM-DDTHH:MM (UTC) or add a zone, "
            "e.g. 2026-11-24T21:30+09:00"
        ) from None
