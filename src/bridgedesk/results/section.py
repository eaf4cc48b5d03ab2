"""A stored section, scored: the store-side adapter to :class:`ScoredSession`.

A :class:`~bridgedesk.events.model.SectionResults` snapshot (what
:meth:`bridgedesk.store.service.Store.section_results` returns) is turned into
scoring travellers, scored by the event's method with
:func:`bridgedesk.scoring.session.score_session`, and handed to
:func:`bridgedesk.results.build.section_of` with each result's round, table,
lead and contract and the entries' names.

The phantom pair (004:864-868) plays no board: its tables have no result, so
its opponents are factored up over the boards they played and the boards it
would have played are brought to the common top (004:1276-1302).  It is left
out of the ranking.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from bridgedesk.bridge.methods import Convention, Method
from bridgedesk.errors import ScoringError
from bridgedesk.events.model import Result, SectionResults
from bridgedesk.events.pair_numbers import PairNumbers
from bridgedesk.events.rulings import PenaltyUnit, ProceduralPenalty, Rulings
from bridgedesk.results.build import Placement, section_of, traveller_of
from bridgedesk.results.model import (
    BoardPenalty,
    Competitor,
    EventHeading,
    MovementInfo,
    ScoredSection,
    ScoredSession,
    Traveller,
)
from bridgedesk.scoring import results as sr
from bridgedesk.scoring.boards import BoardMemo
from bridgedesk.scoring.session import SessionResult, flight_ranks_of, score_session


@dataclass
class SectionMemo:
    """What scoring a stored section again keeps from the last time: each board's
    traveller built from its stored results (by the results and their fouled-board
    groups), each board checked and scored (:class:`BoardMemo`) and each scored board's
    traveller with where its results were played.  The live results
    keep one per section, so a new result costs the scoring of its own board and the
    totals, not of every board; the values are those of scoring from nothing."""

    boards: dict[int, tuple[tuple[Result, ...], tuple[str | None, ...], sr.Board]] = field(
        default_factory=dict
    )
    scored: BoardMemo = field(default_factory=BoardMemo)
    travellers: dict[int, tuple[sr.ScoredBoard, tuple[Result, ...], Traveller]] = field(
        default_factory=dict
    )

    def board(
        self, number: int, results: Sequence[Result], groups: Sequence[str | None]
    ) -> sr.Board:
        """Board ``number``'s traveller for the engine (the one built before if its results
        and groups are the same)."""
        rs, gs = tuple(results), tuple(groups)
        found = self.boards.get(number)
        if found is not None and found[0] == rs and found[1] == gs:
            return found[2]
        built = sr.Board(number, tuple(to_scoring(r, g) for r, g in zip(rs, gs, strict=True)))
        self.boards[number] = (rs, gs, built)
        return built

    def traveller(self, scored: sr.ScoredBoard, results: tuple[Result, ...]) -> Traveller:
        """Board ``scored``'s traveller (:func:`traveller_of`) with where each of its
        ``results`` was played: the one made before while the board scored is the same."""
        found = self.travellers.get(scored.number)
        if found is not None and found[0] is scored and found[1] == results:
            return found[2]
        made = traveller_of(scored, _seats(results, scored))
        self.travellers[scored.number] = (scored, results, made)
        return made

    def keep(self, numbers: set[int]) -> None:
        for n in set(self.boards) - numbers:
            del self.boards[n]
        for n in set(self.travellers) - numbers:
            del self.travellers[n]
        self.scored.keep(numbers)


def _seats(results: Sequence[Result], scored: sr.ScoredBoard) -> list[Placement | None]:
    """Where each line of ``scored`` was played: its stored result's round, table and lead
    (the lines are the results in their order; a board scored over its played results
    only has fewer)."""
    return [Placement(r.round, r.table, r.lead) for r in results[: len(scored.results)]]


def to_scoring(result: Result, group: str | None = None) -> sr.TravellerLine:
    """A stored result as a scoring traveller row; ``group`` is its fouled-board
    group (004:3531-3658)."""
    if result.adjusted is not None:
        return sr.TravellerLine.adjusted(
            result.ns, result.ew, result.adjusted.ns, result.adjusted.ew, group=group
        )
    score = result.ns_score
    assert score is not None and result.contract is not None
    play = sr.Play(result.contract, result.declarer, result.tricks)
    return sr.TravellerLine.played(result.ns, result.ew, score, play=play, group=group)


def director_penalties(
    penalties: Sequence[ProceduralPenalty], unscored: SessionResult
) -> list[sr.Penalty]:
    """The director's penalties in the engine's unit, boards (003:47-59).

    A board is worth the session's penalty unit (matchpoints: a board's top;
    IMP pairs: (scores - 1) x 5 IMPs; total points: (scores - 1) x 250), read
    from ``unscored``, the session scored without penalties.  ``--mp X`` and
    ``--imp X`` take exactly X off; ``--percent X`` is X % of one board's top.
    While no board has two results (early in round 1) a board is worth nothing yet:
    a penalty in matchpoints or IMPs counts from the first board compared, and the
    live pages keep working meanwhile.
    """
    unit = _unit(unscored)
    out = []
    for p in penalties:
        boards = _boards(p, unit)
        if boards is not None:
            out.append(sr.Penalty(str(p.pair), boards, None, p.reason))
    return out


def _unit(unscored: SessionResult) -> Fraction:
    """What one board's penalty is worth in the session (:func:`director_penalties`)."""
    return max((b.penalty_unit for b in unscored.boards), default=Fraction(0))


