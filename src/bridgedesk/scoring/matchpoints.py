"""Matchpoints for one board (JCBL Director Manual 004:1175-1268, 1322-1358).

Each side is ranked against every other score of its own direction: one point
for each score beaten, half for each tie, so a board played N times has a top
of N - 1 (004:1178-1180).  ``scale=2`` gives the 2/1/0 scale (top 2N - 2).
NS and EW are both computed from their own point of view; nothing relies on the
"lower is better" shortcut (004:1270-1276).

Scores that are missing from a comparison (a neutral board, an artificial
adjusted score, a board not played) are made up for by one of:

* :attr:`Missing.NEUBERG` -- the formula ``M = N*S/n + (N-n)/(2n)`` (003:167-177,
  the same formula the manual gives for fouled boards, 004:3598-3606);
* :attr:`Missing.HALF` -- +0.5 per missing comparison, the weekly-game method
  (004:1340-1342, Fig 17);
* :attr:`Missing.RATIO` -- scaling by ``(N-1)/(n-1)``, the manual's method (1)
  (004:1336-1338: "top 5 became 4, multiply by 5/4").

Artificial adjusted scores are 50 / 60 / 40 % of the top; average plus and
average minus are raised or lowered to the pair's session percentage by the
session pass (003:13-19), so they are returned as :class:`Adjustment` here.

Fouled boards (004:3531-3658, 003:161-202) are scored group by group and
brought to the board's top by the simple method (+ half the other groups'
scores, for local games) or by the formula with the 70/60/50, 65/55 and 60 %
rules for small groups, rounded to 2 decimals as the rule says (004:3624).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from enum import Enum
from fractions import Fraction

from bridgedesk.bridge.seats import Side
from bridgedesk.errors import Location, ScoringError
from bridgedesk.scoring.results import (
    Adjustment,
    Board,
    ScoredBoard,
    ScoredResult,
    TravellerLine,
    Value,
    Weighted,
)
from bridgedesk.scoring.rounding import round_half_up

HALF = Fraction(1, 2)


class Missing(Enum):
    """How scores missing from a board's comparisons are made up for."""

    NEUBERG = "neuberg"
    HALF = "half"
    RATIO = "ratio"


class FouledMethod(Enum):
    """How a fouled board's groups are brought to the board's top (004:3553-3624)."""

    SIMPLE = "simple"
    FORMULA = "formula"


#: Percentages of the top for artificial adjusted scores (003:15-19, 004:1369-1384).
ADJUSTED_PERCENT: dict[Adjustment, Fraction] = {
    Adjustment.AVERAGE: Fraction(50),
    Adjustment.AVERAGE_PLUS: Fraction(60),
    Adjustment.AVERAGE_MINUS: Fraction(40),
}


def compare(a: Weighted, b: Weighted) -> Fraction:
    """Matchpoints ``a`` earns against ``b`` (1 win, 1/2 tie, 0 loss), blends weighted."""
    total = Fraction(0)
    for wa, sa in a.parts:
        for wb, sb in b.parts:
            if sa > sb:
                total += wa * wb
            elif sa == sb:
                total += wa * wb * HALF
    return total


def group_matchpoints(scores: Sequence[Weighted]) -> list[Fraction]:
    """Matchpoints of each score against the others in ``scores`` (top len-1)."""
    if all(s.is_single for s in scores):
        flat = sorted(s.parts[0][1] for s in scores)
        out = []
        for s in scores:
            v = s.parts[0][1]
            below = bisect_left(flat, v)
            ties = bisect_right(flat, v) - below - 1
            out.append(Fraction(below) + HALF * ties)
        return out
    return [
        sum((compare(a, b) for j, b in enumerate(scores) if j != i), Fraction(0))
        for i, a in enumerate(scores)
    ]


def factor(s: Fraction, n: int, big_n: int, missing: Missing) -> Fraction:
    """Bring matchpoints ``s`` earned among ``n`` scores to a board of ``big_n`` scores."""
    if n == big_n:
        return s
    if missing is Missing.NEUBERG:
        return big_n * s / n + Fraction(big_n - n, 2 * n)
    if missing is Missing.HALF:
        return s + HALF * (big_n - n)
    if n == 1:
        return Fraction(big_n - 1, 2)
    return s * Fraction(big_n - 1, n - 1)


