"""Pairs scored by IMPs or points: cross-IMP, Butler (Houston trial), total points.

* Cross-IMP (IMP scoring, Calcutta; 004:1446-1486): each score is compared with
  every other score of its direction on the board and the IMPs are added up
  (Fig 19: pair 1 gets 55).
* Butler / Houston trial (004:1388-1444): the datum is the mean of the scores
  left after dropping the ``drop`` highest and lowest (default 1, Fig 18),
  rounded to the nearest 10; each score is IMPed against it.
* Total points (004:1487-1490): the point differences of cross-IMP, added up
  without converting to IMPs.

Adjusted scores (003:21-27, 003:39-45): average is 0; for cross-IMP and total
points average plus / minus is 60 % of the sum of the plus (minus) results of
the same direction divided by the number of real scores; for Butler it is
+3 / -3 IMPs.  Missing scores are made up for by multiplying by N/n, the rule
the seed gives for fouled boards (003:206-216).  Fouled boards
(003:204-226): groups of two or more scores are scored apart and multiplied
by N/n; a lone score gets, for both sides, 60 % of the mean of the plus results
of the other groups.  For Butler, groups of four or more are scored apart and
smaller groups give both sides +3 IMPs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from bridgedesk.bridge.imps import imps
from bridgedesk.bridge.seats import Side
from bridgedesk.scoring.results import (
    Adjustment,
    Board,
    ScoredBoard,
    ScoredResult,
    Value,
    Weighted,
)
from bridgedesk.scoring.rounding import round_to

SIXTY = Fraction(3, 5)
HOUSTON_ADJUSTED = {Adjustment.AVERAGE: 0, Adjustment.AVERAGE_PLUS: 3, Adjustment.AVERAGE_MINUS: -3}


def imp_blend(a: Weighted, b: Weighted) -> Fraction:
    """IMPs ``a`` wins against ``b`` (both from the same side's view), blends weighted."""
    return sum((wa * wb * imps(sa - sb) for wa, sa in a.parts for wb, sb in b.parts), Fraction(0))


def point_blend(a: Weighted, b: Weighted) -> Fraction:
    return a.mean - b.mean


def _cross(
    pool: Sequence[Weighted], compare: Callable[[Weighted, Weighted], Fraction]
) -> list[Fraction]:
    if compare is point_blend:
        total = sum((w.mean for w in pool), Fraction(0))
        return [len(pool) * w.mean - total for w in pool]
    return [
        sum((compare(a, b) for j, b in enumerate(pool) if j != i), Fraction(0))
        for i, a in enumerate(pool)
    ]


def butler_datum(pool: Sequence[Weighted], drop: int = 1) -> int:
    """The Butler datum: mean after dropping ``drop`` top and bottom scores, to the 10.

    When fewer than ``2*drop + 1`` scores remain, as many as can be are dropped
    from each end while keeping at least one.
    """
    means = sorted(w.mean for w in pool)
    k = max(0, min(drop, (len(means) - 1) // 2))
    kept = means[k : len(means) - k] if k else means
    return round_to(sum(kept, Fraction(0)) / len(kept), 10)


def _score_imp_like(
    board: Board,
    method: str,
    values_of: Callable[[Sequence[Weighted]], list[Fraction]],
    *,
    min_group: int,
    adjusted: Callable[[Adjustment, list[Fraction], int], Fraction],
    lone: Callable[[list[Fraction]], Fraction],
    factor_up: bool,
    penalty_unit: Fraction,
    scores: int | None = None,
) -> ScoredBoard:
    board.check(two_field=True)
    big_n = len(board.results) if scores is None else scores
    out: dict[tuple[int, Side], Value] = {}
    both_real: list[Fraction] = []
    lone_rows: list[tuple[int, Side]] = []
    fouled_board = board.is_fouled  # once per board: it looks at every result
    for side in (Side.NS, Side.EW):
        groups: dict[str | None, list[int]] = {}
        pending: list[int] = []
        for i, r in enumerate(board.results):
            o = r.outcome(side)
            if isinstance(o, Weighted):
                groups.setdefault(r.group, []).append(i)
            else:
                pending.append(i)
        real: list[Fraction] = []
        n_real = sum(len(ix) for ix in groups.values())
        for ix in groups.values():
            if fouled_board and len(ix) < min_group:
                lone_rows += [(i, side) for i in ix]
                continue
            pool = [_weighted(board, i, side) for i in ix]
            vals = values_of(pool)
            n = len(ix)
            mult = Fraction(big_n, n) if factor_up and n != big_n else Fraction(1)
            for i, v in zip(ix, vals, strict=True):
                out[(i, side)] = v * mult
                real.append(v * mult)
        both_real += real
        for i in pending:
            o = board.results[i].outcome(side)
            assert isinstance(o, Adjustment)
            out[(i, side)] = None if o is Adjustment.NOT_PLAYED else adjusted(o, real, n_real)
    for key in lone_rows:
        out[key] = lone(both_real)
    return ScoredBoard(
        number=board.number,
        method=method,
        scores=big_n,
        top=None,
        results=tuple(
            ScoredResult(r, out[(i, Side.NS)], out[(i, Side.EW)])
            for i, r in enumerate(board.results)
        ),
        penalty_unit=penalty_unit,
    )


def _weighted(board: Board, i: int, side: Side) -> Weighted:
    o = board.results[i].outcome(side)
    assert isinstance(o, Weighted)
    return o.for_side(side)


def sixty_percent_average(adj: Adjustment, real: list[Fraction], n_real: int) -> Fraction:
    """Average plus / minus for IMP and total-point pairs (003:23-27)."""
    if adj is Adjustment.AVERAGE or n_real == 0:
        return Fraction(0)
    if adj is Adjustment.AVERAGE_PLUS:
        return SIXTY * sum((v for v in real if v > 0), Fraction(0)) / n_real
    return SIXTY * sum((v for v in real if v < 0), Fraction(0)) / n_real


def _lone_sixty(real: list[Fraction]) -> Fraction:
    """A lone fouled score: 60 % of the mean plus result of the other groups (003:221).

    Both of its pairs get the same, so the plus results of both directions count.
    """
    plus = [v for v in real if v > 0]
    return SIXTY * sum(plus, Fraction(0)) / len(plus) if plus else Fraction(0)


def cross_imp_board(
    board: Board, *, scores: int | None = None, per_comparison: bool = False
) -> ScoredBoard:
    """Cross-IMPs of every side on ``board`` (004:1446-1486).

    ``per_comparison`` is the form BBO, KoPS and JFR publish: each played
    result's IMPs divided by the number of other played results it was
    compared with (an artificial score is in no comparison), nothing factored
    up; a one-board penalty is then 5 IMPs (003:51 per comparison).
    """
    big_n = len(board.results) if scores is None else scores
    if per_comparison:
        return _score_imp_like(
            board,
            "ximp",
            _averaged_cross,
            min_group=2,
            adjusted=sixty_percent_average,
            lone=_lone_sixty,
            factor_up=False,
            penalty_unit=Fraction(5),
            scores=scores,
        )
    return _score_imp_like(
        board,
        "ximp",
        lambda pool: _cross(pool, imp_blend),
        min_group=2,
        adjusted=sixty_percent_average,
        lone=_lone_sixty,
        factor_up=True,
        penalty_unit=Fraction(5 * (big_n - 1)),  # 003:51
        scores=scores,
    )


def _averaged_cross(pool: Sequence[Weighted]) -> list[Fraction]:
    """Each score's cross-IMPs over the others in ``pool``, per comparison."""
    if len(pool) < 2:
        return [Fraction(0) for _ in pool]
    return [v / (len(pool) - 1) for v in _cross(pool, imp_blend)]


def total_points_board(board: Board, *, scores: int | None = None) -> ScoredBoard:
    """Total points: the summed score differences of cross-IMP (004:1487-1490)."""
    big_n = len(board.results) if scores is None else scores
    return _score_imp_like(
        board,
        "total",
        lambda pool: _cross(pool, point_blend),
        min_group=2,
        adjusted=sixty_percent_average,
        lone=_lone_sixty,
        factor_up=True,
        penalty_unit=Fraction(250 * (big_n - 1)),  # 003:53
        scores=scores,
    )


def butler_board(board: Board, *, drop: int = 1, scores: int | None = None) -> ScoredBoard:
    """Butler (Houston trial) IMPs against the datum (004:1388-1444)."""

    def values(pool: Sequence[Weighted]) -> list[Fraction]:
        datum = butler_datum(pool, drop)
        return [sum((w * imps(s - datum) for w, s in x.parts), Fraction(0)) for x in pool]

    def adjusted(adj: Adjustment, real: list[Fraction], n_real: int) -> Fraction:
        return Fraction(HOUSTON_ADJUSTED[adj])

    return _score_imp_like(
        board,
        "butler",
        values,
        min_group=4,
        adjusted=adjusted,
        lone=lambda real: Fraction(3),  # 003:226: both sides get 3 IMPs
        factor_up=False,
        penalty_unit=Fraction(0),  # a Houston penalty is in VPs (003:55-57)
        scores=scores,
    )
