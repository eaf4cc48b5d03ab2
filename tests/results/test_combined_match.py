"""Matching sessions by players, and the cut (004:1985-1992), on hand-made rankings."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bridgedesk.bridge import Side
from bridgedesk.bridge.methods import Method
from bridgedesk.errors import ScoringError
from bridgedesk.events.model import Player
from bridgedesk.results.combined import combine
from bridgedesk.results.model import EventHeading, ScoredSection, ScoredSession, Standing
from bridgedesk.results.qualify import CutBy, qualifiers


def session(rows: list[tuple[str, int, tuple[int, int] | None]], number: int = 1,
            direction: Side | None = None) -> ScoredSession:  # fmt: skip
    """A one-section session: (pair, matchpoints, members) with a top of 10."""

    def players(members: tuple[int, int] | None) -> tuple[Player, ...]:
        return () if members is None else tuple(Player(f"P{m}", str(m)) for m in members)

    ranking = tuple(
        Standing(pair, direction, "", Fraction(mp), Fraction(10), Fraction(mp * 10), 1,
                 players=players(members))
        for pair, mp, members in rows
    )  # fmt: skip
    return ScoredSession(EventHeading("t"), Method.MP, (ScoredSection("", 1, (), ranking),),
                         session=number)  # fmt: skip


def test_sessions_matched_by_member_numbers() -> None:
    # the pair of members 11+12 sat at 1 and then at 2: its total is 7 + 4, not 7 + 9
    one = session([("1", 7, (11, 12)), ("2", 3, (21, 22))])
    two = session([("1", 9, (22, 21)), ("2", 4, (12, 11))], 2)
    c = combine([one, two])
    assert c.matched_by == "players"
    assert {r.pair: r.total for r in c.ranking} == {"1": 11, "2": 12}
    assert [x.seat for x in c.standing("1").sessions if x is not None] == ["1", "2"]
    assert c.standing("2").rank == "1" and c.standing("2").percentage == 60


def test_sessions_matched_by_number_or_refused() -> None:
    one = session([("1", 7, None), ("2", 3, None)])
    same = session([("1", 1, None), ("2", 9, None)], 2)
    assert {r.pair: r.total for r in combine([one, same]).ranking} == {"1": 8, "2": 12}
    other = session([("1", 1, None), ("3", 9, None)], 2)
    with pytest.raises(ScoringError, match="do not have the same pair numbers"):
        combine([one, other])
    twice = session([("1", 1, (11, 12)), ("2", 9, (12, 11))], 2)
    with pytest.raises(ScoringError, match="pairs 1 and 2 have the same players"):
        combine([session([("1", 7, (11, 12)), ("2", 3, (21, 22))]), twice])


def test_renumbering_map_with_an_absent_pair() -> None:
    one = session([("1", 7, None), ("2", 3, None), ("3", 5, None)])
    two = session([("1", 6, None), ("2", 2, None)], 2)
    c = combine([one, two], {"1": ["1", "2"], "2": ["2", "1"], "3": ["3", None]})
    assert {r.pair: (r.total, r.max) for r in c.ranking} == {
        "1": (9, 20), "2": (9, 20), "3": (5, 10),
    }  # fmt: skip
    assert c.by_percentage  # the maxima differ: pair 3 played one session
    assert c.standing("3").rank == "1"  # 50 % beats 45 %
    with pytest.raises(ScoringError, match="carry-over for pair 9"):
        combine([one, two], {"1": ["1", "2"], "2": ["2", "1"], "3": ["3", None]},
                {"9": Fraction(1)})  # fmt: skip


def test_cut_overall_by_field_and_withdrawn() -> None:
    ns = session([("1", 9, None), ("2", 7, None), ("3", 5, None)], direction=Side.NS)
    ew = session([("1", 8, None), ("2", 6, None), ("3", 6, None)], direction=Side.EW)
    both = ScoredSession(EventHeading("t"), Method.MP,
                         (ScoredSection("", 2, (), ns.ranking + ew.ranking),))  # fmt: skip
    # per direction (004:1987): the best 1 of NS and of EW
    assert qualifiers(ns, 1, CutBy.FIELD) == ["1"]
    field = qualifiers(both, 1, CutBy.FIELD)
    assert field == ["1", "1"]  # NS 1 and EW 1 (numbers are per direction in a Mitchell)
    # a tie on the last place: both qualify
    assert qualifiers(ew, 2) == ["1", "2", "3"]
    # pair 1 withdraws before the final (004:1991): the next moves up
    assert qualifiers(ns, 2, withdrawn=["1"]) == ["2", "3"]
    with pytest.raises(ScoringError, match="withdrawn pair 7"):
        qualifiers(ns, 2, withdrawn=["7"])
    c = combine([ns, session([("1", 1, None), ("2", 9, None), ("3", 5, None)], 2)])
    assert qualifiers(c, 1) == ["2"]  # 7 + 9 over two sessions
    with pytest.raises(ScoringError, match="cut overall"):
        qualifiers(c, 1, CutBy.FIELD)
