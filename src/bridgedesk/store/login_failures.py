"""Failed logins by client address, in the database: the limit on wrong table codes
and console passwords holds however many worker processes serve the club (each
process counting its own let ``--workers 4`` through four times as many guesses).

A failure older than the window is forgotten (deleted when the next one is written).
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import delete, func, select

from bridgedesk.store.models import LoginFailureRow
from bridgedesk.store.unit import UnitOfWork, utcnow

__all__ = ["failed", "recent"]

#: The longest client address kept (an IPv6 address with its zone fits).
CLIENT_LENGTH = 64


def recent(
    unit: UnitOfWork, scope: str, client: str, window: float
) -> tuple[int, dt.datetime | None]:
    """How many logins of ``scope`` failed from ``client`` within the last ``window``
    seconds, and when the oldest of them was."""
    since = utcnow() - dt.timedelta(seconds=window)
    with unit.transaction(write=False) as s:
        count, first = s.execute(
            select(func.count(LoginFailureRow.id), func.min(LoginFailureRow.at)).where(
                LoginFailureRow.scope == scope,
                LoginFailureRow.client == client[:CLIENT_LENGTH],
                LoginFailureRow.at > since,
            )
        ).one()
        return int(count), first


def failed(unit: UnitOfWork, scope: str, client: str, window: float) -> None:
    """Count one failed login of ``scope`` from ``client``; forget those older than
    ``window`` seconds."""
    now = utcnow()
    with unit.transaction() as s:
        s.execute(
            delete(LoginFailureRow).where(LoginFailureRow.at < now - dt.timedelta(seconds=window))
        )
        s.add(LoginFailureRow(scope=scope, client=client[:CLIENT_LENGTH], at=now))
