"""A table terminal of a team event: which match and room the table plays, and its
room results entered with the checks of both the table and the draw.

A team event's grid seats the teams' pairs (:mod:`bridgedesk.store.team_events`),
so a table logs in with its code like a pairs table and is at the round the
terminals' rule gives (:func:`bridgedesk.store.terminals.table_state`).  The
draw says which match that grid place is and whether it is the match's open
room (the home team NS) or its closed room (the away team NS, 004:1631-1633).
A result is first checked as any table's is
(:func:`~bridgedesk.store.terminals.precheck`: the table's round, held or
closed rounds, a board already entered), then stored as that room's slip
through :func:`bridgedesk.store.team_results.add_room_result` (the draw's
checks: the board is the match's, the match was not forfeited).  Once both
rooms of a board are in, the table sees the comparison, the IMPs of the
scored event (:func:`bridgedesk.services.team_scores.scored`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bridgedesk.errors import EntryError
from bridgedesk.events.model import Result
from bridgedesk.events.team_draw import DrawnMatch, Room, TeamSlip
from bridgedesk.results.team_model import ComparedBoard, ScoredMatch
from bridgedesk.services.team_scores import scored
from bridgedesk.store import team_events, team_results
from bridgedesk.store.terminals import TableState, Terminal, precheck, table_state
from bridgedesk.store.unit import UnitOfWork

__all__ = ["Compared", "TableMatch", "enter_table_result", "table_match"]


@dataclass(frozen=True)
class Compared:
    """A match the table played, from its room, with the boards whose two rooms are in."""

    match: DrawnMatch
    room: str
    boards: tuple[ComparedBoard, ...]


@dataclass(frozen=True)
class TableMatch:
    """What a team table plays now: its state, match and room (None when it has none
    this round), its room's results by board, and the comparison of this round's
    match and of the one the table played before (shown once both rooms of a board
    are in; the table has usually moved on by then)."""

    state: TableState
    match: DrawnMatch | None
    room: str | None
    entered: Mapping[int, Result]
    compared: tuple[Compared, ...]

    @property
    def ns_team(self) -> int | None:
        if self.match is None:
            return None
        return self.match.home if self.room == "open" else self.match.away

    @property
    def ew_team(self) -> int | None:
        if self.match is None:
            return None
        return self.match.away if self.room == "open" else self.match.home


def _placed(matches: tuple[DrawnMatch, ...], here: Room) -> tuple[DrawnMatch, str] | None:
    for d in matches:
        if d.away is None:
            continue
        if d.open == here:
            return d, "open"
        if d.closed == here:
            return d, "closed"
    return None


def table_match(unit: UnitOfWork, terminal: Terminal) -> TableMatch:
    """The table's match and room at its round, its results and the comparisons."""
    state = table_state(unit, terminal)
    draw = team_events.draw(unit, terminal.event_id)
    found = _placed(draw.matches, Room(state.round, terminal.table))
    played = [
        p
        for rnd in (state.round, state.round - 1)
        if (p := _placed(draw.matches, Room(rnd, terminal.table))) is not None
    ]
    compared: list[Compared] = []
    if played:
        event, _ = scored(unit, terminal.event_id)
        by_match: dict[tuple[int, int, int | None], ScoredMatch] = {
            (m.round, m.home, m.away): m for m in event.matches
        }
        for d, room in played:
            m = by_match.get((d.round, d.home, d.away))
            boards = (
                ()
                if m is None
                else tuple(b for b in m.boards if b.open is not None and b.closed is not None)
            )
            if boards:
                compared.append(Compared(d, room, boards))
    if found is None:
        return TableMatch(state, None, None, {}, tuple(compared))
    d, room = found
    entered = {
        s.result.board: s.result
        for s in state.entered
        if s.result.round == state.round and s.result.table == terminal.table
    }
    return TableMatch(state, d, room, entered, tuple(compared))


def enter_table_result(
    unit: UnitOfWork, terminal: Terminal, body: Mapping[str, Any]
) -> tuple[int, Result]:
    """Check and store the table's room result (``body`` as the table API's: round,
    board, contract, declarer, result, lead); its result id and the result."""
    state = table_state(unit, terminal)
    if state.ns is None or state.ew is None:
        raise EntryError(f"{terminal.label} has no match in round {state.round}")
    result = precheck(unit, terminal, {**body, "ns": state.ns, "ew": state.ew})
    draw = team_events.draw(unit, terminal.event_id)
    found = _placed(draw.matches, Room(result.round, terminal.table))
    if found is None:
        raise EntryError(f"{terminal.label} has no match in round {result.round}")
    d, room = found
    assert d.away is not None
    slip = TeamSlip(d.round, d.home, d.away, room, result.board, result)
    rid = team_results.add_room_result(unit, terminal.event_id, slip, who=terminal.label)
    return rid, result
