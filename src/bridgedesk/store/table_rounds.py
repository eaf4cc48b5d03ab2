"""Table terminals: where a table is, and the director's hold on a round.

A table is at the first round of the movement whose boards it has not all
entered; so it moves on as soon as its last board of a round is in.  The
director can *hold* a round (tables that have finished it wait there) or
*close* it (no table enters or corrects in it any more; only the director
corrects, with ``bridgedesk result correct``).  A table never plays a round
where the movement seats the phantom (its opponents sit out, 004:864-868) or
where it is idle.  Moved out of :mod:`bridgedesk.store.terminals`, which
re-exports these names.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeVar

from sqlalchemy import select
from sqlalchemy.orm import Session as OrmSession

from bridgedesk.errors import EntryError
from bridgedesk.events.seating import GridMovement
from bridgedesk.store.models import EntryRow, EventRow, RoundControlRow, SectionRow, SessionRow
from bridgedesk.store.unit import UnitOfWork, utcnow

__all__ = [
    "CLOSED",
    "HELD",
    "NextRound",
    "Place",
    "controls",
    "current_round",
    "event_named",
    "grid",
    "next_round",
    "once",
    "phantoms",
    "plays",
    "round_states",
    "session_sections",
    "set_round",
]

T = TypeVar("T")
HELD = "held"
CLOSED = "closed"


@dataclass(frozen=True)
class Place:
    """Where a pair sits in a round: table and direction (``NS``/``EW``)."""

    pair: int
    table: int
    direction: str


@dataclass(frozen=True)
class NextRound:
    """After this round: where this table's pairs go, what this table plays next,
    and which table this table's boards go to."""

    round: int
    ns: Place | None
    ew: Place | None
    boards: tuple[int, ...]
    boards_to: int | None


@lru_cache(maxsize=32)
def grid(data: str) -> GridMovement:
    """A stored movement's grid (movement rows never change, so it is parsed once)."""
    return GridMovement.from_json(data)


def event_named(s: OrmSession, ref: int | str) -> EventRow:
    text = str(ref).strip()
    if text.isdigit():
        row = s.get(EventRow, int(text))
    else:
        rows = s.scalars(select(EventRow).where(EventRow.name == text)).all()
        if len(rows) > 1:
            ids = ", ".join(str(r.id) for r in rows)
            raise EntryError(f"several events are named {text!r}: give the id ({ids})")
        row = rows[0] if rows else None
    if row is None:
        raise EntryError(f"no event {text!r}; `bridgedesk event list` shows them")
    return row


def session_sections(s: OrmSession, ev: EventRow, session: int) -> list[SectionRow]:
    rows = s.scalars(
        select(SectionRow)
        .join(SessionRow)
        .where(SessionRow.event_id == ev.id, SessionRow.number == session)
        .order_by(SectionRow.name)
    ).all()
    if not rows:
        raise EntryError(f"event {ev.name!r} has no session {session}")
    return list(rows)


def set_round(
    unit: UnitOfWork,
    ref: int | str,
    round: int,
    state: str | None,
    who: str,
    section: str = "A",
    session: int = 1,
) -> None:
    """Hold or close a round (``state`` ``held``/``closed``), or open it again (None)."""
    if state not in (HELD, CLOSED, None):
        raise EntryError(f"a round is held, closed or open, not {state!r}")
    with unit.transaction() as s:
        ev = event_named(s, ref)
        secs = [r for r in session_sections(s, ev, session) if r.name == section]
        if not secs:
            raise EntryError(f"event {ev.name!r} has no section {section} in session {session}")
        sec = secs[0]
        if sec.movement is None:
            raise EntryError(f"section {section} has no movement yet")
        rounds = grid(sec.movement.data).rounds
        if not 1 <= round <= rounds:
            raise EntryError(f"round {round} does not exist: the movement has rounds 1-{rounds}")
        row = s.scalars(
            select(RoundControlRow).where(
                RoundControlRow.section_id == sec.id, RoundControlRow.round == round
            )
        ).one_or_none()
        if state is None:
            if row is not None:
                s.delete(row)
            return
        if row is None:
            row = RoundControlRow(section_id=sec.id, round=round)
            s.add(row)
        row.state, row.who, row.at = state, who, utcnow()


