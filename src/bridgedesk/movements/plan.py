"""The movement plan of a whole pair event: every session, every section, the renumbering.

A director with ``N`` pairs and two sessions looks up the JCBL lists: up to 7
tables the Howell twice with new numbers for the second session (004:2072-2073);
8 to 19 tables the two-session list (004:2117-2170, one section: a Mitchell
then the interwoven Howell); from 20 tables the multi-section list (appendix 1,
004:3214-3307, shipped as ``data/multi_section.json``): sections of 6 to 19
tables, each a scrambled Mitchell (SM), appendix Mitchell (AM) or Howell (H),
the same movements again in the second session with whole groups of pairs moved
between sections so that nobody meets the same pair twice (004:2381-2452).

:func:`recommend_plan` builds such a plan with the movements of
:mod:`bridgedesk.movements` and returns an :class:`EventPlan`: for every
session the movement of each section, and for every competitor (named by its
first-session seat, ``"A3"`` or ``"3"`` with one section) its seat in each
session.  The stored multi-session event and ``bridgedesk score --renumber``
both read that map, so a pair is one competitor whatever its numbers.

An odd number of pairs plays the next even number's plan with a phantom: a
pair number stationary in both sessions where the plan has one (004:2159-2163:
"look on the master sheet for a number stationary in the 1st and 2nd session
and make it the phantom; the last number makes the bye table obvious").
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from importlib import resources
from typing import Any

from bridgedesk.errors import MovementError
from bridgedesk.movements import howell, mitchell
from bridgedesk.movements.interwoven import cyclic_appendix_mitchell, two_sessions
from bridgedesk.movements.model import Movement, Pair
from bridgedesk.movements.recommend import CODE_KINDS, buildable_size
from bridgedesk.movements.sessions import Plan, double_howell, group_plan, rematches

#: Codes of the seed's lists and the movement families they name (004:2168-2176, 004:3090-3098).
CODES: dict[str, str] = {
    "SM": "scrambled Mitchell",
    "AM": "appendix Mitchell",
    "H": "Howell",
    "IWH": "interwoven Howell",
}

SECTION_NAMES = "ABCDEFGH"

#: Boards a round for the Howell played twice, 3 to 7 tables (004:3100-3106: 40-54 boards).
HOWELL_TWICE_BOARDS = {3: 4, 4: 3, 5: 3, 6: 2, 7: 2}


@dataclass(frozen=True)
class PlanRow:
    """One row of a list: section sizes and each session's (rounds, code) per section."""

    tables: int
    sections: tuple[int, ...]
    boards_per_round: int
    first: tuple[tuple[int, str], ...]
    second: tuple[tuple[int, str], ...]
    source: str
    note: str = ""

    def describe(self) -> str:
        def one(part: tuple[tuple[int, str], ...]) -> str:
            return " + ".join(f"{r}({c})" for r, c in part)

        where = (
            "1 section" if len(self.sections) == 1 else " + ".join(f"{t}T" for t in self.sections)
        )
        return (
            f"{where} ({self.tables} tables), {self.boards_per_round} boards a round: "
            f"1st {one(self.first)}, 2nd {one(self.second)} ({self.source})"
        )


@dataclass(frozen=True)
class SectionPlan:
    """One section in one session: its name, the list's code and the movement."""

    name: str
    code: str
    movement: Movement

    @property
    def stationary(self) -> tuple[int, ...]:
        """Pairs at the same table every round (either direction: a scrambled
        Mitchell turns the arrow, 004:1066-1074)."""
        tables: dict[int, set[int]] = {}
        for _, s in self.movement.seatings():
            for p in s.pairs():
                tables.setdefault(p.number, set()).add(s.table)
        return tuple(sorted(n for n, ts in tables.items() if len(ts) == 1))


@dataclass(frozen=True)
class SessionPlan:
    session: int
    sections: tuple[SectionPlan, ...]


