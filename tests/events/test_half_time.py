"""Half time in a team match, against the seed's words (004:1620-1686).

004:1624: each team's NS pair sits at its home table, its EW pair at the opponents'.
004:1674-1678: in the IMP league the winning team's NS pair stays at its home table
and its EW pair at the opponents'; the losing team's NS pair goes to EW at the
opponents' table and its EW pair sits NS at its home table, so each pair meets both
of the opponents' pairs, and "NS at home, EW away" still holds.  004:1680: a tie is
not settled by the rule.  004:1684: A5-A6 may replace An-As, or As leave and An-A5
play on, but An-Ae or As-Aw may not be formed.
"""

from __future__ import annotations

import pytest

from bridgedesk.errors import EntryError
from bridgedesk.events.half_time import (
    HalfTimeRule,
    MatchSeats,
    PairChange,
    Side,
    TeamSeats,
    check_change,
    mover,
    second_half,
)
from bridgedesk.events.league import next_divisions

# Team A's players by place: An=1, As=2, Ae=3, Aw=4, A5=5, A6=6 (004:1684's names).
AN, AS, AE, AW, A5, A6 = 1, 2, 3, 4, 5, 6
A_FIRST = TeamSeats((AN, AS), (AE, AW))
B_FIRST = TeamSeats((1, 2), (3, 4))


def _tables(seats: MatchSeats) -> dict[str, tuple[tuple[str, tuple[int, int]], ...]]:
    """Who sits where: A's home table has A's NS pair and B's EW pair; B's home table B's
    NS pair and A's EW pair (004:1624)."""
    return {
        "A's table": (("A", seats.home.ns), ("B", seats.away.ew)),
        "B's table": (("B", seats.away.ns), ("A", seats.home.ew)),
    }


def test_the_team_behind_moves_and_every_pair_meets_both_opponents() -> None:
    first = MatchSeats(A_FIRST, B_FIRST)
    # A (home) is ahead after the first half: B moves (004:1674-1678)
    moving = mover(HalfTimeRule.WINNER_STAYS, 12, 5, None)
    assert moving is Side.AWAY
    second = second_half(first, moving)
    # the winner's pairs stay where they sat
    assert second.home == A_FIRST
    # the loser's NS pair now sits EW at the opponents' table, its EW pair NS at home
    assert second.away.ew == B_FIRST.ns
    assert second.away.ns == B_FIRST.ew
    # "NS at home, EW away" still holds: B's NS seat is at B's own table
    assert _tables(second)["B's table"][0] == ("B", B_FIRST.ew)
    assert _tables(second)["A's table"][1] == ("B", B_FIRST.ns)
    # over the two halves each of B's pairs meets both of A's pairs
    met: dict[tuple[int, int], set[tuple[int, int]]] = {}
    for seats in (first, second):
        for (_, a_pair), (_, b_pair) in (
            (_tables(seats)["A's table"][0], _tables(seats)["A's table"][1]),
            (_tables(seats)["B's table"][1], _tables(seats)["B's table"][0]),
        ):
            met.setdefault(b_pair, set()).add(a_pair)
    assert met == {B_FIRST.ns: {A_FIRST.ns, A_FIRST.ew}, B_FIRST.ew: {A_FIRST.ns, A_FIRST.ew}}


def test_the_away_winner_stays_and_the_home_loser_moves() -> None:
    first = MatchSeats(A_FIRST, B_FIRST)
    second = second_half(first, mover(HalfTimeRule.WINNER_STAYS, 3, 20, None))
    assert second == MatchSeats(A_FIRST.swapped(), B_FIRST)


def test_a_tie_is_the_teams_choice_and_a_fixed_rule_ignores_the_score() -> None:
    with pytest.raises(EntryError, match=r"tied at 7-7 IMPs.*004:1680"):
        mover(HalfTimeRule.WINNER_STAYS, 7, 7, None)
    assert mover(HalfTimeRule.WINNER_STAYS, 7, 7, Side.HOME) is Side.HOME
    # 004:1681-1682: the team named by the regulations moves, whatever the score
    assert mover(HalfTimeRule.HOME_MOVES, 30, 0, None) is Side.HOME
    assert mover(HalfTimeRule.AWAY_MOVES, 0, 30, None) is Side.AWAY


@pytest.mark.parametrize(
    ("given", "allowed"),
    [
        (TeamSeats((A5, A6), (AE, AW)), True),  # A5-A6 in for An-As
        (TeamSeats((AN, A5), (AE, AW)), True),  # As leaves, An-A5 play on
        (TeamSeats((AN, AE), (AS, AW)), False),  # An-Ae: pairs re-formed
        (TeamSeats((AN, AS), (AE, A5)), True),  # Aw leaves, Ae-A5
        (TeamSeats((AS, AW), (AN, A5)), False),  # As-Aw: pairs re-formed
    ],
)
def test_imp_league_substitutions(given: TeamSeats, allowed: bool) -> None:
    """004:1684 on a team that stays (its pairs keep their seats)."""
    if allowed:
        check_change(1, A_FIRST, A_FIRST, given, PairChange.IMP_LEAGUE, 6)
    else:
        with pytest.raises(EntryError, match="never the pairs be re-formed \\(004:1684\\)"):
            check_change(1, A_FIRST, A_FIRST, given, PairChange.IMP_LEAGUE, 6)
    # outside the IMP league partnerships change freely (004:1686)
    check_change(1, A_FIRST, A_FIRST, given, PairChange.FREE, 6)


def test_a_pair_that_plays_on_keeps_the_seat_the_move_gives_it() -> None:
    moved = A_FIRST.swapped()  # team A lost: An-As go EW, Ae-Aw come home NS
    check_change(1, A_FIRST, moved, TeamSeats((AE, AW), (AN, A5)), PairChange.IMP_LEAGUE, 5)
    with pytest.raises(EntryError, match="sits EW, not NS"):
        check_change(1, A_FIRST, moved, TeamSeats((AN, A5), (AE, AW)), PairChange.IMP_LEAGUE, 5)
    with pytest.raises(EntryError, match="has 5 players; there is no player 6"):
        check_change(1, A_FIRST, moved, TeamSeats((AE, AW), (A5, A6)), PairChange.IMP_LEAGUE, 5)


def test_promotion_and_relegation_between_three_divisions() -> None:
    order = [
        [("a", "1"), ("b", "2"), ("c", "3"), ("d", "4")],
        [("e", "1"), ("f", "2"), ("g", "3"), ("h", "4")],
        [("i", "1"), ("j", "2"), ("k", "3")],
    ]
    assert next_divisions(order, 1, 1) == (
        ("a", "b", "c", "e"),
        ("d", "f", "g", "i"),
        ("h", "j", "k"),
    )
    assert next_divisions(order, 2, 1) == (
        ("a", "b", "c", "e", "f"),
        ("d", "g", "i", "j"),
        ("h", "k"),
    )
    tied = [[("a", "1"), ("b", "2"), ("c", "3="), ("d", "3=")], [("e", "1"), ("f", "2")]]
    with pytest.raises(EntryError, match="places 3 and 4 are shared \\(3=\\) on the relegation"):
        next_divisions(tied, 1, 1)
