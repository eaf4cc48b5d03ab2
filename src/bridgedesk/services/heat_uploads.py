"""The organiser's side of a heat's results: take them in, checked, idempotently
(docs/simultaneous.md).

Three ways in, one path: a club's upload with its token (``bridgedesk simultaneous
upload``, the API ``POST /api/simultaneous/ID/upload``, :func:`receive`) and the
organiser's import of a file a club sent (``bridgedesk simultaneous import``, the
console's form, :func:`import_heat`: bridgedesk's heat export, USEBIO or PBN).  The heat
is checked against the event (:func:`bridgedesk.events.simultaneous.check_heat`: the
deal set, the movement it registered, its own movement's seats) and refused in one
line when it did not play the event; then stored whole
(:func:`bridgedesk.store.simultaneous.store_heat`): the same content again changes
nothing, other content replaces it, audited, until the correction deadline; after it
only the organiser, giving the reason, may change a heat.
"""

from __future__ import annotations

import datetime as dt

from bridgedesk.events.simultaneous import HeatResults, check_heat
from bridgedesk.store import movements_repo
from bridgedesk.store import simultaneous as store
from bridgedesk.store.simultaneous import Upload
from bridgedesk.store.unit import UnitOfWork

__all__ = ["import_heat", "receive"]


def _stored(
    unit: UnitOfWork,
    event: int | str,
    number: int,
    heat: HeatResults,
    who: str,
    reason: str,
    now: dt.datetime | None,
) -> Upload:
    with unit.transaction():
        spec = store.heat_spec(unit, event, number)
        check_heat(heat, spec, movements_repo.deals(unit, event))
        return store.store_heat(unit, event, number, heat, who=who, reason=reason, now=now)


def receive(
    unit: UnitOfWork,
    event: int | str,
    token: str,
    heat: HeatResults,
    *,
    now: dt.datetime | None = None,
) -> Upload:
    """A club's upload of its heat, authorised by the heat's token (module doc)."""
    spec = store.heat_of_token(unit, event, token)
    who = f"heat {spec.number} ({spec.club})"
    return _stored(unit, event, spec.number, heat, who, "", now)


def import_heat(
    unit: UnitOfWork,
    event: int | str,
    number: int,
    heat: HeatResults,
    *,
    who: str,
    reason: str = "",
    now: dt.datetime | None = None,
) -> Upload:
    """The organiser's import of heat ``number``'s file; ``reason`` lets a change through
    after the correction deadline (kept in the audit)."""
    return _stored(unit, event, number, heat, who, reason, now)
