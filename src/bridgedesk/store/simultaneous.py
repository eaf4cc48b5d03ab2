"""Simultaneous events in the store: the event, its deal set, its heats and their tokens,
each heat's pairs and results, and the audit of every upload (tables of
:mod:`bridgedesk.store.simultaneous_models`).

A heat's results are replaced whole in one transaction (:func:`store_heat`): the heat's
row is locked, an upload whose content has the fingerprint of the results in force
changes nothing, any other replaces the pairs and results (inserted in bulk, a field of
180,000 results stays a matter of seconds) and is audited.  After the event's correction
deadline a heat's results change only with the organiser's reason, which the audit
keeps.  :func:`field_rows` reads every result of the event in one query for scoring
across the field; :func:`version` is the cheap fingerprint of what has been stored
(the last upload), so a server process may keep the field scored until it moves.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets
from collections.abc import Mapping
from dataclasses import dataclass

from sqlalchemy import delete, func, insert, select
from sqlalchemy.orm import Session as OrmSession

from bridgedesk.errors import EntryError
from bridgedesk.events.model import Event
from bridgedesk.events.simultaneous import HeatResults, HeatSpec
from bridgedesk.store.events_repo import insert_event
from bridgedesk.store.lookups import event_row
from bridgedesk.store.models import DealRow, EventRow
from bridgedesk.store.simultaneous_models import (
    HeatPairRow,
    HeatResultRow,
    HeatRow,
    HeatUploadRow,
    SimultaneousRow,
)
from bridgedesk.store.table_codes import NotLoggedInError
from bridgedesk.store.unit import UnitOfWork, as_utc, utcnow

__all__ = [
    "FieldRow",
    "Stored",
    "StoredHeat",
    "Upload",
    "add_heat",
    "create_simultaneous",
    "field_rows",
    "heat_of_token",
    "heat_pairs",
    "heat_spec",
    "heats",
    "masterpoints_of",
    "simultaneous_events",
    "store_heat",
    "uploads",
    "version",
]


@dataclass(frozen=True)
class StoredHeat:
    """A heat as stored: what it registered, and its results' state."""

    number: int
    club: str
    kind: str | None
    tables: int | None
    digest: str | None
    source: str | None
    winners: int | None
    uploaded_at: dt.datetime | None
    uploaded_by: str | None
    results: int
    pairs: int

    @property
    def spec(self) -> HeatSpec:
        return HeatSpec(self.number, self.club, self.kind, self.tables)


@dataclass(frozen=True)
class Upload:
    """What storing a heat's results did: ``stored`` (the first), ``corrected``
    (replaced), ``unchanged`` (the same content again: nothing written)."""

    heat: int
    outcome: str
    results: int
    audit: int | None = None


@dataclass(frozen=True)
class Stored:
    """The upload audit of a heat: who sent what, when."""

    heat: int
    at: dt.datetime
    who: str
    source: str
    old: str | None
    new: str
    results: int
    after_deadline: bool
    reason: str


#: A result across the field: heat, board, NS, EW, score, adjusted, contract, declarer,
#: tricks (one row of :func:`field_rows`).
FieldRow = tuple[int, int, int, int, int | None, str | None, str | None, str | None, int | None]


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _sim(s: OrmSession, ref: int | str) -> tuple[EventRow, SimultaneousRow]:
    ev = event_row(s, ref)
    row = s.get(SimultaneousRow, ev.id)
    if row is None:
        raise EntryError(
            "event {event!r} is not a simultaneous event (`bridgedesk simultaneous new`)",
            code="simultaneous.not-simultaneous",
            event=ev.name,
        )
    return ev, row


def create_simultaneous(
    unit: UnitOfWork, event: Event, deals: Mapping[int, str], masterpoints: str
) -> int:
    """Store a simultaneous event with its deal set; its id."""
    if not deals:
        raise EntryError(
            "a simultaneous event plays a deal set: give its deals (a PBN file)",
            code="simultaneous.needs-deals",
        )
    with unit.transaction() as s:
        if s.scalars(select(EventRow.id).where(EventRow.name == event.name)).first():
            raise EntryError(
                "an event named {event!r} exists already",
                code="simultaneous.event-exists",
                event=event.name,
            )
        ev = insert_event(s, event)
        s.flush()
        s.add(SimultaneousRow(event_id=ev.id, masterpoints=masterpoints))
        for board, pbn in sorted(deals.items()):
            s.add(DealRow(event_id=ev.id, board=board, pbn=pbn))
        return ev.id


def simultaneous_events(unit: UnitOfWork) -> list[tuple[int, str, dt.date, int]]:
    """(id, name, date, heats) of every simultaneous event, the newest first."""
    with unit.transaction(write=False) as s:
        rows = s.execute(
            select(EventRow.id, EventRow.name, EventRow.date, func.count(HeatRow.id))
            .join(SimultaneousRow, SimultaneousRow.event_id == EventRow.id)
            .outerjoin(HeatRow, HeatRow.event_id == EventRow.id)
            .group_by(EventRow.id, EventRow.name, EventRow.date)
            .order_by(EventRow.id.desc())
        ).all()
        return [(r[0], r[1], r[2], r[3]) for r in rows]


