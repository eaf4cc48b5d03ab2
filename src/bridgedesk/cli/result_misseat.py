"""``result misseat``: a room of an SRR teams + pairs match played mis-seated
(004:2652-2655), in the ``result`` group (:mod:`bridgedesk.store.srr_flights`)."""

from __future__ import annotations

from typing import Annotated

import typer

from bridgedesk import limits as limit
from bridgedesk.cli._options import (
    AwayOption,
    ByOption,
    DbOption,
    EventArg,
    HomeOption,
    ReasonOption,
    RoundOption,
)
from bridgedesk.cli._store import open_store, who
from bridgedesk.cli.result import app
from bridgedesk.cli.result_teams import RoomOption
from bridgedesk.errors import EntryError, Location
from bridgedesk.store import srr_flights


def boards_arg(text: str) -> tuple[int, ...]:
    """``1-4`` or ``1,3,4``: the boards named (one line when it is not that)."""
    out: list[int] = []
    for part in text.split(","):
        a, dash, b = part.strip().partition("-")
        if not (a.isascii() and a.isdigit() and (not dash or (b.isascii() and b.isdigit()))):
            raise EntryError(
                "--boards is like 1-4 or 1,3,4, not {text!r}",
                Location(input="--boards"),
                code="misseat.boards-format",
                text=text,
            )
        first, last = int(a), int(b) if dash else int(a)
        if not 1 <= first <= last <= limit.BOARDS:
            raise EntryError(
                "--boards {text!r}: boards run 1-{boards}, low to high",
                Location(input="--boards"),
                code="misseat.boards-range",
                text=text,
                boards=limit.BOARDS,
            )
        out.extend(range(first, last + 1))
    return tuple(out)


@app.command("misseat")
def misseat(
    event: EventArg,
    rnd: RoundOption,
    home: HomeOption,
    away: AwayOption,
    room: RoomOption,
    boards: Annotated[str, typer.Option("--boards", help="The boards played, e.g. 1-4.")],
    reason: ReasonOption,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """Record that a room's pairs sat NS/EW the wrong way round (SRR + pairs, 004:2652-2655).

    Enter the room's slips as played.  If the two teams' other room on these
    boards is still to come, it is played swapped too and both count; if it was
    played, the boards leave the team comparison but count for the pairs.

    Example: bridgedesk result misseat "SRR A" --round 2 --home 3 --away 5 --room open
    --boards 9-12 --reason "EW sat NS"
    """
    numbers = boards_arg(boards)
    with open_store(db) as store:
        aid = srr_flights.add_misseat(
            store, event, rnd, home, away, room.value, numbers, who(by), reason
        )
        found = [m for m in srr_flights.misseats(store, event) if (m.round, m.home) == (rnd, home)]
    rule = next(m for m in found if m.room.value == room.value)
    effect = (
        "the boards leave the team comparison (the other room was played)"
        if rule.other_played
        else "the other room plays these boards swapped too; both count"
    )
    typer.echo(f"audit {aid}: round {rnd}, {home} v {away}, {room.value} room mis-seated: {effect}")
