"""The movement check of a stored section as values (a code and parameters per
problem, :mod:`bridgedesk.events.section_problems`), for pages that print it in
their own language; ``movements_repo.check_section`` gives the same problems as
the English lines the command line prints."""

from __future__ import annotations

from bridgedesk.events.section_problems import SectionProblem, section_problems
from bridgedesk.store.lookups import event_row, movement_of, section_entries, section_row
from bridgedesk.store.unit import UnitOfWork

__all__ = ["problems"]


def problems(
    unit: UnitOfWork, ref: int | str, section: str = "A", session: int = 1
) -> list[SectionProblem]:
    """The problems between a section's movement and its entries (empty when all is
    well, or when it has no movement yet)."""
    with unit.transaction(write=False) as s:
        sec = section_row(s, event_row(s, ref), session, section)
        if sec.movement is None:
            return []
        return section_problems(movement_of(sec), section_entries(s, sec))
