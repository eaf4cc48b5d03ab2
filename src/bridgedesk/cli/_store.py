"""What the store's commands share besides their options (those are in
:mod:`bridgedesk.cli._options`): opening the store, who makes a change, dates."""

import getpass
from pathlib import Path
from typing import TYPE_CHECKING

from bridgedesk.errors import BridgedeskError
from bridgedesk.events.creation import parse_date, parse_datetime

if TYPE_CHECKING:
    from bridgedesk.store.service import Store


def open_store(db: str | None, *, create: bool = False) -> "Store":
    """The store at ``db``.  Imported here, not at the top: the commands that only
    declare ``--db`` (``movement cards``) start without SQLAlchemy.

    An empty file (0 bytes) is refused unless ``create`` (``event new --create``): it
    is no store, and taking it for a new one would hide a store lost or a path
    mistyped (a new store is made where no file is)."""
    from bridgedesk.store.service import Store

    if db is not None and not create and "://" not in db:
        path = Path(db)
        if path.is_file() and path.stat().st_size == 0:
            raise BridgedeskError(
                "--db {db}: the file is empty (0 bytes), not a bridgedesk store; give the "
                "store's path, or start a new store in it with `bridgedesk event new NAME "
                "--create`",
                code="store.empty-file",
                db=db,
            )
    return Store.open(db)


def who(by: str | None) -> str:
    if by:
        return by
    try:
        return getpass.getuser()
    except (KeyError, OSError):  # pragma: no cover - no login name
        return "director"


__all__ = ["open_store", "parse_date", "parse_datetime", "who"]
