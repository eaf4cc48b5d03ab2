"""The combined ranking's values (made by :func:`bridgedesk.results.combined.combine`)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from bridgedesk.errors import ScoringError


@dataclass(frozen=True)
class SessionLine:
    """A competitor's line in one session: where it sat and what it scored there."""

    session: int
    seat: str
    section: str | None
    total: Fraction
    max: Fraction | None
    percentage: Fraction | None
    rank: str


@dataclass(frozen=True)
class CombinedStanding:
    """A competitor over all sessions (``sessions`` has None where it did not play)."""

    pair: str
    total: Fraction
    max: Fraction | None
    percentage: Fraction | None
    rank: str
    sessions: tuple[SessionLine | None, ...]
    names: str = ""
    carry: Fraction = Fraction(0)
    section: str | None = None
    section_rank: str | None = None


@dataclass(frozen=True)
class Combined:
    """The combined ranking, best first, and how the sessions were matched."""

    ranking: tuple[CombinedStanding, ...]
    matched_by: str
    by_percentage: bool

    def standing(self, pair: str) -> CombinedStanding:
        for s in self.ranking:
            if s.pair == pair:
                return s
        raise ScoringError(
            "competitor {competitor} is not in the combined ranking",
            code="ranking.not-in-combined",
            competitor=pair,
        )
