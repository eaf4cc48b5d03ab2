"""Room results and forfeits of a stored team event, in the ``result`` group (docs/teams.md).

``result team`` enters (or with ``--correct``, corrects) one room's result on
a board of a match, addressed as a team director reads a score sheet: round,
home and away team, room (``open``: home NS, ``closed``: away NS,
004:1631-1633) and board; ``result team-import`` enters a CSV file of them
(all or none).  ``result forfeit`` records a walkover (003:228-250).
Corrections are the pairs' own, so ``result history``, ``result undo`` and
``result correct --id`` work on team results too.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from bridgedesk import limits as limit
from bridgedesk.cli._options import (
    AdjustedOption,
    AwayOption,
    BoardOption,
    ByOption,
    DbOption,
    EventArg,
    HomeOption,
    LeadOption,
    ReasonOption,
    RoundOption,
)
from bridgedesk.cli._store import open_store, who
from bridgedesk.cli.result import PASS_THROUGH, SlipArgs, app, split_slip
from bridgedesk.errors import BridgedeskError, EntryError, Location
from bridgedesk.events import make_result
from bridgedesk.events.team_draw import RoomName, TeamSlip
from bridgedesk.formats import team_slips_csv
from bridgedesk.services import slips
from bridgedesk.store import team_events

#: A room of a team match (``result team`` and ``result misseat``).
RoomOption = Annotated[
    RoomName, typer.Option("--room", help="open (home team NS) or closed (away team NS).")
]


@app.command("team", context_settings=PASS_THROUGH)
def team(
    event: EventArg,
    rnd: RoundOption,
    home: HomeOption,
    away: AwayOption,
    room: RoomOption,
    board: BoardOption,
    slip: SlipArgs = None,
    lead: LeadOption = None,
    adjusted: AdjustedOption = None,
    correct: Annotated[
        bool, typer.Option("--correct", help="Correct the room's stored result (needs --reason).")
    ] = False,
    reason: Annotated[
        str | None, typer.Option("--reason", help="Why (a correction; kept in the audit log).")
    ] = None,
    director: Annotated[
        bool, typer.Option("--director", help="Correct as the director (after the deadline).")
    ] = False,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """Enter a room's result on a board of a team match, checked against the draw.

    Example: bridgedesk result team "Autumn teams" --round 1 --home 1 --away 8 --room open
    --board 3 4S N =

    Example: bridgedesk result team "Autumn teams" --round 1 --home 1 --away 8 --room closed
    --board 3 4S N -1 --correct --reason "declarer's side agreed one down"
    """
    contract, declarer, result = split_slip(slip)
    if correct and not reason:
        raise EntryError(
            "a correction needs --reason (it is kept in the audit log)",
            Location(input="--reason"),
            code="correction.needs-reason-cli",
        )
    if reason and not correct:
        raise EntryError(
            "--reason goes with --correct",
            Location(input="--reason"),
            code="correction.reason-needs-correct",
        )
    # The table and pairs are the draw's; 1 and 2 stand in until the slip is placed.
    played = make_result(
        round=rnd, table=1, board=board, ns=1, ew=2, contract=contract, declarer=declarer,
        result=result, lead=lead, adjusted=adjusted,
    )  # fmt: skip
    slip_ = TeamSlip(rnd, home, away, room.value, board, played)
    where = f"round {rnd}, {home} v {away}, {room.value} room, board {board}"
    with open_store(db) as store:
        if correct:
            assert reason is not None
            cid, old, new = slips.correct_room(
                store, event, slip_, who=who(by), reason=reason, director=director
            )
            typer.echo(f"correction {cid}: {where}: {old.result_text} -> {new.result_text}")
            return
        rid = slips.enter(store, event, slip_, who=who(by))
    score = played.ns_score
    typer.echo(
        f"result {rid}: {where}: {played.result_text}"
        + ("" if score is None else f" (NS {score:+d})")
    )


@app.command("forfeit")
def forfeit(
    event: EventArg,
    rnd: RoundOption,
    team: Annotated[
        int, typer.Option("--team", min=1, max=limit.ENTRY_NUMBER, help="The team forfeiting.")
    ],
    reason: ReasonOption,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """Record that a team forfeits its match of a round (a walkover, 003:228-250).

    Example: bridgedesk result forfeit "Autumn Swiss" --round 3 --team 5 --reason "no show"
    """
    with open_store(db) as store:
        aid = team_events.forfeit_match(store, event, rnd, team, who(by), reason)
    typer.echo(f"audit {aid}: team {team} forfeits its round {rnd} match")


@app.command("team-import")
def team_import(
    event: EventArg,
    file: Annotated[Path, typer.Argument(help="CSV: round, home, away, room, board, contract...")],
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """Enter every room result of a CSV file (all or none), checked against the draw.

    Example: bridgedesk result team-import "Autumn teams" round1.csv (columns in
    docs/teams.md; an import run again skips what is stored)
    """
    rows: list[tuple[int | None, slips.GivenSlip]] = list(team_slips_csv.load(file))
    with open_store(db) as store:
        try:
            report = slips.import_slips(store, event, rows, who=who(by), batch=500)
        except BridgedeskError as exc:  # named by the file's line, as `result import` does
            raise exc.located(Location(file=str(file))) from None
    typer.echo(f"{report.added} room results entered, {report.skipped} already stored")
