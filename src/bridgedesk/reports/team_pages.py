"""What every team report page shares: the page heading, the template, how a team and
a room's contract are printed.  :mod:`bridgedesk.reports.teams`,
:mod:`bridgedesk.reports.team_sheets` and :mod:`bridgedesk.reports.srr_pairs` render
with these, so the pages look alike.
"""

from __future__ import annotations

from typing import Any

from bridgedesk.bridge.contract import format_result
from bridgedesk.bridge.methods import Method
from bridgedesk.reports.labels import labels as get_labels
from bridgedesk.reports.templating import environment
from bridgedesk.results.teams import RoomScore, ScoredTeamEvent


def scoring_name(event: ScoredTeamEvent, lang: str) -> str:
    """The event's scoring as printed (``Victory points (wbf2013)``)."""
    text = get_labels(lang)[f"scoring_{event.scoring.value}"]
    return text.format(scale=event.scale, stock=event.stock)


def points_label(event: ScoredTeamEvent, labels: dict[str, str]) -> str:
    if event.scoring is Method.TEAM_IMPS:
        return labels["imps"]
    if event.scoring is Method.BOARD_A_MATCH:
        return labels["bam_points"]
    return labels["vp"]


def context(event: ScoredTeamEvent, lang: str, heading_key: str) -> dict[str, Any]:
    labels = get_labels(lang)
    return {
        "lang": lang,
        "labels": labels,
        "title": f"{labels[heading_key]} — {event.event.name}",
        "heading": labels[heading_key],
        "event": event.event,
        "movement": event.form,
        "method": scoring_name(event, lang),
        "average": "",
        "section_name": "",
        "points_label": points_label(event, labels),
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


__all__ = ["context", "play_text", "points_label", "render", "scoring_name", "team_label"]
