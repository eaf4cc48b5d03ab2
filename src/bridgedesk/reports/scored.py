"""A stored section, scored: the one value every report and export is made from.

This is the adapter between the events model and the scoring engine.  A
:class:`~bridgedesk.events.model.SectionResults` snapshot (what the store
returns) is turned into scoring travellers (pair numbers as text, NS scores,
adjusted scores), scored by the event's method with
:func:`bridgedesk.scoring.session.score_session`, and the points are put back
beside each stored result.  Reports (ranking, recap, travellers, private score
sheets) and exports (PBN, USEBIO, JSON, CSV) all read the resulting
:class:`ScoredSection`; none of them scores anything again.

The phantom pair (004:864-868) plays no board: its tables have no result, so
its opponents are factored up over the boards they played and the boards it
would have played are brought to the common top (004:1276-1302).  It is left
out of the ranking.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from bridgedesk.bridge import Side
from bridgedesk.errors import ScoringError
from bridgedesk.events.model import Entry, Player, Result, ScoringMethod, SectionResults
from bridgedesk.events.rulings import PenaltyUnit, ProceduralPenalty, Rulings
from bridgedesk.scoring import results as sr
from bridgedesk.scoring.rounding import round_half_up
from bridgedesk.scoring.session import Method, SessionResult, Standing, score_session

_METHODS = {
    ScoringMethod.MATCHPOINTS: Method.MP,
    ScoringMethod.CROSS_IMPS: Method.XIMP,
    ScoringMethod.BUTLER: Method.BUTLER,
    ScoringMethod.TOTAL_POINTS: Method.TOTAL,
}


@dataclass(frozen=True)
class Line:
    """One result on a traveller with the points each side earned on the board."""

    result: Result
    ns_points: Fraction | None
    ew_points: Fraction | None

    @property
    def ns_score(self) -> int | None:
        return self.result.ns_score

    def points(self, side: Side) -> Fraction | None:
        return self.ns_points if side is Side.NS else self.ew_points


@dataclass(frozen=True)
class Traveller:
    """A scored board: its results in table order and the top (matchpoints)."""

    board: int
    top: Fraction | None
    lines: tuple[Line, ...]


@dataclass(frozen=True)
class PairStanding:
    """A pair's line in the ranking, with its names from the entries."""

    number: int
    direction: Side | None
    names: str
    players: tuple[Player, ...]
    rank: str
    total: Fraction
    max: Fraction | None
    percentage: Fraction | None
    boards: int


@dataclass(frozen=True)
class SheetLine:
    """One board of a pair's private score sheet."""

    round: int
    table: int
    board: int
    side: Side
    opponent: int
    result: Result
    score: int | None
    points: Fraction | None


