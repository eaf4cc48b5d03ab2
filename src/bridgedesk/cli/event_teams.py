"""Commands of a stored team event in the ``event`` group (docs/teams.md).

This module adds ``event lineup``, ``event withdraw-team`` and ``event
carry-over`` to the ``event`` group (it is listed in ``_EXTENSIONS`` of
:mod:`bridgedesk.cli`); ``event round
EVENT [--next]`` (show the draw, or draw the next Swiss or knockout round) is
the terminals' ``event round`` command, which hands a team event to
:func:`bridgedesk.cli._team_draw.team_round`.
"""

from __future__ import annotations

from fractions import Fraction
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
    TeamOption,
)
from bridgedesk.cli._store import open_store, who
from bridgedesk.cli.event import app
from bridgedesk.errors import EntryError, Location
from bridgedesk.store import team_events


def _two(text: str, option: str) -> tuple[int, int]:
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() for p in parts):
        raise EntryError(
            "{option} names two players by their place in the team, e.g. 1,2",
            code="team.two-places",
            option=option,
        )
    return int(parts[0]), int(parts[1])


@app.command("lineup")
def lineup(
    event: EventArg,
    rnd: RoundOption,
    team: TeamOption,
    ns: Annotated[str, typer.Option("--ns", help="The NS pair: two places in the team, 1,2.")],
    ew: Annotated[str, typer.Option("--ew", help="The EW pair: two places, e.g. 3,4.")],
    db: DbOption = None,
) -> None:
    """Record which of a team's players sit NS (at home) and EW (away) in a round.

    Example: bridgedesk event lineup "Autumn teams" --round 2 --team 3 --ns 1,3 --ew 2,4
    """
    pair_ns, pair_ew = _two(ns, "--ns"), _two(ew, "--ew")
    with open_store(db) as store:
        team_events.set_lineup(store, event, rnd, team, pair_ns, pair_ew)
    typer.echo(f"round {rnd}, team {team}: NS players {ns}, EW players {ew}")


@app.command("withdraw-team")
def withdraw_team(
    event: EventArg,
    team: TeamOption,
    from_round: Annotated[
        int, typer.Option("--from-round", min=1, max=limit.ROUNDS, help="First round missed.")
    ],
    reason: ReasonOption,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """Withdraw a team: from that round each of its matches is a walkover (003:228-250).

    Example: bridgedesk event withdraw-team "Autumn Swiss" --team 7 --from-round 4
    --reason "went home ill"
    """
    with open_store(db) as store:
        aid = team_events.withdraw_team(store, event, team, from_round, who(by), reason)
    typer.echo(f"audit {aid}: team {team} withdrawn from round {from_round}")


def _imps(text: str) -> tuple[Fraction, Fraction]:
    """``--imps 7.5:0`` (or ``15/2:0``): the IMPs each side starts with."""
    parts = text.split(":")
    try:
        if len(parts) != 2:
            raise ValueError
        return Fraction(parts[0].strip()), Fraction(parts[1].strip())
    except (ValueError, ZeroDivisionError):
        raise EntryError(
            "--imps is the home team's and the away team's IMPs, e.g. 7.5:0, not {text!r}",
            Location(input="--imps"),
            code="team.imps-format",
            text=text,
        ) from None


@app.command("carry-over")
def carry_over(
    event: EventArg,
    rnd: RoundOption,
    home: HomeOption,
    away: AwayOption,
    imps: Annotated[str, typer.Option("--imps", help="HOME:AWAY IMPs carried, e.g. 7.5:0.")],
    reason: ReasonOption,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """Start a knockout match from a carry-over of IMPs (004:1762-1772); 0:0 removes it.

    Example: bridgedesk event carry-over "Cup" --round 2 --home 1 --away 4 --imps 7.5:0
    --reason "a third of the round robin margin"
    """
    carry = _imps(imps)
    with open_store(db) as store:
        aid = team_events.set_carry_over(store, event, rnd, home, away, carry, who(by), reason)
    typer.echo(
        f"audit {aid}: round {rnd}, {home} v {away} starts from "
        f"{_text(carry[0])} - {_text(carry[1])} IMPs"
    )


def _text(value: Fraction) -> str:
    return str(value) if value.denominator == 1 else f"{float(value):g}"
