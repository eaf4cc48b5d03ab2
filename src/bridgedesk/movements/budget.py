"""Time limits for the movement searches.

Some movements are found by a randomised search (the interwoven Howell and the
appendix Mitchells of the two-session list, 004:2117-2170).  For sizes where no
such movement exists the search could run for minutes before giving up; every
search therefore takes a time budget, and when it is spent it stops with
:class:`SearchTimeoutError`, a :class:`~bridgedesk.errors.MovementError` that says
so (a caller trying alternatives must not take it for "this alternative does
not exist" and go on searching).
"""

from __future__ import annotations

import time

from bridgedesk.errors import MovementError

#: Seconds a movement search may take by default (sizes that exist take about 1 s).
SEARCH_SECONDS = 10.0


class SearchTimeoutError(MovementError):
    """A movement search spent its time budget without finding a movement."""


class Deadline:
    """When a search must stop; ``seconds=None`` means no limit."""

    def __init__(self, seconds: float | None, what: str) -> None:
        if seconds is not None and not seconds > 0:
            raise MovementError(
                "a search time limit must be positive, got {seconds}",
                code="movement.search-time-limit",
                seconds=seconds,
            )
        self.seconds = seconds
        self.what = what
        self._end = None if seconds is None else time.monotonic() + seconds

    def remaining(self) -> float | None:
        """Seconds left (at least a millisecond), or None without a limit."""
        if self._end is None:
            return None
        return max(self._end - time.monotonic(), 0.001)

    def check(self) -> None:
        """Raise :class:`SearchTimeoutError` once the time is spent."""
        if self._end is not None and time.monotonic() > self._end:
            raise SearchTimeoutError(
                "no {what} found within {seconds:g} s; such a movement is unlikely to "
                "exist for these sizes: choose other rounds or tables (the seed's "
                "two-session list, 004:2117-2170, names the sizes that work), or allow "
                "more time",
                code="movement.search-timeout",
                what=self.what,
                seconds=self.seconds,
            )


__all__ = ["SEARCH_SECONDS", "Deadline", "SearchTimeoutError"]
