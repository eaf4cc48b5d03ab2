"""From events scored by :mod:`bridgedesk.scoring.session` to masterpoints.

* :func:`session_scores`: one scored session as the JCBL session award reads it
  (V, Av, B, tables, the scale; 000:423-461);
* :func:`ranking_from_sessions`: the overall ranking of one or more sessions (the
  engine's :func:`~bridgedesk.scoring.session.combine_sessions` per field, carry-over
  included), with the members of each pair;
* :func:`award_scored`: both together through :func:`~bridgedesk.masterpoints.award.award`
  for either federation.

JCBL: a CCG-or-higher event (:class:`~bridgedesk.masterpoints.award.ClubGame`) pays
the overall awards and each session's awards; a weekly game the weekly formula on
the overall ranking.  SBF: bronze pair events (tables A, A1, A2) are always awarded
session by session ("Bp för partävlingar utdelas alltid med resultaten räknade för
varje omgång ... separat", 001:685-686); every other table on the overall ranking.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction

from bridgedesk.errors import MasterpointError
from bridgedesk.masterpoints.award import Award, ClubGame, Rules, SbfEvent, award
from bridgedesk.masterpoints.jcbl.weekly import WeeklyGame
from bridgedesk.masterpoints.ranking import (
    Placing,
    Ranking,
    SessionScore,
    SessionScores,
    from_standings,
    member_key,
    standing_field,
)
from bridgedesk.scoring.session import Method, SessionResult, combine_sessions
from bridgedesk.scoring.teams import cross_table

__all__ = [
    "award_scored",
    "ranking_from_matches",
    "ranking_from_sessions",
    "session_scores",
    "session_tables",
]


def session_tables(result: SessionResult) -> int:
    """Tables in play: the results of the most-played board (one per table)."""
    return max((len(b.results) for b in result.boards), default=0)


def session_scores(
    result: SessionResult, number: int, *, tables: int | Fraction | None = None
) -> SessionScores:
    """One scored session for the JCBL session award.

    Matchpoints are brought to the seed's scale, one point per opponent beaten, a top
    of Sc = tables - 1 per board ("%で評価される競技会 ... はマッチポイントに換算して
    V/Mを算出する", 000:461): V = percentage x B x Sc, Av = B x Sc / 2, whatever top the
    engine used.  IMP and total-point sessions keep the pair's total (factored up to
    the field's boards) with Av = 0, the average of a cross-IMP field.  B is the most
    boards any pair of the field played.
    """
    if not result.standings:
        raise MasterpointError(
            "session {number} has no standings",
            code="masterpoint.session-no-standings",
            number=number,
        )
    t = Fraction(session_tables(result) if tables is None else tables)
    sc = math.floor(t) - 1
    if sc < 1:
        raise MasterpointError(
            "session {number}: V/M needs 2 or more tables, got {tables}",
            code="masterpoint.session-vm-tables",
            number=number,
            tables=t,
        )
    boards = max(s.boards for s in result.standings)
    scores: list[SessionScore] = []
    for s in result.standings:
        if result.method is Method.MP:
            if s.percentage is None:
                raise MasterpointError(
                    "session {number}: pair {pair} has no percentage",
                    code="masterpoint.session-no-percentage",
                    number=number,
                    pair=s.pair,
                )
            value = s.percentage / 100 * boards * sc
        else:
            value = s.total
        scores.append(SessionScore(s.pair, value, standing_field(s)))
    average = Fraction(boards * sc, 2) if result.method is Method.MP else Fraction(0)
    return SessionScores(number, boards, t, result.method, tuple(scores), average)


def ranking_from_sessions(
    results: Sequence[SessionResult],
    players: Mapping[str, Sequence[str]],
    *,
    flights: Mapping[str, str] | None = None,
    flight_order: Sequence[str] = (),
    carry: Mapping[str, Fraction] | None = None,
    places: Mapping[str, int] | None = None,
) -> Ranking:
    """The overall ranking of the sessions: one session's own ranks, or each field's
    session totals added by the engine (with any carry-over) and ranked again;
    ``places`` (competitor -> place, one field): the overall ranking made already
    (a stored event's combined ranking), given the members of each competitor."""
    if not results:
        raise MasterpointError("no scored sessions to award", code="masterpoint.no-scored-sessions")
    if places is not None:
        return _placed(places, players, flights, flight_order)
    if len(results) == 1 and not carry:
        return from_standings(results[0].standings, players, flights, flight_order)
    fields: dict[str, None] = {}
    for r in results:
        for s in r.standings:
            fields.setdefault(standing_field(s), None)
    placings: list[Placing] = []
    for name in fields:
        parts = [
            dataclasses.replace(
                r, standings=tuple(s for s in r.standings if standing_field(s) == name)
            )
            for r in results
        ]
        for pair, _total, rank in combine_sessions(parts, carry):
            key = member_key(players, name, pair)
            if key is None:
                if name:
                    raise MasterpointError(
                        "pair {pair} ({field}): no member numbers given",
                        code="masterpoint.no-members-in-field",
                        pair=pair,
                        field=name,
                    )
                raise MasterpointError(
                    "pair {pair}: no member numbers given", code="masterpoint.no-members", pair=pair
                )
            flight = None
            if flights is not None:
                fkey = member_key(flights, name, pair)
                flight = None if fkey is None else flights[fkey]
            placings.append(Placing(pair, tuple(players[key]), int(rank.rstrip("=")), name, flight))
    return Ranking(tuple(placings), tuple(flight_order))


def _placed(
    places: Mapping[str, int],
    players: Mapping[str, Sequence[str]],
    flights: Mapping[str, str] | None,
    flight_order: Sequence[str],
) -> Ranking:
    placings: list[Placing] = []
    for who, place in places.items():
        if who not in players:
            raise MasterpointError(
                "competitor {competitor}: no member numbers given",
                code="masterpoint.competitor-no-members",
                competitor=who,
            )
        flight = None if flights is None else flights.get(who)
        placings.append(Placing(who, tuple(players[who]), place, "", flight))
    return Ranking(tuple(placings), tuple(flight_order))


def ranking_from_matches(
    matches: Sequence[tuple[str, str, Fraction | Decimal | int, Fraction | Decimal | int]],
    players: Mapping[str, Sequence[str]],
    *,
    penalties: Mapping[str, Fraction] | None = None,
) -> Ranking:
    """A team event's ranking from its matches (team, opponent, VP, opponent's VP),
    ranked by the engine's :func:`~bridgedesk.scoring.teams.cross_table`, with each
    team's V for the JCBL team formula ②: the VP of its won matches, draws on equal
    IMPs (equal VP) included ("勝ち試合（同IMPの引き分けを含む）の合計VP", 000:208)."""
    table = cross_table(matches, penalties)
    won: dict[str, Fraction] = dict.fromkeys(table.teams, Fraction(0))
    for a, b, va, vb in matches:
        fa, fb = Fraction(str(va)), Fraction(str(vb))
        if fa >= fb:
            won[a] += fa
        if fb >= fa:
            won[b] += fb
    placings: list[Placing] = []
    for team in table.teams:
        if team not in players:
            raise MasterpointError(
                "team {team}: no member numbers given",
                code="masterpoint.team-no-members",
                team=team,
            )
        placings.append(
            Placing(
                team,
                tuple(players[team]),
                int(table.ranks[team].rstrip("=")),
                won_vp=won[team],
            )
        )
    return Ranking(tuple(sorted(placings, key=lambda p: (p.place, p.competitor))))


def _bronze_pairs(params: SbfEvent) -> bool:
    return params.table.upper() in ("A", "A1", "A2")


def award_scored(
    results: Sequence[SessionResult],
    players: Mapping[str, Sequence[str]],
    rules: Rules,
    params: WeeklyGame | SbfEvent | ClubGame,
    *,
    flights: Mapping[str, str] | None = None,
    flight_order: Sequence[str] = (),
    carry: Mapping[str, Fraction] | None = None,
    places: Mapping[str, int] | None = None,
) -> tuple[Award, ...]:
    """Award a scored event of one or more sessions (see the module docstring).

    A :class:`ClubGame` without ``sessions`` gets each scored session's scores
    (:func:`session_scores`) for the session awards; ``places``: the overall ranking
    made already (:func:`ranking_from_sessions`).
    """
    if (
        rules == "sbf"
        and isinstance(params, SbfEvent)
        and _bronze_pairs(params)
        and len(results) > 1
    ):
        out: list[Award] = []
        for number, r in enumerate(results, start=1):
            ranking = ranking_from_sessions(
                (r,), players, flights=flights, flight_order=flight_order
            )
            out.extend(
                dataclasses.replace(a, session=number) for a in award(ranking, rules, params)
            )
        return tuple(out)
    ranking = ranking_from_sessions(
        results, players, flights=flights, flight_order=flight_order, carry=carry, places=places
    )
    if isinstance(params, ClubGame) and not params.sessions:
        params = dataclasses.replace(
            params,
            sessions=tuple(session_scores(r, n) for n, r in enumerate(results, start=1)),
        )
    return award(ranking, rules, params)
