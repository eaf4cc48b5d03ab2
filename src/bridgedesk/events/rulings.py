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

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction

from bridgedesk.errors import EntryError
from bridgedesk.events.model import Entry, Result
from bridgedesk.events.pair_numbers import PairNumbers
from bridgedesk.events.seating import SeatingPlan, boards_phrase, seats
from bridgedesk.i18n import Phrase, either, phrase


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
            raise EntryError(
                "a penalty must be more than 0, got {amount}",
                code="penalty.not-positive",
                amount=self.amount,
            )
        if self.unit is PenaltyUnit.PERCENT and self.amount > 100:
            raise EntryError(
                "a penalty of {amount} is more than a whole board's top",
                code="penalty.over-a-top",
                amount=f"{self.amount}%",  # a number (a "%" in a message reads as %-format)
            )
        if not self.reason.strip():
            raise EntryError(
                "a penalty needs a reason (it is printed and kept in the audit log)",
                code="penalty.needs-reason",
            )

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
    """A result slip the movement expects: round, table, board and the pairs (as
    stored); ``cards``: the pairs as their cards number them (a Mitchell's EW 1,
    :class:`~bridgedesk.events.pair_numbers.PairNumbers`), when that differs."""

    round: int
    table: int
    board: int
    ns: int
    ew: int
    shown: tuple[int, int] | None = field(default=None, compare=False)

    @property
    def cards(self) -> tuple[int, int]:
        """The NS and EW numbers the players know (and type on a slip)."""
        return (self.ns, self.ew) if self.shown is None else self.shown

    def __str__(self) -> str:
        return str(self.said)

    @property
    def said(self) -> Phrase:
        """The slip as a line names it, in the reader's language (its English: ``str``)."""
        ns, ew = self.cards
        return phrase(
            "round {round} table {table} board {board} (NS {ns} v EW {ew})",
            round=self.round,
            table=self.table,
            board=self.board,
            ns=ns,
            ew=ew,
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
    numbers = PairNumbers.of(movement)
    out = [
        Slip(rnd, table, board, a.ns, a.ew, _cards(numbers, a.ns, a.ew))
        for rnd, table, a in seats(movement)
        if a.ns not in phantoms and a.ew not in phantoms
        for board in a.boards
    ]
    return sorted(out, key=lambda s: (s.round, s.table, s.board))


def _cards(numbers: PairNumbers, ns: int, ew: int) -> tuple[int, int] | None:
    """A table's pairs as their cards number them, where that is not as stored."""
    return (numbers.number(ns), numbers.number(ew)) if numbers.two_fields else None


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


def parse_amount(text: str, option: str) -> Fraction:
    """A penalty's amount as typed (``1``, ``0.5``, ``1/2``), exactly."""
    from bridgedesk.errors import ParseError

    try:
        return Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise ParseError(
            "{option} {text!r}: give a number such as 1, 0.5 or 1/2",
            code="penalty.bad-amount",
            option=option,
            text=text,
        ) from None


def parse_places(texts: Iterable[str]) -> list[tuple[int, int]]:
    """``ROUND:TABLE`` places (``3:2``, or ``3/2``) as (round, table)."""
    from bridgedesk.errors import ParseError

    out = []
    for text in texts:
        parts = text.replace("/", ":").split(":")
        if len(parts) != 2 or not all((p.strip().isascii() and p.strip().isdigit()) for p in parts):
            raise ParseError(
                "--at {text!r}: write ROUND:TABLE, e.g. 3:2", code="ruling.bad-place", text=text
            )
        out.append((int(parts[0]), int(parts[1])))
    return out


def fouled_places(
    movement: SeatingPlan, board: int, from_round: int, places: Sequence[tuple[int, int]] = ()
) -> list[tuple[int, int]]:
    """``places`` and every (round, table) playing ``board`` from ``from_round`` on: the
    tables that played the changed hands once a board was fouled (004:3531-3658)."""
    out = list(places)
    for rnd, table, a in seats(movement):
        if rnd >= from_round and board in a.boards and (rnd, table) not in out:
            out.append((rnd, table))
    if not out:
        raise EntryError(
            "board {board} is not played from round {from_round} on",
            code="ruling.board-not-played-from",
            board=board,
            from_round=from_round,
        )
    return out


# -- what the director may rule ----------------------------------------------------------

#: The units of a penalty by the scoring of a pairs event (003:47-59).
PENALTY_UNITS: Mapping[str, tuple[PenaltyUnit, ...]] = {
    "mp": (PenaltyUnit.BOARDS, PenaltyUnit.MATCHPOINTS, PenaltyUnit.PERCENT),
    "ximp": (PenaltyUnit.BOARDS, PenaltyUnit.IMPS),
    "total": (PenaltyUnit.BOARDS,),
}
#: The formats scored in VPs, whose penalty is a share of a round's maximum (003:55-57).
VP_FORMATS = ("swiss-pairs", "houston")


def _movement(movement: SeatingPlan | None, section: str) -> SeatingPlan:
    if movement is None:
        raise EntryError(
            "section {section} has no movement yet: set it before entering results",
            code="section.no-movement",
            section=section,
        )
    return movement


def _check_board(movement: SeatingPlan, board: int) -> None:
    boards = sorted({b for _, _, a in seats(movement) for b in a.boards})
    if board not in boards:
        raise EntryError(
            "board {board} is not in this movement ({boards})",
            code="ruling.board-not-in-movement",
            board=board,
            boards=boards_phrase(boards),
        )


def _plays(movement: SeatingPlan, rnd: int, table: int, board: int) -> tuple[int, int]:
    """The pairs the movement seats at round/table, checking they play ``board``."""
    a = movement.assignment(rnd, table)
    if a is None:
        raise EntryError(
            "round {round} table {table} is not in play in this movement",
            code="ruling.table-not-in-play",
            round=rnd,
            table=table,
        )
    if board not in a.boards:
        raise EntryError(
            "round {round} table {table} plays {boards}, not board {board}",
            code="ruling.board-not-at-table",
            round=rnd,
            table=table,
            boards=boards_phrase(a.boards),
            board=board,
        )
    return a.ns, a.ew


def check_penalty(
    penalty: ProceduralPenalty,
    entries: Mapping[int, Entry],
    section: str,
    scoring: str,
    event_format: str | None,
    movement: SeatingPlan | None,
) -> None:
    """A penalty is on a pair entered in the section, in a unit the event's scoring
    takes (a VP event's in boards or percent, 003:55-57), on a board of the movement."""
    entry = entries.get(penalty.pair)
    if entry is None or entry.phantom:
        known = ", ".join(str(n) for n, e in sorted(entries.items()) if not e.phantom)
        if not known:
            raise EntryError(
                "pair {pair} is not entered in section {section} (entered: none yet)",
                code="ruling.pair-not-entered",
                pair=penalty.pair,
                section=section,
            )
        raise EntryError(
            "pair {pair} is not entered in section {section} (entered: {entered})",
            code="ruling.pair-not-entered",
            pair=penalty.pair,
            section=section,
            entered=known,
        )
    if event_format in VP_FORMATS:
        if penalty.unit not in (PenaltyUnit.BOARDS, PenaltyUnit.PERCENT):
            raise EntryError(
                "a {event_format} event's penalty is given in --boards ({share} of a "
                "round's maximum VPs each, 003:55-57) or --percent, not --{unit}",
                code="penalty.vp-unit",
                share="5 %",  # a number, not words (a "%" in a message reads as %-format)
                event_format=event_format,
                unit=penalty.unit.value,
            )
    else:
        allowed = PENALTY_UNITS.get(scoring)
        if allowed is None:
            raise EntryError(
                "penalties on stored events cover pair events scored mp, ximp or total, "
                "not {scoring} (a Houston or VP penalty is in VPs, 003:55-57)",
                code="penalty.scoring-not-covered",
                scoring=scoring,
            )
        if penalty.unit not in allowed:
            raise EntryError(
                "a {scoring} event's penalty is given in {options}, not --{unit}",
                code="penalty.wrong-unit",
                scoring=scoring,
                options=either([f"--{u.value}" for u in allowed]),
                unit=penalty.unit.value,
            )
    if penalty.board is not None:
        _check_board(_movement(movement, section), penalty.board)


def fouled_group(group: str, places: Sequence[tuple[int, int]]) -> str:
    """The label of a fouled board's group (a short label other than ``1``, the hands
    as dealt), with the places that played it named."""
    label = group.strip()
    if not label or len(label) > 10:
        raise EntryError(
            "a fouled-board group is a short label such as 2 or B, not {group!r}",
            code="fouled.bad-group",
            group=group,
        )
    if label == "1":
        raise EntryError(
            "group 1 is the hands as dealt: name the other version(s) 2, 3 ...",
            code="fouled.group-one",
        )
    if not places:
        raise EntryError(
            "name the tables that played the changed hands (round and table)",
            code="fouled.needs-tables",
        )
    return label


def check_fouled(
    board: int,
    places: Sequence[tuple[int, int]],
    group: str,
    section: str,
    movement: SeatingPlan | None,
    taken: Mapping[tuple[int, int], str],
) -> None:
    """The places (round, table) of a fouled board's ``group`` play the board, each in
    one group only (``taken``: the board's places already in a group, by place)."""
    plan = _movement(movement, section)
    _check_board(plan, board)
    grouped = dict(taken)
    for rnd, table in places:
        _plays(plan, rnd, table, board)
        if (rnd, table) in grouped:
            raise EntryError(
                "board {board} at round {round} table {table} is already in fouled group "
                "{group}: cancel that ruling first",
                code="fouled.already-grouped",
                board=board,
                round=rnd,
                table=table,
                group=grouped[rnd, table],
            )
        grouped[(rnd, table)] = group


def check_not_played(
    rnd: int,
    table: int,
    board: int,
    section: str,
    movement: SeatingPlan | None,
    results: Iterable[Result],
    marks: Iterable[NotPlayed],
) -> None:
    """A board marked not played at a table is one the movement plans there, with no
    result in (it is deleted first) and no mark yet (004:3838-3846)."""
    ns, ew = _plays(_movement(movement, section), rnd, table, board)
    for r in results:
        if r.board == board and ((r.round, r.table) == (rnd, table) or (r.ns, r.ew) == (ns, ew)):
            raise EntryError(
                "board {board} at round {round} table {table} has a result "
                "({result_text}): delete it with `bridgedesk result delete` first",
                code="ruling.has-result",
                board=board,
                round=rnd,
                table=table,
                result_text=r.result_text,
            )
    for mark in marks:
        if (mark.round, mark.table, mark.board) == (rnd, table, board):
            raise EntryError(
                "board {board} at round {round} table {table} is already marked not played",
                code="ruling.already-not-played",
                board=board,
                round=rnd,
                table=table,
            )


__all__ = [
    "PENALTY_UNITS",
    "VP_FORMATS",
    "FouledResult",
    "NotPlayed",
    "PenaltyUnit",
    "ProceduralPenalty",
    "Rulings",
    "Slip",
    "check_fouled",
    "check_not_played",
    "check_penalty",
    "expected_slips",
    "fouled_group",
    "fouled_places",
    "missing_slips",
    "parse_amount",
    "parse_places",
]
