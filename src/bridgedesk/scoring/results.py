"""The result model: what happened at each table on one board.

A :class:`TravellerLine` is one row of a traveller: the NS pair, the EW pair and what
each side is scored on.  Each side's *outcome* is either a :class:`Weighted`
table score (an ordinary score is a weight-1 blend of one score; a director's
weighted assignment under Law 12C1(c), e.g. 60 % of 4S= and 40 % of 4S-1, has
several parts) or an :class:`Adjustment` (average, average plus, average
minus, or not played).  The two sides usually share one outcome; a *split*
result gives them different ones, and the two need not balance (003:9-59,
003:226).  Every score is stored from NS's point of view; EW's is derived.

A fouled board (hands switched part way through a session, 004:3531-3658)
is described by tagging each result with the group (version of the hands) it
belongs to.  Procedural penalties are :class:`Penalty` records in fractions of
a board (003:47-59, 003:252-258).

Everything here is a frozen value; nothing is parsed from text.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from bridgedesk.bridge.contract import Contract
from bridgedesk.bridge.methods import Adjustment as Adjustment  # re-exported
from bridgedesk.bridge.seats import Seat, Side
from bridgedesk.errors import Location, ScoringError


@dataclass(frozen=True)
class Weighted:
    """A table score as a blend of NS scores with weights summing to 1.

    ``Weighted.of(420)`` is an ordinary score; ``Weighted((Fraction(3, 5), 420),
    (Fraction(2, 5), -50))`` is 60 % of 420 and 40 % of -50.
    """

    parts: tuple[tuple[Fraction, int], ...]

    def __post_init__(self) -> None:
        if not self.parts:
            raise ScoringError(
                "a weighted score needs at least one part", code="scoring.weighted-no-parts"
            )
        if any(w <= 0 for w, _ in self.parts):
            raise ScoringError(
                "every weight of a weighted score must be positive",
                code="scoring.weight-not-positive",
            )
        if sum(w for w, _ in self.parts) != 1:
            total = sum(w for w, _ in self.parts)
            raise ScoringError(
                "the weights of a weighted score must add up to 1, not {total}",
                code="scoring.weights-sum",
                total=total,
            )

    @classmethod
    def of(cls, score_ns: int) -> Weighted:
        if cls is not Weighted:
            return cls(((Fraction(1), int(score_ns)),))
        return _single(int(score_ns))

    @classmethod
    def blend(cls, parts: Iterable[tuple[Fraction | int | str, int]]) -> Weighted:
        """Parts as (weight, NS score); weights may be fractions, ints or '3/5', '0.6'."""
        return cls(tuple((Fraction(w), int(s)) for w, s in parts))

    @property
    def is_single(self) -> bool:
        return len(self.parts) == 1

    @property
    def mean(self) -> Fraction:
        """The expected NS score of the blend."""
        return sum((w * s for w, s in self.parts), Fraction(0))

    def for_side(self, side: Side) -> Weighted:
        """The same blend seen from ``side`` (EW scores are NS scores negated)."""
        if side is Side.NS:
            return self
        return Weighted(tuple((w, -s) for w, s in self.parts))

    def __str__(self) -> str:
        if self.is_single:
            return str(self.parts[0][1])
        return " + ".join(f"{w}*{s}" for w, s in self.parts)


@functools.lru_cache(maxsize=8192)
def _single(score_ns: int) -> Weighted:
    """An ordinary score, made once: a field of 180,000 results has a few hundred
    different scores (the value is frozen, so every line may share it)."""
    return Weighted(((Fraction(1), score_ns),))


Outcome = Weighted | Adjustment


@dataclass(frozen=True)
class Play:
    """What was played, for display and for checking the score (optional).

    The contract is a value, parsed once by the reader that met it as text.
    """

    contract: Contract
    declarer: Seat | None = None
    tricks: int | None = None


@dataclass(frozen=True)
class TravellerLine:
    """One traveller row: who sat NS and EW and what each side scores."""

    ns: str
    ew: str
    ns_outcome: Outcome
    ew_outcome: Outcome
    #: The fouled-board group (version of the hands) this result belongs to.
    group: str | None = None
    play: Play | None = None
    #: In an individual event, the four players in seat order N, E, S, W; ``ns``
    #: and ``ew`` then name the partnerships ("8&1"), see
    #: :mod:`bridgedesk.scoring.individual`.
    players: tuple[str, str, str, str] | None = None

    @classmethod
    def played(
        cls, ns: str | int, ew: str | int, score_ns: int, *, group: str | None = None,
        play: Play | None = None,
    ) -> TravellerLine:  # fmt: skip
        w = Weighted.of(score_ns)
        return cls(str(ns), str(ew), w, w, group, play)

    @classmethod
    def assigned(
        cls, ns: str | int, ew: str | int, parts: Iterable[tuple[Fraction | int | str, int]],
        *, group: str | None = None,
    ) -> TravellerLine:  # fmt: skip
        """A weighted assigned score for both sides (Law 12C1(c))."""
        w = Weighted.blend(parts)
        return cls(str(ns), str(ew), w, w, group)

    @classmethod
    def adjusted(
        cls, ns: str | int, ew: str | int, ns_adj: Adjustment, ew_adj: Adjustment | None = None,
        *, group: str | None = None,
    ) -> TravellerLine:  # fmt: skip
        """Artificial adjusted scores; ``ew_adj`` defaults to the balancing one."""
        if ew_adj is None:
            ew_adj = ns_adj.balance
        return cls(str(ns), str(ew), ns_adj, ew_adj, group)

    @classmethod
    def split(
        cls, ns: str | int, ew: str | int, ns_outcome: Outcome | int, ew_outcome: Outcome | int,
        *, group: str | None = None,
    ) -> TravellerLine:  # fmt: skip
        """Different outcomes for the two sides (they need not balance)."""
        n = Weighted.of(ns_outcome) if isinstance(ns_outcome, int) else ns_outcome
        e = Weighted.of(ew_outcome) if isinstance(ew_outcome, int) else ew_outcome
        return cls(str(ns), str(ew), n, e, group)

    @classmethod
    def not_played(cls, ns: str | int, ew: str | int) -> TravellerLine:
        return cls(str(ns), str(ew), Adjustment.NOT_PLAYED, Adjustment.NOT_PLAYED)

    def outcome(self, side: Side) -> Outcome:
        return self.ns_outcome if side is Side.NS else self.ew_outcome

    def pair(self, side: Side) -> str:
        return self.ns if side is Side.NS else self.ew

    @property
    def score_ns(self) -> int | None:
        """The plain NS score when both sides share one ordinary score, else None."""
        o = self.ns_outcome
        if isinstance(o, Weighted) and o.is_single and o == self.ew_outcome:
            return o.parts[0][1]
        return None

    @property
    def is_split(self) -> bool:
        """True when the two sides' outcomes do not balance (a split adjustment)."""
        if isinstance(self.ns_outcome, Adjustment):
            return self.ns_outcome.balance is not self.ew_outcome
        return self.ns_outcome != self.ew_outcome


