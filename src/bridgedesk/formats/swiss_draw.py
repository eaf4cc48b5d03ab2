"""A Swiss round's draw as JSON, written by ``dumps`` (the history the draw is
made from is :mod:`.swiss_history`).

The shape::

    {"round": R, "matches": [{"table": 1, "home": 3, "away": 9}, ...],
     "triangle": [15, 16, 17] or null, "basis": "..."}
"""

from __future__ import annotations

import json
from typing import Any

from bridgedesk.events.swiss import Pairing

__all__ = ["dumps"]


def _as_dict(p: Pairing) -> dict[str, Any]:
    return {
        "round": p.round,
        "matches": [
            {"table": i, "home": home, "away": away}
            for i, (home, away) in enumerate(p.matches, start=1)
        ],
        "triangle": list(p.triangle) if p.triangle is not None else None,
        "basis": p.basis,
    }


def dumps(p: Pairing) -> str:
    """The draw as JSON text (one space indent, ending in a newline)."""
    return json.dumps(_as_dict(p), indent=1) + "\n"
