"""A table's request body read into a slip, at the web edge.

The table API (``POST /api/table/results``, ``PUT /api/table/results/ID``) and
the table pages' forms send a slip as JSON fields or form fields: ``round``,
``board``, ``ns``, ``ew`` (numbers, or their digits as text), ``contract``,
``declarer``, ``result``, ``lead`` (text).  :func:`table_slip` reads one into
the :class:`~bridgedesk.services.slips.TableSlip` that
:func:`bridgedesk.services.slips.enter_at_table` checks and stores, as ``result
add`` reads a slip (:func:`bridgedesk.events.entry.make_result`);
:func:`table_correction` reads a correction.  A body that does not read is
refused here with one line, before any transaction.

A team table's slip names no pairs: they are the draw's
(:mod:`bridgedesk.events.team_rooms`), so it is read with ``pairs=False`` and
1 and 2 stand in until the slip is placed.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from bridgedesk.errors import EntryError, ForbiddenError, Location
from bridgedesk.events.entry import make_result
from bridgedesk.services.slips import TableCorrection, TableSlip
from bridgedesk.store.terminals import Terminal

__all__ = ["canonical", "table_correction", "table_slip"]

#: The fields a table may repeat in a correction; they must be the stored ones.
FIXED = ("round", "board", "ns", "ew")


def _text(body: Mapping[str, Any], name: str, required: bool = False) -> str | None:
    value = body.get(name)
    if value is None or value == "":
        if required:
            raise EntryError(
                "{name!r} is missing", Location(input=name), code="request.missing", name=name
            )
        return None
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise EntryError(
            "{name!r} must be text, got {value!r}",
            Location(input=name),
            code="request.not-text",
            name=name,
            value=value,
        )
    return str(value).strip()


def _number(body: Mapping[str, Any], name: str) -> int:
    value = body.get(name)
    if isinstance(value, bool):
        raise EntryError(
            "{name!r} must be a whole number, got {value!r}",
            Location(input=name),
            code="request.not-a-number",
            name=name,
            value=value,
        )
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    if value is None:
        raise EntryError(
            "{name!r} is missing", Location(input=name), code="request.missing", name=name
        )
    raise EntryError(
        "{name!r} must be a whole number, got {value!r}",
        Location(input=name),
        code="request.not-a-number",
        name=name,
        value=value,
    )


def canonical(body: Mapping[str, Any]) -> str:
    """The digest of a request body (a retry with its ``Idempotency-Key`` sends the same)."""
    text = json.dumps(body, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _check_terminal(terminal: Terminal, body: Mapping[str, Any]) -> None:
    """A body naming a table or an event names the terminal's own."""
    if body.get("table") not in (None, "") and _number(body, "table") != terminal.table:
        raise EntryError(
            "this terminal is table {table}, not table {given}",
            Location(input="table"),
            code="table.other-table",
            table=terminal.table,
            given=body["table"],
        )
    if body.get("event") not in (None, "") and str(body["event"]) != str(terminal.event_id):
        raise ForbiddenError(
            "this terminal belongs to event {event_id}",
            code="table.other-event",
            event_id=terminal.event_id,
        )


def table_slip(
    terminal: Terminal, body: Mapping[str, Any], key: str | None = None, pairs: bool = True
) -> TableSlip:
    """The slip a table's request describes, with its ``Idempotency-Key``."""
    _check_terminal(terminal, body)
    result = make_result(
        round=_number(body, "round"),
        table=terminal.table,
        board=_number(body, "board"),
        ns=_number(body, "ns") if pairs else 1,
        ew=_number(body, "ew") if pairs else 2,
        contract=_text(body, "contract", required=True),
        declarer=_text(body, "declarer"),
        result=_text(body, "result"),
        lead=_text(body, "lead"),
        section=terminal.section,
        session=terminal.session,
    )
    return TableSlip(terminal, result, key, canonical(body))


def table_correction(terminal: Terminal, body: Mapping[str, Any]) -> TableCorrection:
    """The correction a table's request describes (the round, board and pairs it repeats
    must be the stored ones)."""
    _check_terminal(terminal, body)
    given = {name: _number(body, name) for name in FIXED if body.get(name) not in (None, "")}
    return TableCorrection(
        contract=_text(body, "contract", required=True),
        declarer=_text(body, "declarer"),
        result=_text(body, "result"),
        lead=_text(body, "lead"),
        given=given,
    )