def round_states(
    unit: UnitOfWork, ref: int | str, section: str = "A", session: int = 1
) -> dict[int, str]:
    with unit.transaction(write=False) as s:
        ev = event_named(s, ref)
        secs = [r for r in session_sections(s, ev, session) if r.name == section]
        if not secs:
            return {}
        return controls(s, secs[0].id)


def once(s: OrmSession, key: tuple[Any, ...], load: Callable[[], T]) -> T:
    """``load()``, read once per transaction: a batch of results
    (:func:`bridgedesk.store.terminals.enter_results`) reads each section's movement,
    entries, phantoms and round controls once.  Only for what no terminal function
    changes inside the transaction."""
    memo: dict[tuple[Any, ...], Any] = s.info.setdefault("bridgedesk_once", {})
    if key not in memo:
        memo[key] = load()
    found: T = memo[key]
    return found


def controls(s: OrmSession, section_id: int) -> dict[int, str]:
    return once(
        s,
        ("controls", section_id),
        lambda: {
            r.round: r.state
            for r in s.scalars(
                select(RoundControlRow).where(RoundControlRow.section_id == section_id)
            )
        },
    )


def phantoms(s: OrmSession, section_id: int) -> set[int]:
    return once(
        s,
        ("phantoms", section_id),
        lambda: set(
            s.scalars(
                select(EntryRow.number).where(
                    EntryRow.section_id == section_id, EntryRow.phantom.is_(True)
                )
            )
        ),
    )


def plays(movement: GridMovement, phantoms: set[int], rnd: int, table: int) -> bool:
    a = movement.assignment(rnd, table)
    return a is not None and a.ns not in phantoms and a.ew not in phantoms


def current_round(
    movement: GridMovement,
    table: int,
    entered: Mapping[int, set[int]],
    controls: Mapping[int, str],
    phantoms: set[int],
) -> tuple[int, str]:
    """The round a table is at and its status (``playing``, ``held``, ``finished``).

    ``entered`` maps a round to the boards this table has entered in it.
    """
    last = 1
    for rnd in range(1, movement.rounds + 1):
        if not plays(movement, phantoms, rnd, table) or controls.get(rnd) == CLOSED:
            continue
        last = rnd
        a = movement.assignment(rnd, table)
        assert a is not None
        if not set(a.boards) <= entered.get(rnd, set()):
            return rnd, "playing"
        later = any(entered.get(r) for r in range(rnd + 1, movement.rounds + 1))
        if controls.get(rnd) == HELD and not later:
            return rnd, HELD
    return last, "finished"


def _place(movement: GridMovement, phantoms: set[int], rnd: int, pair: int) -> Place | None:
    for table in range(1, movement.tables + 1):
        a = movement.assignment(rnd, table)
        if a is None or not plays(movement, phantoms, rnd, table):
            continue
        if a.ns == pair:
            return Place(pair, table, "NS")
        if a.ew == pair:
            return Place(pair, table, "EW")
    return None


def next_round(
    movement: GridMovement, phantoms: set[int], rnd: int, table: int
) -> NextRound | None:
    """Where this table's pairs and boards go after ``rnd`` (None after the last round)."""
    if rnd >= movement.rounds:
        return None
    here = movement.assignment(rnd, table)
    following = rnd + 1
    there = movement.assignment(following, table)
    boards = (
        () if there is None or not plays(movement, phantoms, following, table) else there.boards
    )
    boards_to = None
    if here is not None:
        for t in range(1, movement.tables + 1):
            a = movement.assignment(following, t)
            if a is not None and set(a.boards) & set(here.boards):
                boards_to = t
                break
    places = [
        None if here is None or pair in phantoms else _place(movement, phantoms, following, pair)
        for pair in ((here.ns, here.ew) if here is not None else ())
    ]
    return NextRound(
        following,
        places[0] if places else None,
        places[1] if len(places) > 1 else None,
        tuple(boards),
        boards_to,
    )
