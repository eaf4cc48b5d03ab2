"""The slips still missing in a section, the late ones first
(:mod:`bridgedesk.events.late_slips`): what ``bridgedesk result missing`` prints and
the console's results page lists."""

from __future__ import annotations

from bridgedesk.events.late_slips import MissingSlips, sort_missing
from bridgedesk.store import director
from bridgedesk.store.results_repo import section_results
from bridgedesk.store.unit import UnitOfWork

__all__ = ["missing"]


def missing(
    unit: UnitOfWork, event: int | str, section: str = "A", session: int = 1
) -> MissingSlips:
    """The section's missing slips (neither entered nor marked not played), sorted by
    how late they are, with how many slips the movement plans."""
    with unit.transaction(write=False):
        slips = director.missing(unit, event, section, session)
        results = section_results(unit, event, section=section, session=session).results
        planned = director.planned(unit, event, section, session)
    return sort_missing(slips, results, planned)
