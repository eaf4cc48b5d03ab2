"""Awarding a JCBL event (000): the weekly formula (000:173-228) and CCG-or-higher
events' overall and session awards (000:230-547), from a
:class:`~bridgedesk.masterpoints.ranking.Ranking`.  Reached through
:func:`bridgedesk.masterpoints.award.award`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from bridgedesk.bridge.methods import Method
from bridgedesk.errors import MasterpointError
from bridgedesk.i18n import Phrase, lazy_pgettext, phrase
from bridgedesk.masterpoints.awards import Award, best_of, ordered
from bridgedesk.masterpoints.jcbl.club import (
    ClubEvent,
    EventKind,
    QualifyingRound,
    cap,
    final_sessions,
    flight_factor,
    l5_round,
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

__all__ = ["ClubGame", "award_club", "award_weekly"]


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

    ``stage``: a round of a qualifying-and-final event (000:356-364, 000:401).
    ``"qualifying"``: the qualifying's own overall, L5 = 8 below 4 sessions (16 from
    4).  ``"final"``: the final's overall, with ``qualifying`` describing the
    qualifying: T is the cumulative qualifying tables, S the final's sessions plus
    half the qualifying's, the 35 % range counts the qualifying's entrants, L5 = 16.
    L5 is applied to the red part only ("上記係数はRPだけに適用", 000:364); the cap is
    the rating's cap times S (the formula's session count); the red share is decided
    by the sessions the ranked competitors played, qualifying and final together
    (the reasoning is in tests/masterpoints/test_jcbl_final.py).
    """

    event: ClubEvent
    bridge_center: bool = False
    simultaneous: bool = False
    sessions: tuple[SessionScores, ...] = ()
    stage: str | None = None
    qualifying: QualifyingRound | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "sessions", tuple(self.sessions))
        if self.stage not in (None, "qualifying", "final"):
            raise MasterpointError(
                f"stage must be 'qualifying' or 'final' (or none), got {self.stage!r}"
            )
        if (self.stage == "final") != (self.qualifying is not None):
            raise MasterpointError(
                "a final round needs its qualifying (sessions, tables, competitors), "
                "and only a final round takes one"
            )


def _jcbl_share(placing: Placing, member: str) -> Fraction:
    return _jcbl_share_of(placing.played(member))


def award_weekly(ranking: Ranking, game: WeeklyGame) -> tuple[Award, ...]:
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
                reason = phrase(
                    "JCBL weekly K={k} C={c} P={p} S={s}: K*C*P*S/100*0.7^(N-1)",
                    k=game.k,
                    c=competitors,
                    p=game.kind.game_factor,
                    s=game.sessions,
                )
                if count > 1:
                    reason = _tie(reason, place, count)
                if values[0] < Fraction(
                    game.k * competitors * game.kind.game_factor * game.sessions, 100
                ):
                    reason = phrase("{reason}, capped at {cap}", reason=reason, cap="1.00")
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
                        reason = phrase(
                            "JCBL weekly team K*B*V/(100*M*Pm) K={k} B={b} V={v} M={m} Pm={pm}",
                            k=game.k,
                            b=game.boards,
                            v=placing.won_vp,
                            m=game.max_vp,
                            pm=members,
                        )
                for member in placing.players:
                    share = _jcbl_share(placing, member)
                    points = jcbl_round(value * share)
                    if points == 0:
                        continue
                    why = reason if share == 1 else _partial(reason, share)
                    best_of(
                        best,
                        Award(
                            member, placing.competitor, name, flight, place, points, "black", why
                        ),
                    )
        out.extend(best.values())
    return ordered(ranking, out)


def _club_share(placing: Placing, member: str, kind: EventKind) -> Fraction:
    """Overall eligibility (000:529-545): team members need half the team's matches;
    in pairs the original player half the boards, a substitute 66 %."""
    played = placing.played(member)
    if kind is not EventKind.TEAMS and member in placing.substitutes:
        return Fraction(1) if played >= Fraction(66, 100) else Fraction(0)
    return Fraction(1) if played >= Fraction(1, 2) else Fraction(0)


