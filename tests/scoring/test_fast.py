"""The vectorised engine equals the reference implementation on random boards."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgedesk.bridge.seats import Side
from bridgedesk.scoring.fast import Kind, cross_imps, matchpoints_neuberg
from bridgedesk.scoring.imp_pairs import cross_imp_board
from bridgedesk.scoring.matchpoints import Missing, adjusted_points, matchpoint_board
from bridgedesk.scoring.results import Adjustment, Board, TravellerLine

TO_ADJ = {
    Kind.AVERAGE: Adjustment.AVERAGE,
    Kind.AVERAGE_PLUS: Adjustment.AVERAGE_PLUS,
    Kind.AVERAGE_MINUS: Adjustment.AVERAGE_MINUS,
    Kind.NOT_PLAYED: Adjustment.NOT_PLAYED,
}
SCORES = [-1100, -500, -200, -100, -50, 0, 90, 110, 140, 170, 400, 420, 430, 450, 620, 1430]

row = st.tuples(
    st.sampled_from(SCORES),
    st.sampled_from([Kind.REAL] * 6 + list(TO_ADJ)),
    st.sampled_from([Kind.REAL] * 6 + list(TO_ADJ)),
)
boards = st.lists(st.lists(row, min_size=1, max_size=12), min_size=1, max_size=5)


def flatten(
    data: list[list[tuple[int, Kind, Kind]]],
) -> tuple[list[int], list[int], list[int], list[int], list[Board]]:
    b, s, kn, ke, refs = [], [], [], [], []
    for number, rows in enumerate(data, start=3):
        results = []
        for t, (score, k1, k2) in enumerate(rows):
            if k1 == Kind.REAL or k2 == Kind.REAL:
                k1 = k2 = Kind.REAL
            if Kind.NOT_PLAYED in (k1, k2):
                k1 = k2 = Kind.NOT_PLAYED
            b.append(number * 7)  # board ids need not be compact
            s.append(score)
            kn.append(int(k1))
            ke.append(int(k2))
            if k1 == Kind.REAL:
                results.append(TravellerLine.played(f"n{t}", f"e{t}", score))
            else:
                results.append(TravellerLine.adjusted(f"n{t}", f"e{t}", TO_ADJ[k1], TO_ADJ[k2]))
        refs.append(Board.of(number * 7, results))
    return b, s, kn, ke, refs


def as_fraction(num: int, den: int) -> Fraction | None:
    return None if den == 0 else Fraction(int(num), int(den))


@settings(max_examples=150, deadline=None)
@given(boards)
def test_fast_matchpoints_equal_reference(data: list[list[tuple[int, Kind, Kind]]]) -> None:
    b, s, kn, ke, refs = flatten(data)
    fast = matchpoints_neuberg(b, s, kn, ke)
    i = 0
    for ref in refs:
        scored = matchpoint_board(ref, missing=Missing.NEUBERG)
        for sr in scored.results:
            for side, num, den in ((Side.NS, fast.num_ns, fast.den_ns),
                                   (Side.EW, fast.num_ew, fast.den_ew)):  # fmt: skip
                v = sr.value(side)
                if isinstance(v, Adjustment):
                    v = adjusted_points(v, scored.top or Fraction(0))
                assert as_fraction(num[i], den[i]) == v
            assert fast.top[i] == scored.top
            i += 1


@settings(max_examples=150, deadline=None)
@given(boards)
def test_fast_cross_imps_equal_reference(data: list[list[tuple[int, Kind, Kind]]]) -> None:
    b, s, kn, ke, refs = flatten(data)
    fast = cross_imps(b, s, kn, ke)
    i = 0
    for ref in refs:
        for sr in cross_imp_board(ref).results:
            assert as_fraction(fast.num_ns[i], fast.den_ns[i]) == sr.ns
            assert as_fraction(fast.num_ew[i], fast.den_ew[i]) == sr.ew
            i += 1


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.sampled_from(SCORES), min_size=2, max_size=30), min_size=1,
                max_size=4))  # fmt: skip
def test_invariants_on_complete_boards(data: list[list[int]]) -> None:
    b = [k for k, rows in enumerate(data) for _ in rows]
    s = [x for rows in data for x in rows]
    mp = matchpoints_neuberg(b, s)
    ximp = cross_imps(b, s)
    for k, rows in enumerate(data):
        sel = np.asarray(b) == k
        plays = len(rows)
        # Matchpoints per direction sum to plays*(plays-1)/2 (004:1197).
        pairs_ns = zip(mp.num_ns[sel], mp.den_ns[sel], strict=True)
        pairs_ew = zip(mp.num_ew[sel], mp.den_ew[sel], strict=True)
        ns = sum(Fraction(int(n), int(d)) for n, d in pairs_ns)
        ew = sum(Fraction(int(n), int(d)) for n, d in pairs_ew)
        assert ns == ew == Fraction(plays * (plays - 1), 2)
        # Cross-IMPs sum to zero and EW mirrors NS.
        assert int(ximp.num_ns[sel].sum()) == 0
        assert np.array_equal(ximp.num_ew[sel], -ximp.num_ns[sel])


def test_fig19_vectorised() -> None:
    scores = [600, 90, -500, 140, -200, 630, -100, 800]
    fast = cross_imps([4] * 8, scores)
    assert fast.num_ns[0] // fast.den_ns[0] == 55  # 004:1454-1470
