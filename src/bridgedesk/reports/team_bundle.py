"""A team event's whole report set in one directory: what ``teams score --format html``,
``results EVENT --out DIR`` of a stored team event and ``demo --teams`` write.

The HTML pages of :mod:`bridgedesk.reports.teams` (standings with the
cross-table, scorecards, team sheets, B-a-M recap, round sheet or bracket,
Butler, index, and any ``extra`` page), ``standings.csv`` and ``matches.csv``,
``results.json`` (the scored event, :mod:`bridgedesk.formats.team_results_json`)
and ``results.pbn`` (both rooms of every match,
:mod:`bridgedesk.formats.pbn_team_matches`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from bridgedesk.deals.deal import Deal
from bridgedesk.formats import (
    pbn_team_matches,
    team_matches_csv,
    team_results_json,
    team_standings_csv,
)
from bridgedesk.reports.teams import write_reports
from bridgedesk.results.team_model import ScoredTeamEvent

__all__ = ["write_all", "write_csv"]


def write_csv(event: ScoredTeamEvent, target: Path) -> list[Path]:
    """``standings.csv`` and ``matches.csv`` in ``target``."""
    return [
        team_standings_csv.dump(event, target / "standings.csv"),
        team_matches_csv.dump(event, target / "matches.csv"),
    ]


def write_all(
    event: ScoredTeamEvent,
    target: Path,
    lang: str = "en",
    extra: Mapping[str, str] | None = None,
    deals: Mapping[int, Deal] | None = None,
    links: Sequence[tuple[str, str]] = (),
) -> list[Path]:
    """Every page and data file of ``event`` in ``target`` (created if need be);
    ``deals`` by board, when known, go into the PBN; ``links`` are listed on the index."""
    target.mkdir(parents=True, exist_ok=True)
    written = write_reports(event, target, lang, extra, links)
    team_results_json.dump(event, target / "results.json")
    pbn_team_matches.dump(event, target / "results.pbn", deals)
    return [*written, *write_csv(event, target), target / "results.json", target / "results.pbn"]
