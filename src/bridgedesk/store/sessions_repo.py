"""The sessions of a stored pair event: the plan for all of them, one session's movement,
and a final made from a qualifying event.

* :func:`store_plan` stores an :class:`~bridgedesk.movements.plan.EventPlan`
  (the JCBL one- and multi-section lists, 004:3100-3300): every session's
  sections and movements, the phantom, and each competitor's seat in every
  session, with the entries of the first session copied to their seats in the
  others (the renumbering and section swap of 004:2071-2260, 004:2375-2440).
* :func:`set_session_movement` gives one section of a later session a movement
  chosen by the director, the pairs keeping their numbers or seated by a
  renumbering map.
* :func:`make_final` makes a final event of the qualifiers of a stored
  qualifying event (004:1985-2034) and keeps the cut with it.

Each is one transaction: it checks, then writes, or changes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from sqlalchemy import select
from sqlalchemy.orm import Session as OrmSession

from bridgedesk.errors import EntryError
from bridgedesk.events.adapters import as_grid, phantom_number
from bridgedesk.events.model import Event
from bridgedesk.events.names import check_section_name
from bridgedesk.events.renumber import stationary_swaps
from bridgedesk.events.seating import GridMovement
from bridgedesk.movements.model import Movement
from bridgedesk.movements.plan import EventPlan, seat_order
from bridgedesk.store.competitors import (
    Seat,
    copy_entry,
    entry_at,
    event_seats,
    section_of,
    write_seats,
)
from bridgedesk.store.events_repo import create_event, discard_event
from bridgedesk.store.lookups import event_row, section_entries
from bridgedesk.store.models import (
    EntryRow,
    EventRow,
    FinalRow,
    ResultRow,
    SectionRow,
    SessionRow,
)
from bridgedesk.store.movements_repo import place_movement
from bridgedesk.store.unit import UnitOfWork

__all__ = [
    "FinalCut",
    "StoredPlan",
    "final_of",
    "make_final",
    "movement_name",
    "played_sections",
    "set_session_movement",
    "split_seat",
    "store_plan",
]


@dataclass(frozen=True)
class StoredPlan:
    """What :func:`store_plan` did: sessions stored, entries placed, the problems
    found between movements and entries (for the director to read)."""

    sessions: int
    placed: tuple[str, ...]
    problems: tuple[str, ...]


@dataclass(frozen=True)
class FinalCut:
    """How a final was made from its qualifying event (004:1985-2034)."""

    qualifying: int
    places: int
    cut_by: str
    withdrawn: tuple[str, ...]
    max_boards: int | None


def movement_name(m: Movement) -> str:
    return f"{m.kind} {m.tables} tables, {m.round_count} rounds x {m.boards_per_round} boards"


def split_seat(seat: str, default: str) -> tuple[str, int]:
    """``"B12"`` -> (``B``, 12); ``"12"`` -> (``default``, 12)."""
    head = seat.rstrip("0123456789")
    tail = seat[len(head) :]
    if not tail:
        raise EntryError(
            "seat {given!r}: a seat is a pair number, with its section first",
            code="session.seat-format",
            given=seat,
        )
    return (head or default, int(tail))


def _event_sections(s: OrmSession, ev: EventRow) -> list[SectionRow]:
    return list(
        s.scalars(
            select(SectionRow)
            .join(SessionRow)
            .where(SessionRow.event_id == ev.id)
            .order_by(SessionRow.number, SectionRow.name)
        )
    )


def _results_in(s: OrmSession, sections: Sequence[SectionRow]) -> SectionRow | None:
    for sec in sections:
        if s.scalars(select(ResultRow.id).where(ResultRow.section_id == sec.id).limit(1)).first():
            return sec
    return None


def _entries(s: OrmSession, sec: SectionRow) -> list[EntryRow]:
    return list(
        s.scalars(select(EntryRow).where(EntryRow.section_id == sec.id).order_by(EntryRow.number))
    )


def store_plan(unit: UnitOfWork, ref: int | str, plan: EventPlan, sessions: int) -> StoredPlan:
    """Store ``plan`` for ``sessions`` sessions of the event (see the module docstring).

    The pairs are those entered in the first session.  A pair whose number is
    no seat of the plan's first session (pairs all entered in one section for
    a two-section plan, or numbers with gaps) is placed on the plan's seats in
    number order, and each placement is reported.  Sessions beyond the plan's
    play its sessions again in turn, with their numbers.  Refused once any
    result is in: the plan is set before play.
    """
    if sessions < 1:
        raise EntryError(
            "an event has at least 1 session, not {sessions}",
            code="session.sessions-at-least-1",
            sessions=sessions,
        )
    for sp in plan.sessions:
        for part in sp.sections:
            check_section_name(part.name)
    with unit.transaction() as s:
        ev = event_row(s, ref)
        played = _results_in(s, _event_sections(s, ev))
        if played is not None:
            raise EntryError(
                "session {session} section {section} has results already: the plan of "
                "every session is set before play; give one session a movement with "
                "`bridgedesk event movement EVENT --session N --kind ...`",
                code="session.plan-after-play",
                session=played.session.number,
                section=played.name,
            )
        first = [sec for sec in _event_sections(s, ev) if sec.session.number == 1]
        default = first[0].name if first and not plan.multi_section else "A"

        def where(seat: str) -> tuple[str, int]:
            return split_seat(seat, default) if plan.multi_section else (default, int(seat))

        # the pairs of the first session, on the plan's first-session seats
        for sec in first:
            for row in _entries(s, sec):
                if row.phantom:
                    s.delete(row)
        s.flush()
        pairs = [(sec, row) for sec in first for row in _entries(s, sec)]
        # a final's pairs keep their qualifying ids (origin) through a new plan
        was = {(x.section, x.number): x.origin for x in event_seats(s, ev) if x.session == 1}
        origin = {row.id: was.get((sec.name, row.number)) for sec, row in pairs}
        seat_of = {
            (sec.name, row.number): (f"{sec.name}{row.number}" if plan.multi_section else
                                     str(row.number))
            for sec, row in pairs
        }  # fmt: skip
        free = sorted((w for w in plan.seats if w != plan.phantom), key=seat_order)
        if len(pairs) > len(free):
            raise EntryError(
                "{entered} pairs are entered; the plan seats {seats} ({plan})",
                code="session.plan-too-few-seats",
                entered=len(pairs),
                seats=len(free),
                plan=plan.row.describe(),
            )
        placed: list[str] = []
        if any(seat_of[(sec.name, row.number)] not in free for sec, row in pairs):
            for _sec, row in pairs:  # clear the numbers first: (section, number) is unique
                row.number = -row.number
            s.flush()
            for (sec, row), seat in zip(pairs, free, strict=False):
                name, number = where(seat)
                old = f"{sec.name}{-row.number}" if len(first) > 1 else str(-row.number)
                row.section_id = section_of(s, ev, 1, name).id
                row.number = number
                if old != seat:
                    placed.append(f"pair {old} plays as {seat}")
            s.flush()
            s.expire_all()
        # a section the plan does not play (an earlier plan's) keeps no movement or copies
        for sec in _event_sections(s, ev):
            k = sec.session.number
            if k > sessions:
                continue
            used = {x.name for x in plan.sessions[(k - 1) % len(plan.sessions)].sections}
            if sec.name not in used:
                sec.movement = None
                if k > 1:
                    for row in _entries(s, sec):
                        s.delete(row)
        s.flush()
        problems: list[str] = []
        stored: list[Seat] = []
        swapped: dict[tuple[int, str], dict[int, int]] = {}
        for k in range(1, sessions + 1):
            sp = plan.sessions[(k - 1) % len(plan.sessions)]
            index = (k - 1) % len(plan.sessions)
            if k > 1:
                labels = {
                    where(w): w for w in plan.seats
                }  # the first session's seat -> its competitor
                home = {
                    labels[(sec.name, row.number)]: row
                    for sec in [section_of(s, ev, 1, x.name) for x in plan.sessions[0].sections]
                    for row in _entries(s, sec)
                    if (sec.name, row.number) in labels
                }
            for part in sp.sections:
                sec = section_of(s, ev, k, part.name)
                if k > 1:
                    for row in _entries(s, sec):
                        s.delete(row)
                    s.flush()
                    for who, row in sorted(home.items(), key=lambda kv: seat_order(kv[0])):
                        name, number = where(plan.seats[who][index])
                        if name == part.name:
                            copy_entry(s, row, sec, number)
                grid = as_grid(part.movement, name=movement_name(part.movement),
                               kind=part.movement.kind)  # fmt: skip
                if k > 1:
                    swaps = _stationary(s, sec, grid)
                    swapped[(k, part.name)] = swaps
                    planned = {where(seats[index]): w for w, seats in plan.seats.items()}
                    prefix = part.name if plan.multi_section else ""
                    placed += [
                        f"session {k}: {planned[(part.name, old)]} plays as {prefix}{new}, not "
                        f"{prefix}{old} (a stationary seat asked for, 004:810-948)"
                        for old, new in sorted(swaps.items())
                    ]
                phantom = phantom_number(part.movement) if k == 1 else None
                found = place_movement(s, sec, grid, phantom=phantom, stationary=k == 1)
                where_ = f"session {k} section {part.name}: " if plan.multi_section or k > 1 else ""
                problems += [where_ + p for p in found]
        s.flush()
        s.expire_all()
        entered = {
            (sec.name, row.number): origin.get(row.id)
            for sec in [section_of(s, ev, 1, x.name) for x in plan.sessions[0].sections]
            for row in _entries(s, sec)
        }
        for who, places in plan.seats.items():
            if where(who) not in entered:
                continue
            for k in range(1, sessions + 1):
                name, number = where(places[(k - 1) % len(plan.sessions)])
                number = swapped.get((k, name), {}).get(number, number)
                stored.append(Seat(who, k, name, number, entered[where(who)]))
        write_seats(s, ev, stored, range(1, sessions + 1))
        return StoredPlan(sessions, tuple(placed), tuple(problems))


def _stationary(s: OrmSession, sec: SectionRow, grid: GridMovement) -> dict[int, int]:
    """Renumber a later session's copies so that a pair who asked for a stationary seat
    has one there too (:func:`bridgedesk.events.renumber.stationary_swaps`); returns the
    numbers changed (old -> new)."""
    swaps = stationary_swaps(grid, section_entries(s, sec))
    if swaps:
        rows = {r.number: r for r in _entries(s, sec)}
        for old in swaps:
            rows[old].number = -old
        s.flush()
        for old, new in swaps.items():
            rows[old].number = new
        s.flush()
    return swaps


def set_session_movement(
    unit: UnitOfWork,
    ref: int | str,
    movement: Movement,
    *,
    session: int,
    section: str = "A",
    renumber: Mapping[str, Sequence[str]] | None = None,
    from_round: int | None = None,
) -> list[str]:
    """Give ``section`` of ``session`` (2 or later) a movement chosen by the director.

    While the section has no result, the first session's pairs are seated in
    it again: by ``renumber`` (competitor -> seat in each session, as a plan's
    JSON or ``bridgedesk score --renumber`` gives it), else at the seat a plan
    gave them, else keeping their first-session number (a pair entered late
    too).  The seats are stored, so the sessions add up by competitor.
    """
    check_section_name(section)
    with unit.transaction() as s:
        ev = event_row(s, ref)
        sec = section_of(s, ev, session, section)
        known = event_seats(s, ev)
        first = [x for x in _event_sections(s, ev) if x.session.number == 1]
        many = len([x for x in first if _entries(s, x)]) > 1
        have = {(x.section, x.number) for x in known if x.session == 1}
        new = [  # pairs entered since the seats were stored (a late pair, 004:884-898)
            Seat(f"{x.name}{row.number}" if many else str(row.number), 1, x.name, row.number)
            for x in first
            for row in _entries(s, x)
            if (x.name, row.number) not in have
        ]
        if new:
            known += new
            write_seats(s, ev, [x for x in known if x.session == 1], [1])
        home = {x.competitor: x for x in known if x.session == 1}
        now = {x.competitor: x for x in known if x.session == session}
        grid = as_grid(movement, name=movement_name(movement), kind=movement.kind)
        if session > 1 and _results_in(s, [sec]) is None:
            for row in _entries(s, sec):
                s.delete(row)
            s.flush()
            mine: list[Seat] = []
            taken: dict[int, str] = {}
            for who, seat in sorted(home.items(), key=lambda kv: seat_order(kv[0])):
                if renumber is not None:
                    given = renumber.get(who)
                    if given is None or len(given) < session:
                        continue
                    name, number = split_seat(str(given[session - 1]), section)
                elif who in now:  # the seat a plan gave it
                    name, number = now[who].section, now[who].number
                else:
                    name, number = seat.section, seat.number
                if name != section:
                    continue
                source = entry_at(s, section_of(s, ev, 1, seat.section), seat.number)
                if source is None:
                    continue
                if number in taken:
                    raise EntryError(
                        "{taken} and {who} would both play as {number} in session {session} "
                        "section {section}: give the seats with --renumber FILE",
                        code="session.renumber-clash",
                        taken=taken[number],
                        who=who,
                        number=number,
                        session=session,
                        section=section,
                    )
                taken[number] = who
                copy_entry(s, source, sec, number)
                mine.append(Seat(who, session, name, number))
            if renumber is not None and not mine:
                raise EntryError(
                    "the renumbering seats nobody in session {session} section {section}",
                    code="session.renumber-seats-nobody",
                    session=session,
                    section=section,
                )
            swaps = _stationary(s, sec, grid)
            mine = [replace(x, number=swaps.get(x.number, x.number)) for x in mine]
            others = [x for x in known if x.session == session and x.section != section]
            write_seats(s, ev, others + mine, [session])
        phantom = phantom_number(movement)
        return place_movement(
            s, sec, grid, from_round=from_round, phantom=phantom, stationary=session == 1
        )


def make_final(
    unit: UnitOfWork,
    qualifying: int | str,
    final: Event,
    finalists: Sequence[str],
    cut: FinalCut,
) -> int:
    """Create ``final`` with the ``finalists`` (qualifying competitor ids, best first)
    entered as pairs 1, 2, ... in its first section; keep the cut with it."""
    if not finalists:
        raise EntryError(
            "nobody qualifies: the final would have no pairs", code="final.nobody-qualifies"
        )
    eid = create_event(unit, final)
    try:
        with unit.transaction() as s:
            ev = event_row(s, eid)
            q = event_row(s, qualifying)
            home = {x.competitor: x for x in event_seats(s, q) if x.session == 1}
            sections = [x for x in _event_sections(s, q) if x.session.number == 1]
            many = len([x for x in sections if _entries(s, x)]) > 1
            rows: dict[str, EntryRow] = {}
            for x in sections:
                for row in _entries(s, x):
                    label = f"{x.name}{row.number}" if many else str(row.number)
                    rows[label] = row
            for who, seat in home.items():
                found = entry_at(s, section_of(s, q, 1, seat.section), seat.number)
                if found is not None:
                    rows[who] = found
            target = section_of(s, ev, 1, final.sessions[0].sections[0].name)
            stored: list[Seat] = []
            for number, who in enumerate(finalists, start=1):
                if who not in rows or rows[who].phantom:
                    raise EntryError(
                        "pair {who} did not play the qualifying {qualifying!r}",
                        code="final.pair-not-qualifying",
                        who=who,
                        qualifying=q.name,
                    )
                copy_entry(s, rows[who], target, number)
                stored.append(Seat(str(number), 1, target.name, number, who))
            write_seats(s, ev, stored, [1])
            s.add(
                FinalRow(
                    event_id=ev.id,
                    qualifying_id=q.id,
                    places=cut.places,
                    cut_by=cut.cut_by,
                    withdrawn=json.dumps(list(cut.withdrawn)),
                    max_boards=cut.max_boards,
                )
            )
    except BaseException:
        discard_event(unit, eid)
        raise
    return eid


def played_sections(unit: UnitOfWork, ref: int | str) -> dict[int, list[str]]:
    """Session -> the names of its sections that have a movement."""
    with unit.transaction(write=False) as s:
        ev = event_row(s, ref)
        rows = s.execute(
            select(SessionRow.number, SectionRow.name)
            .join(SectionRow, SectionRow.session_id == SessionRow.id)
            .where(SessionRow.event_id == ev.id, SectionRow.movement_id.is_not(None))
            .order_by(SessionRow.number, SectionRow.name)
        ).all()
    out: dict[int, list[str]] = {}
    for number, name in rows:
        out.setdefault(number, []).append(name)
    return out


def final_of(unit: UnitOfWork, ref: int | str) -> FinalCut | None:
    """The cut the event was made with, when it is a final (else None)."""
    with unit.transaction(write=False) as s:
        ev = event_row(s, ref)
        row = s.get(FinalRow, ev.id)
        if row is None:
            return None
        return FinalCut(
            row.qualifying_id,
            row.places,
            row.cut_by,
            tuple(str(w) for w in json.loads(row.withdrawn)),
            row.max_boards,
        )
