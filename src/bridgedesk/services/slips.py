"""Entering and changing result slips: one door for every surface.

Every slip reaches the store here, whoever sends it: ``bridgedesk result add``,
``result import``, ``result team`` and ``team-import``, the console's forms
and uploads (pairs, individuals, team rooms), and the table terminals (the JSON
API, the phone's pages, the web app's writer batching many tables' requests).
Each verb reads what the checks need through the store in one transaction,
checks with the rules of :mod:`bridgedesk.events.slips` (and, for a change,
:mod:`bridgedesk.events.correction`), then writes, or raises the refusal's one
line having changed nothing; so the same slip gets the same answer through
every door.

A slip is given as a pairs :class:`~bridgedesk.events.model.Result`, an
individual's :class:`~bridgedesk.events.slips.SeatedResult` (its four players,
004:1576-1614) or a team room's :class:`~bridgedesk.events.team_draw.TeamSlip`
(placed on the grid by the draw, :mod:`bridgedesk.events.team_rooms`); a
table's slip is a :class:`TableSlip` (the terminal, the result, its
``Idempotency-Key``).  The verbs:

* :func:`enter` one slip; :func:`import_slips` many (all checked first, then
  written in batches; an import run again skips what is stored);
* :func:`enter_at_tables` the tables' slips waiting at one moment, one
  transaction with a savepoint each (a refusal answers its own request only);
  :func:`enter_at_table` one of them, :func:`check_at_table` its checks
  without storing (the confirmation step);
* :func:`correct`, :func:`correct_room`, :func:`correct_at_table` (with
  :func:`check_correction_at_table`), :func:`delete` and :func:`undo`: audited
  changes of a stored result (003:123-159).

Verbs join a transaction already open on the unit of work, so a ruling that
deletes and enters results (:mod:`bridgedesk.services.rulings`) is one
business transaction.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.orm import Session as OrmSession

from bridgedesk.errors import BridgedeskError, EntryError, Location
from bridgedesk.events.correction import ResultState, check_change, check_role, check_undo
from bridgedesk.events.entry import make_result
from bridgedesk.events.model import Result
from bridgedesk.events.slips import (
    OnBoard,
    PlannedSection,
    SeatedResult,
    check_kind,
    check_players,
    check_repeated,
    check_slip,
    stored_already,
)
from bridgedesk.events.table_rounds import check_table_change, check_table_round
from bridgedesk.events.team_draw import ROOM_WORDS, Room, TeamSlip
from bridgedesk.events.team_rooms import check_room_free, match_at, place_room
from bridgedesk.store import corrections, disputes, terminals
from bridgedesk.store.individual_events import is_individual
from bridgedesk.store.lookups import event_row, section_row
from bridgedesk.store.models import EventRow, ResultRow, SectionRow
from bridgedesk.store.results_repo import (
    board_slips,
    insert_result,
    lock_sections,
    planned_section,
    section_boards,
)
from bridgedesk.store.table_codes import check_generation
from bridgedesk.store.table_reads import table_reads
from bridgedesk.store.team_events import event_draw as team_draw
from bridgedesk.store.team_events import team_row
from bridgedesk.store.terminals import Terminal
from bridgedesk.store.unit import Tx, UnitOfWork, as_utc, too_large, utcnow

__all__ = [
    "GivenSlip",
    "ImportReport",
    "TableCorrection",
    "TableSlip",
    "check_at_table",
    "check_correction_at_table",
    "correct",
    "correct_at_table",
    "correct_room",
    "delete",
    "enter",
    "enter_at_table",
    "enter_at_tables",
    "import_slips",
    "undo",
]

#: A slip as a door gives it: a pairs result, an individual's or a team room's.
GivenSlip = Result | SeatedResult | TeamSlip

#: The reason a table's own correction is audited with.
TABLE_REASON = "corrected at the table before the round closed"


@dataclass(frozen=True)
class ImportReport:
    """What an import did: slips added, and slips skipped as stored already."""

    added: int
    skipped: int


@dataclass(frozen=True)
class TableSlip:
    """A table's request to store a result: the logged-in ``terminal``, the ``result``
    it sent (read at the web edge), its ``Idempotency-Key`` and ``request``, the
    digest of the request as sent (a retry with the key must send the same)."""

    terminal: Terminal
    result: Result
    key: str | None = None
    request: str = ""

    def __post_init__(self) -> None:
        if self.key is not None and not 1 <= len(self.key) <= 100:
            raise EntryError(
                "the Idempotency-Key must be 1-100 characters", code="request.bad-idempotency-key"
            )


@dataclass(frozen=True)
class TableCorrection:
    """What a table sends to correct one of its results: the contract line and the
    lead, and the round, board and pairs it repeats (``given``: they must be the
    stored ones, a table changes only what was played)."""

    contract: str | None = None
    declarer: str | None = None
    result: str | None = None
    lead: str | None = None
    given: Mapping[str, int] = field(default_factory=dict)


# -- where a slip goes ----------------------------------------------------------------------


class _Event:
    """One event in one transaction: what its slips are placed and checked against,
    read once."""

    def __init__(self, s: OrmSession, ev: EventRow) -> None:
        self.s = s
        self.ev = ev
        self._individual: bool | None = None
        self._sections: dict[tuple[int, str], SectionRow] = {}

    def placed(self, slip: GivenSlip) -> Result:
        """The slip as the result of its place in the section (a team room's placed by
        the draw), refused when it is not of this event's kind."""
        if isinstance(slip, TeamSlip):
            team = team_draw(self.s, self.ev.id)
            if team is None:
                team_row(self.s, self.ev)  # its one line for a pairs event
            assert team is not None
            return place_room(team[0], slip, team[1])
        if self._individual is None:
            self._individual = is_individual(self.s, self.ev)
        seated = isinstance(slip, SeatedResult)
        check_kind(self.ev.name, self._individual, seated)
        return slip.result if isinstance(slip, SeatedResult) else slip

    def section(self, result: Result, lock: bool) -> SectionRow:
        key = (result.session, result.section)
        if key not in self._sections:
            self._sections[key] = section_row(self.s, self.ev, *key, lock=lock)
        return self._sections[key]


