"""``bridgedesk swiss``: the draw for the next round of a Swiss teams event."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Annotated

import typer

from bridgedesk import limits as limit
from bridgedesk.cli._options import LastRoundOption, TextOrJsonOption, output_choice
from bridgedesk.errors import Location, PairingError
from bridgedesk.events.even_chance import EntryPair, form_teams
from bridgedesk.events.swiss import Rematch, SwissRule, Triangle, pair_round
from bridgedesk.formats import swiss_draw
from bridgedesk.formats.swiss_history import load
from bridgedesk.reports.output import Output

app = typer.Typer(help="Swiss teams: draw the next round.", no_args_is_help=True)


@app.callback()
def _group() -> None:
    """Swiss teams: draw the next round."""


@app.command()
def pair(
    history: Annotated[Path, typer.Argument(help="HISTORY.json: teams, seeds, rounds played")],
    rule: Annotated[str, typer.Option("--rule", help="jcbl-1, jcbl-2 or jcbl-3")] = "jcbl-1",
    rematch: Annotated[
        str,
        typer.Option("--rematch", help="never, not-consecutive, until-round:R or allowed"),
    ] = "never",
    last_round: LastRoundOption = False,
    triangle: Annotated[
        str, typer.Option("--triangle", help="odd fields: one-round or two-rounds")
    ] = "one-round",
    fmt: TextOrJsonOption = "text",
) -> None:
    """Pair the round after the last one in HISTORY.json (004:1778-1797, 004:2658-2716)."""

    rules = {r.value: r for r in SwissRule}
    if rule not in rules:
        raise PairingError(
            "unknown rule {rule!r}; choose jcbl-1, jcbl-2 or jcbl-3",
            code="swiss.unknown-rule",
            rule=rule,
        )
    modes = {t.value: t for t in Triangle}
    if triangle not in modes:
        raise PairingError(
            "unknown triangle mode {triangle!r}; choose one-round or two-rounds",
            code="swiss.unknown-triangle",
            triangle=triangle,
        )
    form = output_choice(fmt, Output.TEXT, Output.JSON)
    p = pair_round(
        load(history),
        rules[rule],
        Rematch.parse(rematch),
        last_round=last_round,
        triangle=modes[triangle],
    )
    if form is Output.JSON:
        typer.echo(swiss_draw.dumps(p), nl=False)
        return
    typer.echo(f"round {p.round} ({p.basis})")
    for table, (home, away) in enumerate(p.matches, start=1):
        typer.echo(f"table {table:>2}: {home:>3} v {away:<3}")
    if p.triangle is not None:
        a, b, c = p.triangle
        typer.echo(f"triangle: {a}, {b}, {c}")


@app.command("form-teams")
def form_teams_cmd(
    pair: Annotated[list[str], typer.Option("--pair", help="an entry: PAIR=SEED_POINTS")],
    floater: Annotated[
        int | None,
        typer.Option(
            "--floater", min=1, max=limit.ENTRY_NUMBER, help="the floater pair for an odd count"
        ),
    ] = None,
) -> None:
    """Even-chance teams: best pair with worst, and so on (004:2725-2734)."""

    entries: list[EntryPair] = []
    for item in pair:
        number, sep, points = item.partition("=")
        try:
            if not (sep and (number.isascii() and number.isdigit())):
                raise InvalidOperation
            entries.append(EntryPair(int(number), Decimal(points)))
        except InvalidOperation:
            raise PairingError(
                "--pair must look like 7=125.5 (pair=seed points), not {item!r}",
                Location(input="--pair"),
                code="swiss.pair-format",
                item=item,
            ) from None
    for team in form_teams(entries, floater):
        a, b = team.pairs
        extra = " (floater)" if team.floater else ""
        typer.echo(f"team {team.team}: pairs {a} and {b}{extra}")
