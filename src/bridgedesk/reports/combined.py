"""The ranking over all sessions, as text and as an HTML page (004:1315-1320, 004:1993-2034).

One line per competitor: its rank overall (and within its first-session
section when there are several), its names, the total and percentage over all
sessions, any carry-over, and a column per session with the seat it played at
(pairs change numbers between sessions, 004:2381-2452) and its score there.
"""

from __future__ import annotations

from typing import Any

from bridgedesk.reports.labels import labels as get_labels
from bridgedesk.reports.session import page_context, page_environment
from bridgedesk.results.combined import Combined, SessionLine
from bridgedesk.results.model import ScoredEvent
from bridgedesk.results.numbers import fixed

#: Words of this report beside the shared catalogue (reports.labels).
_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "combined": "Ranking over all sessions",
        "in_section": "In section",
        "carry": "Carry-over",
        "seat": "as",
        "absent": "did not play",
        "by_pct": "ranked by percentage: the fields' maxima differ (004:1315-1320)",
    },
    "ja": {
        "combined": "全セッション通算順位",
        "in_section": "セクション内順位",
        "carry": "キャリーオーバー",
        "seat": "No.",
        "absent": "不参加",
        "by_pct": "フィールドの満点が異なるためパーセンテージで順位 (004:1315-1320)",
    },
}


def _words(lang: str) -> dict[str, str]:
    get_labels(lang)  # refuses an unknown language as every report does
    return _WORDS[lang]


def _cell(x: SessionLine | None) -> str:
    if x is None:
        return "-"
    pct = f" {fixed(x.percentage)}%" if x.percentage is not None else ""
    return f"{x.seat}: {fixed(x.total)}{pct} ({x.rank})"


def combined_text(combined: Combined, lang: str = "en") -> str:
    """The combined ranking as plain text, a column per session."""
    labels, words = get_labels(lang), _words(lang)
    sessions = max((len(c.sessions) for c in combined.ranking), default=0)
    carry = any(c.carry for c in combined.ranking)
    head = f"{labels['rank']:>5} {labels['pair']:>6} {labels['total']:>9} {labels['percent']:>7}"
    if carry:
        head += f" {words['carry']:>10}"
    head += "".join(f"  {labels['session']} {i + 1:<18}" for i in range(sessions))
    out = [words["combined"], head]
    for c in combined.ranking:
        pct = fixed(c.percentage) if c.percentage is not None else ""
        line = f"{c.rank:>5} {c.pair:>6} {fixed(c.total):>9} {pct:>7}"
        if carry:
            line += f" {fixed(c.carry):>10}"
        line += "".join(f"  {_cell(x):<26}" for x in c.sessions)
        out.append((line + ("  " + c.names if c.names else "")).rstrip())
    if combined.by_percentage:
        out.append(words["by_pct"])
    return "\n".join(out) + "\n"


def combined_html(event: ScoredEvent, lang: str = "en") -> str:
    """A page with the combined ranking (one row per competitor, a column per session)."""
    if event.combined is None:
        from bridgedesk.errors import ScoringError

        raise ScoringError("the event has no combined ranking (one session)")
    combined = event.combined
    first = event.sessions[0]
    ctx: dict[str, Any] = page_context(first, lang, "ranking")
    words = _words(lang)
    ctx["title"] = f"{words['combined']} — {first.event.name}"
    ctx["average"] = ""  # a session's average says nothing of the sum of several
    ctx["movement"] = ""
    ctx["show_names"] = any(c.names for c in combined.ranking)
    ctx["heading"] = words["combined"]
    ctx["section_name"] = ""
    ctx["phantom_note"] = ""
    ctx["words"] = words
    ctx["sessions"] = [s.session for s in event.sessions]
    ctx["show_section"] = any(c.section_rank is not None for c in combined.ranking)
    ctx["show_carry"] = any(c.carry for c in combined.ranking)
    ctx["by_percentage"] = combined.by_percentage
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
