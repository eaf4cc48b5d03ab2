"""Results in the store: what a slip's checks read, the slip written, results read back.

The checks themselves are :mod:`bridgedesk.events.slips`, run by
:mod:`bridgedesk.services.slips` for every door; this module only reads what
they need, in the caller's transaction, and writes:

* :func:`planned_section`: the section's movement (parsed once per process),
  its entries as far as a check needs them (number, kind, phantom) and an
  individual's plan, read once per transaction;
* :func:`board_slips` (one board) and :func:`section_boards` (every board, for
  an import): the results on the board, deleted ones included, as
  :class:`~bridgedesk.events.slips.OnBoard`;
* :func:`insert_result`: the slip's row, its natural key kept unique by the
  database (a slip entered at the same moment elsewhere is refused here).

Every later change is an audited correction (:mod:`bridgedesk.store.corrections`).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from sqlalchemy import bindparam, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session as OrmSession

from bridgedesk.errors import ConflictError, EntryError, Location
from bridgedesk.events.individual import KIND, IndividualPlan
from bridgedesk.events.model import Entry, EntryKind, Player, Result, SectionResults
from bridgedesk.events.seating import GridMovement
from bridgedesk.events.slips import OnBoard, PlannedSection
from bridgedesk.store.lookups import event_row, section_entries, section_row
from bridgedesk.store.lookups import section_results as result_rows
from bridgedesk.store.models import (
    EntryRow,
    EventRow,
    MovementRow,
    ResultRow,
    SectionRow,
    SessionRow,
)
from bridgedesk.store.notices import changed
from bridgedesk.store.prepared import Prepared
from bridgedesk.store.rows import (
    StoredResult,
    event_info,
    result_columns,
    result_of,
    stored_result,
)
from bridgedesk.store.table_rounds import grid, once
from bridgedesk.store.unit import Tx, UnitOfWork, is_sqlite, statements, utcnow

__all__ = [
    "board_slips",
    "find_result",
    "insert_result",
    "lock_sections",
    "planned_section",
    "result_row",
    "results",
    "section_boards",
    "section_movement",
    "section_phantoms",
    "section_results",
]


def section_results(
    unit: UnitOfWork, ref: int | str, section: str = "A", session: int = 1
) -> SectionResults:
    """One consistent snapshot of a section for scoring and reports."""
    with unit.transaction(write=False) as s:
        ev = event_row(s, ref)
        sec = section_row(s, ev, session, section)
        return SectionResults(
            event=event_info(ev).event,
            session=session,
            section=section,
            movement=None if sec.movement is None else GridMovement.from_json(sec.movement.data),
            entries=section_entries(s, sec),
            results=tuple(r for _, r in result_rows(s, sec)),
        )


# -- what a slip's checks read -------------------------------------------------------------
#
# A table's slip reads these for every request, so they are SQLAlchemy Core statements
# on the transaction's connection (:func:`bridgedesk.store.unit.statements`), and what
# is made of the rows is kept for as long as the rows read are the same.


@lru_cache(maxsize=32)
def _individual(data: str) -> IndividualPlan:
    """A stored individual plan (movement rows never change, so it is parsed once)."""
    return IndividualPlan.from_json(data)


def planned_section(s: Tx, section_id: int, name: str) -> PlannedSection:
    """Section ``section_id``'s (named ``name``) movement, entries and individual plan,
    each read once per transaction (a batch of slips reads them once)."""
    found = section_movement(s, section_id)
    entries = once(s, ("entries", section_id), lambda: _entries(s, section_id))
    if found is None:
        return PlannedSection(name, None, entries)
    kind, data = found
    return PlannedSection(name, grid(data), entries, _individual(data) if kind == KIND else None)


def section_movement(s: Tx, section_id: int) -> tuple[str, str] | None:
    """The kind and JSON of the section's movement (None before it is set), read once
    per transaction."""
    return once(s, ("movement", section_id), lambda: _movement_row(s, section_id))


def _movement_row(s: Tx, section_id: int) -> tuple[str, str] | None:
    found = statements(s).execute(_MOVEMENT, {"section_id": section_id}).one_or_none()
    return None if found is None else (found[0], found[1])


def _entries(s: Tx, section_id: int) -> Mapping[int, Entry] | None:
    """The section's entries as far as a slip's check reads them (number, kind,
    phantom; the players stand in); None while none is entered."""
    rows = statements(s).execute(_ENTRIES, {"section_id": section_id})
    return entries_of(tuple(tuple(row) for row in rows))  # plain tuples: compared quickly


def section_phantoms(s: Tx, section_id: int) -> frozenset[int]:
    """The section's phantom pairs, from its entries as :func:`planned_section` reads
    them (no read of its own)."""
    entries = once(s, ("entries", section_id), lambda: _entries(s, section_id)) or {}
    return frozenset(n for n, e in entries.items() if e.phantom)


@lru_cache(maxsize=64)
def entries_of(rows: tuple[tuple[int, str, bool], ...]) -> Mapping[int, Entry] | None:
    """The entries of :func:`_entries` made from their rows, once for the same rows."""
    entries: dict[int, Entry] = {}
    for number, kind, phantom in rows:
        if phantom:
            entries[number] = Entry(number, phantom=True)
        else:
            k = EntryKind(kind)
            entries[number] = Entry(number, tuple(Player("-") for _ in range(k.players[0])), k)
    return MappingProxyType(entries) if entries else None


#: A result row's columns as a slip's checks and the live results read them.
SLIP_COLUMNS = (
    ResultRow.id,
    ResultRow.round,
    ResultRow.table_no,
    ResultRow.board,
    ResultRow.ns,
    ResultRow.ew,
    ResultRow.contract,
    ResultRow.declarer,
    ResultRow.tricks,
    ResultRow.lead,
    ResultRow.adjusted,
    ResultRow.withdrawn,
)


#: The statements a slip runs, built once (SQLAlchemy then compiles each once).
_MOVEMENT = (
    select(MovementRow.kind, MovementRow.data)
    .join(SectionRow, SectionRow.movement_id == MovementRow.id)
    .where(SectionRow.id == bindparam("section_id"))
)
_ENTRIES = (
    select(EntryRow.number, EntryRow.kind, EntryRow.phantom)
    .where(EntryRow.section_id == bindparam("section_id"))
    .order_by(EntryRow.number)
)
#: The two a table's slip runs are run on the driver's cursor (:mod:`bridgedesk.store.prepared`).
_BOARD = Prepared(
    select(*SLIP_COLUMNS)
    .where(ResultRow.section_id == bindparam("section_id"), ResultRow.board == bindparam("board"))
    .order_by(ResultRow.id)
)
_INSERT = Prepared(insert(ResultRow).returning(ResultRow.id))


def board_slips(s: Tx, section_id: int, section: str, session: int, board: int) -> list[OnBoard]:
    """The results on ``board`` of the section, deleted ones included, oldest first."""
    rows = _BOARD.execute(s, {"section_id": section_id, "board": board})
    return [_on_board(r, section, session) for r in rows]


@lru_cache(maxsize=4096)
def _on_board(row: Any, section: str, session: int) -> OnBoard:
    """A board's row as its checks read it, made once for the same row as it is (its
    values, id and deletion: each slip on the board reads the board's results again)."""
    return OnBoard(row.id, result_of(row, section, session), bool(row.withdrawn))


