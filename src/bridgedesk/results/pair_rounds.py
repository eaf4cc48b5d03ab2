"""A stored pair event played round by round, scored: the standings after each round.

For Swiss pairs, barometer and Houston pairs (:mod:`bridgedesk.events.pair_formats`).
The section's movement is the draw so far (each round added by ``bridgedesk event
round --next``); the results of each round are scored with
:func:`bridgedesk.scoring.swiss.swiss_pairs` (VPs a round: from the round's
matchpoint percentage, or from its Butler IMPs for ``--scoring butler`` and
Houston pairs, 004:2595, 004:2598-2602) or :func:`bridgedesk.scoring.swiss.barometer`
(the running ranking, 004:1513).

Only rounds whose every slip is in (or marked not played) are scored: a round
still in play would otherwise give the pairs without a result a bye's VPs.  The
slips still missing are the caller's to list (``missing``).

Penalties (003:47-59): in a VP event (Swiss and Houston pairs) a board's penalty
is 5 % of a round's maximum VPs (003:55-57); a penalty naming a board counts from
the round that board was played in, one naming none from the last round scored.
In a barometer the director's penalties are taken off the running totals, in
the units of the event's method (:func:`bridgedesk.results.section.director_penalties`),
from the same round on: the standings after each round and the final count every
penalty of that round and the rounds before.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from bridgedesk.bridge.methods import Method
from bridgedesk.bridge.vp import get_scale
from bridgedesk.errors import ScoringError
from bridgedesk.events.event_options import EventOptions
from bridgedesk.events.model import SectionResults
from bridgedesk.events.pair_draw import Draw
from bridgedesk.events.pair_formats import PairFormat
from bridgedesk.events.rulings import PenaltyUnit, ProceduralPenalty, Rulings, Slip
from bridgedesk.events.seating import GridMovement
from bridgedesk.results.model import EventHeading, pair_order
from bridgedesk.results.section import director_penalties, event_info, to_scoring
from bridgedesk.scoring import results as sr
from bridgedesk.scoring.session import SessionResult, rank_labels, score_session
from bridgedesk.scoring.swiss import SwissBy, barometer, swiss_pairs


@dataclass(frozen=True)
class RoundLine:
    """One pair after one round.

    ``result`` is the round's matchpoint percentage or Butler IMPs (Swiss and
    Houston pairs) or the points the round added (barometer); ``vp`` the round's
    VPs (None in a barometer); ``total`` the running VP or points total, penalties
    deducted; ``percentage`` the running matchpoint percentage (barometer by
    matchpoints); ``penalty`` what was deducted so far.
    """

    pair: str
    names: str
    opponent: str | None
    result: Fraction | None
    vp: Fraction | None
    total: Fraction
    percentage: Fraction | None
    penalty: Fraction
    rank: str


@dataclass(frozen=True)
class RoundStandings:
    round: int
    boards: tuple[int, ...]
    lines: tuple[RoundLine, ...]


@dataclass(frozen=True)
class RoundsResult:
    """The standings after each scored round, and what is not scored yet."""

    event: EventHeading
    format: PairFormat
    method: Method
    vp_scale: str
    draws: tuple[Draw, ...]
    rounds: tuple[RoundStandings, ...]
    missing: tuple[Slip, ...] = ()

    @property
    def final(self) -> RoundStandings | None:
        return self.rounds[-1] if self.rounds else None


def draws_of(movement: GridMovement | None, field: Sequence[int]) -> list[Draw]:
    """The rounds drawn so far, read back from the section's movement: a pair of
    ``field`` seated nowhere in a round had the bye."""
    if movement is None:
        return []
    out = []
    for rnd in range(1, movement.rounds + 1):
        tables = []
        for table in range(1, movement.tables + 1):
            a = movement.assignment(rnd, table)
            if a is not None:
                tables.append((a.ns, a.ew))
        seated = {p for t in tables for p in t}
        idle = [p for p in field if p not in seated]
        out.append(Draw(rnd, tuple(tables), idle[0] if idle else None))
    return out


def round_boards(movement: GridMovement, rnd: int) -> tuple[int, ...]:
    found: set[int] = set()
    for table in range(1, movement.tables + 1):
        a = movement.assignment(rnd, table)
        if a is not None:
            found.update(a.boards)
    return tuple(sorted(found))


def score_rounds(
    snapshot: SectionResults,
    options: EventOptions,
    rulings: Rulings | None = None,
    missing: Sequence[Slip] = (),
) -> RoundsResult:
    """The standings after each round of ``snapshot`` whose slips are all in."""
    fmt = options.format
    if fmt is None:
        raise ScoringError(
            "event {event!r} is not played round by round",
            code="ranking.not-round-by-round",
            event=snapshot.event.name,
        )
    method = snapshot.event.scoring
    field = sorted(n for n, e in snapshot.entries.items() if not e.phantom)
    movement = snapshot.movement
    draws = draws_of(movement, field)
    open_rounds = {s.round for s in missing}
    complete = 0
    for d in draws:
        if d.round in open_rounds:
            break
        complete = d.round
    rulings = rulings or Rulings()
    group = rulings.group_of
    by_round: list[list[sr.Board]] = []
    for rnd in range(1, complete + 1):
        travellers: dict[int, list[sr.TravellerLine]] = {}
        for r in sorted(snapshot.results, key=lambda r: (r.board, r.table)):
            if r.round == rnd:
                travellers.setdefault(r.board, []).append(to_scoring(r, group(r)))
        by_round.append([sr.Board(n, tuple(rows)) for n, rows in sorted(travellers.items())])
    while by_round and not by_round[-1]:  # a round with every board marked not played
        by_round.pop()
        complete -= 1
    names = {str(n): e.names for n, e in snapshot.entries.items()}
    assert movement is not None or complete == 0
    boards_of = [round_boards(movement, r) for r in range(1, complete + 1)] if movement else []
    if fmt.has_vps:
        rounds = _vp_rounds(by_round, method, options, rulings, field, names, boards_of, movement)
    else:
        rounds = _barometer_rounds(by_round, method, rulings, draws, names, boards_of)
    return RoundsResult(
        event_info(snapshot), fmt, method, options.vp_scale, tuple(draws), tuple(rounds),
        tuple(missing),
    )  # fmt: skip


def _round_of(p: ProceduralPenalty, boards_of: Sequence[tuple[int, ...]], rounds: int) -> int:
    """The round a penalty counts from: its board's round, else the last round scored."""
    if p.board is None:
        return rounds
    return next((i for i, b in enumerate(boards_of, 1) if p.board in b), rounds)