@dataclass(frozen=True)
class ScoredSection:
    """A section with every result scored and every pair ranked."""

    snapshot: SectionResults
    method: Method
    winners: int
    phantom: int | None
    travellers: tuple[Traveller, ...]
    ranking: tuple[PairStanding, ...]
    session_result: SessionResult

    @property
    def event_name(self) -> str:
        return self.snapshot.event.name

    @property
    def boards(self) -> tuple[int, ...]:
        return tuple(t.board for t in self.travellers)

    def fields(self) -> list[tuple[Side | None, tuple[PairStanding, ...]]]:
        """The ranking split by field (one field, or NS then EW), best first."""
        out: list[tuple[Side | None, tuple[PairStanding, ...]]] = []
        for direction in (None, Side.NS, Side.EW):
            rows = tuple(s for s in self.ranking if s.direction is direction)
            if rows:
                out.append((direction, rows))
        return out

    def by_number(self) -> tuple[PairStanding, ...]:
        """The ranking in pair-number order (004:1501-1502: both orders are printed)."""
        return tuple(sorted(self.ranking, key=lambda s: s.number))

    def standing(self, pair: int) -> PairStanding:
        for s in self.ranking:
            if s.number == pair:
                return s
        raise ScoringError(f"pair {pair} is not in the ranking of section {self.snapshot.section}")

    def sheet(self, pair: int) -> list[SheetLine]:
        """A pair's private score sheet: every board it played, by round."""
        out: list[SheetLine] = []
        for t in self.travellers:
            for line in t.lines:
                r = line.result
                if pair not in (r.ns, r.ew):
                    continue
                side = Side.NS if r.ns == pair else Side.EW
                score = r.ns_score
                if score is not None and side is Side.EW:
                    score = -score
                out.append(
                    SheetLine(
                        r.round,
                        r.table,
                        r.board,
                        side,
                        r.ew if side is Side.NS else r.ns,
                        r,
                        score,
                        line.points(side),
                    )
                )
        out.sort(key=lambda s: (s.round, s.board))
        return out

    def board_points(self, pair: int) -> dict[int, Fraction | None]:
        """Points per board for one pair (the recap sheet's row, Fig 3, 004:560-575)."""
        return {s.board: s.points for s in self.sheet(pair)}

    def round_points(self, pair: int) -> dict[int, Fraction]:
        """Points per round for one pair (the recap sheet by round, Fig 4, 004:577-588)."""
        out: dict[int, Fraction] = {}
        for s in self.sheet(pair):
            if s.points is not None:
                out[s.round] = out.get(s.round, Fraction(0)) + s.points
        return out

    @property
    def rounds(self) -> int:
        movement = self.snapshot.movement
        if movement is not None:
            return movement.rounds
        return max((r.round for r in self.snapshot.results), default=0)

    @property
    def average(self) -> Fraction | None:
        """Average score over the session (matchpoints: half the field's maximum)."""
        if self.method is not Method.MP:
            return None
        tops = [s.max for s in self.ranking if s.max is not None]
        return max(tops) / 2 if tops else None


def _adjustment(value: str) -> sr.Adjustment:
    return sr.Adjustment.parse(value)


def to_scoring(result: Result, group: str | None = None) -> sr.Result:
    """A stored result as a scoring traveller row (pair numbers as text); ``group``
    is its fouled-board group (004:3531-3658)."""
    if result.adjusted is not None:
        return sr.Result.adjusted(
            result.ns,
            result.ew,
            _adjustment(str(result.adjusted.ns)),
            _adjustment(str(result.adjusted.ew)),
            group=group,
        )
    score = result.ns_score
    assert score is not None and result.contract is not None
    play = sr.Play(str(result.contract), result.declarer, result.tricks)
    return sr.Result.played(result.ns, result.ew, score, play=play, group=group)


def _phantom(entries: dict[int, Entry] | object) -> int | None:
    assert isinstance(entries, dict)
    for number, entry in entries.items():
        if entry.phantom:
            return int(number)
    return None