def _boards(p: ProceduralPenalty, unit: Fraction) -> Fraction | None:
    """Penalty ``p`` in boards of ``unit`` points; None while a board is worth nothing yet
    and ``p`` is in matchpoints or IMPs (:func:`director_penalties`)."""
    if p.unit is PenaltyUnit.BOARDS:
        return p.amount
    if p.unit is PenaltyUnit.PERCENT:
        return p.amount / 100
    if not unit:  # no board has two results yet (round 1): sized once one has
        return None
    return p.amount / unit


def on_boards(
    travellers: Sequence[Traveller], penalties: Sequence[ProceduralPenalty], unscored: SessionResult
) -> list[Traveller]:
    """``travellers`` with each penalty the director gave on a board written on that board's
    traveller: the points it takes off the pair's total (as :func:`director_penalties`
    sizes it; one not taken off yet is not shown)."""
    unit = _unit(unscored)
    named: dict[int, list[BoardPenalty]] = {}
    for p in penalties:
        boards = _boards(p, unit)
        if p.board is not None and boards:
            named.setdefault(p.board, []).append(BoardPenalty(str(p.pair), boards * unit, p.reason))
    return [replace(t, penalties=tuple(named[t.board])) if t.board in named else t
            for t in travellers]  # fmt: skip


def event_info(snapshot: SectionResults) -> EventHeading:
    e = snapshot.event
    return EventHeading(e.name, e.date, e.club, e.rating.value, e.class_)


def method_of(snapshot: SectionResults) -> Method:
    found = snapshot.event.scoring
    if not found.is_pairs:
        raise ScoringError(
            "event {event!r} is scored by {scoring}: results reports cover pair "
            "events (mp, ximp, butler, total) so far",
            code="ranking.pairs-only",
            event=snapshot.event.name,
            scoring=snapshot.event.scoring,
        )
    return found


def _section(
    snapshot: SectionResults,
    method: Method,
    rulings: Rulings | None = None,
    convention: Convention = Convention.JCBL,
    memo: SectionMemo | None = None,
) -> ScoredSection:
    if not snapshot.results:
        raise ScoringError(
            "section {section} of {event!r} has no results yet: enter them with "
            "`bridgedesk result add` or `bridgedesk result import`",
            code="ranking.section-no-results",
            section=snapshot.section,
            event=snapshot.event.name,
        )
    travellers = snapshot.travellers()
    group = rulings.group_of if rulings is not None else (lambda _r: None)
    if memo is None:
        boards = [
            sr.Board(n, tuple(to_scoring(r, group(r)) for r in rs)) for n, rs in travellers.items()
        ]
    else:
        boards = [memo.board(n, rs, [group(r) for r in rs]) for n, rs in travellers.items()]
        memo.keep(set(travellers))
    scored = memo.scored if memo is not None else None
    movement = snapshot.movement
    winners = movement.winners if movement is not None else None
    result = unscored = score_session(boards, method=method, winners=winners,
                                      convention=convention, memo=scored)  # fmt: skip
    # -- the director's penalties: a second pass, once the board's unit is known
    if rulings is not None and rulings.penalties:
        penalties = director_penalties(rulings.penalties, result)
        result = score_session(boards, method=method, winners=winners, penalties=penalties,
                               convention=convention, memo=scored)  # fmt: skip
    lines = [
        traveller_of(sb, _seats(travellers[sb.number], sb)) if memo is None
        else memo.traveller(sb, travellers[sb.number])
        for sb in result.boards
    ]  # fmt: skip
    if rulings is not None and rulings.penalties:
        lines = on_boards(lines, rulings.penalties, unscored)
    competitors = {
        str(n): Competitor(str(n), e.kind, e.names, e.players, e.flight)
        for n, e in snapshot.entries.items()
    }
    phantom = next((str(n) for n, e in snapshot.entries.items() if e.phantom), None)
    info = None
    rounds = None
    if movement is not None:
        per_round = max((len(a.boards) for a in movement.grid.values()), default=0)
        info = MovementInfo(movement.name, movement.kind, movement.rounds, movement.tables,
                            movement.winners, per_round)  # fmt: skip
    else:
        rounds = max((r.round for r in snapshot.results), default=0)
    section = section_of(
        result, name=snapshot.section, competitors=competitors, movement=info, phantom=phantom,
        rounds=rounds, numbers=PairNumbers.of(movement), travellers=lines,
    )  # fmt: skip
    return stratified(section, snapshot.event.name)