def _vp_penalties(
    rulings: Rulings,
    movement: GridMovement | None,
    rounds: int,
    boards_of: Sequence[tuple[int, ...]],
    scale: str,
) -> dict[int, dict[str, Fraction]]:
    """round -> pair -> VPs deducted from that round on (003:55-57)."""
    out: dict[int, dict[str, Fraction]] = {}
    if not rulings.penalties or not rounds:
        return out
    most = max(len(b) for b in boards_of)
    unit = Fraction(get_scale(scale).max_total(most)) * Fraction(5, 100)
    for p in rulings.penalties:
        if p.unit is PenaltyUnit.BOARDS:
            vps = p.amount * unit
        elif p.unit is PenaltyUnit.PERCENT:
            vps = p.amount / 100 * unit
        else:
            raise ScoringError(
                "pair {pair}'s penalty is in {unit}; a Swiss or Houston pairs event "
                "takes penalties in boards (5 per cent of a round's maximum VPs each, 003:55-57)",
                code="penalty.boards-in-swiss",
                pair=p.pair,
                unit=p.unit.value,
            )
        slot = out.setdefault(_round_of(p, boards_of, rounds), {})
        slot[str(p.pair)] = slot.get(str(p.pair), Fraction(0)) + vps
    return out


def _vp_rounds(
    by_round: list[list[sr.Board]],
    method: Method,
    options: EventOptions,
    rulings: Rulings,
    field: list[int],
    names: dict[str, str],
    boards_of: list[tuple[int, ...]],
    movement: GridMovement | None,
) -> list[RoundStandings]:
    if not by_round:
        return []
    by = SwissBy.IMP if method is Method.BUTLER else SwissBy.MP
    res = swiss_pairs(by_round, by=by, scale=options.vp_scale, pairs=[str(p) for p in field])
    deductions = _vp_penalties(rulings, movement, len(by_round), boards_of, options.vp_scale)
    taken: dict[str, Fraction] = {}
    out = []
    for i, rnd in enumerate(res.rounds, start=1):
        for pair, vps in deductions.get(i, {}).items():
            taken[pair] = taken.get(pair, Fraction(0)) + vps
        totals = {x.pair: x.total - taken.get(x.pair, Fraction(0)) for x in rnd}
        order = sorted(rnd, key=lambda x: (-totals[x.pair], pair_order(x.pair)))
        ranks = rank_labels([totals[x.pair] for x in order])
        lines = tuple(
            RoundLine(x.pair, names.get(x.pair, ""), x.opponent, x.result, x.vp, totals[x.pair],
                      None, taken.get(x.pair, Fraction(0)), rank)
            for x, rank in zip(order, ranks, strict=True)
        )  # fmt: skip
        out.append(RoundStandings(i, boards_of[i - 1], lines))
    return out