@dataclass(frozen=True)
class Board:
    """All results of one board in one field (a traveller)."""

    number: int
    results: tuple[TravellerLine, ...] = field(default_factory=tuple)

    @classmethod
    def of(cls, number: int, results: Iterable[TravellerLine]) -> Board:
        return cls(number, tuple(results))

    @property
    def is_fouled(self) -> bool:
        return any(r.group is not None for r in self.results)

    def validate(self, *, two_field: bool = False) -> list[ScoringError]:
        """Problems with this traveller (empty when it can be scored).

        With ``two_field`` (a Mitchell numbered 1-n in both directions) a pair is
        its number and its direction, so NS 2 may meet EW 2.
        """
        problems: list[ScoringError] = []
        where = Location(board=self.number)
        seen: dict[str, Side] = {}
        seen_sided: set[tuple[str, Side]] = set()
        for r in self.results:
            if r.ns == r.ew and not two_field:
                problems.append(
                    ScoringError(
                        "pair {pair} is both NS and EW at one table",
                        where,
                        code="scoring.pair-both-sides",
                        pair=r.ns,
                    )
                )
            for side in (Side.NS, Side.EW):
                pair = r.pair(side)
                if two_field:
                    if (pair, side) in seen_sided:
                        problems.append(
                            ScoringError(
                                "pair {pair} has two results as {side}",
                                where,
                                code="scoring.pair-two-results",
                                pair=pair,
                                side=side,
                            )
                        )
                    seen_sided.add((pair, side))
                elif pair in seen:
                    if seen[pair] is side:
                        problems.append(
                            ScoringError(
                                "pair {pair} has two results as {side}",
                                where,
                                code="scoring.pair-two-results",
                                pair=pair,
                                side=side,
                            )
                        )
                    else:
                        problems.append(
                            ScoringError(
                                "pair {pair} plays both directions of this board",
                                where,
                                code="scoring.pair-both-directions",
                                pair=pair,
                            )
                        )
                else:
                    seen[pair] = side
            played = [isinstance(r.outcome(s), Weighted) for s in (Side.NS, Side.EW)]
            if Adjustment.NOT_PLAYED in (r.ns_outcome, r.ew_outcome) and any(played):
                problems.append(
                    ScoringError(
                        "pairs {pair} and {other_pair}: one side has a score and the other 'not "
                        "played'",
                        where,
                        code="scoring.score-and-not-played",
                        pair=r.ns,
                        other_pair=r.ew,
                    )
                )
        if self.is_fouled and any(r.group is None for r in self.results):
            problems.append(
                ScoringError(
                    "a fouled board needs a group on every result (A, B, ...)",
                    where,
                    code="scoring.fouled-needs-group",
                )
            )
        return problems

    def check(self, *, two_field: bool = False) -> None:
        """Raise the first problem :meth:`validate` finds."""
        problems = self.validate(two_field=two_field)
        if problems:
            raise problems[0]


