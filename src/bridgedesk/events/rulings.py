"""The director's rulings on a section: penalties, fouled boards, boards not played.

* A procedural penalty (003:47-121) takes points off one pair's session score.
  The director gives it in the unit the scoring uses: boards (the JCBL unit:
  one board is a board's top in matchpoints, (scores - 1) x 5 IMPs in IMP
  pairs, 003:47-59), matchpoints, percent of one board's top, or IMPs.
* A fouled board (004:3531-3658, 003:161-226) had its hands changed part way
  through the session; each result belongs to one version of the hands (a
  *group*) and is compared only with its own group.
* A board marked not played (004:3838-3846: every slip is accounted for before
  the results are final) was not played at that table; its pairs are factored
  up over the boards they did play (004:1297-1302).

Also here: the slips a section's movement expects and which of them are
missing (:func:`missing_slips`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from bridgedesk.errors import EntryError
from bridgedesk.events.model import Entry, Result
from bridgedesk.events.seating import SeatingPlan, seats


class PenaltyUnit(Enum):
    """What a penalty's amount counts."""

    BOARDS = "boards"
    MATCHPOINTS = "mp"
    PERCENT = "percent"
    IMPS = "imp"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class ProceduralPenalty:
    """Points taken off ``pair``'s session score (003:47-121)."""

    pair: int
    amount: Fraction
    unit: PenaltyUnit
    reason: str
    board: int | None = None

    def __post_init__(self) -> None:
        if self.amount <= 0:
            raise EntryError(f"a penalty must be more than 0, got {self.amount}")
        if self.unit is PenaltyUnit.PERCENT and self.amount > 100:
            raise EntryError(f"a penalty of {self.amount}% is more than a whole board's top")
        if not self.reason.strip():
            raise EntryError("a penalty needs a reason (it is printed and kept in the audit log)")

    @property
    def text(self) -> str:
        shown = str(self.amount) if self.amount.denominator == 1 else f"{float(self.amount):g}"
        unit = {"boards": " board(s)", "mp": " MP", "percent": "% of a top", "imp": " IMP"}
        return f"{shown}{unit[self.unit.value]}"


@dataclass(frozen=True)
class FouledResult:
    """On a fouled ``board``, the result of ``round`` / ``table`` is in ``group``."""

    board: int
    round: int
    table: int
    group: str
    reason: str


@dataclass(frozen=True)
class NotPlayed:
    """Board ``board`` was not played at ``round`` / ``table`` (no slip will come)."""

    round: int
    table: int
    board: int
    reason: str


@dataclass(frozen=True)
class Slip:
    """A result slip the movement expects: round, table, board and the pairs."""

    round: int
    table: int
    board: int
    ns: int
    ew: int

    def __str__(self) -> str:
        return (
            f"round {self.round} table {self.table} board {self.board} "
            f"(NS {self.ns} v EW {self.ew})"
        )


@dataclass(frozen=True)
class Rulings:
    """Everything the director ruled on a section, as scoring needs it."""

    penalties: tuple[ProceduralPenalty, ...] = ()
    fouled: tuple[FouledResult, ...] = ()
    not_played: tuple[NotPlayed, ...] = ()

    def group_of(self, result: Result) -> str | None:
        """The fouled-board group of ``result`` (None on a board that is not fouled).

        On a fouled board a result not named in any group is in group ``1``, the
        hands as first dealt.
        """
        marks = [f for f in self.fouled if f.board == result.board]
        if not marks:
            return None
        for f in marks:
            if (f.round, f.table) == (result.round, result.table):
                return f.group
        return "1"


def expected_slips(movement: SeatingPlan, entries: Mapping[int, Entry] | None = None) -> list[Slip]:
    """Every slip the movement plans, in round, table, board order.

    A table where the phantom sits has no slip (its opponents sit out).
    """
    phantoms = {n for n, e in (entries or {}).items() if e.phantom}
    out = [
        Slip(rnd, table, board, a.ns, a.ew)
        for rnd, table, a in seats(movement)
        if a.ns not in phantoms and a.ew not in phantoms
        for board in a.boards
    ]
    return sorted(out, key=lambda s: (s.round, s.table, s.board))


def missing_slips(
    movement: SeatingPlan,
    results: Iterable[Result],
    not_played: Iterable[NotPlayed] = (),
    entries: Mapping[int, Entry] | None = None,
) -> list[Slip]:
    """The planned slips with no result and no not-played mark (004:3838-3846).

    A slip is in when a result for its board and pairs is in, wherever it was
    entered: a result the director let stand at another table (004:3479-3486)
    counts for its own pairs, not for the pairs the movement put at that table.
    """
    played = {(r.board, frozenset((r.ns, r.ew))) for r in results}
    marked = {(n.round, n.table, n.board) for n in not_played}
    return [
        s
        for s in expected_slips(movement, entries)
        if (s.board, frozenset((s.ns, s.ew))) not in played
        and (s.round, s.table, s.board) not in marked
    ]


__all__ = [
    "FouledResult",
    "NotPlayed",
    "PenaltyUnit",
    "ProceduralPenalty",
    "Rulings",
    "Slip",
    "expected_slips",
    "missing_slips",
]
