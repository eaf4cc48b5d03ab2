"""Scoring a triangle: three teams of an odd Swiss field in one round (004:2698-2716).

A team that plays two matches in one round is in a triangle (the check of
:func:`bridgedesk.results.teams.score_team_event` allows no other case).  Each of
its two matches is a *half-match* on half the round's boards
(:mod:`bridgedesk.events.team_triangle`).  The seed says how it scores
(004:2701): team A plays four boards against each of B and C, eight in all,
"and the IMP margin of these eight boards is converted to VPs".  So:

* a triangle team's **round score** is its two half-matches joined into one
  match from its side -- every board of both, its penalties and its
  opponents' -- scored as the event scores a match: on the VP scale for the
  round's board count (``vp``), stock plus or minus the joined margin
  (``mccallum``), board-a-match points plus the joined net points on the
  ``bam`` scale (``bam-vp``).  Under ``imp`` the joined margin is the sum of
  the two margins, so each half-match keeps its own;
* each half-match counts **half** its teams' round scores, so a team's two
  half-matches add up to its round score and the standings, the cross-table
  and the Swiss ranking need nothing else; the round scores themselves are
  kept on the half-match (:attr:`ScoredMatch.triangle`) for the reports.
  The two halves are not zero-sum: each team's VPs come from its own margin;
* a half-match **forfeited** (003:228-250) counts half the walkover award
  each way, as it is half a round; the team's half-match actually played is
  then scored alone, on the scale for the boards played in it, and counts half.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from fractions import Fraction

from bridgedesk.bridge.methods import Method
from bridgedesk.results.team_model import (
    BoardRooms,
    MatchPlay,
    ScoredMatch,
    TeamEventPlay,
)

__all__ = ["halves", "round_scores", "score_halves", "share_forfeits"]

#: How a match of boards is scored: (the match, boards its scale is for) -> scored.
Scorer = Callable[[MatchPlay, int], ScoredMatch]


def halves(matches: Sequence[MatchPlay], form: str) -> frozenset[int]:
    """Positions in ``matches`` of the triangles' half-matches: a Swiss's matches of a
    team drawn twice in a round (an AWL's teams play two matches a round too)."""
    if form != "swiss":
        return frozenset()
    count: dict[tuple[int, int], int] = {}
    for m in matches:
        for team in (m.home, m.away):
            count[(m.round, team)] = count.get((m.round, team), 0) + 1
    return frozenset(
        i
        for i, m in enumerate(matches)
        if count[(m.round, m.home)] == 2 or count[(m.round, m.away)] == 2
    )


def _from_side(m: MatchPlay, team: int) -> tuple[BoardRooms, ...]:
    """The boards of ``m`` with ``team`` as the home team (rooms and adjustments swapped)."""
    if team == m.home:
        return m.boards
    out = []
    for b in m.boards:
        tb = b.team_board()
        out.append(
            BoardRooms(b.board, b.closed, b.open, tb.b_adjustment(), b.adjustment)
            if b.adjustment is not None
            else BoardRooms(b.board, b.closed, b.open)
        )
    return tuple(out)


def _joined(team: int, played: Sequence[MatchPlay]) -> MatchPlay:
    boards: list[BoardRooms] = []
    own = other = 0
    for m in played:
        boards += _from_side(m, team)
        own += m.penalty_home if team == m.home else m.penalty_away
        other += m.penalty_away if team == m.home else m.penalty_home
    first = played[0]
    opponent = first.away if team == first.home else first.home
    return MatchPlay(first.round, team, opponent, tuple(boards), None, own, other)


def score_halves(
    matches: Sequence[MatchPlay],
    scored: Sequence[ScoredMatch | None],
    play: TeamEventPlay,
    score: Scorer,
) -> list[ScoredMatch | None]:
    """``scored`` (None for a forfeit) with each triangle half-match's points made
    half its teams' round scores (module doc); ``play.boards_per_match`` is the boards
    a round is scheduled for (the VP scale's count when both halves are played)."""
    out = list(scored)
    tri = halves(matches, play.form)
    round_boards = play.boards_per_match
    if play.scoring is Method.TEAM_IMPS or not tri:
        return out
    share: dict[tuple[int, int], Fraction] = {}
    for i in tri:
        m = matches[i]
        for team in (m.home, m.away):
            if (m.round, team) in share:
                continue
            played = [
                x for j, x in enumerate(matches)
                if j in tri and x.round == m.round and team in (x.home, x.away)
                and x.forfeited_by is None
            ]  # fmt: skip
            if not played:
                continue
            n = sum(len(x.boards) for x in played)
            if len(played) == 2 and round_boards is not None:
                n = round_boards
            share[(m.round, team)] = score(_joined(team, played), n).points[0] / 2
    for i in tri:
        sm = out[i]
        if sm is None:
            continue
        points = (share[(sm.round, sm.home)], share[(sm.round, sm.away)])
        vp = points if sm.vp is not None else None
        out[i] = replace(sm, points=points, vp=vp)
    return out


def share_forfeits(
    matches: Sequence[MatchPlay], form: str, scored: list[ScoredMatch]
) -> list[ScoredMatch]:
    """A forfeited half-match counts half the walkover award each way (module doc)."""
    tri = halves(matches, form)
    out = list(scored)
    for i in tri:
        sm = out[i]
        if sm.forfeited_by is None:
            continue
        points = (sm.points[0] / 2, sm.points[1] / 2)
        out[i] = replace(sm, points=points, vp=points if sm.vp is not None else None)
    return out


def round_scores(
    matches: Sequence[MatchPlay], form: str, scored: list[ScoredMatch]
) -> list[ScoredMatch]:
    """Each half-match with its teams' round scores (:attr:`ScoredMatch.triangle`)."""
    tri = halves(matches, form)
    total: dict[tuple[int, int], Fraction] = {}
    for i in tri:
        sm = scored[i]
        for side, team in enumerate((sm.home, sm.away)):
            total[(sm.round, team)] = total.get((sm.round, team), Fraction(0)) + sm.points[side]
    out = list(scored)
    for i in tri:
        sm = out[i]
        out[i] = replace(sm, triangle=(total[(sm.round, sm.home)], total[(sm.round, sm.away)]))
    return out
