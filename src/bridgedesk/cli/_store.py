"""What the store's commands share besides their options (those are in
:mod:`bridgedesk.cli._options`): opening the store, who makes a change, dates."""

import getpass
from typing import TYPE_CHECKING

from bridgedesk.events.creation import parse_date, parse_datetime

if TYPE_CHECKING:
    from bridgedesk.store.service import Store


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


__all__ = ["open_store", "parse_date", "parse_datetime", "who"]
