"""Several sections of one session ranked together (004:1315-1320).

Each section is scored on its own (its own travellers and tops); pairs of all
sections are then ranked together by percentage (matchpoints) or by total
(IMP and point methods), ties sharing the place.  Pairs are named with their
section: ``A3``, ``B3``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from bridgedesk.bridge import Side
from bridgedesk.i18n import catalog
from bridgedesk.reports.session import page_context, page_environment
from bridgedesk.results.model import ScoredSession, pair_order
from bridgedesk.results.numbers import fixed
from bridgedesk.scoring.session import rank_labels


@dataclass(frozen=True)
class OverallLine:
    rank: str
    section: str
    number: str
    direction: Side | None
    names: str
    measure: Fraction
    percentage: Fraction | None


def overall(scored: ScoredSession) -> list[OverallLine]:
    """Every pair of the session's sections ranked across them, best first."""
    rows = [(sec.name, s) for sec in scored.sections for s in sec.ranking]
    measures = [s.percentage if s.percentage is not None else s.total for _, s in rows]
    ranks = rank_labels(measures)
    lines = [
        OverallLine(rank, name, s.pair, s.direction, s.names, m, s.percentage)
        for (name, s), m, rank in zip(rows, measures, ranks, strict=True)
    ]
    lines.sort(key=lambda x: (-x.measure, x.section, pair_order(x.number)))
    return lines


def overall_text(sections: ScoredSession, lang: str = "en") -> str:
    """The ranking across sections as plain text."""
    _ = catalog(lang).gettext
    out = [f"{_('Ranking across sections')}", f"{_('Rank'):>5} {_('Pair'):>5}  {_('Total'):>8}"
           f"  {_('Names')}"]  # fmt: skip
    for line in overall(sections):
        value = line.percentage if line.percentage is not None else line.measure
        out.append(
            f"{line.rank:>5} {line.section + str(line.number):>5}  {fixed(value):>8}  {line.names}"
        )
    return "\n".join(out) + "\n"


def overall_html(sections: ScoredSession, lang: str = "en") -> str:
    """A page linking each section's report set, with the ranking across sections."""
    ctx: dict[str, Any] = page_context(sections, lang, "overall")
    ctx["section_name"] = ""
    ctx["phantom_note"] = ""
    ctx["sections"] = [s.name for s in sections.sections]
    ctx["show_pct"] = any(
        s.percentage is not None for sec in sections.sections for s in sec.ranking
    )
    ctx["rows"] = [
        {
            "rank": line.rank,
            "pair": f"{line.section}{line.number}",
            "direction": "" if line.direction is None else line.direction.value,
            "names": line.names,
            "value": fixed(line.percentage if line.percentage is not None else line.measure),
        }
        for line in overall(sections)
    ]
    html: str = page_environment().get_template("overall.html.j2").render(**ctx)
    return html


__all__ = ["OverallLine", "overall", "overall_html", "overall_text"]
