"""Score a stored team event: the event as played, scored, per session and as a flight.

:func:`team_play` makes the event as played
(:class:`~bridgedesk.results.team_model.TeamEventPlay`) from what the store read in
one transaction (:func:`bridgedesk.store.team_results.read_team_event`): each board
of a match with its two rooms, forfeits (003:228-250, under every scoring,
:mod:`bridgedesk.results.team_forfeits`), byes (in VPs) and the line-ups that name
the pairs for the Butler ranking.  A board with one room still missing is left
out and listed in :attr:`TeamSnapshot.missing`.

:func:`score_teams` is what every surface shows of a team event: ``bridgedesk
results EVENT``, the console's team pages and report zip, the public
``/e/ID/teams/`` and the ranking API: the whole event (every session added up),
each session's own standings, and for an SRR teams + pairs event the pairs
ranking of its field (004:2649-2655) under the mis-seated rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from bridgedesk.bridge.methods import Method
from bridgedesk.bridge.vp import VPScale, scale_from_data
from bridgedesk.deals.deal import Deal
from bridgedesk.errors import BridgedeskError, EntryError
from bridgedesk.events.model import Entry, Result
from bridgedesk.events.team_draw import DrawnMatch, MisSeat, team_of
from bridgedesk.events.team_rooms import TeamDraw
from bridgedesk.events.team_settings import TeamForm, TeamSettings
from bridgedesk.events.team_triangle import triangles
from bridgedesk.reading import loads_json
from bridgedesk.results.model import EventHeading
from bridgedesk.results.srr_pairs import Flight, SrrPairLine, corrected_play, srr_pairs_ranking
from bridgedesk.results.team_model import (
    BoardRooms,
    Lineup,
    MatchPlay,
    RoomScore,
    ScoredTeamEvent,
    TeamEntry,
    TeamEventPlay,
)
from bridgedesk.results.teams import score_team_event
from bridgedesk.scoring.results import Play
from bridgedesk.store import srr_flights, team_events
from bridgedesk.store.movements_repo import deals as stored_deals
from bridgedesk.store.team_results import StoredTeamEvent, read_team_event
from bridgedesk.store.unit import UnitOfWork

__all__ = [
    "SessionPart",
    "SrrPairs",
    "TeamScores",
    "TeamSnapshot",
    "flight",
    "score_teams",
    "scored",
    "team_play",
]


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


def _second_half(
    d: DrawnMatch,
    teams: dict[int, Entry],
    stored: StoredTeamEvent,
) -> tuple[tuple[int, Lineup], ...]:
    """The match's pairs from the second half on, when they changed at half time
    (004:1672-1686): each team's stored second half, or its first half's pairs."""
    assert d.away is not None
    halves = [stored.halves.get((d.round, t)) for t in (d.home, d.away)]
    found = [h for h in halves if h is not None]
    if not found or any(len(teams[t].players) < 4 for t in (d.home, d.away)):
        return ()
    seats: list[tuple[tuple[int, int], ...]] = []
    for team, half in zip((d.home, d.away), halves, strict=True):
        if half is not None:
            seats.append((half.seats.ns, half.seats.ew))
        else:
            seats.append(stored.lineups.get((d.round, team), ((1, 2), (3, 4))))
    (h_ns, h_ew), (a_ns, a_ew) = seats[0], seats[1]
    home, away = teams[d.home], teams[d.away]
    lineup = Lineup(
        _pair_name(home, h_ns), _pair_name(home, h_ew), _pair_name(away, a_ns),
        _pair_name(away, a_ew),
    )  # fmt: skip
    return ((found[0].first_board, lineup),)


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


def as_played(stored: StoredTeamEvent) -> TeamSnapshot:
    """The stored event as played (module doc)."""
    team, teams, draw, by_place = stored.settings, stored.teams, stored.draw, stored.results
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
            lineup = _grid_lineup(d, draw, teams, stored.lineups)
        else:
            lineup = _lineup(d, teams, stored.lineups)
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
            halves = _second_half(d, teams, stored) if lineup is not None else ()
            matches.append(
                MatchPlay(d.round, d.home, d.away, tuple(boards), table=table, lineup=lineup,
                          carry_over=draw.carry.get((d.round, d.home)), halves=halves)
            )  # fmt: skip
    info = stored.event
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


def team_play(unit: UnitOfWork, ref: int | str) -> TeamSnapshot:
    """The event as played, for :func:`~bridgedesk.results.teams.score_team_event`."""
    return as_played(read_team_event(unit, ref))


def scored(unit: UnitOfWork, ref: int | str) -> tuple[ScoredTeamEvent, TeamSnapshot]:
    """The event scored as far as its results go, with the snapshot it was scored from."""
    snap = team_play(unit, ref)
    return score_team_event(snap.play), snap


def flight(unit: UnitOfWork, ref: int | str, snap: TeamSnapshot | None = None) -> Flight:
    """The stored SRR + pairs event as a flight named after the event."""
    with unit.transaction(write=False):
        snap = snap if snap is not None else team_play(unit, ref)
        if snap.settings.form is not TeamForm.SRR_PAIRS:
            raise EntryError(
                "event {event!r} is a {form}, not an SRR teams + pairs flight (004:2633-2655)",
                code="srr.not-a-flight",
                event=snap.play.event.name,
                form=snap.settings.form.value,
            )
        return Flight(
            snap.play.event.name, len(snap.teams), snap.play, srr_flights.misseats(unit, ref)
        )


# -- what every surface shows of a team event ---------------------------------------------


@dataclass(frozen=True)
class SrrPairs:
    """An SRR teams + pairs field's pairs ranking and how it was scored."""

    pairs: tuple[SrrPairLine, ...]
    method: Method