def _check(
    slip: GivenSlip,
    placed: Result,
    planned: PlannedSection,
    board: Sequence[OnBoard],
    override: str | None = None,
) -> None:
    """Every check of a slip placed at its place (see :mod:`bridgedesk.events.slips`)."""
    if isinstance(slip, SeatedResult):
        check_players(slip, planned)
    if isinstance(slip, TeamSlip):
        check_room_free(slip, placed, board)
    check_slip(placed, planned, board, override)


# -- entering ------------------------------------------------------------------------------


def enter(
    unit: UnitOfWork, ref: int | str, slip: GivenSlip, *, who: str = "", override: str | None = None
) -> int:
    """Check one slip and store it; its result id.  ``override`` is the director's
    reason to accept a seating the movement did not plan (004:3479-3486)."""
    with unit.transaction() as s:
        door = _Event(s, event_row(s, ref))
        placed = door.placed(slip)
        sec = door.section(placed, lock=True)
        planned = planned_section(s, sec.id, sec.name)
        board = board_slips(s, sec.id, sec.name, placed.session, placed.board)
        _check(slip, placed, planned, board, override)
        return insert_result(s, sec.id, placed, who, override)


def import_slips(
    unit: UnitOfWork,
    ref: int | str,
    rows: Sequence[tuple[int | None, GivenSlip]],
    *,
    who: str = "",
    batch: int = 100,
    progress: Callable[[int], None] | None = None,
) -> ImportReport:
    """Store many slips, each with its source line; run again after a crash, it adds
    no duplicates.

    Every row is checked first, against the store and the rows before it; nothing is
    written if one is refused (the refusal names its line).  The rows are then written
    ``batch`` a transaction, each checked again; a slip stored already as it is (same
    board and pairs, same result) is skipped.  ``progress`` hears the rows done after
    each batch.
    """
    if batch < 1:
        raise EntryError(
            "batch size must be at least 1, got {batch}", code="import.bad-batch", batch=batch
        )
    with unit.transaction(write=False) as s:
        todo = _checked_rows(_Event(s, event_row(s, ref)), rows, lock=False)
    skipped = len(rows) - len(todo)
    added = 0
    for start in range(0, len(todo), batch):
        chunk = [(line, slip) for line, slip, _, _ in todo[start : start + batch]]
        with unit.transaction() as s:
            fresh = _checked_rows(_Event(s, event_row(s, ref)), chunk, lock=True)
            for _, _, section_id, placed in fresh:
                insert_result(s, section_id, placed, who)
        skipped += len(chunk) - len(fresh)
        added += len(fresh)
        if progress is not None:
            progress(skipped + added)
    return ImportReport(added=added, skipped=skipped)


