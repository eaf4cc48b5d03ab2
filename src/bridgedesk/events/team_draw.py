"""A stored team event's draw: its matches and the movement grid their rooms sit in.

A team event is stored like a pairs section (so slips, corrections and the
director's tools work on it unchanged): one section whose movement grid seats
the teams' pairs.  Team *t*'s first pair is section pair *t*, its second pair
*t + N* (N teams), as a two-field team movement numbers them
(:mod:`bridgedesk.events.adapters`).  On top of the grid the draw lists the
*matches*: home and away, the boards, and the two rooms -- the open room where
the home team sits NS and the closed room where the away team sits NS
("NS at home, EW away", 004:1631-1633).

* A team movement (round robin, AWL, mirror Mitchell, stagger, SRR + pairs,
  from :func:`bridgedesk.movements.team_catalogue.build_team`) gives the grid;
  its matches are read off it (:func:`matches_of`): the two tables where the
  same two teams play the same boards, each team's pair NS at one of them
  (004:2607).  The room played first is the open room, so its NS team is at
  home; a match belongs to the round of its open room.
* A Swiss or a knockout is drawn round by round (:func:`round_grid`): match
  *k* of a round plays at tables 2k-1 (open) and 2k (closed), every match of
  the round on the same boards, round *r* on boards (r-1)B+1 .. rB.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from bridgedesk.errors import MovementError
from bridgedesk.events.adapters import grid_from_master_sheet
from bridgedesk.events.model import Result
from bridgedesk.events.seating import GridMovement, TableAssignment
from bridgedesk.events.team_settings import TeamForm
from bridgedesk.i18n import Phrase, lazy_pgettext, phrase
from bridgedesk.movements.model import Movement
from bridgedesk.movements.team_catalogue import build_team

#: The team movement family each stored form plays.
MOVEMENT_KIND = {
    TeamForm.ROUND_ROBIN: "round-robin",
    TeamForm.AWL: "awl",
    TeamForm.MIRROR_MITCHELL: "mirror-mitchell",
    TeamForm.STAGGER: "stagger",
    TeamForm.SRR_PAIRS: "srr-pairs",
}


@dataclass(frozen=True)
class Room:
    """Where a room of a match plays: a round and a table of the grid."""

    round: int
    table: int


@dataclass(frozen=True)
class DrawnMatch:
    """A match of the draw; ``away`` None is a bye for ``home``."""

    round: int
    home: int
    away: int | None
    boards: tuple[int, ...] = ()
    open: Room | None = None
    closed: Room | None = None

    @property
    def label(self) -> Phrase:
        """The match as a line names it, ``3 v 5`` or ``4 (bye)`` (in the reader's
        language)."""
        if self.away is not None:
            return phrase("{home} v {away}", home=self.home, away=self.away)
        return phrase("{home} (bye)", home=self.home)


#: The two rooms of a match: the home team's NS table, the away team's (004:1631-1633).
class RoomName(StrEnum):
    """The open room (the home team NS) or the closed room (the away team NS),
    004:1631-1633."""

    OPEN = "open"
    CLOSED = "closed"


ROOMS = tuple(r.value for r in RoomName)
#: The rooms as a line names them ("the open room"), said in the reader's language.
ROOM_WORDS = {"open": lazy_pgettext("room", "open"), "closed": lazy_pgettext("room", "closed")}


@dataclass(frozen=True)
class MisSeat:
    """Pairs that sat NS/EW the wrong way round in one room of a match (004:2652-2655),
    as the director records it (``result misseat``).

    ``other_played`` says whether the two teams' other room on these boards had
    already been played when the slip was found: if not, the later room was
    played swapped too (the rule), and both rooms count; if so, the boards
    leave the team comparison (:mod:`bridgedesk.results.srr_pairs`).
    """

    round: int
    home: int
    away: int
    room: RoomName
    boards: tuple[int, ...]
    other_played: bool


@dataclass(frozen=True)
class TeamSlip:
    """A room's result on a board of a match, as a team director reads a score sheet:
    round, home and away team, room and board.  ``result`` holds what was played; its
    round, table and pairs are the draw's, filled in when the slip is placed."""

    round: int
    home: int
    away: int
    room: str
    board: int
    result: Result


def pair_numbers(team: int, teams: int) -> tuple[int, int]:
    """The section numbers of team ``team``'s two pairs."""
    return team, team + teams


def team_of(pair: int, teams: int) -> int:
    """The team a section pair number belongs to."""
    return pair if pair <= teams else pair - teams


def movement_draw(
    form: TeamForm, teams: int, boards_per_match: int, cycles: int = 1
) -> tuple[GridMovement, tuple[DrawnMatch, ...]]:
    """The grid and the matches of a movement form for ``teams`` teams (a round robin
    played ``cycles`` times)."""
    m = build_team(movement_kind(form), teams, boards_per_round=boards_per_match, cycles=cycles)[0]
    return draw_of(form, m, teams, boards_per_match)


def movement_kind(form: TeamForm) -> str:
    """The team movement family a stored form plays (refused for a Swiss or knockout)."""
    kind = MOVEMENT_KIND.get(form)
    if kind is None:
        raise MovementError(
            "a {form} is drawn round by round: use `event round --next`",
            code="draw.drawn-by-round",
            form=form.value,
        )
    return kind


