"""A stored event's format and scoring options, and the next round's draw.

The options (:class:`~bridgedesk.events.pair_formats.EventOptions`) live in one
row of ``event_options`` per event; an event without one has the defaults
(an ordinary pairs event scored the JCBL way).  Changing them is audited in
the director's log (action ``options``).

An event played round by round (Swiss pairs, barometer, Houston pairs) keeps
its draw as the section's movement: :func:`next_round` adds one round to it,
drawn from the standings after the round before
(:mod:`bridgedesk.events.pair_draw`), every table of the round playing the
same new boards (004:1509, 004:1513).  Result entry is then checked against the
draw like any movement, and the missing-slip check covers the round.

Each function is one transaction, or refuses having changed nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgedesk.bridge.methods import Convention
from bridgedesk.errors import EntryError, PairingError
from bridgedesk.events.event_options import EventOptions
from bridgedesk.events.model import Event, ScoringMethod
from bridgedesk.events.pair_draw import Draw, draw_by_standings, round_robin
from bridgedesk.events.pair_formats import PairFormat, Pairing
from bridgedesk.events.seating import GridMovement, TableAssignment
from bridgedesk.results.pair_rounds import RoundsResult, draws_of, score_rounds
from bridgedesk.store import director
from bridgedesk.store.lookups import event_row
from bridgedesk.store.models import EventOptionsRow
from bridgedesk.store.service import Store
from bridgedesk.store.unit import UnitOfWork

#: The draw of a round-by-round event is kept in this section of session 1.
SECTION = "A"
SESSION = 1


def options(unit: UnitOfWork, ref: int | str) -> EventOptions:
    """The event's options (the defaults when none were set)."""
    with unit.transaction(write=False) as s:
        ev = event_row(s, ref)
        row = s.get(EventOptionsRow, ev.id)
        if row is None:
            return EventOptions()
        return EventOptions(
            format=None if row.format is None else PairFormat(row.format),
            pairing=None if row.pairing is None else Pairing(row.pairing),
            vp_scale=row.vp_scale,
            convention=Convention(row.convention),
        )


def _as_json(o: EventOptions) -> dict[str, str | None]:
    return {
        "format": None if o.format is None else o.format.value,
        "pairing": None if o.pairing is None else o.pairing.value,
        "vp_scale": o.vp_scale,
        "convention": o.convention.value,
    }


def set_options(
    unit: UnitOfWork, ref: int | str, new: EventOptions, *, who: str, reason: str
) -> EventOptions:
    """Store the event's options (audited); return the previous ones.

    The format is fixed once a movement or a round has been set: an ordinary
    event cannot become a Swiss one half way, nor the other way round.
    """
    old = options(unit, ref)
    with unit.transaction() as s:
        ev = event_row(s, ref)
        new.check(ScoringMethod(ev.scoring))
        if new.format != old.format and any(
            sec.movement_id is not None for ses in ev.sessions for sec in ses.sections
        ):
            raise EntryError("the event's format cannot change once a movement or a round is set")
        if new.format is not None and (len(ev.sessions) != 1 or len(ev.sessions[0].sections) != 1):
            raise EntryError(
                f"a {new.format.value} event is one session of one section "
                f"(this one has {len(ev.sessions)} session(s))"
            )
        row = s.get(EventOptionsRow, ev.id)
        if row is None:
            row = EventOptionsRow(event_id=ev.id)
            s.add(row)
        row.format = None if new.format is None else new.format.value
        row.pairing = None if new.pairing is None else new.pairing.value
        row.vp_scale = new.vp_scale
        row.convention = new.convention.value
        director.audit(s, ev, "options", "event", who=who, reason=reason,
                       old=_as_json(old), new=_as_json(new))  # fmt: skip
    return old


def create_event(store: Store, event: Event, opts: EventOptions, *, who: str) -> int:
    """Create ``event`` with ``opts``; a refusal leaves no event behind."""
    opts.check(event.scoring)
    if opts.format is not None and (
        len(event.sessions) != 1 or len(event.sessions[0].sections) != 1
    ):
        raise EntryError(f"a {opts.format.value} event is one session of one section")
    eid = store.create_event(event)
    if opts == EventOptions():
        return eid
    try:
        set_options(store, eid, opts, who=who, reason="event created")
    except BaseException:
        store.discard_event(eid)
        raise
    return eid


