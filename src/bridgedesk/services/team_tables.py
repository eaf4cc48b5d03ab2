"""A table terminal of a team event: which match and room the table plays, and the
comparison of its boards once both rooms are in.

A team event's grid seats the teams' pairs (:mod:`bridgedesk.store.team_events`),
so a table logs in with its code like a pairs table and is at the round the
terminals' rule gives (:func:`bridgedesk.store.terminals.table_state`).  The
draw says which match that grid place is and whether it is the match's open
room (the home team NS) or its closed room (the away team NS, 004:1631-1633,
:func:`bridgedesk.events.team_rooms.match_at`).  A result is entered through
the tables' one door, :func:`bridgedesk.services.slips.enter_at_table`, which
checks it as any table's (the table's round, held or closed rounds) and as the
room's slip (the draw's checks: the board is the match's, the match was not
forfeited, the room has no result on it yet).  Once both rooms of a board are
in, the table sees the comparison, the IMPs of the scored event
(:func:`bridgedesk.services.team_scores.scored`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bridgedesk.events.model import Result
from bridgedesk.events.team_draw import DrawnMatch, Room
from bridgedesk.events.team_rooms import match_at
from bridgedesk.results.team_model import ComparedBoard, ScoredMatch
from bridgedesk.services.team_scores import scored
from bridgedesk.store import team_events
from bridgedesk.store.terminals import TableState, Terminal, table_state
from bridgedesk.store.unit import UnitOfWork

__all__ = ["Compared", "TableMatch", "table_match"]


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


def table_match(unit: UnitOfWork, terminal: Terminal) -> TableMatch:
    """The table's match and room at its round, its results and the comparisons."""
    state = table_state(unit, terminal)
    draw = team_events.draw(unit, terminal.event_id)
    found = match_at(draw.matches, Room(state.round, terminal.table))
    played = [
        p
        for rnd in (state.round, state.round - 1)
        if (p := match_at(draw.matches, Room(rnd, terminal.table))) is not None
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
