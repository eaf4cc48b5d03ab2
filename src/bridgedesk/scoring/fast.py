"""Vectorised one-field scoring for big simultaneous events (NumPy).

The same rules as :mod:`bridgedesk.scoring.matchpoints` (Neuberg) and
:mod:`bridgedesk.scoring.imp_pairs` (cross-IMP), on flat arrays with one entry
per traveller row: the board, the NS score and each side's kind (a real score
or an artificial adjustment).  Weighted blends and fouled-board groups are not
handled here; score those boards with the reference functions
(:func:`bridgedesk.scoring.boards.score_boards` does: it sends the boards
:func:`is_plain` finds here, and the rest board by board).

The results stay exact: each side's value is returned as an integer numerator
and denominator, equal to the :class:`~fractions.Fraction` the reference gives
(the tests compare them on random boards).

Import this module on purpose: it loads NumPy.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from bridgedesk.bridge.imps import IMP_FLOORS
from bridgedesk.bridge.methods import Method
from bridgedesk.errors import ScoringError
from bridgedesk.scoring.results import (
    Adjustment,
    Board,
    ScoredBoard,
    ScoredResult,
    Value,
    Weighted,
)

IntArray = npt.NDArray[np.int64]

#: Scores are packed as board * _SPAN + (score + _SPAN // 2); bridge scores are far
#: inside +-2**19.
_SPAN = 1 << 20
_FLOORS = np.asarray(IMP_FLOORS, dtype=np.int64)


class Kind(IntEnum):
    """What one side of a row is scored on."""

    REAL = 0
    AVERAGE = 1
    AVERAGE_PLUS = 2
    AVERAGE_MINUS = 3
    NOT_PLAYED = 4


@dataclass(frozen=True)
class FastScores:
    """Exact values per row: ``num_ns / den_ns`` and ``num_ew / den_ew``.

    A denominator of 0 marks a side that was not played.  ``top`` is each
    row's board top (matchpoints) or 0 (cross-IMP).
    """

    num_ns: IntArray
    den_ns: IntArray
    num_ew: IntArray
    den_ew: IntArray
    top: IntArray

    def values(self) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        """Float values for display (NaN where not played)."""
        with np.errstate(divide="ignore", invalid="ignore"):
            ns = np.where(self.den_ns != 0, self.num_ns / self.den_ns, np.nan)
            ew = np.where(self.den_ew != 0, self.num_ew / self.den_ew, np.nan)
        return ns, ew


def _prepare(
    board: npt.ArrayLike, score_ns: npt.ArrayLike, kind_ns: npt.ArrayLike | None,
    kind_ew: npt.ArrayLike | None,
) -> tuple[IntArray, IntArray, IntArray, IntArray, int]:  # fmt: skip
    b = np.asarray(board, dtype=np.int64)
    s = np.asarray(score_ns, dtype=np.int64)
    if b.shape != s.shape or b.ndim != 1:
        raise ScoringError(
            "board and score arrays must be one-dimensional and the same length",
            code="fast.arrays-shape",
        )
    kn = np.zeros_like(b) if kind_ns is None else np.asarray(kind_ns, dtype=np.int64)
    ke = kn.copy() if kind_ew is None else np.asarray(kind_ew, dtype=np.int64)
    if kn.shape != b.shape or ke.shape != b.shape:
        raise ScoringError(
            "kind arrays must be as long as the score array", code="fast.kind-arrays"
        )
    if np.any((kn == Kind.REAL) != (ke == Kind.REAL)):
        raise ScoringError(
            "a real score must be real for both sides (split scores: use the reference)",
            code="fast.split-score",
        )
    if s.size and np.abs(s[kn == Kind.REAL]).max(initial=0) >= _SPAN // 2:
        raise ScoringError(
            "a score is out of range for the vectorised engine", code="fast.score-range"
        )
    ids, compact = np.unique(b, return_inverse=True)
    return compact.astype(np.int64), s, kn, ke, int(ids.size)


def matchpoints_neuberg(
    board: npt.ArrayLike,
    score_ns: npt.ArrayLike,
    kind_ns: npt.ArrayLike | None = None,
    kind_ew: npt.ArrayLike | None = None,
    *,
    scale: int = 1,
    scores: int | None = None,
) -> FastScores:
    """Matchpoints with Neuberg factoring, like ``matchpoint_board(missing=NEUBERG)``.

    N is the number of rows on the board (or ``scores``, a common N for every
    board: the session's common top), n its real scores; a real score's
    matchpoints among the n are ``S`` and it gets ``N*S/n + (N-n)/(2n)``
    (003:167-177).  Artificial scores get 50 / 60 / 40 % of the top, before any
    session-percentage correction (that is the session's second pass).
    """
    b, s, kn, ke, nb = _prepare(board, score_ns, kind_ns, kind_ew)
    real = kn == Kind.REAL
    big_n = _big_n(b, nb, scores)
    small_n = np.bincount(b[real], minlength=nb)[b]
    key = b * _SPAN + (s + _SPAN // 2)
    keys_real = np.sort(key[real])
    lo = np.searchsorted(keys_real, key, "left")
    hi = np.searchsorted(keys_real, key, "right")
    start = np.searchsorted(keys_real, b * _SPAN, "left")
    s2 = 2 * (lo - start) + (hi - lo) - 1  # twice the matchpoints among the n
    top = (big_n - 1) * scale
    num_ns = (big_n * s2 + big_n - small_n) * scale
    den = 2 * small_n
    num_ew = den * top - num_ns
    nn, dn = _artificial_mp(kn, top)
    ne, de = _artificial_mp(ke, top)
    return FastScores(
        num_ns=np.where(real, num_ns, nn),
        den_ns=np.where(real, den, dn),
        num_ew=np.where(real, num_ew, ne),
        den_ew=np.where(real, den, de),
        top=top,
    )


def _big_n(b: IntArray, nb: int, scores: int | None) -> IntArray:
    """N for every row: its board's rows, or the common ``scores``."""
    rows = np.bincount(b, minlength=nb)[b]
    if scores is None:
        return rows
    if rows.size and int(rows.max()) > scores:
        raise ScoringError(
            "a board has {results} results but only {scores} scores were expected",
            code="fast.results-count",
            results=int(rows.max()),
            scores=scores,
        )
    return np.full_like(rows, scores)


def _artificial_mp(kind: IntArray, top: IntArray) -> tuple[IntArray, IntArray]:
    pct = np.select(
        [kind == Kind.AVERAGE, kind == Kind.AVERAGE_PLUS, kind == Kind.AVERAGE_MINUS],
        [50, 60, 40],
        0,
    )
    den = np.where(kind == Kind.NOT_PLAYED, 0, 100)
    return pct * top, den


def cross_imps(
    board: npt.ArrayLike,
    score_ns: npt.ArrayLike,
    kind_ns: npt.ArrayLike | None = None,
    kind_ew: npt.ArrayLike | None = None,
    *,
    scores: int | None = None,
) -> FastScores:
    """Cross-IMPs, like ``cross_imp_board``: real scores factored by N/n (N the
    rows on the board, or ``scores``), average plus / minus 60 % of the same
    side's plus / minus total over n (003:23-27).

    Each board's distinct scores are compared with each other once (a matrix of
    distinct values, weighted by how often each occurs), so the work grows with
    the number of distinct scores, not with the square of the results.
    """
    b, s, kn, ke, nb = _prepare(board, score_ns, kind_ns, kind_ew)
    real = kn == Kind.REAL
    big_n = _big_n(b, nb, scores)
    small_n = np.bincount(b[real], minlength=nb)[b]
    key = b * _SPAN + (s + _SPAN // 2)
    uniq, inverse, counts = np.unique(key[real], return_inverse=True, return_counts=True)
    ub = uniq // _SPAN
    us = uniq % _SPAN - _SPAN // 2
    per_value = np.zeros(uniq.size, dtype=np.int64)
    bounds = np.searchsorted(ub, np.arange(nb + 1), "left")
    for k in range(nb):
        lo, hi = int(bounds[k]), int(bounds[k + 1])
        if hi - lo < 2:
            continue
        v = us[lo:hi]
        c = counts[lo:hi]
        chunk = max(1, 4_000_000 // (hi - lo))
        for a in range(0, hi - lo, chunk):
            e = min(a + chunk, hi - lo)
            d = v[a:e, None] - v[None, :]
            m = np.searchsorted(_FLOORS, np.abs(d), "right").astype(np.int64)
            per_value[lo + a : lo + e] = (np.sign(d) * m) @ c
    raw = np.zeros(b.size, dtype=np.int64)
    raw[real] = per_value[inverse]
    # Factored value i*N/n; the board's plus total P (= minus total, balanced).
    plus = np.bincount(b[real], weights=np.maximum(raw[real], 0), minlength=nb)
    p_total = np.rint(plus).astype(np.int64)[b]
    num_ns = raw * big_n
    den = np.where(real, small_n, 1)
    nn, dn = _artificial_imp(kn, p_total, big_n, small_n)
    ne, de = _artificial_imp(ke, p_total, big_n, small_n)
    return FastScores(
        num_ns=np.where(real, num_ns, nn),
        den_ns=np.where(real, den, dn),
        num_ew=np.where(real, -num_ns, ne),
        den_ew=np.where(real, den, de),
        top=np.zeros_like(b),
    )


def _artificial_imp(
    kind: IntArray, p_total: IntArray, big_n: IntArray, small_n: IntArray
) -> tuple[IntArray, IntArray]:
    # A+ = 3/5 * (N/n * P) / n = 3*N*P / (5*n*n); A- its negative; A = 0.
    sign = np.select([kind == Kind.AVERAGE_PLUS, kind == Kind.AVERAGE_MINUS], [1, -1], 0)
    num = sign * 3 * big_n * p_total
    den = np.where(small_n > 0, 5 * small_n * small_n, 1)
    den = np.where(kind == Kind.NOT_PLAYED, 0, den)
    return num, den


# ---------------------------------------------------------------------------
# The exact engine's boards in and out (scoring.boards.score_boards uses these)

_KINDS: dict[Adjustment, Kind] = {
    Adjustment.AVERAGE: Kind.AVERAGE,
    Adjustment.AVERAGE_PLUS: Kind.AVERAGE_PLUS,
    Adjustment.AVERAGE_MINUS: Kind.AVERAGE_MINUS,
    Adjustment.NOT_PLAYED: Kind.NOT_PLAYED,
}


def is_plain(board: Board) -> bool:
    """True when every row is one plain score for both sides or artificial scores
    (no weighted blend, no split score, no fouled-board group): what this engine scores."""
    for r in board.results:
        if r.group is not None:
            return False
        ns, ew = r.ns_outcome, r.ew_outcome
        real = isinstance(ns, Weighted) or isinstance(ew, Weighted)
        if real and not (isinstance(ns, Weighted) and ns.is_single and ns == ew):
            return False
    return True


def scored_boards(
    boards: Sequence[Board], method: Method, *, scores: int | None = None, scale: int = 1
) -> list[ScoredBoard]:
    """``boards`` (all :func:`is_plain`) scored in one vectorised pass, as the exact
    engine scores them: matchpoints with Neuberg factoring (artificial scores left
    as :class:`Adjustment` for the session's second pass) or cross-IMPs.  The
    boards are taken as checked (:meth:`Board.check`, which ``score_session``
    runs on every board with the session's fields before scoring)."""
    if method not in (Method.MP, Method.XIMP):
        raise ScoringError(
            "the vectorised engine scores mp and ximp, not {method}",
            code="fast.method",
            method=method,
        )
    if scale not in (1, 2):
        raise ScoringError(
            "matchpoint scale must be 1 (1/0.5/0) or 2 (2/1/0), not {scale}",
            code="fast.mp-scale",
            scale=scale,
        )
    if not boards:
        return []
    index: list[int] = []
    score: list[int] = []
    kind_ns: list[int] = []
    kind_ew: list[int] = []
    for i, b in enumerate(boards):
        for r in b.results:
            index.append(i)
            ns, ew = r.ns_outcome, r.ew_outcome
            if isinstance(ns, Weighted):
                score.append(ns.parts[0][1])
                kind_ns.append(Kind.REAL)
                kind_ew.append(Kind.REAL)
            else:
                assert isinstance(ew, Adjustment)
                score.append(0)
                kind_ns.append(_KINDS[ns])
                kind_ew.append(_KINDS[ew])
    if method is Method.MP:
        got = matchpoints_neuberg(index, score, kind_ns, kind_ew, scale=scale, scores=scores)
    else:
        got = cross_imps(index, score, kind_ns, kind_ew, scores=scores)
    num_ns, den_ns = got.num_ns.tolist(), got.den_ns.tolist()
    num_ew, den_ew = got.num_ew.tolist(), got.den_ew.tolist()
    out: list[ScoredBoard] = []
    row = 0
    for b in boards:
        big_n = len(b.results) if scores is None else scores
        results = []
        for r in b.results:
            ns_value = _value(r.ns_outcome, num_ns[row], den_ns[row], method)
            ew_value = _value(r.ew_outcome, num_ew[row], den_ew[row], method)
            results.append(ScoredResult(r, ns_value, ew_value))
            row += 1
        if method is Method.MP:
            board_top = Fraction(max(big_n - 1, 0) * scale)
            out.append(ScoredBoard(b.number, "mp", big_n, board_top, tuple(results), board_top))
        else:
            unit = Fraction(5 * (big_n - 1))  # 003:51
            out.append(ScoredBoard(b.number, "ximp", big_n, None, tuple(results), unit))
    return out


def _value(outcome: Weighted | Adjustment, num: int, den: int, method: Method) -> Value:
    if den == 0:
        return None
    if method is Method.MP and isinstance(outcome, Adjustment):
        return outcome  # resolved by the session against the pair's percentage (003:16-19)
    return Fraction(num, den)
