"""``bridgedesk teams``: score a team event's results file and write its reports.

``bridgedesk teams score FILE`` reads the team results JSON
(:mod:`bridgedesk.formats.team_results_json`: teams, rounds of matches, each
board's two rooms), scores it (IMPs, VPs, B-a-M, B-a-M + VP or McCallum) and
prints the standings as text, the scored event as JSON, two CSV files, the
matches as PBN (both rooms of every board) or the HTML report set.  What it
does once parsed is :func:`bridgedesk.services.file_scores.team_file_scores`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from bridgedesk.bridge.methods import Method
from bridgedesk.cli._lang import LangOption, chosen
from bridgedesk.cli._options import VpScaleOption
from bridgedesk.cli.results import echo
from bridgedesk.errors import BridgedeskError
from bridgedesk.reports.output import Output
from bridgedesk.services.file_scores import team_file_scores
from bridgedesk.services.publishing import write_team_event

app = typer.Typer(help="Team events: score a results file.", no_args_is_help=True)


@app.callback()
def _group() -> None:
    """Team events: score a results file."""


@app.command()
def score(
    file: Annotated[Path, typer.Argument(help="The team results JSON (docs/teams.md).")],
    scoring: Annotated[
        Method | None,
        typer.Option(help="imp, vp, bam, bam-vp or mccallum (default: the file's, else vp)."),
    ] = None,
    vp_scale: VpScaleOption = None,
    stock: Annotated[
        int | None,
        typer.Option(min=30, max=60, help="McCallum stock: 30, 40, 50 or 60 (004:2615)."),
    ] = None,
    fmt: Annotated[
        Output, typer.Option("--format", help="text, json, csv, pbn or html.")
    ] = Output.TEXT,
    lang: LangOption = None,
    out: Annotated[
        Path | None,
        typer.Option(help="Directory for html and csv (json, pbn: a file); default: print."),
    ] = None,
    flight: Annotated[
        list[Path] | None,
        typer.Option(
            help="SRR teams + pairs: another flight's results file whose pairs share the "
            "pair field (004:2649-2651); repeat for more."
        ),
    ] = None,
    pairs_method: Annotated[
        Method,
        typer.Option(help="SRR teams + pairs: rank the pairs by mp, butler or ximp."),
    ] = Method.MP,
) -> None:
    """Score a team event's results: matches, standings, cross-table, Butler for pairs.

    Example: bridgedesk teams score autumn.json --scoring vp --format html --out autumn/
    """
    if fmt in (Output.HTML, Output.CSV) and out is None:
        raise BridgedeskError(
            "--format {format} writes several files: give --out DIR",
            code="teams.needs-out-dir",
            format=fmt.value,
        )
    event, pairs = team_file_scores(file, scoring, vp_scale, stock, flight or (), pairs_method)
    echo(write_team_event(event, fmt, chosen(lang), out, pairs))