def masterpoints_of(unit: UnitOfWork, ref: int | str) -> str:
    with unit.transaction(write=False) as s:
        return _sim(s, ref)[1].masterpoints


def add_heat(
    unit: UnitOfWork,
    ref: int | str,
    club: str,
    *,
    kind: str | None = None,
    tables: int | None = None,
    number: int | None = None,
) -> tuple[int, str]:
    """Register a heat; (its number, its token).  The token is shown once: only its
    SHA-256 is kept."""
    if not club.strip():
        raise EntryError(
            "a heat is a club's: give the club's name", code="simultaneous.heat-needs-club"
        )
    if tables is not None and not 1 <= tables <= 200:
        raise EntryError(
            "a heat's tables are 1-200, not {tables}",
            code="simultaneous.heat-tables",
            tables=tables,
        )
    token = secrets.token_urlsafe(24)
    with unit.transaction() as s:
        ev, _ = _sim(s, ref)
        s.execute(select(EventRow.id).where(EventRow.id == ev.id).with_for_update())
        taken = set(s.scalars(select(HeatRow.number).where(HeatRow.event_id == ev.id)))
        if number is None:
            number = max(taken, default=0) + 1
        elif number in taken:
            raise EntryError(
                "heat {heat} is registered already",
                code="simultaneous.heat-registered",
                heat=number,
            )
        s.add(
            HeatRow(
                event_id=ev.id, number=number, club=club.strip(), token_hash=_hash(token),
                kind=kind, tables=tables,
            )
        )  # fmt: skip
        return number, token


def _heats(s: OrmSession, ev: EventRow) -> list[StoredHeat]:
    counts = dict(
        s.execute(
            select(HeatResultRow.heat_id, func.count(HeatResultRow.id))
            .join(HeatRow, HeatRow.id == HeatResultRow.heat_id)
            .where(HeatRow.event_id == ev.id)
            .group_by(HeatResultRow.heat_id)
        ).all()
    )
    pairs = dict(
        s.execute(
            select(HeatPairRow.heat_id, func.count(HeatPairRow.id))
            .join(HeatRow, HeatRow.id == HeatPairRow.heat_id)
            .where(HeatRow.event_id == ev.id)
            .group_by(HeatPairRow.heat_id)
        ).all()
    )
    rows = s.scalars(select(HeatRow).where(HeatRow.event_id == ev.id).order_by(HeatRow.number))
    out = []
    for r in rows:
        heat = StoredHeat(
            r.number, r.club, r.kind, r.tables, r.digest, r.source, r.winners,
            r.uploaded_at, r.uploaded_by, counts.get(r.id, 0), pairs.get(r.id, 0),
        )  # fmt: skip
        out.append(heat)
    return out


def heats(unit: UnitOfWork, ref: int | str) -> list[StoredHeat]:
    """The event's heats, by number."""
    with unit.transaction(write=False) as s:
        ev, _ = _sim(s, ref)
        return _heats(s, ev)


def heat_spec(unit: UnitOfWork, ref: int | str, number: int) -> HeatSpec:
    """What heat ``number`` registered; one line when the event has no such heat."""
    with unit.transaction(write=False) as s:
        ev, _ = _sim(s, ref)
        row = s.scalars(
            select(HeatRow).where(HeatRow.event_id == ev.id, HeatRow.number == number)
        ).first()
        if row is None:
            raise EntryError(
                "the event has no heat {heat}", code="simultaneous.no-such-heat", heat=number
            )
        return HeatSpec(row.number, row.club, row.kind, row.tables)


def heat_of_token(unit: UnitOfWork, ref: int | str, token: str) -> HeatSpec:
    """The heat whose token this is; one line when it is no heat's of the event."""
    with unit.transaction(write=False) as s:
        ev, _ = _sim(s, ref)
        row = s.scalars(
            select(HeatRow).where(HeatRow.event_id == ev.id, HeatRow.token_hash == _hash(token))
        ).first()
        if row is None:
            raise NotLoggedInError(
                "the token is not a heat's of {event!r}: ask the organiser for your heat's token",
                code="simultaneous.token-other-event",
                event=ev.name,
            )
        return HeatSpec(row.number, row.club, row.kind, row.tables)


def _heat_row(s: OrmSession, ev: EventRow, number: int, lock: bool = False) -> HeatRow:
    query = select(HeatRow).where(HeatRow.event_id == ev.id, HeatRow.number == number)
    if lock:  # the row as committed once locked, not as this transaction first read it
        query = query.with_for_update().execution_options(populate_existing=True)
    row = s.scalars(query).first()
    if row is None:
        raise EntryError(
            "{event!r} has no heat {heat}",
            code="simultaneous.no-such-heat-of",
            event=ev.name,
            heat=number,
        )
    return row