def _checked_rows(
    door: _Event, rows: Sequence[tuple[int | None, GivenSlip]], lock: bool
) -> list[tuple[int | None, GivenSlip, int, Result]]:
    """The rows still to store, each with its section's id and placed result; the first
    refusal raised with its line."""
    seen: dict[tuple[int, str, int, int, int], int | None] = {}
    boards: dict[int, dict[int, list[OnBoard]]] = {}
    out: list[tuple[int | None, GivenSlip, int, Result]] = []
    for line, slip in rows:
        try:
            placed = door.placed(slip)
            check_repeated(placed, line, seen)
            sec = door.section(placed, lock)
            planned = planned_section(door.s, sec.id, sec.name)
            if sec.id not in boards:
                boards[sec.id] = section_boards(door.s, sec.id, sec.name, placed.session)
            board = boards[sec.id].setdefault(placed.board, [])
            if isinstance(slip, SeatedResult):  # its players first, stored or not
                check_players(slip, planned)
            if stored_already(placed, board):
                continue
            if isinstance(slip, TeamSlip):
                check_room_free(slip, placed, board)
            check_slip(placed, planned, board)
        except BridgedeskError as exc:
            raise exc.located(Location(line=line)) from None
        board.append(OnBoard(0, placed))
        out.append((line, slip, sec.id, placed))
    return out


# -- at the tables ---------------------------------------------------------------------------


def enter_at_tables(
    unit: UnitOfWork, slips: Sequence[TableSlip]
) -> list[dict[str, Any] | Exception]:
    """The tables' slips waiting at one moment, in one transaction (one commit, one
    disk sync), each in its own savepoint (a slip alone needs none): a refused one
    changes nothing and the others still go in.  The answers (or refusals) come back
    in the order of ``slips``, each what :func:`enter_at_table` would have given alone
    in that order: ``{"id", "board", "result", "score_ns"}``, given again to a retry
    with the same ``Idempotency-Key`` and request.  The events that got a result are
    announced to every server process as the transaction commits, as every writer's
    are (:mod:`bridgedesk.store.notices`).

    Whatever one slip raises stays that slip's outcome, so one table's request never
    costs another its result: a :class:`~bridgedesk.errors.BridgedeskError` is its
    refusal, a number too large for the store is refused as
    :func:`~bridgedesk.store.unit.too_large`, and any other exception (a bug) is
    given back as it is, with its traceback, for that request alone to answer 500."""
    if len(slips) == 1:  # alone: its refusal rolls the whole transaction back
        try:
            with unit.core_transaction() as s:
                lock_sections(s, [slips[0].terminal.section_id])
                return [_enter_at_table(s, slips[0])]
        except Exception as exc:
            return [_outcome(exc)]
    out: list[dict[str, Any] | Exception] = []
    with unit.core_transaction() as s:
        lock_sections(s, [x.terminal.section_id for x in slips])
        for slip in slips:
            try:
                with s.begin_nested():
                    out.append(_enter_at_table(s, slip))
            except Exception as exc:
                out.append(_outcome(exc))
    return out


def _outcome(exc: Exception) -> Exception:
    """What a slip's request is answered when storing it raised ``exc``: its refusal
    (a number too large for the store refused as :func:`~bridgedesk.store.unit.too_large`),
    or the bug as it is, for that request alone to answer 500."""
    return too_large() if isinstance(exc, OverflowError) else exc


def enter_at_table(unit: UnitOfWork, slip: TableSlip) -> dict[str, Any]:
    """Store one table's slip (see :func:`enter_at_tables`); its refusal raised."""
    [outcome] = enter_at_tables(unit, [slip])
    if isinstance(outcome, Exception):
        raise outcome
    return outcome


def check_at_table(unit: UnitOfWork, slip: TableSlip) -> Result:
    """Every check :func:`enter_at_table` makes, storing nothing (the table's
    confirmation step); the result as it would be stored."""
    with unit.transaction(write=False) as s:
        return _checked_at_table(s, slip.terminal, slip.result)


