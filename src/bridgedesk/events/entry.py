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
from dataclasses import replace

from bridgedesk.bridge import Contract, Seat, Side, parse_result
from bridgedesk.errors import BridgedeskError, ConflictError, EntryError, Location
from bridgedesk.events.model import AdjustedScore, Entry, EntryKind, Result, parse_lead
from bridgedesk.events.pair_numbers import PairNumbers
from bridgedesk.events.seating import (
    SeatingPlan,
    boards_phrase,
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
                "a passed-out board takes no declarer or result, got {declarer} {result}",
                code="result.passed-out-played",
                declarer=declarer,
                result=result,
            )
        return parsed, None, None
    if not declarer:
        raise EntryError(
            "contract {contract} needs a declarer: N, E, S or W",
            Location(input="declarer"),
            code="result.needs-declarer",
            contract=str(parsed),
        )
    if not result:
        raise EntryError(
            "contract {contract} needs a result: =, +N, -N or the tricks taken",
            Location(input="result"),
            code="result.needs-result",
            contract=str(parsed),
        )
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
                raise EntryError(
                    "give either a contract or an adjusted score, not both",
                    Location(input="adjusted"),
                    code="result.contract-and-adjusted",
                )
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
            raise EntryError(
                "a result needs a contract (or PASS) or an adjusted score",
                Location(input="contract"),
                code="result.needs-contract",
            )
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
        if isinstance(exc, BridgedeskError):
            raise exc.as_(EntryError, where) from None
        # a plain ValueError's words are Python's, not a message of the catalogs: said as
        # they are (English), without a code
        raise EntryError(str(exc), where) from None


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
        raise EntryError(
            "a director override needs a reason", where, code="result.override-needs-reason"
        )
    if override is not None and getattr(movement, "kind", "") == "individual":
        raise EntryError(  # its South and West are the movement's (events.individual)
            "an individual's result is stored only where the movement seats its four players",
            where,
            code="result.individual-override",
        )
    if not 1 <= result.round <= movement.rounds:
        raise EntryError(
            "round {round} does not exist: the movement has rounds 1-{rounds}",
            replace(where, input="round"),
            code="result.no-such-round",
            round=result.round,
            rounds=movement.rounds,
        )
    if not 1 <= result.table <= movement.tables:
        raise EntryError(
            "table {table} does not exist: the movement has tables 1-{tables}",
            replace(where, input="table"),
            code="result.no-such-table",
            table=result.table,
            tables=movement.tables,
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
                if not entries:
                    raise EntryError(
                        "{side} pair {pair} is not entered in this section (entered: none yet)",
                        replace(where, input=side.value.lower()),
                        code="result.pair-not-entered",
                        side=side.value,
                        pair=numbers.number(pair),
                    )
                raise EntryError(
                    "{side} pair {pair} is not entered in this section (entered: {entered})",
                    replace(where, input=side.value.lower()),
                    code="result.pair-not-entered",
                    side=side.value,
                    pair=numbers.number(pair),
                    entered=", ".join(numbers.label(n) for n in sorted(entries)),
                )
            if entry.phantom:
                raise EntryError(
                    "{side} pair {pair} is the phantom: its opponents sit out and have no result",
                    replace(where, input=side.value.lower()),
                    code="result.pair-is-phantom",
                    side=side.value,
                    pair=numbers.number(pair),
                )
    planned = movement.assignment(result.round, result.table)
    at_table = {"round": result.round, "table": result.table}
    if override is None:
        if planned is None:
            raise EntryError(
                "round {round} table {table} is not in play (a bye or idle table)",
                where,
                code="result.table-idle",
                **at_table,
            )
        if result.board not in planned.boards:
            raise EntryError(
                "round {round} table {table} plays {boards}, not {board}",
                replace(where, input="board"),
                code="result.board-not-at-table",
                **at_table,
                boards=boards_phrase(planned.boards),
                board=result.board,
            )
        if (result.ns, result.ew) != (planned.ns, planned.ew):
            if (result.ns, result.ew) == (planned.ew, planned.ns):
                raise EntryError(
                    "round {round} table {table} seats NS {ns} and EW {ew}; "
                    "the slip has them the other way round",
                    replace(where, input="ns"),
                    code="result.pairs-reversed",
                    **at_table,
                    ns=numbers.number(planned.ns),
                    ew=numbers.number(planned.ew),
                )
            raise EntryError(
                "round {round} table {table} seats NS {ns} v EW {ew}, "
                "not NS {given_ns} v EW {given_ew}",
                replace(where, input="ns"),
                code="result.wrong-pairs",
                **at_table,
                ns=numbers.number(planned.ns),
                ew=numbers.number(planned.ew),
                given_ns=numbers.number(result.ns),
                given_ew=numbers.number(result.ew),
            )
    else:
        boards = {b for _, _, a in seats(movement) for b in a.boards}
        if result.board not in boards:
            raise EntryError(
                "board {board} is not in this movement ({boards})",
                replace(where, input="board"),
                code="result.board-not-in-movement",
                board=result.board,
                boards=boards_phrase(sorted(boards)),
            )
    for other in existing:
        if (other.session, other.section, other.board) != (
            result.session,
            result.section,
            result.board,
        ):
            continue
        there = {
            "other_round": other.round,
            "other_table": other.table,
            "ns": numbers.number(other.ns),
            "ew": numbers.number(other.ew),
            "result": other.result_text,
        }
        if (other.round, other.table) == (result.round, result.table):
            raise ConflictError(
                "board {board} already has a result at round {round} table {table} (round "
                "{other_round} table {other_table}: NS {ns} v EW {ew}, {result}); correct it "
                "instead of entering it again",
                where,
                code="result.already-entered",
                board=result.board,
                **at_table,
                **there,
            )
        for pair in (result.ns, result.ew):
            if pair in (other.ns, other.ew):
                raise EntryError(
                    "pair {pair} already has a result on board {board} (round {other_round} "
                    "table {other_table}: NS {ns} v EW {ew}, {result}); a pair plays each "
                    "board once",
                    where,
                    code="result.pair-played-board",
                    pair=numbers.number(pair),
                    board=result.board,
                    **there,
                )


def validate_section(movement: SeatingPlan, entries: Mapping[int, Entry]) -> list[str]:
    """Problems between a section's movement and its entries, as readable lines
    (:func:`bridgedesk.events.section_problems.section_problems`, in English)."""
    return [problem.text for problem in section_problems(movement, entries)]
