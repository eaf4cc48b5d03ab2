"""The IMP scale (JCBL Director Manual, 004:1690-1720; WBF standard).

The scale is data: the lowest point difference that earns each IMP.  A
difference is converted by searching this list, as redeal does.
"""

from __future__ import annotations

from bisect import bisect_right

from bridgedesk.errors import ScaleError

#: IMP_FLOORS[k] is the smallest point difference worth k+1 IMPs (004:1694-1717).
IMP_FLOORS: tuple[int, ...] = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip

MAX_IMPS = len(IMP_FLOORS)


def imps(points: int) -> int:
    """IMPs for a signed point difference: the sign follows the points.

    >>> imps(430), imps(-250), imps(10)
    (10, -6, 0)
    """
    magnitude = bisect_right(IMP_FLOORS, abs(points))
    return magnitude if points >= 0 else -magnitude


def imp_range(imp: int) -> tuple[int, int | None]:
    """The (lowest, highest) absolute point difference worth ``imp`` IMPs.

    The upper end of 24 IMPs is open (``None``).  Differences are multiples of
    10 in practice, so a range's upper end is the next floor less 10.
    """
    if not 0 <= imp <= MAX_IMPS:
        raise ScaleError(
            "IMPs must be between 0 and {max_imps}, got {given}",
            code="imps.out-of-range",
            max_imps=MAX_IMPS,
            given=imp,
        )
    low = 0 if imp == 0 else IMP_FLOORS[imp - 1]
    high = IMP_FLOORS[imp] - 10 if imp < MAX_IMPS else None
    return low, high
