"""``bridgedesk simultaneous``: one deal set played by many clubs, scored across the field
(docs/simultaneous.md).

The organiser's commands (on the federation's store): ``new`` (the event and its deal
set), ``heat`` (a club's heat and its token), ``list``, ``import`` (a heat's file:
bridgedesk's export, USEBIO or PBN), ``audit``, ``results`` and ``awards``.  A club's
(on its own store): ``export`` (its heat to a file) and ``upload`` (its heat to the
organiser's server, with its token).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from bridgedesk import limits as limit
from bridgedesk.cli._lang import LangOption, chosen
from bridgedesk.cli._options import (
    ByOption,
    DbOption,
    EventArg,
    FormatOption,
    JsonOption,
    OutDirOption,
)
from bridgedesk.cli._store import open_store, who
from bridgedesk.cli.results import echo
from bridgedesk.formats import heat_files, heat_json
from bridgedesk.reports.output import Output
from bridgedesk.services import heat_export, heat_uploads, simultaneous, simultaneous_scores
from bridgedesk.store import movements_repo
from bridgedesk.store import simultaneous as store

app = typer.Typer(
    help="Simultaneous events: heats at many clubs, scored across the whole field.",
    no_args_is_help=True,
)


@app.command("new")
def new(
    name: Annotated[str, typer.Argument(help="The event's name.", show_default=False)],
    deals: Annotated[Path, typer.Option("--deals", help="The deal set: a PBN or HND file.")],
    date: Annotated[str | None, typer.Option("--date", help="Date YYYY-MM-DD.")] = None,
    club: Annotated[str, typer.Option("--club", help="The organiser.")] = "",
    rating: Annotated[
        str, typer.Option("--rating", help="The event's rating (as for `event new`).")
    ] = "regional",
    deadline: Annotated[
        str | None,
        typer.Option("--deadline", help="Corrections until YYYY-MM-DDTHH:MM (UTC or +09:00)."),
    ] = None,
    masterpoints: Annotated[
        str,
        typer.Option(
            "--masterpoints", help="jcbl:RATING (red points overall), sbf:A, sbf:D or none."
        ),
    ] = "none",
    db: DbOption = None,
) -> None:
    """Create a simultaneous event with its deal set (the organiser, on the federation's store).

    Example: bridgedesk simultaneous new "Japan sim 2026" --deals sim.pbn --date 2026-11-24
    --deadline 2026-11-30T23:59+09:00 --masterpoints jcbl:regional
    """
    asked = simultaneous.NewSimultaneous(name, deals, date, club, rating, deadline, masterpoints)
    with open_store(db) as db_store:
        eid = simultaneous.create_simultaneous(db_store, asked)
        boards = sorted(movements_repo.deals(db_store, eid))
    typer.echo(f"event {eid}: {name}, a simultaneous event of {len(boards)} boards")


@app.command("heat")
def heat(
    event: EventArg,
    club: Annotated[str, typer.Option("--club", help="The club that plays the heat.")],
    movement: Annotated[
        str | None, typer.Option("--movement", help="The movement family it will play.")
    ] = None,
    tables: Annotated[
        int | None, typer.Option("--tables", min=1, max=limit.TABLES, help="Its tables.")
    ] = None,
    number: Annotated[
        int | None, typer.Option("--number", min=1, max=limit.ENTRY_NUMBER, help="Heat number.")
    ] = None,
    db: DbOption = None,
) -> None:
    """Register a club's heat; prints its token (shown once: give it to the club)."""
    with open_store(db) as db_store:
        got, token = simultaneous.add_heat(
            db_store, event, club, kind=movement, tables=tables, number=number
        )
    typer.echo(f"heat {got}: {club}")
    typer.echo(f"token: {token}")


@app.command("list")
def list_events(
    event: Annotated[str | None, typer.Argument(help="An event: list its heats.")] = None,
    db: DbOption = None,
) -> None:
    """List the simultaneous events, or one event's heats and what each has sent."""
    with open_store(db) as db_store:
        if event is None:
            for eid, name, day, count in store.simultaneous_events(db_store):
                typer.echo(f"{eid:>4}  {day}  {name}  ({count} heats)")
            return
        for h in store.heats(db_store, event):
            tables = f"{h.tables} tables" if h.tables else ""
            said = " ".join(x for x in (h.kind or "", tables) if x)
            sent = "nothing sent yet"
            if h.uploaded_at is not None:
                sent = (
                    f"{h.results} results from {h.source} ({h.uploaded_by}, "
                    f"{h.uploaded_at:%Y-%m-%d %H:%M})"
                )
            typer.echo(f"heat {h.number:>3}  {h.club}  {said}  {sent}")


@app.command("export")
def export(
    event: EventArg,
    out: Annotated[Path, typer.Option("--out", help="The file to write (JSON).")],
    db: DbOption = None,
) -> None:
    """Write a club's heat (its stored event) as bridgedesk's heat export, for the organiser."""
    with open_store(db) as db_store:
        found = heat_export.heat_of_event(db_store, event)
    heat_json.dump(found, out)
    typer.echo(f"{out}: {len(found.lines)} results of {len(found.pairs)} pairs")


@app.command("upload")
def upload(
    url: Annotated[str, typer.Argument(help="The organiser's address for the event's heats.")],
    event: Annotated[str, typer.Option("--event", help="The club's event (id or name).")],
    token: Annotated[str, typer.Option("--token", help="The heat's token, from the organiser.")],
    db: DbOption = None,
) -> None:
    """Send a club's heat to the organiser's server with its token.

    Example: bridgedesk simultaneous upload https://jcbl.example/api/simultaneous/3/upload
    --event "Tuesday sim" --token 3bY...
    """
    with open_store(db) as db_store:
        found = heat_export.heat_of_event(db_store, event)
    sent = heat_export.send(found, url, token)
    typer.echo(f"heat {sent.heat}: {sent.outcome}, {sent.results} results")


@app.command("import")
def import_file(
    event: EventArg,
    file: Annotated[Path, typer.Argument(help="The heat's results: JSON export, USEBIO or PBN.")],
    heat_number: Annotated[
        int, typer.Option("--heat", min=1, max=limit.ENTRY_NUMBER, help="The heat.")
    ],
    reason: Annotated[
        str, typer.Option("--reason", help="After the deadline: why (kept in the audit).")
    ] = "",
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """Import a heat's results from the file its club sent (the organiser)."""
    found = heat_files.load(file)
    with open_store(db) as db_store:
        done = heat_uploads.import_heat(
            db_store, event, heat_number, found, who=who(by), reason=reason
        )
    typer.echo(f"heat {done.heat}: {done.outcome}, {done.results} results")


@app.command("audit")
def audit(event: EventArg, db: DbOption = None) -> None:
    """Every upload that stored or changed a heat's results."""
    with open_store(db) as db_store:
        rows = store.uploads(db_store, event)
    for u in rows:
        late = f"  after the deadline: {u.reason}" if u.after_deadline else ""
        was = "new" if u.old is None else f"replaced {u.old[:12]}"
        typer.echo(
            f"{u.at:%Y-%m-%d %H:%M:%S}  heat {u.heat:>3}  {u.who}  {u.source}  {u.results} "
            f"results  {was} -> {u.new[:12]}{late}"
        )


@app.command("results")
def results(
    event: EventArg,
    fmt: FormatOption = Output.TEXT,
    out: OutDirOption = None,
    heat_number: Annotated[
        int | None, typer.Option("--heat", min=1, max=limit.ENTRY_NUMBER, help="One heat.")
    ] = None,
    dd: Annotated[
        bool, typer.Option("--dd", help="Solve double dummy and par for the booklet.")
    ] = False,
    lang: LangOption = None,
    db: DbOption = None,
) -> None:
    """The national ranking (text, json) or every page and the booklet (html).

    Example: bridgedesk simultaneous results "Japan sim 2026" --out sim/ --dd --lang ja
    """
    if out is not None and fmt is Output.TEXT:
        fmt = Output.HTML
    with open_store(db) as db_store:
        done = simultaneous_scores.publish_field(
            db_store, event, fmt, chosen(lang), out, heat=heat_number, dd=dd
        )
    echo(done)


@app.command("awards")
def awards(
    event: EventArg,
    record: Annotated[bool, typer.Option("--record", help="Record them in the ledger.")] = False,
    reason: Annotated[
        str, typer.Option("--reason", help="Why (kept in the ledger's audit log).")
    ] = "simultaneous event awards",
    as_json: JsonOption = False,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """The masterpoints of the event's rules (JCBL 000:232, SBF 001:441-455)."""
    with open_store(db) as db_store:
        found = simultaneous_scores.field_awards(db_store, event)
        if record:
            done = simultaneous_scores.record_field_awards(
                db_store, event, who=who(by), reason=reason
            )
    rows = [(None, a) for a in found.overall] + [(h, a) for h, got in found.heats for a in got]
    if as_json:
        typer.echo(json.dumps(
            [{"heat": h, "member": a.member, "pair": a.competitor, "place": a.place,
              "points": str(a.points), "colour": a.colour, "reason": a.reason}
             for h, a in rows],
            ensure_ascii=False, indent=1,
        ))  # fmt: skip
    else:
        for h, a in rows:
            where = "common list" if h is None else f"heat {h}"
            typer.echo(f"{where:>12}  {a.place:>4}  {a.competitor:>8}  {a.member:>10}  "
                       f"{a.points} {a.colour}")  # fmt: skip
    if record:
        typer.echo(f"recorded {done.recorded} awards ({done.held} held)", err=as_json)
