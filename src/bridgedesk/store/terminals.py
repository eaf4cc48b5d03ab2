"""Table terminals: the per-table codes, the terminals' logins, where a table is.

A table logs in with its section's per-table code (random, from :mod:`secrets`,
revocable: revoking issues new codes and every token of the old ones stops
working).  A login gets a bearer token; only its SHA-256 is stored.

A table is at the first round of the movement whose boards it has not all
entered; so it moves on as soon as its last board of a round is in.  The
director can *hold* a round (tables that have finished it wait there) or
*close* it (no table enters or corrects in it any more; only the director
corrects, with ``bridgedesk result correct``).  A table never plays a round
where the movement seats the phantom (its opponents sit out, 004:864-868) or
where it is idle.

A table's entry goes through the same checks as ``bridgedesk result add``
(:func:`bridgedesk.events.entry.check_result`, via the store), in one transaction
with the record of its ``Idempotency-Key``, so a retried request gets the first
answer again and never stores a second result.

This module reaches into the store's private parts in three places only: its
transaction (``Store._tx``, in :func:`_transaction`), and the service's row
helpers ``_fill_row`` / ``_row_result`` / ``_entry`` (a result row written and
read exactly as the service does).  :func:`_insert` makes the checks of
``Store.add_result`` itself, reading only what they need, so that 200 tables
entering at once are served quickly (``bench/bench_web.py``).
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeVar

from sqlalchemy import and_, func, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session as OrmSession

from bridgedesk.errors import BridgedeskError, EntryError, StoreError
from bridgedesk.events.entry import check_result, make_result
from bridgedesk.events.model import Entry, EntryKind, Player, Result
from bridgedesk.events.seating import GridMovement, TableAssignment, format_boards
from bridgedesk.store.models import (
    CorrectionRow,
    DirectorAuditRow,
    EntryPlayerRow,
    EntryRow,
    EventRow,
    IdempotencyRow,
    MovementRow,
    ResultRow,
    RoundControlRow,
    SectionRow,
    SessionRow,
    TableCodeRow,
    TableTokenRow,
)
from bridgedesk.store.service import Store, StoredResult, _entry, _fill_row, _row_result, utcnow

#: Letters and digits that cannot be misread for one another (no 0/O, 1/I/L).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
T = TypeVar("T")
HELD = "held"
CLOSED = "closed"


class NotLoggedInError(BridgedeskError):
    """No token, an unknown or revoked token, or a wrong code (HTTP 401)."""


class ForbiddenError(BridgedeskError):
    """A logged-in table asks for what it may not have (HTTP 403)."""


class ConflictError(EntryError):
    """The board already has a result for these pairs or at this table (HTTP 409)."""


@dataclass(frozen=True)
class TableCode:
    session: int
    section: str
    table: int
    code: str


@dataclass(frozen=True)
class Terminal:
    """A logged-in table: which event, session, section and table it is."""

    event_id: int
    event_name: str
    session: int
    section: str
    section_id: int
    table: int
    csrf: str

    @property
    def label(self) -> str:
        return f"table {self.section}{self.table}"


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

    @property
    def missing(self) -> tuple[int, ...]:
        done = {r.result.board for r in self.entered}
        return tuple(b for b in self.boards if b not in done)


# -- the store's private parts, used here only ---------------------------------------


@contextmanager
def _transaction(store: Store, write: bool = True) -> Iterator[OrmSession]:
    with store._tx(write) as s:
        yield s


def _once(s: OrmSession, key: tuple[Any, ...], load: Callable[[], T]) -> T:
    """``load()``, read once per transaction: a batch of results (:func:`enter_results`)
    reads each section's movement, entries, phantoms and round controls once.  Only
    for what no function of this module changes inside the transaction."""
    memo: dict[tuple[Any, ...], Any] = s.info.setdefault("bridgedesk_once", {})
    if key not in memo:
        memo[key] = load()
    found: T = memo[key]
    return found


def _insert(s: OrmSession, terminal: Terminal, result: Result, who: str) -> int:
    """Check ``result`` as ``Store.add_result`` does, then insert it; return its id.

    The same checks (:func:`~bridgedesk.events.entry.check_result` against the
    movement, the entries and the board's results; :func:`_duplicate` has already
    refused a second or a deleted result), read lean: the movement parsed once per
    process, the entries as numbers and phantoms only.  The row is filled by the
    service's ``_fill_row``.
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


def _stored(row: ResultRow, section: str, session: int) -> StoredResult:
    return StoredResult(
        row.id,
        _row_result(row, section, session),
        row.entered_by,
        row.entered_at,
        row.override_reason,
        row.withdrawn,
    )


# -- codes -------------------------------------------------------------------------------


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