@dataclass(frozen=True)
class SessionPart:
    """One session of a team event of several: its rounds and its own standings."""

    session: int
    rounds: range
    scored: ScoredTeamEvent
    srr: SrrPairs | None


@dataclass(frozen=True)
class TeamScores:
    """A stored team event scored (module doc): the whole event (or the one session
    asked for), each session's part of an event of several, the pairs ranking of an
    SRR + pairs field, the matches with rooms missing and the event's deals."""

    scored: ScoredTeamEvent
    snapshot: TeamSnapshot
    session: int | None
    rounds: range | None
    parts: tuple[SessionPart, ...]
    srr: SrrPairs | None
    missing: tuple[str, ...]
    deals: Mapping[int, Deal]


def _played(f: Flight) -> tuple[MisSeat, ...]:
    """The mis-seated rooms on the boards with results so far (the rest are to come)."""
    boards = {(m.round, m.home): {b.board for b in m.boards} for m in f.play.matches}
    out = []
    for m in f.misseats:
        kept = tuple(b for b in m.boards if b in boards.get((m.round, m.home), set()))
        if kept:
            out.append(replace(m, boards=kept))
    return tuple(out)


def _in_session(unit: UnitOfWork, f: Flight, session: int) -> Flight:
    """Flight ``f`` (a stored event) cut to its own session ``session``."""
    split = team_events.draw(unit, f.name).split
    if split is None:
        raise BridgedeskError(
            "flight {flight!r} is played in one session, not {session}",
            code="srr.one-session",
            flight=f.name,
            session=session,
        )
    rounds = split.rounds(session)
    misseats = tuple(m for m in f.misseats if m.round in rounds)
    return Flight(f.name, f.tables, f.play.in_rounds(rounds), misseats)


def _srr(
    unit: UnitOfWork, first: Flight, others: Sequence[str], session: int | None
) -> tuple[TeamEventPlay, SrrPairs]:
    """The flight's team play under the mis-seated rule and the pairs ranking of its
    field (each flight's own session ``session`` only, when given)."""
    flights = [first, *(flight(unit, name) for name in others)]
    if session is not None:
        flights = [_in_session(unit, f, session) for f in flights]
    play = corrected_play(flights[0].play, _played(flights[0]))
    return play, SrrPairs(srr_pairs_ranking(flights, Method.MP), Method.MP)


def score_teams(
    unit: UnitOfWork, event: int | str, session: int | None = None, flights: Sequence[str] = ()
) -> TeamScores:
    """The stored team event scored as far as its results go (module doc); ``session``
    one session only; ``flights`` the other stored flights of an SRR + pairs field."""
    with unit.transaction(write=False):
        snap = team_play(unit, event)
        split = snap.draw.split
        srr = snap.settings.form is TeamForm.SRR_PAIRS
        if flights and not srr:
            raise BridgedeskError(
                "--flight names the other flights of an SRR teams + pairs event",
                code="publish.flight-needs-srr",
            )
        rounds = None
        if session is not None and (split is not None or session != 1):
            if split is None:
                raise BridgedeskError(
                    "event {event!r} is played in one session, not {session}",
                    code="event.one-session",
                    event=event,
                    session=session,
                )
            rounds = split.rounds(session)
        first = flight(unit, event, snap) if srr else None
        deals = {b: Deal.from_pbn(text, b) for b, text in stored_deals(unit, event).items()}

        def part(rnds: range | None, k: int | None) -> tuple[ScoredTeamEvent, SrrPairs | None]:
            pairs = None
            if first is not None:
                play, pairs = _srr(unit, first, flights, k)
            else:
                play = snap.play if rnds is None else snap.play.in_rounds(rnds)
            if k is not None:  # every page of a session's reports says which
                heading = replace(play.event, name=f"{play.event.name}, session {k}")
                play = replace(play, event=heading)
            return score_team_event(play), pairs

        whole, pairs = part(rounds, session if rounds is not None else None)
        parts: tuple[SessionPart, ...] = ()
        if rounds is None and split is not None:
            parts = tuple(
                SessionPart(k, split.rounds(k), *part(split.rounds(k), k))
                for k in range(1, split.count + 1)
            )
    missing = snap.missing
    if rounds is not None:
        missing = tuple(m for m in missing if int(m.split(",")[0].split()[1]) in rounds)
    return TeamScores(
        whole, snap, session if rounds is not None else None, rounds, parts, pairs, missing, deals
    )
