"""Moving pairs between sections for the second session (004:2395-2452).

Over two sessions nobody should meet the same pair twice (004:2316).  The seed's
method looks at who never meets whom in each section's first-session movement
(004:2401-2406: a scrambled Mitchell is two groups that only meet across;
a Howell is one group plus stationary pairs that never meet each other) and
swaps whole groups between sections, keeping the pair numbers (004:2424-2428):
e.g. 12T scrambled Mitchell + 8T Howell, swap pairs 1-12 of the two sections.

:func:`rematches` checks any plan; :func:`swap_plan` finds the seed's kind of
plan (swap pair numbers ``1..k`` of two sections) and checks it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources
from typing import Any

from bridgedesk.errors import Location, MovementError
from bridgedesk.movements.model import Movement, Pair, Round, Seating
from bridgedesk.movements.problems import Problem

#: A pair in a multi-section session: (section index from 0, pair number).
Seat = tuple[int, int]


def meetings(m: Movement) -> set[frozenset[int]]:
    """Couples of pair numbers that meet in a one-field movement (phantom excluded)."""
    if m.winners != 1:
        raise MovementError(
            "sections to re-number must number their pairs through (one field); use "
            "a scrambled Mitchell for a Mitchell section",
            code="movement.renumber-one-field",
        )
    out: set[frozenset[int]] = set()
    for _, s in m.seatings():
        if m.phantom in s.pairs():
            continue
        out.add(frozenset((s.ns.number, s.ew.number)))
    return out


@dataclass(frozen=True)
class Plan:
    """Where each first-session pair sits in the second session."""

    moves: dict[Seat, Seat]

    @classmethod
    def from_groups(cls, moves: list[tuple[int, range, int, int]]) -> Plan:
        """A plan moving whole groups: (from section, pair numbers, to section, first number).

        The seed writes its plans this way, e.g. 004:3880-3894: section A's
        pairs 1-13 go to section B as pairs 1-13.
        """
        out: dict[Seat, Seat] = {}
        for src, numbers, dst, first in moves:
            for i, p in enumerate(numbers):
                out[(src, p)] = (dst, first + i)
        if len(set(out.values())) != len(out):
            raise MovementError(
                "the plan puts two pairs in the same place", code="movement.plan-same-place"
            )
        return cls(out)

    def describe(self) -> list[str]:
        lines: list[str] = []
        for (s1, p1), (s2, p2) in sorted(self.moves.items()):
            if (s1, p1) != (s2, p2):
                lines.append(f"section {s1 + 1} pair {p1} -> section {s2 + 1} pair {p2}")
        return lines


def _pairs(m: Movement) -> list[int]:
    return [p.number for p in m.pairs() if p != m.phantom]


def rematches(first: list[Movement], second: list[Movement], plan: Plan) -> list[Problem]:
    """Pairs that would meet in both sessions under ``plan`` (empty when none)."""
    met: set[frozenset[Seat]] = set()
    for i, m in enumerate(first):
        for couple in meetings(m):
            a, b = sorted(couple)
            met.add(frozenset(((i, a), (i, b))))
    where = {v: k for k, v in plan.moves.items()}
    problems: list[Problem] = []
    for j, m in enumerate(second):
        for couple in sorted(meetings(m), key=sorted):
            a, b = sorted(couple)
            who_a, who_b = where.get((j, a)), where.get((j, b))
            if who_a is None or who_b is None:
                continue
            if frozenset((who_a, who_b)) in met:
                problems.append(
                    Problem(
                        "rematch",
                        f"section {who_a[0] + 1} pair {who_a[1]} and section {who_b[0] + 1} "
                        f"pair {who_b[1]} meet in both sessions",
                        where=Location(field=f"section {j + 1}"),
                    )
                )
    return problems


def swap_plan(first: list[Movement], second: list[Movement] | None = None) -> Plan:
    """A re-numbering with no rematch, swapping pairs ``1..k`` between two sections.

    ``second`` defaults to the same movements again (004:2450: with several
    sections the second session repeats the first session's movements).
    """
    second = first if second is None else second
    if len(first) != len(second):
        raise MovementError(
            "both sessions need the same number of sections", code="movement.sessions-sections"
        )
    identity = {(i, p): (i, p) for i, m in enumerate(first) for p in _pairs(m)}
    for i in range(len(first)):
        for j in range(i + 1, len(first)):
            limit = min(len(_pairs(first[i])), len(_pairs(first[j])))
            for k in range(limit, 0, -1):
                moves = dict(identity)
                for p in range(1, k + 1):
                    moves[(i, p)] = (j, p)
                    moves[(j, p)] = (i, p)
                plan = Plan(moves)
                if not rematches(first, second, plan):
                    return plan
    raise MovementError(
        "no swap of pair numbers 1..k between two sections avoids every rematch; "
        "choose other section sizes from the two-session list (004:2320-2380)",
        code="movement.no-swap-avoids-rematch",
    )


def section_pairs(m: Movement) -> list[Pair]:
    return [p for p in m.pairs() if p != m.phantom]


# -- the two-session master sheets of 004:2190-2266 -------------------------------


def _sheet_data() -> dict[str, Any]:
    text = (
        resources.files("bridgedesk.movements")
        .joinpath("data/two_session_sheets.json")
        .read_text("utf-8")
    )
    data: dict[str, Any] = json.loads(text)["sheets"]
    return data


def _rotate(start: list[str], rings: list[list[int]], rounds: int) -> list[list[str]]:
    """An interwoven Howell's rows: each group's moving pairs and the sets advance one."""
    step: dict[int, int] = {}
    for ring in rings:
        for i, p in enumerate(ring):
            step[p] = ring[(i + 1) % len(ring)]
    sets = len(start)
    rows = [list(start)]
    for _ in range(rounds - 1):
        prev = rows[-1]
        row = [""] * sets
        for k, cell in enumerate(prev):
            if not cell:
                continue
            moved = "/".join(
                "-".join(str(step.get(int(x), int(x))) for x in part.split("-"))
                for part in cell.split("/")
            )
            row[(k + 1) % sets] = moved
        rows.append(row)
    return rows


def sheet_rows(name: str) -> list[list[str]]:
    """The master-sheet cells of a two-session sheet (``9-interwoven-howell`` ...)."""
    data = _sheet_data()
    if name not in data:
        raise MovementError(
            "unknown two-session sheet {name!r}; choose one of {sheets}",
            code="movement.unknown-sheet",
            name=name,
            sheets=", ".join(data),
        )
    sheet = data[name]
    if "rows" in sheet:
        return [list(r) for r in sheet["rows"]]
    return _rotate(list(sheet["start"]), sheet["rings"], int(sheet["rounds"]))


def two_session_sheet(
    name: str, *, rounds: int | None = None, boards_per_round: int = 3
) -> Movement:
    """A two-session master sheet of the seed as a movement (004:2190-2266).

    The seed prints board sets, not tables.  Boards move down one table a
    round, so set ``k`` in round ``r`` is at position ``k - r + 1``; positions
    whose set is never played are bye stands, and the second pairing of a
    relayed cell sits at an extra table that relays with that position.
    """

    rows = sheet_rows(name)
    if rounds is not None:
        if not 1 <= rounds <= len(rows):
            raise MovementError(
                "sheet {name} has 1 to {most_rounds} rounds, not {rounds}",
                code="movement.sheet-rounds",
                name=name,
                most_rounds=len(rows),
                rounds=rounds,
            )
        rows = rows[:rounds]
    sets = len(rows[0])

    def position(k: int, r: int) -> int:
        return (k - r) % sets + 1

    used: set[int] = set()
    relayed: set[int] = set()
    for r, row in enumerate(rows):
        for k, cell in enumerate(row):
            if cell:
                used.add(position(k, r))
                if "/" in cell:
                    relayed.add(position(k, r))
    table_of = {p: i for i, p in enumerate(sorted(used), start=1)}
    extra = {p: len(table_of) + i for i, p in enumerate(sorted(relayed), start=1)}
    out: list[Round] = []
    for r, row in enumerate(rows):
        seats: list[Seating] = []
        for k, cell in enumerate(row):
            if not cell:
                continue
            pos = position(k, r)
            for j, part in enumerate(cell.split("/")):
                a, b = (int(x) for x in part.split("-"))
                table = table_of[pos] if j == 0 else extra[pos]
                seats.append(Seating(table, Pair(a), Pair(b), k + 1))
        out.append(Round(r + 1, tuple(sorted(seats, key=lambda s: s.table))))
    kind = name.split("-", 1)[1]
    return Movement(
        kind=kind,
        tables=len(table_of) + len(extra),
        boards_per_round=boards_per_round,
        board_sets=sets,
        winners=1,
        rounds=tuple(out),
        relay_groups=tuple((table_of[p], extra[p]) for p in sorted(relayed)),
        notes=(f"JCBL two-session sheet {name} ({_sheet_data()[name]['lines']})",),
    )


def blocks(m: Movement) -> list[list[int]]:
    """The groups the seed moves whole (004:2401-2406), in pair-number order.

    A scrambled Mitchell is two groups that only meet across (its NS home pairs
    ``1..T`` and EW home pairs ``T+1..2T``); a scrambled appendix Mitchell is
    its two rings of moving pairs plus its stationary pairs; a Howell is its moving pairs plus
    its stay pairs, who never meet each other.
    """
    numbers = _pairs(m)
    if m.kind == "scrambled-mitchell":
        return [[p for p in numbers if p <= m.tables], [p for p in numbers if p > m.tables]]
    if m.kind == "scrambled-appendix-mitchell":
        # 004:2389: two groups (each side's moving pairs) plus the stationary pairs
        ring = m.board_sets
        side_a = [p for p in numbers if p <= ring]
        side_b = [p for p in numbers if m.tables < p <= m.tables + ring]
        rest = [p for p in numbers if p not in side_a and p not in side_b]
        return [side_a, side_b] + ([rest] if rest else [])
    stay = {p.number for p in m.stationary_pairs()}
    moving = [p for p in numbers if p not in stay]
    out = [moving] if moving else []
    if stay:
        out.append(sorted(stay))
    return out


def group_plan(first: list[Movement], second: list[Movement] | None = None) -> Plan:
    """A re-numbering moving whole groups between sections with no rematch.

    Every first-session group goes, in number order, to a second-session group
    of the same size (e.g. 004:3880-3894: A = B1 + C1, B = A1 + B2,
    C = A2 + C2).  Plans that leave more pairs where they were come first, then
    those that keep more pair numbers.
    """

    second = first if second is None else second
    sources = [(i, b) for i, m in enumerate(first) for b in blocks(m)]
    targets = [(j, b) for j, m in enumerate(second) for b in blocks(m)]
    if sorted(len(b) for _, b in sources) != sorted(len(b) for _, b in targets):
        raise MovementError(
            "the two sessions' groups do not have the same sizes", code="movement.groups-sizes"
        )

    def score(s: int, t: int) -> tuple[int, int]:
        # pairs left where they were, then pairs keeping their number (only the
        # section changes), as the seed's examples do: 004:2408-2412 keeps every
        # number for the whole day
        (i, src), (j, dst) = sources[s], targets[t]
        pairs = list(zip(src, dst, strict=True))
        return (sum(1 for a, b in pairs if i == j and a == b), sum(1 for a, b in pairs if a == b))

    scores = {
        (s, t): score(s, t)
        for s in range(len(sources))
        for t in range(len(targets))
        if len(sources[s][1]) == len(targets[t][1])
    }

    def assignments(s: int, used: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        """Each source group to an unused target of its size, in lexicographic order."""
        if s == len(sources):
            yield used
            return
        for t in range(len(targets)):
            if t not in used and (s, t) in scores:
                yield from assignments(s + 1, (*used, t))

    met = {
        frozenset(((i, a), (i, b)))
        for i, m in enumerate(first)
        for a, b in (sorted(c) for c in meetings(m))
    }
    later = [((j, a), (j, b)) for j, m in enumerate(second) for a, b in map(sorted, meetings(m))]

    def rematch_free(moves: dict[Seat, Seat]) -> bool:
        where = {v: k for k, v in moves.items()}
        for x, y in later:
            who_x, who_y = where.get(x), where.get(y)
            if who_x is not None and who_y is not None and frozenset((who_x, who_y)) in met:
                return False
        return True

    best: Plan | None = None
    best_kept = (-1, -1)
    for perm in assignments(0, ()):
        pair_scores = [scores[(s, t)] for s, t in enumerate(perm)]
        kept = (sum(x for x, _ in pair_scores), sum(y for _, y in pair_scores))
        if kept <= best_kept:
            continue
        moves: dict[Seat, Seat] = {}
        for s, t in enumerate(perm):
            (i, src), (j, dst) = sources[s], targets[t]
            for a, b in zip(src, dst, strict=True):
                moves[(i, a)] = (j, b)
        if rematch_free(moves):
            best, best_kept = Plan(moves), kept
    if best is None:
        raise MovementError(
            "no way of moving whole groups between the sections avoids every "
            "rematch; choose other section sizes (004:2320-2380)",
            code="movement.no-group-move-avoids-rematch",
        )
    return best


# -- one section, the same Howell twice (004:2072-2073, 004:2375-2380) ------------


@dataclass(frozen=True)
class DoubleHowell:
    """Second-session pair numbers for a Howell played twice in one section.

    ``renumber`` maps each first-session pair number to the number the pair
    takes in the second session.  ``stay_twice`` lists pairs stationary in both
    sessions (none when the field allows it), ``never_meet`` the couples who meet
    in neither session, ``sit_out_twice`` the pairs who sit out (meet the phantom)
    in both sessions.
    """

    renumber: dict[int, int]
    stay_twice: tuple[int, ...]
    never_meet: int
    sit_out_twice: tuple[int, ...]

    def describe(self) -> list[str]:
        return [f"pair {a} plays as pair {b}" for a, b in sorted(self.renumber.items()) if a != b]


def double_howell(m: Movement) -> DoubleHowell:
    """Re-number the pairs for the second session of a Howell played twice.

    With two or more stationary pairs those pairs never meet each other
    (004:2072-2073); the seed's remedy is to change the pair numbers for the
    second session so that other pairs are stationary.  Here the first
    session's stationary pairs take moving numbers, and among the arrangements
    tried (each rotation of the moving numbers) the one leaving the fewest
    couples who never meet wins; with a phantom, nobody who sat out in the first
    session is given a number that sits out again where that can be avoided
    (004:2377: a pair sits out once).
    """
    if m.winners != 1:
        raise MovementError(
            "a Howell played twice is one field; this movement has two",
            code="movement.howell-twice-one-field",
        )
    numbers = [p.number for p in m.pairs()]
    phantom = m.phantom.number if m.phantom is not None else None
    real = [n for n in numbers if n != phantom]
    stay = [p.number for p in m.stationary_pairs()]
    moving_slots = [n for n in numbers if n not in stay and n != phantom]
    stay_slots = [n for n in numbers if n in stay]
    met = meetings(m)
    sat_out = {
        (s.ew if s.ns == m.phantom else s.ns).number
        for _, s in m.seatings()
        if m.phantom is not None and m.phantom in s.pairs()
    }
    movers = [n for n in real if n not in stay]
    best: DoubleHowell | None = None
    best_key: tuple[int, int, int] | None = None
    for shift in range(max(1, len(moving_slots))):
        slots = moving_slots[shift:] + moving_slots[:shift]
        renumber: dict[int, int] = {}
        free_slots = list(slots)
        for n in stay:  # stationary pairs move in the second session
            if n == phantom:
                continue
            renumber[n] = free_slots.pop(0)
        rest_slots = free_slots + [s for s in stay_slots if s != phantom]
        for n, slot in zip(movers, rest_slots, strict=False):
            renumber[n] = slot
        back = {v: k for k, v in renumber.items()}
        met2 = {
            frozenset(back[x] for x in couple) for couple in met if all(x in back for x in couple)
        }
        both = met | met2
        never = sum(
            1 for i, a in enumerate(real) for b in real[i + 1 :] if frozenset((a, b)) not in both
        )
        again = [n for n in stay if n != phantom and renumber[n] in stay]
        out_twice = tuple(sorted(n for n in sat_out if renumber.get(n) in sat_out))
        key = (len(again), len(out_twice), never)
        if best_key is None or key < best_key:
            best_key = key
            best = DoubleHowell(renumber, tuple(sorted(again)), never, out_twice)
    assert best is not None
    return best