@dataclass(frozen=True)
class Drawn:
    draw: Draw
    boards: tuple[int, ...]
    names: dict[int, str]


def standings(store: Store, ref: int | str) -> RoundsResult:
    """The standings after each complete round of a round-by-round event."""
    opts = options(store, ref)
    if opts.format is None:
        raise EntryError(
            f"event {ref} is not played round by round (create it with "
            "--format swiss-pairs, barometer or houston)"
        )
    snapshot = store.section_results(ref, section=SECTION, session=SESSION)
    rulings = director.rulings(store, ref, SECTION, SESSION)
    missing = director.missing(store, ref, SECTION, SESSION)
    return score_rounds(snapshot, opts, rulings, missing)


def next_round(store: Store, ref: int | str, boards: int) -> Drawn:
    """Draw the next round and add it to the section's movement (see module doc).

    Refused while a slip of the previous round is missing: the standings after
    it decide the draw (004:2594)."""
    if boards < 1:
        raise EntryError(f"a round has at least one board, not {boards}")
    opts = options(store, ref)
    if opts.format is None:
        raise EntryError(
            f"event {ref} has no round-by-round format: its movement is set with "
            "`bridgedesk event movement` (a Swiss pairs, barometer or Houston event "
            "is created with `event new NAME --format ...`)"
        )
    entries = store.entries(ref, section=SECTION, session=SESSION)
    field = sorted(n for n, e in entries.items() if not e.phantom)
    current = store.movement(ref, section=SECTION, session=SESSION)
    history = draws_of(current, field)
    if history:
        late = director.missing(store, ref, SECTION, SESSION)
        if late:
            raise PairingError(
                f"round {history[-1].round} is not complete: {len(late)} slip(s) missing, "
                f"the first {late[0]}; enter them or mark them not played first"
            )
    if opts.draw is Pairing.ROUND_ROBIN:
        draw = round_robin(field, history)
    else:
        order = field
        if history:
            result = standings(store, ref)
            final = result.final
            if final is None or final.round != len(history):
                raise PairingError(f"the standings after round {len(history)} are not known yet")
            ranked = [int(x.pair) for x in final.lines if x.pair.isdigit()]
            order = ranked + [p for p in field if p not in ranked]
        draw = draw_by_standings(order, history)
    first = 1 + max((b for a in (current.grid.values() if current else ()) for b in a.boards),
                    default=0)  # fmt: skip
    played = tuple(range(first, first + boards))
    grid = dict(current.grid) if current is not None else {}
    for table, (ns, ew) in enumerate(draw.tables, start=1):
        grid[(draw.round, table)] = TableAssignment(ns, ew, played)
    assert opts.format is not None
    movement = GridMovement(
        name=f"{opts.format.value}, {draw.round} round(s)",
        kind=opts.format.value,
        rounds=draw.round,
        tables=max(len(draw.tables), current.tables if current is not None else 0),
        winners=1,
        grid=grid,
    )
    store.set_movement(ref, movement, section=SECTION, session=SESSION)
    return Drawn(draw, played, {n: e.names for n, e in entries.items()})


def draws(store: Store, ref: int | str) -> list[Draw]:
    entries = store.entries(ref, section=SECTION, session=SESSION)
    field = sorted(n for n, e in entries.items() if not e.phantom)
    return draws_of(store.movement(ref, section=SECTION, session=SESSION), field)


def is_round_by_round(unit: UnitOfWork, ref: int | str) -> bool:
    """True for a Swiss pairs, barometer or Houston pairs event (the dispatcher's test)."""
    return options(unit, ref).format is not None


__all__ = [
    "Drawn",
    "create_event",
    "draws",
    "is_round_by_round",
    "next_round",
    "options",
    "set_options",
    "standings",
]
