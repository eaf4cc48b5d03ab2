"""Named matchpoint conventions: how other programs and federations score a session.

The arithmetic lives in :func:`bridgedesk.scoring.session.score_session`; this
module names the combinations of its settings that programs are known for, so
a director (or an event's settings) can ask for one by name.

* ``jcbl`` -- 1 point per comparison won, a half per tie (004:1178-1180); each
  board brought to the common top and a pair that played fewer boards factored
  up (004:1276-1302).  bridgedesk's default.
* ``two-per-comparison`` -- the same, with 2 points per comparison won and 1
  per tie (top 2N - 2): how EBU scoring programs, the FFB and ScoreBridge print
  matchpoints.  Percentages and ranks are the same as ``jcbl``.
* ``jfr-pary`` -- no factoring (the Polish JFR Pary program): each board is
  matchpointed over the scores actually on it, a pair's total is the plain sum
  and its percentage that sum over the most it could have scored on the boards
  it played; pairs are ranked by percentage.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from bridgedesk.errors import ScoringError
from bridgedesk.scoring.results import Board, Penalty
from bridgedesk.scoring.session import Method, SessionResult, score_session


@dataclass(frozen=True)
class MatchpointOptions:
    """The settings one convention gives :func:`score_session`."""

    scale: int = 1
    factor: bool = True


class Convention(Enum):
    JCBL = "jcbl"
    TWO_PER_COMPARISON = "two-per-comparison"
    JFR_PARY = "jfr-pary"

    @property
    def options(self) -> MatchpointOptions:
        return {
            "jcbl": MatchpointOptions(),
            "two-per-comparison": MatchpointOptions(scale=2),
            "jfr-pary": MatchpointOptions(factor=False),
        }[self.value]

    @classmethod
    def parse(cls, text: str) -> Convention:
        key = text.strip().lower().replace("_", "-").replace(" ", "-")
        aliases = {
            "ebu": "two-per-comparison",
            "ffb": "two-per-comparison",
            "scorebridge": "two-per-comparison",
            "pary": "jfr-pary",
        }
        key = aliases.get(key, key)
        for member in cls:
            if member.value == key:
                return member
        names = ", ".join(m.value for m in cls)
        raise ScoringError(f"unknown matchpoint convention {text!r}: expected one of {names}")


def score_matchpoints(
    boards: Sequence[Board],
    convention: Convention = Convention.JCBL,
    *,
    winners: int | None = None,
    penalties: Sequence[Penalty] = (),
) -> SessionResult:
    """Matchpoint a session by a named convention."""
    opts = convention.options
    return score_session(
        boards,
        method=Method.MP,
        winners=winners,
        penalties=penalties,
        scale=opts.scale,
        factor=opts.factor,
        common_top=opts.factor,
    )


__all__ = ["Convention", "MatchpointOptions", "score_matchpoints"]
