"""JCBL general rules (000:521-537) applied through award(): combined events and the
team members' minimum participation with walkovers.  Expected numbers by hand from
A*R*L*(4+0.2*T*S)*N/P (000:451), rounded once to 2 decimals half up (000:473-476)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bridgedesk.errors import MasterpointError
from bridgedesk.masterpoints.award import Award, ClubGame, award, award_combined
from bridgedesk.masterpoints.jcbl.club import ClubEvent, ClubRating, EventKind, team_played_share
from bridgedesk.masterpoints.ranking import Placing, Ranking


def got(awards: tuple[Award, ...], member: str) -> list[tuple[str, str]]:
    return [(a.colour, str(a.points)) for a in awards if a.member == member]


def test_combined_event_awards_each_component_apart() -> None:
    # 000:521-523: "2つ以上の異なる競技会を組合わせた競技会は区別してマスターポイントを
    # 計算します".  A CCG class 2 (L1 12) round robin of 8 teams of 4 whose boards also
    # give a ranking of the 16 pairs, 1 session each, both black:
    # teams: 1.1*1*(12/16)*(4+0.2*8*1)*1/4 = 1.155 -> 1.16 (35 % of 8 = 3 places);
    # pairs: 1*1*(12/16)*(4+0.2*8*1)*1/5 = 0.84 (35 % of 16 = 6 places).
    # Player "1-0" is in the winning team and the winning pair: 1.16 and 0.84.
    teams = Ranking(
        tuple(Placing(f"T{i}", tuple(f"{i}-{k}" for k in range(4)), i) for i in range(1, 9))
    )
    pairs = Ranking(
        tuple(
            Placing(f"P{i}", (f"{(i + 1) // 2}-{2 * ((i + 1) % 2)}", f"x{i}"), i)
            for i in range(1, 17)
        )
    )
    result = award_combined(
        "jcbl",
        [
            ("teams", teams, ClubGame(ClubEvent(EventKind.TEAMS, ClubRating.CCG, 8, 1, 8, (12,)))),
            ("pairs", pairs, ClubGame(ClubEvent(EventKind.PAIRS, ClubRating.CCG, 8, 1, 16, (12,)))),
        ],
    )
    assert got(result, "1-0") == [("black", "1.16"), ("black", "0.84")]
    reasons = [a.reason for a in result if a.member == "1-0"]
    assert reasons[0].startswith("teams: ") and reasons[1].startswith("pairs: ")
    assert len({a.competitor for a in result if a.reason.startswith("teams")}) == 3
    assert len({a.competitor for a in result if a.reason.startswith("pairs")}) == 6
    with pytest.raises(MasterpointError, match="two or more component events"):
        award_combined(
            "jcbl",
            [("teams", teams, ClubGame(ClubEvent(EventKind.TEAMS, ClubRating.CCG, 8, 1, 8)))],
        )
    with pytest.raises(MasterpointError, match="listed twice"):
        game = ClubGame(ClubEvent(EventKind.TEAMS, ClubRating.CCG, 8, 1, 8))
        award_combined("jcbl", [("a", teams, game), ("a", teams, game)])


def test_team_members_need_half_the_matches_walkovers_included() -> None:
    # 000:529-537: a player who did not play 50 % of his team's matches gets no overall
    # award; a walkover won may be credited to any player, a walkover lost counts as a
    # match nobody played.  The team's 10 matches: 8 played, 1 won on a walkover, 1 lost
    # on a walkover.  Six players: a b c d played 8, 8, 6, 6; e played 4 and is credited
    # the walkover win -> 5/10, eligible; f played 4 -> 4/10, out.
    assert team_played_share(4, 10) == Fraction(2, 5)
    assert team_played_share(4, 10, credited_walkovers=1) == Fraction(1, 2)
    share = {
        "a": team_played_share(8, 10), "b": team_played_share(8, 10),
        "c": team_played_share(6, 10), "d": team_played_share(6, 10),
        "e": team_played_share(4, 10, 1), "f": team_played_share(4, 10),
    }  # fmt: skip
    # CCG class 2 teams of 6 (P = 6), 10 tables, 2 sessions:
    # 1.1*1*(12/16)*(4+0.2*10*2)*1/6 = 1.1 (cap 2.50 x 2), 20 % red 0.22, black 0.88
    winners = Placing("T1", tuple(share), 1, participation=share)
    others = tuple(Placing(f"T{i}", tuple(f"{i}-{k}" for k in range(6)), i) for i in range(2, 11))
    event = ClubEvent(EventKind.TEAMS, ClubRating.CCG, 10, 2, 10, (12,), team_size=6)
    result = award(Ranking((winners, *others)), "jcbl", ClubGame(event))
    for member in "abcde":
        assert got(result, member) == [("red", "0.22"), ("black", "0.88")]
    assert got(result, "f") == []
    with pytest.raises(MasterpointError, match="0-10 of his team's matches"):
        team_played_share(10, 10, credited_walkovers=1)
