"""Checking a result slip against the movement before it is stored.

A pick-up slip (004:538-553) names the round, table, board, the NS and EW pair
numbers and the contract, declarer and result.  Before it is stored:

* the round and table exist, and the table is in play that round;
* the board is one this table plays this round;
* the pairs are the ones the movement seats there;
* no pair already has a result on this board, and the table has no other result
  for it (no second result for the same board and pairs);
* the contract, declarer and tricks are legal (checked when the
  :class:`~bridgedesk.events.model.Result` is built).

When players sat at the wrong table or played the wrong board, the result stands
if both pairs played the board for the first time (004:3479-3486); the director
then enters it with an ``override`` reason, which lifts the seating checks but
never the "first time for both pairs" check.

A rejected entry raises :class:`~bridgedesk.errors.EntryError` saying what the
movement expected, e.g. ``round 2 table 4 plays boards 7-8, not 9``; a place
that has its result already raises its :class:`~bridgedesk.errors.ConflictError`.
Every door checks a slip with these and the board's results through
:func:`bridgedesk.events.slips.check_slip`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from bridgedesk.bridge import Contract, Seat, Side, parse_result
from bridgedesk.errors import ConflictError, EntryError, Location
from bridgedesk.events.model import AdjustedScore, Entry, EntryKind, Result, parse_lead
from bridgedesk.events.pair_numbers import PairNumbers
from bridgedesk.events.seating import (
    SeatingPlan,
    format_boards,
    seats,
)
from bridgedesk.events.section_problems import section_problems


def played(
    contract: str, declarer: str | None, result: str | None
) -> tuple[Contract, Seat | None, int | None]:
    """Parse ``4SX``, ``S``, ``-2`` (or ``PASS``) into contract, declarer and tricks."""
    parsed = Contract.parse(contract)
    if parsed.is_pass:
        if declarer not in (None, "", "-") or result not in (None, "", "-", "0"):
            raise EntryError(
                f"a passed-out board takes no declarer or result, got {declarer} {result}"
            )
        return parsed, None, None
    if not declarer:
        raise EntryError(f"contract {parsed} needs a declarer: N, E, S or W")
    if not result:
        raise EntryError(f"contract {parsed} needs a result: =, +N, -N or the tricks taken")
    return parsed, Seat.parse(declarer), parse_result(result, parsed)


def make_result(
    *,
    round: int,
    table: int,
    board: int,
    ns: int,
    ew: int,
    contract: str | None = None,
    declarer: str | None = None,
    result: str | None = None,
    lead: str | None = None,
    adjusted: str | None = None,
    section: str = "A",
    session: int = 1,
) -> Result:
    """Build a :class:`Result` from the text of a slip (CLI, CSV, web form)."""
    where = Location(round=round, table=table, board=board)
    try:
        if adjusted:
            if contract:
                raise EntryError("give either a contract or an adjusted score, not both")
            return Result(
                round,
                table,
                board,
                ns,
                ew,
                adjusted=AdjustedScore.parse(adjusted),
                section=section,
                session=session,
            )
        if not contract:
            raise EntryError("a result needs a contract (or PASS) or an adjusted score")
        parsed, seat, tricks = played(contract, declarer, result)
        return Result(
            round,
            table,
            board,
            ns,
            ew,
            parsed,
            seat,
            tricks,
            lead=parse_lead(lead) if lead else None,
            section=section,
            session=session,
        )
    except EntryError as exc:
        raise exc.located(where) from None
    except ValueError as exc:
        message = getattr(exc, "message", str(exc))
        raise EntryError(message, where) from None


def _where(result: Result) -> Location:
    return Location(round=result.round, table=result.table, board=result.board)


def check_result(
    result: Result,
    movement: SeatingPlan,
    existing: Iterable[Result] = (),
    entries: Mapping[int, Entry] | None = None,
    override: str | None = None,
) -> None:
    """Raise EntryError unless ``result`` fits ``movement`` and the results already in.

    ``existing`` are the section's stored results (other sections' are ignored);
    ``entries`` by number, when known, catch unknown and phantom pairs;
    ``override`` is the director's reason for accepting a result at a table or
    on a board the movement did not plan (004:3479-3486).
    """
    where = _where(result)
    if override is not None and not override.strip():
        raise EntryError("a director override needs a reason", where)
    if override is not None and getattr(movement, "kind", "") == "individual":
        raise EntryError(  # its South and West are the movement's (events.individual)
            "an individual's result is stored only where the movement seats its four players",
            where,
        )
    if not 1 <= result.round <= movement.rounds:
        raise EntryError(
            f"round {result.round} does not exist: the movement has rounds 1-{movement.rounds}",
            where,
        )
    if not 1 <= result.table <= movement.tables:
        raise EntryError(
            f"table {result.table} does not exist: the movement has tables 1-{movement.tables}",
            where,
        )
    if entries is not None and any(e.kind is EntryKind.TEAM for e in entries.values()):
        # A team section's entries are teams: their pairs are numbered by the team
        # movement and checked by the team store (bridgedesk.store.team_results).
        entries = None
    numbers = PairNumbers.of(movement)  # the numbers on the cards (004:968-980)
    if entries is not None:
        for side, pair in ((Side.NS, result.ns), (Side.EW, result.ew)):
            entry = entries.get(pair)
            if entry is None:
                known = ", ".join(numbers.label(n) for n in sorted(entries)) or "none yet"
                raise EntryError(
                    f"{_side_pair(numbers, pair, side)} is not entered in this section "
                    f"(entered: {known})",
                    where,
                )
            if entry.phantom:
                raise EntryError(
                    f"{_side_pair(numbers, pair, side)} is the phantom: its opponents sit out and "
                    "have no result",
                    where,
                )
    planned = movement.assignment(result.round, result.table)
    label = f"round {result.round} table {result.table}"
    if override is None:
        if planned is None:
            raise EntryError(f"{label} is not in play (a bye or idle table)", where)
        if result.board not in planned.boards:
            raise EntryError(
                f"{label} plays {format_boards(planned.boards)}, not {result.board}", where
            )
        if (result.ns, result.ew) != (planned.ns, planned.ew):
            if (result.ns, result.ew) == (planned.ew, planned.ns):
                raise EntryError(
                    f"{label} seats {numbers.label(planned.ns, Side.NS)} and "
                    f"{numbers.label(planned.ew, Side.EW)}; the slip has them the other way round",
                    where,
                )
            raise EntryError(
                f"{label} seats {numbers.seated(planned.ns, planned.ew)}, "
                f"not {numbers.seated(result.ns, result.ew)}",
                where,
            )
    else:
        boards = {b for _, _, a in seats(movement) for b in a.boards}
        if result.board not in boards:
            raise EntryError(
                f"board {result.board} is not in this movement ({format_boards(sorted(boards))})",
                where,
            )
    for other in existing:
        if (other.session, other.section, other.board) != (
            result.session,
            result.section,
            result.board,
        ):
            continue
        at = f"round {other.round} table {other.table}: {numbers.seated(other.ns, other.ew)}"
        if (other.round, other.table) == (result.round, result.table):
            raise ConflictError(
                f"board {result.board} already has a result at {label} ({at}, "
                f"{other.result_text}); correct it instead of entering it again",
                where,
            )
        for pair in (result.ns, result.ew):
            if pair in (other.ns, other.ew):
                raise EntryError(
                    f"{_pair_named(numbers, pair)} already has a result on board "
                    f"{result.board} ({at}, "
                    f"{other.result_text}); a pair plays each board once",
                    where,
                )


def _side_pair(numbers: PairNumbers, pair: int, side: Side) -> str:
    """``NS pair 7`` in a one-field section, ``EW 1`` where the fields are numbered apart."""
    return numbers.label(pair) if numbers.field_of(pair) else f"{side.value} pair {pair}"


def _pair_named(numbers: PairNumbers, pair: int) -> str:
    """``pair 7``: the number the pair's card shows (a Mitchell's EW 1 is ``pair 1``; the
    line names the table's NS and EW beside it)."""
    return f"pair {numbers.number(pair)}"


def validate_section(movement: SeatingPlan, entries: Mapping[int, Entry]) -> list[str]:
    """Problems between a section's movement and its entries, as readable lines
    (:func:`bridgedesk.events.section_problems.section_problems`, in English)."""
    return [problem.text for problem in section_problems(movement, entries)]