def award_club(ranking: Ranking, game: ClubGame) -> tuple[Award, ...]:
    event = game.event
    tables: int | Fraction = event.tables
    sessions: Fraction = Fraction(event.sessions)
    original = event.competitors
    played_sessions = event.sessions
    l5: int | None = None
    stage_note: Phrase | str = ""
    if game.stage == "final":
        assert game.qualifying is not None
        q = game.qualifying
        tables = q.total_tables
        sessions = final_sessions(event.sessions, q.sessions)
        original = q.competitors
        played_sessions = event.sessions + q.sessions
        l5 = l5_round("final", q.sessions)
        stage_note = phrase(
            ", final: T = qualifying tables {tables}, S = {sessions} + {qualifying}/2, "
            "35 per cent of {entrants} entrants",
            tables="+".join(_show(Fraction(t)) for t in q.tables),
            sessions=event.sessions,
            qualifying=q.sessions,
            entrants=q.competitors,
        )
    elif game.stage == "qualifying":
        l5 = l5_round("qualifying", event.sessions)
        stage_note = phrase(", qualifying")
    split = red_share(
        event.rating,
        played_sessions,
        bridge_center=game.bridge_center,
        simultaneous=game.simultaneous,
    )
    # L5 multiplies the red part only (000:364)
    parts = [
        (colour, share, (l5,) if colour == "red" and l5 is not None else ())
        for colour, share in (("red", split.red), ("black", split.black))
        if share
    ]
    limit = cap(event.rating, sessions)
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
            size = original if top else competitors
            paid = award_places(size)
            values: dict[str, list[Fraction]] = {}
            capped: dict[str, bool] = {}
            for colour, _, extra in parts:
                first = overall_exact(
                    event.kind,
                    event.rating,
                    (*limits, *extra),
                    tables,
                    sessions,
                    1,
                    event.team_size,
                )
                capped[colour] = limit is not None and first > limit
                if limit is not None:
                    first = min(first, limit)
                values[colour] = [
                    first * place_factor(p, event.kind) for p in range(1, len(ranked) + 1)
                ]
            counts = ties(ranked)
            for placing, place in ranked:
                if place > paid:
                    continue
                count = counts[place]
                reason = phrase(
                    "JCBL overall A*R*L*(4+0.2*T*S)*N/P, {kind}, {rating}, T={t}, S={s}, "
                    "place {place}{stage}",
                    kind=event.kind.value,
                    rating=event.rating.value,
                    t=_show(Fraction(tables)),
                    s=_show(sessions),
                    place=place,
                    stage=stage_note,
                )
                if count > 1:
                    reason = _tie(reason, place, count)
                for member in placing.players:
                    if _club_share(placing, member, event.kind) == 0:
                        continue
                    for colour, part, extra in parts:
                        value = tied_points(values[colour], place, count)
                        points = jcbl_round(value * part)
                        if points == 0:
                            continue
                        why = reason
                        if extra:
                            why = phrase(
                                "{reason}, L5={l5}/16 on the red part only",
                                reason=why,
                                l5=extra[0],
                            )
                        if capped[colour] and limit is not None:
                            why = phrase(
                                "{reason}, capped at {cap}", reason=why, cap=jcbl_round(limit)
                            )
                        if part != 1:
                            why = phrase(
                                "{reason}, {part} of it {colour}",
                                reason=why,
                                part=part,
                                colour=COLOURS.get(colour, colour),
                            )
                        candidate = Award(
                            member, placing.competitor, name, flight, place, points, colour, why
                        )
                        key = f"{member}\x00{colour}"
                        old = best.get(key)
                        if old is None or candidate.points > old.points:
                            best[key] = candidate
        out.extend(best.values())
    return ordered(ranking, out) + _jcbl_sessions(ranking, game)


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
                    reason = phrase(
                        "JCBL session {session} 3*R*L/P*B/24*V/M, {kind}, {rating}, B={b}, "
                        "{why}, V/M={vm}",
                        session=session.number,
                        kind=event.kind.value,
                        rating=event.rating.value,
                        b=session.boards,
                        why=why,
                        vm=_show(vm),
                    )
                    placing = who[s.competitor]
                    for member in placing.players:
                        share = _jcbl_share_of(s.played(member))
                        points = jcbl_round(value * share)
                        if points == 0:
                            continue
                        best_of(
                            best,
                            Award(
                                member,
                                s.competitor,
                                name,
                                flight,
                                place,
                                points,
                                "black",
                                reason if share == 1 else _partial(reason, share),
                                session.number,
                            ),
                        )
            order = {s.competitor: i for i, s in enumerate(scores)}
            out.extend(sorted(best.values(), key=lambda a: (a.place, order[a.competitor])))
    return tuple(out)


#: The colours of JCBL masterpoints, as a reason names them.
COLOURS = {"black": lazy_pgettext("colour", "black"), "red": lazy_pgettext("colour", "red")}


def _tie(reason: Phrase, place: int, count: int) -> Phrase:
    """``reason`` of a place shared by ``count`` competitors (000: the tied places'
    awards averaged)."""
    return phrase(
        "{reason}, tie for places {first}-{last} averaged",
        reason=reason,
        first=place,
        last=place + count - 1,
    )


def _partial(reason: Phrase, share: Fraction) -> Phrase:
    """``reason`` of a player who played a ``share`` of the boards."""
    return phrase("{reason}, {share} for partial play", reason=reason, share=share)


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
    if session.scoring is Method.TEAM_VP:
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
