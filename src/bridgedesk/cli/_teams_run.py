"""What ``bridgedesk teams score`` does once its options are parsed: a team results file
read, scored and written by the writers ``bridgedesk results`` uses for a stored team
event (:func:`bridgedesk.services.publishing.write_team_event`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from bridgedesk.bridge.methods import Method
from bridgedesk.bridge.vp import get_scale, load_scale_file, scale_names
from bridgedesk.cli._srr_pairs_run import read
from bridgedesk.cli.results import echo
from bridgedesk.errors import BridgedeskError
from bridgedesk.reports.output import Output
from bridgedesk.results.teams import score_team_event
from bridgedesk.services.publishing import write_team_event


def run(
    file: Path,
    scoring: str | None,
    vp_scale: str | None,
    stock: int | None,
    fmt: Output,
    lang: str,
    out: Path | None,
    flights: Sequence[Path] = (),
    pairs_method: str = "mp",
) -> None:
    """Read, score and write (see :mod:`bridgedesk.cli.teams`)."""
    if fmt in (Output.HTML, Output.CSV) and out is None:
        raise BridgedeskError(f"--format {fmt.value} writes several files: give --out DIR")
    play, srr = read(file, flights, pairs_method)
    if scoring is not None:
        play = replace(play, scoring=Method(scoring))
    if stock is not None:
        play = replace(play, stock=stock)
    if vp_scale is not None:
        scale = get_scale(vp_scale) if vp_scale in scale_names() else load_scale_file(vp_scale)
        play = replace(play, vp_scale=scale)
    echo(write_team_event(score_team_event(play), fmt, lang, out, srr))