@dataclass(frozen=True)
class EventPlan:
    """Every session's movements and every competitor's seat in each session.

    ``seats`` maps a competitor (its first-session seat id) to its seat id in
    each session, in order; a seat id is the pair number, prefixed by the
    section's name when there are several sections (``"B12"``).
    """

    pairs: int
    row: PlanRow
    sessions: tuple[SessionPlan, ...]
    seats: Mapping[str, tuple[str, ...]]
    phantom: str | None = None
    notes: tuple[str, ...] = field(default=())

    @property
    def multi_section(self) -> bool:
        return len(self.row.sections) > 1

    def renumbering(self, session: int) -> dict[str, str]:
        """Seat id in ``session`` (from 1) -> competitor."""
        if not 1 <= session <= len(self.sessions):
            raise MovementError(
                "the plan has sessions 1 to {sessions}, not {session}",
                code="movement.plan-no-such-session",
                sessions=len(self.sessions),
                session=session,
            )
        return {seats[session - 1]: who for who, seats in self.seats.items()}

    def moves(self, session: int) -> list[tuple[str, str]]:
        """(competitor, seat) for every competitor whose seat changes in ``session``."""
        return [
            (who, seats[session - 1])
            for who, seats in sorted(self.seats.items(), key=lambda kv: seat_order(kv[0]))
            if seats[session - 1] != who
        ]


def seat_order(seat: str) -> tuple[str, int]:
    head = seat.rstrip("0123456789")
    return (head, int(seat[len(head) :] or 0))


def seat_id(section: str, number: int, sections: int) -> str:
    """``"12"`` with one section, ``"B12"`` with several."""
    return f"{section}{number}" if sections > 1 else str(number)


# -- the lists ---------------------------------------------------------------------


def _load(name: str) -> dict[str, Any]:
    text = resources.files("bridgedesk.movements").joinpath(f"data/{name}").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@lru_cache(maxsize=1)
def _rows() -> tuple[PlanRow, ...]:
    out: list[PlanRow] = []
    for fname, lines in (("two_session.json", "004:2117-2170"), ("multi_section.json", None)):
        data = _load(fname)
        for r in data["rows"]:
            first = tuple((int(n), str(c)) for n, c in r["first"])
            second = tuple((int(n), str(c)) for n, c in r["second"])
            source = f"004:{r['line']}" if lines is None else lines
            out.append(
                PlanRow(int(r["tables"]), tuple(int(t) for t in r["sections"]), int(r["bpr"]),
                        first, second, source, str(r.get("note", "")))
            )  # fmt: skip
    return tuple(out)


def two_session_rows(
    pairs: int, sections: int | None = None, rounds: int | None = None
) -> list[PlanRow]:
    """The rows of the two-session lists for ``pairs`` pairs, in the lists' order.

    Up to 7 tables the Howell is played twice (004:2072): one row per Howell
    length the weekly list gives (004:3100-3112 say the same).
    """
    if pairs < 6:
        raise MovementError(
            "a two-session pair event needs at least 6 pairs, not {pairs}",
            code="movement.plan-pairs",
            pairs=pairs,
        )
    tables = (pairs + 1) // 2
    if tables <= 7:
        full = 2 * tables - 1
        rows = [
            PlanRow(tables, (tables,), HOWELL_TWICE_BOARDS[tables], ((full, "H"),), ((full, "H"),),
                    "004:3100-3106", "the Howell twice, new numbers for the 2nd session")
        ]  # fmt: skip
    else:
        rows = [r for r in _rows() if r.tables == tables]
    if not rows:
        raise MovementError(
            "the JCBL two-session lists go to 45 tables (90 pairs), not {tables} tables",
            code="movement.plan-tables",
            tables=tables,
        )
    rows = [r for r in rows if _buildable(r)]
    if sections is not None:
        rows = [r for r in rows if len(r.sections) == sections]
        if not rows:
            raise MovementError(
                "the two-session lists have no {sections}-section row for {tables} "
                "tables (004:2117-2170, 004:3214-3307)",
                code="movement.plan-no-sections-row",
                sections=sections,
                tables=tables,
            )
    if rounds is not None:
        rows = [r for r in rows if r.first[0][0] == rounds]
        if not rows:
            raise MovementError(
                "no row of the list for {tables} tables plays {rounds} rounds",
                code="movement.plan-no-rounds-row",
                tables=tables,
                rounds=rounds,
            )
    return rows


def _buildable(row: PlanRow) -> bool:
    """Whether each section's movements exist in bridgedesk's families (e.g. the list's
    12-table row 7(AM) on a 7-table section, 004:2135, is no appendix Mitchell)."""
    return all(
        buildable_size(CODE_KINDS[code], size, rounds)
        for part in (row.first, row.second)
        for size, (rounds, code) in zip(row.sections, part, strict=True)
    )


# -- building ----------------------------------------------------------------------


