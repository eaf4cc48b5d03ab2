"""``bridgedesk championship``: a round robin's best teams in a knockout with carry-over
(PABF / Japan League style, docs/leagues.md)."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated

import typer

from bridgedesk import limits as limit
from bridgedesk.cli._options import ByOption, DbOption, EventArg
from bridgedesk.cli._store import open_store, parse_date, who
from bridgedesk.errors import EntryError, Location
from bridgedesk.services.championships import (
    Carry,
    carry_from_round_robin,
    knockout_from_round_robin,
)

app = typer.Typer(
    help="Championships: a round robin's best teams in a knockout with carry-over.",
    no_args_is_help=True,
)

FractionOption = Annotated[
    str,
    typer.Option("--fraction", help="The share of the round-robin margin carried, e.g. 1/3."),
]
CapOption = Annotated[
    int | None,
    typer.Option("--cap", min=0, max=999, help="The most IMPs carried (default: no cap)."),
]


def _fraction(text: str) -> Fraction:
    try:
        value = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise EntryError(
            "--fraction is a fraction such as 1/3 or 0.5, not {text!r}",
            Location(input="--fraction"),
            code="championship.fraction",
            text=text,
        ) from None
    return value


def _echo(carries: tuple[Carry, ...]) -> None:
    for c in carries:
        leader = c.home if c.carry[0] else c.away if c.carry[1] else None
        amount = max(c.carry)
        said = f"{leader} starts {float(amount):g} IMPs ahead" if leader else "no carry-over"
        typer.echo(
            f"  round {c.round}, {c.home} v {c.away}: round robin {float(c.margin):+g} IMPs; {said}"
        )


@app.command("knockout")
def knockout(
    qualifying: EventArg,
    name: Annotated[str, typer.Option("--name", help="The knockout's name.")],
    teams: Annotated[
        int, typer.Option("--teams", min=2, max=limit.TEAMS, help="Teams that qualify.")
    ],
    boards_per_match: Annotated[
        int, typer.Option("--boards-per-match", min=1, max=64, help="Boards a segment.")
    ] = 16,
    segments: Annotated[
        int, typer.Option("--segments", min=1, max=8, help="Segments a match.")
    ] = 1,
    fraction: FractionOption = "1/3",
    cap: CapOption = None,
    date: Annotated[str | None, typer.Option("--date", help="The knockout's date.")] = None,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """Make the knockout of a round robin's best teams, with carry-over (004:1762-1772).

    Example: bridgedesk championship knockout "PABF RR" --name "PABF KO" --teams 4
    --boards-per-match 16 --segments 3 --fraction 1/3 --cap 16
    """
    share = _fraction(fraction)
    day = parse_date(date) if date else None
    with open_store(db) as store:
        made = knockout_from_round_robin(
            store, qualifying, name=name, teams=teams, boards_per_match=boards_per_match,
            segments=segments, fraction=share, cap=cap, date=day, who=who(by),
        )  # fmt: skip
    typer.echo(f"event {made.knockout}: {name}, knockout of {teams} teams")
    for seed, origin, team_name in made.seeds:
        typer.echo(f"  seed {seed}: round robin team {origin} {team_name}")
    _echo(made.carries)


@app.command("carry-over")
def carry(
    event: EventArg,
    rnd: Annotated[int, typer.Option("--round", min=1, max=limit.ROUNDS, help="The round.")],
    fraction: FractionOption = "1/3",
    cap: CapOption = None,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """Give a drawn knockout round its carry-overs from the round robin (audited)."""
    share = _fraction(fraction)
    with open_store(db) as store:
        done = carry_from_round_robin(store, event, rnd, fraction=share, cap=cap, who=who(by))
    _echo(done)
