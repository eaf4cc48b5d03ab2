"""Named scoring conventions: how other programs and federations score a session.

The arithmetic lives in :func:`bridgedesk.scoring.session.score_session`; this
module names the combinations of its settings (:class:`ConventionRules`) that
programs are known for; their names are the one enum
:class:`bridgedesk.bridge.methods.Convention` (re-exported here), which every
command, the console and the event's stored options offer.

* ``jcbl`` -- 1 point per comparison won, a half per tie (004:1178-1180); each
  board brought to the common top and a pair that played fewer boards factored
  up (004:1276-1302); average plus is 60 % or the pair's session percentage if
  higher (003:16-19).  bridgedesk's default, for every method.
* ``two-per-comparison`` -- the same, with 2 points per comparison won and 1
  per tie (top 2N - 2): how EBU scoring programs, the FFB and ScoreBridge print
  matchpoints.  Percentages and ranks are the same as ``jcbl``.
* ``jfr-pary`` -- the Polish JFR Pary program's matchpoints: no common top and
  no factoring of a pair's total.  Each board is matchpointed over the results
  on its traveller (an artificial score on it counts, so the played results are
  brought to that number by the Neuberg formula, as JFR Pary's own pages show;
  a board not played is not on the traveller), a pair's total is the plain sum
  of its points and its percentage that sum over the most it could have scored
  on the boards it played; pairs are ranked by percentage.
* ``bbo`` -- Bridge Base Online's tournaments.  Matchpoints: each board over
  its played results only (an artificial score is left out of the field and
  nothing is factored), average plus and minus a flat 60 % and 40 % of the top
  whatever the pair's session, a pair's score the mean of its board
  percentages.  Cross-IMPs: the ``average-per-comparison`` form below.
* ``average-per-comparison`` -- the cross-IMP form BBO, KoPS and JFR publish:
  each played result is compared with every other played result of its
  direction and its IMPs are divided by the number of comparisons (an
  artificial score is left out of the comparisons, average is 0), no factoring;
  a pair's score is the sum over its boards.

The sources and the published files these are checked against are listed in
``docs/results.md`` ("Other programs' conventions").
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgedesk.bridge.methods import Convention


@dataclass(frozen=True)
class ConventionRules:
    """The settings one convention gives the scoring engine.

    ``scale``: matchpoints per comparison won (1 or 2).  ``factor``: boards
    brought to the common top and pairs that played fewer boards factored up
    (004:1276-1302); without it totals are plain sums and matchpoint pairs are
    ranked by percentage.  ``played_only``: an artificial adjusted score is
    left out of its board's field (matchpoints over the played results only).
    ``flat_adjusted``: matchpoint average plus / minus are always 60 / 40 % of
    the top (not the pair's session percentage, 003:16-19).  ``board_mean``: a
    matchpoint pair's percentage is the mean of its board percentages.
    ``per_comparison``: cross-IMPs divided by the number of comparisons.
    """

    scale: int = 1
    factor: bool = True
    played_only: bool = False
    flat_adjusted: bool = False
    board_mean: bool = False
    per_comparison: bool = False


#: The settings of each named convention (its names and methods: :class:`Convention`).
_RULES: dict[Convention, ConventionRules] = {
    Convention.JCBL: ConventionRules(),
    Convention.TWO_PER_COMPARISON: ConventionRules(scale=2),
    Convention.JFR_PARY: ConventionRules(factor=False),
    Convention.BBO: ConventionRules(
        factor=False, played_only=True, flat_adjusted=True, board_mean=True, per_comparison=True
    ),
    Convention.AVERAGE_PER_COMPARISON: ConventionRules(factor=False, per_comparison=True),
}


def rules_of(convention: Convention) -> ConventionRules:
    """What ``convention`` asks of :func:`~bridgedesk.scoring.session.score_session`."""
    return _RULES[convention]


__all__ = ["Convention", "ConventionRules", "rules_of"]
