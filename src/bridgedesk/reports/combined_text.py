"""The ranking over all sessions as plain text (kept apart from the HTML page so that
:func:`bridgedesk.reports.session.sessions_text` can print it)."""

from __future__ import annotations

from bridgedesk.i18n import catalog
from bridgedesk.results.combined_model import Combined, SessionLine
from bridgedesk.results.numbers import fixed


def _cell(x: SessionLine | None) -> str:
    if x is None:
        return "-"
    pct = f" {fixed(x.percentage)}%" if x.percentage is not None else ""
    return f"{x.seat}: {fixed(x.total)}{pct} ({x.rank})"


def combined_text(combined: Combined, lang: str = "en") -> str:
    """The combined ranking as plain text, a column per session."""
    _ = catalog(lang).gettext
    sessions = max((len(c.sessions) for c in combined.ranking), default=0)
    carry = any(c.carry for c in combined.ranking)
    head = f"{_('Rank'):>5} {_('Pair'):>6} {_('Total'):>9} {_('%'):>7}"
    if carry:
        head += f" {_('Carry-over'):>10}"
    head += "".join(f"  {_('Session')} {i + 1:<18}" for i in range(sessions))
    out = [_("Ranking over all sessions"), head]
    for c in combined.ranking:
        pct = fixed(c.percentage) if c.percentage is not None else ""
        line = f"{c.rank:>5} {c.pair:>6} {fixed(c.total):>9} {pct:>7}"
        if carry:
            line += f" {fixed(c.carry):>10}"
        line += "".join(f"  {_cell(x):<26}" for x in c.sessions)
        out.append((line + ("  " + c.names if c.names else "")).rstrip())
    if combined.by_percentage:
        out.append(_("ranked by percentage: the fields' maxima differ (004:1315-1320)"))
    return "\n".join(out) + "\n"
