"""What every team report page shares: the page heading, the template, how a team and
a room's contract are printed.  :mod:`bridgedesk.reports.teams`,
:mod:`bridgedesk.reports.team_sheets` and :mod:`bridgedesk.reports.srr_pairs` render
with these, so the pages look alike.
"""

from __future__ import annotations

from typing import Any

from bridgedesk.bridge.contract import format_result
from bridgedesk.bridge.methods import Method
from bridgedesk.i18n import LazyText, catalog, lazy_gettext, lazy_pgettext
from bridgedesk.reports.templating import environment
from bridgedesk.results.teams import RoomScore, ScoredTeamEvent

#: The heading of each team report page (and the index's link to it).
HEADINGS: dict[str, LazyText] = {
    "team_standings": lazy_pgettext("team report", "Standings"),
    "team_scorecards": lazy_gettext("Match scorecards"),
    "team_sheets": lazy_gettext("Team private score sheets"),
    "bam_recap": lazy_gettext("Board-a-match recap"),
    "swiss_rounds": lazy_gettext("Round pairings"),
    "knockout_bracket": lazy_gettext("Knockout bracket"),
    "pairs_butler": lazy_gettext("Pairs ranking (Butler)"),
    "pairs_ximp": lazy_gettext("Pairs ranking (cross-IMPs)"),
    "srr_pairs": lazy_gettext("Pairs ranking (SRR teams + pairs)"),
    "results": lazy_gettext("Results"),
}
#: A team event's scoring as printed (``{scale}`` and ``{stock}`` filled in).
SCORINGS: dict[Method, LazyText] = {
    Method.TEAM_IMPS: lazy_gettext("IMPs"),
    Method.TEAM_VP: lazy_gettext("Victory points ({scale})"),
    Method.BOARD_A_MATCH: lazy_gettext("Board-a-match"),
    Method.BAM_VP: lazy_gettext("Board-a-match + VP"),
    Method.MCCALLUM: lazy_gettext("McCallum ({stock})"),
}


def scoring_name(event: ScoredTeamEvent, lang: str) -> str:
    """The event's scoring as printed (``Victory points (wbf2013)``)."""
    return SCORINGS[event.scoring].in_(lang).format(scale=event.scale, stock=event.stock)


def points_label(event: ScoredTeamEvent, lang: str) -> str:
    """The heading of the standings' points: IMPs, B-a-M points or VP."""
    _ = catalog(lang).gettext
    if event.scoring is Method.TEAM_IMPS:
        return _("IMPs")
    if event.scoring is Method.BOARD_A_MATCH:
        return _("B-a-M points")
    return _("VP")


def context(event: ScoredTeamEvent, lang: str, page: str) -> dict[str, Any]:
    """What every team page shares; ``page`` names its heading (:data:`HEADINGS`)."""
    heading = HEADINGS[page].in_(lang)
    return {
        "lang": lang,
        "title": f"{heading} — {event.event.name}",
        "heading": heading,
        "event": event.event,
        "movement": event.form,
        "method": scoring_name(event, lang),
        "average": "",
        "section_name": "",
        "points_label": points_label(event, lang),
    }


def render(template: str, ctx: dict[str, Any]) -> str:
    html: str = environment(strict=True).get_template(template).render(**ctx)
    return html


def team_label(event: ScoredTeamEvent, number: int) -> str:
    name = event.team(number).name
    return f"{number} {name}" if name else str(number)


def play_text(room: RoomScore | None) -> str:
    if room is None or room.play is None:
        return ""
    p = room.play
    if p.contract.is_pass:
        return str(p.contract)
    made = "" if p.tricks is None else format_result(p.contract, p.tricks)
    by = "" if p.declarer is None else p.declarer.value
    return f"{p.contract} {by} {made}".strip()


__all__ = [
    "HEADINGS",
    "SCORINGS",
    "context",
    "play_text",
    "points_label",
    "render",
    "scoring_name",
    "team_label",
]
