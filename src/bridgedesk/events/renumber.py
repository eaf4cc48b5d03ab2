"""Honouring stationary requests when the movement is chosen (004:810-948).

A pair that cannot move asks for a stationary seat.  When the movement is set
before any result is in, such a pair whose number moves is given a stationary
number instead, swapping with a pair that did not ask (or taking a stationary
number nobody holds).  The phantom keeps its number when it can, since a
stationary phantom keeps the sit-out at one table (004:872-880).
"""

from __future__ import annotations

from collections.abc import Mapping

from bridgedesk.events.model import Entry
from bridgedesk.events.seating import SeatingPlan, seated_pairs, stationary_pairs


def stationary_swaps(movement: SeatingPlan, entries: Mapping[int, Entry]) -> dict[int, int]:
    """Old number -> new number for every entry that changes number (empty if none).

    Requests are met in number order while stationary numbers last; a request
    that cannot be met is left for :func:`~bridgedesk.events.entry.validate_section`
    to report.
    """
    still = sorted(stationary_pairs(movement))
    seated = seated_pairs(movement)
    wanting = [n for n, e in sorted(entries.items()) if e.stationary and n not in still]
    if not wanting:
        return {}

    def holder_rank(number: int) -> int:
        entry = entries.get(number)
        if entry is None:
            return 0  # a free stationary number
        if entry.phantom:
            return 2  # keep a stationary phantom where it is if possible
        return 1

    free = sorted(
        (n for n in still if not (n in entries and entries[n].stationary)),
        key=lambda n: (holder_rank(n), n),
    )
    swaps: dict[int, int] = {}
    for number, target in zip(wanting, free, strict=False):
        if target not in seated:
            continue
        swaps[number] = target
        if target in entries:
            swaps[target] = number
    return swaps


__all__ = ["stationary_swaps"]
