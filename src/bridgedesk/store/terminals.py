"""Table terminals in the store: what a logged-in table sees, and what its slips read.

The per-table codes and logins are in :mod:`bridgedesk.store.table_codes`,
the director's holds and closes in :mod:`bridgedesk.store.table_rounds`; the
rules of where a table is are :mod:`bridgedesk.events.table_rounds`.  This
module re-exports their names, so ``terminals`` remains the one store module
the web app imports.

A table's slips are entered, checked and corrected by
:mod:`bridgedesk.services.slips`, which reads here what a table's checks need
(:func:`table_round`, :func:`table_result`) and keeps each request's
``Idempotency-Key`` with its answer (:func:`answered`, :func:`remember`), in
the same transaction as the slip, so a retried request gets the first answer
again and never stores a second result.  The reads are lean (the movement
parsed once per process, the section's rows once per transaction), so that
200 tables entering at once are served quickly (``bench/bench_web.py``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import bindparam, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session as OrmSession

from bridgedesk.errors import EntryError, ForbiddenError, StoreError
from bridgedesk.events.model import Entry, Result
from bridgedesk.events.pair_numbers import PairNumbers
from bridgedesk.events.seating import GridMovement, TableAssignment, format_boards
from bridgedesk.events.table_rounds import (
    CLOSED,
    HELD,
    NextRound,
    Place,
    TableRound,
    current_round,
    next_round,
)
from bridgedesk.events.table_rounds import plays as _plays
from bridgedesk.store.models import (
    EntryPlayerRow,
    EntryRow,
    IdempotencyRow,
    ResultRow,
)
from bridgedesk.store.prepared import Prepared
from bridgedesk.store.results_repo import section_movement, section_phantoms
from bridgedesk.store.rows import StoredResult
from bridgedesk.store.rows import entry_of as _entry
from bridgedesk.store.rows import result_of as _row_result
from bridgedesk.store.rows import stored_result as _stored
from bridgedesk.store.table_codes import (
    CODE_ALPHABET,
    CODE_LENGTH,
    NotLoggedInError,
    TableCode,
    Terminal,
    authenticate,
    check_login,
    login,
    new_code,
    table_codes,
)
from bridgedesk.store.table_rounds import controls as _controls
from bridgedesk.store.table_rounds import (
    grid,
    round_states,
    set_round,
)
from bridgedesk.store.table_rounds import phantoms as _phantoms
from bridgedesk.store.unit import Tx, UnitOfWork, statements, utcnow
from bridgedesk.store.versions import event_version, section_versions


@dataclass(frozen=True)
class TableState:
    terminal: Terminal
    round: int
    status: str  # playing, held, finished
    ns: int | None
    ew: int | None
    names: Mapping[int, str]
    boards: tuple[int, ...]
    entered: tuple[StoredResult, ...]
    next: NextRound | None
    closed: frozenset[int]
    #: Every board this table has entered, any round.
    played: tuple[int, ...] = ()
    #: The round played before this one at this table, and where its pairs and
    #: boards went (for the moving instructions).
    previous: tuple[int, TableAssignment, NextRound] | None = None
    phantoms: frozenset[int] = frozenset()
    #: The numbers on the cards (a Mitchell's EW pairs numbered from 1, 004:968-980).
    numbers: PairNumbers = field(default_factory=PairNumbers)

    @property
    def missing(self) -> tuple[int, ...]:
        done = {r.result.board for r in self.entered}
        return tuple(b for b in self.boards if b not in done)


def _names(s: OrmSession, section_id: int, pairs: tuple[int, ...]) -> dict[int, str]:
    from sqlalchemy.orm import selectinload

    rows = s.scalars(
        select(EntryRow)
        .where(EntryRow.section_id == section_id, EntryRow.number.in_(pairs))
        .options(selectinload(EntryRow.players).joinedload(EntryPlayerRow.player))
    ).all()
    out: dict[int, str] = {}
    for r in rows:
        entry: Entry = _entry(r)
        out[r.number] = entry.names
    return out


def _table_results(s: OrmSession, terminal: Terminal) -> list[ResultRow]:
    return list(
        s.scalars(
            select(ResultRow)
            .where(
                ResultRow.section_id == terminal.section_id,
                ResultRow.table_no == terminal.table,
                ResultRow.withdrawn.is_(False),
            )
            .order_by(ResultRow.round, ResultRow.board)
        )
    )


def _movement_of(s: Tx, terminal: Terminal) -> GridMovement:
    found = section_movement(s, terminal.section_id)
    if found is None:
        raise EntryError(
            "section {section} has no movement yet: set it before entering results",
            code="result.no-movement-yet",
            section=terminal.section,
        )
    return grid(found[1])


def _state(s: OrmSession, terminal: Terminal, names: bool = True) -> TableState:
    movement = _movement_of(s, terminal)
    rows = _table_results(s, terminal)
    entered: dict[int, set[int]] = {}
    for r in rows:
        entered.setdefault(r.round, set()).add(r.board)
    controls = _controls(s, terminal.section_id)
    phantoms = _phantoms(s, terminal.section_id)
    rnd, status = current_round(movement, terminal.table, entered, controls, phantoms)
    a = movement.assignment(rnd, terminal.table)
    ns = ew = None
    boards: tuple[int, ...] = ()
    if a is not None:
        ns, ew, boards = a.ns, a.ew, a.boards
    seated = tuple(p for p in (ns, ew) if p is not None)
    shown = _names(s, terminal.section_id, seated) if names else {}
    previous = None
    for before in range(rnd - 1, 0, -1):
        here = movement.assignment(before, terminal.table)
        if here is not None and _plays(movement, phantoms, before, terminal.table):
            nxt = next_round(movement, phantoms, before, terminal.table)
            if nxt is not None:
                previous = (before, here, nxt)
            break
    return TableState(
        terminal=terminal,
        round=rnd,
        status=status,
        ns=ns,
        ew=ew,
        names=shown,
        boards=boards,
        entered=tuple(
            _stored(r, terminal.section, terminal.session) for r in rows if r.round == rnd
        ),
        next=next_round(movement, phantoms, rnd, terminal.table),
        closed=frozenset(r for r, st in controls.items() if st == CLOSED),
        played=tuple(sorted({r.board for r in rows})),
        previous=previous,
        phantoms=frozenset(phantoms),
        numbers=PairNumbers.of(movement),
    )


def table_state(store: UnitOfWork, terminal: Terminal) -> TableState:
    with store.transaction(write=False) as s:
        return _state(s, terminal)


# -- what a table's slips read and keep --------------------------------------------------


#: The statements every table's slip runs, built once (SQLAlchemy then compiles each
#: once): the rounds and boards the table has entered; an ``Idempotency-Key``'s
#: answer; a new one kept.
_PLAYED = select(ResultRow.round, ResultRow.board).where(
    ResultRow.section_id == bindparam("section_id"),
    ResultRow.table_no == bindparam("table"),
    ResultRow.withdrawn.is_(False),
)
_ANSWERED = select(IdempotencyRow.request, IdempotencyRow.response).where(
    IdempotencyRow.section_id == bindparam("section_id"),
    IdempotencyRow.table_no == bindparam("table"),
    IdempotencyRow.key == bindparam("key"),
)
_REMEMBER = Prepared(insert(IdempotencyRow))  # on the driver's cursor (store/prepared.py)


def table_round(
    s: Tx, terminal: Terminal, played: Mapping[int, AbstractSet[int]] | None = None
) -> TableRound:
    """Where the table is, as its slips are checked: its round, status and the closed
    rounds (the reads of :func:`table_state` without the names and the moves).
    ``played``: the boards the table has entered by round, when read already
    (:func:`bridgedesk.store.table_reads.table_reads`)."""
    movement = _movement_of(s, terminal)
    entered: dict[int, set[int]] = {}
    if played is not None:
        entered = {rnd: set(boards) for rnd, boards in played.items()}
    else:
        at = {"section_id": terminal.section_id, "table": terminal.table}
        for rnd, board in statements(s).execute(_PLAYED, at):
            entered.setdefault(rnd, set()).add(board)
    controls = _controls(s, terminal.section_id)
    phantoms = set(section_phantoms(s, terminal.section_id))
    rnd, status = current_round(movement, terminal.table, entered, controls, phantoms)
    return TableRound(terminal.named, rnd, status, closed_rounds(s, terminal))


def round_controls(s: Tx, section_id: int) -> dict[int, str]:
    """The rounds the director holds or has closed in a section, by round."""
    return dict(_controls(s, section_id))


def closed_rounds(s: Tx, terminal: Terminal) -> frozenset[int]:
    """The rounds the director has closed in the table's section."""
    return frozenset(r for r, st in _controls(s, terminal.section_id).items() if st == CLOSED)


