"""Walkovers and byes under every team scoring (003:228-250, carried over).

The seed's rule is written for VP team events (003:228, "VP形式のチーム戦等"):
a match of which half the boards or more cannot be played is a walkover; the
winner gets the most of (1) its own average VPs, (2) the average VPs the
forfeiting team's opponents scored against it -- both over matches actually
played -- and (3) 1.2 times a drawn match's VPs; the forfeiting team gets the
scale's minimum (003:232-244).  The seed says nothing of the other scorings
(a knockout's walkover decides only who goes on, 004:1762-1772); bridgedesk
carries the same rule over to each scoring's own points, item by item:

=============  ======================================  ==================================
scoring        a drawn match (item 3 takes 1.2 x it)   the forfeiting team gets
=============  ======================================  ==================================
``vp``         the scale's draw for the match's boards  the scale's minimum (003:244)
``imp``        0 IMPs, so item 3 is 0                   minus the winner's award: an IMP
                                                        match is zero-sum
``mccallum``   the stock (004:2615)                     0, the least a match gives
``bam``        1 point a board (004:1823)               0
``bam-vp``     1 point a board and the ``bam`` scale's  0 points and the ``bam`` scale's
               draw                                     minimum
=============  ======================================  ==================================

Averages are over the matches each team actually played (003:244 "実際に行わ
れた試合のみが対象"), counting a triangle's round once.  A **bye** is a walkover
nobody forfeited (:func:`bridgedesk.scoring.teams.bye_vp`): the most of the
team's own average and 1.2 draws, under every scoring.  Everything is exact:
the averages are Fractions, rounded once when printed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from bridgedesk.bridge.methods import Method
from bridgedesk.bridge.vp import VPScale, get_scale

__all__ = ["Walkover", "walkover"]

_SIX_FIFTHS = Fraction(6, 5)


@dataclass(frozen=True)
class Walkover:
    """A scoring's drawn match and its forfeiting team's points (None: minus the award)."""

    draw: Fraction
    minimum: Fraction | None

    def award(self, own: Sequence[Fraction], against_loser: Sequence[Fraction]) -> Fraction:
        """The winner's points: the most of items 1-3 (003:236-242)."""
        options = [self.draw * _SIX_FIFTHS]
        for got in (own, against_loser):
            if got:
                options.append(sum(got, Fraction(0)) / len(got))
        return max(options)

    def forfeit(
        self, own: Sequence[Fraction], against_loser: Sequence[Fraction]
    ) -> tuple[Fraction, Fraction]:
        """(the winner's points, the forfeiting team's)."""
        won = self.award(own, against_loser)
        return won, -won if self.minimum is None else self.minimum

    def bye(self, own: Sequence[Fraction]) -> Fraction:
        """A bye: the most of the team's own average and 1.2 draws."""
        return self.award(own, ())


def walkover(scoring: Method, scale: VPScale, boards: int, stock: int) -> Walkover:
    """The walkover values of ``scoring`` for a match of ``boards`` boards (module doc)."""
    if scoring is Method.TEAM_VP:
        draw, low = scale.vp(0, boards)[0], scale.vp(-(10**6), boards)[0]
        return Walkover(Fraction(draw), Fraction(low))
    if scoring is Method.TEAM_IMPS:
        return Walkover(Fraction(0), None)
    if scoring is Method.MCCALLUM:
        return Walkover(Fraction(stock), Fraction(0))
    if scoring is Method.BOARD_A_MATCH:
        return Walkover(Fraction(boards), Fraction(0))
    bam = get_scale("bam")
    draw, low = bam.vp(0, boards)[0], bam.vp(-(10**6), boards)[0]
    return Walkover(boards + Fraction(draw), Fraction(low))
