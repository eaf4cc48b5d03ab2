"""The awards ``masterpoints record`` reads back, as ``award --json`` printed them
(what ``award`` is made from and what it does is :mod:`bridgedesk.services.award_requests`')."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from bridgedesk.errors import MasterpointError
from bridgedesk.masterpoints.ledger import MAX_AWARD
from bridgedesk.store.ledger import RecordedAward


def _points(value: Any, where: str) -> Decimal:
    """An award's points from JSON: a finite decimal of 0 or more (json reads 1e999999
    as infinity and NaN as not a number)."""
    try:
        points = Decimal(str(value))
    except InvalidOperation:
        raise MasterpointError(f"{where}: points must be a number, got {value!r}") from None
    if isinstance(value, bool) or not points.is_finite() or not 0 <= points <= MAX_AWARD:
        raise MasterpointError(f"{where}: points must be a number 0-{MAX_AWARD}, got {value!r}")
    return points


def ranking_digest(data: Any, name: str) -> str | None:
    """The digest of the stored event's ranking the awards of ``award --json`` place
    (None when they carry none: awards of results files or a ranking JSON)."""
    found = {item.get("ranking") for item in data if isinstance(item, dict)}
    if len(found) > 1:
        raise MasterpointError(f"{name}: the awards were computed from different rankings")
    digest = found.pop() if found else None
    if digest is not None and not (isinstance(digest, str) and len(digest) == 64):
        raise MasterpointError(f"{name}: the awards' ranking is not one `award --json` printed")
    return digest


def recorded_awards(data: Any, name: str) -> list[RecordedAward]:
    """The awards ``record`` reads: a JSON list as ``award --json`` prints it."""

    if not isinstance(data, list):
        raise MasterpointError(f"{name}: expected a JSON list of awards")
    awards: list[RecordedAward] = []
    for n, item in enumerate(data, start=1):
        where = f"{name}: award {n}"
        try:
            member = str(item["member"]).strip()
            place = int(item["place"])
            session = None if item.get("session") is None else int(item["session"])
            points = item["points"]
            colour = str(item["colour"])
        except (KeyError, TypeError, ValueError, AttributeError):
            raise MasterpointError(f"{where} needs member, place, points and colour") from None
        if not member:
            raise MasterpointError(f"{where}: member number is empty")
        awards.append(
            RecordedAward(
                member=member,
                place=place,
                points=_points(points, where),
                colour=colour,
                reason=str(item.get("reason", "")),
                session=session,
            )
        )
    return awards
