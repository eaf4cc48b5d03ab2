"""A scored section as one JSON document (``bridgedesk-results-1``).

Everything a web page or another program needs to show the results again:
the event, the movement, the ranking (with players and member numbers) and
every traveller with both sides' points.  Points, totals and percentages are
rounded once, to 2 decimals half up (004:1303-1313); scores are NS's.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from bridgedesk.bridge import board_dealer, board_vulnerability, format_result
from bridgedesk.reports.scored import ScoredSection
from bridgedesk.scoring.rounding import round_half_up

FORMAT = "bridgedesk-results-1"


def _num(value: Fraction | None) -> float | int | None:
    if value is None:
        return None
    r = round_half_up(value, 2)
    return int(r) if r.denominator == 1 else float(r)


def to_dict(scored: ScoredSection, deals: Mapping[int, str] | None = None) -> dict[str, Any]:
    """The JSON document as Python values."""
    snap = scored.snapshot
    event = snap.event
    movement = snap.movement
    ranking = [
        {
            "rank": s.rank,
            "pair": s.number,
            "direction": None if s.direction is None else s.direction.value,
            "names": s.names,
            "players": [{"name": p.name, "member": p.member} for p in s.players],
            "total": _num(s.total),
            "max": _num(s.max),
            "percentage": _num(s.percentage),
            "boards": s.boards,
        }
        for s in scored.ranking
    ]
    boards = []
    for t in scored.travellers:
        rows = []
        for line in t.lines:
            r = line.result
            played = r.contract is not None and not r.contract.is_pass
            rows.append(
                {
                    "round": r.round,
                    "table": r.table,
                    "ns": r.ns,
                    "ew": r.ew,
                    "contract": None if r.contract is None else str(r.contract),
                    "declarer": None if r.declarer is None else r.declarer.value,
                    "tricks": r.tricks,
                    "result": format_result(r.contract, r.tricks)
                    if played and r.contract is not None and r.tricks is not None
                    else None,
                    "lead": r.lead,
                    "adjusted": None if r.adjusted is None else str(r.adjusted),
                    "score_ns": r.ns_score,
                    "ns_points": _num(line.ns_points),
                    "ew_points": _num(line.ew_points),
                }
            )
        board: dict[str, Any] = {
            "board": t.board,
            "dealer": board_dealer(t.board).value,
            "vulnerability": str(board_vulnerability(t.board)),
            "top": _num(t.top),
            "results": rows,
        }
        if deals and t.board in deals:
            board["deal"] = deals[t.board]
        boards.append(board)
    return {
        "format": FORMAT,
        "event": {
            "name": event.name,
            "date": event.date.isoformat(),
            "club": event.club,
            "rating": event.rating.value,
            "class": event.class_,
            "scoring": event.scoring.value,
        },
        "session": snap.session,
        "section": snap.section,
        "movement": None
        if movement is None
        else {
            "name": movement.name,
            "kind": movement.kind,
            "rounds": movement.rounds,
            "tables": movement.tables,
            "winners": movement.winners,
        },
        "method": scored.method.value,
        "winners": scored.winners,
        "phantom": scored.phantom,
        "ranking": ranking,
        "boards": boards,
    }


def dumps(scored: ScoredSection, deals: Mapping[int, str] | None = None) -> str:
    """The JSON text (UTF-8 names kept as they are, 2-space indent)."""
    return json.dumps(to_dict(scored, deals), ensure_ascii=False, indent=2) + "\n"


__all__ = ["FORMAT", "dumps", "to_dict"]
