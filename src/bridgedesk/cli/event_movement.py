"""``bridgedesk event movement EVENT``: give a stored event's section its movement.

This module adds the ``movement`` command to the ``event`` group (it is listed
in ``_EXTENSIONS`` of :mod:`bridgedesk.cli`), linking the movements package to
the store: ``--recommend`` takes the first movement the JCBL weekly list
(004:3048-3066) recommends for the pairs entered; ``--kind`` builds one by
name.  A phantom pair the movement needs (004:864-868) is entered for the
director, and the problems the store finds between movement and entries are
printed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from bridgedesk.cli._store import DbOption, EventArg, SectionOption, SessionOption, open_store
from bridgedesk.cli.event import app
from bridgedesk.errors import MovementError
from bridgedesk.movements.choose import build_movement

if TYPE_CHECKING:
    from bridgedesk.movements.model import Movement


def _name(m: Movement) -> str:
    return f"{m.kind} {m.tables} tables, {m.round_count} rounds x {m.boards_per_round} boards"


@app.command("movement")
def movement(
    event: EventArg,
    recommend: Annotated[
        bool,
        typer.Option(
            "--recommend", help="Use the movement the JCBL list recommends for the pairs."
        ),
    ] = False,
    kind: Annotated[
        str | None,
        typer.Option("--kind", help="howell, appendix-howell, mitchell, skip-mitchell, ..."),
    ] = None,
    tables: Annotated[int | None, typer.Option("--tables", min=1, help="Tables.")] = None,
    pairs: Annotated[
        int | None, typer.Option("--pairs", min=1, help="Pairs (default: the pairs entered).")
    ] = None,
    rounds: Annotated[int | None, typer.Option("--rounds", min=1, help="Rounds to play.")] = None,
    boards_per_round: Annotated[
        int | None, typer.Option("--boards-per-round", min=1, help="Boards a round.")
    ] = None,
    base: Annotated[
        str | None, typer.Option("--base", help="A rover's base: straight, skip or relay.")
    ] = None,
    section: SectionOption = "A",
    session: SessionOption = 1,
    db: DbOption = None,
) -> None:
    """Set the movement of an event's section (recommended, or by kind).

    Example: bridgedesk event movement "Tuesday pairs" --recommend

    Example: bridgedesk event movement "Tuesday pairs" --kind howell --tables 6 --rounds 11
    --boards-per-round 2
    """
    from bridgedesk.events import Entry
    from bridgedesk.events.adapters import phantom_number

    if recommend == (kind is not None):
        raise MovementError("give either --recommend or --kind KIND")
    with open_store(db) as store:
        entries = store.entries(event, section=section, session=session)
        playing = [n for n, e in entries.items() if not e.phantom]
        count = pairs if pairs is not None else (len(playing) or None)
        m = build_movement(count, kind, tables, rounds, boards_per_round, base)
        phantom = phantom_number(m)
        if phantom is not None and phantom not in entries:
            store.add_entry(event, Entry(phantom, phantom=True), section=section, session=session)
            typer.echo(f"pair {phantom} entered as the phantom (its opponents sit out)")
        problems = store.set_movement(event, m, section=section, session=session, name=_name(m))
    typer.echo(f"section {section}: {_name(m)}, boards 1-{m.total_boards}")
    for note in m.notes:
        typer.echo(f"  {note}")
    for problem in problems:
        typer.echo(f"warning: {problem}")
