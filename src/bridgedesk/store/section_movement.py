"""Giving a stored section its movement, as ``bridgedesk event movement`` and the
console's movement page both do: the recommended movement for the pairs entered
(004:3048-3066) or one by kind, the phantom it needs entered (004:864-868),
and the problems the store finds between movement and entries."""

from __future__ import annotations

from dataclasses import dataclass

from bridgedesk.errors import MovementError
from bridgedesk.events.adapters import phantom_number
from bridgedesk.events.late_changes import arrow_switch
from bridgedesk.movements.choose import build_movement
from bridgedesk.movements.model import Movement
from bridgedesk.store.service import Store


@dataclass(frozen=True)
class Applied:
    name: str
    total_boards: int
    phantom_added: int | None
    notes: tuple[str, ...]
    problems: tuple[str, ...]


def movement_name(m: Movement) -> str:
    return f"{m.kind} {m.tables} tables, {m.round_count} rounds x {m.boards_per_round} boards"


def playing_pairs(store: Store, event: int | str, section: str = "A", session: int = 1) -> int:
    """The entries of a section that are not the phantom."""
    entries = store.entries(event, section=section, session=session)
    return sum(1 for e in entries.values() if not e.phantom)


def apply_movement(
    store: Store,
    event: int | str,
    m: Movement,
    *,
    section: str = "A",
    session: int = 1,
    from_round: int | None = None,
) -> Applied:
    """Store ``m`` as the section's movement (with its phantom); a refusal changes nothing."""
    entries = store.entries(event, section=section, session=session)
    phantom = phantom_number(m)
    problems = store.set_movement(
        event,
        m,
        section=section,
        session=session,
        name=movement_name(m),
        phantom=phantom,
        from_round=from_round,
    )
    added = phantom if phantom is not None and phantom not in entries else None
    return Applied(movement_name(m), m.total_boards, added, tuple(m.notes), tuple(problems))


def choose_movement(
    store: Store,
    event: int | str,
    *,
    kind: str | None = None,
    tables: int | None = None,
    pairs: int | None = None,
    rounds: int | None = None,
    boards_per_round: int | None = None,
    base: str | None = None,
    section: str = "A",
    session: int = 1,
) -> Movement:
    """The recommended movement (``kind`` None) or one by kind, for the pairs entered
    unless ``pairs`` is given."""
    count = pairs if pairs is not None else (playing_pairs(store, event, section, session) or None)
    return build_movement(count, kind, tables, rounds, boards_per_round, base)


def switch_arrows(
    store: Store,
    event: int | str,
    rounds: list[int],
    tables: list[int] | None = None,
    *,
    section: str = "A",
    session: int = 1,
) -> tuple[str, tuple[str, ...]]:
    """Switch the arrows of the section's stored movement in ``rounds`` (at ``tables``,
    default every table), as ``bridgedesk event arrow-switch`` does (004:1066-1074);
    the new movement's name and the problems found.  A change that does not fit the
    results already in is refused by the store, changing nothing."""
    current = store.movement(event, section=section, session=session)
    if current is None:
        raise MovementError(
            "section {section} has no movement yet: set it first",
            code="section.no-movement-set-first",
            section=section,
        )
    new = arrow_switch(current, rounds, tables)
    problems = store.set_movement(event, new, section=section, session=session)
    return new.name, tuple(problems)


__all__ = [
    "Applied",
    "apply_movement",
    "choose_movement",
    "movement_name",
    "playing_pairs",
    "switch_arrows",
]
