"""``bridgedesk knockout``: seeded knockout draws (004:1762-1772, 004:2719-2723)."""

from __future__ import annotations

from typing import Annotated

import typer

from bridgedesk.errors import PairingError

app = typer.Typer(help="Knockouts: print a seeded draw.", no_args_is_help=True)


@app.callback()
def _group() -> None:
    """Knockouts: print a seeded draw."""


def _winners(items: list[str]) -> dict[tuple[int, int], int]:
    out: dict[tuple[int, int], int] = {}
    for item in items:
        where, sep, team = item.partition("=")
        r, dash, m = where.partition("-")
        if not (sep and dash and r.isdigit() and m.isdigit() and team.isdigit()):
            raise PairingError(f"--winner must look like 1-2=5 (round-match=team), not {item!r}")
        out[(int(r), int(m))] = int(team)
    return out


@app.command()
def draw(
    teams: Annotated[int, typer.Option("--teams", help="teams, seeded 1..N")],
    winner: Annotated[
        list[str] | None, typer.Option("--winner", help="a result: ROUND-MATCH=TEAM")
    ] = None,
) -> None:
    """Print a single-knockout draw, byes to the top seeds, as far as the results go."""
    from bridgedesk.events.knockout import SingleKnockout, draw_text

    typer.echo(draw_text(SingleKnockout(teams), _winners(winner or [])), nl=False)
