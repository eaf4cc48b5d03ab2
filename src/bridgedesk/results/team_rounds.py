"""The next round of a stored Swiss or knockout, from the event scored so far.

* **Swiss** (004:1778-1797, 004:2658-2697): the rounds drawn so far become a
  :class:`~bridgedesk.events.swiss.SwissHistory` -- each match with the
  points it scored (VPs, IMPs or McCallum points, as the event is scored),
  or none while a room result is still missing -- and the library's engine
  (:func:`~bridgedesk.events.swiss.pair_round`) draws the next round by the
  event's rule and rematch rule.  Seeds are the team numbers.  A forfeited
  match counts what the forfeit rule awards (003:228-250).  An odd field
  plays a triangle each round (004:2698-2716, :mod:`bridgedesk.events.team_triangle`):
  its three half-matches go into the history with the points each scored
  (half each team's round score, :mod:`bridgedesk.events.team_triangle_scores`),
  so a team's total is right, and the round's ``triangle`` lets the engine count
  the triangles each team has played.
* **Knockout** (004:1762-1772): a seeded bracket on the team numbers
  (:class:`~bridgedesk.events.knockout.SingleKnockout`, byes to the top
  seeds); a match is won on IMPs, a forfeit by the other team; a tied or
  unfinished match holds up the next round.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction

from bridgedesk.errors import PairingError
from bridgedesk.events.knockout import SingleKnockout
from bridgedesk.events.swiss import (
    Pairing,
    SwissHistory,
    SwissMatch,
    SwissRound,
    SwissTeam,
    pair_round,
)
from bridgedesk.events.team_draw import DrawnMatch, by_round
from bridgedesk.events.team_settings import TeamSettings
from bridgedesk.results.team_model import ScoredMatch, ScoredTeamEvent

__all__ = ["knockout_first", "knockout_next", "swiss_next"]


def _decimal(value: Fraction) -> Decimal:
    return Decimal(value.numerator) / Decimal(value.denominator)


def _scored(
    event: ScoredTeamEvent, d: DrawnMatch, forfeits: dict[tuple[int, int], int]
) -> ScoredMatch | None:
    """The scored match of ``d`` when it is complete (every board, or a forfeit)."""
    for m in event.matches:
        if (m.round, m.home, m.away) == (d.round, d.home, d.away):
            if m.forfeited_by is not None or len(m.boards) == len(d.boards):
                return m
            return None
    return None


def swiss_next(
    event: ScoredTeamEvent,
    drawn: Sequence[DrawnMatch],
    forfeits: dict[tuple[int, int], int],
    teams: int,
    team: TeamSettings,
    last_round: bool = False,
    trios: Mapping[int, tuple[int, int, int]] | None = None,
) -> Pairing:
    """The next Swiss round: matches (home, away) by table, its triangle (an odd
    field), the basis; ``trios`` are the triangles of the rounds drawn."""
    rounds = []
    for rnd, matches in by_round(drawn).items():
        played = []
        for d in matches:
            assert d.away is not None
            m = _scored(event, d, forfeits)
            vp = None if m is None else (_decimal(m.points[0]), _decimal(m.points[1]))
            played.append(SwissMatch(d.home, d.away, vp))
        rounds.append(SwissRound(rnd, tuple(played), (trios or {}).get(rnd)))
    history = SwissHistory(tuple(SwissTeam(t, t) for t in range(1, teams + 1)), tuple(rounds))
    final = last_round or (team.rounds is not None and len(rounds) + 1 == team.rounds)
    if team.rounds is not None and len(rounds) >= team.rounds:
        raise PairingError(
            "the Swiss was set for {rounds} rounds, all drawn",
            code="draw.swiss-all-drawn",
            rounds=team.rounds,
        )
    return pair_round(history, team.rule, team.rematch_rule, last_round=final)


def knockout_first(teams: int) -> tuple[tuple[int, int | None], ...]:
    """Round 1 of the seeded bracket: (home, away), ``away`` None for a bye."""
    return tuple((m.home, m.away) for m in SingleKnockout(teams).first_round())


def knockout_next(
    event: ScoredTeamEvent,
    drawn: Sequence[DrawnMatch],
    forfeits: dict[tuple[int, int], int],
    teams: int,
) -> tuple[int, tuple[tuple[int, int | None], ...]]:
    """The next knockout round from the winners of the rounds drawn."""
    ko = SingleKnockout(teams)
    stored = by_round(drawn)
    winners: dict[tuple[int, int], int] = {}
    for rnd, matches in stored.items():
        bracket = ko.play(winners)
        for km in bracket[rnd - 1]:
            if km.away is None:
                continue
            d = next(x for x in matches if {x.home, x.away} == {km.home, km.away})
            assert d.away is not None
            loser = forfeits.get((d.round, d.home))
            if loser is not None:
                winners[(rnd, km.number)] = d.away if loser == d.home else d.home
                continue
            m = _scored(event, d, forfeits)
            if m is None:
                raise PairingError(
                    "round {round}: the match {match} is not finished; enter every room "
                    "result before the next round",
                    code="draw.match-not-finished",
                    round=rnd,
                    match=d.label,
                )
            if m.points[0] == m.points[1]:
                raise PairingError(
                    "round {round}: the match {match} is tied on IMPs; play extra boards and "
                    "enter them before the next round",
                    code="draw.match-tied",
                    round=rnd,
                    match=d.label,
                )
            winners[(rnd, km.number)] = d.home if m.points[0] > m.points[1] else d.away
    champion = ko.champion(winners)
    if champion is not None:
        raise PairingError(
            "the knockout is over: team {team} won the final",
            code="draw.knockout-over",
            team=champion,
        )
    bracket = ko.play(winners)
    nxt = len(stored) + 1
    return nxt, tuple((m.home, m.away) for m in bracket[nxt - 1])
