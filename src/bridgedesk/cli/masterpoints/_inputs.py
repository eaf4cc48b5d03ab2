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
        raise MasterpointError(
            "{place}: points must be a number, got {value!r}",
            code="masterpoint.points-not-number",
            place=where,
            value=value,
        ) from None
    if isinstance(value, bool) or not points.is_finite() or not 0 <= points <= MAX_AWARD:
        raise MasterpointError(
            "{place}: points must be a number 0-{max_award}, got {value!r}",
            code="masterpoint.points-range",
            place=where,
            max_award=MAX_AWARD,
            value=value,
        )
    return points


def ranking_digest(data: Any, name: str) -> str | None:
    """The digest of the stored event's ranking the awards of ``award --json`` place
    (None when they carry none: awards of results files or a ranking JSON)."""
    found = {item.get("ranking") for item in data if isinstance(item, dict)}
    if len(found) > 1:
        raise MasterpointError(
            "{name}: the awards were computed from different rankings",
            code="masterpoint.rankings-differ",
            name=name,
        )
    digest = found.pop() if found else None
    if digest is not None and not (isinstance(digest, str) and len(digest) == 64):
        raise MasterpointError(
            "{name}: the awards' ranking is not one `award --json` printed",
            code="masterpoint.ranking-unknown",
            name=name,
        )
    return digest


def recorded_awards(data: Any, name: str) -> list[RecordedAward]:
    """The awards ``record`` reads: a JSON list as ``award --json`` prints it."""

    if not isinstance(data, list):
        raise MasterpointError(
            "{name}: expected a JSON list of awards", code="masterpoint.expected-list", name=name
        )
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
            raise MasterpointError(
                "{place} needs member, place, points and colour",
                code="masterpoint.award-fields",
                place=where,
            ) from None
        if not member:
            raise MasterpointError(
                "{place}: member number is empty",
                code="masterpoint.award-member-empty",
                place=where,
            )
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
