"""The ranking over all sessions as plain text (kept apart from the HTML page so that
:func:`bridgedesk.reports.session.sessions_text` can print it)."""

from __future__ import annotations

from bridgedesk.reports.labels import labels as get_labels
from bridgedesk.results.combined_model import Combined, SessionLine
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


def words(lang: str) -> dict[str, str]:
    get_labels(lang)  # refuses an unknown language as every report does
    return _WORDS[lang]


def _cell(x: SessionLine | None) -> str:
    if x is None:
        return "-"
    pct = f" {fixed(x.percentage)}%" if x.percentage is not None else ""
    return f"{x.seat}: {fixed(x.total)}{pct} ({x.rank})"


def combined_text(combined: Combined, lang: str = "en") -> str:
    """The combined ranking as plain text, a column per session."""
    labels, text = get_labels(lang), words(lang)
    sessions = max((len(c.sessions) for c in combined.ranking), default=0)
    carry = any(c.carry for c in combined.ranking)
    head = f"{labels['rank']:>5} {labels['pair']:>6} {labels['total']:>9} {labels['percent']:>7}"
    if carry:
        head += f" {text['carry']:>10}"
    head += "".join(f"  {labels['session']} {i + 1:<18}" for i in range(sessions))
    out = [text["combined"], head]
    for c in combined.ranking:
        pct = fixed(c.percentage) if c.percentage is not None else ""
        line = f"{c.rank:>5} {c.pair:>6} {fixed(c.total):>9} {pct:>7}"
        if carry:
            line += f" {fixed(c.carry):>10}"
        line += "".join(f"  {_cell(x):<26}" for x in c.sessions)
        out.append((line + ("  " + c.names if c.names else "")).rstrip())
    if combined.by_percentage:
        out.append(text["by_pct"])
    return "\n".join(out) + "\n"
