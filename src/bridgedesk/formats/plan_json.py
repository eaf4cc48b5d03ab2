"""A movement plan as JSON (``dumps``), and a renumbering read back (``load``, for
``bridgedesk score --renumber``).

The plan (:class:`bridgedesk.movements.plan.EventPlan`) is written with each
section's movement in bridgedesk's movement JSON and, under ``competitors``,
every competitor's seat in each session (``"B7"``: section B, pair 7).  A
renumbering file is that document, or just ``{"competitors": {"3": ["3", "B5"]}}``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from bridgedesk.errors import FormatError, Location
from bridgedesk.formats import movement_json
from bridgedesk.movements.plan import EventPlan, seat_order


def to_dict(event: EventPlan) -> dict[str, Any]:
    """The plan as JSON values: sessions, sections, movements and the renumbering."""
    out: dict[str, Any] = {
        "pairs": event.pairs,
        "tables": event.row.tables,
        "boards_per_round": event.row.boards_per_round,
        "source": event.row.source,
        "phantom": event.phantom,
        "sessions": [
            {
                "session": sp.session,
                "sections": [
                    {
                        "section": s.name if event.multi_section else None,
                        "code": s.code,
                        "kind": s.movement.kind,
                        "tables": s.movement.tables,
                        "rounds": s.movement.round_count,
                        "stationary": list(s.stationary),
                        "movement": movement_json.to_dict(s.movement),
                    }
                    for s in sp.sections
                ],
            }
            for sp in event.sessions
        ],
        "competitors": {
            who: list(seats)
            for who, seats in sorted(event.seats.items(), key=lambda kv: seat_order(kv[0]))
        },
        "notes": list(event.notes),
    }
    return out


def dumps(event: EventPlan) -> str:
    """The plan as JSON text (UTF-8 names kept, 1-space indent)."""
    return json.dumps(to_dict(event), indent=1, ensure_ascii=False) + "\n"


def renumbering(
    data: Mapping[str, Any], where: Location | None = None
) -> dict[str, tuple[str, ...]]:
    """The ``competitors`` map of a plan's JSON (competitor -> seat per session)."""
    comps = data.get("competitors")
    if not isinstance(comps, dict) or not comps:
        raise FormatError(
            "a renumbering needs a 'competitors' object: competitor -> seats",
            where,
            code="renumber.competitors",
        )
    out: dict[str, tuple[str, ...]] = {}
    for who, seats in comps.items():
        if not isinstance(seats, list) or not all(
            isinstance(s, str | int) and not isinstance(s, bool) for s in seats
        ):
            raise FormatError(
                "competitor {who}: seats must be a list of pair numbers",
                where,
                code="renumber.seats-list",
                who=who,
            )
        out[str(who)] = tuple(str(s) for s in seats)
    return out


def load(path: str | Path) -> dict[str, tuple[str, ...]]:
    """A renumbering file (UTF-8 JSON); errors name the file."""
    path = Path(path)
    where = Location(file=str(path))
    if not path.is_file():
        raise FormatError("no such file", where, code="renumber.no-file")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise FormatError(
            "not a JSON renumbering: {problem}", where, code="renumber.not-json", problem=exc
        ) from None
    if not isinstance(data, dict):
        raise FormatError("a renumbering is a JSON object", where, code="renumber.not-object")
    return renumbering(data, where)
