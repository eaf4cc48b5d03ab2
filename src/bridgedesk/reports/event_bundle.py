"""The report set of a whole event of several sessions: every session's reports in
``session-N/`` (each section in its own directory with the ranking across them
when the session has several, 004:1315-1320), the combined ranking page
``combined.html`` linking them, and ``results.json`` with the per-session and
combined rankings (:func:`bridgedesk.formats.results_json.event_dict`)."""

from __future__ import annotations

from pathlib import Path

from bridgedesk.formats import results_json
from bridgedesk.i18n import catalog
from bridgedesk.reports.bundle import inside, write_all, write_sections
from bridgedesk.reports.combined import combined_html, combined_text
from bridgedesk.reports.overall import overall_text
from bridgedesk.reports.session import ranking_text
from bridgedesk.results.model import ScoredEvent

__all__ = ["event_text", "write_event"]


def write_event(event: ScoredEvent, out: Path, lang: str = "en") -> list[Path]:
    """Write every session's reports, ``combined.html`` and ``results.json`` into ``out``;
    returns the paths written, the combined page first."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    links: list[tuple[str, str]] = []
    name = catalog(lang).gettext("Session")
    for s in event.sessions:
        place = inside(out, f"session-{s.session}")
        if len(s.sections) > 1:
            written += write_sections(s, place, lang=lang)
        else:
            written += write_all(s, place, lang=lang)
        links.append((f"{name} {s.session}", f"session-{s.session}/index.html"))
    page = out / "combined.html"
    page.write_text(combined_html(event, lang, links), encoding="utf-8")
    data = results_json.dump(event, out / "results.json")
    return [page, data, *written]


def event_text(scored: ScoredEvent, lang: str) -> str:
    """Each session's ranking (its sections alone, then across), then the combined one."""
    parts: list[str] = []
    _ = catalog(lang).gettext
    for s in scored.sessions:
        parts.append(f"== {_('Session')} {s.session} ==\n")
        if len(s.sections) == 1:
            parts.append(ranking_text(s, lang))
            continue
        for sec in s.sections:
            parts.append(f"-- {_('Section')} {sec.name} --\n")
            parts.append(ranking_text(s.with_section(sec), lang))
        parts.append(overall_text(s, lang))
    if scored.combined is not None:
        parts.append("\n")
        parts.append(combined_text(scored.combined, lang))
    return "".join(parts)
