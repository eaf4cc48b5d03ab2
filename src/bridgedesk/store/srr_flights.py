"""A stored SRR teams + pairs event as a flight: its play, its mis-seated rooms.

An SRR teams + pairs event (``event new --kind teams --format srr-pairs``) is
one *flight* (004:2633-2655): :func:`bridgedesk.services.team_scores.flight` reads
it as the library's :class:`~bridgedesk.results.srr_pairs.Flight`, which
:func:`~bridgedesk.results.srr_pairs.srr_pairs_ranking` ranks alone or with the
other stored flights of its field (flights of the same tables, or 5/6, 7/8,
9/10 tables, 004:2650-2651).

:func:`add_misseat` records a room whose pairs sat NS/EW the wrong way round
(004:2652-2655), audited.  Whether the two teams' other room on those boards
had been played already is read off the draw: a room played in an earlier
round, or at the same time (an even count's relay), had; a room of a later
round had not, and the director has it swap NS and EW too, as the rule says
(:func:`misseats`).  The room's slip is entered as it was played (the NS score
of the pair that sat NS).
"""

from __future__ import annotations

import json

from sqlalchemy import select
from sqlalchemy.orm import Session as OrmSession

from bridgedesk.errors import EntryError
from bridgedesk.events.seating import boards_phrase
from bridgedesk.events.team_draw import MisSeat, RoomName, boards_of, boards_text
from bridgedesk.events.team_rooms import TeamDraw
from bridgedesk.events.team_settings import TeamForm
from bridgedesk.store.lookups import event_row
from bridgedesk.store.models import DirectorAuditRow, EventRow, TeamMisseatRow
from bridgedesk.store.team_events import read_draw, settings_of, team_row
from bridgedesk.store.unit import UnitOfWork, utcnow

__all__ = ["add_misseat", "is_srr_pairs", "misseats"]


def is_srr_pairs(unit: UnitOfWork, ref: int | str) -> bool:
    with unit.transaction(write=False) as s:
        return settings_of(team_row(s, event_row(s, ref))).form is TeamForm.SRR_PAIRS


def _misseats(s: OrmSession, ev: EventRow, draw: TeamDraw) -> tuple[MisSeat, ...]:
    out = []
    rows = s.scalars(
        select(TeamMisseatRow)
        .where(TeamMisseatRow.event_id == ev.id)
        .order_by(TeamMisseatRow.round, TeamMisseatRow.home, TeamMisseatRow.room)
    )
    for row in rows:
        d = draw.match(row.round, row.home, row.away)
        assert d.open is not None and d.closed is not None
        this, other = (d.open, d.closed) if row.room == "open" else (d.closed, d.open)
        out.append(
            MisSeat(row.round, row.home, row.away, RoomName(row.room), boards_of(row.boards),
                    other_played=other.round <= this.round)
        )  # fmt: skip
    return tuple(out)


def misseats(unit: UnitOfWork, ref: int | str) -> tuple[MisSeat, ...]:
    """The event's mis-seated rooms, each saying whether its other room was played."""
    with unit.transaction(write=False) as s:
        ev = event_row(s, ref)
        team_row(s, ev)
        return _misseats(s, ev, read_draw(s, ev))


def add_misseat(
    unit: UnitOfWork,
    ref: int | str,
    rnd: int,
    home: int,
    away: int,
    room: str,
    boards: tuple[int, ...],
    who: str,
    reason: str,
) -> int:
    """Record a mis-seated room of an SRR + pairs match (module doc); the audit id."""
    if not reason.strip():
        raise EntryError(
            "give a --reason (it is kept in the director's audit log)", code="srr.needs-reason"
        )
    with unit.transaction() as s:
        ev = event_row(s, ref)
        if settings_of(team_row(s, ev)).form is not TeamForm.SRR_PAIRS:
            raise EntryError(
                "the mis-seated rule is SRR teams + pairs' (004:2652-2655); in another "
                "team event correct the room's result instead",
                code="srr.mis-seated-srr-only",
            )
        if room not in ("open", "closed"):
            raise EntryError(
                "the room is open (home NS) or closed (away NS), not {given!r}",
                code="srr.room-open-or-closed",
                given=room,
            )
        draw = read_draw(s, ev)
        d = draw.match(rnd, home, away)
        odd = [b for b in boards if b not in d.boards]
        if not boards or odd:
            if odd:
                raise EntryError(
                    "round {round}: the match {match} plays {boards}, not board {board}",
                    code="srr.room-boards",
                    round=rnd,
                    match=d.label,
                    boards=boards_phrase(d.boards),
                    board=odd[0],
                )
            raise EntryError(
                "round {round}: the match {match} plays {boards}; name the boards played "
                "mis-seated",
                code="srr.room-needs-boards",
                round=rnd,
                match=d.label,
                boards=boards_phrase(d.boards),
            )
        known = s.scalars(
            select(TeamMisseatRow).where(
                TeamMisseatRow.event_id == ev.id,
                TeamMisseatRow.round == rnd,
                TeamMisseatRow.home == home,
                TeamMisseatRow.room == room,
            )
        ).first()
        if known is not None:
            raise EntryError(
                "round {round}: the {room} room of {match} is recorded mis-seated "
                "already (boards {boards})",
                code="srr.room-mis-seated-already",
                round=rnd,
                room=room,
                match=d.label,
                boards=known.boards,
            )
        s.add(TeamMisseatRow(event_id=ev.id, round=rnd, home=home, away=away, room=room,
                             boards=boards_text(sorted(set(boards)))))  # fmt: skip
        audit = DirectorAuditRow(
            event_id=ev.id, action="team-misseat", subject=f"round {rnd} {home} v {away} {room}",
            at=utcnow(), who=who, reason=reason, old="null",
            new=json.dumps({"round": rnd, "home": home, "away": away, "room": room,
                            "boards": sorted(set(boards))}),
        )  # fmt: skip
        s.add(audit)
        s.flush()
        return audit.id
