"""Vectorised one-field scoring for big simultaneous events (NumPy).

The same rules as :mod:`bridgedesk.scoring.matchpoints` (Neuberg) and
:mod:`bridgedesk.scoring.imp_pairs` (cross-IMP), on flat arrays with one entry
per traveller row: the board, the NS score and each side's kind (a real score
or an artificial adjustment).  Weighted blends and fouled-board groups are not
handled here; score those boards with the reference functions.

The results stay exact: each side's value is returned as an integer numerator
and denominator, equal to the :class:`~fractions.Fraction` the reference gives
(the tests compare them on random boards).

Import this module on purpose: it loads NumPy.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

import numpy as np
import numpy.typing as npt

from bridgedesk.bridge.imps import IMP_FLOORS
from bridgedesk.errors import ScoringError

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
        raise ScoringError("board and score arrays must be one-dimensional and the same length")
    kn = np.zeros_like(b) if kind_ns is None else np.asarray(kind_ns, dtype=np.int64)
    ke = kn.copy() if kind_ew is None else np.asarray(kind_ew, dtype=np.int64)
    if kn.shape != b.shape or ke.shape != b.shape:
        raise ScoringError("kind arrays must be as long as the score array")
    if np.any((kn == Kind.REAL) != (ke == Kind.REAL)):
        raise ScoringError(
            "a real score must be real for both sides (split scores: use the reference)"
        )
    if s.size and np.abs(s[kn == Kind.REAL]).max(initial=0) >= _SPAN // 2:
        raise ScoringError("a score is out of range for the vectorised engine")
    ids, compact = np.unique(b, return_inverse=True)
    return compact.astype(np.int64), s, kn, ke, int(ids.size)


def matchpoints_neuberg(
    board: npt.ArrayLike,
    score_ns: npt.ArrayLike,
    kind_ns: npt.ArrayLike | None = None,
    kind_ew: npt.ArrayLike | None = None,
    *,
    scale: int = 1,
) -> FastScores:
    """Matchpoints with Neuberg factoring, like ``matchpoint_board(missing=NEUBERG)``.

    N is the number of rows on the board, n its real scores; a real score's
    matchpoints among the n are ``S`` and it gets ``N*S/n + (N-n)/(2n)``
    (003:167-177).  Artificial scores get 50 / 60 / 40 % of the top, before any
    session-percentage correction (that is the session's second pass).
    """
    b, s, kn, ke, nb = _prepare(board, score_ns, kind_ns, kind_ew)
    real = kn == Kind.REAL
    big_n = np.bincount(b, minlength=nb)[b]
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
) -> FastScores:
    """Cross-IMPs, like ``cross_imp_board``: real scores factored by N/n, average
    plus / minus 60 % of the same side's plus / minus total over n (003:23-27).

    Each board's distinct scores are compared with each other once (a matrix of
    distinct values, weighted by how often each occurs), so the work grows with
    the number of distinct scores, not with the square of the results.
    """
    b, s, kn, ke, nb = _prepare(board, score_ns, kind_ns, kind_ew)
    real = kn == Kind.REAL
    big_n = np.bincount(b, minlength=nb)[b]
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
