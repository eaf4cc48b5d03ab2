"""The ledger's reading commands: ``statement``, ``ranks``, ``list`` and ``annual``."""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Annotated, Any

import typer

from bridgedesk.cli._options import DbOption, JsonOption
from bridgedesk.cli.masterpoints import _views as views
from bridgedesk.cli.masterpoints._app import app
from bridgedesk.cli.masterpoints._options import LedgerOption
from bridgedesk.errors import Location, MasterpointError
from bridgedesk.services.awards import stale_awards
from bridgedesk.services.ledgers import open_ledger, parse_day, read_ledger
from bridgedesk.store.service import Store


def warn_stale(ledger: Path | None, db: str | None, events: set[str]) -> None:
    """On standard error: each stored event among ``events`` (their names) whose recorded
    awards a later ruling has made stale, with the command that records them again."""
    if ledger is not None:
        return  # a ledger file keeps no stored events
    with Store.open(db) as store:
        found = stale_awards(store)
    for eid, name, status in found:
        if name in events or any(e.startswith(f"{name} (session ") for e in events):
            typer.echo(
                f"note: event {eid} ({name}): its recorded awards are stale (a ruling or "
                f"correction since has changed its ranking); record them again: "
                f"{status.command}",
                err=True,
            )


@app.command("statement")
def statement_command(
    period: Annotated[str, typer.Option(help="YYYY-MM")],
    ledger: LedgerOption = None,
    db: DbOption = None,
    member: Annotated[
        str | None,
        typer.Option(help="member number (default: every member with awards in the period)"),
    ] = None,
    rules: Annotated[
        str, typer.Option(help="jcbl (the MP card of 000:56-84) or sbf (points and class)")
    ] = "jcbl",
    as_json: JsonOption = False,
) -> None:
    """Print monthly statements: one member's, or the month's mailing, every member who
    earned points in the period.  JCBL: the MP card (000:56-84); SBF: the month's bp /
    sp / gp, the holding and the master class with its stars (001:67-132)."""

    year, month = views.period(period)
    sbf = views.rule_set(rules) == "sbf"
    if member is not None:  # one member: read only that member's awards
        with open_ledger(ledger, db) as live:
            statements: list[Any] = [
                live.sbf_statement(member, year, month)
                if sbf
                else live.statement(member, year, month)
            ]
    else:
        book = read_ledger(ledger, db)
        members = book.members_with_awards(rules, year, month)
        statements = [
            book.sbf_statement(m, year, month) if sbf else book.statement(m, year, month)
            for m in members
        ]
    warn_stale(ledger, db, {line[1] for x in statements for line in x.lines})
    if as_json:
        docs = [views.sbf_statement_json(x) if sbf else views.statement_json(x) for x in statements]
        typer.echo(json.dumps(docs, ensure_ascii=False))
        return
    typer.echo("\n".join(x.render() if sbf else x.render_ja() for x in statements), nl=False)


@app.command("ranks")
def ranks_command(
    ledger: LedgerOption = None,
    db: DbOption = None,
    on: Annotated[str | None, typer.Option(help="date YYYY-MM-DD (default: all awards)")] = None,
    since: Annotated[
        str | None,
        typer.Option(help="list only members whose rank / class changed after YYYY-MM-DD"),
    ] = None,
    rules: Annotated[
        str, typer.Option(help="jcbl (MP list and ranks) or sbf (classes, ranking points)")
    ] = "jcbl",
    as_json: JsonOption = False,
) -> None:
    """The MP list: every member's totals and rank (JCBL) or master class with its stars
    and ranking points (SBF: the 24 months up to --on or today, by the award's ledger
    kind); with --since, the members promoted in the period (for certificates)."""

    views.rule_set(rules)
    day = parse_day(on, "--on") if on else date.max
    before = parse_day(since, "--since") if since else None
    book = read_ledger(ledger, db)
    if rules == "jcbl":
        rows = views.jcbl_ranks(book, day, before)
    else:
        rows = views.sbf_ranks(book, day, before, day if on else date.today())
    if as_json:
        typer.echo(json.dumps(rows, ensure_ascii=False))
        return
    if rows:
        typer.echo("\t".join(rows[0]))
    for r in rows:
        typer.echo("\t".join("" if v is None else str(v) for v in r.values()))


@app.command("list")
def list_command(
    ledger: LedgerOption = None,
    db: DbOption = None,
    member: Annotated[str | None, typer.Option(help="only this member's awards")] = None,
    event: Annotated[str | None, typer.Option(help="only awards of this event name")] = None,
    held: Annotated[bool, typer.Option(help="list the awards held for non-members")] = False,
    as_json: JsonOption = False,
) -> None:
    """List the ledger's awards: date, member, event, rules and version, points, reason."""
    with open_ledger(ledger, db) as book:
        repo = book.repository
        entries = list(repo.pending(member) if held else repo.awards(member))
    if event is not None:
        entries = [e for e in entries if e.event == event]
    entries.sort(key=lambda e: (e.day, e.member))
    warn_stale(ledger, db, {e.event for e in entries})
    rows = [
        {
            "member": e.member,
            "date": e.day.isoformat(),
            "event": e.event,
            "rules": e.rules,
            "version": e.version,
            "points": str(e.points),
            "colour": e.colour,
            "place": e.place,
            "kind": e.kind,
            "reason": e.reason,
        }
        for e in entries
    ]
    if as_json:
        typer.echo(json.dumps(rows, ensure_ascii=False))
        return
    for r in rows:
        typer.echo("\t".join("" if v is None else str(v) for v in r.values()))


@app.command("annual")
def annual_command(
    year: Annotated[int, typer.Option(min=2, max=9999, help="the award year")],
    ledger: LedgerOption = None,
    db: DbOption = None,
    deemed: Annotated[
        list[str] | None,
        typer.Option(help="MEMBER=MP: a member's deemed MP (transfers, 000:163)"),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """The JCBL annual award winners (000:110-126): best player (most RP), best
    newcomer (under 20 MP at the start of the year) and most MP per rank."""
    levels: dict[str, Decimal] = {}
    for item in deemed or []:
        who_, sep, value = item.partition("=")
        try:
            if not sep or not who_.strip():
                raise InvalidOperation
            level = Decimal(value)
        except InvalidOperation:
            raise MasterpointError(
                "--deemed takes MEMBER=MP, got {item!r}",
                Location(input="--deemed"),
                code="masterpoint.deemed-format",
                item=item,
            ) from None
        if not level.is_finite() or level < 0:
            raise MasterpointError(
                "--deemed MP must be a number of 0 or more, got {value!r}",
                Location(input="--deemed"),
                code="masterpoint.deemed-number",
                value=value,
            )
        levels[who_.strip()] = level
    winners = read_ledger(ledger, db).annual_awards(year, levels)
    doc = {
        "year": winners.year,
        "best_player": list(winners.best_player),
        "best_newcomer": list(winners.best_newcomer),
        "by_rank": {rank: list(ms) for rank, ms in winners.by_rank.items()},
    }
    if as_json:
        typer.echo(json.dumps(doc, ensure_ascii=False))
        return
    typer.echo(f"best player      {' '.join(winners.best_player) or '-'}")
    typer.echo(f"best newcomer    {' '.join(winners.best_newcomer) or '-'}")
    for rank, members in winners.by_rank.items():
        typer.echo(f"{rank:<16} {' '.join(members) or '-'}")