def section_boards(
    s: OrmSession, section_id: int, section: str, session: int
) -> dict[int, list[OnBoard]]:
    """The results of every board of the section (deleted ones included), by board."""
    out: dict[int, list[OnBoard]] = {}
    for r in statements(s).execute(
        select(*SLIP_COLUMNS).where(ResultRow.section_id == section_id).order_by(ResultRow.id)
    ):
        out.setdefault(r.board, []).append(
            OnBoard(r.id, result_of(r, section, session), bool(r.withdrawn))
        )
    return out


def lock_sections(s: Tx, section_ids: list[int]) -> None:
    """Lock the sections about to take slips, in one order, until the transaction ends
    (PostgreSQL; SQLite's BEGIN IMMEDIATE already serialises every writer, so nothing
    is asked of it there)."""
    if is_sqlite(s):
        return
    statements(s).execute(
        select(SectionRow.id)
        .where(SectionRow.id.in_(sorted(set(section_ids))))
        .order_by(SectionRow.id)
        .with_for_update()
    )


# -- writing a slip -----------------------------------------------------------------------


def insert_result(
    s: Tx, section_id: int, result: Result, who: str, override: str | None = None
) -> int:
    """Write a checked slip to section ``section_id`` (one Core statement); its id.  A
    natural key taken meanwhile (another door entered the board at the same moment) is
    refused, naming the board."""
    try:
        [found] = _INSERT.execute(
            s,
            {
                "section_id": section_id,
                "entered_by": who,
                "entered_at": utcnow(),
                "withdrawn": False,
                **result_columns(result, override),
            },
        )
        changed(s, sections=[section_id])  # announced when the transaction commits
        return int(found.id)
    except IntegrityError:
        raise ConflictError(
            "board {board} already has a result for NS {ns} v EW {ew}; correct it "
            "instead of entering it again",
            Location(round=result.round, table=result.table, board=result.board),
            code="result.entered-meanwhile",
            board=result.board,
            ns=result.ns,
            ew=result.ew,
        ) from None


