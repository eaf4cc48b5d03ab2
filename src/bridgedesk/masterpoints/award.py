"""Awarding an event: from a :class:`~bridgedesk.masterpoints.ranking.Ranking` to the
points of each player, with the colour, the place and the reason.

``award(ranking, "jcbl", WeeklyGame(...))`` applies the JCBL weekly rules (000:173-228,
000:471-547); ``award(ranking, "jcbl", ClubGame(...))`` a CCG-or-higher event's overall
and, given each session's scores, session awards (000:230-547);
``award(ranking, "sbf", SbfEvent(...))`` an SBF table (001), and
``award(ranking, "sbf", SbfSeries(...))`` an SBF team series or cup match by match.
From sessions scored by the engine, see :mod:`bridgedesk.masterpoints.scored`.

Common behaviour:

* each field is awarded on its own (two-winner Mitchell, sections);
* tied competitors share the points of the places they cover: JCBL the average,
  rounded (000:503-507), SBF the share rounded up (001:489-495);
* stratified events (``Ranking.flights``): a flight's field counts its own and every
  lower flight's competitors; a competitor placed in several flights gets the best
  of them (000:499-501);
* players who did not play enough get nothing (JCBL 000:539-545: at least 50 % of
  the boards, exactly 50 % gives half; SBF 001:525-531: at least half the boards).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from types import MappingProxyType
from typing import Literal

from bridgedesk.errors import MasterpointError
from bridgedesk.masterpoints.jcbl.club import (
    ClubEvent,
    EventKind,
    cap,
    flight_factor,
    overall_exact,
    place_factor,
    red_share,
    session_exact,
    vm_pairs,
)
from bridgedesk.masterpoints.jcbl.weekly import (
    WeeklyGame,
    award_places,
    team_vp_points,
    tied_points,
    weekly_exact,
)
from bridgedesk.masterpoints.ranking import Placing, Ranking, SessionScore, SessionScores, ties
from bridgedesk.masterpoints.rounding import jcbl_round
from bridgedesk.masterpoints.sbf.rules import (
    G1_BONUS,
    MatchResult,
    distribute_match,
    dm_bonus,
    h1_final,
    h1_semifinal,
    share_places,
    simultaneous_silver_bonus,
)
from bridgedesk.masterpoints.sbf.series import b2_bonus, elitserien_bonus, match_points
from bridgedesk.masterpoints.sbf.tables import (
    ScaleRow,
    bronze_simultaneous,
    group_field,
    handicap_scale,
    table,
    table_d,
    table_f,
)
from bridgedesk.masterpoints.sbf.units import Denomination

__all__ = [
    "B1_DIVISIONS",
    "B4_WINNER_PER_TEAM",
    "Award",
    "ClubGame",
    "SbfEvent",
    "SbfSeries",
    "TeamMatch",
    "award",
]

#: Team barometer in two bronze divisions: field size x 1.2 and x 0.8 (001:897-902).
B1_DIVISIONS = (Fraction(6, 5), Fraction(4, 5))

Rules = Literal["jcbl", "sbf"]


@dataclass(frozen=True)
class Award:
    """Points for one player.

    ``points`` is a JCBL masterpoint value with two decimals, or a whole number of
    SBF points; ``colour`` is ``"black"``/``"red"`` (JCBL) or ``"bp"``/``"sp"``/``"gp"``
    (SBF); ``place`` the place paid (within ``flight`` when stratified).
    ``session`` is the session number of a JCBL session award (None: overall, or
    an event-wide award).
    """

    member: str
    competitor: str
    field: str
    flight: str | None
    place: int
    points: Decimal
    colour: str
    reason: str
    session: int | None = None


@dataclass(frozen=True)
class SbfEvent:
    """Parameters of an SBF event.

    ``table``: A (bronze pairs, A1/A2 by size), A1, A2, B1, C, D, E1, F.
    ``met``: opponents met (D) or rounds played (F) when not all meet all.
    ``boards``: boards played (the table D coefficient from 100 boards).
    ``groups`` / ``group_of_field``: strength groups (2-5) and which field is which
    group (1 = A).  ``handicap``: a handicap result list (half scale).
    ``coefficient_of_field``: any other multiplier of a field's size, e.g. a team
    barometer in two divisions (``B1_DIVISIONS``: 1.2 and 0.8, 001:897-902).

    In team barometers (B1, E1) a player who played only some matches gets that
    share of the points, rounded up, if he played at least a third (001:908-917,
    001:1334-1342); elsewhere a player needs half the boards (001:525-529).

    ``simultaneous``: the common list of a simultaneous event (001:441-455): with
    table A the bronze scale continues above 100 pairs (200 pairs: 400 bp to the
    winners); with table D the list pays only the silver bonus, 1/5 of a silver event
    of that size to at most 16 pairs.  ``heats``: the pairs of each heat (at least 4
    for bronze, 8 for silver).  ``dm``: a DM final (``pairs-open``, ``teams-open``,
    ``other``): places 1-3 also get the DM bonus in sp per player, a shared place the
    higher bonus; pair players need half the event (001:1736-1770).
    ``abandoned``: the event was deliberately stopped before all boards were played:
    a silver or gold table pays nothing (001:520-522).  ``evenings``: an event over
    several evenings, where a reserve who played less than half gets his share of the
    points won, rounded up ("Vid flerkvällarstävling får reserven sin andel av
    erövrade mp", 001:530-531) instead of nothing.
    Tables ``H1`` (SM pairs A final, gold then bronze x 3) and ``H1S`` (its
    semifinal) take the field size from the ranking.
    """

    table: str
    met: int | None = None
    boards: int | None = None
    groups: int | None = None
    group_of_field: Mapping[str, int] = field(default_factory=dict)
    handicap: bool = False
    coefficient_of_field: Mapping[str, Fraction] = field(default_factory=dict)
    simultaneous: bool = False
    heats: tuple[int, ...] = ()
    dm: str | None = None
    abandoned: bool = False
    evenings: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "heats", tuple(self.heats))
        object.__setattr__(self, "group_of_field", MappingProxyType(dict(self.group_of_field)))
        object.__setattr__(
            self, "coefficient_of_field", MappingProxyType(dict(self.coefficient_of_field))
        )


@dataclass(frozen=True)
class ClubGame:
    """A JCBL CCG-or-higher event's overall awards (000:230-547).

    ``bridge_center``: a CCG run by a bridge centre (no red share); ``simultaneous``:
    a world / APBF simultaneous event (all red).  With flights, each flight's L4 is
    added to ``event.limits``.

    ``sessions``: the scores of each session (or each match of a VP team event);
    when given, every session also pays session awards (000:469), always black
    (000:232), capped at the single-session cap (000:477-488), to everyone scoring
    the session average or more, and in a stratified event's lower flights also to
    the top half of the flight (000:431-433).  Out-of-limit entrants get session
    awards only (000:525-527).
    """

    event: ClubEvent
    bridge_center: bool = False
    simultaneous: bool = False
    sessions: tuple[SessionScores, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "sessions", tuple(self.sessions))


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
                f"team {self.team}: a match is a walkover or a conceded match, not both"
            )


@dataclass(frozen=True)
class SbfSeries:
    """An SBF team series or cup played match by match.

    Each team's match points are split among its players by halves played, added
    over the series and rounded up at the end (001:1432-1456); a player needs one
    half (001:945).  End-of-series bonuses by the ranking's final places, to
    players who played a third of their team's halves (001:987-989, 001:1030-1032):
    B2 and B3 the B2 bonus table (``double_round`` doubles it, 001:1028-1029); B4 the
    winners 1.5 bp per participating team each (001:1055-1056); E5 division 3 the
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


def award(
    ranking: Ranking, rules: Rules, params: WeeklyGame | SbfEvent | ClubGame | SbfSeries
) -> tuple[Award, ...]:
    """Every player's award, by field, then place, then competitor order."""
    if rules == "jcbl" and isinstance(params, WeeklyGame):
        return _jcbl_weekly(ranking, params)
    if rules == "jcbl" and isinstance(params, ClubGame):
        return _jcbl_club(ranking, params)
    if rules == "sbf" and isinstance(params, SbfEvent):
        return _sbf(ranking, params)
    if rules == "sbf" and isinstance(params, SbfSeries):
        return _sbf_series(ranking, params)
    raise MasterpointError(
        f"rules {rules!r} do not take {type(params).__name__} parameters "
        "(jcbl: WeeklyGame or ClubGame, sbf: SbfEvent or SbfSeries)"
    )


def _worth(a: Award) -> Fraction:
    """Comparable value of an award in mp (SBF colours converted)."""
    per_mp = {"bp": 100, "sp": 10, "gp": 1}.get(a.colour, 1)
    return Fraction(a.points) / per_mp


def _best(candidates: dict[str, Award], new: Award) -> None:
    old = candidates.get(new.member)
    if old is None or _worth(new) > _worth(old):
        candidates[new.member] = new


def _ordered(ranking: Ranking, awards: list[Award]) -> tuple[Award, ...]:
    fields = {name: i for i, name in enumerate(ranking.fields())}
    order = {(p.field, p.competitor): i for i, p in enumerate(ranking.placings)}
    return tuple(
        sorted(awards, key=lambda a: (fields[a.field], a.place, order[(a.field, a.competitor)]))
    )


# --- JCBL ----------------------------------------------------------------------------


def _jcbl_share(placing: Placing, member: str) -> Fraction:
    return _jcbl_share_of(placing.played(member))


def _jcbl_weekly(ranking: Ranking, game: WeeklyGame) -> tuple[Award, ...]:
    out: list[Award] = []
    for name in ranking.fields():
        best: dict[str, Award] = {}
        for flight, ranked, competitors in ranking.strata(name):
            if competitors < 2:
                continue
            paid = award_places(competitors)
            values = [
                weekly_exact(game.k, competitors, game.kind, p, game.sessions)
                for p in range(1, competitors + 1)
            ]
            counts = ties(ranked)
            for placing, place in ranked:
                count = counts[place]
                # formula ② has no place in it: the 35 % range (000:491) limits the
                # place awards ①, a team further down still gets ② for its won VP
                value = tied_points(values, place, count) if place <= paid else Fraction(0)
                reason = (
                    f"JCBL weekly K={game.k} C={competitors} P={game.kind.game_factor} "
                    f"S={game.sessions}: K*C*P*S/100*0.7^(N-1)"
                )
                if count > 1:
                    reason += f", tie for places {place}-{place + count - 1} averaged"
                if values[0] < Fraction(
                    game.k * competitors * game.kind.game_factor * game.sessions, 100
                ):
                    reason += ", capped at 1.00"
                if (
                    game.boards is not None
                    and game.max_vp is not None
                    and placing.won_vp is not None
                ):
                    members = len(placing.players)
                    second = team_vp_points(
                        game.k, game.boards, placing.won_vp, game.max_vp, members
                    )
                    if second > value:
                        value = second
                        reason = (
                            f"JCBL weekly team K*B*V/(100*M*Pm) K={game.k} B={game.boards} "
                            f"V={placing.won_vp} M={game.max_vp} Pm={members}"
                        )
                for member in placing.players:
                    share = _jcbl_share(placing, member)
                    points = jcbl_round(value * share)
                    if points == 0:
                        continue
                    why = reason if share == 1 else reason + f", {share} for partial play"
                    _best(
                        best,
                        Award(
                            member, placing.competitor, name, flight, place, points, "black", why
                        ),
                    )
        out.extend(best.values())
    return _ordered(ranking, out)


def _club_share(placing: Placing, member: str, kind: EventKind) -> Fraction:
    """Overall eligibility (000:529-545): team members need half the team's matches;
    in pairs the original player half the boards, a substitute 66 %."""
    played = placing.played(member)
    if kind is not EventKind.TEAMS and member in placing.substitutes:
        return Fraction(1) if played >= Fraction(66, 100) else Fraction(0)
    return Fraction(1) if played >= Fraction(1, 2) else Fraction(0)


def _jcbl_club(ranking: Ranking, game: ClubGame) -> tuple[Award, ...]:
    event = game.event
    split = red_share(
        event.rating,
        event.sessions,
        bridge_center=game.bridge_center,
        simultaneous=game.simultaneous,
    )
    parts = [(c, share) for c, share in (("red", split.red), ("black", split.black)) if share]
    limit = cap(event.rating, event.sessions)
    out: list[Award] = []
    for name in ranking.fields():
        best: dict[str, Award] = {}
        eligible = Ranking(
            tuple(p for p in ranking.in_field(name) if not p.out_of_limit), ranking.flights
        )
        for flight, ranked, competitors in eligible.strata(name):
            limits = event.limits
            if flight is not None and len(ranking.flights) >= 2:
                index = ranking.flights.index(flight) + 1
                limits = (*limits, flight_factor(index, len(ranking.flights)))
            # the top flight (or the only field) pays 35 % of the original competitors
            top = flight is None or flight == ranking.flights[0]
            size = event.competitors if top else competitors
            paid = award_places(size)
            first = overall_exact(
                event.kind, event.rating, limits, event.tables, event.sessions, 1, event.team_size
            )
            capped = limit is not None and first > limit
            if limit is not None:
                first = min(first, limit)
            values = [first * place_factor(p, event.kind) for p in range(1, len(ranked) + 1)]
            counts = ties(ranked)
            for placing, place in ranked:
                if place > paid:
                    continue
                count = counts[place]
                value = tied_points(values, place, count)
                reason = (
                    f"JCBL overall A*R*L*(4+0.2*T*S)*N/P, {event.kind.value}, "
                    f"{event.rating.value}, T={event.tables}, S={event.sessions}, place {place}"
                )
                if count > 1:
                    reason += f", tie for places {place}-{place + count - 1} averaged"
                if capped and limit is not None:
                    reason += f", capped at {jcbl_round(limit)}"
                for member in placing.players:
                    if _club_share(placing, member, event.kind) == 0:
                        continue
                    for colour, part in parts:
                        points = jcbl_round(value * part)
                        if points == 0:
                            continue
                        why = reason if part == 1 else f"{reason}, {part} of it {colour}"
                        candidate = Award(
                            member, placing.competitor, name, flight, place, points, colour, why
                        )
                        key = f"{member}\x00{colour}"
                        old = best.get(key)
                        if old is None or candidate.points > old.points:
                            best[key] = candidate
        out.extend(best.values())
    return _ordered(ranking, out) + _jcbl_sessions(ranking, game)


def _jcbl_sessions(ranking: Ranking, game: ClubGame) -> tuple[Award, ...]:
    """Session awards ``3*R*L/P * B/24 * V/M`` of every session (000:423-469)."""
    event = game.event
    by_field = {(p.field, p.competitor): p for p in ranking.placings}
    anywhere: dict[str, list[Placing]] = {}
    for p in ranking.placings:
        anywhere.setdefault(p.competitor, []).append(p)
    out: list[Award] = []
    for session in game.sessions:
        for name in session.fields():
            scores = [s for s in session.scores if s.field == name]
            who: dict[str, Placing] = {}
            for s in scores:
                found = by_field.get((name, s.competitor))
                if found is None and len(anywhere.get(s.competitor, ())) == 1:
                    found = anywhere[s.competitor][0]
                if found is None:
                    raise MasterpointError(
                        f"session {session.number}: competitor {s.competitor} is not in the "
                        "ranking (its players are unknown)"
                        if s.competitor not in anywhere
                        else f"session {session.number}: competitor {s.competitor} is in "
                        f"several fields of the ranking and not in field {name!r}"
                    )
                who[s.competitor] = found
            best: dict[str, Award] = {}
            for flight, stratum in _session_strata(ranking, scores, who):
                limits = event.limits
                if flight is not None and len(ranking.flights) >= 2:
                    index = ranking.flights.index(flight) + 1
                    limits = (*limits, flight_factor(index, len(ranking.flights)))
                lower = flight is not None and flight != ranking.flights[0]
                for s in stratum:
                    if s.bye:
                        continue
                    place = 1 + sum(1 for q in stratum if q.score > s.score)
                    vm, why = _session_vm(session, s, lower and 2 * place <= len(stratum))
                    if vm == 0:
                        continue
                    value = session_exact(
                        event.kind, event.rating, limits, session.boards, vm, event.team_size
                    )
                    reason = (
                        f"JCBL session {session.number} 3*R*L/P*B/24*V/M, {event.kind.value}, "
                        f"{event.rating.value}, B={session.boards}, {why}, V/M={_show(vm)}"
                    )
                    placing = who[s.competitor]
                    for member in placing.players:
                        share = _jcbl_share_of(s.played(member))
                        points = jcbl_round(value * share)
                        if points == 0:
                            continue
                        _best(
                            best,
                            Award(
                                member,
                                s.competitor,
                                name,
                                flight,
                                place,
                                points,
                                "black",
                                reason if share == 1 else f"{reason}, {share} for partial play",
                                session.number,
                            ),
                        )
            order = {s.competitor: i for i, s in enumerate(scores)}
            out.extend(sorted(best.values(), key=lambda a: (a.place, order[a.competitor])))
    return tuple(out)


def _show(value: Fraction) -> str:
    return str(jcbl_round(value)) if value.denominator != 1 else str(value)


def _session_strata(
    ranking: Ranking, scores: list[SessionScore], who: Mapping[str, Placing]
) -> list[tuple[str | None, list[SessionScore]]]:
    """(flight, scores ranked in it): a flight ranks its own and every lower flight's
    competitors (000:499); without flights one stratum."""
    if not ranking.flights:
        return [(None, scores)]
    level = {f: i for i, f in enumerate(ranking.flights)}
    return [
        (flight, [s for s in scores if level[who[s.competitor].flight or ""] >= index])
        for index, flight in enumerate(ranking.flights)
    ]


def _session_vm(
    session: SessionScores, score: SessionScore, top_half_of_lower_flight: bool
) -> tuple[Fraction, str]:
    """V/M of one competitor's session (000:423-461), 0 when it earns nothing.

    VP events: V/M with V the VP of a won or drawn match.  Pairs, individuals and
    B-a-M: only a score of the average or more counts ("アベレージ以上のスコア"),
    or in a stratified event's lower flight a place in the top half of the flight
    (place <= half the flight's competitors, 000:431-433); then
    ``3*(V-Av)/(B*Sc*Sl)+0.3`` bounded to 0..1.
    """
    if session.scoring == "vp":
        assert session.max_vp is not None
        vm = score.score / Fraction(session.max_vp)
        if not 0 <= vm <= 1:
            raise MasterpointError(
                f"session {session.number}: competitor {score.competitor} won "
                f"{score.score} VP of at most {session.max_vp}"
            )
        return vm, f"V={_show(score.score)} M={session.max_vp}"
    why = f"V={_show(score.score)} Av={_show(session.average)} T={_show(session.tables)}"
    if score.score < session.average:
        if not top_half_of_lower_flight:
            return Fraction(0), why
        why += ", top half of a lower flight"
    vm = vm_pairs(score.score, session.average, session.boards, session.tables, session.scoring)
    return vm, why


def _jcbl_share_of(played: Fraction) -> Fraction:
    """Session eligibility (000:545 ③): half the session's boards; exactly half each
    gives half the points."""
    if played < Fraction(1, 2):
        return Fraction(0)
    if played == Fraction(1, 2):
        return Fraction(1, 2)
    return Fraction(1)


# --- SBF -----------------------------------------------------------------------------


def _sbf_row(event: SbfEvent, size: int) -> ScaleRow:
    key = event.table.upper()
    if key == "H1":
        return h1_final(size)
    if key == "H1S":
        return h1_semifinal(size)
    if event.simultaneous and key in ("A", "A1", "A2"):
        if size < 4:
            raise MasterpointError(f"a bronze simultaneous needs 4 or more pairs, got {size}")
        return ScaleRow("A-simultaneous", size, bp=bronze_simultaneous(size))
    if event.simultaneous and key == "D":
        return ScaleRow("D-simultaneous", size, sp=simultaneous_silver_bonus(size))
    if key == "A":
        key = "A1" if size <= 32 else "A2"
    if key == "D" and (event.met is not None or event.boards is not None):
        return table_d(size, met=event.met, boards=event.boards)
    if key == "F" and event.met is not None:
        return table_f(size, rounds=event.met)
    row = table(key, size)
    if event.handicap:
        if row.sp or row.gp:
            raise MasterpointError("handicap events award bronze points only (001:502-504)")
        row = ScaleRow(row.table + "-hcp", size, bp=handicap_scale(row.bp))
    return row


def _sbf(ranking: Ranking, event: SbfEvent) -> tuple[Award, ...]:
    out: list[Award] = []
    minimum = 2 if event.handicap else 4
    if event.abandoned and event.table.upper() not in ("A", "A1", "A2", "B1", "C"):
        return ()  # "Inga mp delas ut om en silver- eller guldtävling avsiktligt avbryts"
    if event.heats:
        least = 8 if event.table.upper() == "D" else 4
        small = [h for h in event.heats if h < least]
        if small:
            raise MasterpointError(
                f"every heat of a {'silver' if least == 8 else 'bronze'} simultaneous needs "
                f"{least} or more pairs (001:446, 001:455), got a heat of {small[0]}"
            )
    if event.dm is not None:
        dm_bonus(event.dm, 1)  # checks the kind before anything is awarded
    bonuses: list[Award] = []
    for name in ranking.fields():
        best: dict[str, Award] = {}
        for flight, ranked, competitors in ranking.strata(name):
            size = competitors
            if name in event.coefficient_of_field:
                size = math.ceil(competitors * Fraction(event.coefficient_of_field[name]))
            if event.groups is not None:
                group = event.group_of_field.get(name)
                if group is None:
                    raise MasterpointError(f"field {name!r} has no group number (1-{event.groups})")
                size = group_field(competitors, event.groups, group)
            try:
                row = _sbf_row(event, size)
            except MasterpointError as exc:
                where = f"field {name!r}" if name else "the field"
                if flight is not None:
                    where += f", flight {flight}"
                raise MasterpointError(f"{where}: {exc.message}") from exc
            counts = ties(ranked)
            if event.table.upper() in ("B1", "E1") and any(c > 1 for c in counts.values()):
                tied = min(p for p, c in counts.items() if c > 1)
                raise MasterpointError(
                    f"field {name!r}: team events must break ties for masterpoints "
                    f"(001:494-495), place {tied} is shared"
                )
            for placing, place in ranked:
                shared = share_places(row, place, counts[place], minimum)
                if shared is None:
                    continue
                colour, points = shared
                reason = f"SBF table {row.table}, {size} in the scale, place {place}"
                if counts[place] > 1:
                    reason += f", shared by {counts[place]} (rounded up)"
                barometer = event.table.upper() in ("B1", "E1")
                for member in placing.players:
                    played = placing.played(member)
                    mine, why = points, reason
                    if event.evenings is not None and not barometer and played < Fraction(1, 2):
                        if played <= 0:
                            continue
                        mine = math.ceil(points * played)
                        why = f"{reason}, reserve's share {played} of a multi-evening event"
                    elif played < (Fraction(1, 3) if barometer else Fraction(1, 2)):
                        continue
                    elif barometer and played < 1:
                        mine = math.ceil(points * played)
                        why = f"{reason}, {played} of the matches played"
                    _best(
                        best,
                        Award(
                            member,
                            placing.competitor,
                            name,
                            flight,
                            place,
                            Decimal(mine),
                            colour.value,
                            why,
                        ),
                    )
            if event.dm is not None and (flight is None or flight == ranking.flights[0]):
                team = event.table.upper()[:1] in ("B", "E", "G")
                bonuses.extend(_dm_awards(event.dm, name, flight, ranked, team))
        out.extend(best.values())
    return _ordered(ranking, out) + _ordered(ranking, bonuses)


def _dm_awards(
    kind: str, name: str, flight: str | None, ranked: list[tuple[Placing, int]], team: bool
) -> list[Award]:
    """The DM final bonus (001:1736-1770): sp per player for places 1-3, a shared place
    the higher bonus ("Delad placering ger här den högre bonusen"); in a pair event a
    player needs half the event; in a team event the district's rules distribute it
    (001:1745-1746): every listed player who played is paid here."""
    out: list[Award] = []
    for placing, place in ranked:
        bonus = dm_bonus(kind, place)
        if not bonus:
            continue
        for member in placing.players:
            played = placing.played(member)
            if played <= 0 or (not team and played < Fraction(1, 2)):
                continue
            reason = f"SBF DM final bonus {kind}, place {place}: {bonus} sp per player"
            if team:
                reason += " (team bonus: the district's rules decide its split)"
            out.append(
                Award(member, placing.competitor, name, flight, place, Decimal(bonus), "sp", reason)
            )
    return out


# --- SBF team series -------------------------------------------------------------


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


def _sbf_series(ranking: Ranking, series: SbfSeries) -> tuple[Award, ...]:
    placing_of: dict[str, Placing] = {}
    for p in ranking.placings:
        if p.competitor in placing_of:
            raise MasterpointError(f"team {p.competitor} is ranked in two fields")
        placing_of[p.competitor] = p
    for name in ranking.fields():
        counts = ties([(p, p.place) for p in ranking.in_field(name)])
        shared = sorted(place for place, c in counts.items() if c > 1)
        if shared:
            raise MasterpointError(
                f"field {name!r}: team events must break ties for masterpoints "
                f"(001:494-495), place {shared[0]} is shared"
            )
    points: dict[tuple[str, str], Fraction] = {}
    halves: dict[tuple[str, str], int] = {}
    team_halves: dict[str, int] = {}
    notes: dict[str, list[str]] = {}
    colour: Denomination | None = None
    for number, match in enumerate(series.matches, start=1):
        if match.team not in placing_of:
            raise MasterpointError(f"match {number}: team {match.team} is not in the ranking")
        team = placing_of[match.team]
        unknown = sorted(set(match.halves) - set(team.players))
        if unknown:
            raise MasterpointError(
                f"match {number}: {unknown[0]} is not a player of team {match.team}"
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
                    f"match {number}: only table E3 pays interrupted matches (001:1463-1465)"
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
            for member in placing.players:
                key = (placing.competitor, member)
                played = halves.get(key, 0)
                own = points.get(key, Fraction(0))
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
                    )
                )
    return _ordered(ranking, out)


def _show_sbf(value: Fraction) -> str:
    return str(value) if value.denominator == 1 else f"{float(value):.2f}"