def table_result(s: OrmSession, terminal: Terminal, result_id: int) -> tuple[ResultRow, Result]:
    """One of this table's results, as its row and value (ForbiddenError for another
    table's)."""
    row = s.get(ResultRow, result_id)
    if row is None or row.section_id != terminal.section_id or row.table_no != terminal.table:
        raise ForbiddenError(
            "result {result_id} was not entered at {table}",
            code="result.not-this-tables",
            result_id=result_id,
            table=terminal.named,
        )
    return row, _row_result(row, terminal.section, terminal.session)


def stored_result(store: UnitOfWork, terminal: Terminal, result_id: int) -> Result:
    """One of this table's results (ForbiddenError for another table's)."""
    with store.transaction(write=False) as s:
        return table_result(s, terminal, result_id)[1]


def answered(s: OrmSession, terminal: Terminal, key: str) -> tuple[str, dict[str, Any]] | None:
    """The request a table sent with ``key`` before (its digest) and the answer it got."""
    at = {"section_id": terminal.section_id, "table": terminal.table, "key": key}
    seen = statements(s).execute(_ANSWERED, at).one_or_none()
    if seen is None:
        return None
    answer: dict[str, Any] = json.loads(seen.response)
    return seen.request, answer


def remember(s: Tx, terminal: Terminal, key: str, request: str, answer: Mapping[str, Any]) -> None:
    """Keep the answer to a table's request under its ``key`` (``request``: its digest)."""
    try:
        _REMEMBER.execute(
            s,
            {
                "section_id": terminal.section_id,
                "table_no": terminal.table,
                "key": key,
                "request": request,
                "status": 201,
                "response": json.dumps(dict(answer)),
                "created_at": utcnow(),
            },
        )
    except IntegrityError:  # pragma: no cover - the section lock orders writers
        raise StoreError(
            "the same Idempotency-Key arrived twice at once: retry", code="table.idempotency-race"
        ) from None


def describe_boards(boards: tuple[int, ...]) -> str:
    return format_boards(boards) if boards else "no boards"


__all__ = [
    "CLOSED",
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "HELD",
    "NextRound",
    "NotLoggedInError",
    "Place",
    "TableCode",
    "TableRound",
    "TableState",
    "Terminal",
    "answered",
    "authenticate",
    "check_login",
    "closed_rounds",
    "current_round",
    "event_version",
    "grid",
    "login",
    "new_code",
    "next_round",
    "remember",
    "round_controls",
    "round_states",
    "section_versions",
    "set_round",
    "stored_result",
    "table_codes",
    "table_result",
    "table_round",
    "table_state",
]
