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

import random
from dataclasses import replace
from functools import lru_cache

from bridgedesk.errors import MovementError
from bridgedesk.movements.howell_starters import (
    FIELD_TABLES,
    JCBL_STARTERS,
    MAX_TABLES,
    MIN_TABLES,
    Balance,
    Seats,
    balance,
    best_orientation,
    best_starter,
    check_tables,
    field_howell,
    pair_the_rest,
    provenance,
    residue_starter,
    search_balanced_starter,
    search_starter,
)
from bridgedesk.movements.interwoven import howell_fewer_rounds
from bridgedesk.movements.model import Movement, Pair, Round, Seating

#: The round-1 constructions are :mod:`.howell_starters`'s; they are named here too, as
#: the Howell movements' own.
__all__ = [
    "FIELD_TABLES",
    "JCBL_STARTERS",
    "MAX_TABLES",
    "MIN_TABLES",
    "Balance",
    "Starter",
    "appendix_for_pairs",
    "appendix_howell",
    "balance",
    "best_orientation",
    "best_starter",
    "complete_howell",
    "field_howell",
    "provenance",
    "residue_starter",
    "search_balanced_starter",
    "search_starter",
    "short_howell",
    "short_starter",
]


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
    check_tables(tables)
    full = 2 * tables - 1
    if rounds is None:
        rounds = full
    if not 1 <= rounds <= full:
        raise MovementError(
            "a {tables}-table Howell has 1 to {full} rounds, not {rounds}",
            code="movement.howell-rounds",
            tables=tables,
            full=full,
            rounds=rounds,
        )
    if boards_per_round < 1:
        raise MovementError(
            "boards per round must be at least 1, not {boards_per_round}",
            code="movement.boards-per-round",
            boards_per_round=boards_per_round,
        )
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
        seats = Seats(
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
                return pair_the_rest(seats, rng)
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
    check_tables(tables, "a short Howell")
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
            "a {tables}-table Howell has {least_rounds} to {full} rounds, not {rounds}",
            code="movement.howell-rounds-range",
            tables=tables,
            least_rounds=min(low, tables),
            full=full,
            rounds=rounds,
        )
    if rounds == full:
        return complete_howell(tables, pairs=pairs, boards_per_round=boards_per_round)
    starter = short_starter(tables, rounds)
    if starter is None:
        raise MovementError(
            "no {rounds}-round arrangement found for {tables} tables; use "
            "{more_rounds} rounds or the complete Howell ({full} rounds)",
            code="movement.no-arrangement-found",
            rounds=rounds,
            tables=tables,
            more_rounds=rounds + 1,
            full=full,
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
        raise MovementError(
            "give either the number of tables or the number of pairs",
            code="movement.tables-or-pairs-given",
        )
    if pairs is not None:
        if pairs < 2:
            raise MovementError(
                "a pair movement needs at least 2 pairs, not {pairs}",
                code="movement.pair-movement-pairs",
                pairs=pairs,
            )
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
    check_tables(base_tables, "an appendix Howell base")
    if not 1 <= extra_tables <= base_tables - 1:
        raise MovementError(
            "a {base_tables}-table Howell takes 1 to {most_extra} appendix tables, "
            "not {extra_tables}",
            code="movement.howell-appendix-tables",
            base_tables=base_tables,
            most_extra=base_tables - 1,
            extra_tables=extra_tables,
        )
    full = 2 * base_tables - 1
    if rounds is None or rounds == full:
        base = complete_howell(base_tables, boards_per_round=boards_per_round)
    else:
        base = short_howell(base_tables, rounds=rounds, boards_per_round=boards_per_round)
        if extra_tables > rounds - base_tables:
            raise MovementError(
                "a {rounds}-round {base_tables}-table Howell has {meeting_tables} tables "
                "where two moving pairs meet, so at most that many appendix tables, not "
                "{extra_tables}",
                code="movement.howell-appendix-meetings",
                rounds=rounds,
                base_tables=base_tables,
                meeting_tables=rounds - base_tables,
                extra_tables=extra_tables,
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
