"""The masterpoint ledger in the store: :class:`SqlRepository` and event awards.

:class:`SqlRepository` implements :class:`bridgedesk.masterpoints.ledger.Repository`
over one open ORM session, so a :class:`~bridgedesk.masterpoints.ledger.Ledger`
built on it reads and writes inside one transaction
(:func:`open_ledger`, ``Store.ledger``).  Ledger members are the store's
players (``players``, shared with the events) with a ``ledger_members`` row;
awards point at the player and, when they came from a stored event, at the event.

:func:`record_event_awards` writes a stored event's awards in one transaction.
Re-awarding the event replaces its awards (held ones too); every write that
changes something is kept in ``ledger_audit`` with who, when, why and the
awards before and after.  Writing the same awards again changes nothing.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Protocol

from sqlalchemy import delete, select
from sqlalchemy.orm import Session as OrmSession
from sqlalchemy.orm import contains_eager

from bridgedesk.errors import MasterpointError
from bridgedesk.masterpoints.ledger import Ledger, LedgerEntry, Member
from bridgedesk.store.lookups import event_row
from bridgedesk.store.models import (
    AwardBasisRow,
    EntryPlayerRow,
    EntryRow,
    EventRow,
    HeatPairRow,
    HeatResultRow,
    HeatRow,
    LedgerAuditRow,
    LedgerAwardRow,
    LedgerMemberRow,
    LedgerSeedRow,
    PlayerRow,
    ResultRow,
    SectionRow,
    SessionRow,
)
from bridgedesk.store.unit import UnitOfWork, as_utc, utcnow

__all__ = [
    "AwardBasis",
    "AwardLike",
    "EventAwards",
    "LedgerAudit",
    "RecordedAward",
    "SqlRepository",
    "award_bases",
    "award_basis",
    "event_awards",
    "ledger_audit",
    "open_ledger",
    "record_event_awards",
]


@contextmanager
def open_ledger(unit: UnitOfWork, write: bool = True) -> Iterator[Ledger]:
    """The masterpoint ledger on this database, inside one transaction."""
    with unit.transaction(write) as s:
        yield Ledger(SqlRepository(s))


class SqlRepository:
    """A ledger repository over one ORM session (the caller owns the transaction).

    ``event_id``, when set, links the awards added from then on to that stored event.
    """

    def __init__(self, session: OrmSession, event_id: int | None = None) -> None:
        self.session = session
        self.event_id = event_id
        # event links of held awards released by remove_pending, for add_award to keep
        self._released: dict[LedgerEntry, list[int | None]] = {}
        # player rows and ledger members looked up in this transaction (only this
        # repository writes the ledger inside it, so they cannot go stale)
        self._rows: dict[str, PlayerRow] = {}
        self._members: dict[str, Member | None] = {}

    # -- players ---------------------------------------------------------------------

    def _player_row(self, member: str, name: str = "") -> PlayerRow:
        s = self.session
        row = self._rows.get(member)
        if row is None:
            row = s.scalars(select(PlayerRow).where(PlayerRow.member == member)).first()
        if row is None:
            row = PlayerRow(name=name, member=member)
            s.add(row)
            s.flush()
        elif name and not row.name:
            row.name = name
        elif name and row.name != name:
            raise MasterpointError(
                "member {member} is {register_name!r} in the register, not {given!r}",
                code="masterpoint.member-other-name",
                member=member,
                register_name=row.name,
                given=name,
            )
        self._rows[member] = row
        return row

    @staticmethod
    def _as_player(member: LedgerMemberRow) -> Member:
        return Member(
            member=member.player.member or "",
            name=member.player.name,
            joined=member.joined,
            marker=member.marker,
            mp_1973_and_before=Decimal(member.mp_1973_and_before),
        )

    def add_player(self, player: Member) -> None:
        row = self._player_row(player.member, player.name)
        member = self.session.get(LedgerMemberRow, row.id)
        if member is None:
            member = LedgerMemberRow(player_id=row.id)
            self.session.add(member)
        member.joined = player.joined
        member.marker = player.marker
        member.mp_1973_and_before = str(player.mp_1973_and_before)
        self.session.flush()
        self._members.pop(player.member, None)

    def player(self, member: str) -> Member | None:
        if member not in self._members:
            row = self.session.scalars(
                select(LedgerMemberRow).join(PlayerRow).where(PlayerRow.member == member)
            ).first()
            self._members[member] = None if row is None else self._as_player(row)
        return self._members[member]

    def players(self) -> Sequence[Member]:
        rows = self.session.scalars(
            select(LedgerMemberRow)
            .join(PlayerRow)
            .options(contains_eager(LedgerMemberRow.player))
            .order_by(PlayerRow.member)
        ).all()
        return tuple(self._as_player(r) for r in rows)

    # -- awards ----------------------------------------------------------------------

    def _insert(self, entry: LedgerEntry, held: bool) -> None:
        event_id = self.event_id
        released = self._released.get(entry)
        if released and not held:
            event_id = released.pop(0)
        row = LedgerAwardRow(
            player_id=self._player_row(entry.member).id,
            event_id=event_id,
            day=entry.day,
            event=entry.event,
            rules=entry.rules,
            version=entry.version,
            points=str(entry.points),
            colour=entry.colour,
            place=entry.place,
            reason=entry.reason,
            kind=entry.kind,
            held=held,
        )
        self.session.add(row)

    def _select(self, held: bool, member: str | None) -> Sequence[LedgerAwardRow]:
        query = (
            select(LedgerAwardRow)
            .join(PlayerRow)
            .options(contains_eager(LedgerAwardRow.player))
            .where(LedgerAwardRow.held.is_(held))
            .order_by(LedgerAwardRow.id)
        )
        if member is not None:
            query = query.where(PlayerRow.member == member)
        return self.session.scalars(query).all()

    def add_award(self, entry: LedgerEntry) -> None:
        self._insert(entry, held=False)

    def awards(self, member: str | None = None) -> Sequence[LedgerEntry]:
        return tuple(_entry(r) for r in self._select(False, member))

    def add_pending(self, entry: LedgerEntry) -> None:
        self._insert(entry, held=True)

    def pending(self, member: str | None = None) -> Sequence[LedgerEntry]:
        return tuple(_entry(r) for r in self._select(True, member))

    def remove_pending(self, entry: LedgerEntry) -> None:
        for row in self._select(True, entry.member):
            if _entry(row) == entry:
                self._released.setdefault(entry, []).append(row.event_id)
                self.session.delete(row)
                self.session.flush()
                return
        raise MasterpointError(
            "no held award {event!r} for {member}",
            code="masterpoint.no-held-award",
            event=entry.event,
            member=entry.member,
        )

    # -- seed points -------------------------------------------------------------------

    def set_seed_points(self, member: str, as_of: dt.date, sp: int) -> None:
        row = self._player_row(member)
        seed = self.session.get(LedgerSeedRow, (row.id, as_of))
        if seed is None:
            self.session.add(LedgerSeedRow(player_id=row.id, as_of=as_of, sp=sp))
        else:
            seed.sp = sp
        self.session.flush()

    def seed_points(self, member: str) -> dict[dt.date, int]:
        rows = self.session.scalars(
            select(LedgerSeedRow).join(PlayerRow).where(PlayerRow.member == member)
        ).all()
        return {r.as_of: r.sp for r in rows}


def _entry(row: LedgerAwardRow) -> LedgerEntry:
    return LedgerEntry(
        member=row.player.member or "",
        day=row.day,
        event=row.event,
        rules=row.rules,
        version=row.version,
        points=Decimal(row.points),
        colour=row.colour,
        place=row.place,
        reason=row.reason,
        kind=row.kind,
    )


def _entry_json(entry: LedgerEntry, held: bool) -> dict[str, Any]:
    return {
        "member": entry.member,
        "day": entry.day.isoformat(),
        "event": entry.event,
        "rules": entry.rules,
        "version": entry.version,
        "points": str(entry.points),
        "colour": entry.colour,
        "place": entry.place,
        "reason": entry.reason,
        "kind": entry.kind,
        "held": held,
    }


class AwardLike(Protocol):
    """What :func:`record_event_awards` reads from an award
    (:class:`bridgedesk.masterpoints.award.Award` has these attributes)."""

    @property
    def member(self) -> str: ...
    @property
    def place(self) -> int: ...
    @property
    def points(self) -> Decimal: ...
    @property
    def colour(self) -> str: ...
    @property
    def reason(self) -> str: ...


@dataclass(frozen=True)
class RecordedAward:
    """An award read back from ``award --json`` (``session`` set for a session award)."""

    member: str
    place: int
    points: Decimal
    colour: str
    reason: str = ""
    session: int | None = None


@dataclass(frozen=True)
class EventAwards:
    """What recording an event's awards did.

    ``audit`` is the audit entry's id, ``None`` when the same awards were stored
    already (nothing changed); ``held`` are awards to non-members (000:141-151).
    """

    event_id: int
    recorded: int
    held: int
    replaced: int
    audit: int | None


@dataclass(frozen=True)
class AwardBasis:
    """What an event's recorded awards were made from: the ``rules`` and ``options`` (a
    JSON object) they were awarded under, the ranking they placed (``ranking``, a JSON
    document, and its ``digest``), when and by whom they were recorded."""

    rules: str
    options: str
    digest: str
    ranking: str
    at: dt.datetime | None = None
    who: str = ""


@dataclass(frozen=True)
class LedgerAudit:
    """One audited write of an event's awards: ``old`` became ``new`` (JSON records)."""

    id: int
    event_id: int
    action: str
    at: dt.datetime
    who: str
    reason: str
    old: tuple[dict[str, Any], ...]
    new: tuple[dict[str, Any], ...]


