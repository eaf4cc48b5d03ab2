"""JCBL club championship games (CCG) and up (000:230-469, 000:471-616).

Overall award per player::

    A * R * L * (4 + 0.2 * T * S) * N / P

Session award per player::

    3 * R * L / P * B / 24 * V/M

with A the game coefficient, R the rating, L the product of the limiting factors
Lx/16, T tables, S the session coefficient, N the place coefficient, P the player
coefficient, B boards, and V/M the winning share (VP events: V/M; pairs on
matchpoints, IMPs or total points: ``3*(V-Av)/(B*Sc*Sl) + 0.3`` kept in 0..1).  The
coefficients are in ``data/club_coefficients.json``; the fixed red points of national
and international events in ``data/fixed_red_points.json``.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction
from importlib import resources
from typing import Any

from bridgedesk.bridge.methods import Method
from bridgedesk.errors import MasterpointError
from bridgedesk.masterpoints.jcbl.weekly import award_places
from bridgedesk.masterpoints.rounding import jcbl_round

__all__ = [
    "OVERALL_LIMIT",
    "SL_SCALES",
    "ClubEvent",
    "ClubRating",
    "EventKind",
    "QualifyingRound",
    "RedShare",
    "cap",
    "ccg_class_limits",
    "club_league_points",
    "final_sessions",
    "fixed_red_points",
    "flight_factor",
    "l5_round",
    "limiting",
    "overall_exact",
    "overall_table",
    "place_factor",
    "red_share",
    "session_exact",
    "session_factor",
    "small_field_share",
    "team_played_share",
    "vm_pairs",
    "wbf_conversion",
    "wbf_finalist_red",
]

#: No multi-session overall award exceeds 100 (000:479), fixed RP aside.
OVERALL_LIMIT = Fraction(100)


class ClubRating(StrEnum):
    """The rating R of the JCBL formula (000:254-270); an event's own rating is
    :class:`bridgedesk.events.Rating` (``masterpoints.request`` maps one to the other)."""

    CCG = "ccg"
    LOCAL = "local"
    SECTIONAL = "sectional"
    REGIONAL = "regional"
    NATIONAL = "national"
    APBF = "apbf"
    OLYMPIAD = "olympiad"
    BERMUDA = "bermuda"
    INTERNATIONAL = "international"


class EventKind(StrEnum):
    INDIVIDUAL = "individual"
    PAIRS = "pairs"
    TEAMS = "teams"
    HT_PAIRS = "ht-pairs"  # HT pairs with two or more flights


@functools.cache
def _coefficients() -> dict[str, Any]:
    text = (
        resources.files("bridgedesk.masterpoints.jcbl")
        .joinpath("data", "club_coefficients.json")
        .read_text(encoding="utf-8")
    )
    data: dict[str, Any] = json.loads(text)
    return data


#: The V/M scale (Sl, 000:437-441) of each pairs method, by the seed's names: its one IMP
#: pairs scale (Sl 10) is Butler's too.
SL_SCALES = {
    Method.MP: "matchpoints",
    Method.XIMP: "imp",
    Method.BUTLER: "imp",
    Method.TOTAL: "total-points",
}


def _lookup(table: str, key: str) -> Any:
    values = _coefficients()[table]
    if key not in values:
        raise MasterpointError(f"{table} has no entry {key!r}; known: {', '.join(values)}")
    return values[key]


def game_coefficient(kind: EventKind) -> Fraction:
    """A (000:238-246)."""
    return Fraction(_lookup("A", kind.value))


def player_coefficient(kind: EventKind, team_size: int = 4) -> int:
    """P (000:248-252): 5 for individuals and pairs, the team size (4 or more) for teams."""
    if kind is EventKind.TEAMS:
        if team_size < 4:
            raise MasterpointError(
                f"team player coefficient needs 4 or more members, got {team_size}"
            )
        return team_size
    return int(_lookup("P", kind.value))


def rating_coefficient(rating: ClubRating) -> Fraction:
    """R (000:254-270)."""
    return Fraction(_lookup("R", rating.value))


def l1(klass: int) -> int:
    """L1, CCG only, by class 2-5 (000:276-282)."""
    return int(_lookup("L1", str(klass)))


def l2(restriction: str) -> int:
    """L2 by sex / membership restriction (000:286-301): open, limit, intl-open, women,
    mixed, seniors, juniors, youngsters, girls."""
    return int(_lookup("L2", restriction))


def l3_mp(mp: int, mode: str = "upper") -> int:
    """L3 for an MP entry limit (000:305-318): ``upper`` (entrants below ``mp``),
    ``lower`` (``mp`` or more) or ``combined`` (the partnership's combined MP)."""
    for row in _coefficients()["L3_mp"]:
        if row["mp"] == mp:
            if mode not in row:
                raise MasterpointError(f"no {mode} MP limit coefficient for {mp} MP")
            return int(row[mode])
    known = ", ".join(str(r["mp"]) for r in _coefficients()["L3_mp"])
    raise MasterpointError(f"no MP limit coefficient for {mp} MP; limits: {known}")


def l3_sp(sp: int, kind: EventKind) -> int:
    """L3 for a seed-point entry limit by teams / pairs / individuals (000:320-329)."""
    column = "pairs" if kind is EventKind.HT_PAIRS else kind.value
    for row in _coefficients()["L3_sp"]:
        if row[column] == sp:
            return int(row["coefficient"])
    raise MasterpointError(f"no SP limit coefficient for {sp} SP in {column}")


def l3_other(name: str) -> int:
    """L3 for handicap, even-chance and drawn partners/teams (000:331-339)."""
    return int(_lookup("L3_other", name))


def flight_factor(flight: int, flights: int) -> Fraction:
    """L4 of flight ``flight`` (1 = A) of ``flights`` (000:341-354).

    Up to 5 flights as printed; from 6 flights A = 24, B = 14, the lowest 8 and a
    middle flight X ``14 - 6*(X-2)/(Y-2)``.
    """
    if flights < 2 or not 1 <= flight <= flights:
        raise MasterpointError(f"flight must be 1-{flights} of 2 or more flights, got {flight}")
    if flights <= 5:
        return Fraction(_lookup("L4", str(flights))[flight - 1])
    if flight == 1:
        return Fraction(24)
    if flight == flights:
        return Fraction(8)
    return 14 - Fraction(6 * (flight - 2), flights - 2)


def l5(stage: str) -> int:
    """L5 qualifying / final / selection / main event (000:356-370), RP only."""
    return int(_lookup("L5", stage))


def l5_round(stage: str, qualifying_sessions: int) -> int:
    """L5 of a qualifying-and-final event's round (000:356-364): the qualifying 8 below
    4 sessions, 16 from 4; the final 16.  It applies to red points only (000:364)."""
    if stage == "final":
        return l5("final")
    if stage == "qualifying":
        return l5("qualifying" if qualifying_sessions < 4 else "qualifying-4-or-more-sessions")
    raise MasterpointError(f"a round is 'qualifying' or 'final', got {stage!r}")


def final_sessions(final: int, qualifying: int) -> Fraction:
    """S of a final round: "セッション数は決勝+予選×1/2" (000:362), the final's sessions
    plus half the qualifying's."""
    if final < 1 or qualifying < 1:
        raise MasterpointError(
            f"a final round needs 1 or more final and qualifying sessions, got {final}, "
            f"{qualifying}"
        )
    return Fraction(final) + Fraction(qualifying, 2)


@dataclass(frozen=True)
class QualifyingRound:
    """The qualifying of a qualifying-and-final event, as its final's overall award
    needs it (000:356-364, 000:401).

    ``sessions``: the qualifying's sessions (S of the final adds half of them);
    ``tables``: the tables in play in each qualifying session (and each section or
    heat of it).  T of the final is their sum, "予選参加延べテーブル数" (000:401): the
    cumulative count, 延べ meaning counted again in every session as in 延べ競争者数
    (000:493).  ``competitors``: the qualifying's entrants, the field whose 35 % the
    final pays ("競争者数は予選参加数", 000:362).
    """

    sessions: int
    tables: tuple[int | Fraction, ...]
    competitors: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "tables", tuple(self.tables))
        if self.sessions < 1:
            raise MasterpointError(f"qualifying sessions must be 1 or more, got {self.sessions}")
        if not self.tables or any(Fraction(t) < 2 for t in self.tables):
            raise MasterpointError(
                "qualifying tables: give the tables of each qualifying session, 2 or more "
                f"each, got {list(self.tables)}"
            )
        if self.competitors < 2:
            raise MasterpointError(
                f"qualifying competitors must be 2 or more, got {self.competitors}"
            )

    @property
    def total_tables(self) -> Fraction:
        """T of the final: the cumulative qualifying tables."""
        return sum((Fraction(t) for t in self.tables), Fraction(0))


