"""Events, sessions, sections and entries; result entry checked against the movement.

The model (:mod:`bridgedesk.events.model`) is frozen dataclasses; a movement is
seen through the :class:`~bridgedesk.events.seating.SeatingPlan` protocol; result
slips are checked by :func:`~bridgedesk.events.entry.check_result` and, with what
is on the board already, by :mod:`bridgedesk.events.slips` (every door of
:mod:`bridgedesk.services.slips`).  Storage is in :mod:`bridgedesk.store`.
"""

from bridgedesk.events.entry import check_result, make_result, validate_section
from bridgedesk.events.model import (
    AdjustedScore,
    Adjustment,
    Entry,
    EntryKind,
    Event,
    Player,
    Rating,
    Result,
    ScoringMethod,
    Section,
    SectionResults,
    Session,
    correction_deadline,
)
from bridgedesk.events.seating import GridMovement, SeatingPlan, TableAssignment

__all__ = [
    "AdjustedScore",
    "Adjustment",
    "Entry",
    "EntryKind",
    "Event",
    "GridMovement",
    "Player",
    "Rating",
    "Result",
    "ScoringMethod",
    "SeatingPlan",
    "Section",
    "SectionResults",
    "Session",
    "TableAssignment",
    "check_result",
    "correction_deadline",
    "make_result",
    "validate_section",
]
