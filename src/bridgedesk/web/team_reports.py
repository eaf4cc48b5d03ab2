"""A stored team event's report pages and report set, for the console and the public
live pages: the same writers as ``bridgedesk results EVENT --out DIR`` for a team
event (:mod:`bridgedesk.reports.teams`, :func:`bridgedesk.reports.team_bundle.write_all`),
on the event scored as far as its results go
(:func:`bridgedesk.services.team_scores.scored`)."""

from __future__ import annotations

from collections.abc import Callable

from bridgedesk.errors import EntryError
from bridgedesk.reports import teams as team_reports
from bridgedesk.reports.team_sheets import sheets_html
from bridgedesk.results.teams import ScoredTeamEvent
from bridgedesk.services import team_scores
from bridgedesk.services.publishing import Publication, publish_zip
from bridgedesk.store.service import Store

#: The report pages by name (``standings.html`` ...), as the report set names them.
WRITERS: dict[str, Callable[[ScoredTeamEvent, str], str]] = {
    "standings": team_reports.standings_html,
    "scorecards": team_reports.scorecards_html,
    "sheets": sheets_html,
    "bam": team_reports.bam_html,
    "rounds": team_reports.rounds_html,
    "bracket": team_reports.bracket_html,
    "butler": team_reports.butler_html,
}


def report_page(store: Store, event: int, name: str, lang: str) -> str:
    """One report page of the event (``standings``, ``scorecards`` ...) as HTML."""
    scored, _ = team_scores.scored(store, event)
    if name not in team_reports.pages(scored):
        shown = ", ".join(team_reports.pages(scored))
        raise EntryError(
            "this team event has no {name!r} page (it has {pages})",
            code="report.no-such-page",
            name=name,
            pages=shown,
        )
    return WRITERS[name](scored, lang)


def report_zip(store: Store, event: int, lang: str) -> bytes:
    """The whole report set (pages, CSV, JSON, PBN with both rooms, each session's), as
    ``bridgedesk results EVENT --format html`` writes it, in a zip file."""
    return publish_zip(store, event, Publication(lang=lang, settled=True))


__all__ = ["WRITERS", "report_page", "report_zip"]
