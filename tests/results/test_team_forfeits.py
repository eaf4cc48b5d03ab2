"""Walkovers under every team scoring (003:228-250 carried over, results.team_forfeits).

Four teams, one board a match.  Round 1: 1 v 2 (team 1 loses the board by 470
points, 10 IMPs), 3 v 4 (3 loses by 40, 1 IMP); round 2: 2 v 4 (2 wins by
450, 10 IMPs) and 1 v 3, forfeited by team 3.  The winner's award is the most
of (1) team 1's own average over matches played, (2) what team 3's opponents
scored against it on average, (3) 1.2 draws; the values below are worked by
hand from those few matches (the B-a-M + VP one reads the ``bam`` scale
itself).
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from bridgedesk.bridge.methods import Method
from bridgedesk.bridge.vp import get_scale
from bridgedesk.errors import ScoringError
from bridgedesk.results.model import EventHeading
from bridgedesk.results.teams import (
    BoardRooms,
    MatchPlay,
    RoomScore,
    TeamEntry,
    TeamEventPlay,
    score_team_event,
)
from tests.events.team_cli import add_teams, draw_matches, enter, simulated_rooms
from tests.events.test_cli import Cli


def _play(scoring: Method, boards: int = 1) -> TeamEventPlay:
    def match(rnd: int, home: int, away: int, open_ns: int, closed_ns: int) -> MatchPlay:
        played = tuple(
            BoardRooms(b, RoomScore(open_ns), RoomScore(closed_ns)) for b in range(1, boards + 1)
        )
        return MatchPlay(rnd, home, away, played)

    return TeamEventPlay(
        EventHeading("Forfeits"),
        tuple(TeamEntry(t, f"Team {t}") for t in range(1, 5)),
        (
            match(1, 1, 2, -50, 420),
            match(1, 3, 4, 100, 140),
            match(2, 2, 4, 620, 170),
            MatchPlay(2, 1, 3, forfeited_by=3),
        ),
        scoring=scoring,
        stock=40,
    )


@pytest.mark.parametrize(
    ("scoring", "winner", "loser"),
    [
        # own average -10, 3's opponents +1, 1.2 x 0: +1; an IMP match is zero-sum
        (Method.TEAM_IMPS, Fraction(1), Fraction(-1)),
        # own average 30, 3's opponents 41, 1.2 x the stock 40 = 48; the loser 0
        (Method.MCCALLUM, Fraction(48), Fraction(0)),
        # own average 0, 3's opponents 2 (4 won the board), 1.2 x 1 point; the loser 0
        (Method.BOARD_A_MATCH, Fraction(2), Fraction(0)),
    ],
)
def test_a_walkover_in_each_scoring(scoring: Method, winner: Fraction, loser: Fraction) -> None:
    event = score_team_event(_play(scoring))
    forfeit = next(m for m in event.matches if m.forfeited_by == 3)
    assert forfeit.points == (winner, loser)
    totals = {s.team: s.points for s in event.standings}
    played = {
        Method.TEAM_IMPS: {1: -10, 2: 10 + 10, 3: -1, 4: 1 - 10},
        Method.MCCALLUM: {1: 30, 2: 50 + 50, 3: 39, 4: 41 + 30},
        Method.BOARD_A_MATCH: {1: 0, 2: 2 + 2, 3: 0, 4: 2 + 0},
    }[scoring]
    assert totals == {1: played[1] + winner, 2: played[2], 3: played[3] + loser, 4: played[4]}


def test_a_walkover_in_bam_vp() -> None:
    """Two boards a match (the ``bam`` scale starts at two), each as above."""
    bam = get_scale("bam")

    def vp(net: int) -> Fraction:
        return Fraction(bam.vp(net, 2)[0])

    event = score_team_event(_play(Method.BAM_VP, boards=2))
    forfeit = next(m for m in event.matches if m.forfeited_by == 3)
    own = 0 + vp(-940)  # team 1 lost both boards and the round's points
    against_3 = 4 + vp(80)  # team 4 won both boards from 3, by 80 points in all
    draw = 2 + vp(0)
    assert forfeit.points == (max(own, against_3, draw * Fraction(6, 5)), vp(-(10**6)))


def test_a_bye_is_still_a_vp_rule() -> None:
    play = _play(Method.TEAM_IMPS)
    with pytest.raises(ScoringError, match="byes are scored in VPs"):
        score_team_event(
            TeamEventPlay(play.event, play.teams, play.matches, Method.TEAM_IMPS, byes=((3, 1),))
        )


def test_a_stored_imp_round_robin_scores_its_walkover(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Through the store: team 4 forfeits round 3 of an IMP round robin of 4 teams;
    the award is worked from the other matches' IMPs in ``results --format json``."""
    cli = Cli(tmp_path / "imp.sqlite3", capsys)
    cli("event", "new", "IMP", "--kind", "teams", "--format", "round-robin", "--scoring", "imp",
        "--boards-per-match", "2")  # fmt: skip
    add_teams(cli, "IMP", 4)
    cli("event", "movement", "IMP")
    cli("result", "forfeit", "IMP", "--round", "3", "--team", "4", "--reason", "no show")
    enter(cli, "IMP", simulated_rooms(draw_matches(cli, "IMP"), seed=41), tmp_path / "r.csv")
    got = json.loads(cli("results", "IMP", "--format", "json"))
    forfeit = next(m for m in got["matches"] if m.get("forfeited_by") == 4)
    winner = forfeit["away"] if forfeit["home"] == 4 else forfeit["home"]
    played = [m for m in got["matches"] if m.get("forfeited_by") is None]

    def margin(m: dict[str, object], team: int) -> int:
        imps = m["imps"]
        assert isinstance(imps, list)
        home = int(imps[0]) - int(imps[1])
        return home if m["home"] == team else -home

    own = [margin(m, winner) for m in played if winner in (m["home"], m["away"])]
    against = [-margin(m, 4) for m in played if 4 in (m["home"], m["away"])]
    award = max(Fraction(sum(own), len(own)), Fraction(sum(against), len(against)), Fraction(0))
    side = 0 if forfeit["home"] == winner else 1
    assert forfeit["points"][side] == pytest.approx(float(award), abs=0.005)
    assert forfeit["points"][1 - side] == pytest.approx(-float(award), abs=0.005)