def stratified(section: ScoredSection, event: str) -> ScoredSection:
    """``section`` with each pair's rank in its flights, when its pairs have flights
    (stratified pairs, 004:1515-1532): flight A ranks every pair of its field, flight B
    the pairs of B and below, and so on (004:1525-1528), by the measure the field is
    ranked by.  A pair left without a flight is refused, naming it."""
    flights = {s.pair: s.flight for s in section.ranking if s.flight is not None}
    if not flights:
        return section
    missing = [s for s in section.ranking if s.flight is None]
    if missing:
        first = section.label(missing[0].pair)
        raise ScoringError(
            "pair {first} has no flight, but the pairs of {event!r} are in flights: "
            "give it one (`bridgedesk entry edit EVENT --pair N --flight B`)",
            code="ranking.pair-without-flight",
            first=first,
            event=event,
        )
    order = section.flights
    ranks: dict[str, dict[str, str]] = {}
    for _direction, rows in section.fields():
        values = {s.pair: s.percentage if s.percentage is not None else s.total for s in rows}
        ranks.update(flight_ranks_of(values, {p: flights[p] for p in values}, order))
    ranking = tuple(replace(s, flight_ranks=ranks[s.pair]) for s in section.ranking)
    return replace(section, ranking=ranking)


def score_sections(
    snapshots: Sequence[SectionResults],
    method: Method | None = None,
    deals: Mapping[int, str] | None = None,
    rulings: Mapping[str, Rulings] | None = None,
    convention: Convention = Convention.JCBL,
    memo: Mapping[str, SectionMemo] | None = None,
) -> ScoredSession:
    """Score each section of one session on its own (004:1315-1320) into one value.

    ``deals`` (PBN deal strings by board, as the store keeps them) go with it
    to the writers.  ``rulings`` are the director's by section name
    (:mod:`bridgedesk.events.rulings`): fouled-board groups tag the results,
    penalties go to the scoring engine (see :func:`director_penalties`).
    ``convention`` is the event's scoring convention (:mod:`bridgedesk.scoring.options`);
    ``memo`` by section name keeps what an earlier scoring of it can lend
    (:class:`SectionMemo`)."""
    first = snapshots[0]
    method = method or method_of(first)
    event = first.event
    multi = len(event.sessions) > 1 or any(len(s.sections) > 1 for s in event.sessions)
    return ScoredSession(
        event=event_info(first),
        method=method,
        sections=tuple(
            _section(
                s, method, (rulings or {}).get(s.section), convention, (memo or {}).get(s.section)
            )
            for s in snapshots
        ),
        session=first.session,
        deals=dict(deals or {}),
        multi=multi or len(snapshots) > 1,
    )


def score_section(
    snapshot: SectionResults,
    method: Method | None = None,
    deals: Mapping[int, str] | None = None,
    rulings: Rulings | None = None,
) -> ScoredSession:
    """Score a section snapshot by the event's method (or ``method``) and rank it,
    with the director's ``rulings`` for it if given."""
    ruled = {snapshot.section: rulings} if rulings is not None else None
    return score_sections([snapshot], method, deals, ruled)


__all__ = [
    "SectionMemo",
    "director_penalties",
    "event_info",
    "method_of",
    "on_boards",
    "score_section",
    "score_sections",
    "to_scoring",
]
