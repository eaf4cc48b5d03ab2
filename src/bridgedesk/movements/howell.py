"""Howell movements: one field, every pair meets every other (004:810-948).

A complete Howell for ``T`` tables has ``2T`` pairs and ``2T-1`` rounds.  The
last pair is stationary at table 1 NS; pairs ``1..2T-1`` each follow the pair
one number below them (004:814), and the board sets move down one table with
bye stands between (004:818): in round ``r`` every moving pair number and every
board set number is that of round 1 plus ``r-1`` (mod ``2T-1``).  Round 1 is
therefore the whole movement.  It is valid when its ``T-1`` moving pairings
cover every difference once (everybody meets) and the ``2T-1`` seats used by
moving pairs have distinct (set - pair) offsets (everybody plays every set once).

For six tables the JCBL guide sheet's round 1 is used so that Fig 7
(004:840-855) is reproduced (it is perfectly balanced); for the other sizes the
shipped round 1 (``data/howell_starters.json``, with its provenance) has the
best comparison balance possible (see :func:`balance` and docs/movements.md):

* Perfect balance needs a multiple of 4 pairs: a pair's directions over the
  ``2T-1`` sets, with a leading +1, are ``2T`` mutually orthogonal +-1 vectors
  (a Hadamard matrix) exactly when every couple has difference 0.  With an odd
  number of tables every difference is even, they average 0, so the best is
  -2..2 (spread 4), which every odd size here reaches.
* With ``2T-1`` a prime ``q`` = 3 (mod 4) the quadratic-residue construction
  (Berlekamp and Hwang, J. Combin. Theory A 12 (1972)) is perfect: for every
  residue ``x`` a table with ``x`` NS, ``-x`` EW and set ``c*x``, ``c*c-1`` a
  non-residue (:func:`residue_starter`; 12 and 16 tables).
* In a cyclic Howell pair ``p`` plays set ``s`` in the direction of the seat
  with offset ``s-p``, so it is perfect exactly when the NS offsets form a
  cyclic (2T-1, T-1, T/2-1) difference set.  None exists in Z_27, so 14 tables
  are built over the field of 27 elements instead (:func:`field_howell`,
  perfect; pairs and boards then follow the guide cards, not "one number
  below"); the best cyclic 14-table round 1 (spread 8) stays available with
  ``cyclic=True``.

Odd pairs: the stationary (last) pair becomes the phantom (004:864-868).
A/B tables and appendix tables (004:886-917, Fig 8): a table where two moving
pairs meet is split; the NS pair stays and meets a new stationary pair sitting
EW, the EW pair stays and meets another new stationary pair sitting NS at the
appendix table, and the two tables relay the board set.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from importlib import resources
from typing import Any

from bridgedesk.errors import MovementError
from bridgedesk.movements.interwoven import howell_fewer_rounds
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


def _rounds_from_starter(
    tables: int, starter: tuple[tuple[int, int, int], ...], rounds: int
) -> tuple[Round, ...]:
    n = 2 * tables - 1
    stationary = 2 * tables

    def w(x: int) -> int:
        return (x - 1) % n + 1

    out: list[Round] = []
    for r in range(rounds):
        seats = [Seating(1, Pair(stationary), Pair(w(1 + r)), w(1 + r))]
        for t, (a, b, k) in enumerate(starter, start=2):
            seats.append(Seating(t, Pair(w(a + r)), Pair(w(b + r)), w(k + r)))
        out.append(Round(r + 1, tuple(seats)))
    return tuple(out)


@dataclass
class _Seats:
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


def _pair_the_rest(seats: _Seats, rng: random.Random) -> bool:
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
            if _pair_the_rest(seats, rng):
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
        seats = _Seats(
            n, relay, [False] * n, [False] * (n // 2 + 1), [False] * n, [False] * n, [], 4000
        )
        seats.pair[0] = seats.set[0] = seats.off[0] = True  # table 1: pair 0, set 0
        chosen = seats.chosen

        if _pair_the_rest(seats, rng):
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
        raise MovementError(f"no Howell arrangement found for {tables} tables")
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
        raise MovementError(f"the residue construction needs 2T-1 a prime = 3 mod 4, not {q}")
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
    raise MovementError(f"no field of {p}**{k} elements")  # pragma: no cover


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

    Each sample is a random valid round 1 (:func:`_pair_the_rest`; with relays
    only if none exists without) seated the best way (:func:`best_orientation`);
    the search stops early at ``target``
    (default: the least spread possible, 0 for an even, 4 for an odd number of
    tables).  Used offline: its results are shipped in the data file.
    """
    _check_tables(tables)
    if target is None:
        target = 0 if tables % 2 == 0 else 4
    n = 2 * tables - 1
    rng = random.Random(seed)
    best: tuple[tuple[int, int, int], ...] | None = None
    best_spread = 0
    for relay in (False, True):  # tables relay a set only when nothing else works
        for _ in range(samples if best is None else 0):
            seats = _Seats(
                n, relay, [False] * n, [False] * (n // 2 + 1), [False] * n, [False] * n, [], 4000
            )
            seats.pair[0] = seats.set[0] = seats.off[0] = True
            if not _pair_the_rest(seats, rng):
                continue
            ordered = sorted(seats.chosen, key=lambda c: c[2])
            starter = tuple((a + 1, b + 1, k + 1) for a, b, k in ordered)
            oriented, spread = best_orientation(tables, starter)
            if best is None or spread < best_spread:
                best, best_spread = oriented, spread
            if best_spread <= target:
                break
    if best is None:  # pragma: no cover - valid round 1s are plentiful for 3..16 tables
        raise MovementError(f"no Howell arrangement found for {tables} tables")
    return best


def _build(
    tables: int, starter: tuple[tuple[int, int, int], ...], rounds: int, bpr: int
) -> Movement:
    n = 2 * tables - 1
    by_set: dict[int, list[int]] = {1: [1]}
    for t, (_, _, k) in enumerate(starter, start=2):
        by_set.setdefault(k, []).append(t)
    relays = tuple(tuple(ts) for ts in by_set.values() if len(ts) > 1)
    return Movement(
        kind="howell",
        tables=tables,
        boards_per_round=bpr,
        board_sets=n,
        winners=1,
        rounds=_rounds_from_starter(tables, starter, rounds),
        relay_groups=relays,
    )


def _check_tables(tables: int, what: str = "a complete Howell") -> None:
    if not MIN_TABLES <= tables <= MAX_TABLES:
        raise MovementError(
            f"{what} exists here for {MIN_TABLES} to {MAX_TABLES} tables "
            f"({2 * MIN_TABLES - 1} to {2 * MAX_TABLES} pairs), not {tables} tables; "
            "use a Mitchell for more tables"
        )


def complete_howell(
    tables: int | None = None,
    *,
    pairs: int | None = None,
    boards_per_round: int = 2,
    rounds: int | None = None,
    cyclic: bool = False,
) -> Movement:
    """The complete Howell for ``tables`` tables or ``pairs`` pairs.

    With an odd number of pairs the stationary pair (the last number) is the
    phantom (004:864-868).  ``rounds`` may cut the movement short (the rounds
    after it are simply not played); the default is all ``2T-1`` rounds.
    ``cyclic`` keeps the one-number-below rotation where the best-balanced
    arrangement is built otherwise (14 tables: 85.2% instead of perfect).
    The notes give the balance and where the arrangement comes from.
    """
    tables, phantom = _size(tables, pairs)
    _check_tables(tables)
    full = 2 * tables - 1
    if rounds is None:
        rounds = full
    if not 1 <= rounds <= full:
        raise MovementError(f"a {tables}-table Howell has 1 to {full} rounds, not {rounds}")
    if boards_per_round < 1:
        raise MovementError(f"boards per round must be at least 1, not {boards_per_round}")
    if tables in FIELD_TABLES and not cyclic:
        mv = field_howell(tables, rounds, boards_per_round)
    else:
        mv = _build(tables, best_starter(tables), rounds, boards_per_round)
    notes = [str(balance(mv)), provenance(tables, cyclic=cyclic)] if rounds == full else []
    if phantom:
        mv = _with_phantom(mv, Pair(2 * tables))
        notes.append(f"pair {2 * tables} (stationary) is the phantom; its opponents sit out")
    return Movement(
        kind="howell",
        tables=mv.tables,
        boards_per_round=mv.boards_per_round,
        board_sets=mv.board_sets,
        winners=1,
        rounds=mv.rounds,
        relay_groups=mv.relay_groups,
        phantom=mv.phantom,
        notes=tuple(notes),
    )


Starter = tuple[tuple[int, int, int], ...]


def _search_short(tables: int, rounds: int, wanted: int, relay: bool) -> list[Starter]:
    """Round 1 of a Howell of ``rounds`` rounds: pairs ``1..rounds`` move, the rest stay.

    Pairs ``rounds+1..2T`` sit at tables ``1..2T-rounds`` all session (the
    JCBL sheets' "stay pairs", 004:3105-3145); the moving pairs and the board
    sets add one each round (mod ``rounds``).  Valid when the moving pairs'
    seats have distinct (set - pair) offsets (each plays every set once) and
    the moving-moving tables have distinct differences (nobody meets twice).
    """
    r_mod = rounds
    stay = 2 * tables - rounds
    rng = random.Random(1000 * tables + rounds)
    found: list[Starter] = []

    def attempt() -> list[tuple[int, int, int]] | None:
        seats = _Seats(
            r_mod,
            relay,
            [False] * r_mod,
            [False] * (r_mod // 2 + 1),
            [False] * r_mod,
            [False] * r_mod,
            [],
            3000,
        )
        if r_mod % 2 == 0:
            seats.diff[r_mod // 2] = True  # such a couple would meet twice
        chosen = seats.chosen

        def stay_step(t: int) -> bool:
            seats.budget -= 1
            if seats.budget < 0:
                return False
            if t == stay:
                return _pair_the_rest(seats, rng)
            xs = [0] if t == 0 else [x for x in range(r_mod) if not seats.pair[x]]
            rng.shuffle(xs)
            for x in xs:
                ks = [0] if t == 0 else [k for k in range(r_mod) if relay or not seats.set[k]]
                rng.shuffle(ks)
                for k in ks:
                    o = (k - x) % r_mod
                    if seats.off[o]:
                        continue
                    seats.pair[x] = seats.set[k] = seats.off[o] = True
                    chosen.append((rounds + 1 + t, x, k))
                    if stay_step(t + 1):
                        return True
                    chosen.pop()
                    seats.pair[x] = seats.off[o] = False
                    seats.set[k] = any(c[2] == k for c in chosen)
            return False

        return chosen if stay_step(0) else None

    for _ in range(wanted * 30):
        if len(found) >= wanted:
            break
        chosen = attempt()
        if chosen is not None:
            stays = [c for c in chosen if c[0] > rounds]
            moving = sorted((c for c in chosen if c[0] <= rounds), key=lambda c: c[2])
            # stay pairs sit NS at odd tables and EW at even ones, so that the
            # moving pairs sit NS and EW equally often
            found.append(
                tuple(
                    (sp, x + 1, k + 1) if i % 2 == 0 else (x + 1, sp, k + 1)
                    for i, (sp, x, k) in enumerate(stays)
                )
                + tuple((a + 1, b + 1, k + 1) for a, b, k in moving)
            )
    return found


def _build_general(
    kind: str, tables: int, cycle: int, starter: Starter, rounds: int, bpr: int
) -> Movement:
    def w(x: int) -> int:
        return (x - 1) % cycle + 1

    def move(p: int, r: int) -> int:
        return p if p > cycle else w(p + r)

    out: list[Round] = []
    for r in range(rounds):
        seats = tuple(
            Seating(t, Pair(move(a, r)), Pair(move(b, r)), w(k + r))
            for t, (a, b, k) in enumerate(starter, start=1)
        )
        out.append(Round(r + 1, seats))
    by_set: dict[int, list[int]] = {}
    for t, (_, _, k) in enumerate(starter, start=1):
        by_set.setdefault(k, []).append(t)
    return Movement(
        kind=kind,
        tables=tables,
        boards_per_round=bpr,
        board_sets=cycle,
        winners=1,
        rounds=tuple(out),
        relay_groups=tuple(tuple(ts) for ts in by_set.values() if len(ts) > 1),
    )


@lru_cache(maxsize=64)
def short_starter(tables: int, rounds: int) -> Starter | None:
    """The best-balanced round 1 found for a ``rounds``-round Howell on ``tables`` tables."""
    for relay in (False, True):
        candidates = _search_short(tables, rounds, wanted=6, relay=relay)
        if candidates:
            return min(
                candidates,
                key=lambda c: (
                    balance(_build_general("howell", tables, rounds, c, rounds, 1)).spread
                ),
            )
    return None


def short_howell(
    tables: int | None = None,
    *,
    pairs: int | None = None,
    rounds: int,
    boards_per_round: int = 2,
) -> Movement:
    """A Howell of fewer rounds: 3/4 and short Howell (004:919-927, 004:3105-3145).

    ``rounds`` pairs move and ``2T - rounds`` pairs stay at the first
    tables (NS at odd, EW at even tables), as the JCBL sheets' "stay pair"
    column shows (e.g. 8 tables, 12 rounds: pairs 13-16 stay, 004:3131).
    Stay pairs never meet each other; every other couple meets at most once
    and every pair plays every set once.
    Any number of rounds from ``tables`` to ``2T-1`` is possible.
    """
    tables, phantom = _size(tables, pairs)
    _check_tables(tables, "a short Howell")
    full = 2 * tables - 1
    if rounds < tables and tables <= 2 * rounds - 2 and rounds >= 5:
        # fewer rounds than tables, as the JCBL list's 11 tables x 10 rounds (004:3141)

        mv = howell_fewer_rounds(tables, rounds, boards_per_round=boards_per_round)
        mv = replace(mv, kind="short-howell")
        if phantom:
            mv = replace(
                _with_phantom(mv, Pair(2 * tables)),
                notes=(*mv.notes, f"pair {2 * tables} (a stay pair) is the phantom"),
            )
        return mv
    if not tables <= rounds <= full:
        low = max(5, (tables + 3) // 2)
        raise MovementError(
            f"a {tables}-table Howell has {min(low, tables)} to {full} rounds, not {rounds}"
        )
    if rounds == full:
        return complete_howell(tables, pairs=pairs, boards_per_round=boards_per_round)
    starter = short_starter(tables, rounds)
    if starter is None:
        raise MovementError(
            f"no {rounds}-round arrangement found for {tables} tables; "
            f"use {rounds + 1} rounds or the complete Howell ({full} rounds)"
        )
    kind = "three-quarter-howell" if tables >= 8 else "short-howell"
    mv = _build_general(kind, tables, rounds, starter, rounds, boards_per_round)
    stay = 2 * tables - rounds
    notes = [
        f"pairs {rounds + 1}-{2 * tables} stay at tables 1-{stay} (NS at odd tables, "
        "EW at even ones)",
        str(balance(mv)),
    ]
    if phantom:
        mv = _with_phantom(mv, Pair(2 * tables))
        notes.append(f"pair {2 * tables} (a stay pair) is the phantom")
    return replace(mv, notes=tuple(notes))


def _size(tables: int | None, pairs: int | None) -> tuple[int, bool]:
    if (tables is None) == (pairs is None):
        raise MovementError("give either the number of tables or the number of pairs")
    if pairs is not None:
        if pairs < 2:
            raise MovementError(f"a pair movement needs at least 2 pairs, not {pairs}")
        return (pairs + 1) // 2, pairs % 2 == 1
    assert tables is not None
    return tables, False


def _with_phantom(mv: Movement, phantom: Pair) -> Movement:
    rounds = []
    for rnd in mv.rounds:
        out = tuple(s.ew if s.ns == phantom else s.ns for s in rnd.seatings if phantom in s.pairs())
        rounds.append(Round(rnd.number, rnd.seatings, rnd.sitout + out))
    return Movement(
        kind=mv.kind,
        tables=mv.tables,
        boards_per_round=mv.boards_per_round,
        board_sets=mv.board_sets,
        winners=mv.winners,
        rounds=tuple(rounds),
        relay_groups=mv.relay_groups,
        phantom=phantom,
        rover=mv.rover,
        notes=mv.notes,
    )


def appendix_howell(
    base_tables: int,
    extra_tables: int = 1,
    *,
    boards_per_round: int = 2,
    odd: bool = False,
    rounds: int | None = None,
) -> Movement:
    """A complete Howell of ``base_tables`` with ``extra_tables`` appendix tables.

    The appended (transfer) tables are the base's last tables, in order
    ``T, T-1, ...`` (the A/B split of table T first, 004:886-891, then table T-1
    as in Fig 8, 004:913).  Each appendix adds two stationary pairs ``x, x+1``:
    in the seed's printed sheets (Fig 7/8: ``(7-13/14-4)``) the transfer table's
    NS pair meets ``x`` sitting EW, and ``x+1`` sitting NS at the appendix table
    meets the transfer table's EW pair; the two tables relay the board set.
    The text at 004:905 words the numbering the other way round; the printed
    sheets are what clubs use, so they govern here.  ``odd`` makes the last new
    pair the phantom (the 6B table with one pair, 004:891).
    """
    _check_tables(base_tables, "an appendix Howell base")
    if not 1 <= extra_tables <= base_tables - 1:
        raise MovementError(
            f"a {base_tables}-table Howell takes 1 to {base_tables - 1} appendix tables, "
            f"not {extra_tables}"
        )
    full = 2 * base_tables - 1
    if rounds is None or rounds == full:
        base = complete_howell(base_tables, boards_per_round=boards_per_round)
    else:
        base = short_howell(base_tables, rounds=rounds, boards_per_round=boards_per_round)
        if extra_tables > rounds - base_tables:
            raise MovementError(
                f"a {rounds}-round {base_tables}-table Howell has {rounds - base_tables} "
                f"tables where two moving pairs meet, so at most that many appendix "
                f"tables, not {extra_tables}"
            )
    transfer = [base_tables - i for i in range(extra_tables)]
    out_rounds: list[Round] = []
    for rnd in base.rounds:
        seats: list[Seating] = []
        extra: list[Seating] = []
        for s in rnd.seatings:
            if s.table in transfer:
                i = transfer.index(s.table)
                x = 2 * base_tables + 1 + 2 * i
                seats.append(Seating(s.table, s.ns, Pair(x), s.board_set))
                extra.append(Seating(base_tables + 1 + i, Pair(x + 1), s.ew, s.board_set))
            else:
                seats.append(s)
        out_rounds.append(
            Round(rnd.number, tuple(seats) + tuple(sorted(extra, key=lambda e: e.table)))
        )
    total_pairs = 2 * (base_tables + extra_tables)
    mv = Movement(
        kind="appendix-howell",
        tables=base_tables + extra_tables,
        boards_per_round=boards_per_round,
        board_sets=base.board_sets,
        winners=1,
        rounds=tuple(out_rounds),
        relay_groups=_merge_groups(
            base.relay_groups + tuple((t, base_tables + 1 + i) for i, t in enumerate(transfer))
        ),
        notes=(
            f"{base_tables}-table Howell with {extra_tables} appendix table(s); "
            + ", ".join(
                f"table {base_tables + 1 + i} relays with table {t}" for i, t in enumerate(transfer)
            ),
        ),
    )
    if odd:
        mv = _with_phantom(mv, Pair(total_pairs))
    return mv


def _merge_groups(groups: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    merged: list[set[int]] = []
    for g in groups:
        current = set(g)
        for other in [m for m in merged if m & current]:
            current |= other
            merged.remove(other)
        merged.append(current)
    return tuple(tuple(sorted(m)) for m in sorted(merged, key=min))


def appendix_for_pairs(
    pairs: int, boards_per_round: int = 2, rounds: int | None = None
) -> Movement:
    """An A/B-table Howell for ``pairs`` pairs: one appendix table on a Howell of T-1 tables."""
    tables = (pairs + 1) // 2
    return appendix_howell(
        tables - 1, 1, boards_per_round=boards_per_round, odd=pairs % 2 == 1, rounds=rounds
    )
