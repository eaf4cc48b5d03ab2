"""The service layer: what the command line and the web app both call.

Every public method is one transaction: it checks, then writes, then commits, or
raises a :class:`~bridgedesk.errors.BridgedeskError` having changed nothing.
Events are named by id or by name (``ref``).  Results are checked against the
section's movement (:func:`bridgedesk.events.entry.check_result`) before they are
stored; every later change is an audited, reversible correction (003:123-159).
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine, and_, or_, select
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import Session as OrmSession
from sqlalchemy.orm import selectinload

from bridgedesk.bridge import Contract, Seat
from bridgedesk.errors import BridgedeskError, EntryError, Location, StoreError
from bridgedesk.events.adapters import MasterSheet, as_grid
from bridgedesk.events.entry import check_result, validate_section
from bridgedesk.events.model import (
    AdjustedScore,
    Entry,
    EntryKind,
    Event,
    Player,
    Rating,
    Result,
    ScoringMethod,
    Section,
    SectionResults,
    Session,
)
from bridgedesk.events.names import check_name, check_section_name
from bridgedesk.events.seating import GridMovement, SeatingPlan, seated_pairs
from bridgedesk.store.db import READ_ONLY, describe, explain, open_engine
from bridgedesk.store.models import (
    CorrectionRow,
    DealRow,
    EntryPlayerRow,
    EntryRow,
    EventRow,
    MovementRow,
    PlayerRow,
    ResultRow,
    SectionRow,
    SessionRow,
)

if TYPE_CHECKING:
    from bridgedesk.deals.analysis import BoardRecord
    from bridgedesk.masterpoints.ledger import Ledger
    from bridgedesk.store.ledger import AwardLike, EventAwards, LedgerAudit

_DEAL_RE = re.compile(
    r"[NESW]:(?:[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]*|-)"
    r"(?: (?:[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]*|-)){3}"
)


def utcnow() -> dt.datetime:
    """The current time as naive UTC (how the store keeps times)."""
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


def as_utc(when: dt.datetime) -> dt.datetime:
    """``when`` as naive UTC; a naive value is taken to be UTC already."""
    if when.tzinfo is None:
        return when
    return when.astimezone(dt.UTC).replace(tzinfo=None)


@dataclass(frozen=True)
class EventInfo:
    """An event as stored, with its id and its sessions' section names."""

    id: int
    event: Event
    sections: tuple[tuple[int, tuple[str, ...]], ...]


@dataclass(frozen=True)
class StoredResult:
    id: int
    result: Result
    entered_by: str
    entered_at: dt.datetime
    override: str | None
    withdrawn: bool = False


@dataclass(frozen=True)
class Correction:
    """One audited change: ``old`` became ``new``; an undo names what it reverses."""

    id: int
    result_id: int
    action: str
    at: dt.datetime
    who: str
    reason: str
    director: bool
    after_deadline: bool
    old: Result
    new: Result
    undoes: int | None


@dataclass(frozen=True)
class BoardHistory:
    """A result on a board with every correction made to it, oldest first."""

    current: StoredResult
    corrections: tuple[Correction, ...]

    @property
    def original(self) -> Result:
        return self.corrections[0].old if self.corrections else self.current.result


@dataclass(frozen=True)
class ImportReport:
    added: int
    skipped: int


def result_to_json(result: Result, override: str | None = None, withdrawn: bool = False) -> str:
    data: dict[str, Any] = {
        "session": result.session,
        "section": result.section,
        "round": result.round,
        "table": result.table,
        "board": result.board,
        "ns": result.ns,
        "ew": result.ew,
        "contract": None if result.contract is None else str(result.contract),
        "declarer": None if result.declarer is None else str(result.declarer),
        "tricks": result.tricks,
        "lead": result.lead,
        "adjusted": None if result.adjusted is None else str(result.adjusted),
        "override": override,
        "withdrawn": withdrawn,
    }
    return json.dumps(data, ensure_ascii=False, sort_keys=True)


def result_from_json(text: str) -> tuple[Result, str | None, bool]:
    d = json.loads(text)
    result = Result(
        round=d["round"],
        table=d["table"],
        board=d["board"],
        ns=d["ns"],
        ew=d["ew"],
        contract=None if d["contract"] is None else Contract.parse(d["contract"]),
        declarer=None if d["declarer"] is None else Seat.parse(d["declarer"]),
        tricks=d["tricks"],
        lead=d["lead"],
        adjusted=None if d["adjusted"] is None else AdjustedScore.parse(d["adjusted"]),
        section=d["section"],
        session=d["session"],
    )
    return result, d.get("override"), bool(d.get("withdrawn", False))


