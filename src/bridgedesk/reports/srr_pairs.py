"""The pairs ranking of an SRR teams + pairs event, as A4 HTML (en/ja) and as text.

Written from :func:`bridgedesk.results.srr_pairs.srr_pairs_ranking`: the pairs of
one or more flights that share a field (004:2649-2651), by matchpoint percentage
or by IMPs per board.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bridgedesk.bridge.methods import Method
from bridgedesk.reports.labels import labels as get_labels
from bridgedesk.reports.labels import method_name
from bridgedesk.reports.team_pages import context as _context
from bridgedesk.reports.team_pages import render as _render
from bridgedesk.results.numbers import fixed, points
from bridgedesk.results.srr_pairs import SrrPairLine
from bridgedesk.results.teams import ScoredTeamEvent

SRR_LABELS: dict[str, dict[str, str]] = {
    "en": {
        "srr_pairs": "Pairs ranking (SRR teams + pairs)",
        "flight": "Flight",
        "per_board": "per board",
        "srr_note": "Flights with the same boards form one pair field (004:2649-2651); "
        "mis-seated rooms count for the pairs as played (004:2652-2655).",
    },
    "ja": {
        "srr_pairs": "ペア順位表（SRR チーム+ペア）",
        "flight": "フライト",
        "per_board": "ボード平均",
        "srr_note": "同じボードをプレイしたフライトは一つのフィールドとして計算（004:2649-2651）。"
        "座り間違えたテーブルもペア戦はそのまま計算（004:2652-2655）。",
    },
}


def srr_labels(lang: str) -> dict[str, str]:
    return {**get_labels(lang), **SRR_LABELS[lang]}


def _headings(method: Method, words: dict[str, str]) -> tuple[str, str]:
    if method is Method.MP:
        return words["mp"], words["percent"]
    return words["imps"], f"{words['imps']} {words['per_board']}"


def pairs_html(
    event: ScoredTeamEvent,
    lines: Sequence[SrrPairLine],
    method: Method,
    lang: str = "en",
) -> str:
    """The pairs ranking page; ``event`` gives the heading (the flight scored)."""
    words = srr_labels(lang)
    ctx: dict[str, Any] = _context(event, lang, "team_standings")
    ctx["labels"] = words
    ctx["heading"] = words["srr_pairs"]
    ctx["title"] = f"{words['srr_pairs']} — {event.event.name}"
    ctx["method"] = method_name(method, lang)
    ctx["several"] = len({p.flight for p in lines}) > 1
    ctx["score_label"], ctx["result_label"] = _headings(method, words)
    ctx["pairs"] = [
        {"rank": p.rank, "pair": p.pair, "flight": p.flight,
         "team": f"{p.team} {p.team_name}".strip(),
         "boards": p.boards, "score": points(p.score), "result": fixed(p.result)}
        for p in lines
    ]  # fmt: skip
    return _render("srr_pairs.html.j2", ctx)


def pairs_text(lines: Sequence[SrrPairLine], method: Method, lang: str = "en") -> str:
    """The pairs ranking as plain text, for ``teams score``."""
    words = srr_labels(lang)
    score, result = _headings(method, words)
    out = [
        f"{words['srr_pairs']} — {method_name(method, lang)}",
        f"{words['rank']:>5} {words['pair']:>8} {words['flight']:>6} {words['team']:>5} "
        f"{words['boards']:>6} {score:>12} {result:>12}",
    ]
    for p in lines:
        out.append(
            f"{p.rank:>5} {p.pair:>8} {p.flight:>6} {p.team:>5} {p.boards:>6} "
            f"{points(p.score):>12} {fixed(p.result):>12}"
        )
    return "\n".join(out) + "\n"


__all__ = ["SRR_LABELS", "pairs_html", "pairs_text", "srr_labels"]
