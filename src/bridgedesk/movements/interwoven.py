"""Two-group cyclic movements: the interwoven Howell and the appendix Mitchell of any size.

The seed's two-session method (004:2069-2090, 004:2178-2189) splits the field
into two groups, A (pairs ``1..T``) and B (pairs ``T+1..2T``).  The first
session plays A against B (a scrambled or appendix Mitchell); the second plays
each group within itself on the same boards (the interwoven Howell: "group A
plays a Howell and group B plays the same boards on A's bye sets, relaying at
a table or two", 004:2180-2181).  When the groups are odd one pair of each
must play across, on a couple who did not meet in the first session
(004:2183-2189: the seed cuts the Mitchell's last round for that).

Both sessions are built here the way the seed's printed sheets are
(004:2206-2266): in each group pairs ``1..R`` (``T+1..T+R``) form a ring and
move one number up each round, the board sets move one up each round
(``R`` sets, ``R`` rounds), and the remaining ``T-R`` pairs of each group stay
where they are.  Round 1 therefore decides the whole movement.  A round 1 is
valid when every pair plays every set once (the (set - ring position)
offsets of a ring's seats are all different), no couple meets twice (each
ring difference is used once, never half the ring), two stay pairs never sit
together, and tables sharing a set relay it.  Every table plays every set
once, so every board is played ``T`` times and the tops are equal
(004:2267).  A seeded search finds such a round 1; nothing is random between
runs.

(The module is a little over 600 lines and stays whole: it is one ring search,
:func:`_search`, and the four movements built from its round 1; split, every
movement would reach back into the search's private layout types.)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import replace

from bridgedesk.errors import MovementError
from bridgedesk.movements import mitchell
from bridgedesk.movements.budget import SEARCH_SECONDS, Deadline, SearchTimeoutError
from bridgedesk.movements.model import Movement, Pair, Round, Seating, ew, ns
from bridgedesk.movements.validate import errors, validate

#: A seat in round 1: (group 0 for A or 1 for B, True for a ring member, index).
#: A ring member's index is its position 0..R-1 (pair ``1 + i`` or ``T + 1 + i``
#: in round 1); a stay pair's index counts 0..T-R-1 (pair ``R + 1 + i`` ...).
Seat = tuple[int, bool, int]
#: Round 1: (NS seat, EW seat, board set 0..R-1) per table.
Layout = tuple[tuple[Seat, Seat, int], ...]

Couple = frozenset[int]


def _pair_number(seat: Seat, tables: int, cycle: int, r: int) -> int:
    group, ring, i = seat
    base = group * tables
    if ring:
        return base + (i + r) % cycle + 1
    return base + cycle + i + 1


def _check_size(tables: int, rounds: int, what: str, most: int = 13) -> None:
    """The sizes built here: 5 to 13 rounds (the seed's lists use 7-13) on R to 2R-2 tables."""
    if not 5 <= rounds <= most:
        raise MovementError(
            "{what} is built here for 5 to {most} rounds, not {rounds}",
            code="movement.interwoven-rounds",
            what=what,
            most=most,
            rounds=rounds,
        )
    if not rounds <= tables <= 2 * rounds - 2:
        raise MovementError(
            "{what} of {rounds} rounds needs {rounds} to {most_tables} tables (one "
            "ring of {rounds} moving pairs per group), not {tables}",
            code="movement.interwoven-tables",
            what=what,
            rounds=rounds,
            most_tables=2 * rounds - 2,
            tables=tables,
        )
    if what.endswith("interwoven Howell") and tables == rounds and tables % 2 == 0:
        raise MovementError(
            "an interwoven Howell of {rounds} rounds on {tables} tables would make "
            "two pairs meet twice; play {fewer_rounds} rounds (as the seed's list "
            "does, e.g. 10(SM) + 9(IWH), 004:2131)",
            code="movement.interwoven-meet-twice",
            rounds=rounds,
            tables=tables,
            fewer_rounds=rounds - 1,
        )


def _couples(layout: Layout, tables: int, cycle: int) -> set[Couple]:
    out: set[Couple] = set()
    for a, b, _ in layout:
        for r in range(cycle):
            out.add(
                frozenset((_pair_number(a, tables, cycle, r), _pair_number(b, tables, cycle, r)))
            )
    return out


def _search(
    tables: int,
    cycle: int,
    *,
    cross: bool,
    forbidden: frozenset[Couple],
    seed: int,
    attempts: int = 150,
    budget_steps: int = 1000,
    anyone: bool = False,
    deadline: Deadline | None = None,
) -> Layout | None:
    """A valid round 1, or None.  ``cross``: A meets only B (a Mitchell), else within groups."""
    stays = tables - cycle
    rng = random.Random(seed)

    def ring_couples(ga: int, ia: int, gb: int, ib: int) -> Iterable[Couple]:
        for r in range(cycle):
            yield frozenset(
                (
                    _pair_number((ga, True, ia), tables, cycle, r),
                    _pair_number((gb, True, ib), tables, cycle, r),
                )
            )

    def stay_couples(g_stay: int, i_stay: int, g_ring: int) -> Iterable[Couple]:
        s = _pair_number((g_stay, False, i_stay), tables, cycle, 0)
        for x in range(cycle):
            yield frozenset((s, g_ring * tables + x + 1))

    # with odd groups one A-B table a round: some whole difference class must be unmet
    if (
        not cross
        and not anyone
        and tables % 2 == 1
        and all(any(c in forbidden for c in ring_couples(0, 0, 1, d)) for d in range(cycle))
    ):
        return None

    def attempt() -> Layout | None:
        free = [[True] * cycle, [True] * cycle]  # ring positions not yet seated
        offs = [[False] * cycle, [False] * cycle]  # (set - position) offsets used
        diffs: set[tuple[int, int, int]] = set()  # (group a, group b, difference)
        set_use = [0] * cycle
        layout: list[tuple[Seat, Seat, int]] = []
        budget = [budget_steps]

        def sets_for(*need: tuple[int, int]) -> list[int]:
            ks = [
                k
                for k in range(cycle)
                if set_use[k] < 2 and all(not offs[g][(k - i) % cycle] for g, i in need)
            ]
            if len(need) == 2 and need[0][0] == need[1][0]:
                ks = [k for k in ks if (k - need[0][1]) % cycle != (k - need[1][1]) % cycle]
            rng.shuffle(ks)
            ks.sort(key=lambda k: set_use[k])  # unused sets first (fewer relays)
            return ks

        def place_stays(g: int, i: int) -> bool:
            budget[0] -= 1
            if budget[0] < 0:
                return False
            if g == 2:
                return (not cross or _stays_balance(layout, cycle)) and place_rings()
            if i == stays:
                return place_stays(g + 1, 0)
            rings = [1 - g if cross else g]
            if anyone:
                rings = [0, 1]
            rings = [rg for rg in rings if not any(c in forbidden for c in stay_couples(g, i, rg))]
            positions = [(rg, x) for rg in rings for x in range(cycle) if free[rg][x]]
            rng.shuffle(positions)
            for ring_g, x in positions:
                for k in sets_for((ring_g, x)):
                    free[ring_g][x] = False
                    offs[ring_g][(k - x) % cycle] = True
                    set_use[k] += 1
                    layout.append(((g, False, i), (ring_g, True, x), k))
                    if place_stays(g, i + 1):
                        return True
                    layout.pop()
                    set_use[k] -= 1
                    offs[ring_g][(k - x) % cycle] = False
                    free[ring_g][x] = True
            return False

        def place_rings() -> bool:
            budget[0] -= 1
            if budget[0] < 0:
                return False
            starts = [(g, x) for g in (0, 1) for x in range(cycle) if free[g][x]]
            if not starts:
                return True
            ga, xa = starts[0]
            left_a = sum(free[ga])
            options: list[tuple[int, int]] = []
            for gb in (0, 1):
                if cross and gb == ga:
                    continue
                if (
                    not cross
                    and not anyone
                    and gb != ga
                    and not (left_a % 2 == 1 and sum(free[gb]) % 2 == 1)
                ):
                    continue  # play across only when both groups have one pair over
                options += [(gb, x) for x in range(cycle) if free[gb][x] and (gb, x) != (ga, xa)]
            rng.shuffle(options)
            for gb, xb in options:
                d = (xb - xa) % cycle
                if ga == gb:
                    if 2 * d == cycle:
                        continue  # half the ring apart: the couple would meet twice
                    key = (ga, ga, min(d, cycle - d))
                else:
                    key = (ga, gb, d) if ga < gb else (gb, ga, (-d) % cycle)
                if key in diffs:
                    continue
                if ga != gb and any(c in forbidden for c in ring_couples(ga, xa, gb, xb)):
                    continue
                for k in sets_for((ga, xa), (gb, xb)):
                    free[ga][xa] = free[gb][xb] = False
                    offs[ga][(k - xa) % cycle] = offs[gb][(k - xb) % cycle] = True
                    set_use[k] += 1
                    diffs.add(key)
                    layout.append(((ga, True, xa), (gb, True, xb), k))
                    if place_rings():
                        return True
                    layout.pop()
                    diffs.discard(key)
                    set_use[k] -= 1
                    offs[ga][(k - xa) % cycle] = offs[gb][(k - xb) % cycle] = False
                    free[ga][xa] = free[gb][xb] = True
            return False

        if place_stays(0, 0):
            return _orient(tuple(layout), cycle, cross)
        return None

    for _ in range(attempts):
        if deadline is not None:
            deadline.check()
        found = attempt()
        if found is not None:
            return found
    return None


def _stays_balance(layout: list[tuple[Seat, Seat, int]], cycle: int) -> bool:
    """A necessary condition before the A-B ring tables of a Mitchell can be completed.

    Over the ring-ring tables the differences ``xb - xa`` and the offset
    differences ``(k - xa) - (k - xb)`` are the same numbers, so their sums
    agree: the ring positions and the offsets the stay tables take must balance
    (mod ``cycle``).  Checking it prunes stay placements that cannot work.
    """
    pos = [0, 0]
    off = [0, 0]
    for _, (g, _, x), k in layout:
        pos[g] += x
        off[g] += (k - x) % cycle
    return (pos[0] - pos[1]) % cycle == (off[1] - off[0]) % cycle


def _orient(layout: Layout, cycle: int, cross: bool) -> Layout:
    """Seat group A NS in a Mitchell; in a Howell balance each ring's NS and EW seats."""
    if cross:
        return tuple((a, b, k) if a[0] == 0 else (b, a, k) for a, b, k in layout)
    ns_count = [0, 0]
    out: list[tuple[Seat, Seat, int]] = []
    rest: list[tuple[Seat, Seat, int]] = []
    for a, b, k in layout:
        if a[1] and b[1] and a[0] == b[0]:
            out.append((a, b, k))  # a ring meets itself: one NS seat either way
            ns_count[a[0]] += 1
        else:
            rest.append((a, b, k))
    rest.sort(key=lambda t: not (t[0][1] and t[1][1]))  # the tables across first
    for a, b, k in rest:
        if a[1] and b[1]:  # across: the ring with fewer NS seats sits NS
            first, second = (a, b) if ns_count[a[0]] <= ns_count[b[0]] else (b, a)
        else:  # a stay pair and a ring pair: the ring pair NS while it is short of half
            ring, stay = (a, b) if a[1] else (b, a)
            first, second = (ring, stay) if 2 * ns_count[ring[0]] < cycle else (stay, ring)
        out.append((first, second, k))
        if first[1]:
            ns_count[first[0]] += 1
    return tuple(sorted(out, key=lambda t: t[2]))


def _span(a: int, b: int) -> str:
    return str(a) if a == b else f"{a}-{b}"


def _movement(
    kind: str, tables: int, cycle: int, layout: Layout, bpr: int, two_fields: bool
) -> Movement:
    arrows = kind == "scrambled-appendix-mitchell"
    # tables in board-set order, relayed tables next to each other
    rounds: list[Round] = []
    for r in range(cycle):
        seats: list[Seating] = []
        for t, (a, b, k) in enumerate(layout, start=1):
            pa = _pair_number(a, tables, cycle, r)
            pb = _pair_number(b, tables, cycle, r)
            if two_fields:
                seats.append(Seating(t, ns(pa), ew(pb - tables), (k + r) % cycle + 1))
            elif arrows and r >= cycle - cycle // 2:
                # a scrambled Mitchell turns the arrow in the second half (004:1066-1074)
                seats.append(Seating(t, Pair(pb), Pair(pa), (k + r) % cycle + 1, arrow_switch=True))
            else:
                seats.append(Seating(t, Pair(pa), Pair(pb), (k + r) % cycle + 1))
        rounds.append(Round(r + 1, tuple(seats)))
    by_set: dict[int, list[int]] = {}
    for t, (_, _, k) in enumerate(layout, start=1):
        by_set.setdefault(k, []).append(t)
    relays = tuple(tuple(ts) for ts in by_set.values() if len(ts) > 1)
    stays = tables - cycle
    if two_fields:
        stay_text = (
            f"NS {_span(cycle + 1, tables)} and EW {_span(cycle + 1, tables)} stay"
            if stays
            else "nobody stays"
        )
    else:
        stay_text = (
            f"pairs {_span(cycle + 1, tables)} and {_span(tables + cycle + 1, 2 * tables)} stay"
            if stays
            else "nobody stays"
        )
    return Movement(
        kind=kind,
        tables=tables,
        boards_per_round=bpr,
        board_sets=cycle,
        winners=2 if two_fields else 1,
        rounds=tuple(rounds),
        relay_groups=relays,
        notes=(
            f"{cycle} board sets on {tables} tables; "
            + (
                "relays at tables " + ", ".join("/".join(map(str, g)) for g in relays)
                if relays
                else "no relay"
            )
            + f"; {stay_text}",
        ),
    )


def _first_valid(
    tables: int,
    cycle: int,
    *,
    cross: bool,
    forbidden: frozenset[Couple] = frozenset(),
    seeds: Iterable[int],
    bpr: int,
    kind: str,
    two_fields: bool,
    deadline: Deadline | None = None,
) -> Movement | None:
    for seed in seeds:
        layout = _search(
            tables, cycle, cross=cross, forbidden=forbidden, seed=seed, deadline=deadline
        )
        if layout is None:
            continue
        if _couples(layout, tables, cycle) & forbidden:
            continue  # pragma: no cover - the search checks every couple it adds
        m = _movement(kind, tables, cycle, layout, bpr, two_fields)
        if not errors(validate(m)):
            return m
    return None


def cyclic_appendix_mitchell(
    tables: int,
    rounds: int,
    *,
    boards_per_round: int = 2,
    one_field: bool = False,
    time_budget: float | None = SEARCH_SECONDS,
) -> Movement:
    """An appendix Mitchell of ``rounds`` rounds (and sets) on ``tables`` tables.

    The seed's own construction (Fig 12, :func:`~bridgedesk.movements.mitchell.appendix_mitchell`)
    needs 7, 11 or 13 base tables; the two-session list also asks for 8, 9 and
    12 rounds (004:2122-2170, e.g. 9 tables 8(A), 12 tables 9(A), 13 tables
    12(A)), and the seed's 9-table sheet (004:2223-2233) is such a movement.
    This one is built on the printed sheets' principle: ``rounds`` NS and
    ``rounds`` EW pairs move, ``tables - rounds`` of each stay, every pair
    plays every set once and nobody meets twice.  ``one_field`` numbers the
    pairs through (EW ``n`` is pair ``T + n``) for a two-session event.  The
    search stops with :class:`~bridgedesk.movements.budget.SearchTimeoutError` after
    ``time_budget`` seconds (None: no limit).
    """
    _check_size(tables, rounds, "an appendix Mitchell")
    if tables == rounds and tables % 2 == 0:
        raise MovementError(
            "{tables} tables and {rounds} rounds is a relay Mitchell, not an "
            "appendix one; use relay-mitchell or scrambled-mitchell",
            code="movement.appendix-is-relay",
            tables=tables,
            rounds=rounds,
        )
    m = _first_valid(
        tables,
        rounds,
        cross=True,
        seeds=range(1000 * tables + rounds, 1000 * tables + rounds + 6),
        bpr=boards_per_round,
        kind="scrambled-appendix-mitchell" if one_field else "appendix-mitchell",
        two_fields=not one_field,
        deadline=Deadline(time_budget, f"appendix Mitchell of {rounds} rounds on {tables} tables"),
    )
    if m is None:
        raise MovementError(
            "no appendix Mitchell found for {tables} tables and {rounds} rounds",
            code="movement.no-appendix-found",
            tables=tables,
            rounds=rounds,
        )
    return m


def meetings(m: Movement) -> set[Couple]:
    """Couples of pair numbers who meet (a one-field movement, phantom excluded)."""
    return {
        frozenset((s.ns.number, s.ew.number))
        for _, s in m.seatings()
        if m.phantom is None or m.phantom not in s.pairs()
    }


def interwoven_howell(
    tables: int,
    rounds: int,
    *,
    boards_per_round: int = 2,
    first: Movement | None = None,
    time_budget: float | None = SEARCH_SECONDS,
) -> Movement:
    """The second-session interwoven Howell of ``rounds`` rounds for ``tables`` tables.

    Group A (pairs ``1..T``) and group B (``T+1..2T``) each play within
    themselves; with an odd ``T`` one table a round plays across, on couples
    who did not meet in ``first`` (the first session, numbered through).  The
    search stops with :class:`~bridgedesk.movements.budget.SearchTimeoutError` after
    ``time_budget`` seconds (None: no limit).
    """
    _check_size(tables, rounds, "an interwoven Howell")
    if first is not None and first.winners != 1:
        raise MovementError(
            "the first session must be numbered through (scrambled, one field) to be "
            "checked against the interwoven Howell",
            code="movement.first-session-numbered",
        )
    forbidden = frozenset(meetings(first)) if first is not None else frozenset()
    m = _first_valid(
        tables,
        rounds,
        cross=False,
        forbidden=forbidden,
        seeds=range(7000 * tables + rounds, 7000 * tables + rounds + 6),
        bpr=boards_per_round,
        kind="interwoven-howell",
        two_fields=False,
        deadline=Deadline(time_budget, f"interwoven Howell of {rounds} rounds on {tables} tables"),
    )
    if m is None:
        raise MovementError(
            "no interwoven Howell of {rounds} rounds for {tables} tables avoids the "
            "first session's meetings; cut a round of the first session "
            "(004:2187-2189)",
            code="movement.interwoven-avoids-first",
            rounds=rounds,
            tables=tables,
        )
    return m


def two_sessions(
    tables: int,
    first_kind: str,
    first_rounds: int,
    second_rounds: int,
    *,
    boards_per_round: int,
    time_budget: float | None = SEARCH_SECONDS,
) -> tuple[Movement, Movement]:
    """Both sessions of a one-section row of the two-session list (004:2117-2170).

    ``first_kind`` is ``"AM"`` (appendix Mitchell, numbered through) or ``"SM"``
    (scrambled Mitchell).  Nobody meets the same pair in both sessions: with an
    odd number of tables and a full scrambled Mitchell, the Mitchell's last
    round is cut as the seed does for 9 tables (004:2187-2189), and the
    returned first session says so.  The whole search stops with
    :class:`~bridgedesk.movements.budget.SearchTimeoutError` after ``time_budget``
    seconds (None: no limit).
    """

    deadline = Deadline(
        time_budget,
        f"pair of sessions ({first_kind} {first_rounds} rounds, interwoven Howell "
        f"{second_rounds} rounds) for {tables} tables",
    )

    _check_size(tables, second_rounds, "an interwoven Howell")
    if first_kind == "AM":
        _check_size(tables, first_rounds, "an appendix Mitchell")
        if tables == first_rounds and tables % 2 == 0:
            raise MovementError(
                "{tables} tables and {first_rounds} rounds is a relay Mitchell, not an "
                "appendix one; use SM (the scrambled relay Mitchell) for the first "
                "session",
                code="movement.first-session-relay",
                tables=tables,
                first_rounds=first_rounds,
            )
        # With odd groups one A-B table a round is played in the Howell: keep one
        # class of A-B couples free in the Mitchell for it.
        classes: list[frozenset[Couple]] = [frozenset()]
        if tables % 2:
            classes = [
                frozenset(
                    frozenset((x + 1, tables + (x + d) % second_rounds + 1))
                    for x in range(second_rounds)
                )
                for d in range(second_rounds)
            ]
        for keep_free in classes:
            first = _first_valid(
                tables,
                first_rounds,
                cross=True,
                forbidden=keep_free,
                seeds=range(1000 * tables + first_rounds, 1000 * tables + first_rounds + 3),
                bpr=boards_per_round,
                kind="scrambled-appendix-mitchell",
                two_fields=False,
                deadline=deadline,
            )
            if first is None:
                continue
            try:
                second = interwoven_howell(
                    tables, second_rounds, boards_per_round=boards_per_round, first=first,
                    time_budget=deadline.remaining(),
                )  # fmt: skip
            except SearchTimeoutError:
                deadline.check()  # the whole search's time is spent: say so for all of it
                raise
            except MovementError:
                continue
            return first, second
        raise MovementError(
            "no appendix Mitchell of {first_rounds} rounds and interwoven Howell of "
            "{second_rounds} rounds found for {tables} tables",
            code="movement.no-appendix-interwoven-found",
            first_rounds=first_rounds,
            second_rounds=second_rounds,
            tables=tables,
        )
    if first_kind != "SM":
        raise MovementError(
            "the first session is AM or SM, not {first_kind!r}",
            code="movement.first-session-kind",
            first_kind=first_kind,
        )
    first = mitchell.scrambled_mitchell(
        tables, rounds=first_rounds, boards_per_round=boards_per_round, relay=tables % 2 == 0
    )
    try:
        second = interwoven_howell(
            tables, second_rounds, boards_per_round=boards_per_round, first=first,
            time_budget=deadline.remaining(),
        )  # fmt: skip
    except SearchTimeoutError:
        deadline.check()
        raise
    except MovementError:
        if first_rounds < 3:
            raise
        cut = mitchell.scrambled_mitchell(
            tables, rounds=first_rounds - 1, boards_per_round=boards_per_round, relay=False
        )
        second = interwoven_howell(
            tables, second_rounds, boards_per_round=boards_per_round, first=cut,
            time_budget=deadline.remaining(),
        )  # fmt: skip
        first = replace(
            cut,
            notes=(
                *cut.notes,
                f"round {first_rounds} is cut: its couples meet in the interwoven "
                "Howell (as the seed's 9-table sheet, 004:2187-2189)",
            ),
        )
    return first, second


def howell_fewer_rounds(tables: int, rounds: int, *, boards_per_round: int = 2) -> Movement:
    """A Howell of fewer rounds than tables, one field (004:3141: 11 tables x 10 rounds).

    The JCBL quick-reference list has Howell sheets with fewer rounds than
    tables (10 tables x 10 rounds, 11 tables x 10 rounds with pairs 21-22
    staying, 004:3137-3141).  Built like the two-group movements above, but any
    two pairs may meet: pairs ``1..R`` and ``R+1..2R`` form two rings moving one
    up a round, pairs ``2R+1..2T`` stay, the ``R`` board sets move one up a
    round and tables sharing a set relay it.  Nobody meets twice and every pair
    plays every set once; not every couple meets (there are too few rounds).
    """
    _check_size(tables, rounds, "a Howell of fewer rounds than tables", most=31)

    def renumber(n: int) -> int:
        group, k = divmod(n - 1, tables)
        if k < rounds:
            return group * rounds + k + 1
        return 2 * rounds + group * (tables - rounds) + (k - rounds) + 1

    for seed in range(500 * tables + rounds, 500 * tables + rounds + 6):
        layout = _search(tables, rounds, cross=False, forbidden=frozenset(), seed=seed, anyone=True)
        if layout is None:
            continue
        m = _movement("howell", tables, rounds, layout, boards_per_round, False)
        out = tuple(
            Round(
                rnd.number,
                tuple(
                    replace(s, ns=Pair(renumber(s.ns.number)), ew=Pair(renumber(s.ew.number)))
                    for s in rnd.seatings
                ),
            )
            for rnd in m.rounds
        )
        stay = f"pairs {_span(2 * rounds + 1, 2 * tables)} stay" if tables > rounds else ""
        m = replace(
            m,
            rounds=out,
            notes=(
                f"{rounds} board sets on {tables} tables; "
                + ", ".join(f"tables {'/'.join(map(str, g))} relay" for g in m.relay_groups)
                + (f"; {stay}" if stay else "")
                + "; not every couple meets",
            ),
        )
        if not errors(validate(m)):
            return m
    raise MovementError(
        "no {rounds}-round Howell found for {tables} tables; play {tables} or more rounds",
        code="movement.no-howell-found",
        rounds=rounds,
        tables=tables,
    )
