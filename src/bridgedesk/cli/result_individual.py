"""``bridgedesk result individual``: enter a slip of an individual event, naming the
four players (004:1576-1614).

Added to the ``result`` group through ``_EXTENSIONS`` of :mod:`bridgedesk.cli`.  The
slip is stored only where the movement seats those four players at that round
and table and they play that board there
(:meth:`bridgedesk.events.individual.IndividualPlan.check_slip`); a refused slip
changes nothing.  Corrections, deletions and the director's rulings are the pairs
commands' (``result correct --ns NORTH --ew EAST``, ``result penalty --player N``,
``result fouled``, ``result not-played``).
"""

from __future__ import annotations

from typing import Annotated

import typer

from bridgedesk.cli import _limits as limit
from bridgedesk.cli._store import (
    ByOption,
    DbOption,
    EventArg,
    SectionOption,
    SessionOption,
    open_store,
    who,
)
from bridgedesk.cli.result import _PASS_THROUGH, Board, SlipArgs, _split, app
from bridgedesk.events import make_result
from bridgedesk.store import individuals


def _seat(name: str) -> object:
    return typer.Option(
        f"--{name}", min=1, max=limit.ENTRY_NUMBER, help=f"The {name} player.", show_default=False
    )


@app.command("individual", context_settings=_PASS_THROUGH)
def add_individual(
    event: EventArg,
    round: Annotated[
        int,
        typer.Option("--round", min=1, max=limit.ROUNDS, help="Round number.", show_default=False),
    ],
    table: Annotated[
        int,
        typer.Option("--table", min=1, max=limit.TABLES, help="Table number.", show_default=False),
    ],
    board: Board,
    north: Annotated[int, _seat("north")],
    south: Annotated[int, _seat("south")],
    east: Annotated[int, _seat("east")],
    west: Annotated[int, _seat("west")],
    slip: SlipArgs = None,
    lead: Annotated[str | None, typer.Option("--lead", help="Opening lead, e.g. HA.")] = None,
    adjusted: Annotated[
        str | None, typer.Option("--adjusted", help="Artificial score NS/EW, e.g. A+/A-.")
    ] = None,
    section: SectionOption = "A",
    session: SessionOption = 1,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """Enter one slip of an individual event, naming its four players.

    Example: bridgedesk result individual "Spring individual" --round 1 --table 1
    --board 1 --north 12 --south 1 --east 6 --west 2 4S N =
    """

    contract, declarer, result = _split(slip)
    entered = make_result(
        round=round,
        table=table,
        board=board,
        ns=north,
        ew=east,
        contract=contract,
        declarer=declarer,
        result=result,
        lead=lead,
        adjusted=adjusted,
        section=section,
        session=session,
    )
    with open_store(db) as store:
        rid = individuals.add_result(store, event, entered, (north, south, east, west), who(by))
    score = entered.ns_score
    typer.echo(
        f"result {rid}: board {board} N {north} S {south} v E {east} W {west} "
        f"{entered.result_text}" + ("" if score is None else f" (NS {score:+d})")
    )
