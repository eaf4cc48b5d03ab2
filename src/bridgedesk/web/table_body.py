"""A table's request body read into a slip, at the web edge.

The table API (``POST /api/table/results``, ``PUT /api/table/results/ID``) and
the table pages' forms send a slip as JSON fields or form fields: ``round``,
``board``, ``ns``, ``ew`` (numbers, or their ASCII digits as text), ``contract``,
``declarer``, ``result``, ``lead`` (text), read by
:class:`bridgedesk.web.bodies.SlipBody` with the command line's bounds.
:func:`table_slip` reads one into the :class:`~bridgedesk.services.slips.TableSlip` that
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
from typing import Any, TypeVar

from bridgedesk.errors import EntryError, ForbiddenError, Location
from bridgedesk.events.entry import make_result
from bridgedesk.services.slips import TableCorrection, TableSlip
from bridgedesk.store.terminals import Terminal
from bridgedesk.web.bodies import CorrectionBody, SlipBody, parsed

__all__ = ["canonical", "table_correction", "table_slip"]

#: The fields a table may repeat in a correction; they must be the stored ones.
FIXED = ("round", "board", "ns", "ew")

T = TypeVar("T")


def _needed(value: T | None, name: str) -> T:
    if value is None:
        raise EntryError(
            "{name!r} is missing", Location(input=name), code="request.missing", name=name
        )
    return value


def canonical(body: Mapping[str, Any]) -> str:
    """The digest of a request body (a retry with its ``Idempotency-Key`` sends the same)."""
    text = json.dumps(body, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8", "backslashreplace")).hexdigest()


def _check_terminal(terminal: Terminal, body: SlipBody) -> None:
    """A body naming a table or an event names the terminal's own."""
    if body.table is not None and body.table != terminal.table:
        raise EntryError(
            "this terminal is table {table}, not table {given}",
            Location(input="table"),
            code="table.other-table",
            table=terminal.table,
            given=body.table,
        )
    if body.event is not None and body.event != terminal.event_id:
        raise ForbiddenError(
            "this terminal belongs to event {event_id}",
            code="table.other-event",
            event_id=terminal.event_id,
        )


def table_slip(
    terminal: Terminal, body: Mapping[str, Any], key: str | None = None, pairs: bool = True
) -> TableSlip:
    """The slip a table's request describes, with its ``Idempotency-Key``."""
    slip = parsed(SlipBody, body)
    _check_terminal(terminal, slip)
    result = make_result(
        round=_needed(slip.round, "round"),
        table=terminal.table,
        board=_needed(slip.board, "board"),
        ns=_needed(slip.ns, "ns") if pairs else 1,
        ew=_needed(slip.ew, "ew") if pairs else 2,
        contract=_needed(slip.contract, "contract"),
        declarer=slip.declarer,
        result=slip.result,
        lead=slip.lead,
        section=terminal.section,
        session=terminal.session,
    )
    return TableSlip(terminal, result, key, canonical(body))


def table_correction(terminal: Terminal, body: Mapping[str, Any]) -> TableCorrection:
    """The correction a table's request describes (the round, board and pairs it repeats
    must be the stored ones)."""
    change = parsed(CorrectionBody, body)
    _check_terminal(terminal, change)
    given = {name: getattr(change, name) for name in FIXED if getattr(change, name) is not None}
    return TableCorrection(
        contract=_needed(change.contract, "contract"),
        declarer=change.declarer,
        result=change.result,
        lead=change.lead,
        given=given,
    )
