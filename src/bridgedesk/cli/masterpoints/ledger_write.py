"""The ledger's writing commands: ``import`` (past awards from a CSV) and ``record``
(a stored event's awards, as ``award --json`` printed them, into the database)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from bridgedesk import reading
from bridgedesk.cli._options import ByOption, DbOption
from bridgedesk.cli._store import open_store, who
from bridgedesk.cli.masterpoints._app import app
from bridgedesk.cli.masterpoints._inputs import ranking_digest, recorded_awards
from bridgedesk.cli.masterpoints._options import LedgerOption
from bridgedesk.errors import Location, MasterpointError
from bridgedesk.formats.ledger_csv import load_awards
from bridgedesk.masterpoints.versions import RULE_VERSIONS
from bridgedesk.services.awards import RecordedAwards, record, rerecord
from bridgedesk.services.ledgers import open_ledger


@app.command("import")
def import_command(
    source: Annotated[Path, typer.Argument(help="CSV of past awards")],
    ledger: LedgerOption = None,
    db: DbOption = None,
) -> None:
    """Load past awards from a CSV into the ledger (members created as needed).  An
    award the ledger holds already (the same row) is not added again, so importing a
    file twice changes nothing; a file with a bad row is refused whole."""

    entries = load_awards(source)
    with open_ledger(ledger, db, write=True) as book:
        done = book.add_awards(entries)
    note = f"imported {done.recorded + done.held} awards into {ledger or 'the database'}"
    if done.skipped:
        note += f"; {done.skipped} were in the ledger already"
    typer.echo(note)


@app.command("record")
def record_command(
    awards_file: Annotated[
        Path | None,
        typer.Argument(
            help="the awards as `award --from-event ... --json` prints them ('-': stdin); "
            "without it, the event's awards are computed again and recorded"
        ),
    ] = None,
    event: Annotated[str, typer.Option(help="the stored event: its id or name")] = "",
    rules: Annotated[
        str | None,
        typer.Option(help="jcbl or sbf (default: the rules of the last recording, else jcbl)"),
    ] = None,
    reason: Annotated[str, typer.Option(help="why (kept in the audit log)")] = "",
    db: DbOption = None,
    version: Annotated[
        str | None, typer.Option(help="rule-set version (default: jcbl 2007, sbf 2014-2015)")
    ] = None,
    despite_disputes: Annotated[
        bool,
        typer.Option(
            "--despite-disputes",
            help="record although a result is under dispute (kept in the director's audit log)",
        ),
    ] = False,
    by: ByOption = None,
) -> None:
    """Write a stored event's awards into the ledger in the database, in one transaction.

    Re-recording the event replaces its awards (audited); the same awards again
    change nothing.  Players entered in the event under a member number join the
    ledger; other players' points are held until they join (000:141-151).  Without
    an awards file the event's awards are computed again under the rules (and SBF
    table) they were last recorded with: the one command that brings stale awards
    (a ruling since changed the ranking) up to date.  Refused while a result of the
    event is under dispute, unless --despite-disputes.

    Example: bridgedesk masterpoints record --event 3 --reason "board 5 fouled"
    """
    if not event:
        raise MasterpointError(
            "give --event: the stored event whose awards are recorded",
            Location(input="--event"),
            code="masterpoint.needs-event",
        )
    if rules is not None and rules not in RULE_VERSIONS:
        raise MasterpointError(
            "--rules must be jcbl or sbf, got {rules!r}",
            Location(input="--rules"),
            code="masterpoint.rules",
            rules=rules,
        )
    if awards_file is None:
        with open_store(db) as store:
            made = rerecord(store, event, who=who(by), reason=reason, rules=rules,
                            despite_disputes=despite_disputes)  # fmt: skip
        _say(made)
        return
    if rules is None:
        raise MasterpointError(
            "--rules must be jcbl or sbf (the rules of the awards file)",
            Location(input="--rules"),
            code="masterpoint.rules-of-file",
        )
    text = sys.stdin.read() if str(awards_file) == "-" else reading.read_text(awards_file)
    # recorded_awards names the award whose points are NaN or too large
    data = reading.loads_json(text, str(awards_file), finite_only=False)

    awards = recorded_awards(data, str(awards_file))
    with open_store(db) as store:
        made = record(
            store, event, awards, rules=rules, who=who(by), reason=reason,
            computed_from=ranking_digest(data, str(awards_file)),
            despite_disputes=despite_disputes, version=version,
        )  # fmt: skip
    _say(made)


def _say(made: RecordedAwards) -> None:
    done = made.done
    if made.note:
        typer.echo(made.note)
    if done.audit is None:
        typer.echo(
            f"event {done.event_id}: the same {done.recorded + done.held} awards are "
            "stored already; nothing changed"
        )
        return
    note = f"event {done.event_id}: recorded {done.recorded} awards"
    if done.held:
        note += f", {done.held} held for players not yet members"
    if done.replaced:
        note += f" (replacing {done.replaced}; audit {done.audit})"
    typer.echo(note)
