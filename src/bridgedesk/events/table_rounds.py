"""Where a table is in its session, and which rounds take its results.

A table is at the first round of the movement whose boards it has not all
entered; so it moves on as soon as its last board of a round is in.  The
director can *hold* a round (tables that have finished it wait there) or
*close* it (no table enters or corrects in it any more; only the director
corrects, with ``bridgedesk result correct``).  A table never plays a round
where the movement seats the phantom (its opponents sit out, 004:864-868) or
where it is idle.  The store keeps the holds and closes
(:mod:`bridgedesk.store.table_rounds`); these rules read them as values.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bridgedesk.errors import EntryError, ForbiddenError, Location
from bridgedesk.events.model import Result
from bridgedesk.events.seating import GridMovement
from bridgedesk.i18n import Phrase

__all__ = [
    "CLOSED",
    "FINISHED",
    "HELD",
    "PLAYING",
    "NextRound",
    "Place",
    "TableRound",
    "check_table_change",
    "check_table_round",
    "current_round",
    "next_round",
    "plays",
]

#: A round the director holds: tables that have finished it wait there.
HELD = "held"
#: A round the director has closed: no table enters or corrects in it any more.
CLOSED = "closed"
#: A table's status: playing its round, or finished its last one (or held, above).
PLAYING = "playing"
FINISHED = "finished"


@dataclass(frozen=True)
class Place:
    """Where a pair sits in a round: table and direction (``NS``/``EW``)."""

    pair: int
    table: int
    direction: str


@dataclass(frozen=True)
class NextRound:
    """After this round: where this table's pairs go, what this table plays next,
    and which table this table's boards go to."""

    round: int
    ns: Place | None
    ew: Place | None
    boards: tuple[int, ...]
    boards_to: int | None
    #: no table plays this table's boards in a later round: they are finished (else,
    #: without ``boards_to``, they wait on the relay for a later round)
    boards_finished: bool = False


@dataclass(frozen=True)
class TableRound:
    """A table's place in the session as its checks need it: the table's label, the
    round it plays now and its status (playing, held, finished), the closed rounds."""

    label: Phrase
    round: int
    status: str
    closed: frozenset[int]


def check_table_round(at: TableRound, rnd: int) -> None:
    """Refuse a table's slip of round ``rnd`` unless the table plays that round now
    (a closed round is the director's alone: :class:`ForbiddenError`)."""
    if rnd in at.closed:
        raise ForbiddenError(
            "round {round} is closed: only the director can change its results",
            code="round.closed",
            round=rnd,
        )
    if rnd == at.round and at.status == PLAYING:
        return
    if at.status == FINISHED:
        raise EntryError(
            "{table} has finished (its last round was {last})",
            code="table.finished",
            table=at.label,
            last=at.round,
        )
    if at.status == HELD:
        raise EntryError(
            "{table} is at round {now} (all its boards are in; the director holds the "
            "round), not round {round}",
            Location(input="round"),
            code="table.round-held",
            table=at.label,
            now=at.round,
            round=rnd,
        )
    raise EntryError(
        "{table} is at round {now}, not round {round}",
        Location(input="round"),
        code="table.other-round",
        table=at.label,
        now=at.round,
        round=rnd,
    )


def check_table_change(
    result_id: int,
    stored: Result,
    deleted: bool,
    closed: frozenset[int],
    given: Mapping[str, int],
) -> None:
    """A table corrects its own result (``stored``) while its round is open, and only
    the contract, declarer, result and lead: the round, board and pairs ``given`` with
    the correction must be the stored ones."""
    if deleted:
        raise EntryError(
            "result {result_id} is deleted: ask the director",
            code="result.deleted-ask-director",
            result_id=result_id,
        )
    if stored.round in closed:
        raise ForbiddenError(
            "round {round} is closed: only the director can change its results",
            code="round.closed",
            round=stored.round,
        )
    fixed = {"round": stored.round, "board": stored.board, "ns": stored.ns, "ew": stored.ew}
    for name, value in fixed.items():
        if name in given and given[name] != value:
            raise EntryError(
                "a table corrects only the contract, declarer, result and lead (result "
                "{result_id} is {name} {value})",
                Location(input=name),
                code="table.corrects-only-play",
                result_id=result_id,
                name=name,
                value=value,
            )


def plays(movement: GridMovement, phantoms: set[int], rnd: int, table: int) -> bool:
    a = movement.assignment(rnd, table)
    return a is not None and a.ns not in phantoms and a.ew not in phantoms


def current_round(
    movement: GridMovement,
    table: int,
    entered: Mapping[int, set[int]],
    controls: Mapping[int, str],
    phantoms: set[int],
) -> tuple[int, str]:
    """The round a table is at and its status (``playing``, ``held``, ``finished``).

    ``entered`` maps a round to the boards this table has entered in it.
    """
    last = 1
    for rnd in range(1, movement.rounds + 1):
        if not plays(movement, phantoms, rnd, table) or controls.get(rnd) == CLOSED:
            continue
        last = rnd
        a = movement.assignment(rnd, table)
        assert a is not None
        if not set(a.boards) <= entered.get(rnd, set()):
            return rnd, PLAYING
        later = any(entered.get(r) for r in range(rnd + 1, movement.rounds + 1))
        if controls.get(rnd) == HELD and not later:
            return rnd, HELD
    return last, FINISHED


def _place(movement: GridMovement, phantoms: set[int], rnd: int, pair: int) -> Place | None:
    for table in range(1, movement.tables + 1):
        a = movement.assignment(rnd, table)
        if a is None or not plays(movement, phantoms, rnd, table):
            continue
        if a.ns == pair:
            return Place(pair, table, "NS")
        if a.ew == pair:
            return Place(pair, table, "EW")
    return None


def next_round(
    movement: GridMovement, phantoms: set[int], rnd: int, table: int
) -> NextRound | None:
    """Where this table's pairs and boards go after ``rnd`` (None after the last round)."""
    if rnd >= movement.rounds:
        return None
    here = movement.assignment(rnd, table)
    following = rnd + 1
    there = movement.assignment(following, table)
    boards = (
        () if there is None or not plays(movement, phantoms, following, table) else there.boards
    )
    boards_to = None
    finished = False
    if here is not None:
        for t in range(1, movement.tables + 1):
            a = movement.assignment(following, t)
            if a is not None and set(a.boards) & set(here.boards):
                boards_to = t
                break
        finished = boards_to is None and not any(
            set(a.boards) & set(here.boards)
            for r in range(following, movement.rounds + 1)
            for t in range(1, movement.tables + 1)
            if (a := movement.assignment(r, t)) is not None
        )
    places = [
        None if here is None or pair in phantoms else _place(movement, phantoms, following, pair)
        for pair in ((here.ns, here.ew) if here is not None else ())
    ]
    return NextRound(
        following,
        places[0] if places else None,
        places[1] if len(places) > 1 else None,
        tuple(boards),
        boards_to,
        finished,
    )
