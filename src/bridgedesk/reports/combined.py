"""The ranking over all sessions, as text and as an HTML page (004:1315-1320, 004:1993-2034).

One line per competitor: its rank overall (and within its first-session
section when there are several), its names, the total and percentage over all
sessions, any carry-over, and a column per session with the seat it played at
(pairs change numbers between sessions, 004:2381-2452) and its score there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bridgedesk.i18n import catalog
from bridgedesk.reports.combined_text import combined_text
from bridgedesk.reports.session import page_context, page_environment
from bridgedesk.results.model import ScoredEvent
from bridgedesk.results.numbers import fixed


def combined_html(
    event: ScoredEvent, lang: str = "en", links: Sequence[tuple[str, str]] = ()
) -> str:
    """A page with the combined ranking (one row per competitor, a column per session);
    ``links`` are (label, relative address) pairs printed under it (each session's reports)."""
    if event.combined is None:
        from bridgedesk.errors import ScoringError

        raise ScoringError(
            "the event has no combined ranking (one session)", code="report.no-combined"
        )
    combined = event.combined
    first = event.sessions[0]
    ctx: dict[str, Any] = page_context(first, lang, "ranking")
    _ = catalog(lang).gettext
    ctx["title"] = f"{_('Ranking over all sessions')} — {first.event.name}"
    ctx["average"] = ""  # a session's average says nothing of the sum of several
    ctx["movement"] = ""
    ctx["show_names"] = any(c.names for c in combined.ranking)
    ctx["heading"] = _("Ranking over all sessions")
    ctx["section_name"] = ""
    ctx["phantom_note"] = ""
    ctx["sessions"] = [s.session for s in event.sessions]
    ctx["show_section"] = any(c.section_rank is not None for c in combined.ranking)
    ctx["show_carry"] = any(c.carry for c in combined.ranking)
    ctx["by_percentage"] = combined.by_percentage
    ctx["links"] = [{"label": label, "href": href} for label, href in links]
    ctx["rows"] = [
        {
            "rank": c.rank,
            "pair": c.pair,
            "section_rank": c.section_rank or "",
            "names": c.names,
            "total": fixed(c.total),
            "percentage": "" if c.percentage is None else fixed(c.percentage),
            "carry": fixed(c.carry),
            "sessions": [
                None
                if x is None
                else {
                    "seat": x.seat,
                    "total": fixed(x.total),
                    "percentage": "" if x.percentage is None else fixed(x.percentage),
                    "rank": x.rank,
                }
                for x in c.sessions
            ],
        }
        for c in combined.ranking
    ]
    html: str = page_environment().get_template("combined.html.j2").render(**ctx)
    return html


__all__ = ["combined_html", "combined_text"]
