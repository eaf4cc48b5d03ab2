"""A pairs session: board scores to totals, percentages and ranks.

JCBL Director Manual 004:1285-1320: each board is worth the same top; a pair
that played fewer boards has its score factored up (004:1292-1296: 10/9 for 9
boards out of 10); scores are rounded once, to 2 decimals half up, and ranks
are given on the rounded totals with shared places for ties (004:1303-1313).
A two-field event (Mitchell) ranks NS and EW apart; several sections are
either scored as one field or each apart with a percentage ranking across
them (004:1315-1320).  Matchpoint average plus / minus take the pair's session
percentage when that is better / worse (003:16-19): a second pass.

Also here: multi-session totals, the JCBL carry-over formula with its
4-board maximum (004:1993-2034), and stratified flights (004:1521-1532).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from math import lcm

from bridgedesk.bridge.methods import Method as Method  # re-exported
from bridgedesk.bridge.seats import Side
from bridgedesk.bridge.vp import get_scale
from bridgedesk.errors import Location, ScoringError
from bridgedesk.scoring.boards import BoardMemo, Engine, score_boards
from bridgedesk.scoring.matchpoints import (
    ADJUSTED_PERCENT,
    FouledMethod,
    Missing,
    adjusted_points,
)
from bridgedesk.scoring.options import Convention, ConventionRules, rules_of
from bridgedesk.scoring.results import (
    Adjustment,
    Board,
    Penalty,
    ScoredBoard,
    ScoredResult,
    TravellerLine,
    Weighted,
)
from bridgedesk.scoring.rounding import round_half_up, units_half_up

#: A pair in a ranking: its number and, in a two-field event, its direction.
PairKey = tuple[str, Side | None]


@dataclass(frozen=True)
class PairStanding:
    """One pair's line in the ranking.

    ``total`` is exact: factored up to the field's number of boards, penalties
    deducted.  ``max`` is the most the pair could have scored on the boards it
    played (matchpoints only); ``out_of`` the most its ``total`` is measured
    against: the field's maximum when the total is factored up (004:1297-1302),
    else ``max``; ``percentage`` is ``total`` over ``out_of`` (matchpoints only).
    ``rank`` is "1", "2=", ... within the pair's field; ``overall`` ranks across
    fields by percentage when there are several.
    """

    pair: str
    direction: Side | None
    section: str | None
    raw: Fraction
    total: Fraction
    max: Fraction | None
    boards: int
    percentage: Fraction | None
    penalty: Fraction
    rank: str
    overall: str | None = None
    out_of: Fraction | None = None

    @property
    def key(self) -> PairKey:
        return (self.pair, self.direction)


@dataclass(frozen=True)
class SessionResult:
    method: Method
    winners: int
    boards: tuple[ScoredBoard, ...]
    standings: tuple[PairStanding, ...]


def detect_winners(boards: Iterable[Board]) -> int:
    """1 when the pairs form one field (a Howell), 2 for two fields (a Mitchell).

    Two fields when the numbers say so beyond a single slip: a number sitting NS
    at one table and EW at another on the same board (one pair cannot play a
    board twice), or two tables with the same number on both sides (a Mitchell
    numbered 1-n in each direction meets NS 3 against EW 3 at every table of a
    round).  One such table alone is a typing slip in a Howell, which
    :meth:`~bridgedesk.scoring.results.Board.validate` then reports at its line,
    rather than a reason to score the whole event as two fields (issue 10).
    Otherwise a number seen in both directions means one field.
    """
    ns: set[str] = set()
    ew: set[str] = set()
    same_number = 0
    results = 0
    for b in boards:
        board_ns = {r.ns for r in b.results if r.ns != r.ew}
        for r in b.results:
            results += 1
            if r.ns == r.ew:
                same_number += 1
            elif r.ew in board_ns:
                return 2
            ns.add(r.ns)
            ew.add(r.ew)
    if same_number >= 2 or (same_number == 1 and results == 1):
        return 2
    return 1 if ns & ew else 2


def rank_labels(values: Sequence[Fraction], places: int = 2) -> list[str]:
    """Ranks for ``values`` (higher is better), on the values rounded to ``places``.

    Tied values share the place and are marked with "=": 1, 2=, 2=, 4.  The
    values are sorted once and each place found by bisection (n log n: a
    national field of thousands of pairs is ranked in milliseconds).
    """
    rounded = [units_half_up(v, places) for v in values]  # whole numbers: sorted quickly
    ascending = sorted(rounded)
    labels = []
    for v in rounded:
        above = len(ascending) - bisect_right(ascending, v)
        tied = bisect_right(ascending, v) - bisect_left(ascending, v)
        labels.append(f"{above + 1}=" if tied > 1 else str(above + 1))
    return labels


def score_session(
    boards: Sequence[Board],
    *,
    method: Method = Method.MP,
    missing: Missing = Missing.NEUBERG,
    fouled: FouledMethod = FouledMethod.FORMULA,
    butler_drop: int = 1,
    winners: int | None = None,
    penalties: Sequence[Penalty] = (),
    scale: int = 1,
    common_top: bool = True,
    sections: Mapping[str, str] | None = None,
    factor: bool = True,
    convention: Convention | None = None,
    engine: Engine = Engine.AUTO,
    memo: BoardMemo | None = None,
) -> SessionResult:
    """Score every board of one field and rank the pairs.

    ``scale`` 1 gives 1 point per comparison won (JCBL), 2 gives 2 (EBU, FFB,
    ScoreBridge write MPs so; see :mod:`bridgedesk.scoring.options`).
    ``common_top`` brings every board to the top of the most-played board, so
    that each board is worth the same (004:1276-1283); ``sections`` maps pair
    numbers to section names for display.

    ``factor=False`` is the other programs' way with no factoring at all (JFR
    Pary's, see :mod:`bridgedesk.scoring.options`): each board is matchpointed
    over the results on its traveller, a pair's total is the plain sum of
    its points, and its percentage is that sum over the most it could have
    scored on the boards it played (matchpoints are then ranked by percentage).

    ``convention`` names all of these settings at once (and the other programs'
    further rules: :class:`~bridgedesk.scoring.options.ConventionRules`); give
    it or ``scale`` / ``common_top`` / ``factor``, not both.  ``engine`` chooses
    the exact or the vectorised board scoring (:mod:`bridgedesk.scoring.boards`;
    both give the same values).  ``memo`` keeps the boards checked and scored (the
    live results score a section again after each new result): a board met before
    is not checked or scored again (:class:`~bridgedesk.scoring.boards.BoardMemo`).
    """
    rules = _rules(convention, method, scale=scale, factor=factor, common_top=common_top)
    if convention is not None:
        common_top = rules.factor
    if winners is None:
        winners = detect_winners(boards)
    if winners not in (1, 2):
        raise ScoringError(
            "winners must be 1 or 2, not {winners}", code="scoring.winners", winners=winners
        )
    if method is Method.BUTLER and penalties:
        raise ScoringError(
            "a penalty in a Houston (Butler) session is in VPs, 5 per cent of a round's "
            "maximum per board (003:55-57): give it to the Houston VPs (bridgedesk "
            "score --houston-vp)",
            code="scoring.houston-penalty-in-vp",
        )
    seen_numbers: set[int] = set()
    for b in boards:
        if b.number in seen_numbers:
            raise ScoringError(
                "the board appears twice in the session",
                Location(board=b.number),
                code="scoring.board-twice",
            )
        seen_numbers.add(b.number)
        if memo is None:
            b.check(two_field=winners == 2)
        else:
            memo.check(b, winners == 2)
    n_common = max((len(b.results) for b in boards), default=0) if common_top else None
    scored = score_boards(
        boards if rules.factor else [_played(b) for b in boards], method, missing=missing,
        fouled=fouled, butler_drop=butler_drop, scores=n_common if rules.factor else None,
        scale=rules.scale, played_only=rules.played_only and method is Method.MP,
        per_comparison=rules.per_comparison and method is Method.XIMP, engine=engine,
        memo=memo if rules.factor else None,
    )  # fmt: skip

    def key(pair: str, side: Side) -> PairKey:
        return (pair, side if winners == 2 else None)

    means: dict[PairKey, Fraction] | None = None
    raw, tops, played = pair_totals(scored, winners)  # A / A+ / A- not yet in
    if method is Method.MP:
        if rules.board_mean:
            means = _board_means(scored, key)
        resolved = resolve_matchpoint_adjustments(
            scored, winners, by_session=not rules.flat_adjusted, totals=(raw, tops)
        )
        for before, after in zip(scored, resolved, strict=True):
            if after is before:
                continue
            for was, now in zip(before.results, after.results, strict=True):
                for side in (Side.NS, Side.EW):
                    v = now.value(side)
                    if isinstance(was.value(side), Adjustment) and isinstance(v, Fraction):
                        k = key(now.result.pair(side), side)
                        raw[k] += v
                        tops[k] += after.top or 0
                        played[k] += 1
        scored = resolved
    unit_default = max((sb.penalty_unit for sb in scored), default=Fraction(0))
    units = {sb.number: sb.penalty_unit for sb in scored}
    penalty: dict[PairKey, Fraction] = dict.fromkeys(raw, Fraction(0))
    penalty_boards: dict[PairKey, Fraction] = dict.fromkeys(raw, Fraction(0))
    for p in penalties:
        matches = [k for k in raw if k[0] == p.pair]
        if not matches:
            raise ScoringError(
                "penalty for pair {pair}, who has no result in this session",
                code="scoring.penalty-no-result",
                pair=p.pair,
            )
        unit = units.get(p.board, unit_default) if p.board is not None else unit_default
        for k in matches:
            penalty[k] += p.boards * unit
            penalty_boards[k] += p.boards
    if means is not None:
        # a penalty of b boards costs b boards' worth (100 % each) of the pair's mean
        means = {k: m - 100 * penalty_boards[k] / played[k] if played[k] else m
                 for k, m in means.items()}  # fmt: skip
    standings = _standings(raw, tops, played, penalty, method, winners, sections, rules.factor,
                           means)  # fmt: skip
    return SessionResult(method, winners, tuple(scored), tuple(standings))


def _rules(
    convention: Convention | None, method: Method, *, scale: int, factor: bool, common_top: bool
) -> ConventionRules:
    """The settings in force: the convention's, or the ones given one by one."""
    if convention is None:
        return ConventionRules(scale=scale, factor=factor)
    if scale != 1 or not factor or not common_top:
        raise ScoringError(
            "give a convention or scale / factor / common_top, not both",
            code="scoring.convention-or-scale",
        )
    convention.check(method)
    return rules_of(convention)


