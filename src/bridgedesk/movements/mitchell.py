"""Mitchell movements: two fields, "boards down, pairs up" (004:950-1160).

NS pairs stay at their table; after each round EW pairs move to the next
higher table and board sets to the next lower one (004:958-960).  Pairs are
numbered by starting table in each field (004:968-970).

* straight Mitchell for an odd number of tables (Fig 9, 004:984-996);
* relay-and-bye for an even number: table 1 and the last table share the set,
  a bye stand sits between the two middle tables (Fig 10, 004:1002-1024);
* skip Mitchell for an even number: EW skip one table after half the rounds
  (Fig 11, 004:1026-1050); the skip formula ``X = Y - N/2`` (004:3736-3758)
  gives the earliest round after which EW may skip;
* rover pair for an odd number of pairs (Fig 13 and the exceptions and round
  limits of 004:3765-3797) in :mod:`bridgedesk.movements.rover`;
* the 1.5-table appendix (Fig 14, 004:1114-1142);
* scrambled (arrow-switch) Mitchell, scored as one field (004:1066-1074).
"""

from __future__ import annotations

from bridgedesk.errors import MovementError
from bridgedesk.i18n import LazyText, lazy_gettext
from bridgedesk.movements.model import Movement, Pair, Round, Seating, ew, ns, wrap
from bridgedesk.movements.validate import validate

MAX_TABLES = 40


def _check(tables: int, rounds: int | None, max_rounds: int, what: LazyText) -> int:
    if tables < 2 or tables > MAX_TABLES:
        raise MovementError(
            "a {what} exists here for 2 to {max_tables} tables, not {tables}",
            code="movement.mitchell-tables",
            what=what,
            max_tables=MAX_TABLES,
            tables=tables,
        )
    if rounds is None:
        return max_rounds
    if not 1 <= rounds <= max_rounds:
        raise MovementError(
            "a {tables}-table {what} has 1 to {max_rounds} rounds, not {rounds}",
            code="movement.mitchell-rounds",
            tables=tables,
            what=what,
            max_rounds=max_rounds,
            rounds=rounds,
        )
    return rounds


def _bpr(boards_per_round: int) -> int:
    if boards_per_round < 1:
        raise MovementError(
            "boards per round must be at least 1, not {boards_per_round}",
            code="movement.boards-per-round",
            boards_per_round=boards_per_round,
        )
    return boards_per_round


def skip_window(tables: int, rounds: int) -> tuple[int, int] | None:
    """The rounds after which EW may skip one table in an even Mitchell, or None.

    The earliest is ``X = Y - N/2`` (004:3742-3750); the latest is ``N/2``
    (after half the tables, 004:1032): a later skip makes EW replay boards.
    None when no skip is needed (``Y <= N/2``).
    """
    if tables % 2:
        raise MovementError(
            "only an even number of tables skips; {tables} is odd",
            code="movement.skip-odd-tables",
            tables=tables,
        )
    half = tables // 2
    if rounds > tables - 1:
        raise MovementError(
            "a {tables}-table skip Mitchell has at most {max_rounds} rounds, not {rounds}",
            code="movement.skip-mitchell-rounds",
            tables=tables,
            max_rounds=tables - 1,
            rounds=rounds,
        )
    if rounds <= half:
        return None
    return (max(1, rounds - half), half)


def common_skip_rounds(sections: list[int], rounds: int) -> list[int]:
    """Rounds after which all these even sections can skip together (004:3752-3758)."""
    lo, hi = 1, rounds
    for tables in sections:
        window = skip_window(tables, rounds)
        if window is None:
            continue
        lo, hi = max(lo, window[0]), min(hi, window[1])
    return list(range(lo, hi + 1))


def _grid(
    kind: str,
    tables: int,
    rounds: int,
    bpr: int,
    set_of_table: list[int],
    sets: int,
    shift: list[int],
    relay_groups: tuple[tuple[int, ...], ...] = (),
    notes: tuple[str, ...] = (),
) -> Movement:
    out: list[Round] = []
    for r in range(rounds):
        seats = tuple(
            Seating(
                t,
                ns(t),
                ew(wrap(t - shift[r], tables)),
                wrap(set_of_table[t - 1] + r, sets),
            )
            for t in range(1, tables + 1)
        )
        out.append(Round(r + 1, seats))
    return Movement(
        kind=kind,
        tables=tables,
        boards_per_round=bpr,
        board_sets=sets,
        winners=2,
        rounds=tuple(out),
        relay_groups=relay_groups,
        notes=notes,
    )


