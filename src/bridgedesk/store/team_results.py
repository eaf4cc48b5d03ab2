"""A team event's room results in the store, and the event read back as stored.

A room result is a slip addressed the way a team director reads it: round,
home and away team, room (``open``: the home team's NS table, ``closed``:
the away team's, 004:1631-1633) and board.  It is checked against the draw
(the match exists in that round, the board is one of its boards, the match
was not forfeited) and stored as the slip of the grid table that room plays
at (:func:`bridgedesk.store.results_repo.insert_result`), so corrections,
their audit and undo are the pairs' own (:mod:`bridgedesk.store.corrections`).

:func:`read_team_event` reads the whole event back in one transaction
(:class:`StoredTeamEvent`); :mod:`bridgedesk.services.team_scores` makes the
event as played from it and scores it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from sqlalchemy.orm import Session as OrmSession

from bridgedesk.errors import BridgedeskError, EntryError, Location
from bridgedesk.events.model import Entry, Event, Result
from bridgedesk.events.seating import format_boards
from bridgedesk.events.team_draw import ROOMS, DrawnMatch, Room, TeamSlip, pair_numbers
from bridgedesk.events.team_settings import TeamSettings
from bridgedesk.store.corrections import correct_result
from bridgedesk.store.lookups import event_row, section_results
from bridgedesk.store.results_repo import ImportReport, import_results, insert_result
from bridgedesk.store.rows import event_info
from bridgedesk.store.team_events import (
    TeamDraw,
    lineups,
    read_draw,
    section,
    settings_of,
    team_row,
    teams_entered,
)
from bridgedesk.store.team_halves import SecondHalf, second_halves
from bridgedesk.store.unit import UnitOfWork

__all__ = [
    "StoredTeamEvent",
    "add_room_result",
    "correct_room_result",
    "import_room_results",
    "read_team_event",
]


def _room(d: DrawnMatch, room: str) -> Room:
    if room not in ROOMS:
        raise EntryError(f"the room is open (home NS) or closed (away NS), not {room!r}")
    found = d.open if room == "open" else d.closed
    assert found is not None  # a played match has both rooms
    return found


def _placed(draw: TeamDraw, slip: TeamSlip, teams: int) -> Result:
    """The slip checked against the draw, as the grid table's result."""
    d = draw.match(slip.round, slip.home, slip.away)
    where = Location(round=slip.round, board=slip.board)
    forfeit = draw.forfeited_by(d)
    if forfeit is not None:
        raise EntryError(
            f"round {slip.round}: the match {d.label} was forfeited by team {forfeit} "
            "(003:228-250); it has no results",
            where,
        )
    if slip.board not in d.boards:
        raise EntryError(
            f"round {slip.round}: the match {d.label} plays {format_boards(d.boards)}, "
            f"not board {slip.board}",
            where,
        )
    room = _room(d, slip.room)
    assert d.away is not None
    cell = None if draw.grid is None else draw.grid.grid.get((room.round, room.table))
    if cell is not None:  # the pairs the grid seats there (an SRR changes them, 004:2633)
        ns, ew = cell.ns, cell.ew
    else:
        h_ns, h_ew = pair_numbers(d.home, teams)
        a_ns, a_ew = pair_numbers(d.away, teams)
        ns, ew = (h_ns, a_ew) if slip.room == "open" else (a_ns, h_ew)
    return replace(slip.result, round=room.round, table=room.table, board=slip.board, ns=ns, ew=ew)


def _snapshot(s: OrmSession, ref: int | str) -> tuple[TeamDraw, int]:
    ev = event_row(s, ref)
    team_row(s, ev)
    return read_draw(s, ev), len(teams_entered(s, ev))


def add_room_result(unit: UnitOfWork, ref: int | str, slip: TeamSlip, who: str = "") -> int:
    """Check a room result against the draw and store it; its result id.

    A second result for the same room and board is refused (correct it instead).
    """
    with unit.transaction() as s:
        draw, teams = _snapshot(s, ref)
        placed = _placed(draw, slip, teams)
        ev = event_row(s, ref)
        try:
            rid = insert_result(s, ev, placed, who, None)
        except EntryError as exc:
            if "already" in exc.message:
                raise EntryError(
                    f"round {slip.round}: the {slip.room} room of {slip.home} v {slip.away} "
                    f"has a result on board {slip.board} already; correct it with "
                    f"`bridgedesk result team ... --correct --reason ...`"
                ) from None
            raise
        assert rid is not None
        return rid


def import_room_results(
    unit: UnitOfWork,
    ref: int | str,
    slips: Sequence[tuple[int | None, TeamSlip]],
    who: str = "",
) -> ImportReport:
    """Enter many room results, each with its source line: all are checked before any
    is written, and an import run again skips what is stored
    (:func:`~bridgedesk.store.results_repo.import_results`)."""
    placed: list[tuple[int | None, Result]] = []
    with unit.transaction(write=False) as s:
        draw, teams = _snapshot(s, ref)
        for line, slip in slips:
            try:
                placed.append((line, _placed(draw, slip, teams)))
            except BridgedeskError as exc:
                raise exc.located(Location(line=line)) from None
    return import_results(unit, ref, placed, who=who, batch=500)


def correct_room_result(
    unit: UnitOfWork,
    ref: int | str,
    slip: TeamSlip,
    *,
    who: str,
    reason: str,
    director: bool = False,
) -> tuple[int, Result, Result]:
    """Correct a room's stored result (audited, 003:123-159); (correction id, old, new)."""
    with unit.transaction(write=False) as s:
        draw, teams = _snapshot(s, ref)
        placed = _placed(draw, slip, teams)
        sec = section(s, event_row(s, ref))
        stored = [
            (row.id, r)
            for row, r in section_results(s, sec, placed.board)
            if (r.round, r.table) == (placed.round, placed.table)
        ]
    if not stored:
        raise EntryError(
            f"round {slip.round}: the {slip.room} room of {slip.home} v {slip.away} has no "
            f"result on board {slip.board} to correct; enter it"
        )
    rid, old = stored[0]
    cid = correct_result(unit, ref, rid, placed, who=who, reason=reason, director=director)
    return cid, old, placed


# -- the event as stored -------------------------------------------------------------


@dataclass(frozen=True)
class StoredTeamEvent:
    """A team event read in one transaction, as stored: its heading, settings, teams,
    draw, the room results by grid place ``(round, table, board)``, the line-ups
    (``(round, team)`` -> the players' seats) and the second halves whose pairs changed
    at half time (``(round, team)`` -> its pairs, 004:1672-1686), for
    :func:`bridgedesk.services.team_scores.team_play` to make the event as played."""

    event: Event
    settings: TeamSettings
    teams: dict[int, Entry]
    draw: TeamDraw
    results: dict[tuple[int, int, int], Result]
    lineups: dict[tuple[int, int], tuple[tuple[int, int], ...]]
    halves: dict[tuple[int, int], SecondHalf] = field(default_factory=dict)


def read_team_event(unit: UnitOfWork, ref: int | str) -> StoredTeamEvent:
    """The team event as stored (see :class:`StoredTeamEvent`)."""
    with unit.transaction(write=False) as s:
        ev = event_row(s, ref)
        team = settings_of(team_row(s, ev))
        teams = teams_entered(s, ev)
        draw = read_draw(s, ev)
        sec = section(s, ev)
        by_place = {(r.round, r.table, r.board): r for _, r in section_results(s, sec)}
        return StoredTeamEvent(
            event_info(ev).event, team, teams, draw, by_place, lineups(s, ev), second_halves(s, ev)
        )
