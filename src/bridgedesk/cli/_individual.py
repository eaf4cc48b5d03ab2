"""What the event, entry, movement and results commands do for an individual event
(004:1576-1614); each command calls here when the event is one (see
:mod:`bridgedesk.store.individuals`), so the pairs commands keep one hook each."""

from __future__ import annotations

import typer

from bridgedesk.errors import EntryError, MovementError
from bridgedesk.events.individual import IndividualPlan
from bridgedesk.events.model import Entry
from bridgedesk.movements.individual import IndividualMovement, individual
from bridgedesk.store import individuals
from bridgedesk.store.individual_plans import players_entered, store_recommended
from bridgedesk.store.service import Store


def slip_seats(
    ns: int | None,
    ew: int | None,
    players: tuple[int | None, int | None, int | None, int | None],
    override: str | None,
) -> tuple[int, int, tuple[int, int, int, int] | None]:
    """``result add``'s NS and EW numbers, and an individual's four players (N, S, E, W)
    when ``--north --south --east --west`` are given (then NS is North, EW East)."""
    if all(p is None for p in players):
        if ns is None or ew is None:
            raise EntryError(
                "give --ns and --ew (or an individual's --north --south --east --west)",
                code="entry.needs-pairs",
            )
        return ns, ew, None
    n, s, e, w = players
    if n is None or s is None or e is None or w is None or ns is not None or ew is not None:
        raise EntryError(
            "an individual's slip names all four players: --north --south --east "
            "--west (and no --ns / --ew)",
            code="individual.four-players",
        )
    if override is not None:
        raise EntryError(
            "an individual's result is stored only where the movement seats its four players",
            code="individual.not-seated",
        )
    return n, e, (n, s, e, w)


def add_player(
    store: Store,
    event: str,
    *,
    number: int | None,
    player: str | None,
    member: str | None,
    stationary: bool,
    late: bool,
    section: str,
    session: int,
) -> Entry:
    """``entry add EVENT --kind individual --player NAME [--member N]``."""
    return individuals.add_player(
        store,
        event,
        name=player,
        member=member,
        number=number,
        stationary=stationary,
        section=section,
        session=session,
        late=late,
    )


def movement(
    store: Store,
    event: str,
    *,
    recommend: bool,
    kind: str | None,
    rounds: int | None,
    boards_per_round: int | None,
    other: str | None,
    section: str,
    session: int,
) -> None:
    """``event movement EVENT --recommend`` (or ``--kind individual``) for an individual:
    the movement for the players entered, with the reasons it was chosen."""
    if other is not None:
        raise MovementError(
            "an individual event's movement is built here; {other} is for pairs",
            code="individual.pairs-movement",
            other=other,
        )
    if kind is not None and kind != "individual":
        raise MovementError(
            "event {event!r} is an individual: its movement is individual, not {kind}",
            code="individual.movement-kind",
            event=event,
            kind=kind,
        )
    if recommend:
        applied, reasons = store_recommended(store, event, section, session)
    else:
        players = players_entered(store, event, section, session)
        m = individual(players, rounds=rounds, boards_per_round=boards_per_round or 2)
        applied = individuals.set_movement(store, event, m, section=section, session=session)
        reasons = []
    plan = applied.plan
    typer.echo(f"section {section}: {plan.name}, boards 1-{len(plan.boards)}")
    for line in [*reasons, *applied.notes]:
        typer.echo(f"  {line}")


def plan_of(store: Store, event: str, section: str, session: int) -> IndividualPlan | None:
    """The individual plan of the event's section, None for a pairs event."""
    if not individuals.individual_event(store, event):
        return None
    return individuals.plan(store, event, section, session)


def event_plan(store: Store, event: str) -> IndividualPlan | None:
    """The plan of an individual event's one section, None for a pairs event."""
    if not individuals.individual_event(store, event):
        return None
    session, names = store.event(event).sections[0]
    return individuals.plan(store, event, names[0], session)


def sheet(db: str | None, event: str) -> IndividualMovement:
    """An individual event's master sheet with its own player numbers, for
    ``movement cards individual --event EVENT`` (table cards and player slips)."""
    with Store.open(db) as store:
        if not individuals.individual_event(store, event):
            raise MovementError(
                "event {event!r} is not an individual; print a pairs movement's cards "
                "with `bridgedesk movement cards KIND`",
                code="individual.not-individual-cards",
                event=event,
            )
        found = individuals.plan(store, event)
    if found is None:
        raise MovementError(
            "event {event!r} has no movement yet: `bridgedesk event movement EVENT --recommend`",
            code="individual.event-no-movement",
            event=event,
        )
    return individuals.sheet(found)
