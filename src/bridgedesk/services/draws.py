"""Draw the next round: a team event's draw (the whole movement, or a Swiss or
knockout round) and a pairs event's played round by round.

**Pairs** (Swiss pairs, barometer, Houston pairs): the event keeps its draw as the
section's movement: :func:`next_pair_round` adds one round to it, drawn from the
standings after the round before (:mod:`bridgedesk.events.pair_draw`), every table
of the round playing the same new boards (004:1509, 004:1513).  Result entry is
then checked against the draw like any movement, and the missing-slip check
covers the round.

**Teams**:

``bridgedesk event movement EVENT`` for a team event comes to :func:`make_draw`:
a movement form (round robin, AWL, mirror Mitchell, stagger, SRR + pairs) is
built by the movements library for the teams entered and stored whole; a
Swiss or knockout stores its first round (Swiss round 1 by seed, 004:1780,
an odd field with a triangle, :mod:`bridgedesk.events.team_triangle`;
the knockout's seeded bracket, byes to the top seeds).  ``bridgedesk event
round EVENT --next`` comes to :func:`next_round`: the event as scored so far
(:func:`bridgedesk.services.team_scores.scored`) decides the next round
(:mod:`bridgedesk.results.team_rounds`).
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgedesk.errors import EntryError, PairingError
from bridgedesk.events.pair_draw import Draw, draw_by_standings, round_robin
from bridgedesk.events.pair_formats import Pairing
from bridgedesk.events.seating import GridMovement, TableAssignment
from bridgedesk.events.swiss import SwissHistory, SwissTeam, pair_round
from bridgedesk.events.team_draw import DrawnMatch, movement_draw, round_grid
from bridgedesk.events.team_sessions import sessions_draw, swiss_split
from bridgedesk.events.team_settings import TeamForm
from bridgedesk.events.team_triangle import check_boards, odd_round_grid, triangles
from bridgedesk.results.pair_rounds import draws_of
from bridgedesk.results.team_rounds import knockout_first, knockout_next, swiss_next
from bridgedesk.services.event_scores import standings
from bridgedesk.services.team_scores import scored
from bridgedesk.store import director, events_repo, movements_repo, team_events
from bridgedesk.store.event_options import SECTION, SESSION, options
from bridgedesk.store.lookups import event_row
from bridgedesk.store.unit import UnitOfWork

__all__ = ["DrawReport", "Drawn", "make_draw", "next_pair_round", "next_round", "pair_draws"]


@dataclass(frozen=True)
class DrawReport:
    """What a draw stored: its name, the matches added, and how they were decided."""

    name: str
    matches: tuple[DrawnMatch, ...]
    basis: str = ""


def _teams(unit: UnitOfWork, ref: int | str) -> tuple[int, int]:
    """The teams entered and the sessions the event is played in."""
    with unit.transaction(write=False) as s:
        ev = event_row(s, ref)
        return len(team_events.teams_entered(s, ev)), team_events.session_count(s, ev)


def make_draw(unit: UnitOfWork, ref: int | str) -> DrawReport:
    """The event's draw for the teams entered (module doc), in one transaction; replaces
    an earlier draw while no result is in."""
    with unit.transaction():
        return _make_draw(unit, ref)


def _make_draw(unit: UnitOfWork, ref: int | str) -> DrawReport:
    team = team_events.settings(unit, ref)
    teams, sessions = _teams(unit, ref)
    bpm = team.boards_per_match
    if not team.form.drawn_by_round:
        if sessions > 1:
            grid, matches, split = sessions_draw(team.form, teams, bpm, team.cycles, sessions)
            team_events.set_draw(unit, ref, grid, matches, split)
            return DrawReport(f"{grid.name}, {sessions} sessions", matches)
        grid, matches = movement_draw(team.form, teams, bpm, team.cycles)
        team_events.set_draw(unit, ref, grid, matches)
        return DrawReport(grid.name, matches)
    if team.form is TeamForm.SWISS:
        if teams % 2:
            check_boards(bpm)
        history = SwissHistory(tuple(SwissTeam(t, t) for t in range(1, teams + 1)), ())
        p = pair_round(history, team.rule, team.rematch_rule)
        name, basis = f"swiss {teams} teams, {bpm} boards a round", p.basis
        if p.triangle is not None:
            grid, matches = odd_round_grid(None, 1, p.matches, p.triangle, teams, bpm, name)
            odd_split = swiss_split(team.rounds, sessions) if sessions > 1 else None
            team_events.set_draw(unit, ref, grid, matches, odd_split)
            return DrawReport(name, matches, basis)
        pairings: tuple[tuple[int, int | None], ...] = p.matches
    else:
        pairings = knockout_first(teams)
        name, basis = f"knockout {teams} teams, {bpm} boards a match", "seeded bracket"
        if team.segments > 1:
            each = f"{bpm} board{'s' if bpm > 1 else ''}"
            name = f"knockout {teams} teams, {team.segments} segments of {each} a match"
            bpm *= team.segments  # a match's segments play on, their IMPs added
    grid, matches = round_grid(None, 1, pairings, teams, bpm, name)
    rounds = swiss_split(team.rounds, sessions) if sessions > 1 else None
    team_events.set_draw(unit, ref, grid, matches, rounds)
    return DrawReport(name, matches, basis)


def next_round(unit: UnitOfWork, ref: int | str, last_round: bool = False) -> DrawReport:
    """Draw and store the next round of a Swiss or knockout, in one transaction."""
    with unit.transaction():
        return _next_round(unit, ref, last_round)


def _next_round(unit: UnitOfWork, ref: int | str, last_round: bool = False) -> DrawReport:
    team = team_events.settings(unit, ref)
    if not team.form.drawn_by_round:
        raise EntryError(
            "a {form} is drawn whole by `event movement`; only a Swiss or a knockout "
            "draws round by round",
            code="draw.not-by-round",
            form=team.form.value,
        )
    event, snap = scored(unit, ref)
    draw = snap.draw
    if draw.grid is None or not draw.matches:
        raise EntryError(
            "round 1 is not drawn yet: `bridgedesk event movement EVENT` first",
            code="draw.round-one-not-drawn",
        )
    teams = len(snap.teams)
    after = max(d.round for d in draw.matches)
    basis = ""
    if team.form is TeamForm.SWISS:
        p = swiss_next(
            event, draw.matches, draw.forfeits, teams, team, last_round, triangles(draw.matches)
        )
        rnd, basis = p.round, p.basis
        if p.triangle is not None:
            grid, matches = odd_round_grid(
                draw.grid, rnd, p.matches, p.triangle, teams, team.boards_per_match,
                draw.grid.name,
            )  # fmt: skip
            team_events.add_round(unit, ref, grid, matches, after)
            return DrawReport(grid.name, matches, basis)
        pairings: tuple[tuple[int, int | None], ...] = p.matches
    else:
        rnd, pairings = knockout_next(event, draw.matches, draw.forfeits, teams)
    grid, matches = round_grid(
        draw.grid, rnd, pairings, teams, team.boards_per_match * team.segments, draw.grid.name
    )
    team_events.add_round(unit, ref, grid, matches, after)
    return DrawReport(grid.name, matches, basis)


@dataclass(frozen=True)
class Drawn:
    """A pairs round drawn: the draw, the boards every table plays, the pairs' names."""

    draw: Draw
    boards: tuple[int, ...]
    names: dict[int, str]


