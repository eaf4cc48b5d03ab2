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

from bridgedesk.bridge.methods import Convention
from bridgedesk.scoring.results import Board, Penalty
from bridgedesk.scoring.session import Method, SessionResult, score_session


@dataclass(frozen=True)
class MatchpointOptions:
    """The settings one convention gives :func:`score_session`."""

    scale: int = 1
    factor: bool = True


#: The settings of each named convention (its names: :class:`Convention`).
_OPTIONS: dict[Convention, MatchpointOptions] = {
    Convention.JCBL: MatchpointOptions(),
    Convention.TWO_PER_COMPARISON: MatchpointOptions(scale=2),
    Convention.JFR_PARY: MatchpointOptions(factor=False),
}


def matchpoint_options(convention: Convention) -> MatchpointOptions:
    """What ``convention`` asks of :func:`score_session`."""
    return _OPTIONS[convention]


def score_matchpoints(
    boards: Sequence[Board],
    convention: Convention = Convention.JCBL,
    *,
    winners: int | None = None,
    penalties: Sequence[Penalty] = (),
) -> SessionResult:
    """Matchpoint a session by a named convention."""
    opts = matchpoint_options(convention)
    return score_session(
        boards,
        method=Method.MP,
        winners=winners,
        penalties=penalties,
        scale=opts.scale,
        factor=opts.factor,
        common_top=opts.factor,
    )


__all__ = ["Convention", "MatchpointOptions", "matchpoint_options", "score_matchpoints"]
