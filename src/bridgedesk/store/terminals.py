"""Table terminals: what a logged-in table sees, enters and corrects.

The per-table codes and logins are in :mod:`bridgedesk.store.table_codes`,
where a table is (rounds, holds, the next round) in
:mod:`bridgedesk.store.table_rounds`; this module re-exports their names, so
``terminals`` remains the one module the web app imports.

A table's entry goes through the same checks as ``bridgedesk result add``
(:func:`bridgedesk.events.entry.check_result`, via the store), in one transaction
with the record of its ``Idempotency-Key``, so a retried request gets the first
answer again and never stores a second result.

A result row is written and read exactly as the rest of the store does
(:func:`bridgedesk.store.rows.fill_result_row`, :func:`~bridgedesk.store.rows.result_of`,
:func:`~bridgedesk.store.rows.entry_of`).  :func:`_insert` makes the checks of
``Store.add_result`` itself, reading only what they need, so that 200 tables
entering at once are served quickly (``bench/bench_web.py``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import and_, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session as OrmSession

from bridgedesk.errors import BridgedeskError, EntryError, StoreError
from bridgedesk.events.entry import check_result, make_result
from bridgedesk.events.model import Entry, EntryKind, Player, Result
from bridgedesk.events.pair_numbers import PairNumbers
from bridgedesk.events.seating import GridMovement, TableAssignment, format_boards
from bridgedesk.store.corrections import correct_result as correct_stored_result
from bridgedesk.store.models import (
    EntryPlayerRow,
    EntryRow,
    IdempotencyRow,
    MovementRow,
    ResultRow,
    SectionRow,
)
from bridgedesk.store.rows import StoredResult
from bridgedesk.store.rows import entry_of as _entry
from bridgedesk.store.rows import fill_result_row as _fill_row
from bridgedesk.store.rows import result_of as _row_result
from bridgedesk.store.rows import stored_result as _stored
from bridgedesk.store.table_codes import (
    CODE_ALPHABET,
    CODE_LENGTH,
    NotLoggedInError,
    TableCode,
    Terminal,
    authenticate,
    login,
    new_code,
    table_codes,
)
from bridgedesk.store.table_codes import digest as _digest
from bridgedesk.store.table_rounds import (
    CLOSED,
    HELD,
    NextRound,
    Place,
    current_round,
    grid,
    next_round,
    round_states,
    set_round,
)
from bridgedesk.store.table_rounds import controls as _controls
from bridgedesk.store.table_rounds import once as _once
from bridgedesk.store.table_rounds import phantoms as _phantoms
from bridgedesk.store.table_rounds import plays as _plays
from bridgedesk.store.unit import UnitOfWork, utcnow
from bridgedesk.store.versions import event_version, section_versions


class ForbiddenError(BridgedeskError):
    """A logged-in table asks for what it may not have (HTTP 403)."""


class ConflictError(EntryError):
    """The board already has a result for these pairs or at this table (HTTP 409)."""


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


# -- reading and writing result rows ---------------------------------------------------


@contextmanager
def _transaction(store: UnitOfWork, write: bool = True) -> Iterator[OrmSession]:
    with store.transaction(write) as s:
        yield s


def _insert(s: OrmSession, terminal: Terminal, result: Result, who: str) -> int:
    """Check ``result`` as ``Store.add_result`` does, then insert it; return its id.

    The same checks (:func:`~bridgedesk.events.entry.check_result` against the
    movement, the entries and the board's results; :func:`_duplicate` has already
    refused a second or a deleted result), read lean: the movement parsed once per
    process, the entries as numbers and phantoms only.  The row is filled by
    :func:`bridgedesk.store.rows.fill_result_row`.
    """
    movement = _movement_of(s, terminal)
    check_result(result, movement, _board_results(s, terminal, result.board), _entries(s, terminal))
    row = ResultRow(section_id=terminal.section_id, entered_by=who, entered_at=utcnow())
    _fill_row(row, result, None)
    s.add(row)
    try:
        s.flush()
    except IntegrityError:
        raise ConflictError(
            f"board {result.board} already has a result for NS {result.ns} v EW {result.ew}; "
            "correct it instead of entering it again"
        ) from None
    return row.id


def _entries(s: OrmSession, terminal: Terminal) -> dict[int, Entry] | None:
    """The section's entries as far as checking a result needs them (number, kind,
    phantom); None when none are entered (the movement alone is checked)."""
    return _once(s, ("entries", terminal.section_id), lambda: _read_entries(s, terminal))


def _read_entries(s: OrmSession, terminal: Terminal) -> dict[int, Entry] | None:
    out: dict[int, Entry] = {}
    for number, kind, phantom in s.execute(
        select(EntryRow.number, EntryRow.kind, EntryRow.phantom).where(
            EntryRow.section_id == terminal.section_id
        )
    ):
        if phantom:
            out[number] = Entry(number, phantom=True)
        else:
            k = EntryKind(kind)
            out[number] = Entry(number, tuple(Player("-") for _ in range(k.players[0])), k)
    return out or None


def _board_results(s: OrmSession, terminal: Terminal, board: int) -> list[Result]:
    return [
        _row_result(r, terminal.section, terminal.session)
        for r in s.scalars(
            select(ResultRow).where(
                ResultRow.section_id == terminal.section_id,
                ResultRow.board == board,
                ResultRow.withdrawn.is_(False),
            )
        )
    ]


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


def _movement_of(s: OrmSession, terminal: Terminal) -> GridMovement:
    data = _once(
        s,
        ("movement", terminal.section_id),
        lambda: s.scalar(
            select(MovementRow.data)
            .join(SectionRow, SectionRow.movement_id == MovementRow.id)
            .where(SectionRow.id == terminal.section_id)
        ),
    )
    if data is None:
        raise EntryError(f"section {terminal.section} has no movement yet")
    return grid(data)


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
    with _transaction(store, write=False) as s:
        return _state(s, terminal)


def has_played(store: UnitOfWork, terminal: Terminal, board: int) -> bool:
    """True once this table has entered a result on ``board``."""
    with _transaction(store, write=False) as s:
        found = s.scalars(
            select(ResultRow.id).where(
                ResultRow.section_id == terminal.section_id,
                ResultRow.table_no == terminal.table,
                ResultRow.board == board,
                ResultRow.withdrawn.is_(False),
            )
        ).first()
        return found is not None


# -- entering and correcting -------------------------------------------------------------


def _text(body: Mapping[str, Any], name: str, required: bool = False) -> str | None:
    value = body.get(name)
    if value is None or value == "":
        if required:
            raise EntryError(f"{name!r} is missing")
        return None
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise EntryError(f"{name!r} must be text, got {value!r}")
    return str(value).strip()


def _number(body: Mapping[str, Any], name: str) -> int:
    value = body.get(name)
    if isinstance(value, bool):
        raise EntryError(f"{name!r} must be a whole number, got {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    if value is None:
        raise EntryError(f"{name!r} is missing")
    raise EntryError(f"{name!r} must be a whole number, got {value!r}")


def slip(terminal: Terminal, body: Mapping[str, Any]) -> Result:
    """The result a table's request describes, parsed as ``result add`` parses a slip."""
    if body.get("table") not in (None, "") and _number(body, "table") != terminal.table:
        raise EntryError(f"this terminal is table {terminal.table}, not table {body['table']}")
    if body.get("event") not in (None, "") and str(body["event"]) != str(terminal.event_id):
        raise ForbiddenError(f"this terminal belongs to event {terminal.event_id}")
    return make_result(
        round=_number(body, "round"),
        table=terminal.table,
        board=_number(body, "board"),
        ns=_number(body, "ns"),
        ew=_number(body, "ew"),
        contract=_text(body, "contract", required=True),
        declarer=_text(body, "declarer"),
        result=_text(body, "result"),
        lead=_text(body, "lead"),
        section=terminal.section,
        session=terminal.session,
    )


