"""A team room's result placed on the team grid, checked against the draw.

A room result is a slip addressed the way a team director reads a score sheet:
round, home and away team, room (``open``: the home team's NS table,
``closed``: the away team's, 004:1631-1633) and board (:class:`TeamSlip`).  The
draw (:class:`TeamDraw`, as stored) says whether that match exists in that
round, which boards it plays, whether it was forfeited (003:228-250), and at
which grid place (round and table) each room plays; :func:`place_room` turns
the slip into that place's ordinary slip, with the pairs the grid seats there,
so that it is checked and stored like a pairs slip
(:func:`bridgedesk.events.slips.check_slip`) and corrected the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from bridgedesk.errors import ConflictError, EntryError, Location
from bridgedesk.events.model import Result
from bridgedesk.events.seating import GridMovement, boards_phrase
from bridgedesk.events.slips import OnBoard
from bridgedesk.events.team_draw import ROOM_WORDS, ROOMS, DrawnMatch, Room, TeamSlip, pair_numbers
from bridgedesk.events.team_sessions import SessionSplit
from bridgedesk.i18n import phrase

__all__ = ["TeamDraw", "check_room_free", "match_at", "place_room"]


@dataclass(frozen=True)
class TeamDraw:
    """The stored draw: the grid, the matches, withdrawn teams (team -> from round)."""

    grid: GridMovement | None
    matches: tuple[DrawnMatch, ...]
    forfeits: dict[tuple[int, int], int]
    withdrawn: dict[int, int]
    #: where the sessions end, for an event of several sessions once drawn
    split: SessionSplit | None = None
    #: Knockout carry-overs in IMPs: (round, home) -> (home's, away's).
    carry: dict[tuple[int, int], tuple[Fraction, Fraction]] = field(default_factory=dict)

    def match(self, rnd: int, home: int, away: int) -> DrawnMatch:
        """The match ``home`` v ``away`` of round ``rnd``, or one line saying what is."""
        for d in self.matches:
            if d.round == rnd and (d.home, d.away) == (home, away):
                return d
        for d in self.matches:
            if d.round == rnd and (d.home, d.away) == (away, home):
                raise EntryError(
                    "round {round}: team {home} is at home against team {away}, not away "
                    "(the open room is {home}'s NS, 004:1631-1633): enter it as "
                    "--home {home} --away {away}",
                    code="team.home-away-reversed",
                    round=rnd,
                    home=away,
                    away=home,
                )
        rounds = sorted({d.round for d in self.matches})
        if rnd not in rounds:
            drawn = (
                phrase("rounds {first}-{last}", first=rounds[0], last=rounds[-1])
                if rounds
                else phrase("no round yet")
            )
            raise EntryError(
                "round {round} is not drawn (the draw has {drawn})",
                code="team.round-not-drawn",
                round=rnd,
                drawn=drawn,
            )
        plays = [d for d in self.matches if d.round == rnd and home in (d.home, d.away)]
        if plays:
            raise EntryError(
                "round {round} has no match {home} v {away}; team {home} plays {match}",
                code="team.no-such-match",
                round=rnd,
                home=home,
                away=away,
                match=plays[0].label,
            )
        raise EntryError(
            "round {round} has no match {home} v {away}",
            code="team.no-such-match",
            round=rnd,
            home=home,
            away=away,
        )

    def forfeited_by(self, d: DrawnMatch) -> int | None:
        return self.forfeits.get((d.round, d.home))


def _room(d: DrawnMatch, room: str) -> Room:
    if room not in ROOMS:
        raise EntryError(
            "the room is open (home NS) or closed (away NS), not {room!r}",
            code="team.bad-room",
            room=room,
        )
    found = d.open if room == "open" else d.closed
    assert found is not None  # a played match has both rooms
    return found


def place_room(draw: TeamDraw, slip: TeamSlip, teams: int) -> Result:
    """The slip checked against the draw (the match, its boards, no forfeit), as the
    result of the grid place its room plays at; ``teams``: how many are entered."""
    d = draw.match(slip.round, slip.home, slip.away)
    where = Location(round=slip.round, board=slip.board)
    forfeit = draw.forfeited_by(d)
    if forfeit is not None:
        raise EntryError(
            "round {round}: the match {match} was forfeited by team {forfeit} "
            "(003:228-250); it has no results",
            where,
            code="team.match-forfeited",
            round=slip.round,
            match=d.label,
            forfeit=forfeit,
        )
    if slip.board not in d.boards:
        raise EntryError(
            "round {round}: the match {match} plays {boards}, not board {board}",
            where,
            code="team.board-not-in-match",
            round=slip.round,
            match=d.label,
            boards=boards_phrase(d.boards),
            board=slip.board,
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


def check_room_free(slip: TeamSlip, placed: Result, board: Sequence[OnBoard]) -> None:
    """A room enters each board of its match once: refuse a second result (its
    correction goes through ``result team ... --correct``)."""
    for b in board:
        if not b.deleted and (b.result.round, b.result.table) == (placed.round, placed.table):
            raise ConflictError(
                "round {round}: the {room} room of {home} v {away} has a result on board "
                "{board} already; correct it with `bridgedesk result team ... --correct "
                "--reason ...`",
                code="team.room-result-exists",
                round=slip.round,
                room=ROOM_WORDS[slip.room],
                home=slip.home,
                away=slip.away,
                board=slip.board,
            )


def match_at(matches: Sequence[DrawnMatch], here: Room) -> tuple[DrawnMatch, str] | None:
    """The match played at grid place ``here`` and its room (open or closed), if any."""
    for d in matches:
        if d.away is None:
            continue
        if d.open == here:
            return d, "open"
        if d.closed == here:
            return d, "closed"
    return None
