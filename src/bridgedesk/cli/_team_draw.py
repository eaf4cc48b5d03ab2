"""A team event's draw on the command line (docs/teams.md).

``event movement EVENT`` for a team event makes its draw (:func:`team_movement`) and
``event round EVENT [--next]`` shows it or draws the next Swiss or knockout round
(:func:`team_round`), both over :mod:`bridgedesk.services.draws`; they come here from
their commands' modules, which hand over as soon as they see a team event.
"""

from __future__ import annotations

import typer

from bridgedesk.cli._store import open_store
from bridgedesk.errors import EntryError
from bridgedesk.events.team_draw import DrawnMatch, by_round
from bridgedesk.events.team_sessions import SessionSplit
from bridgedesk.services import draws
from bridgedesk.store import team_events
from bridgedesk.store.service import Store


def draw_lines(
    matches: tuple[DrawnMatch, ...],
    forfeits: dict[tuple[int, int], int],
    split: SessionSplit | None = None,
) -> list[str]:
    """The draw as text, round by round: ``table 1: 3 v 8  boards 1-8``; each session
    headed ``session 2 (rounds 9-14)`` in an event of several."""
    out = []
    for rnd, ms in by_round(matches).items():
        if split is not None and rnd in split.rounds(k := split.session_of(rnd))[:1]:
            span = split.rounds(k)
            out.append(f"session {k} (rounds {span[0]}-{span[-1]})")
        out.append(f"round {rnd}")
        for d in ms:
            if d.away is None:
                out.append(f"  team {d.home}: bye")
                continue
            assert d.open is not None and d.closed is not None
            lost = forfeits.get((d.round, d.home))
            rooms = (
                f"open: round {d.open.round} table {d.open.table}, "
                f"closed: round {d.closed.round} table {d.closed.table}"
            )
            if d.open.round != d.closed.round:  # an odd field's triangle (team_triangle)
                rooms = (
                    f"triangle: open table {d.open.table} (1st half), closed table "
                    f"{d.closed.table} (2nd half)"
                )
            elif d.open.round != d.round:  # an odd field: each round is two halves
                rooms = f"open: table {d.open.table}, closed: table {d.closed.table}"
            note = f"  (forfeited by {lost})" if lost is not None else ""
            out.append(
                f"  {d.home:>3} v {d.away:<3} boards {d.boards[0]}-{d.boards[-1]}  {rooms}{note}"
            )
    return out


def team_movement(store: Store, event: str) -> None:
    """``event movement EVENT`` for a team event: make and print its draw."""
    report = draws.make_draw(store, event)
    draw = team_events.draw(store, event)
    typer.echo(f"draw: {report.name}" + (f" ({report.basis})" if report.basis else ""))
    for line in draw_lines(report.matches, draw.forfeits, draw.split):
        typer.echo(line)


def team_round(event: str, next_round: bool, last_round: bool, db: str | None) -> None:
    """``event round EVENT [--next]``: show a team event's draw, or draw the next Swiss
    or knockout round."""
    with open_store(db) as store:
        if next_round:
            report = draws.next_round(store, event, last_round=last_round)
            draw = team_events.draw(store, event)
            typer.echo(f"round {report.matches[0].round} ({report.basis or report.name})")
            for line in draw_lines(report.matches, draw.forfeits)[1:]:
                typer.echo(line)
            return
        if last_round:
            raise EntryError("--last-round goes with --next", code="team.last-round-needs-next")
        draw = team_events.draw(store, event)
    if not draw.matches:
        typer.echo("no draw yet; make it with `bridgedesk event movement EVENT`")
        return
    for line in draw_lines(draw.matches, draw.forfeits, draw.split):
        typer.echo(line)
    for team, rnd in sorted(draw.withdrawn.items()):
        typer.echo(f"team {team} withdrawn from round {rnd}")
