"""``bridgedesk demo``: a whole simulated club session, from entries to printed results.

See :mod:`bridgedesk.demo_session`.  The calculator's demonstration is
``bridgedesk calc demo``.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Annotated

import typer

from bridgedesk import demo_teams
from bridgedesk import limits as limit
from bridgedesk.cli._lang import LangOption, chosen
from bridgedesk.demo_individuals import run as run_individuals
from bridgedesk.demo_session import run
from bridgedesk.demo_sessions import run as sessions_run
from bridgedesk.events.creation import parse_date
from bridgedesk.reports.combined_text import combined_text
from bridgedesk.reports.session import ranking_text
from bridgedesk.reports.teams import standings_text


def command(
    pairs: Annotated[int, typer.Option("--pairs", min=4, max=60, help="Pairs present.")] = 13,
    teams: Annotated[
        int | None,
        typer.Option("--teams", min=4, max=40, help="Run a team event of N teams instead."),
    ] = None,
    team_format: Annotated[
        str,
        typer.Option("--format", help="With --teams: round-robin, swiss (VPs) or awl (B-a-M)."),
    ] = "round-robin",
    seed: Annotated[
        int,
        typer.Option("--seed", min=0, max=limit.SEED, help="Seed for deals, names and results."),
    ] = 1,
    out: Annotated[Path, typer.Option("--out", help="Directory for the reports.")] = Path(
        "bridgedesk-demo"
    ),
    db: Annotated[
        Path | None,
        typer.Option("--db", help="SQLite file to keep the event in (default: a temporary one)."),
    ] = None,
    lang: LangOption = None,
    dd: Annotated[
        bool, typer.Option("--dd/--no-dd", help="Solve the deals double dummy (par, hand records).")
    ] = True,
    sessions: Annotated[
        int,
        typer.Option(
            "--sessions",
            min=1,
            max=limit.SESSIONS,
            help="Sessions: 2 or more plays the JCBL plan with renumbering and a combined ranking.",
        ),
    ] = 1,
    individuals: Annotated[
        int | None,
        typer.Option(
            "--individuals", min=8, max=19, help="Play an individual of N players instead."
        ),
    ] = None,
    date: Annotated[
        str | None, typer.Option("--date", help="The event's date YYYY-MM-DD (default: today).")
    ] = None,
) -> None:
    """Run a simulated club session end to end and write its full report set.

    Creates an event in SQLite, enters the pairs, chooses the recommended movement
    (13 pairs: a Howell with a phantom), deals and solves the boards, simulates
    every table's result, enters them through the checked service layer, scores,
    and writes ranking, recap, travellers, score sheets, hand records, CSV, JSON,
    PBN and USEBIO into --out.

    Example: bridgedesk demo --pairs 18 --seed 7 --out demo18 --lang ja

    Example: bridgedesk demo --teams 12 --format swiss --seed 3 --out swiss12

    Example: bridgedesk demo --pairs 26 --sessions 2 --out demo26 (two sessions,
    the pairs renumbered between them, the combined ranking)

    Example: bridgedesk demo --individuals 12 --out demo-individual (an individual event,
    004:1576-1614: players ranked alone)
    """
    day = parse_date(date) if date is not None else dt.date.today()
    if teams is not None:
        run_teams(teams, team_format, seed, out, db, chosen(lang), day)
        return

    if sessions > 1:  # bridgedesk.demo_sessions
        several(pairs, sessions, seed, out, db, chosen(lang), day)
        return
    if individuals is not None:
        result = run_individuals(
            individuals, seed=seed, out=out, db=db, lang=chosen(lang), dd=dd, date=day
        )
    else:
        result = run(pairs=pairs, seed=seed, out=out, db=db, lang=chosen(lang), dd=dd, date=day)
    typer.echo(f"{result.movement}; {len(result.scored.travellers)} boards")
    typer.echo(ranking_text(result.scored, chosen(lang)), nl=False)
    typer.echo("")
    if result.db is None:
        typer.echo("the event was kept in a temporary database, now deleted (--db FILE keeps it)")
    else:
        typer.echo(f"event {result.event_id} stored in {result.db}")
    typer.echo(f"reports in {out}/ (open {out / 'index.html'}):")
    for path in result.files:
        typer.echo(f"  {path.name}")
    typer.echo(f"done in {result.timings['total']:.1f} s")


def several(
    pairs: int, sessions: int, seed: int, out: Path, db: Path | None, lang: str, day: dt.date
) -> None:
    """``demo --sessions N``: the event of :mod:`bridgedesk.demo_sessions`."""
    made = sessions_run(
        pairs=pairs, sessions=sessions, seed=seed, out=out, db=db, lang=lang, date=day
    )
    typer.echo(made.plan)
    if made.scored.combined is not None:
        typer.echo(combined_text(made.scored.combined, lang), nl=False)
    if made.db is None:
        typer.echo("the event was kept in a temporary database, now deleted (--db FILE keeps it)")
    else:
        typer.echo(f"event {made.event_id} stored in {made.db}")
    typer.echo(f"reports in {out}/ (open {out / 'combined.html'}): {len(made.files)} files")
    typer.echo(f"done in {made.seconds:.1f} s")


def run_teams(
    teams: int, form: str, seed: int, out: Path, db: Path | None, lang: str,
    date: dt.date | None = None,
) -> None:  # fmt: skip
    """``demo --teams N``: run the demonstration team event and say what it wrote."""
    made = demo_teams.run(teams=teams, form=form, seed=seed, out=out, db=db, lang=lang, date=date)
    typer.echo(f"{made.draw}; {made.slips} room results entered")
    typer.echo(standings_text(made.scored, lang), nl=False)
    if made.db is None:
        typer.echo("the event was kept in a temporary database, now deleted (--db FILE keeps it)")
    else:
        typer.echo(f"event {made.event_id} stored in {made.db}")
    typer.echo(f"reports in {out}/ (open {out / 'index.html'}):")
    for path in made.files:
        typer.echo(f"  {path.name}")
    typer.echo(f"done in {made.timings['total']:.1f} s")