def score_section(
    snapshot: SectionResults, method: Method | None = None, rulings: Rulings | None = None
) -> ScoredSection:
    """Score a section snapshot by the event's method (or ``method``) and rank it.

    ``rulings`` are the director's (:mod:`bridgedesk.events.rulings`): fouled-board
    groups tag the results, penalties go to the scoring engine (see
    :func:`director_penalties`).
    """
    if method is None:
        found = _METHODS.get(snapshot.event.scoring)
        if found is None:
            raise ScoringError(
                f"event {snapshot.event.name!r} is scored by {snapshot.event.scoring}: "
                "results reports cover pair events (mp, ximp, butler, total) so far"
            )
        method = found
    if not snapshot.results:
        raise ScoringError(
            f"section {snapshot.section} of {snapshot.event.name!r} has no results yet: "
            "enter them with `bridgedesk result add` or `bridgedesk result import`"
        )
    travellers = snapshot.travellers()
    group = rulings.group_of if rulings is not None else (lambda _r: None)
    boards = [
        sr.Board(n, tuple(to_scoring(r, group(r)) for r in rs)) for n, rs in travellers.items()
    ]
    movement = snapshot.movement
    winners = movement.winners if movement is not None else None
    session = score_session(boards, method=method, winners=winners)
    # -- the director's penalties: the hook (a second pass, once the board's unit is known)
    if rulings is not None and rulings.penalties:
        penalties = director_penalties(rulings.penalties, session)
        session = score_session(boards, method=method, winners=winners, penalties=penalties)
    scored_by_board = {b.number: b for b in session.boards}
    out: list[Traveller] = []
    for number, rs in travellers.items():
        sb = scored_by_board[number]
        points = {(x.result.ns, x.result.ew): x for x in sb.results}
        lines = []
        for r in rs:
            x = points[(str(r.ns), str(r.ew))]
            lines.append(Line(r, _points(x.ns), _points(x.ew)))
        out.append(Traveller(number, sb.top, tuple(lines)))
    entries = dict(snapshot.entries)
    ranking = tuple(_standing(s, entries) for s in session.standings)
    return ScoredSection(
        snapshot=snapshot,
        method=method,
        winners=session.winners,
        phantom=_phantom(entries),
        travellers=tuple(out),
        ranking=ranking,
        session_result=session,
    )


def director_penalties(
    penalties: Sequence[ProceduralPenalty], unscored: SessionResult
) -> list[sr.Penalty]:
    """The director's penalties in the engine's unit, boards (003:47-59).

    A board is worth the session's penalty unit (matchpoints: a board's top;
    IMP pairs: (scores - 1) x 5 IMPs; total points: (scores - 1) x 250), read
    from ``unscored``, the session scored without penalties.  ``--mp X`` and
    ``--imp X`` take exactly X off; ``--percent X`` is X % of one board's top.
    """
    unit = max((b.penalty_unit for b in unscored.boards), default=Fraction(0))
    out = []
    for p in penalties:
        if p.unit is PenaltyUnit.BOARDS:
            boards = p.amount
        elif p.unit is PenaltyUnit.PERCENT:
            boards = p.amount / 100
        else:
            if not unit:
                raise ScoringError("the session has no board to size a penalty on")
            boards = p.amount / unit
        out.append(sr.Penalty(str(p.pair), boards, None, p.reason))
    return out


def _points(value: object) -> Fraction | None:
    return value if isinstance(value, Fraction) else None


def _standing(s: Standing, entries: dict[int, Entry]) -> PairStanding:
    number = int(s.pair)
    entry = entries.get(number)
    return PairStanding(
        number=number,
        direction=s.direction,
        names=entry.names if entry is not None else "",
        players=entry.players if entry is not None else (),
        rank=s.rank,
        total=s.total,
        max=s.max,
        percentage=s.percentage,
        boards=s.boards,
    )


def fmt_points(value: Fraction | None, places: int = 2) -> str:
    """Points as printed: ``7``, ``6.5``, ``5.83`` (rounded once, half up)."""
    if value is None:
        return ""
    rounded = round_half_up(value, places)
    if rounded.denominator == 1:
        return str(rounded.numerator)
    text = f"{float(rounded):.{places}f}".rstrip("0")
    return text


def fmt_total(value: Fraction | None, places: int = 2) -> str:
    """Totals and percentages with exactly ``places`` decimals (``72.50``)."""
    if value is None:
        return ""
    return _fixed(value, places)


def _fixed(value: Fraction, places: int) -> str:
    rounded = round_half_up(value, places)
    scaled = rounded * 10**places
    assert scaled.denominator == 1
    n = scaled.numerator
    sign = "-" if n < 0 else ""
    n = abs(n)
    whole, frac = divmod(n, 10**places)
    return f"{sign}{whole}.{frac:0{places}d}" if places else f"{sign}{whole}"


__all__ = [
    "Line",
    "PairStanding",
    "ScoredSection",
    "SheetLine",
    "Traveller",
    "fmt_points",
    "fmt_total",
    "score_section",
    "to_scoring",
]
