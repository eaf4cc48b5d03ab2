"""The IMP scale (004:1690-1720) and the seed's team comparison (004:1660-1688)."""

from __future__ import annotations

import pytest

from bridgedesk.bridge import imp_range, imps
from bridgedesk.errors import ScaleError

# The printed scale, 004:1694-1717: (low, high, imps); high None = open-ended.
SEED_SCALE = [
    (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5), (220, 260, 6),
    (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11),
    (600, 740, 12), (750, 890, 13), (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16),
    (1500, 1740, 17), (1750, 1990, 18), (2000, 2240, 19), (2250, 2490, 20),
    (2500, 2990, 21), (3000, 3490, 22), (3500, 3990, 23), (4000, None, 24),
]  # fmt: skip


@pytest.mark.parametrize(("low", "high", "expected"), SEED_SCALE)
def test_every_imp_boundary(low: int, high: int | None, expected: int) -> None:
    assert imps(low) == expected
    assert imps(low - 10) == expected - 1
    assert imps(-low) == -expected
    if high is not None:
        assert imps(high) == expected
        assert imps(high + 10) == expected + 1
    assert imp_range(expected) == (low, high)


def test_zero_and_ten_points_are_zero_imps() -> None:
    assert imps(0) == 0
    assert imps(10) == 0
    assert imps(-10) == 0
    assert imp_range(0) == (0, 10)


def test_seed_team_comparison() -> None:
    # 004:1660-1688: differences of -250, +160 and +30 give -6, +4 and +1 IMPs.
    assert [imps(d) for d in (-250, 160, 30)] == [-6, 4, 1]


def test_imp_range_rejects_25() -> None:
    with pytest.raises(ScaleError):
        imp_range(25)
