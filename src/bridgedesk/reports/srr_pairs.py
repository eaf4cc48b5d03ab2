"""The pairs ranking of an SRR teams + pairs event, as A4 HTML (en/ja) and as text.

Written from :func:`bridgedesk.results.srr_pairs.srr_pairs_ranking`: the pairs of
one or more flights that share a field (004:2649-2651), by matchpoint percentage
or by IMPs per board.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bridgedesk.bridge.methods import Method
from bridgedesk.i18n import catalog
from bridgedesk.reports.names import method_name
from bridgedesk.reports.team_pages import context as _context
from bridgedesk.reports.team_pages import render as _render
from bridgedesk.results.numbers import fixed, points
from bridgedesk.results.srr_pairs import SrrPairLine
from bridgedesk.results.teams import ScoredTeamEvent


def _headings(method: Method, lang: str) -> tuple[str, str]:
    _ = catalog(lang).gettext
    if method is Method.MP:
        return _("Matchpoints"), _("%")
    return _("IMPs"), f"{_('IMPs')} {_('per board')}"


def pairs_html(
    event: ScoredTeamEvent,
    lines: Sequence[SrrPairLine],
    method: Method,
    lang: str = "en",
) -> str:
    """The pairs ranking page; ``event`` gives the heading (the flight scored)."""
    ctx: dict[str, Any] = _context(event, lang, "srr_pairs")
    ctx["method"] = method_name(method, lang)
    ctx["several"] = len({p.flight for p in lines}) > 1
    ctx["score_label"], ctx["result_label"] = _headings(method, lang)
    ctx["pairs"] = [
        {"rank": p.rank, "pair": p.pair, "flight": p.flight,
         "team": f"{p.team} {p.team_name}".strip(),
         "boards": p.boards, "score": points(p.score), "result": fixed(p.result)}
        for p in lines
    ]  # fmt: skip
    return _render("srr_pairs.html.j2", ctx)


def pairs_text(lines: Sequence[SrrPairLine], method: Method, lang: str = "en") -> str:
    """The pairs ranking as plain text, for ``teams score``."""
    _ = catalog(lang).gettext
    score, result = _headings(method, lang)
    out = [
        f"{_('Pairs ranking (SRR teams + pairs)')} — {method_name(method, lang)}",
        f"{_('Rank'):>5} {_('Pair'):>8} {_('Flight'):>6} {_('Team'):>5} "
        f"{_('Boards'):>6} {score:>12} {result:>12}",
    ]
    for p in lines:
        out.append(
            f"{p.rank:>5} {p.pair:>8} {p.flight:>6} {p.team:>5} {p.boards:>6} "
            f"{points(p.score):>12} {fixed(p.result):>12}"
        )
    return "\n".join(out) + "\n"


__all__ = ["pairs_html", "pairs_text"]
