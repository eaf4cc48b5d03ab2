"""Every contract's score as one table, for a page that scores a slip by itself.

A table terminal shows the score of a slip for the opponents to accept before
anything is sent (so it works with the network down).  Rather than a second
implementation of the scoring table in JavaScript, the page is given this one:
the declaring side's score (:func:`bridgedesk.bridge.score.contract_score`, Law 77)
of every contract for 0-13 tricks, not vulnerable and vulnerable, and which side is
vulnerable on each board of the 16-board cycle (Law 2).  The page looks the score
up; the server checks it again when the slip arrives.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from bridgedesk.bridge.board import board_vulnerability
from bridgedesk.bridge.contract import Contract
from bridgedesk.bridge.score import contract_score
from bridgedesk.bridge.seats import Side

__all__ = ["score_table"]

STRAINS = ("C", "D", "H", "S", "NT")
DOUBLINGS = ("", "X", "XX")


@lru_cache(maxsize=1)
def score_table() -> dict[str, Any]:
    """``{"scores": {"4SX": [[not vul, 0-13 tricks], [vul, 0-13 tricks]], ...},
    "vulnerable": {"NS": [board 1-16], "EW": [...]}}``, the declaring side's scores."""
    scores = {}
    for level in range(1, 8):
        for strain in STRAINS:
            for doubling in DOUBLINGS:
                name = f"{level}{strain}{doubling}"
                contract = Contract.parse(name)
                scores[name] = [
                    [contract_score(contract, vulnerable, tricks) for tricks in range(14)]
                    for vulnerable in (False, True)
                ]
    cycle = [board_vulnerability(board) for board in range(1, 17)]
    return {
        "scores": scores,
        "vulnerable": {side.value: [v.is_vulnerable(side) for v in cycle] for side in Side},
    }
