"""What ``bridgedesk teams score`` does once its options are parsed, and the writers
``bridgedesk results`` uses for a stored team event."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import typer

from bridgedesk.bridge.methods import Method
from bridgedesk.bridge.vp import get_scale, load_scale_file, scale_names
from bridgedesk.cli._paths import output_dir, output_file
from bridgedesk.cli._srr_pairs_run import SrrRun, pairs_dicts, read
from bridgedesk.deals.deal import Deal
from bridgedesk.errors import BridgedeskError
from bridgedesk.formats import pbn_team_matches, srr_pairs_csv, team_results_json
from bridgedesk.reports import srr_pairs as srr_reports
from bridgedesk.reports import teams as team_reports
from bridgedesk.reports.team_bundle import write_all, write_csv
from bridgedesk.results.teams import ScoredTeamEvent, score_team_event


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
        play = replace(play, scoring=Method(scoring))
    if stock is not None:
        play = replace(play, stock=stock)
    if vp_scale is not None:
        scale = get_scale(vp_scale) if vp_scale in scale_names() else load_scale_file(vp_scale)
        play = replace(play, vp_scale=scale)
    write(score_team_event(play), fmt, lang, out, srr)


def write(
    event: ScoredTeamEvent,
    fmt: str,
    lang: str,
    out: Path | None,
    srr: SrrRun | None = None,
    deals: Mapping[int, Deal] | None = None,
    json_extra: Mapping[str, Any] | None = None,
    links: Sequence[tuple[str, str]] = (),
) -> None:
    """Print or write a scored team event: ``text``, ``json``, ``pbn``, ``csv`` or
    ``html`` (the report set with its CSV, JSON and PBN files; ``deals`` go into the
    PBN); ``bridgedesk results`` of a stored team event writes the same, with
    ``json_extra`` (its sessions) in the JSON."""
    if fmt in ("html", "csv") and out is None:
        raise BridgedeskError(f"--format {fmt} writes several files: give --out DIR")
    data = team_results_json.to_dict(event)
    if srr is not None:
        data["srr_pairs"] = pairs_dicts(srr.pairs)
    data.update(json_extra or {})
    text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    if fmt == "json":
        if out is None:
            typer.echo(text, nl=False)
        else:
            output_file(out).write_text(text, encoding="utf-8")
        return
    if fmt == "pbn":
        if out is None:
            typer.echo(pbn_team_matches.dumps(event, deals, newline="\n"), nl=False)
        else:
            typer.echo(str(pbn_team_matches.dump(event, output_file(out), deals)))
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
        written = write_csv(event, target)
    else:
        extra = {}
        if srr is not None:
            extra["srr_pairs"] = srr_reports.pairs_html(event, srr.pairs, srr.method, lang)
        written = write_all(event, target, lang, extra, deals, links)
        (target / "results.json").write_text(text, encoding="utf-8")
    if srr is not None:
        written.append(srr_pairs_csv.dump(srr.pairs, target / "srr_pairs.csv"))
    for path in written:
        typer.echo(str(path))