def draw_of(
    form: TeamForm, m: Movement, teams: int, boards_per_match: int
) -> tuple[GridMovement, tuple[DrawnMatch, ...]]:
    """The grid and the matches of team movement ``m`` (a round robin's byes added)."""
    kind = movement_kind(form)
    grid = grid_from_master_sheet(
        m, name=f"{kind} {teams} teams, {m.round_count} rounds x {boards_per_match} boards"
    )
    ns_field = {s.ns for s in grid.grid.values()} | {s.ew for s in grid.grid.values()}
    if max(ns_field) > 2 * teams:  # pragma: no cover - the catalogue numbers teams 1..N
        raise MovementError(
            "the {kind} movement seats more than {teams} teams",
            code="draw.too-many-teams",
            kind=kind,
            teams=teams,
        )
    matches = list(matches_of(grid, teams))
    if form is TeamForm.ROUND_ROBIN:
        for rnd in range(1, grid.rounds + 1):
            playing = {t for d in matches if d.round == rnd for t in (d.home, d.away)}
            matches += [DrawnMatch(rnd, t, None) for t in range(1, teams + 1) if t not in playing]
    return grid, tuple(sorted(matches, key=_order))


def _order(d: DrawnMatch) -> tuple[int, int, int]:
    return (d.round, 0 if d.open is None else d.open.table, d.home)


def matches_of(grid: GridMovement, teams: int) -> tuple[DrawnMatch, ...]:
    """The matches of a team grid: the two rooms of each meeting on the same boards."""
    rooms: dict[tuple[frozenset[int], tuple[int, ...]], list[tuple[Room, TableAssignment]]] = {}
    for (rnd, table), a in sorted(grid.grid.items()):
        pair = frozenset((team_of(a.ns, teams), team_of(a.ew, teams)))
        rooms.setdefault((pair, a.boards), []).append((Room(rnd, table), a))
    out: list[DrawnMatch] = []
    for (pair, boards), found in rooms.items():
        if len(found) != 2 or len(pair) != 2:
            names = " v ".join(str(t) for t in sorted(pair))
            raise MovementError(
                "teams {names} play boards {first}-{last} at {tables} tables, not in "
                "an open and a closed room (004:2607)",
                code="draw.not-two-rooms",
                names=names,
                first=boards[0],
                last=boards[-1],
                tables=len(found),
            )
        (first, a), (second, b) = sorted(found, key=lambda f: (f[0].round, f[0].table))
        home, away = team_of(a.ns, teams), team_of(b.ns, teams)
        if home == away:
            raise MovementError(
                "round {round}: team {home} sits NS in both rooms of its match",
                code="draw.ns-both-rooms",
                round=first.round,
                home=home,
            )
        out.append(DrawnMatch(first.round, home, away, boards, first, second))
    return tuple(out)


def round_boards(rnd: int, boards_per_match: int) -> tuple[int, ...]:
    """Round ``rnd``'s boards in a Swiss or knockout: (r-1)B+1 .. rB."""
    return tuple(range((rnd - 1) * boards_per_match + 1, rnd * boards_per_match + 1))


def round_grid(
    grid: GridMovement | None,
    rnd: int,
    pairings: Sequence[tuple[int, int | None]],
    teams: int,
    boards_per_match: int,
    name: str,
) -> tuple[GridMovement, tuple[DrawnMatch, ...]]:
    """``grid`` with round ``rnd`` added: match k of ``pairings`` at tables 2k-1, 2k."""
    if grid is not None and grid.rounds != rnd - 1:
        raise MovementError(
            "round {round} follows round {previous}, not round {expected}",
            code="draw.round-order",
            round=rnd,
            previous=grid.rounds,
            expected=rnd - 1,
        )
    cells: dict[tuple[int, int], TableAssignment] = dict(grid.grid) if grid is not None else {}
    boards = round_boards(rnd, boards_per_match)
    drawn: list[DrawnMatch] = []
    k = 0
    for home, away in pairings:
        if away is None:
            drawn.append(DrawnMatch(rnd, home, None))
            continue
        k += 1
        h_ns, h_ew = pair_numbers(home, teams)
        a_ns, a_ew = pair_numbers(away, teams)
        cells[(rnd, 2 * k - 1)] = TableAssignment(h_ns, a_ew, boards)
        cells[(rnd, 2 * k)] = TableAssignment(a_ns, h_ew, boards)
        drawn.append(DrawnMatch(rnd, home, away, boards, Room(rnd, 2 * k - 1), Room(rnd, 2 * k)))
    tables = max((t for _, t in cells), default=2)
    new = GridMovement(name, name.split(" ")[0], rnd, tables, 2, cells)
    return new, tuple(drawn)


def boards_text(boards: Sequence[int]) -> str:
    """Boards as stored: ``1,2,3``."""
    return ",".join(str(b) for b in boards)


def boards_of(text: str) -> tuple[int, ...]:
    return tuple(int(b) for b in text.split(",") if b)


def seat_of(matches: Sequence[DrawnMatch], rnd: int, team: int) -> DrawnMatch | None:
    """The match ``team`` plays in round ``rnd`` (as home, away or with a bye)."""
    for d in matches:
        if d.round == rnd and team in (d.home, d.away):
            return d
    return None


def by_round(matches: Sequence[DrawnMatch]) -> Mapping[int, tuple[DrawnMatch, ...]]:
    out: dict[int, list[DrawnMatch]] = {}
    for d in matches:
        out.setdefault(d.round, []).append(d)
    return {r: tuple(ms) for r, ms in sorted(out.items())}


__all__ = [
    "MOVEMENT_KIND",
    "ROOMS",
    "DrawnMatch",
    "Room",
    "TeamSlip",
    "boards_of",
    "boards_text",
    "by_round",
    "draw_of",
    "matches_of",
    "movement_draw",
    "movement_kind",
    "pair_numbers",
    "round_boards",
    "round_grid",
    "seat_of",
    "team_of",
]