@dataclass(frozen=True)
class Penalty:
    """A procedural penalty on a pair or team, in fractions of a board (003:47-59)."""

    pair: str
    boards: Fraction
    board: int | None = None
    reason: str = ""

    def __post_init__(self) -> None:
        if self.boards <= 0:
            raise ScoringError(
                "a penalty must be a positive number of boards, not {given}",
                code="scoring.penalty-boards",
                given=self.boards,
            )


def sides_of(results: Sequence[TravellerLine]) -> dict[str, set[Side]]:
    """The directions each pair sat in over ``results``."""
    out: dict[str, set[Side]] = {}
    for r in results:
        out.setdefault(r.ns, set()).add(Side.NS)
        out.setdefault(r.ew, set()).add(Side.EW)
    return out


#: A side's value on a board once scored: points, an adjustment still to be
#: resolved against the pair's session (matchpoint A+/A-), or None (not played).
Value = Fraction | Adjustment | None


@dataclass(frozen=True)
class ScoredResult:
    """One result with the points each side earned on the board."""

    result: TravellerLine
    ns: Value
    ew: Value

    def value(self, side: Side) -> Value:
        return self.ns if side is Side.NS else self.ew


@dataclass(frozen=True)
class ScoredBoard:
    """A scored traveller.

    ``top`` is the most a side can earn on the board (matchpoints: scores - 1,
    times the scale); ``scores`` is the number of scores the board counts (N).
    For IMP and total-point methods ``top`` is None and ``penalty_unit`` is the
    size of a one-board penalty (003:47-53).
    """

    number: int
    method: str
    scores: int
    top: Fraction | None
    results: tuple[ScoredResult, ...]
    penalty_unit: Fraction = Fraction(0)

    def points(self) -> dict[tuple[str, Side], Value]:
        return {
            (sr.result.pair(side), side): sr.value(side)
            for sr in self.results
            for side in (Side.NS, Side.EW)
        }