def _enter_at_table(s: Tx, slip: TableSlip) -> dict[str, Any]:
    t = slip.terminal
    reads = table_reads(s, t, slip.key)  # what the checks read, in one statement
    check_generation(t, reads.generation)  # the web may have known the terminal from memory
    if reads.answered is not None:
        if reads.answered[0] != slip.request:
            raise EntryError(
                "Idempotency-Key {given!r} was used for another request: send a new key "
                "for a new result",
                code="request.idempotency-key-reused",
                given=slip.key,
            )
        return reads.answered[1]
    placed = _checked_at_table(s, t, slip.result, reads.played)
    answer = {
        "id": insert_result(s, t.section_id, placed, t.label),
        "board": placed.board,
        "result": placed.result_text,
        "score_ns": placed.ns_score,
    }
    if slip.key is not None:
        terminals.remember(s, t, slip.key, slip.request, answer)
    return answer


def _checked_at_table(
    s: Tx,
    terminal: Terminal,
    result: Result,
    played: Mapping[int, AbstractSet[int]] | None = None,
) -> Result:
    """A table's slip checked: the table's round, then (a team table's slip placed as
    its room's by the draw) the slip's checks; the result as it is stored.  ``played``:
    the boards the table has entered by round, if read already."""
    check_table_round(terminals.table_round(s, terminal, played), result.round)
    slip: GivenSlip = result
    placed = result
    team = team_draw(s, terminal.event_id)
    if team is not None:  # a team table: its room of the match the draw puts here
        draw, teams = team
        found = match_at(draw.matches, Room(result.round, terminal.table))
        if found is None:
            raise EntryError(
                "{table} has no match in round {round}",
                code="table.no-match",
                table=terminal.named,
                round=result.round,
            )
        d, room = found
        assert d.away is not None
        slip = TeamSlip(d.round, d.home, d.away, room, result.board, result)
        placed = place_room(draw, slip, teams)
    planned = planned_section(s, terminal.section_id, terminal.section)
    board = board_slips(s, terminal.section_id, terminal.section, terminal.session, placed.board)
    _check(slip, placed, planned, board)
    return placed


# -- changing a stored result ------------------------------------------------------------------


def correct(
    unit: UnitOfWork,
    ref: int | str,
    result_id: int,
    new: Result,
    *,
    who: str,
    reason: str,
    director: bool = False,
    override: str | None = None,
    now: dt.datetime | None = None,
) -> int:
    """Replace a stored result by ``new``, audited; the correction's id.  After the
    event's correction deadline only the director may (003:123-159)."""
    with unit.transaction() as s:
        ev = event_row(s, ref)
        row, old = corrections.locked_result(s, ev, result_id)
        if row.withdrawn:
            raise EntryError(
                "result {result_id} is deleted: undo the deletion first",
                code="result.deleted-undo-first",
                result_id=result_id,
            )
        by = _By(who, reason, director, now)
        return _change(s, ev, row, (old, row.override_reason, False), (new, override, False),
                       "correct", by)  # fmt: skip


def correct_room(
    unit: UnitOfWork,
    ref: int | str,
    slip: TeamSlip,
    *,
    who: str,
    reason: str,
    director: bool = False,
) -> tuple[int, Result, Result]:
    """Correct a team room's stored result (audited, 003:123-159); (correction id,
    old, new)."""
    with unit.transaction() as s:
        door = _Event(s, event_row(s, ref))
        placed = door.placed(slip)
        sec = door.section(placed, lock=True)
        stored = [
            b
            for b in board_slips(s, sec.id, sec.name, placed.session, placed.board)
            if not b.deleted and (b.result.round, b.result.table) == (placed.round, placed.table)
        ]
        if not stored:
            raise EntryError(
                "round {round}: the {room} room of {home} v {away} has no result on board "
                "{board} to correct; enter it",
                code="team.nothing-to-correct",
                round=slip.round,
                room=ROOM_WORDS.get(slip.room, slip.room),
                home=slip.home,
                away=slip.away,
                board=slip.board,
            )
        cid = correct(unit, door.ev.id, stored[0].id, placed, who=who, reason=reason,
                      director=director)  # fmt: skip
        return cid, stored[0].result, placed


def correct_at_table(
    unit: UnitOfWork, terminal: Terminal, result_id: int, change: TableCorrection
) -> int:
    """A table corrects its own result of a round still open; the correction's id."""
    with unit.transaction() as s:
        ev = event_row(s, terminal.event_id)
        row, old, new = _table_correction(s, terminal, result_id, change)
        by = _By(terminal.label, TABLE_REASON, False, None)
        return _change(s, ev, row, old, new, "correct", by)


