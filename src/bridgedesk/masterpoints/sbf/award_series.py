"""Awarding an SBF team series or cup match by match (tables B2-B4, E2-E5, G1-G3,
001:918-1072, 001:1413-1680, 001:1791-1863), from a
:class:`~bridgedesk.masterpoints.ranking.Ranking` and the teams' matches.  Reached
through :func:`bridgedesk.masterpoints.award.award`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from types import MappingProxyType

from bridgedesk.errors import MasterpointError
from bridgedesk.masterpoints.awards import Award, ordered
from bridgedesk.masterpoints.ranking import Placing, Ranking, ties
from bridgedesk.masterpoints.sbf.rules import (
    G1_BONUS,
    MatchResult,
    RankingKind,
    distribute_match,
)
from bridgedesk.masterpoints.sbf.series import b2_bonus, elitserien_bonus, g2a_gold, match_points
from bridgedesk.masterpoints.sbf.units import Denomination

__all__ = ["B4_WINNER_PER_TEAM", "SbfSeries", "TeamMatch", "award_series"]

#: B4 winners' points per participating team (001:1055-1056), paid per player.
B4_WINNER_PER_TEAM = Fraction(3, 2)


@dataclass(frozen=True)
class TeamMatch:
    """One match of a team in an SBF series or cup (tables B2-B4, E2-E5, G1-G3).

    ``result`` is the team's result for masterpoints (after VP penalties, see
    :func:`bridgedesk.masterpoints.sbf.rules.match_result`); ``halves``: halves
    played by each player (0-2).  ``walkover``: the match was won on a walkover:
    no points ("Inga mp utdelas vid seger på W.O", 001:519); ``conceded``: the
    opponents gave up a cup match: the winners get their points ("Vid uppgiven
    cup-match erhåller vinnande lag sina mp", 001:522-523).  ``boards``: the match's
    boards where they differ from the series'; ``stage``: G2b stage.
    ``interrupted``: the share of the match played when it was broken off; table E3
    pays half its scale if at least half was played, else nothing ("I avbrutna
    matcher får sp delas ut efter halv skala om minst halva matchen är spelad",
    001:1463-1465); the other tables define no such rule.
    """

    team: str
    result: MatchResult
    halves: Mapping[str, int] = field(default_factory=dict)
    boards: int | None = None
    walkover: bool = False
    conceded: bool = False
    stage: str | None = None
    interrupted: Fraction | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "halves", MappingProxyType(dict(self.halves)))
        if self.walkover and self.conceded:
            raise MasterpointError(
                "team {team}: a match is a walkover or a conceded match, not both",
                code="masterpoint.walkover-or-conceded",
                team=self.team,
            )


@dataclass(frozen=True)
class SbfSeries:
    """An SBF team series or cup played match by match.

    Each team's match points are split among its players by halves played, added
    over the series and rounded up at the end (001:1432-1456); a player needs one
    half (001:945).  End-of-series bonuses by the ranking's final places, to
    players who played a third of their team's halves (001:987-989, 001:1030-1032):
    B2 and B3 the B2 bonus table (``double_round`` doubles it, 001:1028-1029); B4 the
    winners 1.5 bp per participating team each (001:1055-1056); G2a (junior SM team
    final) plays for sp by E2, then the top 2 (6-8 teams), 3 (9-12) or 4 (13 and up)
    teams' players have their sp converted to gold per player, 7-4, 7-5-3 or
    10-5-3-2 gp, while the other teams keep their sp (001:1820-1832); E5 division 3 the
    winners 2 gp, the runners-up 1 gp (001:1672-1677); G1 28 / 20 / 14 gp
    (001:1812-1818); G3 Elitserien's winners 20 % of their own points (001:1862-1863).
    Team events never share places (001:494-495).
    """

    table: str
    matches: tuple[TeamMatch, ...]
    boards: int | None = None
    division: int = 1
    divisions: int = 1
    double_round: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "matches", tuple(self.matches))


def _series_bonus(
    series: SbfSeries, place: int, teams: int, own: Fraction
) -> tuple[Denomination, Fraction, str] | None:
    """The end-of-series bonus of one player at ``place`` of ``teams`` (``own``: his
    exact match points, for G3)."""
    key = series.table.upper()
    if key == "B2":
        factor = 2 if series.double_round else 1
        value = b2_bonus(teams, place, rounds_factor=factor)
        return (Denomination.BRONZE, Fraction(value), "B2 bonus table") if value else None
    if key == "B3":
        factor = 2 if series.double_round else 1
        value = b2_bonus(teams, place, division=series.division, rounds_factor=factor)
        why = f"B2 bonus table, division {series.division}"
        return (Denomination.BRONZE, Fraction(value), why) if value else None
    if key == "B4" and place == 1:
        # 001:1055-1056 "Segrarens poäng blir 1,5 x antalet deltagande lag i tävlingen"
        why = f"B4 winners 1.5 x {teams} teams"
        return Denomination.BRONZE, B4_WINNER_PER_TEAM * teams, why
    if key == "E5" and series.division == 3 and place in (1, 2):
        return Denomination.GOLD, Fraction(3 - place), "E5 division 3 bonus"
    if key == "G1" and 1 <= place <= len(G1_BONUS):
        return Denomination.GOLD, Fraction(G1_BONUS[place - 1]), "G1 bonus"
    if key == "G3" and series.division == 1 and place == 1 and own:
        return Denomination.GOLD, elitserien_bonus(own), "Elitserien winners' 20 %"
    return None


def award_series(ranking: Ranking, series: SbfSeries) -> tuple[Award, ...]:
    placing_of: dict[str, Placing] = {}
    for p in ranking.placings:
        if p.competitor in placing_of:
            raise MasterpointError(
                "team {team} is ranked in two fields",
                code="masterpoint.team-two-fields",
                team=p.competitor,
            )
        placing_of[p.competitor] = p
    for name in ranking.fields():
        counts = ties([(p, p.place) for p in ranking.in_field(name)])
        shared = sorted(place for place, c in counts.items() if c > 1)
        if shared:
            raise MasterpointError(
                "field {name!r}: team events must break ties for masterpoints "
                "(001:494-495), place {tied} is shared",
                code="masterpoint.team-ties",
                name=name,
                tied=shared[0],
            )
    points: dict[tuple[str, str], Fraction] = {}
    halves: dict[tuple[str, str], int] = {}
    team_halves: dict[str, int] = {}
    notes: dict[str, list[str]] = {}
    colour: Denomination | None = None
    for number, match in enumerate(series.matches, start=1):
        if match.team not in placing_of:
            raise MasterpointError(
                "match {number}: team {team} is not in the ranking",
                code="masterpoint.match-team-not-ranked",
                number=number,
                team=match.team,
            )
        team = placing_of[match.team]
        unknown = sorted(set(match.halves) - set(team.players))
        if unknown:
            raise MasterpointError(
                "match {number}: {player} is not a player of team {team}",
                code="masterpoint.match-not-a-player",
                number=number,
                player=unknown[0],
                team=match.team,
            )
        if match.walkover:
            if match.result is MatchResult.WON:
                notes.setdefault(match.team, []).append(
                    f"match {number} won on a walkover: no points (001:519)"
                )
            continue
        colour, value = match_points(
            series.table,
            match.result,
            boards=match.boards if match.boards is not None else series.boards,
            division=series.division,
            divisions=series.divisions,
            stage=match.stage,
        )
        if match.conceded:
            notes.setdefault(match.team, []).append(
                f"match {number} conceded by the opponents: points paid (001:522-523)"
            )
        if match.interrupted is not None:
            if series.table.upper() != "E3":
                raise MasterpointError(
                    "match {number}: only table E3 pays interrupted matches (001:1463-1465)",
                    code="masterpoint.interrupted-e3-only",
                    number=number,
                )
            half = Fraction(match.interrupted) >= Fraction(1, 2)
            value = value / 2 if half else Fraction(0)
            notes.setdefault(match.team, []).append(
                f"match {number} interrupted: "
                + ("half scale (001:1463-1465)" if half else "under half played, nothing")
            )
        for member, share in distribute_match(value, match.halves).items():
            points[(match.team, member)] = points.get((match.team, member), Fraction(0)) + share
        for member, h in match.halves.items():
            halves[(match.team, member)] = halves.get((match.team, member), 0) + h
        team_halves[match.team] = team_halves.get(match.team, 0) + 2
    out: list[Award] = []
    for name in ranking.fields():
        teams = len(ranking.in_field(name))
        for placing in ranking.in_field(name):
            note = "".join(f", {n}" for n in notes.get(placing.competitor, []))
            converted = _g2a_conversion(series, placing.place, teams)
            for member in placing.players:
                key = (placing.competitor, member)
                played = halves.get(key, 0)
                own = points.get(key, Fraction(0))
                if converted is not None:
                    if played >= 1:
                        out.append(
                            Award(
                                member,
                                placing.competitor,
                                name,
                                None,
                                placing.place,
                                Decimal(converted),
                                Denomination.GOLD.value,
                                f"SBF table G2a, place {placing.place} of {teams} teams: "
                                f"{converted} gp per player instead of the "
                                f"{_show_sbf(own)} sp played in (001:1820-1832){note}",
                            )
                        )
                    continue
                if played >= 1 and own > 0 and colour is not None:
                    out.append(
                        Award(
                            member,
                            placing.competitor,
                            name,
                            None,
                            placing.place,
                            Decimal(math.ceil(own)),
                            colour.value,
                            f"SBF table {series.table.upper()} match points, {played} halves "
                            f"played, {_show_sbf(own)} before rounding up{note}",
                        )
                    )
                total = team_halves.get(placing.competitor, 0)
                if total == 0 or 3 * played < total:
                    continue
                bonus = _series_bonus(series, placing.place, teams, own)
                if bonus is None:
                    continue
                bonus_colour, amount, why = bonus
                out.append(
                    Award(
                        member,
                        placing.competitor,
                        name,
                        None,
                        placing.place,
                        Decimal(math.ceil(amount)),
                        bonus_colour.value,
                        f"SBF {why}, place {placing.place} of {teams}, {played} of {total} "
                        "halves played (a third needed)",
                        ranking=_series_bonus_ranking(series),
                    )
                )
    return ordered(ranking, out)


def _series_bonus_ranking(series: SbfSeries) -> str:
    """Bonuses in Allsvenskan (G3) and in SM finals (G1) give no ranking points
    (001:563-564); the bronze bonuses (B2-B4) give none anyway.  The gp of Allsvenskan
    division 3 (E5) are its bonus, and 001:565-567 gives them ranking points as the
    equivalent sp: the rule for that one division is read before the general one
    (which would leave 001:565-567 without an object; docs/masterpoints.md)."""
    key = series.table.upper()
    if key == "E5":
        return RankingKind.ALLSVENSKAN_DIV3.value
    return RankingKind.BONUS.value if key in ("G1", "G3") else ""


def _g2a_conversion(series: SbfSeries, place: int, teams: int) -> int | None:
    """Gold per player replacing the sp of a top team of the junior SM team final
    (001:1824-1832), None where the team keeps its sp."""
    if series.table.upper() != "G2A":
        return None
    gold = g2a_gold(teams)
    return gold[place - 1] if place <= len(gold) else None


def _show_sbf(value: Fraction) -> str:
    return str(value) if value.denominator == 1 else f"{float(value):.2f}"