def _row_result(row: ResultRow, section: str, session: int) -> Result:
    return Result(
        round=row.round,
        table=row.table_no,
        board=row.board,
        ns=row.ns,
        ew=row.ew,
        contract=None if row.contract is None else Contract.parse(row.contract),
        declarer=None if row.declarer is None else Seat.parse(row.declarer),
        tricks=row.tricks,
        lead=row.lead,
        adjusted=None if row.adjusted is None else AdjustedScore.parse(row.adjusted),
        section=section,
        session=session,
    )


def _fill_row(row: ResultRow, result: Result, override: str | None) -> None:
    row.round = result.round
    row.table_no = result.table
    row.board = result.board
    row.ns = result.ns
    row.ew = result.ew
    row.contract = None if result.contract is None else str(result.contract)
    row.declarer = None if result.declarer is None else str(result.declarer)
    row.tricks = result.tricks
    row.lead = result.lead
    row.adjusted = None if result.adjusted is None else str(result.adjusted)
    row.ns_score = result.ns_score
    row.override_reason = override


def _event_info(row: EventRow) -> EventInfo:
    sessions = tuple(
        Session(
            s.number,
            tuple(
                Section(sec.name, None if sec.movement is None else sec.movement.name)
                for sec in s.sections
            ),
        )
        for s in row.sessions
    )
    event = Event(
        name=row.name,
        date=row.date,
        rating=Rating(row.rating),
        class_=row.event_class,
        scoring=ScoringMethod(row.scoring),
        club=row.club,
        sessions=sessions,
        correction_deadline=row.correction_deadline,
    )
    sections = tuple((s.number, tuple(sec.name for sec in s.sections)) for s in sessions)
    return EventInfo(row.id, event, sections)


def _entry(row: EntryRow) -> Entry:
    return Entry(
        number=row.number,
        players=tuple(Player(p.player.name, p.player.member) for p in row.players),
        kind=EntryKind(row.kind),
        team_name=row.team_name,
        stationary=row.stationary,
        phantom=row.phantom,
        late=row.late,
    )


@dataclass
class _Ctx:
    """A section loaded for checking: its row, movement, entries and results by board."""

    section: SectionRow
    movement: GridMovement
    entries: dict[int, Entry] | None
    results: dict[int, list[Result]]


