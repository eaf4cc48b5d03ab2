"""Where a knockout's teams qualified: each team's number in the round robin it came from
(:class:`~bridgedesk.store.team_models.TeamOriginRow`), kept when a championship's
knockout is made from its qualifying (:mod:`bridgedesk.services.championships`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sqlalchemy import select

from bridgedesk.errors import EntryError
from bridgedesk.store.lookups import event_row
from bridgedesk.store.models import TeamOriginRow
from bridgedesk.store.team_events import team_row
from bridgedesk.store.unit import UnitOfWork

__all__ = ["Origins", "origins", "set_origins"]


@dataclass(frozen=True)
class Origins:
    """The round robin a knockout's teams qualified in, and each team's number there."""

    qualifying: int
    teams: Mapping[int, int]


def set_origins(
    unit: UnitOfWork, ref: int | str, qualifying: int, teams: Mapping[int, int]
) -> None:
    """Keep where each team of the knockout ``ref`` qualified (knockout team -> its team
    in ``qualifying``)."""
    with unit.transaction() as s:
        ev = event_row(s, ref)
        team_row(s, ev)
        for team, origin in sorted(teams.items()):
            s.add(TeamOriginRow(event_id=ev.id, team=team, qualifying_id=qualifying, origin=origin))


def origins(unit: UnitOfWork, ref: int | str) -> Origins:
    """Where the knockout's teams qualified; one line when it was not made from a round robin."""
    with unit.transaction(write=False) as s:
        ev = event_row(s, ref)
        rows = s.scalars(select(TeamOriginRow).where(TeamOriginRow.event_id == ev.id)).all()
        if not rows:
            raise EntryError(
                "event {event!r} was not made from a round robin (`bridgedesk "
                "championship knockout`): give its carry-overs with `event carry-over`",
                code="team.not-from-round-robin",
                event=ev.name,
            )
        return Origins(rows[0].qualifying_id, {r.team: r.origin for r in rows})
