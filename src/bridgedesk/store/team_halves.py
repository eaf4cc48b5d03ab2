"""A team match's second half in the store: each team's pairs after the half-time move
and any substitution (004:1672-1686).

The first half is the round's line-up (:func:`bridgedesk.store.team_events.set_lineup`,
players 1-2 NS and 3-4 EW until one is given).  :func:`set_second_half` keeps both
teams' second-half pairs of a match at once, in the director's audit log, while no
room of the second half has a result; :func:`second_halves` reads them back in the
caller's transaction.  The rules (who moves, who may come in) are
:mod:`bridgedesk.events.half_time`'s, applied by :mod:`bridgedesk.services.half_time`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlalchemy import delete, select
from sqlalchemy.orm import Session as OrmSession

from bridgedesk.errors import EntryError
from bridgedesk.events.half_time import TeamSeats
from bridgedesk.store.lookups import event_row
from bridgedesk.store.models import DirectorAuditRow, EventRow, TeamHalfRow
from bridgedesk.store.team_events import match_results, read_draw, section, team_row
from bridgedesk.store.unit import UnitOfWork, utcnow

__all__ = ["SecondHalf", "second_halves", "set_second_half"]


@dataclass(frozen=True)
class SecondHalf:
    """A team's pairs in the second half of its match of a round, from ``first_board``."""

    round: int
    home: int
    team: int
    seats: TeamSeats
    moved: bool
    first_board: int


def _pair(text: str) -> tuple[int, int]:
    a, b = (int(x) for x in text.split(","))
    return a, b


def second_halves(s: OrmSession, ev: EventRow) -> dict[tuple[int, int], SecondHalf]:
    """The second halves stored for the event: (round, team) -> its pairs."""
    rows = s.scalars(select(TeamHalfRow).where(TeamHalfRow.event_id == ev.id))
    return {
        (r.round, r.team): SecondHalf(
            r.round, r.home, r.team, TeamSeats(_pair(r.ns), _pair(r.ew)), r.moved, r.first_board
        )
        for r in rows
    }


def _second_half_played(s: OrmSession, ev: EventRow, rnd: int, home: int, first_board: int) -> int:
    draw = read_draw(s, ev)
    match = next(d for d in draw.matches if d.round == rnd and d.home == home)
    return match_results(s, section(s, ev), match, from_board=first_board)


def set_second_half(
    unit: UnitOfWork,
    ref: int | str,
    halves: tuple[SecondHalf, SecondHalf],
    *,
    who: str,
    reason: str,
) -> int:
    """Keep both teams' second-half pairs of a match (audited); the audit id.  Refused once
    a room of the second half has a result: the pairs that played it are a fact."""
    first = halves[0]
    with unit.transaction() as s:
        ev = event_row(s, ref)
        team_row(s, ev)
        section(s, ev, lock=True)
        played = _second_half_played(s, ev, first.round, first.home, first.first_board)
        if played:
            raise EntryError(
                "round {round}: the second half of the match of team {team} has {played} "
                "room results already; its pairs are those who played it",
                code="team.second-half-played",
                round=first.round,
                team=first.home,
                played=played,
            )
        stored = second_halves(s, ev)
        old = {
            str(h.team): stored[(h.round, h.team)].seats.text()
            for h in halves
            if (h.round, h.team) in stored
        }
        for h in halves:
            s.execute(
                delete(TeamHalfRow).where(
                    TeamHalfRow.event_id == ev.id,
                    TeamHalfRow.round == h.round,
                    TeamHalfRow.team == h.team,
                )
            )
            s.add(
                TeamHalfRow(
                    event_id=ev.id, round=h.round, home=h.home, team=h.team,
                    ns=f"{h.seats.ns[0]},{h.seats.ns[1]}", ew=f"{h.seats.ew[0]},{h.seats.ew[1]}",
                    moved=h.moved, first_board=h.first_board, who=who, at=utcnow(),
                )
            )  # fmt: skip
        new = {str(h.team): h.seats.text() + (" (moved)" if h.moved else "") for h in halves}
        row = DirectorAuditRow(
            event_id=ev.id, action="half-time", subject=f"round {first.round} match {first.home}",
            at=utcnow(), who=who, reason=reason, old=json.dumps(old), new=json.dumps(new),
        )  # fmt: skip
        s.add(row)
        s.flush()
        return row.id