def adjusted_points(
    adj: Adjustment, top: Fraction, session_percent: Fraction | None = None
) -> Fraction | None:
    """Matchpoints of an artificial score; ``session_percent`` (0-100) is the pair's
    percentage on the boards it played, which can raise A+ or lower A- (003:16-19)."""
    if adj is Adjustment.NOT_PLAYED:
        return None
    pct = ADJUSTED_PERCENT[adj]
    if session_percent is not None:
        if adj is Adjustment.AVERAGE_PLUS:
            pct = max(pct, session_percent)
        elif adj is Adjustment.AVERAGE_MINUS:
            pct = min(pct, session_percent)
    return top * pct / 100


def matchpoint_board(
    board: Board,
    *,
    missing: Missing = Missing.NEUBERG,
    fouled: FouledMethod = FouledMethod.FORMULA,
    scores: int | None = None,
    scale: int = 1,
    played_only: bool = False,
) -> ScoredBoard:
    """Matchpoints of every side on ``board``.

    ``scores`` (N) is the number of scores the board should have; by default the
    number of results on the traveller, adjusted and not-played rows included.
    With ``played_only`` (other programs' way, :mod:`bridgedesk.scoring.options`)
    N is the number of played results: an artificial score is no part of the
    field, so nothing is factored.
    Artificial adjusted scores come back as :class:`Adjustment` for the session
    to resolve (see :func:`adjusted_points`); not-played sides as None.
    """
    board.check(two_field=True)  # pair identities are the session's concern
    counted = len(board.results)
    if played_only:
        counted = sum(1 for r in board.results if _has_play(r))
    big_n = counted if scores is None else scores
    if big_n < counted:
        raise ScoringError(
            "the board has {results} results but only {scores} scores were expected",
            Location(board=board.number),
            code="scoring.results-count",
            results=counted,
            scores=big_n,
        )
    if scale not in (1, 2):
        raise ScoringError(
            "matchpoint scale must be 1 (1/0.5/0) or 2 (2/1/0), not {scale}",
            code="fast.mp-scale",
            scale=scale,
        )
    values: dict[tuple[int, Side], Value] = {}
    fouled_board = board.is_fouled  # once per board: it looks at every result
    for side in (Side.NS, Side.EW):
        groups: dict[str | None, list[int]] = {}
        for i, r in enumerate(board.results):
            o = r.outcome(side)
            if isinstance(o, Weighted):
                groups.setdefault(r.group, []).append(i)
            else:
                values[(i, side)] = None if o is Adjustment.NOT_PLAYED else o
        sizes = {g: len(ix) for g, ix in groups.items()}
        for g, ix in groups.items():
            outcomes = [_side_weighted(board.results[i], side) for i in ix]
            within = group_matchpoints(outcomes)
            n = len(ix)
            for i, s in zip(ix, within, strict=True):
                if not fouled_board:
                    m = factor(s, n, big_n, missing)
                elif fouled is FouledMethod.SIMPLE:
                    m = factor(s, n, big_n, Missing.HALF)
                else:
                    m = _fouled_formula(s, n, big_n, sizes, g)
                values[(i, side)] = m * scale
    top = Fraction(max(big_n - 1, 0) * scale)
    return ScoredBoard(
        number=board.number,
        method="mp",
        scores=big_n,
        top=top,
        results=tuple(
            ScoredResult(r, values[(i, Side.NS)], values[(i, Side.EW)])
            for i, r in enumerate(board.results)
        ),
        penalty_unit=top,
    )


def _has_play(r: TravellerLine) -> bool:
    """True when a side of the row has a table score (not only artificial scores)."""
    return isinstance(r.ns_outcome, Weighted) or isinstance(r.ew_outcome, Weighted)


def _side_weighted(r: TravellerLine, side: Side) -> Weighted:
    o = r.outcome(side)
    assert isinstance(o, Weighted)
    return o.for_side(side)


def _fouled_formula(
    s: Fraction, n: int, big_n: int, sizes: dict[str | None, int], group: str | None
) -> Fraction:
    """One side's matchpoints in a fouled-board group by the formula (004:3598-3624).

    Groups of 4 or more use the formula; a group of 3 uses it only when no other
    group is larger (1+3, 2+3, 3+3); other groups of 3 get 70/60/50 % of the top,
    groups of 2 get 65/55 %, a lone score 60 %; ties share the percentages.  All
    of these are 60 % plus 10 % per matchpoint above the group's average.
    """
    larger_elsewhere = any(size > n for g, size in sizes.items() if g != group)
    if n >= 4 or (n == 3 and not larger_elsewhere):
        exact = factor(s, n, big_n, Missing.NEUBERG)
    else:
        pct = 60 + 10 * (s - Fraction(n - 1, 2))
        exact = (big_n - 1) * pct / 100
    return round_half_up(exact, 2)