def straight_mitchell(
    tables: int, *, rounds: int | None = None, boards_per_round: int = 3
) -> Movement:
    """The straight Mitchell: odd tables, as many rounds as tables (Fig 9)."""
    if tables % 2 == 0:
        raise MovementError(
            "a straight Mitchell needs an odd number of tables, not {tables}; use "
            "skip-mitchell or relay-mitchell for an even number",
            code="movement.mitchell-even-tables",
            tables=tables,
        )
    rounds = _check(tables, rounds, tables, lazy_gettext("straight Mitchell"))
    return _grid(
        "mitchell",
        tables,
        rounds,
        _bpr(boards_per_round),
        list(range(1, tables + 1)),
        tables,
        list(range(rounds)),
    )


def skip_mitchell(
    tables: int,
    *,
    rounds: int | None = None,
    boards_per_round: int = 3,
    skip_after: int | None = None,
) -> Movement:
    """The skip Mitchell: even tables, EW skip a table after half (Fig 11).

    ``skip_after`` defaults to ``tables/2``; any round in :func:`skip_window`
    is allowed (004:3736-3758).
    """
    if tables % 2:
        raise MovementError(
            "a skip Mitchell needs an even number of tables, not {tables}; use a "
            "straight mitchell for an odd number",
            code="movement.skip-mitchell-odd-tables",
            tables=tables,
        )
    rounds = _check(tables, rounds, tables - 1, lazy_gettext("skip Mitchell"))
    window = skip_window(tables, rounds)
    if window is None:
        after = rounds
    else:
        after = window[1] if skip_after is None else skip_after
        if not window[0] <= after <= window[1]:
            raise MovementError(
                "with {tables} tables and {rounds} rounds EW may skip after round "
                "{first} to {last} (X = Y - N/2), not after round {after}",
                code="movement.skip-after-round",
                tables=tables,
                rounds=rounds,
                first=window[0],
                last=window[1],
                after=after,
            )
    shift = [r if r < after else r + 1 for r in range(rounds)]
    notes = () if window is None else (f"EW pairs skip one table after round {after}",)
    return _grid(
        "skip-mitchell",
        tables,
        rounds,
        _bpr(boards_per_round),
        list(range(1, tables + 1)),
        tables,
        shift,
        notes=notes,
    )


def relay_mitchell(
    tables: int, *, rounds: int | None = None, boards_per_round: int = 3
) -> Movement:
    """Relay-and-bye Mitchell: even tables (Fig 10, 004:1002-1024).

    Tables 1 and ``N`` share the board set every round; the bye stand holds set
    ``N/2 + 1`` in round 1, between tables ``N/2`` and ``N/2 + 1``.
    """
    if tables % 2 or tables < 4:
        raise MovementError(
            "a relay-and-bye Mitchell needs an even number of tables from 4, not {tables}",
            code="movement.relay-mitchell-tables",
            tables=tables,
        )
    rounds = _check(tables, rounds, tables, lazy_gettext("relay Mitchell"))
    half = tables // 2
    base = [t if t <= half else t + 1 for t in range(1, tables)] + [1]
    return _grid(
        "relay-mitchell",
        tables,
        rounds,
        _bpr(boards_per_round),
        base,
        tables,
        list(range(rounds)),
        relay_groups=((1, tables),),
        notes=(
            f"tables 1 and {tables} relay the boards; bye stand between tables {half} "
            f"and {half + 1}",
        ),
    )


def one_and_half_appendix(
    pairs: int, *, rounds: int | None = None, boards_per_round: int = 3
) -> Movement:
    """The 1.5-table appendix Mitchell for an odd number of pairs (Fig 14, 004:1114-1142).

    The base is ``tables - 1.5`` tables (a straight Mitchell; an even base
    skips).  Table ``B+1`` relays with table 1; NS ``B+1`` stays there; EW
    ``B+2`` sits out round 1 and then goes to table 1.  EW pairs move round a
    ring of the base tables, the appendix table and the bye.
    """
    if pairs % 2 == 0 or pairs < 9:
        raise MovementError(
            "the 1.5-table appendix Mitchell is for an odd number of pairs from 9, not {pairs}",
            code="movement.appendix-mitchell-pairs",
            pairs=pairs,
        )
    base = (pairs - 3) // 2
    ring = base + 2  # base tables, appendix table, bye
    max_rounds = base if base % 2 else base - 1
    rounds = _check(base, rounds, max_rounds, lazy_gettext("1.5-table appendix base"))
    half = base // 2
    out: list[Round] = []
    for r in range(rounds):
        move = r if (base % 2 or r < half) else r + 1
        seats: list[Seating] = []
        sitout: list[Pair] = []
        for e in range(1, ring + 1):
            pos = wrap(e + move, ring)
            if pos == ring:
                sitout.append(ew(e))
                continue
            table = pos
            board_set = wrap((1 if table == base + 1 else table) + r, base)
            seats.append(Seating(table, ns(table), ew(e), board_set))
        out.append(Round(r + 1, tuple(sorted(seats, key=lambda s: s.table)), tuple(sitout)))
    return Movement(
        kind="appendix-mitchell",
        tables=base + 1,
        boards_per_round=_bpr(boards_per_round),
        board_sets=base,
        winners=2,
        rounds=tuple(out),
        relay_groups=((1, base + 1),),
        notes=(
            f"1.5-table appendix on a {base}-table "
            f"{'straight' if base % 2 else 'skip'} Mitchell: table {base + 1} relays with "
            f"table 1; EW {base + 2} sits out round 1",
        ),
    )


