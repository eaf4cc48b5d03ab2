"""SBF general rules (001:255-532, 001:1413-1900): shared places, finals with carry-over,
simultaneous and rally bonuses, team-match points and their split between players,
DM bonuses, gold events, SM finals and ranking points.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from fractions import Fraction

from bridgedesk.errors import MasterpointError
from bridgedesk.masterpoints.sbf.tables import (
    ScaleRow,
    bronze_pairs,
    bronze_simultaneous,
    silver_places,
    table_d,
)
from bridgedesk.masterpoints.sbf.units import Denomination, to_mp

__all__ = [
    "DM_BONUS",
    "G1_BONUS",
    "H1_FINAL_GP",
    "H2_FINAL",
    "MatchResult",
    "RankingKind",
    "SbfFinal",
    "distribute_match",
    "dm_bonus",
    "e3_match_sp",
    "final_round_scale",
    "final_scale",
    "final_winner_points",
    "gold_pairs",
    "h1_final",
    "h1_semifinal",
    "h2_final",
    "match_result",
    "rally_bonus",
    "ranking_kind",
    "ranking_points",
    "share_places",
    "simultaneous_silver_bonus",
]


def share_places(
    row: ScaleRow, first_place: int, count: int, minimum: int = 4
) -> tuple[Denomination, int] | None:
    """What each of ``count`` competitors tied from ``first_place`` receives (001:489-495).

    They share the points of the places they cover, every decimal rounded up.  A
    shared last bronze place gives at least ``minimum`` bp (4, or 2 in handicap
    events; 001:692-693).  When the covered places mix colours, the total is taken in
    mp and paid in the colour of the best covered place.  None if no covered place
    is paid.
    """
    if count < 1 or first_place < 1:
        raise MasterpointError(
            "a tie needs count >= 1 and place >= 1, got {count}, {first_place}",
            code="masterpoint.tie",
            count=count,
            first_place=first_place,
        )
    covered = [row.at(p) for p in range(first_place, first_place + count)]
    paid = [c for c in covered if c is not None]
    if not paid:
        return None
    colour = paid[0][0]
    total_mp = sum((to_mp(v, d) for d, v in paid), Fraction(0))
    share = math.ceil(total_mp * colour.per_mp / count)
    if colour is Denomination.BRONZE and len(paid) < count:
        share = max(share, minimum)  # the shared last bp place
    return colour, share


def final_winner_points(total_pairs: int, qualifying_rounds: int, final_rounds: int) -> Fraction:
    """A-final winners' sp before rounding: a + b (001:391-397).

    a = rounds in the qualifying + rounds in the A final + 1;
    b = half of (all pairs - qualifying rounds - final rounds - 1).
    """
    a = qualifying_rounds + final_rounds + 1
    b = Fraction(total_pairs - qualifying_rounds - final_rounds - 1, 2)
    if b < 0:
        raise MasterpointError(
            "{total_pairs} pairs cannot have played {qualifying_rounds}+{final_rounds} rounds",
            code="masterpoint.final-rounds",
            total_pairs=total_pairs,
            qualifying_rounds=qualifying_rounds,
            final_rounds=final_rounds,
        )
    return a + b


def final_scale(total_pairs: int, qualifying_rounds: int, final_rounds: int) -> ScaleRow:
    """The A final's silver scale: the winners' rounded figure picks the table D row and
    its best quarter receive sp; no bp in the A final (001:399-429)."""
    winner = min(100, math.ceil(final_winner_points(total_pairs, qualifying_rounds, final_rounds)))
    row = table_d(max(12, winner))
    return ScaleRow("D-final", winner, sp=row.sp[: silver_places(winner)])


@dataclass(frozen=True)
class SbfFinal:
    """One final of a silver event with a qualifying and A, B (and lower) finals
    (001:381-439).

    ``total_pairs``: all pairs of the qualifying; ``qualifying_rounds`` and
    ``final_rounds`` (the A final's rounds) give the A final's winners a + b sp.
    ``stage``: ``"A"``, ``"B"``, ``"C"``...; ``carry_over``: this final counts the
    qualifying's carry-over (sp need it, 001:383-385).  ``transferred``: with TK's
    permission, the last ``transferred`` sp places of the A final's scale are paid to
    the B final's best places instead (001:404-411, 001:431-439); give the same number
    to the A final and to the B final.
    """

    total_pairs: int
    qualifying_rounds: int
    final_rounds: int
    stage: str = "A"
    carry_over: bool = True
    transferred: int = 0

    def __post_init__(self) -> None:
        stage = self.stage.upper()
        object.__setattr__(self, "stage", stage)
        if len(stage) != 1 or not "A" <= stage <= "Z":
            raise MasterpointError(
                "a final is named by one letter A, B, C..., got {stage!r}",
                code="masterpoint.final-letter",
                stage=stage,
            )
        if self.transferred < 0:
            raise MasterpointError(
                "transferred sp places cannot be negative ({transferred})",
                code="masterpoint.transferred-negative",
                transferred=self.transferred,
            )
        if self.transferred and stage not in ("A", "B"):
            raise MasterpointError(
                "the A final's sp places can be transferred to the B final only "
                "(001:431-439), not to final {stage}",
                code="masterpoint.transfer-to-b",
                stage=stage,
            )
        if self.transferred and not self.carry_over:
            raise MasterpointError(
                "final {stage}: sp in a final need the carry-over from the qualifying "
                "(001:387-389); without it the final pays bp",
                code="masterpoint.final-carry-over",
                stage=stage,
            )


def final_round_scale(final: SbfFinal, pairs: int) -> ScaleRow:
    """The scale of one final of ``pairs`` pairs (001:381-439).

    The A final with carry-over: sp by :func:`final_scale`, no bp (001:399-402),
    less the places transferred to the B final.  The B final given ``transferred``
    places: those sp, the A final's last sp places in order, on its best places, then
    bp on the bronze scale of its own field from the next place ("övriga
    mp-berättigade par i B-finalen erhåller bp", 001:437-439).  Any other final, and
    a final without carry-over: bp by the bronze pairs scale (tables A1/A2) of its own
    field ("Utan carry over i B- eller lägre finaler, delas bp ut efter gällande
    skalor", 001:413-414).
    """
    if final.carry_over and final.stage in ("A", "B"):
        a = final_scale(final.total_pairs, final.qualifying_rounds, final.final_rounds)
        if final.transferred >= len(a.sp):
            raise MasterpointError(
                "the A final pays sp to {places} places; {transferred} cannot all go to "
                "the B final",
                code="masterpoint.transferred-places",
                places=len(a.sp),
                transferred=final.transferred,
            )
        keep = len(a.sp) - final.transferred
        if final.stage == "A":
            return ScaleRow("D-final-A", a.field, sp=a.sp[:keep])
        if final.transferred:
            bronze = bronze_pairs(pairs)
            return ScaleRow("D-final-B", pairs, sp=a.sp[keep:], bp=bronze[final.transferred :])
    return ScaleRow(f"final-{final.stage}-bronze", pairs, bp=bronze_pairs(pairs))


def simultaneous_silver_bonus(total_pairs: int) -> tuple[int, ...]:
    """Bonus on the common list of a silver simultaneous: 1/5 of a normal silver event
    of that size, at most 16 pairs, no bp (001:448-457)."""
    row = table_d(min(100, total_pairs))
    return tuple(math.ceil(Fraction(v, 5)) for v in row.sp[:16])


class RallyKind(StrEnum):
    PAIRS = "pairs"
    TEAMS = "teams"
    INDIVIDUAL = "individual"


def rally_bonus(starters: int, kind: RallyKind = RallyKind.PAIRS) -> tuple[int, ...]:
    """Gold bonus of a district rally by its total starting pairs (001:472-487).

    Teams count double, individual players half.
    """
    pairs = Fraction(starters)
    if kind is RallyKind.TEAMS:
        pairs *= 2
    elif kind is RallyKind.INDIVIDUAL:
        pairs /= 2
    if pairs > 200:
        return (3, 2, 1)
    if pairs >= 101:
        return (2, 1)
    if pairs >= 96:
        return (1,)
    return ()


class MatchResult(StrEnum):
    WON = "won"
    DRAWN = "drawn"
    LOST = "lost"


#: VP scale total -> (fewest VP of a win, fewest VP of a draw), 001:923-926 / 1413-1416.
_WIN_DRAW = {30: (18, 13), 20: (14, 7), 8: (6, 3), 6: (5, 2), 4: (3, 2), 2: (2, 1)}


def match_result(own_vp: Fraction | int, scale_total: int) -> MatchResult:
    """Won, drawn or lost for masterpoints, from a team's own VP after penalties.

    18-12 on a 30 scale is a win, 17-13 a draw; a 1-VP penalty turning 18-12 into
    17-12 makes it a draw and 17-13 into 17-12 leaves the 12 with nothing (001:1058-1065).
    """
    if scale_total not in _WIN_DRAW:
        raise MasterpointError(
            "win/draw limits exist for VP scales of {scales} total, got {scale_total}",
            code="masterpoint.win-draw-scale",
            scales=sorted(_WIN_DRAW),
            scale_total=scale_total,
        )
    win, draw = _WIN_DRAW[scale_total]
    if own_vp >= win:
        return MatchResult.WON
    if own_vp >= draw:
        return MatchResult.DRAWN
    return MatchResult.LOST


def distribute_match(
    team_points: Fraction | int, halves: Mapping[str, int], halves_per_match: int = 2
) -> dict[str, Fraction]:
    """Split one match's points among the players (E2, 001:1432-1456).

    Four seats play each half; a player gets his share per half played, so a full
    match is worth a quarter of the team's points and a half of it an eighth.  The
    shares are exact; add them over the event and round the total up.
    """
    total = sum(halves.values())
    if total > 4 * halves_per_match or any(h < 0 or h > halves_per_match for h in halves.values()):
        raise MasterpointError(
            "halves played must be 0-{halves_per_match} per player and at most "
            "{team_max} per team, got {halves}",
            code="masterpoint.halves-played",
            halves_per_match=halves_per_match,
            team_max=4 * halves_per_match,
            halves=dict(halves),
        )
    per_half = Fraction(team_points) / (4 * halves_per_match)
    return {player: per_half * h for player, h in halves.items()}


#: Offsets from the board count by division, per number of divisions (E3, 001:1483-1628).
_E3_OFFSETS: Mapping[int, tuple[int, ...]] = {
    2: (0, -4),
    3: (4, 0, -4),
    4: (4, 0, -4, -8),
    5: (8, 4, 0, -4, -8),
    6: (8, 4, 0, -4, -8, -10),
    7: (8, 4, 0, -4, -8, -10, -12),
    8: (8, 4, 0, -4, -8, -10, -12, -14),
}


def e3_match_sp(boards: int, division: int, divisions: int, result: MatchResult) -> Fraction:
    """Silver a team wins in one E3 league match: boards +/- the division offset,
    at least 2 for a win and 1 for a draw (001:1470-1472); half for a draw."""
    if divisions not in _E3_OFFSETS:
        raise MasterpointError(
            "an E3 league has 2-8 divisions, got {divisions}",
            code="masterpoint.e3-divisions",
            divisions=divisions,
        )
    if not 1 <= division <= divisions:
        raise MasterpointError(
            "division must be 1-{divisions}, got {division}",
            code="masterpoint.division",
            divisions=divisions,
            division=division,
        )
    if boards < 6:
        raise MasterpointError(
            "E3 matches have at least 6 boards, got {boards}",
            code="masterpoint.e3-boards",
            boards=boards,
        )
    win = Fraction(max(2, boards + _E3_OFFSETS[divisions][division - 1]))
    if result is MatchResult.WON:
        return win
    if result is MatchResult.DRAWN:
        return max(Fraction(1), win / 2)
    return Fraction(0)


#: DM final bonus in sp per player for places 1-3 (001:1736-1755).
DM_BONUS: Mapping[str, tuple[int, int, int]] = {
    "teams-open": (42, 30, 21),
    "pairs-open": (60, 40, 30),
    "other": (10, 5, 3),
}
#: G1 SM team final: gp per won/drawn match by boards, and bonus per player (001:1801-1818).
G1_MATCH = {20: (12, 6), 24: (16, 8)}
G1_BONUS = (28, 20, 14)
#: H1 SM pairs A final, gp by place (001:1871-1873).
H1_FINAL_GP = (50, 35, 25, 20, 15, 12, 10, 8, 6, 4, 3, 2, 1)
#: H2 other SM pair finals, points by place (001:1879-1891).
H2_FINAL: Mapping[str, tuple[int, ...]] = {
    "junior": (10, 5, 3, 2),
    "veteran": (10, 5, 4, 3),
    "women": (10, 5, 4, 3),
    "mixed": (10, 5, 4, 3),
}


def gold_pairs(
    pairs: int, *, enhanced: bool = False, met: int | None = None, boards: int | None = None
) -> ScaleRow:
    """A gold pair event (001:1772-1790): counted like silver but in gold currency.

    The table D figures of the first places become gp (sp / 10, rounded up): three
    places from 32 pairs, two at 24-31 pairs; the enhanced scale (field handicap
    below 15) pays 10-7-5-4 gp.  Then sp down to the 16th place at most, then bronze
    at three times the bronze table (D's red figures are twice it) to the best third.
    """
    if pairs < 24:
        raise MasterpointError(
            "a gold pair event needs at least 24 pairs, got {pairs}",
            code="masterpoint.gold-pairs",
            pairs=pairs,
        )
    silver = table_d(pairs, met=met, boards=boards)
    if enhanced:
        gp: tuple[int, ...] = (10, 7, 5, 4)
    else:
        count = 3 if pairs >= 32 else 2
        gp = tuple(math.ceil(Fraction(v, 10)) for v in silver.sp[:count])
    sp = silver.sp[len(gp) : 16]
    bp = tuple(math.ceil(Fraction(3 * v, 2)) for v in silver.bp)
    return ScaleRow("gold", pairs, gp=gp, sp=sp, bp=bp)


class RankingKind(StrEnum):
    """What kind of award a ranking-point calculation is for (001:545-571)."""

    NORMAL = "normal"
    GOLD_EVENT = "gold-event"  # sp earned in a gold event: 1.5 each
    BONUS = "bonus"  # Allsvenskan, SM or DM final bonus: none
    ALLSVENSKAN_DIV3 = "allsvenskan-div3"  # gp count as the equivalent sp
    SM_PAIRS_FINAL = "sm-pairs-final"  # 9 per gp
    SPRING_AUTUMN_SILVER = "spring-autumn-silver"  # not in the ranking


@dataclass(frozen=True)
class RankingAward:
    """One award as the ranking sees it: the unrounded points and when."""

    when: date
    points: Fraction
    denomination: Denomination
    kind: RankingKind = RankingKind.NORMAL


def _rp(award: RankingAward) -> Fraction:
    d, k, p = award.denomination, award.kind, award.points
    if d is Denomination.BRONZE or k in (RankingKind.BONUS, RankingKind.SPRING_AUTUMN_SILVER):
        return Fraction(0)
    if d is Denomination.SILVER:
        return p * (Fraction(3, 2) if k is RankingKind.GOLD_EVENT else 1)
    if k is RankingKind.ALLSVENSKAN_DIV3:
        return p * 10
    if k is RankingKind.SM_PAIRS_FINAL:
        return p * 9
    return p * 15


def ranking_points(awards: Sequence[RankingAward], on: date) -> int:
    """Ranking points on ``on``: 1 per sp and 15 per gp, from the unrounded amounts,
    over the last 24 months (001:545-571); the total rounded up (22.5 gp -> 338)."""
    start = _months_before(on, 24)
    total = sum((_rp(a) for a in awards if start < a.when <= on), Fraction(0))
    return math.ceil(total)


def ranking_kind(kind: str) -> RankingKind:
    """The ranking treatment named by a ledger entry's kind (``"bonus"``,
    ``"gold-event"``, ``"sm-pairs-final"``, ...); any other kind counts normally."""
    try:
        return RankingKind(kind)
    except ValueError:
        return RankingKind.NORMAL


def _months_before(day: date, months: int) -> date:
    month0 = day.year * 12 + day.month - 1 - months
    year, month = divmod(month0, 12)
    if year < date.min.year:
        return date.min
    last = [31, 29 if _leap(year) else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month]
    return date(year, month + 1, min(day.day, last))


def _leap(year: int) -> bool:
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def h1_final(pairs: int | None = None) -> ScaleRow:
    """SM pairs A final (001:1866-1877): gold by place 50, 35, ... 1 to the 13th, then
    bronze "till och med 18:e plats" on the current bronze table of the final's
    ``pairs`` times three ("multiplicerar bp med tre i finalen"), and, as in every
    gold event, at most to the best third of the field (001:1781-1785).  Without
    ``pairs`` only the gold."""
    gp = H1_FINAL_GP
    if pairs is None:
        return ScaleRow("H1", len(gp), gp=gp)
    if pairs < len(gp):
        raise MasterpointError(
            "an H1 final pays {places} gold places, got {pairs} pairs",
            code="masterpoint.h1-final-pairs",
            places=len(gp),
            pairs=pairs,
        )
    last = min(18, math.ceil(Fraction(pairs, 3)))
    bronze = bronze_simultaneous(pairs) if last > len(gp) else ()
    bp = tuple(3 * v for v in bronze[len(gp) : last])
    return ScaleRow("H1", pairs, gp=gp, bp=bp)


def h1_semifinal(pairs: int) -> ScaleRow:
    """SM pairs semifinal (001:1866-1870): sp to the first 16 on the 100-pair scale,
    then bronze, "multiplicerar bp ... med två i semifinalen", to the best third of the
    field; with fewer pairs "enligt samma metod", i.e. table D of the field (whose
    bronze is the bronze table x 2).  The seed's "ytterligare 41 par" is the best
    third of 169-171 pairs less the 16 silver places."""
    if pairs <= 100:
        row = table_d(pairs)
        return ScaleRow("H1-semi", pairs, sp=row.sp, bp=row.bp)
    sp = table_d(100).sp[:16]
    bronze = bronze_simultaneous(pairs)
    return ScaleRow("H1-semi", pairs, sp=sp, bp=tuple(2 * v for v in bronze[len(sp) :]))


def dm_bonus(kind: str, place: int) -> int:
    """DM final bonus in sp per player (001:1736-1770) for ``place`` 1-3, else 0;
    ``kind`` is ``teams-open``, ``pairs-open`` or ``other``."""
    if kind not in DM_BONUS:
        raise MasterpointError(
            "DM bonus kinds are {kinds}, got {kind!r}",
            code="masterpoint.dm-bonus-kind",
            kinds=", ".join(DM_BONUS),
            kind=kind,
        )
    return DM_BONUS[kind][place - 1] if 1 <= place <= 3 else 0


def h2_final(kind: str, pairs: int, boards: int | None = None) -> ScaleRow:
    """The other SM pair finals (001:1879-1898): four places fixed by ``kind`` (junior,
    veteran, women, mixed), the following places from table D (with its board
    coefficient), bronze at three times the bronze tables (D's red figures x 3/2)."""
    if kind not in H2_FINAL:
        raise MasterpointError(
            "H2 finals are {kinds}, got {kind!r}",
            code="masterpoint.h2-final-kind",
            kinds=", ".join(H2_FINAL),
            kind=kind,
        )
    silver = table_d(pairs, boards=boards)
    fixed = H2_FINAL[kind]
    return ScaleRow(
        "H2",
        pairs,
        gp=fixed,
        sp=silver.sp[len(fixed) :],
        bp=tuple(math.ceil(Fraction(3 * v, 2)) for v in silver.bp),
    )
