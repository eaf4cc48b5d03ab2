"""``event form-teams``: the teams of an even-chance team event formed from its pairs
(004:2725-2734; :mod:`bridgedesk.store.even_chance_teams`), in the ``event`` group."""

from __future__ import annotations

import typer

from bridgedesk.cli._options import ByOption, DbOption, EventArg
from bridgedesk.cli._store import open_store, who
from bridgedesk.cli.event import app
from bridgedesk.store import even_chance_teams


@app.command("form-teams")
def form_teams(
    event: EventArg,
    reason: str = typer.Option("", "--reason", help="A note for the audit log."),
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """Form an even-chance event's teams: best pair + worst pair by seed points (004:2728).

    An odd number of pairs needs the floater pair (004:2733), entered with
    `entry add EVENT --names ... --floater`.  The teams become the event's
    entries (audited); then make the draw with `event movement EVENT`.

    Example: bridgedesk event form-teams "Even chance" --by td
    """
    with open_store(db) as store:
        aid, teams, pairs = even_chance_teams.form(store, event, who(by), reason)
    by_pair = {p.pair: p for p in pairs}
    typer.echo(f"audit {aid}: {len(teams)} teams formed (best + worst, 004:2728)")
    for t in teams:
        a, b = (by_pair[p] for p in t.pairs)
        typer.echo(
            f"team {t.team}: pair {a.pair} {a.names} ({a.seed_points}) + pair {b.pair} "
            f"{b.names} ({'floater' if b.floater else b.seed_points})"
        )