def _check_round(state: TableState, rnd: int) -> None:
    t = state.terminal
    if rnd in state.closed:
        raise ForbiddenError(f"round {rnd} is closed: only the director can change its results")
    if rnd == state.round and state.status == "playing":
        return
    if state.status == "finished":
        raise EntryError(f"{t.label} has finished (its last round was {state.round})")
    why = " (all its boards are in; the director holds the round)" if state.status == HELD else ""
    raise EntryError(f"{t.label} is at round {state.round}{why}, not round {rnd}")


def _duplicate(s: OrmSession, terminal: Terminal, result: Result) -> None:
    """ConflictError if the board has a result for these pairs or at this table,
    stored or deleted (a deleted one is put back by undoing its deletion)."""
    found = s.scalars(
        select(ResultRow)
        .where(
            ResultRow.section_id == terminal.section_id,
            ResultRow.board == result.board,
            or_(
                and_(ResultRow.ns == result.ns, ResultRow.ew == result.ew),
                and_(ResultRow.round == result.round, ResultRow.table_no == result.table),
            ),
        )
        .order_by(ResultRow.withdrawn)
    ).first()
    if found is None:
        return
    if found.withdrawn:
        raise ConflictError(
            f"result {found.id} on board {result.board} at this table was deleted: "
            "ask the director to undo the deletion"
        )
    old = _stored(found, terminal.section, terminal.session).result
    raise ConflictError(
        f"board {result.board} already has a result for NS {old.ns} v EW {old.ew} "
        f"({old.result_text}, id {found.id}); correct it instead of entering it again"
    )


