"""A self-contained HTML page for a scored pairs session: ranking and travellers."""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Any

from bridgedesk.scoring.rounding import to_decimal

_STYLE = (
    "body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin:1em 0}"
    "td,th{border:1px solid #999;padding:2px 8px;text-align:right}th{background:#eee}"
    "caption{font-weight:bold;text-align:left}"
)


def _cell(value: Any) -> str:
    if isinstance(value, Fraction):
        return str(to_decimal(value))
    return "" if value is None else escape(str(value))


def render(result: Any, title: str = "Results") -> str:
    """The ranking table then one traveller per board, as one HTML document."""
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{escape(title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
        f"<p>Method: {escape(result.method.value)}; winners: {result.winners}</p>",
    ]
    out.append("<table><caption>Ranking</caption><tr><th>Rank</th><th>Pair</th><th>Dir</th>"
               "<th>Total</th><th>Max</th><th>%</th><th>Boards</th></tr>")  # fmt: skip
    for s in result.standings:
        direction = "" if s.direction is None else s.direction.value
        out.append(
            f"<tr><td>{_cell(s.rank)}</td><td>{_cell(s.pair)}</td><td>{direction}</td>"
            f"<td>{_cell(s.total)}</td><td>{_cell(s.max)}</td><td>{_cell(s.percentage)}</td>"
            f"<td>{s.boards}</td></tr>"
        )
    out.append("</table>")
    for sb in result.boards:
        out.append(f"<table><caption>Board {sb.number}</caption><tr><th>NS</th><th>EW</th>"
                   "<th>Contract</th><th>By</th><th>Tricks</th><th>Score NS</th>"
                   "<th>NS pts</th><th>EW pts</th></tr>")  # fmt: skip
        for sr in sb.results:
            r = sr.result
            play = r.play
            score = r.score_ns if r.score_ns is not None else f"{r.ns_outcome}/{r.ew_outcome}"
            out.append(
                f"<tr><td>{_cell(r.ns)}</td><td>{_cell(r.ew)}</td>"
                f"<td>{_cell(play.contract if play else None)}</td>"
                f"<td>{_cell(play.declarer.value if play and play.declarer else None)}</td>"
                f"<td>{_cell(play.tricks if play else None)}</td><td>{_cell(score)}</td>"
                f"<td>{_cell(sr.ns)}</td><td>{_cell(sr.ew)}</td></tr>"
            )
        out.append("</table>")
    out.append("</body></html>")
    return "\n".join(out)