def check_correction_at_table(
    unit: UnitOfWork, terminal: Terminal, result_id: int, change: TableCorrection
) -> Result:
    """Every check :func:`correct_at_table` makes, storing nothing (the confirmation
    step); the corrected result."""
    with unit.transaction(write=False) as s:
        ev = event_row(s, terminal.event_id)
        row, old, new = _table_correction(s, terminal, result_id, change)
        _checked_change(s, ev, row, old, new, _By(terminal.label, TABLE_REASON, False, None))
        return new[0]


def _table_correction(
    s: OrmSession, terminal: Terminal, result_id: int, change: TableCorrection
) -> tuple[ResultRow, ResultState, ResultState]:
    row, stored = terminals.table_result(s, terminal, result_id)
    check_table_change(
        result_id, stored, row.withdrawn, terminals.closed_rounds(s, terminal), change.given
    )
    new = make_result(
        round=stored.round,
        table=stored.table,
        board=stored.board,
        ns=stored.ns,
        ew=stored.ew,
        contract=change.contract,
        declarer=change.declarer,
        result=change.result,
        lead=change.lead,
        section=stored.section,
        session=stored.session,
    )
    return row, corrections.state_of(row, stored), (new, row.override_reason, False)


def delete(
    unit: UnitOfWork,
    ref: int | str,
    result_id: int,
    *,
    who: str,
    reason: str,
    director: bool = False,
    now: dt.datetime | None = None,
) -> int:
    """Withdraw a result that should not exist (audited; :func:`undo` puts it back)."""
    with unit.transaction() as s:
        ev = event_row(s, ref)
        row, old = corrections.locked_result(s, ev, result_id)
        if row.withdrawn:
            raise EntryError(
                "result {result_id} is already deleted",
                code="result.already-deleted",
                result_id=result_id,
            )
        by = _By(who, reason, director, now)
        return _change(s, ev, row, (old, row.override_reason, False),
                       (old, row.override_reason, True), "delete", by)  # fmt: skip


def undo(
    unit: UnitOfWork,
    ref: int | str,
    correction_id: int,
    *,
    who: str,
    reason: str,
    director: bool = False,
    now: dt.datetime | None = None,
) -> int:
    """Put back the state a correction (or deletion) replaced; the undo is audited."""
    with unit.transaction() as s:
        ev = event_row(s, ref)
        u = corrections.to_undo(s, ev, correction_id)
        check_undo(u.correction, u.row.id, u.left, u.current, u.undone_by, u.later)
        by = _By(who, reason, director, now)
        return _change(s, ev, u.row, u.current, u.replaced, "undo", by, undoes=u.correction,
                       undoes_director=u.by_director)  # fmt: skip


@dataclass(frozen=True)
class _By:
    """Who makes a change, why, whether as the director, and when (None: now)."""

    who: str
    reason: str
    director: bool
    now: dt.datetime | None


def _checked_change(
    s: OrmSession,
    ev: EventRow,
    row: ResultRow,
    old: ResultState,
    new: ResultState,
    by: _By,
    undoes_director: bool = False,
) -> tuple[dt.datetime, bool]:
    """The change refused unless it may be made (:func:`check_change`; the director's
    alone, :func:`check_role`) and the new slip fits (its checks as entered, this
    result left out); when, and whether late."""
    at = as_utc(by.now) if by.now is not None else utcnow()
    check_role(row.id, director=by.director, disputed=disputes.awaits_ruling(s, row.id),
               undoes_director=undoes_director)  # fmt: skip
    late = check_change(old, new, who=by.who, reason=by.reason, director=by.director, at=at,
                        deadline=ev.correction_deadline)  # fmt: skip
    value, override, deleted = new
    if not deleted:
        planned = planned_section(s, row.section_id, value.section)
        board = board_slips(s, row.section_id, value.section, value.session, value.board)
        check_slip(value, planned, board, override, replacing=row.id)
    return at, late


def _change(
    s: OrmSession,
    ev: EventRow,
    row: ResultRow,
    old: ResultState,
    new: ResultState,
    action: str,
    by: _By,
    undoes: int | None = None,
    undoes_director: bool = False,
) -> int:
    at, late = _checked_change(s, ev, row, old, new, by, undoes_director)
    return corrections.write_change(
        s, ev, row, old, new, action=action, who=by.who, reason=by.reason,
        director=by.director, late=late, at=at, undoes=undoes,
    )  # fmt: skip