def l7(weekday: bool) -> int:
    """L7 weekday factor for red-point games other than IMP (000:374-380)."""
    return int(_lookup("L7", "weekday" if weekday else "weekend"))


def l8(league: str) -> int:
    """L8 IMP league (000:382-397)."""
    return int(_lookup("L8", league))


def ccg_class_limits(klass: int, l3: int | None = None) -> tuple[int, ...]:
    """L1 and L3 of a CCG: in class 3 or below an L3 lower than L1 replaces it (000:284)."""
    first = l1(klass)
    if l3 is None:
        return (first,)
    if klass <= 3 and l3 < first:
        return (l3,)
    return (first, l3)


def limiting(factors: Sequence[int | Fraction]) -> Fraction:
    """L = L1/16 * L2/16 * ... (000:274)."""
    out = Fraction(1)
    for f in factors:
        out *= Fraction(f) / 16
    return out


def session_factor(sessions: int | Fraction) -> Fraction:
    """S: the sessions up to 6, then (sessions - 6)/2 + 6 (000:403-409)."""
    s = Fraction(sessions)
    if s <= 0:
        raise MasterpointError(f"sessions must be positive, got {sessions}")
    return s if s <= 6 else (s - 6) / 2 + 6


def place_factor(place: int, kind: EventKind) -> Fraction:
    """N (000:411-421): teams 1/place; pairs 1, 0.7, 0.5, then the larger of the
    previous factor x 0.8 and 1/place."""
    if place < 1:
        raise MasterpointError(f"place must be 1 or more, got {place}")
    if kind is EventKind.TEAMS:
        return Fraction(1, place)
    n = [Fraction(1), Fraction(7, 10), Fraction(1, 2)]
    while len(n) < place:
        k = len(n)
        # once place k > 4 is paid 1/k, every later place p is 1/p: 0.8/k < 1/(k+1) for
        # k > 4 (place 11 on), so a field of thousands costs no more than one of eleven
        if k > 4 and n[-1] == Fraction(1, k):
            return Fraction(1, place)
        n.append(max(n[-1] * Fraction(4, 5), Fraction(1, k + 1)))
    return n[place - 1]


