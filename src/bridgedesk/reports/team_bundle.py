"""A team event's whole report set in one directory: what ``teams score --format html``,
``results EVENT --out DIR`` of a stored team event and ``demo --teams`` write.

The HTML pages of :mod:`bridgedesk.reports.teams` (standings with the
cross-table, scorecards, B-a-M recap, round sheet or bracket, Butler, index),
``standings.csv`` and ``matches.csv``, and ``results.json`` (the scored event,
:mod:`bridgedesk.formats.team_results_json`).  A PBN of both rooms' results
is not written yet (left to the team PBN writer when it comes).
"""

from __future__ import annotations

from pathlib import Path

from bridgedesk.formats import team_matches_csv, team_results_json, team_standings_csv
from bridgedesk.reports.teams import write_reports
from bridgedesk.results.team_model import ScoredTeamEvent

__all__ = ["write_all", "write_csv"]


def write_csv(event: ScoredTeamEvent, target: Path) -> list[Path]:
    """``standings.csv`` and ``matches.csv`` in ``target``."""
    return [
        team_standings_csv.dump(event, target / "standings.csv"),
        team_matches_csv.dump(event, target / "matches.csv"),
    ]


def write_all(event: ScoredTeamEvent, target: Path, lang: str = "en") -> list[Path]:
    """Every page and data file of ``event`` in ``target`` (created if need be)."""
    target.mkdir(parents=True, exist_ok=True)
    written = write_reports(event, target, lang)
    team_results_json.dump(event, target / "results.json")
    return [*written, *write_csv(event, target), target / "results.json"]
