"""A league division's masterpoints (000:549-605): fixed red points by division.

The Japan League pays its division 1 winner 320 and its division 2 winner 160 red
points; a club league 100, 50 and 32 to its divisions 1-3, and with four or more
divisions division 2 keeps 50, the lowest 32, and those between go down in equal
steps (000:587-593, :func:`~bridgedesk.masterpoints.jcbl.club.club_league_points`).
The figures are per team ("チーム戦はチームあたり", 000:603): a team's award is
shared by its players, as the formula's player coefficient P shares a team's
(000:248-252, the team's size).  Places below the winner get the winner's points
times the team place coefficient 1/N (000:411-421, "2位以下のポイントは MP 規則の
順位係数により算出", 000:551), to the top 35 % of the division (000:491-493); tied
teams share the places' exact points, rounded once (000:503-507).  A player who
played less than half the team's boards gets no overall award (000:539-541, 000:529-537).
"""

from __future__ import annotations

from fractions import Fraction

from bridgedesk.errors import MasterpointError
from bridgedesk.events.league import LeaguePoints
from bridgedesk.masterpoints.awards import Award
from bridgedesk.masterpoints.jcbl.club import (
    EventKind,
    club_league_points,
    fixed_red_points,
    place_factor,
)
from bridgedesk.masterpoints.jcbl.weekly import award_places, tied_points
from bridgedesk.masterpoints.ranking import Ranking, ties
from bridgedesk.masterpoints.rounding import jcbl_round

__all__ = ["award_division", "winner_points"]


def winner_points(points: LeaguePoints, division: int, divisions: int, teams: int) -> Fraction:
    """The red points a division's winning team gets (module doc)."""
    if points is LeaguePoints.JAPAN_LEAGUE:
        if division not in (1, 2):
            raise MasterpointError(
                f"the Japan League pays divisions 1 and 2 (000:587-588), not division {division}"
            )
        return fixed_red_points(f"japan-league-{division}", 1, EventKind.TEAMS, teams=teams)
    if points is LeaguePoints.CLUB_LEAGUE:
        return club_league_points(division, divisions)
    raise MasterpointError("the league pays no masterpoints (--masterpoints none)")


def award_division(
    ranking: Ranking, points: LeaguePoints, division: int, divisions: int
) -> tuple[Award, ...]:
    """Every player's award in one division, ranked by ``ranking`` (one field, the
    division's standings; each placing's ``participation`` the share of the team's
    boards each player played)."""
    teams = len(ranking.placings)
    if teams < 1:
        return ()
    first = winner_points(points, division, divisions, teams)
    values = [first * place_factor(p, EventKind.TEAMS) for p in range(1, teams + 1)]
    paid = award_places(teams)
    counts = ties([(p, p.place) for p in ranking.placings])
    name = {LeaguePoints.JAPAN_LEAGUE: "Japan League", LeaguePoints.CLUB_LEAGUE: "club league"}
    out: list[Award] = []
    for placing in ranking.placings:
        place, count = placing.place, counts[placing.place]
        if place > paid:
            continue
        team_value = tied_points(values, place, count)
        share = team_value / len(placing.players)
        reason = (
            f"JCBL {name[points]} division {division} of {divisions}: {first} RP a team for "
            f"the winner (000:587-593), x 1/{place} (000:411-421), / {len(placing.players)} "
            "players"
        )
        if count > 1:
            reason += f", tie for places {place}-{place + count - 1} averaged"
        for member in placing.players:
            if placing.played(member) < Fraction(1, 2):
                continue  # less than half the boards: no overall award (000:539-541)
            value = jcbl_round(share)
            if value == 0:
                continue
            out.append(
                Award(member, placing.competitor, placing.field, placing.flight, place, value,
                      "red", reason)
            )  # fmt: skip
    return tuple(out)