class Store:
    """A bridgedesk database.  ``Store.open(db)`` creates or upgrades it."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @classmethod
    def open(cls, db: str | Path | None = None) -> Store:
        return cls(open_engine(db))

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # -- transactions ------------------------------------------------------

    @contextmanager
    def _tx(self, write: bool = True) -> Iterator[OrmSession]:
        try:
            with self.engine.connect() as conn:
                if not write:
                    conn = conn.execution_options(**{READ_ONLY: True})
                with OrmSession(bind=conn, expire_on_commit=False) as session, session.begin():
                    yield session
        except IntegrityError:
            raise  # the methods turn these into EntryErrors with the row in question
        except DBAPIError as exc:
            raise StoreError(explain(exc, describe(self.engine))) from exc
        except OverflowError:
            # SQLite keeps 64-bit integers; a larger number cannot name anything stored
            raise EntryError(
                "a number given is too large (more than 18 digits); nothing was changed"
            ) from None

    # -- lookups -----------------------------------------------------------

    @staticmethod
    def _event(s: OrmSession, ref: int | str) -> EventRow:
        text = str(ref).strip()
        if text.isascii() and text.isdigit():  # "²".isdigit() is True, but it is no id
            row = s.get(EventRow, int(text)) if len(text) <= 18 else None
            if row is None:
                raise EntryError(f"no event with id {text}; `bridgedesk event list` shows them")
            return row
        rows = s.scalars(select(EventRow).where(EventRow.name == text)).all()
        if not rows:
            raise EntryError(f"no event named {text!r}; `bridgedesk event list` shows them")
        if len(rows) > 1:
            ids = ", ".join(str(r.id) for r in rows)
            raise EntryError(f"several events are named {text!r}: give the id ({ids})")
        return rows[0]

    @staticmethod
    def _section(
        s: OrmSession, ev: EventRow, session: int, section: str, lock: bool = False
    ) -> SectionRow:
        """The section row; with ``lock`` it is locked until the transaction ends, so
        writers to one section take turns (PostgreSQL; SQLite's BEGIN IMMEDIATE
        already serialises every writer)."""
        query = (
            select(SectionRow)
            .join(SessionRow)
            .where(
                SessionRow.event_id == ev.id,
                SessionRow.number == session,
                SectionRow.name == section,
            )
        )
        if lock:
            query = query.with_for_update(of=SectionRow)
        row = s.scalars(query).one_or_none()
        if row is None:
            have = ", ".join(
                f"session {n} section {name}"
                for n, names in _event_info(ev).sections
                for name in names
            )
            raise EntryError(
                f"event {ev.name!r} has no session {session} section {section} (it has {have})"
            )
        return row

    @staticmethod
    def _movement(section: SectionRow) -> GridMovement:
        if section.movement is None:
            raise EntryError(
                f"section {section.name} has no movement yet: set it before entering results"
            )
        return GridMovement.from_json(section.movement.data)

    @staticmethod
    def _entries(s: OrmSession, section: SectionRow) -> dict[int, Entry]:
        rows = s.scalars(
            select(EntryRow)
            .where(EntryRow.section_id == section.id)
            .options(selectinload(EntryRow.players).joinedload(EntryPlayerRow.player))
        ).all()
        return {r.number: _entry(r) for r in rows}

    @staticmethod
    def _section_results(
        s: OrmSession, section: SectionRow, board: int | None = None
    ) -> list[tuple[ResultRow, Result]]:
        query = select(ResultRow).where(
            ResultRow.section_id == section.id, ResultRow.withdrawn.is_(False)
        )
        if board is not None:
            query = query.where(ResultRow.board == board)
        rows = s.scalars(query.order_by(ResultRow.id)).all()
        number = section.session.number
        return [(r, _row_result(r, section.name, number)) for r in rows]

    # -- events --------------------------------------------------------------

    def create_event(self, event: Event) -> int:
        """Store a new event with its sessions and sections; return its id.

        The names are checked first (:mod:`bridgedesk.events.names`): a section's
        name becomes a directory of the report set, so ``../x`` is refused.
        """
        check_name(event.name, "the event's name")
        check_name(event.club, "the club's name", empty=True)
        for session in event.sessions:
            for section in session.sections:
                check_section_name(section.name)
        with self._tx() as s:
            row = EventRow(
                name=event.name,
                club=event.club,
                date=event.date,
                rating=event.rating.value,
                event_class=event.class_,
                scoring=event.scoring.value,
                correction_deadline=None
                if event.correction_deadline is None
                else as_utc(event.correction_deadline),
                created_at=utcnow(),
            )
            s.add(row)
            for session in event.sessions:
                srow = SessionRow(number=session.number)
                row.sessions.append(srow)
                for section in session.sections:
                    srow.sections.append(SectionRow(name=section.name))
            s.flush()
            return row.id

    def discard_event(self, ref: int | str) -> None:
        """Delete an event with everything entered in it, in one transaction.

        For an event that was never played: a run of ``bridgedesk demo`` that
        did not finish removes its half-made event with this.  An event whose
        masterpoint awards are in the ledger is refused (the ledger's audit
        keeps what was awarded for it).
        """
        from sqlalchemy import delete

        from bridgedesk.store.models import LedgerAuditRow, LedgerAwardRow

        with self._tx() as s:
            ev = self._event(s, ref)
            for table in (LedgerAwardRow, LedgerAuditRow):
                if s.scalars(select(table.id).where(table.event_id == ev.id).limit(1)).first():
                    raise EntryError(
                        f"event {ev.id} has masterpoint awards in the ledger: it is kept"
                    )
            sessions = list(s.scalars(select(SessionRow.id).where(SessionRow.event_id == ev.id)))
            sections = list(
                s.scalars(select(SectionRow.id).where(SectionRow.session_id.in_(sessions)))
            )
            movements = {
                m
                for m in s.scalars(
                    select(SectionRow.movement_id).where(SectionRow.id.in_(sections))
                )
                if m is not None
            }
            entries = list(s.scalars(select(EntryRow.id).where(EntryRow.section_id.in_(sections))))
            s.execute(delete(CorrectionRow).where(CorrectionRow.event_id == ev.id))
            s.execute(delete(ResultRow).where(ResultRow.section_id.in_(sections)))
            s.execute(delete(EntryPlayerRow).where(EntryPlayerRow.entry_id.in_(entries)))
            s.execute(delete(EntryRow).where(EntryRow.id.in_(entries)))
            s.execute(delete(SectionRow).where(SectionRow.id.in_(sections)))
            shared = set(
                s.scalars(
                    select(SectionRow.movement_id).where(SectionRow.movement_id.in_(movements))
                )
            )
            s.execute(delete(MovementRow).where(MovementRow.id.in_(movements - shared)))
            s.execute(delete(SessionRow).where(SessionRow.id.in_(sessions)))
            s.execute(delete(DealRow).where(DealRow.event_id == ev.id))
            s.execute(delete(EventRow).where(EventRow.id == ev.id))
            s.expunge_all()

    def events(self) -> list[EventInfo]:
        with self._tx(write=False) as s:
            rows = s.scalars(select(EventRow).order_by(EventRow.date, EventRow.id)).all()
            return [_event_info(r) for r in rows]

    def event(self, ref: int | str) -> EventInfo:
        with self._tx(write=False) as s:
            return _event_info(self._event(s, ref))

    def set_deadline(self, ref: int | str, when: dt.datetime | None) -> None:
        """Set (or clear) the correction deadline (003:123-159)."""
        with self._tx() as s:
            self._event(s, ref).correction_deadline = None if when is None else as_utc(when)

    # -- entries -------------------------------------------------------------

    def add_entry(self, ref: int | str, entry: Entry, section: str = "A", session: int = 1) -> int:
        """Enter a pair, team or individual; return the number it plays under.

        A late entry (``entry.late``) is accepted only while no result of round 2
        or later is in (004:884-898); it takes the phantom's number when the
        section has a phantom, otherwise its own number, which the section's
        movement must seat: the director first sets a movement with A/B tables
        from round 2 (``bridgedesk event movement --from-round 2``).
        """
        if entry.team_name is not None:
            check_name(entry.team_name, "the team's name")
        for player in entry.players:
            check_name(player.name, "a player's name")
            if player.member is not None:
                check_name(player.member, f"{player.name}'s member number", longest=40)
        with self._tx() as s:
            ev = self._event(s, ref)
            sec = self._section(s, ev, session, section, lock=True)
            return self._add_entry(s, sec, entry)

    def _add_entry(self, s: OrmSession, sec: SectionRow, entry: Entry) -> int:
        """Insert one entry into ``sec`` (see :meth:`add_entry`), in the caller's transaction."""
        section = sec.name
        existing = {
            r.number: r for r in s.scalars(select(EntryRow).where(EntryRow.section_id == sec.id))
        }
        number = entry.number
        target: EntryRow | None = None
        if entry.late:
            later = s.scalars(
                select(ResultRow.round)
                .where(
                    ResultRow.section_id == sec.id,
                    ResultRow.round >= 2,
                    ResultRow.withdrawn.is_(False),
                )
                .limit(1)
            ).first()
            if later is not None:
                raise EntryError(
                    "a late pair can join only before round 2 (004:884-898): "
                    "results of round 2 or later are already in"
                )
            phantoms = [r for r in existing.values() if r.phantom]
            if phantoms:
                target = phantoms[0]
                number = target.number
                target.phantom = False
                target.late = True
            elif sec.movement is not None and number not in seated_pairs(self._movement(sec)):
                raise EntryError(
                    f"late pair {number} would not play: the section has no phantom "
                    f"and its movement does not seat pair {number}; set a movement "
                    "that does from round 2 first (A/B tables, 004:894-898: "
                    "`bridgedesk event movement EVENT --kind ... --from-round 2`)"
                )
        if target is None:
            if number in existing:
                raise EntryError(
                    f"number {number} is already entered in section {section} "
                    f"({_entry(existing[number]).names}); choose another number"
                )
            target = EntryRow(
                section_id=sec.id, number=number, phantom=entry.phantom, late=entry.late
            )
            s.add(target)
        target.kind = entry.kind.value
        target.team_name = entry.team_name
        target.stationary = entry.stationary
        for position, player in enumerate(entry.players):
            target.players.append(EntryPlayerRow(position=position, player=self._player(s, player)))
        try:
            s.flush()
        except IntegrityError:
            raise EntryError(
                f"number {number} or one of the member numbers was entered at the "
                "same moment by someone else; list the entries and try again"
            ) from None
        return number

    @staticmethod
    def _player(s: OrmSession, player: Player) -> PlayerRow:
        if player.member:
            row = s.scalars(select(PlayerRow).where(PlayerRow.member == player.member)).first()
            if row is not None:
                if row.name != player.name:
                    raise EntryError(
                        f"member {player.member} is {row.name!r} in the register, "
                        f"not {player.name!r}"
                    )
                return row
        row = PlayerRow(name=player.name, member=player.member or None)
        s.add(row)
        return row

    def entries(self, ref: int | str, section: str = "A", session: int = 1) -> dict[int, Entry]:
        with self._tx(write=False) as s:
            sec = self._section(s, self._event(s, ref), session, section)
            return self._entries(s, sec)

    # -- movements -------------------------------------------------------------

    def set_movement(
        self,
        ref: int | str,
        movement: SeatingPlan | MasterSheet,
        section: str = "A",
        session: int = 1,
        name: str = "",
        kind: str = "",
        from_round: int | None = None,
        phantom: int | None = None,
    ) -> list[str]:
        """Give a section its movement; results already in must still fit it.

        ``phantom`` enters that number as the phantom pair (004:864-868) in the
        same transaction, unless it is entered already: a refused movement
        leaves no phantom behind.

        With ``from_round`` the section keeps its current movement for the rounds
        before it and plays the new one from it on (late pairs with A/B tables,
        004:884-898).  Returns the problems
        :func:`~bridgedesk.events.entry.validate_section` finds between the
        movement and the entries (for the director to read), after a line for
        each pair renumbered so that its stationary request is met (only while
        no result is in, :func:`bridgedesk.events.renumber.stationary_swaps`).
        """
        grid = as_grid(movement, name=name, kind=kind)
        with self._tx() as s:
            sec = self._section(s, self._event(s, ref), session, section, lock=True)
            if from_round is not None:
                grid = self._movement(sec).switch(grid, from_round)
            if phantom is not None and phantom not in self._entries(s, sec):
                s.add(EntryRow(section_id=sec.id, number=phantom, kind="pair", phantom=True))
                s.flush()
            notes: list[str] = []
            if (
                s.scalars(select(ResultRow.id).where(ResultRow.section_id == sec.id)).first()
                is None
            ):
                from bridgedesk.store.entries import honour_stationary

                notes = honour_stationary(s, sec, grid)
            entries = self._entries(s, sec) or None
            accepted: list[Result] = []
            for row, result in self._section_results(s, sec):
                try:
                    check_result(result, grid, accepted, entries, row.override_reason)
                except EntryError as exc:
                    raise EntryError(
                        f"the new movement does not fit result {row.id} already in: {exc}"
                    ) from None
                accepted.append(result)
            mrow = MovementRow(name=grid.name, kind=grid.kind, data=grid.to_json())
            s.add(mrow)
            sec.movement = mrow
            return notes + validate_section(grid, entries or {})

    def movement(self, ref: int | str, section: str = "A", session: int = 1) -> GridMovement | None:
        with self._tx(write=False) as s:
            sec = self._section(s, self._event(s, ref), session, section)
            return None if sec.movement is None else GridMovement.from_json(sec.movement.data)

    def check_section(self, ref: int | str, section: str = "A", session: int = 1) -> list[str]:
        """Problems between a section's movement and entries (empty when all is well)."""
        with self._tx(write=False) as s:
            sec = self._section(s, self._event(s, ref), session, section)
            return validate_section(self._movement(sec), self._entries(s, sec))

    # -- deals -------------------------------------------------------------------

    def set_deal(self, ref: int | str, board: int, pbn: str) -> None:
        """Attach (or replace) a board's deal, as PBN deal text ``N:hand hand hand hand``."""
        text = " ".join(pbn.split())
        if not _DEAL_RE.fullmatch(text):
            raise EntryError(
                f"board {board}: bad deal {pbn!r}; write it as in a PBN Deal tag, "
                "e.g. N:AKQ2.KJ3.T98.A2 ... (four hands, suits S.H.D.C)"
            )
        with self._tx() as s:
            ev = self._event(s, ref)
            row = s.scalars(
                select(DealRow).where(DealRow.event_id == ev.id, DealRow.board == board)
            ).first()
            if row is None:
                s.add(DealRow(event_id=ev.id, board=board, pbn=text))
            else:
                row.pbn = text

    def deals(self, ref: int | str) -> dict[int, str]:
        """The event's deals by board number, as PBN deal text."""
        with self._tx(write=False) as s:
            ev = self._event(s, ref)
            rows = s.scalars(select(DealRow).where(DealRow.event_id == ev.id)).all()
            return {r.board: r.pbn for r in sorted(rows, key=lambda r: r.board)}

    # -- results ---------------------------------------------------------------

    def section_results(
        self, ref: int | str, section: str = "A", session: int = 1
    ) -> SectionResults:
        """One consistent snapshot of a section for scoring and reports."""
        with self._tx(write=False) as s:
            ev = self._event(s, ref)
            sec = self._section(s, ev, session, section)
            return SectionResults(
                event=_event_info(ev).event,
                session=session,
                section=section,
                movement=None
                if sec.movement is None
                else GridMovement.from_json(sec.movement.data),
                entries=self._entries(s, sec),
                results=tuple(r for _, r in self._section_results(s, sec)),
            )

    def add_result(
        self, ref: int | str, result: Result, who: str = "", override: str | None = None
    ) -> int:
        """Check ``result`` against the movement and store it; return its id."""
        with self._tx() as s:
            rid = self._add(s, self._event(s, ref), result, who, override)
            assert rid is not None
            return rid

    def _context(
        self,
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
            sec = self._section(s, ev, *key, lock=lock)
            by_board: dict[int, list[Result]] = {}
            board = result.board if board_only else None
            for _, r in self._section_results(s, sec, board):
                by_board.setdefault(r.board, []).append(r)
            ctx = _Ctx(sec, self._movement(sec), self._entries(s, sec) or None, by_board)
            cache[key] = ctx
        return ctx

    def _add(
        self,
        s: OrmSession,
        ev: EventRow,
        result: Result,
        who: str,
        override: str | None,
        cache: dict[tuple[int, str], _Ctx] | None = None,
    ) -> int | None:
        """Check and insert one result (flushing unless ``cache`` batches the work)."""
        if cache is None:
            ctx = self._context(s, ev, result, {}, board_only=True, lock=True)
        else:
            ctx = self._context(s, ev, result, cache, lock=True)
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
        _fill_row(row, result, override)
        s.add(row)
        existing.append(result)
        if cache is not None:
            return None
        self._flush_results(s, result)
        return row.id

    @staticmethod
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
        self,
        ref: int | str,
        board: int | None = None,
        section: str | None = None,
        session: int | None = None,
        include_withdrawn: bool = False,
    ) -> list[StoredResult]:
        """Stored results of an event, by session, section, board, round, table.

        Deleted (withdrawn) results are left out unless ``include_withdrawn``.
        """
        with self._tx(write=False) as s:
            ev = self._event(s, ref)
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
            return [
                StoredResult(
                    row.id,
                    _row_result(row, name, number),
                    row.entered_by,
                    row.entered_at,
                    row.override_reason,
                    row.withdrawn,
                )
                for row, name, number in s.execute(query)
            ]

    def _result_row(self, s: OrmSession, ev: EventRow, result_id: int) -> tuple[ResultRow, Result]:
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
        return row, _row_result(row, name, number)

    def find_result(
        self, ref: int | str, board: int, ns: int, ew: int, section: str = "A", session: int = 1
    ) -> StoredResult:
        """The stored result for a board and pairs (the natural key)."""
        for found in self.results(ref, board=board, section=section, session=session):
            if (found.result.ns, found.result.ew) == (ns, ew):
                return found
        raise EntryError(f"no result stored for board {board} NS {ns} v EW {ew}")

    def _change(
        self,
        s: OrmSession,
        ev: EventRow,
        row: ResultRow,
        old: Result,
        new: Result,
        override: str | None,
        *,
        action: str,
        who: str,
        reason: str,
        director: bool,
        now: dt.datetime | None,
        withdrawn: bool = False,
        undoes: int | None = None,
    ) -> int:
        """Move a result from its stored state to (new, override, withdrawn), audited."""
        if not reason.strip():
            raise EntryError("a correction needs a reason (it is kept in the audit log)")
        if not who.strip():
            raise EntryError("a correction needs the name of who makes it")
        at = as_utc(now) if now is not None else utcnow()
        late = ev.correction_deadline is not None and at > ev.correction_deadline
        if late and not director:
            raise EntryError(
                f"the correction deadline ({ev.correction_deadline:%Y-%m-%d %H:%M} UTC) has "
                "passed: only the director can correct now, with a reason (003:123-159)"
            )
        if (new.session, new.section) != (old.session, old.section):
            raise EntryError("a correction cannot move a result to another session or section")
        if (new, override, withdrawn) == (old, row.override_reason, row.withdrawn):
            raise EntryError("the correction changes nothing")
        sec = s.get(SectionRow, row.section_id)
        assert sec is not None
        if not withdrawn:
            others = [
                r for other, r in self._section_results(s, sec, new.board) if other.id != row.id
            ]
            entries = self._entries(s, sec) or None
            check_result(new, self._movement(sec), others, entries, override)
        old_json = result_to_json(old, row.override_reason, row.withdrawn)
        _fill_row(row, new, override)
        row.withdrawn = withdrawn
        audit = CorrectionRow(
            event_id=ev.id,
            result_id=row.id,
            action=action,
            at=at,
            who=who,
            reason=reason,
            director=director,
            after_deadline=late,
            old=old_json,
            new=result_to_json(new, override, withdrawn),
            undoes_id=undoes,
        )
        s.add(audit)
        try:
            s.flush()
        except IntegrityError:
            raise EntryError(
                f"board {new.board} already has a result for NS {new.ns} v EW {new.ew} "
                f"at round {new.round} table {new.table} (perhaps a deleted one: undo "
                "its deletion instead)"
            ) from None
        return audit.id

    @staticmethod
    def _lock_result_section(s: OrmSession, result_id: int) -> None:
        """Lock the section holding a result before reading it (see :meth:`_section`)."""
        s.execute(
            select(SectionRow.id)
            .join(ResultRow, ResultRow.section_id == SectionRow.id)
            .where(ResultRow.id == result_id)
            .with_for_update(of=SectionRow)
        )

    def correct_result(
        self,
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
        """Replace a stored result, audited; return the correction's id.

        After the event's correction deadline only the director may correct
        (003:123-159); the reason is always recorded.
        """
        with self._tx() as s:
            ev = self._event(s, ref)
            self._lock_result_section(s, result_id)
            row, old = self._result_row(s, ev, result_id)
            if row.withdrawn:
                raise EntryError(f"result {result_id} is deleted: undo the deletion first")
            return self._change(
                s,
                ev,
                row,
                old,
                new,
                override,
                action="correct",
                who=who,
                reason=reason,
                director=director,
                now=now,
            )

    def delete_result(
        self,
        ref: int | str,
        result_id: int,
        *,
        who: str,
        reason: str,
        director: bool = False,
        now: dt.datetime | None = None,
    ) -> int:
        """Withdraw a result that should not exist (audited; undo puts it back)."""
        with self._tx() as s:
            ev = self._event(s, ref)
            self._lock_result_section(s, result_id)
            row, old = self._result_row(s, ev, result_id)
            if row.withdrawn:
                raise EntryError(f"result {result_id} is already deleted")
            return self._change(
                s,
                ev,
                row,
                old,
                old,
                row.override_reason,
                action="delete",
                who=who,
                reason=reason,
                director=director,
                now=now,
                withdrawn=True,
            )

    def undo_correction(
        self,
        ref: int | str,
        correction_id: int,
        *,
        who: str,
        reason: str,
        director: bool = False,
        now: dt.datetime | None = None,
    ) -> int:
        """Put back the state a correction (or deletion) replaced; the undo is audited."""
        with self._tx() as s:
            ev = self._event(s, ref)
            c = s.get(CorrectionRow, correction_id)
            if c is None or c.event_id != ev.id:
                raise EntryError(f"event {ev.name!r} has no correction {correction_id}")
            self._lock_result_section(s, c.result_id)
            undone = s.scalars(
                select(CorrectionRow.id).where(CorrectionRow.undoes_id == c.id)
            ).first()
            if undone is not None:
                raise EntryError(f"correction {c.id} is already undone by {undone}")
            row, current = self._result_row(s, ev, c.result_id)
            if result_from_json(c.new) != (current, row.override_reason, row.withdrawn):
                later = s.scalars(
                    select(CorrectionRow.id)
                    .where(CorrectionRow.result_id == c.result_id, CorrectionRow.id > c.id)
                    .order_by(CorrectionRow.id.desc())
                ).first()
                raise EntryError(
                    f"result {c.result_id} was changed again after correction {c.id} "
                    f"(by correction {later}); undo that one first"
                )
            old, old_override, old_withdrawn = result_from_json(c.old)
            return self._change(
                s,
                ev,
                row,
                current,
                old,
                old_override,
                action="undo",
                who=who,
                reason=reason,
                director=director,
                now=now,
                withdrawn=old_withdrawn,
                undoes=c.id,
            )

    def corrections(self, ref: int | str, result_id: int | None = None) -> list[Correction]:
        with self._tx(write=False) as s:
            ev = self._event(s, ref)
            query = select(CorrectionRow).where(CorrectionRow.event_id == ev.id)
            if result_id is not None:
                query = query.where(CorrectionRow.result_id == result_id)
            return [
                Correction(
                    id=c.id,
                    result_id=c.result_id,
                    action=c.action,
                    at=c.at,
                    who=c.who,
                    reason=c.reason,
                    director=c.director,
                    after_deadline=c.after_deadline,
                    old=result_from_json(c.old)[0],
                    new=result_from_json(c.new)[0],
                    undoes=c.undoes_id,
                )
                for c in s.scalars(query.order_by(CorrectionRow.id))
            ]

    def board_history(
        self, ref: int | str, board: int, section: str | None = None, session: int | None = None
    ) -> list[BoardHistory]:
        """Every result on a board with its corrections, in table order.

        A result corrected onto another board is listed under the board it is on now.
        """
        current = self.results(
            ref, board=board, section=section, session=session, include_withdrawn=True
        )
        audits: dict[int, list[Correction]] = {}
        for c in self.corrections(ref):
            audits.setdefault(c.result_id, []).append(c)
        return [BoardHistory(r, tuple(audits.get(r.id, ()))) for r in current]

    # -- bulk import -----------------------------------------------------------

    def import_results(
        self,
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
        todo = self._plan_import(ref, rows)
        skipped = len(rows) - len(todo)
        added = 0
        for start in range(0, len(todo), batch):
            chunk = todo[start : start + batch]
            with self._tx() as s:
                ev = self._event(s, ref)
                cache: dict[tuple[int, str], _Ctx] = {}
                for line, result in chunk:
                    try:
                        ctx = self._context(s, ev, result, cache, lock=True)
                        if self._same_stored(ctx, result):
                            skipped += 1
                            continue
                        self._add(s, ev, result, who, None, cache)
                    except BridgedeskError as exc:
                        raise exc.located(Location(line=line)) from None
                    added += 1
                self._flush_results(s, chunk[-1][1])
            if progress is not None:
                progress(skipped + added)
        return ImportReport(added=added, skipped=skipped)

    @staticmethod
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
        self, ref: int | str, rows: Sequence[tuple[int | None, Result]]
    ) -> list[tuple[int | None, Result]]:
        todo: list[tuple[int | None, Result]] = []
        with self._tx(write=False) as s:
            ev = self._event(s, ref)
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
                    ctx = self._context(s, ev, result, cache)
                    if self._same_stored(ctx, result):
                        continue
                    known = ctx.results.setdefault(result.board, [])
                    check_result(result, ctx.movement, known, ctx.entries)
                except BridgedeskError as exc:
                    raise exc.located(Location(line=line)) from None
                known.append(result)
                todo.append((line, result))
        return todo

    # -- the masterpoint ledger and cached deal analyses (store/ledger.py, analyses.py) --

    @contextmanager
    def ledger(self, write: bool = True) -> Iterator[Ledger]:
        """The masterpoint ledger on this database, inside one transaction."""
        from bridgedesk.masterpoints.ledger import Ledger
        from bridgedesk.store.ledger import SqlRepository

        with self._tx(write) as s:
            yield Ledger(SqlRepository(s))

    def record_awards(
        self,
        ref: int | str,
        awards: Sequence[AwardLike],
        *,
        rules: str,
        version: str,
        who: str,
        reason: str,
        kind: str | None = None,
        register: bool = True,
        now: dt.datetime | None = None,
    ) -> EventAwards:
        """Write (or replace, audited) a stored event's awards; see
        :func:`bridgedesk.store.ledger.record_event_awards`."""
        from bridgedesk.store.ledger import record_event_awards

        return record_event_awards(
            self,
            ref,
            awards,
            rules=rules,
            version=version,
            who=who,
            reason=reason,
            kind=kind,
            register=register,
            now=now,
        )

    def award_audit(self, ref: int | str) -> list[LedgerAudit]:
        from bridgedesk.store.ledger import ledger_audit

        return ledger_audit(self, ref)

    def event_records(self, ref: int | str) -> list[BoardRecord]:
        """The event's deals with their cached double-dummy analyses attached."""
        from bridgedesk.store.analyses import event_records

        return event_records(self, ref)


def open_store(db: str | Path | None = None) -> Store:
    """Open (creating or upgrading) the store at ``db``; see :mod:`bridgedesk.store.db`."""
    return Store.open(db)


__all__ = [
    "BoardHistory",
    "Correction",
    "EventInfo",
    "ImportReport",
    "Store",
    "StoredResult",
    "open_store",
]
