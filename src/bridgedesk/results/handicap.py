"""Handicap pairs (ハンディキャップ・ペア): a pairs session ranked twice, on the scores as
played ("scratch") and on the scores with each pair's handicap added.

The seeds name the event (004:4205) and never say how it is handicapped, so the methods
are the published ones (docs/handicap.md gives the sources):

* **rating** (:func:`rating_handicap`): a player's rating is their average percentage
  over past sessions; a pair's handicap is 50 minus the mean of its two players'
  ratings, in percentage points, added to the pair's percentage (the handicap system of
  BridgeWebs and its scorer; clubs that publish theirs state it as "50 minus the
  player's average");
* **masterpoint grades** (:class:`Grades`, :func:`grade_handicap`): each player's
  handicap is the one of the band of masterpoints they hold, the club's table of bands
  (a novice band a few points up, a master band none); a pair's is the mean of its
  players' (the grade tables of Irish and British clubs).

Either handicap may be applied in part: ``share`` (the ACBL's guide to handicap club
games recommends 90 to 100 %).  Every figure is exact (Fractions); places are given to
two decimals as the session's own ranking is (:func:`bridgedesk.scoring.session.rank_labels`).
A two-winner session is ranked in each direction, as played.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from bridgedesk.bridge.seats import Side
from bridgedesk.errors import Location, ScoringError
from bridgedesk.scoring.session import rank_labels

__all__ = [
    "Grades",
    "HandicapLine",
    "HandicapSession",
    "Handicapped",
    "Played",
    "grade_handicap",
    "handicap_ranking",
    "rating_handicap",
]

#: The even score a rating is measured from: 50 %.
PAR = Fraction(50)


@dataclass(frozen=True)
class Grades:
    """A club's handicap table by masterpoints held: ``bands`` are (from this many
    masterpoints, the handicap in percentage points), the lowest band from 0."""

    bands: tuple[tuple[Fraction, Fraction], ...]

    def __post_init__(self) -> None:
        froms = [f for f, _ in self.bands]
        if not froms or froms[0] != 0:
            raise ScoringError(
                "a handicap table starts with the band from 0 masterpoints",
                Location(input="grades"),
                code="handicap.bands-from-zero",
            )
        if froms != sorted(set(froms)):
            raise ScoringError(
                "a handicap table's bands go up, each from more masterpoints",
                Location(input="grades"),
                code="handicap.bands-go-up",
            )

    def handicap(self, masterpoints: Fraction) -> Fraction:
        """The handicap of a player holding ``masterpoints``."""
        found = self.bands[0][1]
        for start, value in self.bands:
            if masterpoints >= start:
                found = value
        return found


def rating_handicap(ratings: Sequence[Fraction]) -> Fraction:
    """50 minus the mean of the players' ratings (percentages), in points."""
    if not ratings:
        raise ScoringError(
            "a handicap from ratings needs the players' ratings", code="handicap.no-ratings"
        )
    return PAR - sum(ratings, Fraction(0)) / len(ratings)


def grade_handicap(masterpoints: Sequence[Fraction], grades: Grades) -> Fraction:
    """The mean of the players' handicaps by the club's table."""
    if not masterpoints:
        raise ScoringError(
            "a handicap from masterpoints needs the players' masterpoints",
            code="handicap.no-masterpoints",
        )
    return sum((grades.handicap(m) for m in masterpoints), Fraction(0)) / len(masterpoints)


@dataclass(frozen=True)
class HandicapLine:
    """A pair's line: its percentage and place as played, its handicap (the share
    applied), and its percentage and place with it."""

    pair: str
    names: str
    direction: Side | None
    scratch: Fraction
    scratch_rank: str
    handicap: Fraction
    handicapped: Fraction
    rank: str


@dataclass(frozen=True)
class Handicapped:
    """The session ranked with handicaps, best first (by direction when two winners)."""

    share: Fraction
    lines: tuple[HandicapLine, ...]


@dataclass(frozen=True)
class Played:
    """What the ranking needs of a pair: its name, names, direction and percentage."""

    pair: str
    names: str
    direction: Side | None
    percentage: Fraction


def handicap_ranking(
    played: Sequence[Played], handicaps: Mapping[str, Fraction], share: Fraction = Fraction(1)
) -> Handicapped:
    """Each pair's percentage with ``share`` of its handicap added, ranked in its field
    (one, or each direction), beside its place as played."""
    if not 0 < share <= 1:
        raise ScoringError(
            "the share of the handicap applied is above 0 and at most 100 %, not {share} %",
            Location(input="share"),
            code="handicap.share-out-of-range",
            share=f"{float(share * 100):g}",
        )
    missing = [p.pair for p in played if p.pair not in handicaps]
    if missing:
        raise ScoringError(
            "pair {pair} has no handicap", code="handicap.pair-without-handicap", pair=missing[0]
        )
    lines: list[HandicapLine] = []
    for direction in dict.fromkeys(p.direction for p in played):
        field = [p for p in played if p.direction == direction]
        given = [share * handicaps[p.pair] for p in field]
        with_h = [p.percentage + h for p, h in zip(field, given, strict=True)]
        scratch = rank_labels([p.percentage for p in field])
        ranks = rank_labels(with_h)
        mine = [
            HandicapLine(p.pair, p.names, direction, p.percentage, s, h, w, r)
            for p, h, w, s, r in zip(field, given, with_h, scratch, ranks, strict=True)
        ]
        mine.sort(key=lambda x: (-x.handicapped, -x.scratch, x.pair))
        lines.extend(mine)
    return Handicapped(share, tuple(lines))


@dataclass(frozen=True)
class HandicapSession:
    """A stored session ranked with handicaps: the event's name, the session and section,
    where the handicaps came from (``rating`` or ``masterpoints``) and the ranking."""

    event: str
    session: int
    section: str
    method: str
    ranking: Handicapped
