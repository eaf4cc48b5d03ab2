"""Cross-IMP, Butler and total points: the manual's worked examples and adjustments."""

from __future__ import annotations

from fractions import Fraction

from bridgedesk.bridge.imps import imps
from bridgedesk.scoring.imp_pairs import (
    butler_board,
    butler_datum,
    cross_imp_board,
    total_points_board,
)
from bridgedesk.scoring.results import Adjustment, Board, ScoredBoard, TravellerLine, Weighted

# 004:1388-1486, Figs 18 and 19: section A, board 4 (the same traveller).
BOARD4 = Board.of(
    4,
    [
        TravellerLine.played(1, 3, 600),
        TravellerLine.played(2, 15, 90),
        TravellerLine.played(4, 5, -500),
        TravellerLine.played(7, 13, 140),
        TravellerLine.played(8, 6, -200),
        TravellerLine.played(12, 11, 630),
        TravellerLine.played(14, 9, -100),
        TravellerLine.played(16, 10, 800),
    ],
)


def by_pair(scored: ScoredBoard) -> dict[str, object]:
    out: dict[str, object] = {}
    for sr in scored.results:
        out[sr.result.ns] = sr.ns
        out[sr.result.ew] = sr.ew
    return out


def test_fig18_butler_datum_drops_top_and_bottom() -> None:
    # 004:1398: without 800 and -500 the mean is N-S +190 (1160/6 = 193.3, to the 10).
    pool = [r.ns_outcome for r in BOARD4.results]
    assert butler_datum(pool) == 190  # type: ignore[arg-type]


def test_fig18_butler_imps() -> None:
    got = by_pair(butler_board(BOARD4))
    # The IMP column of Fig 18's table, pairs 1-16 (004:1424-1441).
    expected = [9, -3, -9, -12, 12, 9, -2, -9, 7, -12, -10, 10, 2, -7, 3, 12]
    assert got == {str(i + 1): v for i, v in enumerate(expected)}


def test_butler_drop_is_configurable() -> None:
    pool = [r.ns_outcome for r in BOARD4.results]
    # Plain mean of all eight: 1460/8 = 182.5 -> 180.
    assert butler_datum(pool, drop=0) == 180  # type: ignore[arg-type]
    # Drop two each end: -100, 90, 140, 600 -> 182.5 -> 180.
    assert butler_datum(pool, drop=2) == 180  # type: ignore[arg-type]
    # Drop three each end: 90, 140 -> 115 -> 120 (halves go up).
    assert butler_datum(pool, drop=3) == 120  # type: ignore[arg-type]
    # Asking to drop too many keeps the middle score.
    assert butler_datum(pool[:3], drop=5) == 90  # type: ignore[arg-type]


def test_fig19_cross_imps_pair_1_gets_55() -> None:
    got = by_pair(cross_imp_board(BOARD4))
    assert got["1"] == 55  # 004:1454-1470
    assert got["3"] == -55
    ns = [sr.ns for sr in cross_imp_board(BOARD4).results]
    assert sum(ns) == 0  # type: ignore[arg-type]
    # An independent check of pair 16 from the IMP table.
    assert got["16"] == sum(imps(800 - s) for s in (600, 90, -500, 140, -200, 630, -100))


def test_total_points_are_summed_differences() -> None:
    got = by_pair(total_points_board(BOARD4))
    # Pair 1's differences from the Fig 19 table: 510+1100+460+800-30+700-200 = 3340.
    assert got["1"] == 3340
    assert got["3"] == -3340


def test_imp_pairs_adjusted_sixty_percent_of_plus_and_minus() -> None:
    # 003:23-27: A+ = 60 % of (sum of plus IMPs of the same side / number of real scores).
    rows = [
        TravellerLine.played(1, 2, 420),
        TravellerLine.played(3, 4, 450),
        TravellerLine.played(5, 6, -50),
        TravellerLine.adjusted(7, 8, Adjustment.AVERAGE_PLUS),
    ]
    scored = cross_imp_board(Board.of(1, rows))
    real = [imps(420 - 450) + imps(420 + 50), imps(30) + imps(500), imps(-470) + imps(-500)]
    factored = [Fraction(4, 3) * v for v in real]  # N/n = 4/3
    assert [sr.ns for sr in scored.results[:3]] == factored
    plus = sum(v for v in factored if v > 0)
    minus = sum(v for v in factored if v < 0)
    assert scored.results[3].ns == Fraction(3, 5) * plus / 3
    assert scored.results[3].ew == Fraction(3, 5) * minus / 3  # EW's side has the same sums
    assert scored.penalty_unit == 15  # 003:51: (4-1) x 5 IMPs


def test_butler_adjusted_is_three_imps() -> None:
    rows = [TravellerLine.played(1, 2, 420), TravellerLine.played(3, 4, 450),
            TravellerLine.adjusted(5, 6, Adjustment.AVERAGE_PLUS)]  # fmt: skip
    scored = butler_board(Board.of(1, rows))
    assert (scored.results[2].ns, scored.results[2].ew) == (3, -3)  # 003:43-45


def test_weighted_cross_imp_blends() -> None:
    w = Weighted.blend([("0.6", 420), ("0.4", -50)])
    rows = [TravellerLine.assigned(1, 2, w.parts), TravellerLine.played(3, 4, 100)]
    scored = cross_imp_board(Board.of(1, rows))
    assert scored.results[0].ns == Fraction(3, 5) * imps(320) + Fraction(2, 5) * imps(-150)


def test_fouled_imp_pairs_groups_factored_and_lone_score() -> None:
    # 003:206-221: I = i * N / n per group; a lone score gets 60 % of the plus mean.
    rows = [
        TravellerLine.played(1, 2, 420, group="A"),
        TravellerLine.played(3, 4, 450, group="A"),
        TravellerLine.played(5, 6, -50, group="A"),
        TravellerLine.played(7, 8, 100, group="B"),
    ]
    scored = cross_imp_board(Board.of(1, rows))
    a = [imps(-30) + imps(470), imps(30) + imps(500), imps(-470) + imps(-500)]
    assert [sr.ns for sr in scored.results[:3]] == [Fraction(4, 3) * v for v in a]
    # Both sides of the lone score get the same: the plus results of both directions.
    plus = [Fraction(4, 3) * abs(v) for v in a]
    assert scored.results[3].ns == scored.results[3].ew == Fraction(3, 5) * sum(plus) / len(plus)


def test_fouled_butler_small_group_gets_three_each_side() -> None:
    rows = [TravellerLine.played(i, 20 + i, 10 * i, group="A") for i in range(1, 6)]
    rows += [TravellerLine.played(10 + i, 30 + i, 400, group="B") for i in range(1, 3)]
    scored = butler_board(Board.of(1, rows))
    assert [(sr.ns, sr.ew) for sr in scored.results[5:]] == [(3, 3), (3, 3)]  # 003:226
    # Group A has its own datum: 10..50 drop 10 and 50 -> 30.
    assert scored.results[0].ns == imps(10 - 30)