def _section_movement(tables: int, rounds: int, code: str, bpr: int) -> Movement:
    """A section's movement numbered through (one field), as the renumbering needs."""
    if code == "SM":
        return mitchell.scrambled_mitchell(
            tables, rounds=rounds, boards_per_round=bpr, relay=tables % 2 == 0 and rounds == tables
        )
    if code == "AM":
        return cyclic_appendix_mitchell(tables, rounds, boards_per_round=bpr, one_field=True)
    if code == "H":
        if rounds == 2 * tables - 1:
            return howell.complete_howell(tables, boards_per_round=bpr)
        return howell.short_howell(tables, rounds=rounds, boards_per_round=bpr)
    raise MovementError(
        "a section of the list plays SM, AM or H, not {section_kind}",
        code="movement.plan-section-kind",
        section_kind=code,
    )


def _identity(sections: list[tuple[str, Movement]]) -> dict[str, list[str]]:
    many = len(sections)
    return {
        seat_id(name, p.number, many): [seat_id(name, p.number, many)]
        for name, m in sections
        for p in m.pairs()
    }


def build_plan(pairs: int, row: PlanRow, sessions: int = 2) -> EventPlan:
    """Build every movement of ``row`` and the renumbering between its sessions."""
    if sessions not in (1, 2):
        raise MovementError(
            "the JCBL lists plan one or two sessions (004:2069-2452), not {sessions}",
            code="movement.plan-sessions",
            sessions=sessions,
        )
    names = SECTION_NAMES[: len(row.sections)]
    many = len(row.sections) > 1
    notes: list[str] = []
    codes1 = [c for _, c in row.first]
    codes2 = [c for _, c in row.second]
    renumber: dict[tuple[int, int], tuple[int, int]]
    if not many and codes2[0] == "IWH":
        one, two = two_sessions(
            row.tables, codes1[0], row.first[0][0], row.second[0][0],
            boards_per_round=row.boards_per_round,
        )  # fmt: skip
        first, second = [one], [two]
        renumber = {(0, p.number): (0, p.number) for p in one.pairs()}
        notes.append("the pairs keep their numbers: group A is 1-T, group B T+1-2T (004:2178)")
    elif not many and codes1 == codes2 == ["H"]:
        full = 2 * row.tables - 1
        one = (
            howell.complete_howell(pairs=pairs, boards_per_round=row.boards_per_round)
            if row.first[0][0] == full
            else howell.short_howell(pairs=pairs, rounds=row.first[0][0],
                                     boards_per_round=row.boards_per_round)
        )  # fmt: skip
        first, second = [one], [one]
        dh = double_howell(one)
        renumber = {(0, p.number): (0, dh.renumber.get(p.number, p.number)) for p in one.pairs()}
        notes.append(
            f"the Howell twice; the 2nd session's numbers change the stationary pairs "
            f"(004:2072-2073): {dh.never_meet} couples never meet"
        )
    else:
        first = [
            _section_movement(t, r, c, row.boards_per_round)
            for t, (r, c) in zip(row.sections, row.first, strict=True)
        ]
        if codes1 == codes2 and [r for r, _ in row.first] == [r for r, _ in row.second]:
            second = first
        else:
            second = []
            for t, (r1, c1), (r2, c2) in zip(row.sections, row.first, row.second, strict=True):
                if c2 == "IWH":
                    _, two = two_sessions(t, c1, r1, r2, boards_per_round=row.boards_per_round)
                    second.append(two)
                else:
                    second.append(_section_movement(t, r2, c2, row.boards_per_round))
        if sessions == 2:
            try:
                plan = group_plan(first, second)
            except MovementError:
                ident = Plan({(i, p.number): (i, p.number) for i, m in enumerate(first)
                              for p in m.pairs()})  # fmt: skip
                if rematches(first, second, ident):
                    raise
                plan = ident
            renumber = dict(plan.moves)
        else:
            renumber = {(i, p.number): (i, p.number) for i, m in enumerate(first)
                        for p in m.pairs()}  # fmt: skip
    seats: dict[str, tuple[str, ...]] = {}
    for (i, p), (j, q) in renumber.items():
        who = seat_id(names[i], p, len(names))
        seats[who] = (who, seat_id(names[j], q, len(names)))[:sessions]
    session_plans = [
        SessionPlan(1, tuple(SectionPlan(n, c, m) for n, c, m in zip(names, codes1, first,
                                                                      strict=True)))
    ]  # fmt: skip
    if sessions == 2:
        session_plans.append(
            SessionPlan(2, tuple(SectionPlan(n, c, m) for n, c, m in zip(names, codes2, second,
                                                                          strict=True)))
        )  # fmt: skip
    event = EventPlan(pairs, row, tuple(session_plans), seats, None, tuple(notes))
    if pairs % 2:
        event = _with_phantom(event)
    return event