def pair_totals(
    scored: Sequence[ScoredBoard], winners: int
) -> tuple[dict[PairKey, Fraction], dict[PairKey, Fraction], dict[PairKey, int]]:
    """Each pair's points, the tops of the boards it has points on, and those boards.

    Every pair on a traveller is listed (with 0 when it has no points); A / A+ /
    A- not yet resolved and boards not played are left out.  The sums are exact
    and linear in the field: each pair's points are added per denominator as
    whole numbers and turned into one Fraction at the end (Neuberg values of a
    big field have a different denominator on every board, and adding such
    Fractions one by one costs a gcd of ever larger numbers each time).
    """
    fields: dict[Side | None, dict[str, dict[int, int]]] = {}
    top_sum: dict[Side | None, dict[str, int]] = {}
    boards: dict[Side | None, dict[str, int]] = {}
    sides = (Side.NS, Side.EW) if winners == 2 else (None, None)
    for f in sides:
        fields.setdefault(f, {})
        top_sum.setdefault(f, {})
        boards.setdefault(f, {})
    ns_field, ew_field = ((fields[f], top_sum[f], boards[f]) for f in sides)
    for sb in scored:
        top = sb.top or ZERO
        assert top.denominator == 1, "a board's top is a whole number of points"
        top_int = top.numerator
        for sr in sb.results:  # each result's two pairs, in the field of their side
            for (points, tops, counts), pair, v in (
                (ns_field, sr.result.ns, sr.ns), (ew_field, sr.result.ew, sr.ew)
            ):  # fmt: skip
                parts = points.get(pair)
                if parts is None:
                    parts = points[pair] = {}
                    tops[pair] = 0
                    counts[pair] = 0
                if not isinstance(v, Fraction):
                    continue
                parts[v.denominator] = parts.get(v.denominator, 0) + v.numerator
                tops[pair] += top_int
                counts[pair] += 1
    raw: dict[PairKey, Fraction] = {}
    top_out: dict[PairKey, Fraction] = {}
    played: dict[PairKey, int] = {}
    for f, points in fields.items():
        for pair, parts in points.items():
            k: PairKey = (pair, f)
            common = lcm(*parts)
            raw[k] = Fraction(sum(n * (common // d) for d, n in parts.items()), common)
            top_out[k] = Fraction(top_sum[f][pair])
            played[k] = boards[f][pair]
    return raw, top_out, played


def _board_means(
    scored: Sequence[ScoredBoard], key: Callable[[str, Side], PairKey]
) -> dict[PairKey, Fraction]:
    """Each pair's mean board percentage (the ``board_mean`` rule): its points over
    the board's top, an artificial score its flat 60 / 50 / 40 %, a board whose
    top is 0 (one played result) 50 %; boards not played are left out."""
    total: dict[PairKey, Fraction] = {}
    count: dict[PairKey, int] = {}
    for sb in scored:
        top = sb.top or 0
        for sr in sb.results:
            for side in (Side.NS, Side.EW):
                v = sr.value(side)
                if v is None:
                    continue
                if isinstance(v, Adjustment):
                    pct = ADJUSTED_PERCENT[v]
                else:
                    pct = v / top * 100 if top else Fraction(50)
                k = key(sr.result.pair(side), side)
                total[k] = total.get(k, Fraction(0)) + pct
                count[k] = count.get(k, 0) + 1
    return {k: total[k] / count[k] for k in total}


def _played(board: Board) -> Board:
    """The board without its not-played rows: what was actually played (an
    artificial adjusted score stays, and counts in the board's top)."""
    gone = Adjustment.NOT_PLAYED
    return replace(
        board, results=tuple(r for r in board.results if gone not in (r.ns_outcome, r.ew_outcome))
    )


def _standings(
    raw: Mapping[PairKey, Fraction],
    tops: Mapping[PairKey, Fraction],
    played: Mapping[PairKey, int],
    penalty: Mapping[PairKey, Fraction],
    method: Method,
    winners: int,
    sections: Mapping[str, str] | None,
    factor: bool = True,
    means: Mapping[PairKey, Fraction] | None = None,
) -> list[PairStanding]:
    fields: dict[Side | None, list[PairKey]] = {}
    for k in raw:
        fields.setdefault(k[1], []).append(k)
    out: list[PairStanding] = []
    by_percentage = not factor and method is Method.MP  # ranked by percentage, not total
    for direction in sorted(fields, key=lambda d: "" if d is None else d.value):
        keys = fields[direction]
        std_max = max((tops[k] for k in keys), default=Fraction(0))
        std_boards = max((played[k] for k in keys), default=0)
        lines = []
        for k in keys:
            points, top, penalised = raw[k], tops[k], penalty[k]
            # the total factored up to the field's tops (MP) or boards (IMPs); a pair with
            # the field's tops or boards (most of them) keeps its points as they are
            if not factor:
                total = points
            elif method is Method.MP:
                total = ZERO if not top else points if top == std_max else points * std_max / top
            elif not played[k]:
                total = ZERO
            elif played[k] == std_boards:
                total = points
            else:
                total = points * Fraction(std_boards, played[k])
            if penalised:
                total -= penalised
            own_max = std_max if factor else top
            pct = total / own_max * 100 if method is Method.MP and own_max else None
            if means is not None and k in means:
                pct = means[k]
            measure = (pct if pct is not None else ZERO) if by_percentage else total
            lines.append((k, total, pct, own_max, measure))
        ranks = rank_labels([line[4] for line in lines])
        rows = [
            PairStanding(
                pair=k[0],
                direction=direction,
                section=sections.get(k[0]) if sections else None,
                raw=raw[k],
                total=total,
                max=tops[k] if method is Method.MP else None,
                boards=played[k],
                percentage=pct,
                penalty=penalty[k],
                rank=rank,
                out_of=own_max if method is Method.MP else None,
            )
            for (k, total, pct, own_max, _), rank in zip(lines, ranks, strict=True)
        ]
        measures = {s.pair: line[4] for s, line in zip(rows, lines, strict=True)}
        rows.sort(key=lambda s: _pair_order(s.pair))  # ties in pair order: a stable sort
        rows.sort(key=lambda s: measures[s.pair], reverse=True)
        out += rows
    return out


ZERO = Fraction(0)


def _pair_order(pair: str) -> tuple[int, str]:
    digits = "".join(c for c in pair if (c.isascii() and c.isdigit()))
    return (int(digits) if digits else 0, pair)


def resolve_matchpoint_adjustments(
    scored: Sequence[ScoredBoard],
    winners: int,
    *,
    by_session: bool = True,
    totals: tuple[Mapping[PairKey, Fraction], Mapping[PairKey, Fraction]] | None = None,
) -> list[ScoredBoard]:
    """Turn A / A+ / A- into matchpoints using each pair's session percentage.

    The percentage is over the boards the pair actually played (003:16-19);
    without ``by_session`` they are a flat 50 / 60 / 40 % of the top.  Boards
    without an artificial score are returned as they are (the same objects).
    ``totals`` are the pairs' real points and tops when the caller has them
    (:func:`pair_totals` of ``scored``).
    """
    if not any(isinstance(sr.ns, Adjustment) or isinstance(sr.ew, Adjustment)
               for sb in scored for sr in sb.results):  # fmt: skip
        return list(scored)
    real: Mapping[PairKey, Fraction] = {}
    tops: Mapping[PairKey, Fraction] = {}
    if by_session:
        real, tops = totals if totals is not None else pair_totals(scored, winners)[:2]
    out = []
    for sb in scored:
        if not any(isinstance(sr.ns, Adjustment) or isinstance(sr.ew, Adjustment)
                   for sr in sb.results):  # fmt: skip
            out.append(sb)
            continue
        rows = []
        for sr in sb.results:
            vals = []
            for side in (Side.NS, Side.EW):
                v = sr.value(side)
                if isinstance(v, Adjustment):
                    k = (sr.result.pair(side), side if winners == 2 else None)
                    pct = real[k] / tops[k] * 100 if tops.get(k) else None
                    v = adjusted_points(v, sb.top or Fraction(0), pct)
                vals.append(v)
            rows.append(ScoredResult(sr.result, vals[0], vals[1]))
        out.append(replace(sb, results=tuple(rows)))
    return out


def score_sections(
    sections: Mapping[str, Sequence[Board]],
    *,
    across_field: bool,
    method: Method = Method.MP,
    missing: Missing = Missing.NEUBERG,
    fouled: FouledMethod = FouledMethod.FORMULA,
    winners: int | None = None,
    penalties: Sequence[Penalty] = (),
) -> SessionResult:
    """Several sections playing the same boards (004:1315-1320).

    ``across_field``: every board's results from all sections are compared
    together (one-field scoring) and ranked as one field.  Otherwise each
    section is scored apart, ranked within itself, and ``overall`` ranks every
    pair across sections by percentage (matchpoints) or total.  Pair numbers
    must be unique across sections (e.g. "A1", "B1").
    """
    pair_section: dict[str, str] = {}
    for name, boards in sections.items():
        for b in boards:
            for r in b.results:
                for p in (r.ns, r.ew):
                    if pair_section.setdefault(p, name) != name:
                        raise ScoringError(
                            "pair {pair} appears in sections {section} and {other_section}; give "
                            "pairs numbers unique across sections (A1, B1, ...)",
                            code="scoring.pair-in-two-sections",
                            pair=p,
                            section=pair_section[p],
                            other_section=name,
                        )
    if across_field:
        merged: dict[int, list[Board]] = {}
        for boards in sections.values():
            for b in boards:
                merged.setdefault(b.number, []).append(b)
        boards_all = [
            Board(n, tuple(r for b in bs for r in b.results)) for n, bs in sorted(merged.items())
        ]
        return score_session(
            boards_all, method=method, missing=missing, fouled=fouled, winners=winners,
            penalties=penalties, sections=pair_section,
        )  # fmt: skip
    parts = []
    for boards in sections.values():
        names = {r.ns for b in boards for r in b.results} | {
            r.ew for b in boards for r in b.results
        }
        mine = [p for p in penalties if p.pair in names]
        parts.append(
            score_session(
                boards,
                method=method,
                missing=missing,
                fouled=fouled,
                winners=winners,
                penalties=mine,
                sections=pair_section,
            )
        )
    standings = [s for part in parts for s in part.standings]
    measure = [s.percentage if s.percentage is not None else s.total for s in standings]
    overall = rank_labels(measure)
    standings = [replace(s, overall=o) for s, o in zip(standings, overall, strict=True)]
    return SessionResult(
        method,
        parts[0].winners if parts else 1,
        tuple(b for part in parts for b in part.boards),
        tuple(standings),
    )


def combine_sessions(
    sessions: Sequence[SessionResult], carry: Mapping[str, Fraction] | None = None
) -> list[tuple[str, Fraction, str]]:
    """Multi-session totals: (pair, total, rank) with any carry-over added.

    A pair's total is the sum of its session totals (already factored up) plus
    its carry-over; ranks are on totals rounded to 2 decimals.
    """
    totals: dict[str, Fraction] = {}
    for s in sessions:
        for st in s.standings:
            totals[st.pair] = totals.get(st.pair, Fraction(0)) + st.total
    for pair, c in (carry or {}).items():
        totals[pair] = totals.get(pair, Fraction(0)) + c
    pairs = sorted(totals, key=lambda p: (-totals[p], _pair_order(p)))
    ranks = rank_labels([totals[p] for p in pairs])
    return [(p, totals[p], r) for p, r in zip(pairs, ranks, strict=True)]


def carry_over(
    qualifying: Mapping[str, Fraction],
    qualifiers: Sequence[str],
    entrants: int,
    final_average: Fraction,
    boards: int,
    max_boards: int | None = 4,
) -> dict[str, Fraction]:
    """The JCBL carry-over (004:2010-2034): ``C = M * Q/E * (A*B) / (S/Q)``.

    M is the pair's qualifying matchpoints, Q the number of qualifiers, E the
    number of entrants, A the final's average on one board, B the boards played
    in the qualifying round and S the qualifiers' total.  With ``max_boards``
    (4 for two-session qualifying and final) no pair carries more than that
    many boards at the final's top (2A per board); if the formula gives more,
    every carry-over is scaled down in proportion.  Values are 2 decimals.
    """
    q = len(qualifiers)
    if q == 0 or entrants < q:
        raise ScoringError(
            "carry-over needs 1 to {entrants} qualifiers, got {given}",
            code="scoring.carry-over-qualifiers",
            entrants=entrants,
            given=q,
        )
    missing = [p for p in qualifiers if p not in qualifying]
    if missing:
        raise ScoringError(
            "no qualifying score for pair {pair}",
            code="scoring.no-qualifying-score",
            pair=missing[0],
        )
    s = sum((qualifying[p] for p in qualifiers), Fraction(0))
    if s <= 0:
        raise ScoringError(
            "the qualifiers' total score must be positive", code="scoring.qualifiers-total"
        )
    exact = {
        p: qualifying[p] * Fraction(q, entrants) * (final_average * boards) / (s / q)
        for p in qualifiers
    }
    if max_boards is not None:
        cap = max_boards * 2 * final_average
        highest = max(exact.values())
        if highest > cap:
            exact = {p: c * cap / highest for p, c in exact.items()}
    return {p: round_half_up(c, 2) for p, c in exact.items()}


def flight_ranks(
    standings: Sequence[PairStanding], flights: Mapping[str, str], order: Sequence[str]
) -> dict[str, dict[str, str]]:
    """Stratified ranks (004:1521-1532): flight ``order[i]`` ranks every pair whose
    flight is ``order[i]`` or lower; returns pair -> {flight: rank}.

    With flights A, B, C: A ranks everyone, B ranks B and C, C ranks C alone.
    Ranks use the percentage when there is one, else the total.
    """
    values = {st.pair: st.percentage if st.percentage is not None else st.total
              for st in standings}  # fmt: skip
    return flight_ranks_of(values, flights, order)


def flight_ranks_of(
    values: Mapping[str, Fraction], flights: Mapping[str, str], order: Sequence[str]
) -> dict[str, dict[str, str]]:
    """Stratified ranks of pairs by ``values`` (a session's percentages, or totals
    over several sessions): see :func:`flight_ranks`."""
    level = {f: i for i, f in enumerate(order)}
    for pair in values:
        f = flights.get(pair)
        if f not in level:
            raise ScoringError(
                "pair {pair} has no flight among {flights}",
                code="scoring.pair-no-flight",
                pair=pair,
                flights=", ".join(order),
            )
    out: dict[str, dict[str, str]] = {pair: {} for pair in values}
    for i, f in enumerate(order):
        members = [p for p in values if level[flights[p]] >= i]
        for p, r in zip(members, rank_labels([values[p] for p in members]), strict=True):
            out[p][f] = r
    return out


def houston_vp(
    result: SessionResult, scale: str = "wbf2013", penalties: Sequence[Penalty] = ()
) -> list[tuple[PairKey, Fraction, str]]:
    """Houston trial VPs (004:1442-1444): each pair's Butler IMPs over the boards it
    played against one opponent, converted to VPs on ``scale`` for that many boards.

    Each side is converted from its own IMPs, so where a fouled board gave both
    sides +3 IMPs their VPs need not balance (003:226).  A penalty of ``b``
    boards costs ``b`` times 5 % of a round's maximum VPs (003:55-57; a round
    is the most boards a pair played against one opponent).  Returns (pair,
    total VPs, rank), best first.
    """

    if result.method is not Method.BUTLER:
        raise ScoringError(
            "Houston VPs need a session scored by the Butler method",
            code="scoring.houston-needs-butler",
        )
    vp_scale = get_scale(scale)
    rounds: dict[tuple[PairKey, PairKey], list[Fraction]] = {}
    for sb in result.boards:
        for sr in sb.results:
            r = sr.result
            ns_key: PairKey = (r.ns, Side.NS if result.winners == 2 else None)
            ew_key: PairKey = (r.ew, Side.EW if result.winners == 2 else None)
            for me, them, value in ((ns_key, ew_key, sr.ns), (ew_key, ns_key, sr.ew)):
                if isinstance(value, Fraction):
                    rounds.setdefault((me, them), []).append(value)
    totals: dict[PairKey, Fraction] = {}
    for (me, _), imps_list in rounds.items():
        margin = int(round_half_up(sum(imps_list, Fraction(0)), 0))
        mine, _theirs = vp_scale.vp(margin, len(imps_list))
        totals[me] = totals.get(me, Fraction(0)) + Fraction(str(mine))
    if penalties:
        per_round = max((len(v) for v in rounds.values()), default=1)
        unit = Fraction(vp_scale.max_total(per_round)) * Fraction(5, 100)
        for p in penalties:
            keys_of = [k for k in totals if k[0] == p.pair]
            if not keys_of:
                raise ScoringError(
                    "penalty for pair {pair}, who has no result in this session",
                    code="scoring.penalty-no-result",
                    pair=p.pair,
                )
            for k in keys_of:
                totals[k] -= p.boards * unit
    keys = sorted(totals, key=lambda k: (-totals[k], _pair_order(k[0])))
    ranks = rank_labels([totals[k] for k in keys])
    return [(k, totals[k], r) for k, r in zip(keys, ranks, strict=True)]


def withdraw_short_pairs(
    boards: Sequence[Board], session_boards: int, winners: int = 1
) -> tuple[list[Board], set[PairKey]]:
    """Drop the results of pairs who played less than half the session (003:73).

    "When half or more of a session's boards could not be played, the scores
    played are removed, the opponents' scores included": such a pair's rows
    become not played, so its opponents are factored up over their other boards
    and the rest of the field is made up for by the missing-score rule.  Returns
    the new boards and the withdrawn pairs.
    """
    played: dict[PairKey, int] = {}
    for b in boards:
        for r in b.results:
            if r.score_ns is None and not isinstance(r.ns_outcome, Weighted):
                continue
            for side in (Side.NS, Side.EW):
                k: PairKey = (r.pair(side), side if winners == 2 else None)
                played[k] = played.get(k, 0) + 1
    short = {k for k, n in played.items() if 2 * n <= session_boards}

    def is_short(r: TravellerLine) -> bool:
        ns_key: PairKey = (r.ns, Side.NS if winners == 2 else None)
        ew_key: PairKey = (r.ew, Side.EW if winners == 2 else None)
        return ns_key in short or ew_key in short

    out = [
        Board(
            b.number,
            tuple(
                TravellerLine(r.ns, r.ew, Adjustment.NOT_PLAYED, Adjustment.NOT_PLAYED, r.group)
                if is_short(r)
                else r
                for r in b.results
            ),
        )
        for b in boards
    ]
    return out, short
