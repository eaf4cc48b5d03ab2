"""JCBL weekly and series games (seed 000:173-228, general rules 000:471-507).

Formula ① (pairs, individuals, and the first candidate for teams)::

    K * C * P * S / 100 * 0.7 ** (N - 1)

K class coefficient (1-5), C competitors, P game factor (1 pairs/individual,
2 teams), S sessions, N place.  Formula ② (teams, by VP or wins)::

    K * B * V / (100 * M * Pm)

B boards per match, V VP of the matches won (draws on IMPs included, bonus VP
excluded), M the most VP one match can give (1 when decided by wins), Pm team
members.  A team gets the larger of ① and ②; ② has no place in it, so the 35 %
range (000:491) limits ① only and a team below it still gets ② for its won VP.  Series (③)::

    (G1 + ... + Gi) / 2 * 0.7 ** (N - 1),   4 <= i <= 9

with Gi the first-place points of each game of the series.

Weekly and series awards are capped at 1.00 (000:477-488): when place 1 would
exceed the cap it gets the cap and the lower places get the cap times their
place factor.  Awards go to the top 35 % of the competitors, rounded up
(000:489-497).  Tied competitors share the average of the places they cover,
computed as if every place were issued (000:503-507).  Everything is exact
(:class:`~fractions.Fraction`) until the final JCBL rounding.

Who issues what (000:509-519): a club issues weekly points (the larger of ① and ②
for teams) and, separately, series points (③), as fractional masterpoint (FMP)
certificates per game; CCG-and-up points are all issued by the federation, and a
non-member's points cannot be issued as FMP.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction

from bridgedesk.errors import MasterpointError
from bridgedesk.masterpoints.rounding import jcbl_round, to_fraction

__all__ = [
    "CLASSES",
    "PLACE_FACTOR",
    "WEEKLY_CAP",
    "GameKind",
    "WeeklyGame",
    "award_places",
    "class_coefficient",
    "place_factor",
    "series_table",
    "team_vp_points",
    "tied_points",
    "weekly_exact",
    "weekly_table",
]

#: The weekly game classes; the class coefficient K equals the class (000:179-184).
CLASSES = (1, 2, 3, 4, 5)
#: Each place is worth 0.7 of the one above (000:220).
PLACE_FACTOR = Fraction(7, 10)
#: Weekly and series cap, 000:482 (the lower limit 0.01 is the rounding rule).
WEEKLY_CAP = Fraction(1)
#: Share of the competitors who receive points, rounded up (000:491).
AWARD_SHARE = Fraction(35, 100)


class GameKind(StrEnum):
    """What competes in a weekly game; sets the game factor P (000:194-198)."""

    PAIRS = "pairs"
    INDIVIDUAL = "individual"
    TEAMS = "teams"

    @property
    def game_factor(self) -> int:
        return 2 if self is GameKind.TEAMS else 1


def _check_class(klass: int, *, restriction: bool = False) -> None:
    if klass not in CLASSES and restriction:
        raise MasterpointError(
            "JCBL weekly restriction class must be 1-5, got {klass}",
            code="masterpoint.weekly-restriction-class",
            klass=klass,
        )
    if klass not in CLASSES:
        raise MasterpointError(
            "JCBL weekly class must be 1-5, got {klass}",
            code="masterpoint.weekly-class",
            klass=klass,
        )


def class_coefficient(game_class: int, restriction_class: int | None = None) -> int:
    """K for a game of ``game_class`` (000:179-186).

    When the entry is limited in a way that corresponds to a lower class
    (``restriction_class`` < ``game_class``), the lower class's coefficient is used.
    """
    _check_class(game_class)
    if restriction_class is None:
        return game_class
    _check_class(restriction_class, restriction=True)
    return min(game_class, restriction_class)


def award_places(competitors: int | Fraction) -> int:
    """How many places receive points: 35 % of the competitors, rounded up (000:491)."""
    if competitors < 1:
        raise MasterpointError(
            "number of competitors must be at least 1, got {competitors}",
            code="masterpoint.competitors",
            competitors=competitors,
        )
    return math.ceil(AWARD_SHARE * competitors)


def place_factor(place: int) -> Fraction:
    """0.7 ** (place - 1)."""
    if place < 1:
        raise MasterpointError(
            "place must be 1 or more, got {place}", code="masterpoint.place", place=place
        )
    return PLACE_FACTOR ** (place - 1)


def _check_field(competitors: int, sessions: int) -> None:
    if competitors < 2:
        raise MasterpointError(
            "a weekly game needs 2 or more competitors (2..n), got {competitors}",
            code="masterpoint.weekly-competitors",
            competitors=competitors,
        )
    if sessions < 1:
        raise MasterpointError(
            "sessions must be 1 or more, got {sessions}",
            code="masterpoint.sessions",
            sessions=sessions,
        )


def weekly_first(klass: int, competitors: int, kind: GameKind, sessions: int = 1) -> Fraction:
    """Formula ① for place 1 before the cap: K*C*P*S/100."""
    _check_class(klass)
    _check_field(competitors, sessions)
    return Fraction(klass * competitors * kind.game_factor * sessions, 100)


def weekly_exact(
    klass: int,
    competitors: int,
    kind: GameKind,
    place: int,
    sessions: int = 1,
    cap: Fraction = WEEKLY_CAP,
) -> Fraction:
    """Exact formula-① points of ``place`` after the cap (no 35 % limit applied).

    The cap replaces place 1's value and the lower places keep their place factor
    relative to it (000:479).
    """
    first = min(weekly_first(klass, competitors, kind, sessions), cap)
    return first * place_factor(place)


def weekly_table(
    klass: int, kind: GameKind, competitors: int, sessions: int = 1
) -> tuple[Decimal, ...]:
    """The printed weekly table row: rounded points of places 1 .. 35 % of the field.

    Places whose value rounds below 0.01 get nothing and end the row.
    """
    weekly_first(klass, competitors, kind, sessions)  # validates the parameters
    out: list[Decimal] = []
    for place in range(1, award_places(competitors) + 1):
        value = jcbl_round(weekly_exact(klass, competitors, kind, place, sessions))
        if value == 0:
            break
        out.append(value)
    return tuple(out)


def team_vp_points(
    klass: int,
    boards: int,
    won_vp: Fraction | int | str,
    max_vp: Fraction | int | str,
    members: int,
) -> Fraction:
    """Formula ② for one team: K*B*V / (100*M*Pm), capped at 1.00 (000:224)."""
    _check_class(klass)
    v, m = to_fraction(won_vp), to_fraction(max_vp)
    if boards < 1 or m <= 0 or members < 1 or v < 0:
        raise MasterpointError(
            "team VP formula needs boards >= 1, max VP > 0, members >= 1 and won VP "
            ">= 0; got boards={boards}, M={max_vp}, Pm={members}, V={won_vp}",
            code="masterpoint.weekly-team-formula",
            boards=boards,
            max_vp=max_vp,
            members=members,
            won_vp=won_vp,
        )
    return min(klass * boards * v / (100 * m * members), WEEKLY_CAP)


def tied_points(values: Sequence[Fraction], first_place: int, count: int) -> Fraction:
    """Average of the exact points of places ``first_place .. first_place+count-1``.

    ``values`` holds the exact points of every place as if all were issued
    (000:505-507); the caller decides whether the tie starts inside the award range.
    """
    if count < 1 or first_place < 1 or first_place + count - 1 > len(values):
        raise MasterpointError(
            "tie of {count} from place {first_place} does not fit {places} places",
            code="masterpoint.tie-places",
            count=count,
            first_place=first_place,
            places=len(values),
        )
    covered = values[first_place - 1 : first_place - 1 + count]
    return sum(covered, Fraction(0)) / count


def series_table(
    first_place_points: Sequence[Fraction | Decimal | str], average_competitors: Fraction | int
) -> tuple[Decimal, ...]:
    """Series points by place (formula ③, 000:226-228, 000:495-497).

    ``first_place_points`` are the first-place awards G1..Gi of the 4-9 games of the
    series; places 1 .. 35 % of the average field (rounded up) score, capped at 1.00.
    """
    if not 4 <= len(first_place_points) <= 9:
        raise MasterpointError(
            "a series has 4-9 games (G1..Gi, 4 <= i <= 9), got {games}",
            code="masterpoint.series-games",
            games=len(first_place_points),
        )
    total = sum((to_fraction(g) for g in first_place_points), Fraction(0))
    first = min(total / 2, WEEKLY_CAP)
    out: list[Decimal] = []
    for place in range(1, award_places(to_fraction(average_competitors)) + 1):
        value = jcbl_round(first * place_factor(place))
        if value == 0:
            break
        out.append(value)
    return tuple(out)


@dataclass(frozen=True)
class WeeklyGame:
    """The parameters of one weekly game, for :func:`bridgedesk.masterpoints.award`.

    ``restriction_class`` applies the lower-class rule (000:186).  For teams,
    ``boards``/``max_vp``/``members`` enable formula ② (each team's won VP comes
    with its placing).
    """

    klass: int
    kind: GameKind
    sessions: int = 1
    restriction_class: int | None = None
    boards: int | None = None
    max_vp: Fraction | None = None
    members: int = 4

    @property
    def k(self) -> int:
        return class_coefficient(self.klass, self.restriction_class)