@lru_cache(maxsize=32)
def grid(data: str) -> GridMovement:
    """A stored movement's grid (movement rows never change, so it is parsed once)."""
    return GridMovement.from_json(data)


def _event(s: OrmSession, ref: int | str) -> EventRow:
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


def _sections(s: OrmSession, ev: EventRow, session: int) -> list[SectionRow]:
    rows = s.scalars(
        select(SectionRow)
        .join(SessionRow)
        .where(SessionRow.event_id == ev.id, SessionRow.number == session)
        .order_by(SectionRow.name)
    ).all()
    if not rows:
        raise EntryError(f"event {ev.name!r} has no session {session}")
    return list(rows)


def table_codes(
    store: Store,
    ref: int | str,
    session: int = 1,
    section: str | None = None,
    revoke: bool = False,
) -> list[TableCode]:
    """Every table's code in the session's sections that have a movement.

    Codes are made the first time they are asked for; ``revoke`` replaces them
    (and so logs every terminal of those tables out).
    """
    out: list[TableCode] = []
    with _transaction(store) as s:
        ev = _event(s, ref)
        rows = _sections(s, ev, session)
        if section is not None:
            rows = [r for r in rows if r.name == section]
            if not rows:
                raise EntryError(f"event {ev.name!r} has no section {section} in session {session}")
        seen = False
        for sec in rows:
            if sec.movement is None:
                continue
            seen = True
            tables = grid(sec.movement.data).tables
            have = {
                c.table_no: c
                for c in s.scalars(select(TableCodeRow).where(TableCodeRow.section_id == sec.id))
            }
            for table in range(1, tables + 1):
                row = have.get(table)
                if row is None:
                    row = TableCodeRow(
                        section_id=sec.id,
                        table_no=table,
                        code=new_code(),
                        generation=1,
                        created_at=utcnow(),
                    )
                    s.add(row)
                elif revoke:
                    row.code = new_code()
                    row.generation += 1
                    row.created_at = utcnow()
                out.append(TableCode(session, sec.name, table, row.code))
        if not seen:
            raise EntryError(
                f"no section of event {ev.name!r} session {session} has a movement yet: "
                "set one with `bridgedesk event movement` first"
            )
    return out


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def login(
    store: Store, event: int, section: str, table: int, code: str, session: int = 1
) -> tuple[str, Terminal]:
    """Check a table's code; return a new bearer token and the terminal it names."""
    refused = NotLoggedInError("wrong event, section, table or code")
    with _transaction(store) as s:
        found = s.execute(
            select(TableCodeRow, SectionRow.name)
            .join(SectionRow, TableCodeRow.section_id == SectionRow.id)
            .join(SessionRow, SectionRow.session_id == SessionRow.id)
            .where(
                SessionRow.event_id == event,
                SessionRow.number == session,
                SectionRow.name == section,
                TableCodeRow.table_no == table,
            )
        ).one_or_none()
        given = code.strip().upper().encode("utf-8")
        if found is None or not secrets.compare_digest(found[0].code.encode("utf-8"), given):
            raise refused
        row: TableCodeRow = found[0]
        token = secrets.token_urlsafe(32)
        s.add(
            TableTokenRow(
                token_hash=_digest(token),
                csrf=secrets.token_urlsafe(24),
                section_id=row.section_id,
                table_no=table,
                generation=row.generation,
                created_at=utcnow(),
            )
        )
    return token, authenticate(store, token)


def authenticate(store: Store, token: str | None) -> Terminal:
    """The terminal a bearer token belongs to; NotLoggedInError when it is unknown or revoked."""
    if not token:
        raise NotLoggedInError("log in with the table's code first")
    with _transaction(store, write=False) as s:
        found = s.execute(
            select(TableTokenRow, SectionRow.name, SessionRow.number, EventRow.id, EventRow.name)
            .join(
                TableCodeRow,
                and_(
                    TableCodeRow.section_id == TableTokenRow.section_id,
                    TableCodeRow.table_no == TableTokenRow.table_no,
                    TableCodeRow.generation == TableTokenRow.generation,
                ),
            )
            .join(SectionRow, TableTokenRow.section_id == SectionRow.id)
            .join(SessionRow, SectionRow.session_id == SessionRow.id)
            .join(EventRow, SessionRow.event_id == EventRow.id)
            .where(TableTokenRow.token_hash == _digest(token))
        ).one_or_none()
        if found is None:
            raise NotLoggedInError("this table's login is unknown or was revoked: log in again")
        tok, section, session, event_id, event_name = found
        return Terminal(
            event_id, event_name, session, section, tok.section_id, tok.table_no, tok.csrf
        )


# -- rounds ------------------------------------------------------------------------------


