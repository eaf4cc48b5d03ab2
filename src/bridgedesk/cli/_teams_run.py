"""What ``bridgedesk teams score`` does once its options are parsed."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import typer

from bridgedesk.bridge.vp import get_scale, load_scale_file, scale_names
from bridgedesk.cli._paths import output_dir, output_file
from bridgedesk.cli._srr_pairs_run import pairs_dicts, read
from bridgedesk.errors import BridgedeskError
from bridgedesk.formats import (
    pbn_team_matches,
    team_matches_csv,
    team_results_json,
    team_standings_csv,
)
from bridgedesk.reports import srr_pairs as srr_reports
from bridgedesk.reports import teams as team_reports
from bridgedesk.results.teams import ScoredTeamEvent, TeamScoring, score_team_event


def _csv(event: ScoredTeamEvent, target: Path) -> list[Path]:
    return [
        team_standings_csv.dump(event, target / "standings.csv"),
        team_matches_csv.dump(event, target / "matches.csv"),
    ]


def run(
    file: Path,
    scoring: str | None,
    vp_scale: str | None,
    stock: int | None,
    fmt: str,
    lang: str,
    out: Path | None,
    flights: Sequence[Path] = (),
    pairs_method: str = "mp",
) -> None:
    """Read, score and write (see :mod:`bridgedesk.cli.teams`)."""
    if fmt in ("html", "csv") and out is None:
        raise BridgedeskError(f"--format {fmt} writes several files: give --out DIR")
    play, srr = read(file, flights, pairs_method)
    if scoring is not None:
        play = replace(play, scoring=TeamScoring(scoring))
    if stock is not None:
        play = replace(play, stock=stock)
    if vp_scale is not None:
        scale = get_scale(vp_scale) if vp_scale in scale_names() else load_scale_file(vp_scale)
        play = replace(play, vp_scale=scale)
    event = score_team_event(play)
    if fmt == "json":
        data = team_results_json.to_dict(event)
        if srr is not None:
            data["srr_pairs"] = pairs_dicts(srr.pairs)
        text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
        if out is None:
            typer.echo(text, nl=False)
        else:
            output_file(out).write_text(text, encoding="utf-8")
        return
    if fmt == "pbn":
        if out is None:
            typer.echo(pbn_team_matches.dumps(event, newline="\n"), nl=False)
        else:
            typer.echo(str(pbn_team_matches.dump(event, output_file(out))))
        return
    if fmt == "text":
        typer.echo(team_reports.standings_text(event, lang), nl=False)
        if event.butler:
            typer.echo("")
            typer.echo(team_reports.butler_text(event, lang), nl=False)
        if srr is not None:
            typer.echo("")
            typer.echo(srr_reports.pairs_text(srr.pairs, srr.method, lang), nl=False)
        return
    assert out is not None
    target = output_dir(out)
    if fmt == "csv":
        written = _csv(event, target)
    else:
        extra = {}
        if srr is not None:
            extra["srr_pairs"] = srr_reports.pairs_html(event, srr.pairs, srr.method, lang)
        written = team_reports.write_reports(event, target, lang, extra)
        team_results_json.dump(event, target / "results.json")
        pbn_team_matches.dump(event, target / "results.pbn")
        written += [*_csv(event, target), target / "results.json", target / "results.pbn"]
    for path in written:
        typer.echo(str(path))