def next_pair_round(unit: UnitOfWork, ref: int | str, boards: int) -> Drawn:
    """Draw the next round of a Swiss pairs, barometer or Houston pairs event and add it
    to the section's movement (module doc), in one transaction.

    Refused while a slip of the previous round is missing: the standings after
    it decide the draw (004:2594)."""
    with unit.transaction():
        return _next_pair_round(unit, ref, boards)


def _next_pair_round(unit: UnitOfWork, ref: int | str, boards: int) -> Drawn:
    if boards < 1:
        raise EntryError(
            "a round has at least one board, not {boards}", code="draw.no-boards", boards=boards
        )
    opts = options(unit, ref)
    if opts.format is None:
        raise EntryError(
            "event {event} has no round-by-round format: its movement is set with "
            "`bridgedesk event movement` (a Swiss pairs, barometer or Houston event "
            "is created with `event new NAME --format ...`)",
            code="draw.no-round-format",
            event=ref,
        )
    entries = events_repo.entries(unit, ref, section=SECTION, session=SESSION)
    field = sorted(n for n, e in entries.items() if not e.phantom)
    current = movements_repo.movement(unit, ref, section=SECTION, session=SESSION)
    history = draws_of(current, field)
    if history:
        late = director.missing(unit, ref, SECTION, SESSION)
        if late:
            raise PairingError(
                "round {round} is not complete: {missing} slip(s) missing, the first "
                "{first}; enter them or mark them not played first",
                code="draw.round-incomplete",
                round=history[-1].round,
                missing=len(late),
                first=late[0],
            )
    if opts.draw is Pairing.ROUND_ROBIN:
        draw = round_robin(field, history)
    else:
        order = field
        if history:
            result = standings(unit, ref)
            final = result.final
            if final is None or final.round != len(history):
                raise PairingError(
                    "the standings after round {round} are not known yet",
                    code="draw.standings-unknown",
                    round=len(history),
                )
            ranked = [int(x.pair) for x in final.lines if x.pair.isdigit()]
            order = ranked + [p for p in field if p not in ranked]
        draw = draw_by_standings(order, history)
    first = 1 + max((b for a in (current.grid.values() if current else ()) for b in a.boards),
                    default=0)  # fmt: skip
    played = tuple(range(first, first + boards))
    grid = dict(current.grid) if current is not None else {}
    for table, (ns, ew) in enumerate(draw.tables, start=1):
        grid[(draw.round, table)] = TableAssignment(ns, ew, played)
    assert opts.format is not None
    movement = GridMovement(
        name=f"{opts.format.value}, {draw.round} round(s)",
        kind=opts.format.value,
        rounds=draw.round,
        tables=max(len(draw.tables), current.tables if current is not None else 0),
        winners=1,
        grid=grid,
    )
    movements_repo.set_movement(unit, ref, movement, section=SECTION, session=SESSION)
    return Drawn(draw, played, {n: e.names for n, e in entries.items()})


def pair_draws(unit: UnitOfWork, ref: int | str) -> list[Draw]:
    """The rounds drawn so far of a Swiss pairs, barometer or Houston pairs event."""
    entries = events_repo.entries(unit, ref, section=SECTION, session=SESSION)
    field = sorted(n for n, e in entries.items() if not e.phantom)
    return draws_of(movements_repo.movement(unit, ref, section=SECTION, session=SESSION), field)
