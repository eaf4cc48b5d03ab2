"""How often the live pages hear of a change: the spacing of their updates.

An event's streams are woken at most once every ``update_seconds``
(:class:`bridgedesk.web.live_kept.Versions`): the first change at once, faster ones
sharing the next wake, so twenty people watching cost one page made per spacing,
not one per result.  ``bridgedesk serve --update-seconds`` sets it for every worker
through the environment (:data:`UPDATE_ENV`), read back by
:func:`update_seconds_of`; a small server with many viewers may space them more.
"""

from __future__ import annotations

import math

from bridgedesk.errors import BridgedeskError, Location

__all__ = ["DEFAULT_UPDATE_SECONDS", "MAX_UPDATE_SECONDS", "UPDATE_ENV", "update_seconds_of"]

#: The spacing unless told otherwise: quick enough that a result shows "at once".
DEFAULT_UPDATE_SECONDS = 0.1
#: The longest spacing taken: a live page a minute behind is no longer live.
MAX_UPDATE_SECONDS = 60.0
#: Where ``serve`` tells its workers the spacing.
UPDATE_ENV = "BRIDGEDESK_UPDATE_SECONDS"


def update_seconds_of(text: str) -> float:
    """The spacing ``text`` gives (``BRIDGEDESK_UPDATE_SECONDS``): seconds from 0 to
    :data:`MAX_UPDATE_SECONDS`, else a one-line refusal naming the variable."""
    try:
        seconds = float(text.strip())
    except ValueError:
        seconds = math.nan
    if not 0.0 <= seconds <= MAX_UPDATE_SECONDS:  # NaN is refused too
        raise BridgedeskError(
            "{name}={given!r} is not a number of seconds from 0 to {most:g}",
            Location(input=UPDATE_ENV),
            code="serve.update-seconds",
            name=UPDATE_ENV,
            given=text[:40],
            most=MAX_UPDATE_SECONDS,
        )
    return seconds