def set_round(
    store: Store,
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
    with _transaction(store) as s:
        ev = _event(s, ref)
        secs = [r for r in _sections(s, ev, session) if r.name == section]
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
    store: Store, ref: int | str, section: str = "A", session: int = 1
) -> dict[int, str]:
    with _transaction(store, write=False) as s:
        ev = _event(s, ref)
        secs = [r for r in _sections(s, ev, session) if r.name == section]
        if not secs:
            return {}
        return _controls(s, secs[0].id)


def _controls(s: OrmSession, section_id: int) -> dict[int, str]:
    return _once(
        s,
        ("controls", section_id),
        lambda: {
            r.round: r.state
            for r in s.scalars(
                select(RoundControlRow).where(RoundControlRow.section_id == section_id)
            )
        },
    )


def _phantoms(s: OrmSession, section_id: int) -> set[int]:
    return _once(
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


def _plays(movement: GridMovement, phantoms: set[int], rnd: int, table: int) -> bool:
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
        if not _plays(movement, phantoms, rnd, table) or controls.get(rnd) == CLOSED:
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
        if a is None or not _plays(movement, phantoms, rnd, table):
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
        () if there is None or not _plays(movement, phantoms, following, table) else there.boards
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
    )


def table_state(store: Store, terminal: Terminal) -> TableState:
    with _transaction(store, write=False) as s:
        return _state(s, terminal)


def has_played(store: Store, terminal: Terminal, board: int) -> bool:
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
    store: Store, terminal: Terminal, body: Mapping[str, Any], key: str | None = None
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
    store: Store, requests: Sequence[Entry_]
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
    store: Store, terminal: Terminal, result_id: int, body: Mapping[str, Any]
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
    return store.correct_result(
        terminal.event_id,
        result_id,
        new,
        who=terminal.label,
        reason="corrected at the table before the round closed",
    )


def stored_result(store: Store, terminal: Terminal, result_id: int) -> Result:
    """One of this table's results (ForbiddenError for another table's)."""
    with _transaction(store, write=False) as s:
        row = s.get(ResultRow, result_id)
        if row is None or row.section_id != terminal.section_id or row.table_no != terminal.table:
            raise ForbiddenError(f"result {result_id} was not entered at {terminal.label}")
        return _row_result(row, terminal.section, terminal.session)


def precheck(store: Store, terminal: Terminal, body: Mapping[str, Any]) -> Result:
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


# -- what changed -----------------------------------------------------------------------


def event_version(store: Store, event_id: int) -> tuple[int, int, int]:
    """A value that changes whenever a result of the event is added, corrected or deleted."""
    with _transaction(store, write=False) as s:
        count, last = s.execute(
            select(func.count(ResultRow.id), func.max(ResultRow.id))
            .join(SectionRow, ResultRow.section_id == SectionRow.id)
            .join(SessionRow, SectionRow.session_id == SessionRow.id)
            .where(SessionRow.event_id == event_id)
        ).one()
        corrected = s.scalar(
            select(func.max(CorrectionRow.id)).where(CorrectionRow.event_id == event_id)
        )
        return int(count or 0), int(last or 0), int(corrected or 0)


def section_versions(store: Store, event_id: int) -> dict[tuple[int, str], tuple[int, ...]]:
    """Per ``(session, section)`` of the event, a value that changes whenever one of
    its results is added, or anything of the event is corrected, deleted or ruled on
    by the director (those are rare: every section counts as changed)."""
    with _transaction(store, write=False) as s:
        rows = s.execute(
            select(
                SessionRow.number, SectionRow.name, func.count(ResultRow.id), func.max(ResultRow.id)
            )
            .select_from(SectionRow)
            .join(SessionRow, SectionRow.session_id == SessionRow.id)
            .outerjoin(ResultRow, ResultRow.section_id == SectionRow.id)
            .where(SessionRow.event_id == event_id)
            .group_by(SessionRow.number, SectionRow.name)
        ).all()
        corrected = s.scalar(
            select(func.max(CorrectionRow.id)).where(CorrectionRow.event_id == event_id)
        )
        ruled = s.scalar(
            select(func.max(DirectorAuditRow.id)).where(DirectorAuditRow.event_id == event_id)
        )
        rest = (int(corrected or 0), int(ruled or 0))
        return {(n, name): (int(count), int(last or 0), *rest) for n, name, count, last in rows}


def describe_boards(boards: tuple[int, ...]) -> str:
    return format_boards(boards) if boards else "no boards"


__all__ = [
    "CLOSED",
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
    "has_played",
    "login",
    "next_round",
    "round_states",
    "section_versions",
    "set_round",
    "table_codes",
    "table_state",
]
