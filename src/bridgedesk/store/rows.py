"""Rows and values: how the store's rows become the event model and back.

A stored result is kept as text columns (the contract ``4SX``, the declarer
``S``, the adjusted score ``A+/A-``); :func:`result_of` parses them once into
an :class:`~bridgedesk.events.model.Result` and :func:`fill_result_row` writes
one back.  A correction's audit keeps the result before and after as JSON
(:func:`result_to_json`, :func:`result_from_json`).
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Row

from bridgedesk.bridge import Contract, Seat
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
    Session,
)
from bridgedesk.store.models import EntryRow, EventRow, ResultRow

__all__ = [
    "EventInfo",
    "StoredResult",
    "entry_of",
    "event_info",
    "fill_result_row",
    "result_columns",
    "result_from_json",
    "result_of",
    "result_to_json",
    "stored_result",
]


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


def result_of(row: ResultRow | Row[*tuple[Any, ...]], section: str, session: int) -> Result:
    """A result row (or a Core row with its columns) as the model's result (its section
    and session named by the caller)."""
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


def stored_result(row: ResultRow, section: str, session: int) -> StoredResult:
    """A result row with who entered it, when, and whether it is withdrawn."""
    return StoredResult(
        row.id,
        result_of(row, section, session),
        row.entered_by,
        row.entered_at,
        row.override_reason,
        row.withdrawn,
    )


def result_columns(result: Result, override: str | None) -> dict[str, Any]:
    """The columns of a result row holding ``result`` (and the director's ``override``
    reason), by name."""
    return {
        "round": result.round,
        "table_no": result.table,
        "board": result.board,
        "ns": result.ns,
        "ew": result.ew,
        "contract": None if result.contract is None else str(result.contract),
        "declarer": None if result.declarer is None else str(result.declarer),
        "tricks": result.tricks,
        "lead": result.lead,
        "adjusted": None if result.adjusted is None else str(result.adjusted),
        "ns_score": result.ns_score,
        "override_reason": override,
    }


def fill_result_row(row: ResultRow, result: Result, override: str | None) -> None:
    """Write ``result`` (and the director's ``override`` reason) into ``row``."""
    for name, value in result_columns(result, override).items():
        setattr(row, name, value)


def event_info(row: EventRow) -> EventInfo:
    """An event row (with its sessions and sections loaded) as the model's event."""
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


def entry_of(row: EntryRow) -> Entry:
    """An entry row (with its players) as the model's entry."""
    return Entry(
        number=row.number,
        players=tuple(Player(p.player.name, p.player.member) for p in row.players),
        kind=EntryKind(row.kind),
        team_name=row.team_name,
        stationary=row.stationary,
        phantom=row.phantom,
        late=row.late,
        flight=row.flight,
    )