def _with_phantom(event: EventPlan) -> EventPlan:
    """Make a competitor stationary in every session the phantom (004:2159-2163).

    Among those the highest number of the last section is taken; when nobody
    is stationary in every session, the last pair number of the last section.
    """
    stationary: list[set[str]] = []
    for sp in event.sessions:
        many = len(sp.sections) > 1
        stationary.append(
            {seat_id(s.name, n, 2 if many else 1) for s in sp.sections for n in s.stationary}
        )
    candidates = [
        who
        for who, seats in event.seats.items()
        if all(seat in stationary[i] for i, seat in enumerate(seats))
    ]
    note = "the phantom is stationary in every session"
    first = event.sessions[0].sections
    given = [seat_id(s.name, s.movement.phantom.number, len(first))
             for s in first if s.movement.phantom is not None]  # fmt: skip
    if given:  # the Howell built for an odd field has its phantom already
        candidates, note = given, "the Howell's own phantom"
    if not candidates:
        candidates = list(event.seats)
        note = "no number is stationary in every session: the phantom's opponents sit out"
    phantom = max(candidates, key=seat_order)
    sessions: list[SessionPlan] = []
    for i, sp in enumerate(event.sessions):
        seat = event.seats[phantom][i]
        secs = []
        for s in sp.sections:
            number = seat[len(s.name) :] if len(sp.sections) > 1 else seat
            if (len(sp.sections) == 1 or seat.startswith(s.name)) and number.isdigit():
                secs.append(replace(s, movement=replace(s.movement, phantom=Pair(int(number)))))
            else:
                secs.append(s)
        sessions.append(replace(sp, sections=tuple(secs)))
    return replace(
        event,
        sessions=tuple(sessions),
        phantom=phantom,
        notes=(*event.notes, f"{event.pairs} pairs: {phantom} is the phantom ({note})"),
    )


def recommend_plan(
    pairs: int,
    sessions: int = 2,
    sections: int | None = None,
    rounds: int | None = None,
) -> EventPlan:
    """The first plan of the JCBL lists for ``pairs`` pairs that bridgedesk builds.

    ``sections`` and ``rounds`` (of the first session) choose among the rows
    for that many tables.  One session with several sections plays the first
    session of the two-session row (the same section sizes, 004:2302-2306).
    """
    if sessions not in (1, 2):
        raise MovementError(
            "the JCBL lists plan one or two sessions (004:2069-2452), not {sessions}",
            code="movement.plan-sessions",
            sessions=sessions,
        )
    errors: list[str] = []
    for row in two_session_rows(pairs, sections, rounds):
        try:
            return build_plan(pairs, row, sessions)
        except MovementError as exc:
            errors.append(f"{row.describe()}: {exc}")
    raise MovementError(
        "no row of the list for {pairs} pairs could be built: {reasons}",
        code="movement.plan-no-row-built",
        pairs=pairs,
        reasons="; ".join(errors),
    )


def plans(pairs: int, sessions: int = 2, sections: int | None = None) -> Iterator[PlanRow]:
    """Every row for ``pairs`` pairs (cheap: nothing is built)."""
    yield from two_session_rows(pairs, sections)


# -- output ------------------------------------------------------------------------


def plan_text(event: EventPlan) -> str:
    """What the director reads: each session's sections and who moves where."""
    lines = [event.row.describe()]
    for sp in event.sessions:
        lines.append(f"session {sp.session}:")
        for s in sp.sections:
            m = s.movement
            where = f"  section {s.name}: " if event.multi_section else "  "
            stay = ", ".join(map(str, s.stationary)) or "none"
            lines.append(
                f"{where}{CODES.get(s.code, s.code)} ({m.kind}), {m.tables} tables, "
                f"{m.round_count} rounds x {m.boards_per_round} boards; stationary: {stay}"
            )
        if sp.session > 1:
            moves = event.moves(sp.session)
            if moves:
                lines.append(f"  renumbering for session {sp.session} ({len(moves)} pairs move):")
                lines += [f"    {who} plays as {seat}" for who, seat in moves]
            else:
                lines.append("  every pair keeps its number")
    lines += event.notes
    return "\n".join(lines) + "\n"
