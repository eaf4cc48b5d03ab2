"""``bridgedesk teams``: score a team event's results file and write its reports.

``bridgedesk teams score FILE`` reads the team results JSON
(:mod:`bridgedesk.formats.team_results_json`: teams, rounds of matches, each
board's two rooms), scores it (IMPs, VPs, B-a-M, B-a-M + VP or McCallum) and
prints the standings as text, the scored event as JSON, two CSV files, the
matches as PBN (both rooms of every board) or the HTML report set.  What it
does once parsed is in :mod:`bridgedesk.cli._teams_run`.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from bridgedesk.cli._lang import LangOption, chosen
from bridgedesk.cli._teams_run import run

app = typer.Typer(help="Team events: score a results file.", no_args_is_help=True)


class TeamFormat(StrEnum):
    text = "text"
    json = "json"
    csv = "csv"
    html = "html"
    pbn = "pbn"


class TeamScoringOpt(StrEnum):
    imp = "imp"
    vp = "vp"
    bam = "bam"
    bam_vp = "bam-vp"
    mccallum = "mccallum"


class PairsMethod(StrEnum):
    mp = "mp"
    butler = "butler"
    ximp = "ximp"


@app.callback()
def _group() -> None:
    """Team events: score a results file."""


@app.command()
def score(
    file: Annotated[Path, typer.Argument(help="The team results JSON (docs/teams.md).")],
    scoring: Annotated[
        TeamScoringOpt | None,
        typer.Option(help="imp, vp, bam, bam-vp or mccallum (default: the file's, else vp)."),
    ] = None,
    vp_scale: Annotated[
        str | None,
        typer.Option(help="A VP scale name (wbf2013, wbf25, 29-0 ...) or a scale file."),
    ] = None,
    stock: Annotated[
        int | None, typer.Option(help="McCallum stock: 30, 40, 50 or 60 (004:2615).")
    ] = None,
    fmt: Annotated[TeamFormat, typer.Option("--format", help="Output format.")] = TeamFormat.text,
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
        PairsMethod,
        typer.Option(help="SRR teams + pairs: rank the pairs by mp, butler or ximp."),
    ] = PairsMethod.mp,
) -> None:
    """Score a team event's results: matches, standings, cross-table, Butler for pairs.

    Example: bridgedesk teams score autumn.json --scoring vp --format html --out autumn/
    """
    run(
        file, None if scoring is None else scoring.value, vp_scale, stock, fmt.value,
        chosen(lang), out, flight or (), pairs_method.value,
    )  # fmt: skip