def vm_pairs(
    score: Fraction | int,
    average: Fraction | int,
    boards: int,
    tables: int | Fraction,
    scoring: Method = Method.MP,
) -> Fraction:
    """V/M of a pair (or individual, B-a-M team) session: 3*(V-Av)/(B*Sc*Sl)+0.3 in 0..1
    (000:423-461); Sc = tables - 1, Sl 1 matchpoints / 10 IMPs / 500 total points (the
    scale of ``scoring``: :data:`SL_SCALES`)."""
    if scoring not in SL_SCALES:
        names = ", ".join(m.value for m in SL_SCALES)
        raise MasterpointError(f"V/M of a pairs session is for {names}, not {scoring.value}")
    sl = int(_lookup("Sl", SL_SCALES[scoring]))
    sc = math.floor(tables) - 1
    if boards < 1 or sc < 1:
        raise MasterpointError(
            f"V/M needs boards >= 1 and 2 or more tables, got {boards}, {tables}"
        )
    value = 3 * (Fraction(score) - Fraction(average)) / (boards * sc * sl) + Fraction(3, 10)
    return min(Fraction(1), max(Fraction(0), value))


def overall_exact(
    kind: EventKind,
    rating: ClubRating,
    limits: Sequence[int | Fraction],
    tables: int | Fraction,
    sessions: int | Fraction,
    place: int,
    team_size: int = 4,
) -> Fraction:
    """The overall formula before caps and rounding (000:451)."""
    return (
        game_coefficient(kind)
        * rating_coefficient(rating)
        * limiting(limits)
        * (4 + Fraction(1, 5) * Fraction(tables) * session_factor(sessions))
        * place_factor(place, kind)
        / player_coefficient(kind, team_size)
    )


