"""What ``bridgedesk teams score`` does once its options are parsed, and the writers
``bridgedesk results`` uses for a stored team event."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import typer

from bridgedesk.bridge.vp import get_scale, load_scale_file, scale_names
from bridgedesk.cli._paths import output_dir, output_file
from bridgedesk.errors import BridgedeskError
from bridgedesk.formats import team_results_json
from bridgedesk.reports import teams as team_reports
from bridgedesk.reports.team_bundle import write_all, write_csv
from bridgedesk.results.teams import ScoredTeamEvent, TeamScoring, score_team_event


def run(
    file: Path,
    scoring: str | None,
    vp_scale: str | None,
    stock: int | None,
    fmt: str,
    lang: str,
    out: Path | None,
) -> None:
    """Read, score and write (see :mod:`bridgedesk.cli.teams`)."""
    if fmt in ("html", "csv") and out is None:
        raise BridgedeskError(f"--format {fmt} writes several files: give --out DIR")
    play = team_results_json.load(file)
    if scoring is not None:
        play = replace(play, scoring=TeamScoring(scoring))
    if stock is not None:
        play = replace(play, stock=stock)
    if vp_scale is not None:
        scale = get_scale(vp_scale) if vp_scale in scale_names() else load_scale_file(vp_scale)
        play = replace(play, vp_scale=scale)
    write(score_team_event(play), fmt, lang, out)


def write(event: ScoredTeamEvent, fmt: str, lang: str, out: Path | None) -> None:
    """Print or write a scored team event: ``text``, ``json``, ``csv`` or ``html`` (the
    report set with its CSV and JSON files); ``bridgedesk results`` of a stored team
    event writes the same."""
    if fmt in ("html", "csv") and out is None:
        raise BridgedeskError(f"--format {fmt} writes several files: give --out DIR")
    if fmt == "json":
        if out is None:
            typer.echo(team_results_json.dumps(event), nl=False)
        else:
            team_results_json.dump(event, output_file(out))
        return
    if fmt == "text":
        typer.echo(team_reports.standings_text(event, lang), nl=False)
        return
    assert out is not None
    target = output_dir(out)
    written = write_csv(event, target) if fmt == "csv" else write_all(event, target, lang)
    for path in written:
        typer.echo(str(path))
