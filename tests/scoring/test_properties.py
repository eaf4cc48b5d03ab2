"""Invariants of the reference implementation on random boards (hypothesis)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgedesk.scoring.imp_pairs import cross_imp_board, total_points_board
from bridgedesk.scoring.matchpoints import Missing, matchpoint_board
from bridgedesk.scoring.results import Adjustment, Board, TravellerLine

SCORES = st.sampled_from([-800, -200, -100, -50, 0, 110, 140, 420, 450, 620, 1430])
WEIGHTS = st.sampled_from([Fraction(1, 2), Fraction(3, 5), Fraction(2, 3), Fraction(1, 4)])


@st.composite
def complete_boards(draw: st.DrawFn) -> Board:
    rows = []
    for i in range(draw(st.integers(min_value=2, max_value=10))):
        if draw(st.booleans()) and i % 3 == 0:
            w = draw(WEIGHTS)
            rows.append(
                TravellerLine.assigned(f"n{i}", f"e{i}", [(w, draw(SCORES)), (1 - w, draw(SCORES))])
            )
        else:
            rows.append(TravellerLine.played(f"n{i}", f"e{i}", draw(SCORES)))
    return Board.of(1, rows)


@settings(max_examples=80, deadline=None)
@given(complete_boards())
def test_matchpoints_sum_per_direction(board: Board) -> None:
    # 004:1197: each direction's matchpoints total plays*(plays-1)/2, blends included.
    scored = matchpoint_board(board)
    n = len(board.results)
    assert sum(sr.ns for sr in scored.results) == Fraction(n * (n - 1), 2)  # type: ignore[misc]
    assert sum(sr.ew for sr in scored.results) == Fraction(n * (n - 1), 2)  # type: ignore[misc]
    for sr in scored.results:
        assert sr.ns + sr.ew == n - 1  # type: ignore[operator]


@settings(max_examples=80, deadline=None)
@given(complete_boards())
def test_cross_imps_and_total_points_sum_to_zero(board: Board) -> None:
    for scored in (cross_imp_board(board), total_points_board(board)):
        assert sum(sr.ns for sr in scored.results) == 0  # type: ignore[misc]
        assert all(sr.ns == -sr.ew for sr in scored.results)  # type: ignore[operator]


@settings(max_examples=80, deadline=None)
@given(complete_boards(), st.integers(min_value=1, max_value=4))
def test_neuberg_keeps_the_average(board: Board, missing: int) -> None:
    # With n real scores on a board of N, Neuberg gives them (N-1)/2 on average.
    rows = list(board.results) + [
        TravellerLine.adjusted(f"x{i}", f"y{i}", Adjustment.AVERAGE) for i in range(missing)
    ]
    scored = matchpoint_board(Board.of(1, rows), missing=Missing.NEUBERG)
    real = [sr.ns for sr in scored.results[: len(board.results)]]
    big_n = len(rows)
    assert sum(real) / len(real) == Fraction(big_n - 1, 2)  # type: ignore[arg-type, operator]
