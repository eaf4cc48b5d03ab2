"""Making a stored team event's draw: the whole movement, or a Swiss or knockout round.

``bridgedesk event movement EVENT`` for a team event comes to :func:`make_draw`:
a movement form (round robin, AWL, mirror Mitchell, stagger, SRR + pairs) is
built by the movements library for the teams entered and stored whole; a
Swiss or knockout stores its first round (Swiss round 1 by seed, 004:1780,
an odd field with a triangle, :mod:`bridgedesk.events.team_triangle`;
the knockout's seeded bracket, byes to the top seeds).  ``bridgedesk event
round EVENT --next`` comes to :func:`next_round`: the event as scored so far
(:func:`~bridgedesk.results.teams.score_team_event` on
:func:`~bridgedesk.store.team_results.team_play`) decides the next round
(:mod:`bridgedesk.results.team_rounds`).
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgedesk.errors import EntryError
from bridgedesk.events.swiss import SwissHistory, SwissTeam, pair_round
from bridgedesk.events.team_draw import DrawnMatch, movement_draw, round_grid
from bridgedesk.events.team_sessions import sessions_draw, swiss_split
from bridgedesk.events.team_settings import TeamForm
from bridgedesk.events.team_triangle import check_boards, odd_round_grid, triangles
from bridgedesk.results.team_model import ScoredTeamEvent
from bridgedesk.results.team_rounds import knockout_first, knockout_next, swiss_next
from bridgedesk.results.teams import score_team_event
from bridgedesk.store import team_events, team_sessions
from bridgedesk.store.lookups import event_row
from bridgedesk.store.team_results import TeamSnapshot, team_play
from bridgedesk.store.unit import UnitOfWork

__all__ = ["DrawReport", "make_draw", "next_round", "scored"]


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
        return len(team_events.teams_entered(s, ev)), team_sessions.count(s, ev)


def make_draw(unit: UnitOfWork, ref: int | str) -> DrawReport:
    """The event's draw for the teams entered (module doc); replaces an earlier draw
    while no result is in."""
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


def scored(unit: UnitOfWork, ref: int | str) -> tuple[ScoredTeamEvent, TeamSnapshot]:
    """The event scored as far as its results go, with the snapshot it was scored from."""
    snap = team_play(unit, ref)
    return score_team_event(snap.play), snap


def next_round(unit: UnitOfWork, ref: int | str, last_round: bool = False) -> DrawReport:
    """Draw and store the next round of a Swiss or knockout."""
    team = team_events.settings(unit, ref)
    if not team.form.drawn_by_round:
        raise EntryError(
            f"a {team.form.value} is drawn whole by `event movement`; only a Swiss or a "
            "knockout draws round by round"
        )
    event, snap = scored(unit, ref)
    draw = snap.draw
    if draw.grid is None or not draw.matches:
        raise EntryError("round 1 is not drawn yet: `bridgedesk event movement EVENT` first")
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
