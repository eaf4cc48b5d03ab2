"""The missing-slip report the results commands share (004:3838-3846)."""

from __future__ import annotations

from collections.abc import Sequence

import typer

from bridgedesk.errors import BridgedeskError
from bridgedesk.i18n import phrase


def report_missing(slips: Sequence[str], planned: int, final: bool, hint: str) -> str:
    """List ``slips`` (each missing slip described) on standard error; with ``final``
    refuse, else return the line that marks the ranking provisional ("" when none)."""
    if not slips:
        return ""
    for slip in slips:
        typer.echo(phrase("missing slip: {slip}", slip=slip), err=True)
    count = phrase("{missing} of {planned} slips missing", missing=len(slips), planned=planned)
    if final:
        raise BridgedeskError(
            "the results cannot be final: {count} (listed above); enter them, or "
            "mark a board not played with `{hint}`",
            code="results.not-final",
            count=count,
            hint=hint,
        )
    return phrase("PROVISIONAL: {count}", count=count)
