"""A stored pair event of several sessions from the command line.

* ``bridgedesk event movement EVENT --recommend --sessions N`` (see
  :func:`plan_movement`): the plan of the JCBL lists for the pairs entered
  (004:3100-3300), every session and section stored with its renumbering.
* ``bridgedesk event movement EVENT --session 2 --kind ... [--renumber FILE]``
  (:func:`session_movement`): one later session's movement, chosen by the director.
* ``bridgedesk event final QUALIFYING NAME --cut N``: the final of a stored
  qualifying event (004:1985-2034).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from bridgedesk import limits as limit
from bridgedesk.cli._options import DbOption, EventArg
from bridgedesk.cli._store import open_store
from bridgedesk.cli.event import app
from bridgedesk.formats import movement_json, plan_json
from bridgedesk.movements.choose import build_movement
from bridgedesk.movements.model import Movement
from bridgedesk.results.qualify import CutBy
from bridgedesk.services.finals import final_of_qualifying
from bridgedesk.store.session_plans import first_session_pairs, plan_sessions
from bridgedesk.store.sessions_repo import (
    set_session_movement,
)

__all__ = [
    "later_session_movement",
    "plan_movement",
    "session_movement",
]


def plan_movement(
    db: str | None,
    event: str,
    sessions: int,
    sections: int | None = None,
    rounds: int | None = None,
    pairs: int | None = None,
) -> None:
    """Store the recommended plan for ``sessions`` sessions and print it."""
    with open_store(db) as store:
        made = plan_sessions(store, event, sessions, sections, rounds, pairs)
    plan, stored = made.plan, made.stored
    typer.echo(made.text, nl=False)
    if made.repeated:
        typer.echo(
            f"sessions {len(plan.sessions) + 1}-{sessions} play the plan's sessions again in "
            "turn, with their numbers (the JCBL lists plan two, 004:2069-2452)"
        )
    for line in stored.placed:
        typer.echo(f"  {line}")
    for problem in stored.problems:
        typer.echo(f"warning: {problem}")
    typer.echo(f"stored: {sessions} sessions")


def session_movement(
    db: str | None,
    event: str,
    *,
    session: int,
    section: str,
    movement: Movement,
    renumber: Path | None,
    from_round: int | None,
) -> None:
    """Give a later session's section its movement, seating the first session's pairs."""
    seats_map = plan_json.load(renumber) if renumber is not None else None
    with open_store(db) as store:
        problems = set_session_movement(
            store,
            event,
            movement,
            session=session,
            section=section,
            renumber=seats_map,
            from_round=from_round,
        )
    typer.echo(
        f"session {session} section {section}: {movement.kind} {movement.tables} tables, "
        f"{movement.round_count} rounds x {movement.boards_per_round} boards"
    )
    for problem in problems:
        typer.echo(f"warning: {problem}")


def later_session_movement(
    db: str | None,
    event: str,
    *,
    recommend: bool,
    file: Path | None,
    options: dict[str, int | str | None],
) -> Movement:
    """The movement asked for a later session: from a file, by kind, or recommended for
    the first session's pairs."""
    if file is not None:
        return movement_json.load(file)
    pairs = options.get("pairs")
    if isinstance(pairs, int):
        count = pairs
    else:
        with open_store(db) as store:
            count = first_session_pairs(store, event)

    def number(key: str) -> int | None:
        value = options.get(key)
        return value if isinstance(value, int) else None

    kind = options.get("kind")
    base = options.get("base")
    return build_movement(
        count,
        None if recommend or not isinstance(kind, str) else kind,
        number("tables"),
        number("rounds"),
        number("boards_per_round"),
        base if isinstance(base, str) else None,
    )


@app.command("final")
def final_command(
    qualifying: EventArg,
    name: Annotated[str, typer.Argument(help="The final's name.", show_default=False)],
    cut: Annotated[
        int,
        typer.Option(
            "--cut",
            min=1,
            max=limit.PAIRS,
            help="Pairs kept (overall, or in each field).",
            show_default=False,
        ),
    ],
    cut_by: Annotated[
        CutBy,
        typer.Option("--cut-by", help="overall, or field: each section and direction apart."),
    ] = CutBy.OVERALL,
    withdrawn: Annotated[
        str,
        typer.Option(
            "--withdrawn",
            help="Qualifiers who will not play the final (left out before the cut, 004:1991).",
        ),
    ] = "",
    max_boards: Annotated[
        int,
        typer.Option(
            "--max-boards",
            min=0,
            max=99,
            help="Carry-over at most this many boards at the final's top (0: no maximum).",
        ),
    ] = 4,
    date: Annotated[
        str | None, typer.Option("--date", help="The final's date (default: the qualifying's).")
    ] = None,
    db: DbOption = None,
) -> None:
    """Make the final of a stored qualifying event: the qualifiers entered as pairs 1, 2, ...
    in qualifying order, and the cut kept so the final's ranking adds the carry-over
    (004:1985-2034).

    Example: bridgedesk event final "Kanto qualifying" "Kanto final" --cut 12 --withdrawn 7
    """
    out = [w.strip() for w in withdrawn.split(",") if w.strip()]
    with open_store(db) as store:
        final = final_of_qualifying(
            store, qualifying, name, cut, cut_by, out, max_boards or None, date
        )
    made, finalists, names = final.id, final.finalists, final.names
    info_name = final.qualifying
    typer.echo(f"event {made}: {name}, the final of {info_name} ({len(finalists)} pairs)")
    for number, who in enumerate(finalists, start=1):
        typer.echo(f"  pair {number}: {who} in the qualifying  {names.get(who, '')}".rstrip())
