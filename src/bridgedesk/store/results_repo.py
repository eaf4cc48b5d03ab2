"""Results in the store: enter one, import many, read them back.

Each function is one transaction of the unit of work it is given
(:class:`~bridgedesk.store.unit.UnitOfWork`), except :func:`import_results`,
which writes in batches.  Results are checked against the section's movement
(:func:`bridgedesk.events.entry.check_result`) before they are stored; every
later change is an audited correction (:mod:`bridgedesk.store.corrections`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sqlalchemy import and_, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session as OrmSession

from bridgedesk.errors import BridgedeskError, EntryError, Location
from bridgedesk.events.entry import check_result
from bridgedesk.events.model import Entry, Result, SectionResults
from bridgedesk.events.seating import GridMovement
from bridgedesk.store.individual_events import refuse_pairs_slip
from bridgedesk.store.lookups import (
    event_row,
    movement_of,
    section_entries,
    section_row,
)
from bridgedesk.store.lookups import section_results as result_rows
from bridgedesk.store.models import EventRow, ResultRow, SectionRow, SessionRow
from bridgedesk.store.rows import (
    StoredResult,
    event_info,
    fill_result_row,
    result_of,
    stored_result,
)
from bridgedesk.store.unit import UnitOfWork, utcnow

__all__ = [
    "ImportReport",
    "add_result",
    "find_result",
    "import_results",
    "insert_result",
    "result_row",
    "results",
    "section_results",
]


@dataclass(frozen=True)
class ImportReport:
    added: int
    skipped: int


@dataclass
class _Ctx:
    """A section loaded for checking: its row, movement, entries and results by board."""

    section: SectionRow
    movement: GridMovement
    entries: dict[int, Entry] | None
    results: dict[int, list[Result]]


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


def add_result(
    unit: UnitOfWork, ref: int | str, result: Result, who: str = "", override: str | None = None
) -> int:
    """Check ``result`` against the movement and store it; return its id."""
    with unit.transaction() as s:
        ev = event_row(s, ref)
        refuse_pairs_slip(s, ev)
        rid = insert_result(s, ev, result, who, override)
        assert rid is not None
        return rid


def _context(
    s: OrmSession,
    ev: EventRow,
    result: Result,
    cache: dict[tuple[int, str], _Ctx],
    board_only: bool = False,
    lock: bool = False,
) -> _Ctx:
    """The section of ``result`` with what checking needs, loaded once per transaction
    (only the results of ``result.board`` when ``board_only``)."""
    key = (result.session, result.section)
    ctx = cache.get(key)
    if ctx is None:
        sec = section_row(s, ev, *key, lock=lock)
        by_board: dict[int, list[Result]] = {}
        board = result.board if board_only else None
        for _, r in result_rows(s, sec, board):
            by_board.setdefault(r.board, []).append(r)
        ctx = _Ctx(sec, movement_of(sec), section_entries(s, sec) or None, by_board)
        cache[key] = ctx
    return ctx


def insert_result(
    s: OrmSession,
    ev: EventRow,
    result: Result,
    who: str,
    override: str | None,
    cache: dict[tuple[int, str], _Ctx] | None = None,
) -> int | None:
    """Check and insert one result in the caller's transaction (flushing, and
    returning its id, unless ``cache`` batches the work)."""
    if cache is None:
        ctx = _context(s, ev, result, {}, board_only=True, lock=True)
    else:
        ctx = _context(s, ev, result, cache, lock=True)
    existing = ctx.results.setdefault(result.board, [])
    check_result(result, ctx.movement, existing, ctx.entries, override)
    deleted = s.scalars(
        select(ResultRow.id).where(
            ResultRow.section_id == ctx.section.id,
            ResultRow.withdrawn.is_(True),
            ResultRow.board == result.board,
            or_(
                and_(ResultRow.ns == result.ns, ResultRow.ew == result.ew),
                and_(ResultRow.round == result.round, ResultRow.table_no == result.table),
            ),
        )
    ).first()
    if deleted is not None:
        raise EntryError(
            f"result {deleted} on board {result.board} at this table was deleted; "
            "undo its deletion instead (`bridgedesk result history` shows the correction)",
            Location(round=result.round, table=result.table, board=result.board),
        )
    row = ResultRow(section_id=ctx.section.id, entered_by=who, entered_at=utcnow())
    fill_result_row(row, result, override)
    s.add(row)
    existing.append(result)
    if cache is not None:
        return None
    _flush_results(s, result)
    return row.id


def _flush_results(s: OrmSession, result: Result) -> None:
    try:
        s.flush()
    except IntegrityError:
        raise EntryError(
            f"board {result.board} already has a result for NS {result.ns} v EW "
            f"{result.ew}; correct it instead of entering it again",
            Location(round=result.round, table=result.table, board=result.board),
        ) from None


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
            f"event {ev.name!r} has no result {result_id}; "
            "`bridgedesk result history` shows the ids"
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
    raise EntryError(f"no result stored for board {board} NS {ns} v EW {ew}")


# -- bulk import -------------------------------------------------------------------


def import_results(
    unit: UnitOfWork,
    ref: int | str,
    rows: Sequence[tuple[int | None, Result]],
    who: str = "",
    batch: int = 100,
    progress: Callable[[int], None] | None = None,
) -> ImportReport:
    """Add many results; idempotent, so re-running after a crash adds no duplicates.

    ``rows`` are (source line, result).  Everything is checked first, against
    the store and against the other rows; nothing is written if any row is
    rejected.  Rows are then written in transactions of ``batch`` rows; a row
    whose identical result is already stored (same board and pairs, same
    contract) is skipped, so an interrupted import can simply be run again.
    ``progress`` is called with the number of rows done after each batch.
    """
    if batch < 1:
        raise EntryError(f"batch size must be at least 1, got {batch}")
    todo = _plan_import(unit, ref, rows)
    skipped = len(rows) - len(todo)
    added = 0
    for start in range(0, len(todo), batch):
        chunk = todo[start : start + batch]
        with unit.transaction() as s:
            ev = event_row(s, ref)
            cache: dict[tuple[int, str], _Ctx] = {}
            for line, result in chunk:
                try:
                    ctx = _context(s, ev, result, cache, lock=True)
                    if _same_stored(ctx, result):
                        skipped += 1
                        continue
                    insert_result(s, ev, result, who, None, cache)
                except BridgedeskError as exc:
                    raise exc.located(Location(line=line)) from None
                added += 1
            _flush_results(s, chunk[-1][1])
        if progress is not None:
            progress(skipped + added)
    return ImportReport(added=added, skipped=skipped)


def _same_stored(ctx: _Ctx, result: Result) -> bool:
    """True if ``result`` is stored already; EntryError if stored differently."""
    for stored in ctx.results.get(result.board, ()):
        if (stored.ns, stored.ew) == (result.ns, result.ew):
            if stored == result:
                return True
            raise EntryError(
                f"board {result.board} NS {result.ns} v EW {result.ew} is already stored "
                f"as {stored.result_text}, the file says {result.result_text}; "
                "use `bridgedesk result correct` to change it"
            )
    return False


def _plan_import(
    unit: UnitOfWork, ref: int | str, rows: Sequence[tuple[int | None, Result]]
) -> list[tuple[int | None, Result]]:
    todo: list[tuple[int | None, Result]] = []
    with unit.transaction(write=False) as s:
        ev = event_row(s, ref)
        refuse_pairs_slip(s, ev)
        cache: dict[tuple[int, str], _Ctx] = {}
        seen: dict[tuple[int, str, int, int, int], int | None] = {}
        for line, result in rows:
            try:
                if result.key in seen:
                    raise EntryError(
                        f"board {result.board} NS {result.ns} v EW {result.ew} is also "
                        f"on line {seen[result.key]}"
                    )
                seen[result.key] = line
                ctx = _context(s, ev, result, cache)
                if _same_stored(ctx, result):
                    continue
                known = ctx.results.setdefault(result.board, [])
                check_result(result, ctx.movement, known, ctx.entries)
            except BridgedeskError as exc:
                raise exc.located(Location(line=line)) from None
            known.append(result)
            todo.append((line, result))
    return todo
