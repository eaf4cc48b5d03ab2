"""The scored value every writer takes (:class:`ScoredSession`) and how it is made.

Layer: imports only bridge, scoring, events, movements and deals.  The
store-side adapter is :func:`~bridgedesk.results.section.score_section` (a
:class:`~bridgedesk.events.model.SectionResults` snapshot, as the store
returns it); the file-side adapter is :mod:`bridgedesk.formats.scored_file`.
Numbers are printed by :mod:`bridgedesk.results.numbers` alone.
"""

from bridgedesk.results.build import Placement, section_of
from bridgedesk.results.model import (
    Competitor,
    EventHeading,
    EventTotal,
    Line,
    Match,
    MovementInfo,
    Options,
    ScoredEvent,
    ScoredSection,
    ScoredSession,
    SheetLine,
    Standing,
    Traveller,
    VpLine,
)
from bridgedesk.results.section import score_section, score_sections

__all__ = [
    "Competitor",
    "EventHeading",
    "EventTotal",
    "Line",
    "Match",
    "MovementInfo",
    "Options",
    "Placement",
    "ScoredEvent",
    "ScoredSection",
    "ScoredSession",
    "SheetLine",
    "Standing",
    "Traveller",
    "VpLine",
    "score_section",
    "score_sections",
    "section_of",
]
