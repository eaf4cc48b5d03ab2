"""Individual events in the store (004:1576-1614): players, movement and slips.

An individual event is created marked (``create_event(..., individual=True)``,
:mod:`bridgedesk.store.individual_events`); its entries are players, one each,
numbered in the section like pairs.  Its movement is one of
:mod:`bridgedesk.movements.individual` with the movement's seat numbers
replaced by the players' entry numbers (seat *k* is the *k*-th entry by
number), kept as an :class:`~bridgedesk.events.individual.IndividualPlan`.
A slip names the four players at N, S, E, W and is stored only where the plan
seats them (:func:`bridgedesk.services.slips.enter`); everything after entry --
corrections, the director's rulings, missing slips -- goes the pairs' way, with
North's and East's numbers as the slip's NS and EW.

Each function is one transaction of the unit of work it is given: it checks,
then writes, or raises having changed nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session as OrmSession

from bridgedesk.errors import EntryError
from bridgedesk.events.individual import KIND, IndividualPlan, IndividualTable
from bridgedesk.events.model import Entry, EntryKind, SectionResults
from bridgedesk.events.names import check_member, check_name
from bridgedesk.i18n import lazy_pgettext
from bridgedesk.movements.individual import (
    IndividualMovement,
    IndividualRound,
    IndividualSeating,
)
from bridgedesk.store.entries import register_players
from bridgedesk.store.events_repo import insert_entry
from bridgedesk.store.individual_events import check_entry_kind, is_individual
from bridgedesk.store.late_players import seat_late_player
from bridgedesk.store.lookups import event_row, section_entries, section_row
from bridgedesk.store.models import EntryRow, EventRow, MovementRow, ResultRow, SectionRow
from bridgedesk.store.results_repo import section_results
from bridgedesk.store.unit import UnitOfWork

__all__ = [
    "IndividualApplied",
    "add_player",
    "individual_event",
    "plan",
    "set_movement",
    "sheet",
    "snapshot",
]


@dataclass(frozen=True)
class IndividualApplied:
    """What :func:`set_movement` stored: the plan and lines for the director."""

    plan: IndividualPlan
    notes: tuple[str, ...]


def individual_event(unit: UnitOfWork, ref: int | str) -> bool:
    """True if the event is an individual (``event new --kind individual``)."""
    with unit.transaction(write=False) as s:
        return is_individual(s, event_row(s, ref))


def _individual_row(s: OrmSession, ref: int | str) -> EventRow:
    ev = event_row(s, ref)
    if not is_individual(s, ev):
        raise EntryError(
            "event {event!r} is not an individual event (`bridgedesk event new NAME "
            "--kind individual` makes one)",
            code="individual.not-individual",
            event=ev.name,
        )
    return ev


def add_player(
    unit: UnitOfWork,
    ref: int | str,
    *,
    name: str | None,
    member: str | None,
    number: int | None = None,
    stationary: bool = False,
    section: str = "A",
    session: int = 1,
    late: bool = False,
) -> Entry:
    """Enter one player under ``number`` (None: the next free one) and return the entry.

    A member number alone takes the name from the player register.  A ``late``
    player joins a movement set already from round 2
    (:mod:`bridgedesk.store.late_players`)."""
    if name is not None:
        check_name(name, lazy_pgettext("name of", "a player's name"))
    if member is not None:
        check_member(member, name or lazy_pgettext("whose member number", "a player"))
    if not (name or member):
        raise EntryError(
            "a player needs --player NAME or --member NUMBER (from the register)",
            code="individual.player-needs-name",
        )
    players = register_players(unit, [(name or None, member or None)])
    with unit.transaction() as s:
        ev = _individual_row(s, ref)
        sec = section_row(s, ev, session, section, lock=True)
        taken = section_entries(s, sec)
        if number is None:
            number = next(n for n in range(1, len(taken) + 2) if n not in taken)
        entry = Entry(number, players, kind=EntryKind.INDIVIDUAL, stationary=stationary)
        check_entry_kind(s, ev, entry)
        if late:
            seat_late_player(s, ev, sec, number)
        insert_entry(s, sec, entry)
        if late:
            row = s.scalars(
                select(EntryRow).where(EntryRow.section_id == sec.id, EntryRow.number == number)
            ).one()
            row.late = True
        return entry


def sheet(plan: IndividualPlan) -> IndividualMovement:
    """The plan as a master sheet with the event's numbers (for the movement cards)."""
    bpr = plan.boards_per_round
    rounds = []
    for rnd in range(1, plan.rounds + 1):
        seatings = tuple(
            IndividualSeating(t, *at.players, board_set=(at.boards[0] - 1) // bpr + 1)
            for t in range(1, plan.tables + 1)
            if (at := plan.table(rnd, t)) is not None
        )
        rounds.append(IndividualRound(rnd, seatings, plan.sitting_out(rnd)))
    return IndividualMovement(
        players=len(plan.players),
        tables=plan.tables,
        boards_per_round=bpr,
        board_sets=len(plan.boards) // bpr,
        rounds=tuple(rounds),
        relay_groups=(tuple(range(1, plan.tables + 1)),) if plan.tables > 1 else (),
        notes=("every table plays the round's boards (relay them between tables)",),
    )


def _seat_order(
    entries: dict[int, Entry], movement: IndividualMovement
) -> tuple[list[int], list[str]]:
    """The entry numbers in movement seat order (seat k is ``order[k - 1]``), with a
    stationary request honoured when the movement has a seat that does not move."""
    order = sorted(entries)
    notes: list[str] = []
    asked = [n for n in order if entries[n].stationary]
    if not asked:
        return order, notes
    if movement.players % 4:
        notes.append(
            f"no seat stays put in an individual of {movement.players} players: "
            f"player(s) {', '.join(map(str, asked))} asked for one"
        )
        return order, notes
    # player M + 1 (the highest seat) stays at table 1 North (movements.individual)
    last = len(order) - 1
    first = asked[0]
    i = order.index(first)
    order[i], order[last] = order[last], order[i]
    notes.append(
        f"player {first} sits stationary at table 1 North (asked for a seat that does not move)"
    )
    if len(asked) > 1:
        notes.append(
            f"player(s) {', '.join(map(str, asked[1:]))} also asked: the movement has one "
            "stationary seat"
        )
    return order, notes


def set_movement(
    unit: UnitOfWork,
    ref: int | str,
    movement: IndividualMovement,
    *,
    section: str = "A",
    session: int = 1,
) -> IndividualApplied:
    """Give an individual section ``movement`` for the players entered (seat k is the
    k-th player by number); refused once a result is in."""
    with unit.transaction() as s:
        ev = _individual_row(s, ref)
        sec = section_row(s, ev, session, section, lock=True)
        if s.scalars(select(ResultRow.id).where(ResultRow.section_id == sec.id)).first():
            raise EntryError(
                "results are in: an individual's movement cannot change now (its slips "
                "name the players the movement seats)",
                code="individual.movement-after-play",
            )
        entries = {n: e for n, e in section_entries(s, sec).items() if not e.phantom}
        if len(entries) != movement.players:
            raise EntryError(
                "the movement is for {players} players; section {section} has {entered} entered",
                code="individual.movement-players",
                players=movement.players,
                section=section,
                entered=len(entries),
            )
        order, notes = _seat_order(entries, movement)
        label = dict(enumerate(order, start=1))
        bpr = movement.boards_per_round
        seats = {
            (r.number, st.table): IndividualTable(
                label[st.north],
                label[st.south],
                label[st.east],
                label[st.west],
                tuple(range((st.board_set - 1) * bpr + 1, st.board_set * bpr + 1)),
            )
            for r in movement.rounds
            for st in r.seatings
        }
        name = (
            f"individual {movement.players} players, {movement.tables} tables, "
            f"{movement.round_count} rounds x {bpr} boards"
        )
        found = IndividualPlan(name, movement.round_count, movement.tables, bpr,
                               tuple(order), seats)  # fmt: skip
        row = MovementRow(name=name, kind=KIND, data=found.to_json())
        s.add(row)
        sec.movement = row
        return IndividualApplied(found, tuple(notes))


def _plan_of(sec: SectionRow) -> IndividualPlan | None:
    if sec.movement is None or sec.movement.kind != KIND:
        return None
    return IndividualPlan.from_json(sec.movement.data)


def plan(
    unit: UnitOfWork, ref: int | str, section: str = "A", session: int = 1
) -> IndividualPlan | None:
    """The section's individual plan (None for a pairs event or before the movement)."""
    with unit.transaction(write=False) as s:
        return _plan_of(section_row(s, event_row(s, ref), session, section))


def snapshot(
    unit: UnitOfWork, ref: int | str, section: str = "A", session: int = 1
) -> tuple[SectionResults, IndividualPlan]:
    """A section of an individual event for scoring: its results and its plan.

    The plan cannot change once a result is in (:func:`set_movement`)."""
    found = plan(unit, ref, section, session)
    if found is None:
        raise EntryError(
            "section {section} has no individual movement yet: `bridgedesk event "
            "movement EVENT --recommend`",
            code="individual.no-movement",
            section=section,
        )
    return section_results(unit, ref, section, session), found