def session_exact(
    kind: EventKind,
    rating: ClubRating,
    limits: Sequence[int | Fraction],
    boards: int,
    vm: Fraction,
    team_size: int = 4,
) -> Fraction:
    """The session formula (000:469), capped at the rating's cap."""
    if not 0 <= vm <= 1:
        raise MasterpointError(f"V/M must be within 0..1, got {vm}")
    value = (
        3
        * rating_coefficient(rating)
        * limiting(limits)
        / player_coefficient(kind, team_size)
        * Fraction(boards, 24)
        * vm
    )
    limit = cap(rating, 1)
    return value if limit is None else min(value, limit)


def team_played_share(played: int, matches: int, credited_walkovers: int = 0) -> Fraction:
    """A team member's share of his team's matches for the 50 % rule (000:529-537).

    ``matches``: every match the team completed, walkovers included: a walkover lost
    counts as a match nobody played ("不戦敗の試合は試合数に数えますがチーム全員が
    不出場として計算します"); a walkover won may be credited to any player
    ("不戦勝の試合は任意のプレイヤーが出場したことにできます"), ``credited_walkovers``
    of them to this one.  A share below 1/2 loses the overall award unless the
    conditions of contest say otherwise.
    """
    if matches < 1 or not 0 <= played + credited_walkovers <= matches or played < 0:
        raise MasterpointError(
            f"a player plays 0-{matches} of his team's matches, got {played} played and "
            f"{credited_walkovers} walkovers credited"
        )
    return Fraction(played + credited_walkovers, matches)


def cap(rating: ClubRating, sessions: int | Fraction = 1) -> Fraction | None:
    """The cap of an award (000:477-488); an overall award of several sessions may reach
    the cap times the sessions, never more than 100; 100 where no cap is printed.

    000:479 literally says the cap is *not* multiplied ("かけたものとしません"); the
    seed's own sample statement (RP 15.60 for one event, 000:63) and the 100 limit
    (= 12.50 x 8) only fit the multiplied reading, which is the one used; the
    reasoning is in tests/masterpoints/test_jcbl_sessions.py."""
    caps = _coefficients()["caps"]
    if rating.value not in caps:
        return OVERALL_LIMIT
    return min(Fraction(caps[rating.value]) * max(1, sessions), OVERALL_LIMIT)


@dataclass(frozen=True)
class ClubEvent:
    """The parameters of a CCG-or-higher event for the overall awards.

    ``limits``: the Lx values (each out of 16) that apply; ``competitors`` the
    original field for the 35 % range; ``tables`` T; ``sessions`` the sessions.
    """

    kind: EventKind
    rating: ClubRating
    tables: int | Fraction
    sessions: int
    competitors: int
    limits: tuple[int | Fraction, ...] = ()
    team_size: int = 4


def overall_table(event: ClubEvent) -> tuple[Decimal, ...]:
    """Overall awards by place: capped at place 1 with the place coefficients below
    it (000:479), to 35 % of the competitors (000:491-493)."""
    limit = cap(event.rating, event.sessions)
    first = overall_exact(
        event.kind, event.rating, event.limits, event.tables, event.sessions, 1, event.team_size
    )
    if limit is not None:
        first = min(first, limit)
    out: list[Decimal] = []
    for place in range(1, award_places(event.competitors) + 1):
        value = jcbl_round(first * place_factor(place, event.kind))
        if value == 0:
            break
        out.append(value)
    return tuple(out)