def test_a_triangle_half_match_forfeited() -> None:
    """Three teams of a Swiss in a triangle, four boards a round: 1 v 2 is played on
    two boards (a 470-point board to 2, 10 IMPs; then level), team 3 forfeits both
    its half-matches.  Team 1's played half alone is 10 IMPs down on the 2-board
    scale and counts half; its forfeited half counts half the award, the most of its
    own average (that half's VPs) and 1.2 draws (team 3 played nobody)."""
    scale = get_scale("wbf2013")
    boards = (
        BoardRooms(1, RoomScore(-50), RoomScore(420)),
        BoardRooms(2, RoomScore(100), RoomScore(100)),
    )
    play = TeamEventPlay(
        EventHeading("Triangle"),
        tuple(TeamEntry(t, f"Team {t}") for t in range(1, 4)),
        (
            MatchPlay(1, 1, 2, boards),
            MatchPlay(1, 2, 3, forfeited_by=3),
            MatchPlay(1, 3, 1, forfeited_by=3),
        ),
        scoring=Method.TEAM_VP,
        boards_per_match=4,
        form="swiss",
    )
    event = score_team_event(play)
    one, two = (Fraction(v) for v in scale.vp(-10, 2))
    draw = Fraction(scale.vp(0, 4)[0])
    totals = {s.team: s.points for s in event.standings}
    assert totals[1] == one / 2 + max(one, draw * Fraction(6, 5)) / 2
    assert totals[2] == two / 2 + max(two, draw * Fraction(6, 5)) / 2
    assert totals[3] == 0
    assert {s.team: s.played for s in event.standings} == {1: 1, 2: 1, 3: 1}
