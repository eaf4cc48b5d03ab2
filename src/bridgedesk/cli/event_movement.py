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

from pathlib import Path
from typing import Annotated

import typer

from bridgedesk import limits as limit
from bridgedesk.cli import _individual
from bridgedesk.cli._options import (
    ByOption,
    DbOption,
    EventArg,
    ReasonOption,
    SectionOption,
    SessionOption,
)
from bridgedesk.cli._store import open_store, who
from bridgedesk.cli._team_draw import team_movement
from bridgedesk.cli.event import app
from bridgedesk.cli.event_sessions import later_session_movement, plan_movement, session_movement
from bridgedesk.errors import MovementError
from bridgedesk.events.seating import format_boards
from bridgedesk.formats import movement_json
from bridgedesk.reading import whole_number
from bridgedesk.store import team_events
from bridgedesk.store.individuals import individual_event
from bridgedesk.store.movement_changes import bye_stand_recovered
from bridgedesk.store.section_movement import apply_movement, choose_movement, switch_arrows


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
    tables: Annotated[
        int | None, typer.Option("--tables", min=1, max=limit.TABLES, help="Tables.")
    ] = None,
    pairs: Annotated[
        int | None,
        typer.Option("--pairs", min=1, max=limit.PAIRS, help="Pairs (default: the pairs entered)."),
    ] = None,
    rounds: Annotated[
        int | None, typer.Option("--rounds", min=1, max=limit.ROUNDS, help="Rounds to play.")
    ] = None,
    boards_per_round: Annotated[
        int | None,
        typer.Option(
            "--boards-per-round", min=1, max=limit.BOARDS_PER_ROUND, help="Boards a round."
        ),
    ] = None,
    base: Annotated[
        str | None, typer.Option("--base", help="A rover's base: straight, skip or relay.")
    ] = None,
    file: Annotated[
        Path | None,
        typer.Option(
            "--file",
            help="A movement JSON (as `movement show --format json` writes), e.g. a master "
            "sheet corrected after a misplaced bye stand (004:3477-3530).",
        ),
    ] = None,
    from_round: Annotated[
        int | None,
        typer.Option(
            "--from-round",
            min=2,
            max=limit.ROUNDS,
            help="Keep the rounds before it and play the new movement from it on "
            "(a late pair, A/B tables, 004:884-898).",
        ),
    ] = None,
    sessions: Annotated[
        int | None,
        typer.Option(
            "--sessions",
            min=1,
            max=limit.SESSIONS,
            help="With --recommend: plan this many sessions (every section, the renumbering "
            "between sessions; the JCBL lists, 004:3100-3300).",
        ),
    ] = None,
    sections: Annotated[
        int | None,
        typer.Option("--sections", min=1, max=8, help="With --sessions: sections of the plan."),
    ] = None,
    renumber: Annotated[
        Path | None,
        typer.Option(
            "--renumber",
            help="For a later session: where each pair sits (a plan's JSON, or "
            '{"competitors": {"3": ["3", "B5"]}}); default: the pairs keep their numbers.',
        ),
    ] = None,
    section: SectionOption = "A",
    session: SessionOption = 1,
    db: DbOption = None,
) -> None:
    """Set the movement of an event's section (recommended, or by kind).

    Example: bridgedesk event movement "Tuesday pairs" --recommend

    Example: bridgedesk event movement "Autumn teams" (a team event: the draw of its
    --format, docs/teams.md)

    Example: bridgedesk event movement "Tuesday pairs" --kind howell --tables 6 --rounds 11
    --boards-per-round 2

    Example: bridgedesk event movement "Tuesday pairs" --file corrected.json --from-round 5
    (a master sheet corrected after a misplaced bye stand, 004:3477-3530)

    Example: bridgedesk event movement "Tuesday pairs" --kind howell --pairs 8 --from-round 2
    (then: bridgedesk entry add "Tuesday pairs" --pair 8 --late --names ...)

    Example: bridgedesk event movement "Club pairs" --recommend --sessions 2
    (every session and section, the pairs entered once; see docs/events.md)

    A refused movement changes nothing (no phantom is left behind).
    """

    with open_store(db) as store:
        if team_events.is_team_event(store, event):  # the draw of its format (docs/teams.md)
            if recommend or kind is not None or file is not None or from_round is not None:
                raise MovementError(
                    "a team event's draw follows its --format: give `event movement EVENT` "
                    "alone (then `event round EVENT --next` for a Swiss or knockout)",
                    code="movement.team-draw",
                )
            team_movement(store, event)
            return
    if [recommend, kind is not None, file is not None].count(True) != 1:
        raise MovementError(
            "give one of --recommend, --kind KIND or --file MOVEMENT.json",
            code="movement.choose-source",
        )
    if sessions is not None or sections is not None:  # several sessions: cli/event_sessions.py
        if not recommend or sessions is None:
            raise MovementError(
                "--sessions N goes with --recommend (--sections with --sessions)",
                code="movement.sessions-needs-recommend",
            )
        plan_movement(db, event, sessions, sections, rounds, pairs)
        return
    if session > 1 or renumber is not None:
        options = {"kind": kind, "tables": tables, "pairs": pairs, "rounds": rounds,
                   "boards_per_round": boards_per_round, "base": base}  # fmt: skip
        m = later_session_movement(db, event, recommend=recommend, file=file, options=options)
        session_movement(db, event, session=session, section=section, movement=m,
                         renumber=renumber, from_round=from_round)  # fmt: skip
        return
    with open_store(db) as store:
        if individual_event(store, event):
            other = "--file" if file else "--from-round" if from_round else None
            _individual.movement(store, event, recommend=recommend, kind=kind, rounds=rounds,
                                 boards_per_round=boards_per_round, other=other,
                                 section=section, session=session)  # fmt: skip
            return
        if file is not None:
            m = movement_json.load(file)
        else:
            m = choose_movement(
                store,
                event,
                kind=kind,
                tables=tables,
                pairs=pairs,
                rounds=rounds,
                boards_per_round=boards_per_round,
                base=base,
                section=section,
                session=session,
            )
        applied = apply_movement(
            store, event, m, section=section, session=session, from_round=from_round
        )
    if applied.phantom_added is not None:
        typer.echo(f"pair {applied.phantom_added} entered as the phantom (its opponents sit out)")
    typer.echo(f"section {section}: {applied.name}, boards 1-{applied.total_boards}")
    for note in applied.notes:
        typer.echo(f"  {note}")
    for problem in applied.problems:
        typer.echo(f"warning: {problem}")