@dataclass(frozen=True)
class RedShare:
    """Share of an overall award paid in red points (the rest black)."""

    red: Fraction

    @property
    def black(self) -> Fraction:
        return 1 - self.red


def red_share(
    rating: ClubRating,
    sessions: int,
    *,
    overall: bool = True,
    bridge_center: bool = False,
    simultaneous: bool = False,
) -> RedShare:
    """Red/black split (000:232): sectional and up of 2+ sessions, and world / APBF
    simultaneous events, overall -> all red; CCG (not run by a bridge centre) and
    local of 2+ sessions, overall -> 20 % red; everything else black."""
    if not overall:
        return RedShare(Fraction(0))
    if simultaneous:
        return RedShare(Fraction(1))
    if sessions >= 2 and rating not in (ClubRating.CCG, ClubRating.LOCAL):
        return RedShare(Fraction(1))
    if sessions >= 2 and not (rating is ClubRating.CCG and bridge_center):
        return RedShare(Fraction(1, 5))
    return RedShare(Fraction(0))


@functools.cache
def _fixed() -> dict[str, Any]:
    text = (
        resources.files("bridgedesk.masterpoints.jcbl")
        .joinpath("data", "fixed_red_points.json")
        .read_text(encoding="utf-8")
    )
    data: dict[str, Any] = json.loads(text)
    return data


def small_field_share(teams: int) -> Fraction:
    """Fixed points by field size (000:567-572): 4+ teams all, 3 -> 75 %, 2 -> 50 %, 1 none."""
    if teams >= 4:
        return Fraction(1)
    return {3: Fraction(3, 4), 2: Fraction(1, 2)}.get(teams, Fraction(0))


def fixed_red_points(
    event: str,
    place: int,
    kind: EventKind,
    *,
    teams: int = 4,
    flight_coefficient: Fraction = Fraction(1),
) -> Fraction:
    """Fixed RP of a national / official international event (000:549-605).

    The top flight's winner gets the listed points (per team in team events, per
    player in pair events), places below by the place coefficient N, lower flights
    the winner's points times their flight or MP-limit coefficient.
    """
    events = {e["key"]: e for e in _fixed()["events"]}
    if event not in events:
        raise MasterpointError(f"no fixed red points for {event!r}; known: {', '.join(events)}")
    base = Fraction(Decimal(events[event]["points"]))
    return base * flight_coefficient * small_field_share(teams) * place_factor(place, kind)


def club_league_points(division: int, divisions: int) -> Fraction:
    """Club league fixed points: 100 / 50 / 32 for divisions 1-3; with 4 or more,
    division 2 = 50 and the lowest 32 with equal steps between (000:590-593)."""
    if not 1 <= division <= divisions:
        raise MasterpointError(f"division must be 1-{divisions}, got {division}")
    if division == 1:
        return Fraction(100)
    if divisions <= 3:
        return Fraction((50, 32)[division - 2])
    step = Fraction(50 - 32, divisions - 2)
    return 50 - step * (division - 2)


def wbf_conversion(
    wbf_points: Fraction | int, kind: EventKind, seniors: bool = False
) -> tuple[Fraction, Fraction]:
    """(red, black) JCBL points from WBF masterpoints per player (000:553-563): teams
    40 % red (place points only; the win points go by formula as black); pairs 30 %
    red and 20 % black; WBF seniors points times 12/16 as well."""
    points = Fraction(wbf_points) * (Fraction(12, 16) if seniors else 1)
    if kind is EventKind.TEAMS:
        return (points * Fraction(2, 5), Fraction(0))
    return (points * Fraction(3, 10), points * Fraction(1, 5))


def wbf_finalist_red(lowest_wbf_points: Fraction | int) -> Fraction:
    """A finalist the WBF gives no points: 60 % of the lowest WBF award of the event
    as RP (000:561)."""
    return Fraction(lowest_wbf_points) * Fraction(3, 5)