def _barometer_rounds(
    by_round: list[list[sr.Board]],
    method: Method,
    rulings: Rulings,
    draws: list[Draw],
    names: dict[str, str],
    boards_of: list[tuple[int, ...]],
) -> list[RoundStandings]:
    if not by_round:
        return []
    after = barometer(by_round, method=method, winners=1)
    for i in range(1, len(after) + 1):  # each round's standings with the penalties so far
        given = [p for p in rulings.penalties if _round_of(p, boards_of, len(after)) <= i]
        if given:
            boards = [b for rnd in by_round[:i] for b in rnd]
            penalties = director_penalties(given, after[i - 1])
            after[i - 1] = score_session(boards, method=method, winners=1, penalties=penalties)
    before: dict[str, Fraction] = {}
    out = []
    for i, result in enumerate(after, start=1):
        opponents = draws[i - 1].opponents()
        lines = []
        for st in result.standings:
            opp = opponents.get(int(st.pair)) if st.pair.isdigit() else None
            lines.append(
                RoundLine(st.pair, names.get(st.pair, ""), None if opp is None else str(opp),
                          st.total + st.penalty - before.get(st.pair, Fraction(0)), None,
                          st.total, st.percentage, st.penalty, st.rank)
            )  # fmt: skip
        before = {st.pair: st.total + st.penalty for st in result.standings}
        out.append(RoundStandings(i, boards_of[i - 1], tuple(lines)))
    return out


def ranked_by_rounds(result: SessionResult, rounds: RoundsResult) -> SessionResult:
    """``result`` (the event's boards scored as one session) with its pairs placed as
    the standings after the last round place them: what a masterpoint award of a
    Swiss, barometer or Houston event ranks on (000:471-547 award by place).  Each
    pair keeps its session figures (boards, matchpoint percentage) for the formulas
    that use them; the pairs no round scored keep their session rank after the rest."""
    final = rounds.final
    if final is None:
        raise ScoringError(
            "{event}: no round is scored yet",
            code="ranking.no-round-scored",
            event=rounds.event.name,
        )
    place = {x.pair: (i, x.rank) for i, x in enumerate(final.lines)}
    last = len(place)
    ordered = sorted(result.standings, key=lambda st: place.get(st.pair, (last, ""))[0])
    standings = tuple(
        dataclasses.replace(st, rank=place[st.pair][1]) if st.pair in place else st
        for st in ordered
    )
    return dataclasses.replace(result, standings=standings)


__all__ = [
    "RoundLine",
    "RoundStandings",
    "RoundsResult",
    "draws_of",
    "ranked_by_rounds",
    "score_rounds",
]
