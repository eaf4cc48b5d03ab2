"""``bridgedesk knockout``: seeded knockout draws (004:1762-1772, 004:2719-2723)."""

from __future__ import annotations

from typing import Annotated

import typer

from bridgedesk import limits as limit
from bridgedesk.errors import Location, PairingError
from bridgedesk.events.knockout import SingleKnockout, double_knockout_text, draw_text

app = typer.Typer(help="Knockouts: print a seeded draw, single or double.", no_args_is_help=True)

#: The teams of a knockout, seeded 1..N (``draw``, ``double``).
TeamsOption = Annotated[
    int, typer.Option("--teams", min=2, max=limit.TEAMS, help="teams, seeded 1..N")
]


@app.callback()
def _group() -> None:
    """Knockouts: print a seeded draw."""


def _winners(items: list[str]) -> dict[tuple[int, int], int]:
    out: dict[tuple[int, int], int] = {}
    for item in items:
        where, sep, team = item.partition("=")
        r, dash, m = where.partition("-")
        if not (
            sep
            and dash
            and (r.isascii() and r.isdigit())
            and (m.isascii() and m.isdigit())
            and (team.isascii() and team.isdigit())
        ):
            raise PairingError(
                "--winner must look like 1-2=5 (round-match=team), not {item!r}",
                Location(input="--winner"),
                code="knockout.winner-format",
                item=item,
            )
        out[(int(r), int(m))] = int(team)
    return out


@app.command()
def draw(
    teams: TeamsOption,
    winner: Annotated[
        list[str] | None, typer.Option("--winner", help="a result: ROUND-MATCH=TEAM")
    ] = None,
) -> None:
    """Print a single-knockout draw, byes to the top seeds, as far as the results go."""

    typer.echo(draw_text(SingleKnockout(teams), _winners(winner or [])), nl=False)


def _played(rounds: list[str]) -> list[list[tuple[int, int, int]]]:
    out: list[list[tuple[int, int, int]]] = []
    for text in rounds:
        matches: list[tuple[int, int, int]] = []
        for item in text.split(","):
            pair, sep, w = item.strip().partition("=")
            a, dash, b = pair.partition("-")
            if not (
                sep
                and dash
                and (a.isascii() and a.isdigit())
                and (b.isascii() and b.isdigit())
                and (w.isascii() and w.isdigit())
            ):
                raise PairingError(
                    "--round must look like 1-8=1,4-5=5 (match=winner, ...), not {text!r}",
                    Location(input="--round"),
                    code="knockout.round-format",
                    text=text,
                )
            matches.append((int(a), int(b), int(w)))
        out.append(matches)
    return out


@app.command()
def double(
    teams: TeamsOption,
    rounds: Annotated[
        list[str] | None,
        typer.Option("--round", help="a round's results, e.g. 1-8=1,4-5=5 (repeat per round)"),
    ] = None,
) -> None:
    """A double knockout played in rounds: the results so far and the next round."""

    typer.echo(double_knockout_text(teams, _played(rounds or [])), nl=False)
