"""A result slip checked before it is stored: the one set of checks behind every door.

A slip (004:538-553) reaches the store through several doors -- ``bridgedesk
result add`` and the console's form, ``result import`` and the console's
upload, a table terminal (the JSON API, the phone's page, the writer's batches),
an individual's slip naming its four players, a team room's result -- and
:mod:`bridgedesk.services.slips` checks each one here, the same way, against
what the section's plan says (:class:`PlannedSection`) and what is on the
board already (:class:`OnBoard`), both read by the store in the caller's
transaction:

* the slip against the movement and the entries
  (:func:`~bridgedesk.events.entry.check_result`: the round, table and board,
  the pairs the movement seats there, entered pairs, not the phantom) and the
  board's results in force (none at this place, :class:`ConflictError`;
  neither pair has played the board);
* no deleted result at this place or for these pairs: it is put back by
  undoing its deletion (003:123-159), never entered a second time;
* an individual's four players against its plan (:func:`check_players`,
  004:1576-1614), and a plain pairs slip refused on an individual event and
  the other way round (:func:`check_kind`);
* a team room's result against the draw (:mod:`bridgedesk.events.team_rooms`);
* a table's round (:func:`bridgedesk.events.table_rounds.check_table_round`);
* a file's rows against each other and against what is stored
  (:func:`check_repeated`, :func:`stored_already`).

A refusal is one :class:`~bridgedesk.errors.EntryError` line, the same through
every door; nothing is stored then.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping, Sequence
from dataclasses import dataclass

from bridgedesk.errors import ConflictError, EntryError, Location
from bridgedesk.events.entry import check_result
from bridgedesk.events.individual import IndividualPlan
from bridgedesk.events.model import Entry, Result
from bridgedesk.events.seating import SeatingPlan

__all__ = [
    "OnBoard",
    "PlannedSection",
    "SeatedResult",
    "check_kind",
    "check_players",
    "check_repeated",
    "check_slip",
    "stored_already",
]


@dataclass(frozen=True)
class SeatedResult:
    """An individual's slip: the result (its NS North's number, its EW East's) and the
    four players N, S, E, W it names (004:1576-1614)."""

    result: Result
    players: tuple[int, int, int, int]


@dataclass(frozen=True)
class PlannedSection:
    """What a section's slips are checked against: its name, its movement (None until it
    is set; an individual's grid seats North and East), its entries by number when any
    are entered (only their number, kind and phantom count here), and an individual's
    plan."""

    name: str
    movement: SeatingPlan | None
    entries: Mapping[int, Entry] | None
    individual: IndividualPlan | None = None


@dataclass(frozen=True)
class OnBoard:
    """A result stored on the board already: its id, its value, whether it was deleted
    (a deleted one keeps its place until its deletion is undone)."""

    id: int
    result: Result
    deleted: bool = False


def _where(result: Result) -> Location:
    return Location(round=result.round, table=result.table, board=result.board)


def check_slip(
    result: Result,
    section: PlannedSection,
    board: Sequence[OnBoard],
    override: str | None = None,
    replacing: int | None = None,
) -> None:
    """Refuse ``result`` unless it fits the section and the board's results.

    ``board`` holds the results of ``result.board`` in its section, deleted ones
    included; ``replacing`` is the id of the result a correction changes (left out
    of the comparison); ``override`` the director's reason for a seating the
    movement did not plan (004:3479-3486).
    """
    if section.movement is None:
        raise EntryError(
            "section {section} has no movement yet: set it before entering results",
            code="result.no-movement-yet",
            section=section.name,
        )
    others = [b for b in board if b.id != replacing]
    live = [b.result for b in others if not b.deleted]
    check_result(result, section.movement, live, section.entries, override)
    for b in others:
        old = b.result
        if b.deleted and (
            (old.ns, old.ew) == (result.ns, result.ew)
            or (old.round, old.table) == (result.round, result.table)
        ):
            raise ConflictError(
                "result {result_id} on board {board} at this table was deleted; undo its "
                "deletion instead (ask the director; `bridgedesk result history` shows "
                "the correction)",
                _where(result),
                code="result.deleted-undo-instead",
                result_id=b.id,
                board=result.board,
            )


def check_kind(event: str, individual: bool, seated: bool) -> None:
    """An individual event takes slips naming four players, any other event pairs'."""
    if individual and not seated:
        raise EntryError(
            "event {event!r} is an individual: a slip names its four players "
            "(`bridgedesk result add EVENT --round R --table T --board B --north N "
            "--south S --east E --west W CONTRACT DECLARER RESULT`)",
            code="result.individual-needs-players",
            event=event,
        )
    if seated and not individual:
        raise EntryError(
            "event {event!r} is not an individual event (`bridgedesk event new NAME "
            "--kind individual` makes one)",
            code="event.not-individual",
            event=event,
        )


def check_players(slip: SeatedResult, section: PlannedSection) -> None:
    """An individual's slip: the plan seats its four players at its table and round."""
    if section.individual is None:
        raise EntryError(
            "section {section} has no individual movement yet: `bridgedesk event "
            "movement EVENT --recommend`",
            code="result.no-individual-movement",
            section=section.name,
        )
    section.individual.check_slip(slip.result, slip.players)


def check_repeated(
    result: Result,
    line: int | None,
    seen: MutableMapping[tuple[int, str, int, int, int], int | None],
) -> None:
    """A file gives each board and pairs once: refuse ``result`` if an earlier row of the
    file (in ``seen``, which this adds to) has the same ones."""
    if result.key in seen:
        raise EntryError(
            "board {board} NS {ns} v EW {ew} is also on line {seen}",
            code="result.twice-in-file",
            board=result.board,
            ns=result.ns,
            ew=result.ew,
            seen=seen[result.key],
        )
    seen[result.key] = line


def stored_already(result: Result, board: Sequence[OnBoard]) -> bool:
    """True if ``result`` is stored as it is (an import run again skips it); refused
    when the board and pairs are stored with another result (a correction changes it)."""
    for b in board:
        stored = b.result
        if b.deleted or (stored.ns, stored.ew) != (result.ns, result.ew):
            continue
        if stored == result:
            return True
        raise EntryError(
            "board {board} NS {ns} v EW {ew} is already stored as {stored}, the file "
            "says {given}; use `bridgedesk result correct` to change it",
            code="result.stored-otherwise",
            board=result.board,
            ns=result.ns,
            ew=result.ew,
            stored=stored.result_text,
            given=result.result_text,
        )
    return False
