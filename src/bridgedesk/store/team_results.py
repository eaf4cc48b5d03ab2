"""A team event's room results in the store, and the event as played for scoring.

A room result is a slip addressed the way a team director reads it: round,
home and away team, room (``open``: the home team's NS table, ``closed``:
the away team's, 004:1631-1633) and board.  It is checked against the draw
(the match exists in that round, the board is one of its boards, the match
was not forfeited) and stored as the slip of the grid table that room plays
at (:func:`bridgedesk.store.results_repo.insert_result`), so corrections,
their audit and undo are the pairs' own (:mod:`bridgedesk.store.corrections`).

:func:`team_play` reads the whole event back as a
:class:`~bridgedesk.results.team_model.TeamEventPlay` for
:func:`bridgedesk.results.teams.score_team_event`: each board of a match with
its two rooms, forfeits (003:228-250, under every scoring,
:mod:`bridgedesk.results.team_forfeits`), byes (in VPs) and the
line-ups that name the pairs for the Butler ranking.  A board with one room
still missing is left out and listed in :attr:`TeamSnapshot.missing`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from sqlalchemy.orm import Session as OrmSession

from bridgedesk.bridge.methods import Method
from bridgedesk.bridge.vp import VPScale, scale_from_data
from bridgedesk.errors import BridgedeskError, EntryError, Location
from bridgedesk.events.model import Entry, Result
from bridgedesk.events.seating import format_boards
from bridgedesk.events.team_draw import (
    ROOMS,
    DrawnMatch,
    Room,
    TeamSlip,
    pair_numbers,
    team_of,
)
from bridgedesk.events.team_settings import TeamForm, TeamSettings
from bridgedesk.events.team_triangle import triangles
from bridgedesk.reading import loads_json
from bridgedesk.results.model import EventHeading
from bridgedesk.results.team_model import (
    BoardRooms,
    Lineup,
    MatchPlay,
    RoomScore,
    TeamEntry,
    TeamEventPlay,
)
from bridgedesk.scoring.results import Play
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
from bridgedesk.store.unit import UnitOfWork

__all__ = [
    "TeamSnapshot",
    "add_room_result",
    "correct_room_result",
    "import_room_results",
    "team_play",
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


# -- the event as played ----------------------------------------------------------------


@dataclass(frozen=True)
class TeamSnapshot:
    """A team event read in one transaction: its settings, draw and play."""

    settings: TeamSettings
    draw: TeamDraw
    play: TeamEventPlay
    teams: dict[int, Entry]
    #: Matches with rooms still without a result: ``round 2, 3 v 5: 3 of 16 room results``.
    missing: tuple[str, ...]


#: Forms whose match k plays at tables 2k-1 and 2k; in the others (AWL, mirror
#: Mitchell, stagger) a match is at the home team's table.
_PAIRED_TABLES = (TeamForm.ROUND_ROBIN, TeamForm.SRR_PAIRS, TeamForm.SWISS, TeamForm.KNOCKOUT)


def _scale(team: TeamSettings) -> str | VPScale:
    if team.vp_scale_data is None:
        return team.vp_scale
    return scale_from_data(loads_json(team.vp_scale_data, "the event's VP scale"))


def _room_score(r: Result) -> RoomScore:
    assert r.contract is not None
    score = r.ns_score
    assert score is not None
    return RoomScore(score, Play(r.contract, r.declarer, r.tricks))


def _board(board: int, open_: Result | None, closed: Result | None) -> BoardRooms | None:
    """A board's two rooms; an adjusted room makes the board adjusted: the home team's
    score is the open room's NS one (or the closed room's EW one)."""
    if open_ is None or closed is None:
        return None
    if open_.adjusted is not None:
        return BoardRooms(board, adjustment=open_.adjusted.ns, adjustment_away=open_.adjusted.ew)
    if closed.adjusted is not None:
        return BoardRooms(board, adjustment=closed.adjusted.ew, adjustment_away=closed.adjusted.ns)
    return BoardRooms(board, _room_score(open_), _room_score(closed))


def _pair_name(entry: Entry, seats: tuple[int, int]) -> str:
    names = [entry.players[p - 1].name for p in seats]
    return f"{entry.number} {names[0]} – {names[1]}"


def _lineup(
    d: DrawnMatch,
    teams: dict[int, Entry],
    stored: dict[tuple[int, int], tuple[tuple[int, int], ...]],
) -> Lineup | None:
    assert d.away is not None
    seats = {}
    for team in (d.home, d.away):
        entry = teams[team]
        if len(entry.players) < 4:
            return None
        seats[team] = stored.get((d.round, team), ((1, 2), (3, 4)))
    return Lineup(
        _pair_name(teams[d.home], seats[d.home][0]),
        _pair_name(teams[d.home], seats[d.home][1]),
        _pair_name(teams[d.away], seats[d.away][0]),
        _pair_name(teams[d.away], seats[d.away][1]),
    )


def _triangle_table(drawn: Sequence[DrawnMatch], d: DrawnMatch, trio: tuple[int, ...]) -> int:
    """A triangle's match number, from its first table as the round's matches number
    their pairs of tables (:mod:`bridgedesk.events.team_triangle`)."""
    first = min(
        x.open.table for x in drawn if x.round == d.round and x.home in trio and x.open is not None
    )
    return (first + 1) // 2


def _grid_lineup(
    d: DrawnMatch,
    draw: TeamDraw,
    teams: dict[int, Entry],
    stored: dict[tuple[int, int], tuple[tuple[int, int], ...]],
) -> Lineup | None:
    """An SRR + pairs match's pairs as the grid seats them: a team's pairs keep their
    partnership all event (its round-1 line-up, players 1-2 and 3-4 unless given), and
    which of them sits NS changes from round to round (004:2633-2655)."""
    assert d.open is not None and d.closed is not None and draw.grid is not None
    n = len(teams)

    def name(pair: int) -> str:
        team = team_of(pair, n)
        seats = stored.get((1, team), ((1, 2), (3, 4)))[0 if pair == team else 1]
        return _pair_name(teams[team], seats)

    if any(len(teams[t].players) < 4 for t in (d.home, d.away if d.away else d.home)):
        return None
    o = draw.grid.grid[(d.open.round, d.open.table)]
    c = draw.grid.grid[(d.closed.round, d.closed.table)]
    return Lineup(name(o.ns), name(c.ew), name(c.ns), name(o.ew))


def team_play(unit: UnitOfWork, ref: int | str) -> TeamSnapshot:
    """The event as played, for :func:`~bridgedesk.results.teams.score_team_event`."""
    with unit.transaction(write=False) as s:
        ev = event_row(s, ref)
        team = settings_of(team_row(s, ev))
        teams = teams_entered(s, ev)
        draw = read_draw(s, ev)
        sec = section(s, ev)
        by_place = {(r.round, r.table, r.board): r for _, r in section_results(s, sec)}
        stored_lineups = lineups(s, ev)
        info = event_info(ev).event
    matches: list[MatchPlay] = []
    byes: list[tuple[int, int]] = []
    missing: list[str] = []
    # byes are scored in VPs; a knockout's are listed for its bracket (results.teams)
    vp_rules = team.scoring is Method.TEAM_VP or team.form is TeamForm.KNOCKOUT
    trios = triangles(draw.matches) if team.form is TeamForm.SWISS else {}
    for d in draw.matches:
        if d.away is None:
            if vp_rules:
                byes.append((d.round, d.home))
            continue
        forfeit = draw.forfeited_by(d)
        if team.form is TeamForm.SRR_PAIRS:
            lineup = _grid_lineup(d, draw, teams, stored_lineups)
        else:
            lineup = _lineup(d, teams, stored_lineups)
        if forfeit is not None:
            matches.append(MatchPlay(d.round, d.home, d.away, forfeited_by=forfeit))
            continue
        assert d.open is not None and d.closed is not None
        boards = []
        absent = 0
        for b in d.boards:
            rooms = [by_place.get((room.round, room.table, b)) for room in (d.open, d.closed)]
            absent += rooms.count(None)
            got = _board(b, rooms[0], rooms[1])
            if got is not None:
                boards.append(got)
        if absent:
            missing.append(
                f"round {d.round}, {d.label}: {absent} of {2 * len(d.boards)} room results"
            )
        if boards:
            table = (d.open.table + 1) // 2 if team.form in _PAIRED_TABLES else d.open.table
            if d.round in trios and d.home in trios[d.round]:
                table = _triangle_table(draw.matches, d, trios[d.round])
            matches.append(
                MatchPlay(d.round, d.home, d.away, tuple(boards), table=table, lineup=lineup,
                          carry_over=draw.carry.get((d.round, d.home)))
            )  # fmt: skip
    play = TeamEventPlay(
        event=EventHeading(info.name, info.date, info.club),
        teams=tuple(
            TeamEntry(n, e.team_name or e.names, e.players) for n, e in sorted(teams.items())
        ),
        matches=tuple(matches),
        scoring=team.scoring,
        vp_scale=_scale(team),
        stock=team.stock,
        byes=tuple(byes),
        boards_per_match=team.boards_per_match,
        form=team.form.value,
        segments=team.segments,
    )
    return TeamSnapshot(team, draw, play, teams, tuple(missing))
