"""Round 1 of a complete Howell, which is the whole movement (see :mod:`.howell`):
the JCBL guide sheet's, the shipped ones (``data/howell_starters.json``), the
quadratic-residue and finite-field constructions, the searches that found them, and
:func:`balance`, the comparison balance they are judged by (004:810-948).
:mod:`.howell` builds the movements from them.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from importlib import resources
from typing import Any

from bridgedesk.errors import MovementError
from bridgedesk.movements.model import Movement, Pair, Round, Seating

MIN_TABLES = 3


MAX_TABLES = 16


#: Round 1 of the JCBL six-table (12-pair) guide sheet, Fig 7 (004:840-855):
#: (NS, EW, board set) for tables 2..6; table 1 is 12 (stationary) v 1, set 1.
#: The printed row 1 lost one empty cell (004:844), so 9-5, 3-2, 8-10 and 7-4
#: print one column early; rows 2-11 and the rotation place them at sets 7, 8,
#: 9 and 11.
JCBL_STARTERS: dict[int, tuple[tuple[int, int, int], ...]] = {
    6: ((11, 6, 3), (9, 5, 7), (3, 2, 8), (8, 10, 9), (7, 4, 11)),
}


@dataclass(frozen=True)
class Balance:
    """How evenly each pair is compared with every other pair.

    For two pairs, ``competitor`` boards are those both play in the same
    direction at different tables (their scores are compared directly);
    ``teammate`` boards are those they play in opposite directions at different
    tables (two stay pairs of a short Howell are left out: they sit the same way
    on every board).  A perfectly balanced Howell gives every couple the same difference
    ``competitor - teammate``.  ``spread`` is the largest minus the smallest
    difference over all couples (0 is perfect); ``index`` is
    ``100 * (1 - spread / (2 * sets))``, 100 being perfect.
    """

    spread: int
    index: Fraction
    min_difference: int
    max_difference: int

    def __str__(self) -> str:
        return (
            f"balance {float(self.index):.1f}% (competitor - teammate boards per couple "
            f"from {self.min_difference} to {self.max_difference})"
        )


def balance(movement: Movement) -> Balance:
    """The comparison balance of a one-field movement, counted in board sets."""
    pairs = [p for p in movement.pairs() if p != movement.phantom]
    by_set: dict[int, list[tuple[int, Pair, str]]] = {}
    for _, s in movement.seatings():
        if movement.phantom in s.pairs():
            continue
        lst = by_set.setdefault(s.board_set, [])
        lst.append((s.table, s.ns, "NS"))
        lst.append((s.table, s.ew, "EW"))
    index = {p: i for i, p in enumerate(pairs)}
    n = len(pairs)
    diff = [[0] * n for _ in range(n)]
    for entries in by_set.values():
        for t1, p1, d1 in entries:
            for t2, p2, d2 in entries:
                if t1 == t2 or p1 == p2:
                    continue
                if p1 not in index or p2 not in index:
                    continue
                diff[index[p1]][index[p2]] += 1 if d1 == d2 else -1
    # two stay pairs are compared on every board by construction; leave them out
    stay = {index[p] for p in movement.stationary_pairs() if p in index}
    values = [
        diff[i][j] for i in range(n) for j in range(i + 1, n) if not (i in stay and j in stay)
    ]
    if not values:
        return Balance(0, Fraction(100), 0, 0)
    played = max(1, len({k for _, s in movement.seatings() for k in [s.board_set]}))
    spread = max(values) - min(values)
    return Balance(spread, _index(spread, played), min(values), max(values))


def _index(spread: int, sets_played: int) -> Fraction:
    return max(Fraction(0), 100 * (1 - Fraction(spread, 2 * sets_played)))


def _cyclic_spread(tables: int, starter: tuple[tuple[int, int, int], ...]) -> int:
    """The balance spread of a cyclic Howell computed from round 1 alone."""
    n = 2 * tables - 1
    # slots of moving pairs: (offset set - pair, table, is_ns)
    slots: list[tuple[int, int, bool]] = [(0, 1, False)]
    for t, (a, b, k) in enumerate(starter, start=2):
        slots.append(((k - a) % n, t, True))
        slots.append(((k - b) % n, t, False))
    by_off = {o: (t, d) for o, t, d in slots}
    values: list[int] = []
    for d in range(1, n // 2 + 1):
        c = 0
        for o, t, is_ns in slots:
            t2, ns2 = by_off[(o - d) % n]
            if t2 != t:
                c += 1 if is_ns == ns2 else -1
        values.append(c)
    # the stationary pair sits NS at table 1 and plays every set
    c0 = sum(1 if is_ns else -1 for o, t, is_ns in slots if t != 1)
    values.append(c0)
    return max(values) - min(values)


def _orient(
    tables: int, starter: tuple[tuple[int, int, int], ...]
) -> tuple[tuple[tuple[int, int, int], ...], int]:
    """Flip NS/EW at tables (validity is unchanged) while the spread improves."""
    cur = list(starter)
    best = _cyclic_spread(tables, tuple(cur))
    improved = True
    while improved and best > 0:
        improved = False
        for i, (a, b, k) in enumerate(cur):
            cur[i] = (b, a, k)
            val = _cyclic_spread(tables, tuple(cur))
            if val < best:
                best, improved = val, True
            else:
                cur[i] = (a, b, k)
    return tuple(cur), best


@dataclass
class Seats:
    """What a round-1 search has taken so far (0-based pairs, sets and offsets mod ``n``).

    ``diff`` marks the pair differences already used (two couples with the same
    difference would meet twice); ``off`` the (set - pair) offsets (a pair would
    play a set twice); ``chosen`` the (NS, EW, set) tables placed; ``budget``
    the search steps left.
    """

    n: int
    relay: bool
    pair: list[bool]
    diff: list[bool]
    set: list[bool]
    off: list[bool]
    chosen: list[tuple[int, int, int]]
    budget: int


def pair_the_rest(seats: Seats, rng: random.Random) -> bool:
    """Seat every free moving pair against another by backtracking; False when stuck.

    With ``relay`` several tables may share a board set (they relay it).
    """
    seats.budget -= 1
    if seats.budget < 0:
        return False
    try:
        a = seats.pair.index(False)
    except ValueError:
        return True
    n = seats.n
    partners = [b for b in range(n) if not seats.pair[b] and b != a]
    rng.shuffle(partners)
    for b in partners:
        d = min((a - b) % n, (b - a) % n)
        if seats.diff[d]:
            continue
        sets = [k for k in range(n) if seats.relay or not seats.set[k]]
        rng.shuffle(sets)
        for k in sets:
            oa, ob = (k - a) % n, (k - b) % n
            if oa == ob or seats.off[oa] or seats.off[ob]:
                continue
            seats.pair[a] = seats.pair[b] = seats.diff[d] = seats.set[k] = True
            seats.off[oa] = seats.off[ob] = True
            seats.chosen.append((a, b, k) if rng.random() < 0.5 else (b, a, k))
            if pair_the_rest(seats, rng):
                return True
            seats.chosen.pop()
            seats.pair[a] = seats.pair[b] = seats.diff[d] = False
            seats.off[oa] = seats.off[ob] = False
            seats.set[k] = any(c[2] == k for c in seats.chosen)
    return False


def _search_starters(
    tables: int, wanted: int, seed: int, relay: bool = False
) -> list[tuple[tuple[int, int, int], ...]]:
    """Up to ``wanted`` valid round-1 arrangements (0-based search, 1-based result).

    With ``relay`` several tables may share a board set (they relay it).
    """
    n = 2 * tables - 1
    rng = random.Random(seed)
    found: list[tuple[tuple[int, int, int], ...]] = []
    attempts = 0
    while len(found) < wanted and attempts < wanted * 40:
        attempts += 1
        seats = Seats(
            n, relay, [False] * n, [False] * (n // 2 + 1), [False] * n, [False] * n, [], 4000
        )
        seats.pair[0] = seats.set[0] = seats.off[0] = True  # table 1: pair 0, set 0
        chosen = seats.chosen

        if pair_the_rest(seats, rng):
            ordered = sorted(chosen, key=lambda c: c[2])
            found.append(tuple((a + 1, b + 1, k + 1) for a, b, k in ordered))
    return found


@lru_cache(maxsize=1)
def _stored() -> dict[str, Any]:
    text = (
        resources.files("bridgedesk.movements")
        .joinpath("data/howell_starters.json")
        .read_text("utf-8")
    )
    data: dict[str, Any] = json.loads(text)
    return data


def _stored_starters() -> dict[int, tuple[tuple[int, int, int], ...]]:
    raw: dict[str, list[list[int]]] = _stored()["starters"]
    return {int(t): tuple((int(a), int(b), int(k)) for a, b, k in rows) for t, rows in raw.items()}


def provenance(tables: int, *, cyclic: bool = False) -> str:
    """Where the complete Howell for ``tables`` tables comes from (shown in its notes)."""
    if tables in FIELD_TABLES and not cyclic:
        return (
            f"arrangement: quadratic residues of the field of {2 * tables - 1} elements "
            "(howell.field_howell; Berlekamp and Hwang 1972): perfect"
        )
    if tables in JCBL_STARTERS:
        return "arrangement: JCBL guide sheet, Fig 7 (004:840-855): perfect"
    text: str = _stored()["provenance"][str(tables)]
    return f"arrangement: {text}"


@lru_cache(maxsize=32)
def best_starter(tables: int) -> tuple[tuple[int, int, int], ...]:
    """Round 1 of the cyclic Howell used for ``tables`` (JCBL's where the seed has it).

    The best-balanced arrangements (found by :func:`search_starter`,
    :func:`search_balanced_starter` or :func:`residue_starter`) are shipped in
    ``data/howell_starters.json`` with their provenance, so that nothing is
    searched at use time.
    """
    if tables in JCBL_STARTERS:
        return JCBL_STARTERS[tables]
    stored = _stored_starters()
    if tables in stored:
        return stored[tables]
    return search_starter(tables)


def search_starter(tables: int) -> tuple[tuple[int, int, int], ...]:
    """Search the best-balanced round 1 for ``tables`` tables (deterministic)."""
    candidates = _search_starters(tables, wanted=24 if tables <= 10 else 8, seed=tables)
    if not candidates:
        candidates = _search_starters(tables, wanted=8, seed=tables, relay=True)
    if not candidates:  # pragma: no cover - the search always succeeds for 3..16 tables
        raise MovementError(
            "no Howell arrangement found for {tables} tables",
            code="movement.no-howell-arrangement",
            tables=tables,
        )
    best = None
    best_spread = 0
    for cand in candidates:
        oriented, spread = _orient(tables, cand)
        if best is None or spread < best_spread:
            best, best_spread = oriented, spread
    assert best is not None
    return best


def _squares(q: int, mul: Callable[[int, int], int]) -> list[int]:
    return sorted({mul(x, x) for x in range(1, q)})


def residue_starter(tables: int) -> tuple[tuple[int, int, int], ...]:
    """The perfectly balanced cyclic round 1 when ``2T-1`` is a prime ``q`` = 3 (mod 4).

    Pairs and sets are counted from 0 mod ``q`` (shown 1-based); table 1 is
    the stationary pair NS against 0, set 0.  For each quadratic residue ``x``
    a table seats ``x`` NS, ``-x`` EW with set ``c*x``, ``c`` the least number
    with ``c*c-1`` a non-residue, so that the seats' offsets ``(c-1)x`` and
    ``(c+1)x`` cover every non-zero offset once.  Multiplying by a residue maps
    the movement onto itself and (``-1`` being a non-residue) carries every
    couple onto every other, so all couples have the same difference, 0.
    """
    q = 2 * tables - 1
    if q < 7 or q % 4 != 3 or any(q % d == 0 for d in range(2, q)):
        raise MovementError(
            "the residue construction needs 2T-1 a prime = 3 mod 4, not {pairs_less_one}",
            code="movement.residue-prime",
            pairs_less_one=q,
        )
    squares = _squares(q, lambda a, b: a * b % q)
    c = next(c for c in range(2, q) if (c * c - 1) % q not in [0, *squares])
    rows = sorted(((x, -x % q, c * x % q) for x in squares), key=lambda r: r[2])
    return tuple((a + 1, b + 1, k + 1) for a, b, k in rows)


#: Table counts built over a finite field of ``2T-1`` elements (no cyclic
#: perfect Howell exists for them): 27 = 3**3 elements for 14 tables.
FIELD_TABLES: dict[int, tuple[int, int]] = {14: (3, 3)}


@lru_cache(maxsize=4)
def _field(p: int, k: int) -> Callable[[int, int], int]:
    """Multiplication in the field of ``p**k`` elements.

    An element is the integer whose base-``p`` digits are its polynomial
    coefficients (lowest first), so addition is digitwise mod ``p``; the
    modulus is the first monic polynomial of degree ``k`` that leaves no zero
    divisors (that is, an irreducible one).
    """
    q = p**k

    def digits(x: int) -> list[int]:
        return [(x // p**i) % p for i in range(k)]

    def number(ds: list[int]) -> int:
        return sum(d * p**i for i, d in enumerate(ds))

    def make(low: list[int]) -> Callable[[int, int], int]:
        def mul(a: int, b: int) -> int:
            prod = [0] * (2 * k - 1)
            for i, x in enumerate(digits(a)):
                for j, y in enumerate(digits(b)):
                    prod[i + j] = (prod[i + j] + x * y) % p
            for top in range(2 * k - 2, k - 1, -1):  # x^k = -(low coefficients)
                f, prod[top] = prod[top], 0
                for i, lc in enumerate(low):
                    prod[top - k + i] = (prod[top - k + i] - f * lc) % p
            return number(prod[:k])

        return mul

    for m in range(q):
        mul = make(digits(m))
        if all(mul(a, b) != 0 for a in range(1, q) for b in range(1, q)):
            return mul
    raise MovementError(
        "no field of {p}**{k} elements", code="movement.no-finite-field", p=p, k=k
    )  # pragma: no cover


def _field_add(p: int, k: int, a: int, b: int) -> int:
    return sum(((a // p**i + b // p**i) % p) * p**i for i in range(k))


def _field_neg(p: int, k: int, a: int) -> int:
    return sum(((-(a // p**i)) % p) * p**i for i in range(k))


def field_howell(tables: int, rounds: int, bpr: int) -> Movement:
    """The perfectly balanced Howell over the field of ``2T-1`` elements (Berlekamp-Hwang).

    Pairs, rounds and sets are field elements (shown as 1 + their number);
    in round ``r`` the stationary pair sits NS against ``r`` with set ``r``, and
    for every square ``x`` a table seats ``r+x`` NS, ``r-x`` EW with set
    ``r+c*x`` (``c*c-1`` a non-square).  The argument of
    :func:`residue_starter` carries over, but the rotation adds field elements,
    so the pairs do not simply follow the next-lower number.
    """
    p, k = FIELD_TABLES[tables]
    q = p**k
    mul = _field(p, k)
    squares = _squares(q, mul)
    c = next(
        c
        for c in range(2, q)
        if _field_add(p, k, mul(c, c), _field_neg(p, k, 1)) not in [0, *squares]
    )
    tabs = sorted(squares, key=lambda x: mul(c, x))
    out: list[Round] = []
    for r in range(rounds):
        seats = [Seating(1, Pair(2 * tables), Pair(r + 1), r + 1)]
        for t, x in enumerate(tabs, start=2):
            ns = _field_add(p, k, r, x)
            ew = _field_add(p, k, r, _field_neg(p, k, x))
            seats.append(Seating(t, Pair(ns + 1), Pair(ew + 1), _field_add(p, k, r, mul(c, x)) + 1))
        out.append(Round(r + 1, tuple(seats)))
    return Movement(
        kind="howell",
        tables=tables,
        boards_per_round=bpr,
        board_sets=q,
        winners=1,
        rounds=tuple(out),
    )


def _orientation_spreads(
    tables: int, starter: tuple[tuple[int, int, int], ...]
) -> tuple[Any, Any, Any]:
    """Every way of seating round 1's tables NS/EW: flips, spreads and sums of squares.

    Row ``i`` of the flip matrix is +1/-1 per table (table 1 never flips); the
    difference of couple ``(p, p+d)`` is a quadratic form in the flips, summed
    over the seats whose offsets are ``d`` apart at different tables.
    """
    # numpy costs 0.16 s to import (python -X importtime) and only this search needs it.
    import numpy as np

    n = 2 * tables - 1
    seat_table = {0: 0}
    seat_dir = {0: -1}
    for t, (a, b, k) in enumerate(starter, start=1):
        seat_table[(k - a) % n], seat_dir[(k - a) % n] = t, 1
        seat_table[(k - b) % n], seat_dir[(k - b) % n] = t, -1
    couples = [(i, j) for i in range(tables) for j in range(i + 1, tables)]
    where = {c: i for i, c in enumerate(couples)}
    weight = np.zeros((len(couples), n // 2), dtype=np.int32)
    for d in range(1, n // 2 + 1):
        for o in range(n):
            t1, t2 = seat_table[o], seat_table[(o - d) % n]
            if t1 != t2:
                weight[where[(min(t1, t2), max(t1, t2))], d - 1] += (
                    seat_dir[o] * seat_dir[(o - d) % n]
                )
    rows = np.arange(2 ** (tables - 1))[:, None]
    bits = (rows >> np.arange(tables - 1)[None, :]) & 1
    flips = np.concatenate([np.ones((len(rows), 1), dtype=np.int32), 1 - 2 * bits], axis=1)
    products = np.stack([flips[:, i] * flips[:, j] for i, j in couples], axis=1)
    diffs = products @ weight
    return flips, diffs.max(axis=1) - diffs.min(axis=1), (diffs * diffs).sum(axis=1)


def best_orientation(
    tables: int, starter: tuple[tuple[int, int, int], ...]
) -> tuple[tuple[tuple[int, int, int], ...], int]:
    """Seat round 1's tables NS/EW the best way (all ``2**(T-1)`` ways are tried).

    The least spread wins, then the least sum of squared differences.
    """
    flips, spreads, squares = _orientation_spreads(tables, starter)
    best = int((spreads.astype("int64") * 10**9 + squares).argmin())
    oriented = tuple(
        (a, b, k) if flips[best, t] == 1 else (b, a, k)
        for t, (a, b, k) in enumerate(starter, start=1)
    )
    return oriented, int(spreads[best])


def search_balanced_starter(
    tables: int, *, seed: int = 1, samples: int = 200, target: int | None = None
) -> tuple[tuple[int, int, int], ...]:
    """The best-balanced cyclic round 1 among ``samples`` random valid ones (deterministic).

    Each sample is a random valid round 1 (:func:`pair_the_rest`; with relays
    only if none exists without) seated the best way (:func:`best_orientation`);
    the search stops early at ``target``
    (default: the least spread possible, 0 for an even, 4 for an odd number of
    tables).  Used offline: its results are shipped in the data file.
    """
    check_tables(tables)
    if target is None:
        target = 0 if tables % 2 == 0 else 4
    n = 2 * tables - 1
    rng = random.Random(seed)
    best: tuple[tuple[int, int, int], ...] | None = None
    best_spread = 0
    for relay in (False, True):  # tables relay a set only when nothing else works
        for _ in range(samples if best is None else 0):
            seats = Seats(
                n, relay, [False] * n, [False] * (n // 2 + 1), [False] * n, [False] * n, [], 4000
            )
            seats.pair[0] = seats.set[0] = seats.off[0] = True
            if not pair_the_rest(seats, rng):
                continue
            ordered = sorted(seats.chosen, key=lambda c: c[2])
            starter = tuple((a + 1, b + 1, k + 1) for a, b, k in ordered)
            oriented, spread = best_orientation(tables, starter)
            if best is None or spread < best_spread:
                best, best_spread = oriented, spread
            if best_spread <= target:
                break
    if best is None:  # pragma: no cover - valid round 1s are plentiful for 3..16 tables
        raise MovementError(
            "no Howell arrangement found for {tables} tables",
            code="movement.no-howell-arrangement",
            tables=tables,
        )
    return best


def check_tables(tables: int, what: str = "a complete Howell") -> None:
    if not MIN_TABLES <= tables <= MAX_TABLES:
        raise MovementError(
            "{what} exists here for {min_tables} to {max_tables} tables ({min_pairs} "
            "to {max_pairs} pairs), not {tables} tables; use a Mitchell for more "
            "tables",
            code="movement.howell-search-tables",
            what=what,
            min_tables=MIN_TABLES,
            max_tables=MAX_TABLES,
            min_pairs=2 * MIN_TABLES - 1,
            max_pairs=2 * MAX_TABLES,
            tables=tables,
        )
