"""What a table's slip reads before its checks, in one statement.

A table's result (:func:`bridgedesk.services.slips.enter_at_tables`) is checked
against: the table's login (its code's generation), the answer already given to
its ``Idempotency-Key``, the rounds and boards the table has entered, and its
section's movement, entries and round controls, and whether the event is a team
event.  Read one by one they were eight statements, and each statement costs the
store more CPU (SQLAlchemy's work per statement and per row) than the database's
own work on it; here they are one ``SELECT`` of scalar subqueries, a section's
rows folded into one text each (``group_concat`` / ``string_agg``).

What is the section's (movement, entries, controls; the event's kind) is kept for
the rest of the transaction as :func:`bridgedesk.store.table_rounds.once` keeps it,
so the checks that follow read exactly what they read before, with no statement of
their own; what is the table's own (its login, the key's answer, the rounds it has
entered) is given back, as it changes with the slips of the same batch.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from sqlalchemy import String, bindparam, case, cast, exists, func, literal_column, select

from bridgedesk.events.model import Entry
from bridgedesk.store.models import (
    EntryRow,
    IdempotencyRow,
    MovementRow,
    ResultRow,
    RoundControlRow,
    SectionRow,
    TableCodeRow,
)
from bridgedesk.store.prepared import Prepared
from bridgedesk.store.results_repo import entries_of
from bridgedesk.store.table_codes import Terminal
from bridgedesk.store.table_rounds import keep
from bridgedesk.store.team_models import TeamEventRow
from bridgedesk.store.unit import Tx

__all__ = ["TableReads", "table_reads"]


@dataclass(frozen=True)
class TableReads:
    """The table's own values as its slip finds them: its code's ``generation`` (None:
    no code), the request digest and answer kept under the slip's key (None: a new
    key), and the boards it has entered by round (deleted results left out)."""

    generation: int | None
    answered: tuple[str, dict[str, Any]] | None
    played: Mapping[int, frozenset[int]]


#: The separators, written into the statement (bound parameters would be rendered into
#: its text again at every execution: ``aggregate_strings`` takes its separator so).
_COLON: Any = literal_column("':'")
_COMMA: Any = literal_column("','")


def _folded(*parts: Any) -> Any:
    """A section's rows as one text: each row's parts (numbers and words) joined by
    ``:``, the rows by ``,``."""
    text = cast(parts[0], String)
    for part in parts[1:]:
        text = text + _COLON + cast(part, String)
    return func.aggregate_strings(text, _COMMA)


_SECTION: Any = bindparam("section_id")
_TABLE: Any = bindparam("table")

#: The one statement; each column one of the reads it stands for.
_READS = select(
    select(TableCodeRow.generation)
    .where(TableCodeRow.section_id == _SECTION, TableCodeRow.table_no == _TABLE)
    .scalar_subquery()
    .label("generation"),
    select(IdempotencyRow.request)
    .where(
        IdempotencyRow.section_id == _SECTION,
        IdempotencyRow.table_no == _TABLE,
        IdempotencyRow.key == bindparam("key"),
    )
    .scalar_subquery()
    .label("request"),
    select(IdempotencyRow.response)
    .where(
        IdempotencyRow.section_id == _SECTION,
        IdempotencyRow.table_no == _TABLE,
        IdempotencyRow.key == bindparam("key"),
    )
    .scalar_subquery()
    .label("response"),
    select(_folded(ResultRow.round, ResultRow.board))
    .where(
        ResultRow.section_id == _SECTION,
        ResultRow.table_no == _TABLE,
        ResultRow.withdrawn.is_(False),
    )
    .scalar_subquery()
    .label("played"),
    select(MovementRow.kind)
    .join(SectionRow, SectionRow.movement_id == MovementRow.id)
    .where(SectionRow.id == _SECTION)
    .scalar_subquery()
    .label("movement_kind"),
    select(MovementRow.data)
    .join(SectionRow, SectionRow.movement_id == MovementRow.id)
    .where(SectionRow.id == _SECTION)
    .scalar_subquery()
    .label("movement_data"),
    select(
        _folded(
            EntryRow.number,
            EntryRow.kind,
            case((EntryRow.phantom.is_(True), literal_column("1")), else_=literal_column("0")),
        )
    )
    .where(EntryRow.section_id == _SECTION)
    .scalar_subquery()
    .label("entries"),
    select(_folded(RoundControlRow.round, RoundControlRow.state))
    .where(RoundControlRow.section_id == _SECTION)
    .scalar_subquery()
    .label("controls"),
    exists().where(TeamEventRow.event_id == bindparam("event_id")).label("team"),
)

#: Run on the driver's cursor (see :mod:`bridgedesk.store.prepared`).
_PREPARED = Prepared(_READS)


def _rows(text: str | None) -> list[list[str]]:
    return [row.split(":") for row in text.split(",")] if text else []


@lru_cache(maxsize=64)
def _entries(text: str | None) -> Mapping[int, Entry] | None:
    """A section's entries from their folded rows, made once for the same text (every
    table's slip reads the same until an entry changes)."""
    rows = sorted((int(n), kind, phantom == "1") for n, kind, phantom in _rows(text))
    return entries_of(tuple(rows))


def table_reads(s: Tx, terminal: Terminal, key: str | None) -> TableReads:
    """Read, in one statement, what the table's slip is checked against: the table's
    values given back, the section's kept for the transaction (see the module)."""
    [row] = _PREPARED.execute(
        s,
        {
            "section_id": terminal.section_id,
            "table": terminal.table,
            "key": "" if key is None else key,
            "event_id": terminal.event_id,
        },
    )
    # the section's, as results_repo and table_rounds read them one by one
    movement = None if row.movement_kind is None else (row.movement_kind, row.movement_data)
    keep(s, ("movement", terminal.section_id), movement)
    keep(s, ("entries", terminal.section_id), _entries(row.entries))
    keep(s, ("controls", terminal.section_id), {int(r): st for r, st in _rows(row.controls)})
    if not row.team:  # a team event's draw is read when it is asked for
        keep(s, ("team-draw", terminal.event_id), None)
    # the table's own
    played: dict[int, set[int]] = {}
    for rnd, board in _rows(row.played):
        played.setdefault(int(rnd), set()).add(int(board))
    answered = None
    if key is not None and row.request is not None:
        answered = (str(row.request), json.loads(row.response))
    return TableReads(
        generation=None if row.generation is None else int(row.generation),
        answered=answered,
        played={r: frozenset(b) for r, b in played.items()},
    )