@app.command("arrow-switch")
def arrow_switch_command(
    event: EventArg,
    rounds: Annotated[
        str, typer.Option("--rounds", help="Rounds to switch, e.g. 5,6.", show_default=False)
    ],
    tables: Annotated[
        str | None, typer.Option("--tables", help="Only these tables (default: all).")
    ] = None,
    section: SectionOption = "A",
    session: SessionOption = 1,
    db: DbOption = None,
) -> None:
    """Switch the arrows of a section's movement in some rounds: NS pairs sit EW and
    EW pairs NS, and the section is scored as one field (004:1066-1074).

    Example: bridgedesk event arrow-switch "Tuesday pairs" --rounds 6,7
    """

    def numbers(text: str, what: str) -> list[int]:
        values = [whole_number(w, max_digits=4) for w in text.split(",") if w.strip()]
        if not values or any(v is None for v in values):
            raise MovementError(
                "--{what} {text!r}: write numbers separated by commas, e.g. 5,6",
                code="movement.number-list",
                what=what,
                text=text,
            )
        return [v for v in values if v is not None]

    with open_store(db) as store:
        name, problems = switch_arrows(
            store,
            event,
            numbers(rounds, "rounds"),
            None if tables is None else numbers(tables, "tables"),
            section=section,
            session=session,
        )
    typer.echo(f"section {section}: {name} (scored as one field)")
    for problem in problems:
        typer.echo(f"warning: {problem}")


@app.command("bye-stand")
def bye_stand_command(
    event: EventArg,
    stood_after: Annotated[
        int,
        typer.Option(
            "--stood-after",
            min=1,
            max=limit.TABLES,
            help="The table the bye stand was put after (its right place: the middle).",
            show_default=False,
        ),
    ],
    reason: ReasonOption = "bye stand misplaced",
    section: SectionOption = "A",
    session: SessionOption = 1,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """Recover a relay-and-bye Mitchell whose bye stand was put one table too near
    table 1: the rounds before the correction round as played, then the manual's
    correction (004:3477-3530).  Results already in must fit it.

    Example: bridgedesk event bye-stand "Tuesday pairs" --stood-after 3
    """
    with open_store(db) as store:
        name, fix, problems = bye_stand_recovered(
            store, event, stood_after, who=who(by), reason=reason, section=section,
            session=session,
        )  # fmt: skip
        grid = store.movement(event, section=section, session=session)
    assert grid is not None
    typer.echo(f"section {section}: {name}")
    half, last = grid.tables // 2, grid.tables
    moved = [grid.assignment(fix, t) for t in (last, half)]  # NS half and NS last, swapped
    swapped = " and ".join(f"NS {a.ns}" for a in moved if a is not None)
    typer.echo(
        f"round {fix}: board set 1 onto the bye stand, now between tables {half} and "
        f"{half + 1}; the boards of table {half} stay there; {swapped} change tables for "
        f"this round only; from round {fix} table {last} relays with table {last - 1}"
    )
    for table in range(1, grid.tables + 1):
        a = grid.assignment(fix, table)
        if a is not None:
            typer.echo(
                f"  round {fix} table {table}: NS {a.ns} v EW {a.ew}, {format_boards(a.boards)}"
            )
    for problem in problems:
        typer.echo(f"warning: {problem}")
