"""Which missing slips are late: the ones a director chases first during play.

While a session is played, most missing slips are simply not played yet.  The
slips a director must chase are those of rounds the field has left: a slip is
*late* when its round is before the round being played (the latest round with a
result entered in the section, round 1 before any), *due* when it is of that
round, and *to come* when it is of a later one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bridgedesk.events.model import Result
from bridgedesk.events.rulings import Slip

__all__ = ["MissingSlips", "sort_missing"]


@dataclass(frozen=True)
class MissingSlips:
    """A section's missing slips, the late ones first: ``late`` (rounds the field has
    left), ``due`` (the round being played, ``round``), ``later`` (rounds to come)."""

    round: int
    late: tuple[Slip, ...]
    due: tuple[Slip, ...]
    later: tuple[Slip, ...]
    planned: int = 0

    def __len__(self) -> int:
        return len(self.late) + len(self.due) + len(self.later)

    def now(self) -> tuple[Slip, ...]:
        """The slips to chase now: the late ones, then the round being played."""
        return self.late + self.due


def sort_missing(
    missing: Sequence[Slip], results: Iterable[Result], planned: int = 0
) -> MissingSlips:
    """``missing`` (in round, table, board order) sorted by how late each slip is,
    given the ``results`` entered so far."""
    playing = max((r.round for r in results), default=1)
    order = sorted(missing, key=lambda s: (s.round, s.table, s.board))
    return MissingSlips(
        playing,
        tuple(s for s in order if s.round < playing),
        tuple(s for s in order if s.round == playing),
        tuple(s for s in order if s.round > playing),
        planned,
    )