def canonical(body: Mapping[str, Any]) -> str:
    return _digest(json.dumps(body, sort_keys=True, ensure_ascii=False, default=str))


#: One table's request to store a result: the terminal, the request body, its key.
Entry_ = tuple[Terminal, Mapping[str, Any], str | None]


def enter_result(
    store: UnitOfWork, terminal: Terminal, body: Mapping[str, Any], key: str | None = None
) -> dict[str, Any]:
    """Store a table's result; with ``key`` a retry gets the first answer back.

    Raises EntryError (bad input, wrong round or board), ConflictError (a result is
    in already) or ForbiddenError (a closed round); nothing is stored then.
    """
    [outcome] = enter_results(store, [(terminal, body, key)])
    if isinstance(outcome, BridgedeskError):
        raise outcome
    return outcome


def enter_results(
    store: UnitOfWork, requests: Sequence[Entry_]
) -> list[dict[str, Any] | BridgedeskError]:
    """Several tables' results in one transaction (one commit, one disk sync), each
    in its own savepoint: a refused one changes nothing and the others still go in.

    The answers (or errors) come back in the order of ``requests``; each is what
    :func:`enter_result` would have given alone, in that order.
    """
    out: list[dict[str, Any] | BridgedeskError] = []
    with _transaction(store) as s:
        sections = sorted({t.section_id for t, _, _ in requests})
        s.execute(
            select(SectionRow.id)
            .where(SectionRow.id.in_(sections))
            .order_by(SectionRow.id)
            .with_for_update()
        )
        for terminal, body, key in requests:
            try:
                with s.begin_nested():
                    out.append(_enter(s, terminal, body, key))
            except BridgedeskError as exc:
                out.append(exc)
    return out


