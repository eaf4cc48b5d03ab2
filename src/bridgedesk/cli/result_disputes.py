"""Disputed results from the command line, added to ``bridgedesk result``.

A table terminal raises a dispute about a result it entered (Law 79A-B, the
director is called); the console and these commands rule on it, with the same
functions of :mod:`bridgedesk.store.disputes`: ``result disputes EVENT`` lists a
section's disputes, open and resolved; ``result resolve EVENT DISPUTE --reason R``
confirms the result as entered, and with a corrected slip (``4S N =``,
``--adjusted A+/A-``, ``--lead``) corrects it as the director in the same
transaction.  Both rulings are audited; a refused one leaves the dispute open and
changes nothing.  This module is listed in ``_EXTENSIONS`` of :mod:`bridgedesk.cli`.
"""

from __future__ import annotations

from typing import Annotated

import typer

from bridgedesk import limits as limit
from bridgedesk.cli._options import (
    ByOption,
    CorrectedAdjustedOption,
    CorrectedLeadOption,
    DbOption,
    EventArg,
    SectionOption,
    SessionOption,
)
from bridgedesk.cli._store import open_store, who
from bridgedesk.cli.result import PASS_THROUGH, SlipArgs, app, split_slip
from bridgedesk.events.correction import corrected
from bridgedesk.services.rulings import rule_on_dispute
from bridgedesk.store.disputes import Dispute, DisputeError, disputes


def dispute_line(d: Dispute) -> str:
    """One dispute as a line: where, who called, and the ruling once there is one."""
    where = f"#{d.id:<4} result {d.result_id}  round {d.round} table {d.table} board {d.board}"
    called = f"raised by {d.raised_by} at {d.raised_at:%H:%M} UTC" + (
        f": {d.note}" if d.note else ""
    )
    if d.open:
        return f"{where}  OPEN  {called}"
    ruling = f"{d.resolution} by {d.resolved_by}: {d.reason}"
    if d.correction_id is not None:
        ruling += f" (correction {d.correction_id})"
    return f"{where}  {ruling}  [{called}]"


@app.command("disputes")
def list_disputes(
    event: EventArg,
    open_only: Annotated[bool, typer.Option("--open", help="Only those not yet ruled on.")] = False,
    section: SectionOption = "A",
    session: SessionOption = 1,
    db: DbOption = None,
) -> None:
    """List a section's disputed results (raised at the tables), open and resolved.

    Example: bridgedesk result disputes "Tuesday pairs" --open
    """
    with open_store(db) as store:
        found = disputes(store, event, section, session)
    shown = [d for d in found if d.open or not open_only]
    if not shown:
        typer.echo("no open disputes" if open_only else "no disputes")
        return
    for d in shown:
        typer.echo(dispute_line(d))


@app.command("resolve", context_settings=PASS_THROUGH)
def resolve(
    event: EventArg,
    dispute: Annotated[
        int,
        typer.Argument(
            min=1,
            max=limit.ROW_ID,
            help="The dispute's number (result disputes).",
            show_default=False,
        ),
    ],
    reason: Annotated[str, typer.Option("--reason", help="The ruling's reason (audited).")],
    slip: SlipArgs = None,
    lead: CorrectedLeadOption = None,
    adjusted: CorrectedAdjustedOption = None,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """Rule on a disputed result: confirm it as entered, or correct it (give the slip).

    Example: bridgedesk result resolve "Tuesday pairs" 3 --reason "claim checked: 10 tricks"

    Example: bridgedesk result resolve "Tuesday pairs" 3 4S N -1 --reason "9 tricks agreed"
    """
    contract, declarer, result = split_slip(slip)
    correcting = bool(slip) or lead is not None or adjusted is not None
    with open_store(db) as store:
        found = {d.id: d for ses, names in store.event(event).sections for sec in names
                 for d in disputes(store, event, sec, ses)}  # fmt: skip
        if dispute not in found:
            raise DisputeError(
                "event {event!r} has no dispute {dispute_id}",
                code="dispute.no-such-dispute",
                event=event,
                dispute_id=dispute,
            )
        new = None
        if correcting:
            rid = found[dispute].result_id
            stored = next((r for r in store.results(event) if r.id == rid), None)
            if stored is None:
                raise DisputeError(
                    "result {rid} of dispute {dispute} is deleted",
                    code="dispute.disputed-result-deleted",
                    rid=rid,
                    dispute=dispute,
                )
            new = corrected(
                stored.result, contract=contract, declarer=declarer, result=result,
                lead=lead, adjusted=adjusted,
            )  # fmt: skip
        cid = rule_on_dispute(store, event, dispute, who=who(by), reason=reason, new=new)
    if cid is None:
        typer.echo(f"dispute {dispute}: the result is confirmed as entered")
    else:
        assert new is not None
        typer.echo(f"dispute {dispute}: correction {cid}, the result is now {new.result_text}")


__all__ = ["dispute_line", "list_disputes", "resolve"]