# -- reading results back ------------------------------------------------------------------


def results(
    unit: UnitOfWork,
    ref: int | str,
    board: int | None = None,
    section: str | None = None,
    session: int | None = None,
    include_withdrawn: bool = False,
) -> list[StoredResult]:
    """Stored results of an event, by session, section, board, round, table.

    Deleted (withdrawn) results are left out unless ``include_withdrawn``.
    """
    with unit.transaction(write=False) as s:
        ev = event_row(s, ref)
        query = (
            select(ResultRow, SectionRow.name, SessionRow.number)
            .join(SectionRow, ResultRow.section_id == SectionRow.id)
            .join(SessionRow, SectionRow.session_id == SessionRow.id)
            .where(SessionRow.event_id == ev.id)
        )
        if board is not None:
            query = query.where(ResultRow.board == board)
        if not include_withdrawn:
            query = query.where(ResultRow.withdrawn.is_(False))
        if section is not None:
            query = query.where(SectionRow.name == section)
        if session is not None:
            query = query.where(SessionRow.number == session)
        query = query.order_by(
            SessionRow.number,
            SectionRow.name,
            ResultRow.board,
            ResultRow.round,
            ResultRow.table_no,
        )
        return [stored_result(row, name, number) for row, name, number in s.execute(query)]


def result_row(s: OrmSession, ev: EventRow, result_id: int) -> tuple[ResultRow, Result]:
    """A result of the event by id, as its row and as the model's result."""
    found = s.execute(
        select(ResultRow, SectionRow.name, SessionRow.number)
        .join(SectionRow, ResultRow.section_id == SectionRow.id)
        .join(SessionRow, SectionRow.session_id == SessionRow.id)
        .where(ResultRow.id == result_id, SessionRow.event_id == ev.id)
    ).one_or_none()
    if found is None:
        raise EntryError(
            "event {event!r} has no result {result_id}; `bridgedesk result history` shows the ids",
            code="result.no-such-result",
            event=ev.name,
            result_id=result_id,
        )
    row, name, number = found
    return row, result_of(row, name, number)


def find_result(
    unit: UnitOfWork,
    ref: int | str,
    board: int,
    ns: int,
    ew: int,
    section: str = "A",
    session: int = 1,
) -> StoredResult:
    """The stored result for a board and pairs (the natural key)."""
    for found in results(unit, ref, board=board, section=section, session=session):
        if (found.result.ns, found.result.ew) == (ns, ew):
            return found
    raise EntryError(
        "no result stored for board {board} NS {ns} v EW {ew}",
        code="result.none-stored",
        board=board,
        ns=ns,
        ew=ew,
    )