def _enter(
    s: OrmSession, terminal: Terminal, body: Mapping[str, Any], key: str | None
) -> dict[str, Any]:
    if key is not None and not 1 <= len(key) <= 100:
        raise EntryError("the Idempotency-Key must be 1-100 characters")
    digest = canonical(body)
    if key is not None:
        seen = s.scalars(
            select(IdempotencyRow).where(
                IdempotencyRow.section_id == terminal.section_id,
                IdempotencyRow.table_no == terminal.table,
                IdempotencyRow.key == key,
            )
        ).one_or_none()
        if seen is not None:
            if seen.request != digest:
                raise EntryError(
                    f"Idempotency-Key {key!r} was used for another request: "
                    "send a new key for a new result"
                )
            answer: dict[str, Any] = json.loads(seen.response)
            return answer
    result = slip(terminal, body)
    _check_round(_state(s, terminal, names=False), result.round)
    _duplicate(s, terminal, result)
    rid = _insert(s, terminal, result, terminal.label)
    answer = {
        "id": rid,
        "board": result.board,
        "result": result.result_text,
        "score_ns": result.ns_score,
    }
    if key is not None:
        s.add(
            IdempotencyRow(
                section_id=terminal.section_id,
                table_no=terminal.table,
                key=key,
                request=digest,
                status=201,
                response=json.dumps(answer),
                created_at=utcnow(),
            )
        )
        try:
            s.flush()
        except IntegrityError:  # pragma: no cover - the section lock orders writers
            raise StoreError("the same Idempotency-Key arrived twice at once: retry") from None
    return answer


def correct_result(
    store: UnitOfWork, terminal: Terminal, result_id: int, body: Mapping[str, Any]
) -> int:
    """A table corrects its own result of a round still open; returns the correction id."""
    with _transaction(store, write=False) as s:
        row = s.get(ResultRow, result_id)
        if row is None or row.section_id != terminal.section_id or row.table_no != terminal.table:
            raise ForbiddenError(f"result {result_id} was not entered at {terminal.label}")
        if row.withdrawn:
            raise EntryError(f"result {result_id} is deleted: ask the director")
        if _controls(s, terminal.section_id).get(row.round) == CLOSED:
            raise ForbiddenError(
                f"round {row.round} is closed: only the director can change its results"
            )
        fixed = {"round": row.round, "board": row.board, "ns": row.ns, "ew": row.ew}
    for name, value in fixed.items():
        if name in body and body[name] not in (None, "") and _number(body, name) != value:
            raise EntryError(
                f"a table corrects only the contract, declarer, result and lead "
                f"(result {result_id} is {name} {value})"
            )
    new = slip(terminal, {**body, **fixed})
    return correct_stored_result(
        store,
        terminal.event_id,
        result_id,
        new,
        who=terminal.label,
        reason="corrected at the table before the round closed",
    )


def stored_result(store: UnitOfWork, terminal: Terminal, result_id: int) -> Result:
    """One of this table's results (ForbiddenError for another table's)."""
    with _transaction(store, write=False) as s:
        row = s.get(ResultRow, result_id)
        if row is None or row.section_id != terminal.section_id or row.table_no != terminal.table:
            raise ForbiddenError(f"result {result_id} was not entered at {terminal.label}")
        return _row_result(row, terminal.section, terminal.session)


def precheck(store: UnitOfWork, terminal: Terminal, body: Mapping[str, Any]) -> Result:
    """Every check :func:`enter_result` makes, storing nothing (the confirmation step)."""
    result = slip(terminal, body)
    with _transaction(store, write=False) as s:
        _check_round(_state(s, terminal, names=False), result.round)
        _duplicate(s, terminal, result)
        check_result(
            result,
            _movement_of(s, terminal),
            _board_results(s, terminal, result.board),
            _entries(s, terminal),
        )
    return result


def describe_boards(boards: tuple[int, ...]) -> str:
    return format_boards(boards) if boards else "no boards"


__all__ = [
    "CLOSED",
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "HELD",
    "ConflictError",
    "ForbiddenError",
    "NextRound",
    "NotLoggedInError",
    "Place",
    "TableCode",
    "TableState",
    "Terminal",
    "authenticate",
    "correct_result",
    "current_round",
    "enter_result",
    "enter_results",
    "event_version",
    "grid",
    "has_played",
    "login",
    "new_code",
    "next_round",
    "precheck",
    "round_states",
    "section_versions",
    "set_round",
    "slip",
    "stored_result",
    "table_codes",
    "table_state",
]