def _event_members(s: OrmSession, event_id: int) -> set[str]:
    """Member numbers of the players entered in a stored event (a simultaneous event's:
    of its heats' pairs)."""
    rows = s.scalars(
        select(PlayerRow.member)
        .join(EntryPlayerRow, EntryPlayerRow.player_id == PlayerRow.id)
        .join(EntryRow, EntryRow.id == EntryPlayerRow.entry_id)
        .join(SectionRow, SectionRow.id == EntryRow.section_id)
        .join(SessionRow, SessionRow.id == SectionRow.session_id)
        .where(SessionRow.event_id == event_id, PlayerRow.member.is_not(None))
    ).all()
    heats = s.scalars(
        select(HeatPairRow.members)
        .join(HeatRow, HeatRow.id == HeatPairRow.heat_id)
        .where(HeatRow.event_id == event_id)
    ).all()
    return {m for m in rows if m} | {m for text in heats for m in text.split(",") if m}


def _has_results(s: OrmSession, event_id: int) -> bool:
    found = s.scalars(
        select(ResultRow.id)
        .join(SectionRow, SectionRow.id == ResultRow.section_id)
        .join(SessionRow, SessionRow.id == SectionRow.session_id)
        .where(SessionRow.event_id == event_id, ResultRow.withdrawn.is_(False))
        .limit(1)
    ).first()
    if found is None:  # a simultaneous event's results are its heats'
        found = s.scalars(
            select(HeatResultRow.id)
            .join(HeatRow, HeatRow.id == HeatResultRow.heat_id)
            .where(HeatRow.event_id == event_id)
            .limit(1)
        ).first()
    return found is not None