def store_heat(
    unit: UnitOfWork,
    ref: int | str,
    number: int,
    heat: HeatResults,
    *,
    who: str,
    reason: str = "",
    now: dt.datetime | None = None,
) -> Upload:
    """Store heat ``number``'s results whole (module doc), in one transaction."""
    at = utcnow() if now is None else as_utc(now)
    digest = heat.digest
    with unit.transaction() as s:
        ev, _ = _sim(s, ref)
        row = _heat_row(s, ev, number, lock=True)
        if row.digest == digest:
            count = s.scalar(
                select(func.count(HeatResultRow.id)).where(HeatResultRow.heat_id == row.id)
            )
            return Upload(number, "unchanged", count or 0)
        late = ev.correction_deadline is not None and at > ev.correction_deadline
        if late and not reason.strip():
            raise EntryError(
                "heat {heat}: the results of {event!r} closed at {deadline:%Y-%m-%d "
                "%H:%M} UTC; only the organiser may change them now, giving the reason "
                "(kept in the audit)",
                code="simultaneous.heat-closed",
                heat=number,
                event=ev.name,
                deadline=ev.correction_deadline,
            )
        old = row.digest
        s.execute(delete(HeatResultRow).where(HeatResultRow.heat_id == row.id))
        s.execute(delete(HeatPairRow).where(HeatPairRow.heat_id == row.id))
        if heat.pairs:
            s.execute(
                insert(HeatPairRow),
                [
                    {"heat_id": row.id, "number": p.number, "names": p.names[:400],
                     "members": ",".join(p.members)[:200]}
                    for p in heat.pairs
                ],
            )  # fmt: skip
        s.execute(
            insert(HeatResultRow),
            [
                {"heat_id": row.id, "board": x.board, "ns": x.ns, "ew": x.ew, "score": x.score,
                 "adjusted": None if x.adjusted is None else str(x.adjusted),
                 "contract": None if x.contract is None else str(x.contract),
                 "declarer": None if x.declarer is None else x.declarer.value,
                 "tricks": x.tricks, "round": x.round, "table_no": x.table}
                for x in heat.lines
            ],
        )  # fmt: skip
        m = heat.movement
        row.digest = digest
        row.source = heat.source
        row.movement = None if m is None or m.grid is None else m.grid.to_json()
        row.winners = heat.winners
        row.uploaded_at = at
        row.uploaded_by = who
        audit = HeatUploadRow(
            heat_id=row.id, at=at, who=who, source=heat.source, old=old, new=digest,
            results=len(heat.lines), after_deadline=late, reason=reason,
        )  # fmt: skip
        s.add(audit)
        s.flush()
        return Upload(number, "stored" if old is None else "corrected", len(heat.lines), audit.id)


def field_rows(unit: UnitOfWork, ref: int | str) -> list[FieldRow]:
    """Every result of the event, by board: (heat, board, NS, EW, score, adjusted,
    contract, declarer, tricks)."""
    with unit.transaction(write=False) as s:
        ev, _ = _sim(s, ref)
        rows = s.execute(
            select(
                HeatRow.number, HeatResultRow.board, HeatResultRow.ns, HeatResultRow.ew,
                HeatResultRow.score, HeatResultRow.adjusted, HeatResultRow.contract,
                HeatResultRow.declarer, HeatResultRow.tricks,
            )
            .join(HeatRow, HeatRow.id == HeatResultRow.heat_id)
            .where(HeatRow.event_id == ev.id)
            .order_by(HeatResultRow.board, HeatRow.number, HeatResultRow.id)
        ).all()  # fmt: skip
        return [tuple(r) for r in rows]  # type: ignore[misc]


def heat_pairs(unit: UnitOfWork, ref: int | str) -> dict[tuple[int, int], tuple[str, str]]:
    """(heat, pair) -> (names, member numbers comma-separated)."""
    with unit.transaction(write=False) as s:
        ev, _ = _sim(s, ref)
        rows = s.execute(
            select(HeatRow.number, HeatPairRow.number, HeatPairRow.names, HeatPairRow.members)
            .join(HeatRow, HeatRow.id == HeatPairRow.heat_id)
            .where(HeatRow.event_id == ev.id)
        ).all()
        return {(h, n): (names, members) for h, n, names, members in rows}


def uploads(unit: UnitOfWork, ref: int | str) -> list[Stored]:
    """Every upload that stored or changed a heat's results, oldest first."""
    with unit.transaction(write=False) as s:
        ev, _ = _sim(s, ref)
        rows = s.execute(
            select(HeatRow.number, HeatUploadRow)
            .join(HeatRow, HeatRow.id == HeatUploadRow.heat_id)
            .where(HeatRow.event_id == ev.id)
            .order_by(HeatUploadRow.id)
        ).all()
        return [
            Stored(n, u.at, u.who, u.source, u.old, u.new, u.results, u.after_deadline, u.reason)
            for n, u in rows
        ]


def version(unit: UnitOfWork, ref: int | str) -> tuple[int, int]:
    """(the last upload's id, the uploads): what the field's scoring was made from."""
    with unit.transaction(write=False) as s:
        ev, _ = _sim(s, ref)
        found = s.execute(
            select(func.max(HeatUploadRow.id), func.count(HeatUploadRow.id))
            .join(HeatRow, HeatRow.id == HeatUploadRow.heat_id)
            .where(HeatRow.event_id == ev.id)
        ).one()
        return (found[0] or 0, found[1] or 0)
