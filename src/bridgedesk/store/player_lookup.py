"""Finding players in the store's register (``players``) while a director types:
by the start of a member number or by part of a name.  The console's entry form
asks this as the director types (``/d/members?q=``); entering by member number
alone then takes the name from the register
(:func:`bridgedesk.store.entries.register_players`)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select

from bridgedesk.store.models import PlayerRow
from bridgedesk.store.unit import UnitOfWork

#: The most players one lookup returns.
LIMIT = 8
#: Shorter text finds too much: nothing is looked up.
SHORTEST = 2


@dataclass(frozen=True)
class Found:
    name: str
    member: str


def _like(text: str) -> str:
    """``text`` as a LIKE pattern's literal part (``%``, ``_`` and ``\\`` escaped)."""
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def find_players(unit: UnitOfWork, text: str, limit: int = LIMIT) -> list[Found]:
    """Members of the register whose number starts with ``text`` or whose name contains
    it (any case), numbers first, at most ``limit``; nothing for under two characters."""
    text = " ".join(text.split())
    if len(text) < SHORTEST:
        return []
    pattern = _like(text.lower())
    with unit.transaction(write=False) as s:
        by_number = s.execute(
            select(PlayerRow.name, PlayerRow.member)
            .where(PlayerRow.member.is_not(None), PlayerRow.member.like(f"{pattern}%", escape="\\"))
            .order_by(PlayerRow.member)
            .limit(limit)
        ).all()
        by_name = s.execute(
            select(PlayerRow.name, PlayerRow.member)
            .where(
                PlayerRow.member.is_not(None),
                func.lower(PlayerRow.name).like(f"%{pattern}%", escape="\\"),
            )
            .order_by(PlayerRow.name, PlayerRow.member)
            .limit(limit)
        ).all()
    out: dict[str, Found] = {}
    for name, member in [*by_number, *by_name]:
        if member is not None and member not in out:
            out[member] = Found(name, member)
    return list(out.values())[:limit]


__all__ = ["LIMIT", "Found", "find_players"]