def _event_name(name: str, session: int | None) -> str:
    """Session awards are listed as "EVENT (session N)" on statements."""
    return name if session is None else f"{name} (session {session})"


def default_kind(rules: str, rating: str) -> str:
    """JCBL weekly games issue club FMP certificates; CCG and up are federation MP."""
    if rules != "jcbl":
        return ""
    return "fmp" if rating == "weekly" else "ccg"


def record_event_awards(
    unit: UnitOfWork,
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
    basis: AwardBasis | None = None,
) -> EventAwards:
    """Write a stored, scored event's awards into the ledger, in one transaction.

    Each award becomes a ledger entry dated on the event's day under the event's
    name, with the award's own reason.  Awards already stored for the event are
    replaced (held awards of non-members too); the replacement is audited with
    ``who`` and ``reason``.  With ``register``, players entered in the event under
    a member number who are not in the ledger yet are registered as members; any
    other awarded player is a non-member whose points are held (000:141-151).
    ``basis`` (what the awards were made from) is kept with them, in the same
    transaction.
    """
    if not reason.strip():
        raise MasterpointError(
            "recording awards needs a reason (it is kept in the audit log)",
            code="awards.needs-reason",
        )
    if not who.strip():
        raise MasterpointError(
            "recording awards needs the name of who records them", code="masterpoint.needs-who"
        )
    with unit.transaction() as s:
        ev = event_row(s, ref)
        # one writer per event at a time (PostgreSQL; SQLite's BEGIN IMMEDIATE serialises)
        s.execute(select(EventRow.id).where(EventRow.id == ev.id).with_for_update())
        if not _has_results(s, ev.id):
            raise MasterpointError(
                "event {event!r} has no results stored: score it before awarding",
                code="masterpoint.no-results",
                event=ev.name,
            )
        repo = SqlRepository(s, ev.id)
        book = Ledger(repo)
        if register:
            for member in sorted(_event_members(s, ev.id)):
                if repo.player(member) is None:
                    repo.add_player(Member(member))
        entry_kind = default_kind(rules, ev.rating) if kind is None else kind
        new_entries = [
            LedgerEntry(
                member=a.member,
                day=ev.date,
                event=_event_name(ev.name, getattr(a, "session", None)),
                rules=rules,
                version=version,
                points=Decimal(a.points),
                colour=a.colour,
                place=a.place,
                reason=a.reason,
                kind=entry_kind,
            )
            for a in awards
        ]
        old_rows = s.scalars(
            select(LedgerAwardRow)
            .where(LedgerAwardRow.event_id == ev.id)
            .order_by(LedgerAwardRow.id)
        ).all()
        old = [_entry_json(_entry(r), r.held) for r in old_rows]
        new = [_entry_json(e, not book.is_member(e.member, e.day)) for e in new_entries]
        if basis is not None:
            _keep_basis(s, ev.id, basis, who, as_utc(now) if now is not None else utcnow())
        if old == new:
            held = sum(1 for r in old_rows if r.held)
            return EventAwards(ev.id, len(old_rows) - held, held, 0, None)
        s.execute(delete(LedgerAwardRow).where(LedgerAwardRow.event_id == ev.id))
        recorded = held = 0
        for entry in new_entries:
            if book.record(entry):
                recorded += 1
            else:
                held += 1
        audit = LedgerAuditRow(
            event_id=ev.id,
            action="replace" if old_rows else "award",
            at=as_utc(now) if now is not None else utcnow(),
            who=who,
            reason=reason,
            old=json.dumps(old, ensure_ascii=False),
            new=json.dumps(new, ensure_ascii=False),
        )
        s.add(audit)
        s.flush()
        return EventAwards(ev.id, recorded, held, len(old_rows), audit.id)