def scrambled_mitchell(
    tables: int,
    *,
    rounds: int | None = None,
    boards_per_round: int = 3,
    arrow_rounds: tuple[int, ...] | None = None,
    relay: bool = False,
) -> Movement:
    """A Mitchell scored as one field, with arrow switches (004:1066-1074).

    Pairs are numbered through (004:1072): NS ``t`` is pair ``t``, EW ``t`` is
    pair ``N + t``.  In the ``arrow_rounds`` every table turns the arrow, so the
    moving pair sits NS.  The default turns it for the second half of the
    rounds: every pair then sits each way half the time and every board set,
    played once a round, is played half the time each way.  Odd tables use the
    straight, even tables the skip movement (``relay``: the relay-and-bye one,
    which gives as many rounds as tables).
    """
    if tables % 2:
        base = straight_mitchell(tables, rounds=rounds, boards_per_round=boards_per_round)
    elif relay:
        base = relay_mitchell(tables, rounds=rounds, boards_per_round=boards_per_round)
    else:
        base = skip_mitchell(tables, rounds=rounds, boards_per_round=boards_per_round)
    n = base.round_count
    arrows = tuple(range(n // 2 + 1, n + 1)) if arrow_rounds is None else arrow_rounds
    for a in arrows:
        if not 1 <= a <= base.round_count:
            raise MovementError(
                "arrow switch round {round} is not one of 1..{rounds}",
                code="movement.arrow-switch-round",
                round=a,
                rounds=base.round_count,
            )
    out: list[Round] = []
    for rnd in base.rounds:
        seats: list[Seating] = []
        for s in rnd.seatings:
            home, visitor = Pair(s.ns.number), Pair(tables + s.ew.number)
            if rnd.number in arrows:
                seats.append(Seating(s.table, visitor, home, s.board_set, arrow_switch=True))
            else:
                seats.append(Seating(s.table, home, visitor, s.board_set))
        out.append(Round(rnd.number, tuple(seats)))
    return Movement(
        kind="scrambled-mitchell",
        tables=tables,
        boards_per_round=base.boards_per_round,
        board_sets=base.board_sets,
        winners=1,
        rounds=tuple(out),
        relay_groups=base.relay_groups,
        notes=(
            *base.notes,
            "arrow switch in round(s) " + ", ".join(map(str, arrows)),
        ),
    )


def with_ns_phantom(movement: Movement) -> Movement:
    """Method (1) of 004:1088: the last table's NS is the phantom; its EW opponents sit out."""
    phantom = ns(movement.tables)
    rounds = tuple(
        Round(
            r.number,
            r.seatings,
            r.sitout + tuple(s.ew for s in r.seatings if s.ns == phantom),
        )
        for r in movement.rounds
    )
    return Movement(
        kind=movement.kind,
        tables=movement.tables,
        boards_per_round=movement.boards_per_round,
        board_sets=movement.board_sets,
        winners=movement.winners,
        rounds=rounds,
        relay_groups=movement.relay_groups,
        phantom=phantom,
        notes=(*movement.notes, f"NS {movement.tables} is the phantom; its opponents sit out"),
    )


def even_mitchell(tables: int, *, rounds: int | None = None, boards_per_round: int = 3) -> Movement:
    """The Mitchell for ``tables`` tables: straight if odd, skip if even."""
    if tables % 2:
        return straight_mitchell(tables, rounds=rounds, boards_per_round=boards_per_round)
    return skip_mitchell(tables, rounds=rounds, boards_per_round=boards_per_round)


def appendix_mitchell(
    base: int, extra: int, *, boards_per_round: int = 3, rounds: int | None = None
) -> Movement:
    """Appendix Mitchell: every pair plays every board (Fig 12, 004:1056-1067).

    ``base`` tables hold the board sets and play ``base`` rounds (7, 11 or 13
    in the seed); ``extra`` appendix tables ``base+1..`` sit opposite tables
    ``1..extra`` and share their boards (a relay).  The appendix tables' NS and
    the EW of tables ``1..extra`` stay put; EW ``extra+1..`` move up round the
    tables ``extra+1..base+extra`` (skipping ``1..extra``); NS ``1..base``
    move the same way two tables at a time round the base tables only.
    """
    if base % 2 == 0 or base % 3 == 0 or base < 5:
        raise MovementError(
            "an appendix Mitchell's base is an odd number of tables not divisible by "
            "3 (7, 11, 13 in the seed), not {base}",
            code="movement.appendix-mitchell-base",
            base=base,
        )
    if not 1 <= extra <= base - 2:
        raise MovementError(
            "a {base}-table appendix Mitchell takes 1 to {max_extra} appendix tables, not {extra}",
            code="movement.appendix-mitchell-extra",
            base=base,
            max_extra=base - 2,
            extra=extra,
        )
    rounds = _check(base, rounds, base, lazy_gettext("appendix Mitchell"))
    ring = list(range(extra + 1, base + extra + 1))  # tables the moving EW visit
    out: list[Round] = []
    for r in range(rounds):
        seats: list[Seating] = []
        ns_at = {wrap(p + 2 * r, base): p for p in range(1, base + 1)}
        ew_at = {ring[(i + r) % base]: ring[i] for i in range(base)}
        for t in range(1, base + extra + 1):
            board_set = wrap((t if t <= base else t - base) + r, base)
            north = ns_at[t] if t <= base else t
            east = t if t <= extra else ew_at[t]
            seats.append(Seating(t, ns(north), ew(east), board_set))
        out.append(Round(r + 1, tuple(seats)))
    return Movement(
        kind="appendix-mitchell",
        tables=base + extra,
        boards_per_round=_bpr(boards_per_round),
        board_sets=base,
        winners=2,
        rounds=tuple(out),
        relay_groups=tuple((i, base + i) for i in range(1, extra + 1)),
        notes=(
            f"{base}-table appendix Mitchell with {extra} appendix table(s): tables "
            + ", ".join(f"{base + i}-{i}" for i in range(1, extra + 1))
            + " relay; NS "
            + ", ".join(str(base + i) for i in range(1, extra + 1))
            + " and EW "
            + ", ".join(str(i) for i in range(1, extra + 1))
            + " stay",
        ),
    )


def web_mitchell(tables: int, *, rounds: int = 13, boards_per_round: int = 2) -> Movement:
    """The Web movement for an even number of tables (004:3662-3675).

    The tables form two subsections, each with its own copy of the ``rounds``
    board sets.  EW pairs move up one table a round through all the tables as
    in a straight Mitchell, with no skip; in the first subsection the boards
    move down as usual, in the second they come round in the reverse order.
    Where the second subsection's boards start is chosen so that no EW pair
    meets a board twice.  The seed suits it to 16-22 tables (18 tables, 2
    boards x 13 rounds is its example).
    """
    if tables % 2 or not 8 <= tables <= 40:
        raise MovementError(
            "a Web movement is for an even number of tables (16 to 22 in the seed), not {tables}",
            code="movement.web-tables",
            tables=tables,
        )
    if not 2 <= rounds <= tables - 1:
        raise MovementError(
            "a {tables}-table Web movement has 2 to {max_rounds} rounds, not {rounds}",
            code="movement.web-rounds",
            tables=tables,
            max_rounds=tables - 1,
            rounds=rounds,
        )
    half = tables // 2
    if rounds < half:
        raise MovementError(
            "a {tables}-table Web movement needs at least {half} rounds (one board "
            "set per table in each subsection), not {rounds}",
            code="movement.web-too-few-rounds",
            tables=tables,
            half=half,
            rounds=rounds,
        )
    for start in range(rounds):
        out: list[Round] = []
        for r in range(rounds):
            seats = []
            for t in range(1, tables + 1):
                k = wrap(t + r, rounds) if t <= half else wrap(start - t - r, rounds)
                seats.append(Seating(t, ns(t), ew(wrap(t - r, tables)), k))
            out.append(Round(r + 1, tuple(seats)))
        m = Movement(
            kind="web-mitchell",
            tables=tables,
            boards_per_round=_bpr(boards_per_round),
            board_sets=rounds,
            winners=2,
            rounds=tuple(out),
            copy_groups=(tuple(range(1, half + 1)), tuple(range(half + 1, tables + 1))),
            notes=(
                f"two subsections (tables 1-{half} and {half + 1}-{tables}), each with its "
                "own copy of the boards; in the second the boards move the other way",
            ),
        )

        if not validate(m):
            return m
    raise MovementError(
        "no Web layout for {tables} tables and {rounds} rounds; use fewer rounds "
        "or a skip or relay Mitchell",
        code="movement.web-no-layout",
        tables=tables,
        rounds=rounds,
    )