def _keep_basis(s: OrmSession, event_id: int, basis: AwardBasis, who: str, at: dt.datetime) -> None:
    row = s.get(AwardBasisRow, event_id)
    if row is None:
        row = AwardBasisRow(event_id=event_id)
        s.add(row)
    row.rules, row.options, row.digest, row.ranking = (
        basis.rules, basis.options, basis.digest, basis.ranking,
    )  # fmt: skip
    row.at, row.who = at, who


def award_basis(unit: UnitOfWork, ref: int | str) -> AwardBasis | None:
    """What the event's recorded awards were made from (None: none recorded with one)."""
    with unit.transaction(write=False) as s:
        ev = event_row(s, ref)
        row = s.get(AwardBasisRow, ev.id)
        if row is None or not _has_awards(s, ev.id):
            return None
        return AwardBasis(row.rules, row.options, row.digest, row.ranking, row.at, row.who)


def award_bases(unit: UnitOfWork) -> dict[int, AwardBasis]:
    """Every stored event's :class:`AwardBasis`, by event id."""
    with unit.transaction(write=False) as s:
        return {
            r.event_id: AwardBasis(r.rules, r.options, r.digest, r.ranking, r.at, r.who)
            for r in s.scalars(select(AwardBasisRow))
            if _has_awards(s, r.event_id)
        }


def _has_awards(s: OrmSession, event_id: int) -> bool:
    found = s.scalars(
        select(LedgerAwardRow.id).where(LedgerAwardRow.event_id == event_id).limit(1)
    ).first()
    return found is not None


def ledger_audit(unit: UnitOfWork, ref: int | str) -> list[LedgerAudit]:
    """The audited writes of an event's awards, oldest first."""
    with unit.transaction(write=False) as s:
        ev = event_row(s, ref)
        rows = s.scalars(
            select(LedgerAuditRow)
            .where(LedgerAuditRow.event_id == ev.id)
            .order_by(LedgerAuditRow.id)
        ).all()
        return [
            LedgerAudit(
                r.id,
                r.event_id,
                r.action,
                r.at,
                r.who,
                r.reason,
                tuple(json.loads(r.old)),
                tuple(json.loads(r.new)),
            )
            for r in rows
        ]


def event_awards(unit: UnitOfWork, ref: int | str) -> list[tuple[LedgerEntry, bool]]:
    """The awards stored for an event, with whether each is held."""
    with unit.transaction(write=False) as s:
        ev = event_row(s, ref)
        rows = s.scalars(
            select(LedgerAwardRow)
            .where(LedgerAwardRow.event_id == ev.id)
            .order_by(LedgerAwardRow.id)
        ).all()
        return [(_entry(r), r.held) for r in rows]
