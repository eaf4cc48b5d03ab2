"""``bridgedesk results EVENT`` for a stored team event (docs/teams.md).

The event is scored as far as its results go
(:func:`bridgedesk.store.team_draws.scored`, the library's
:func:`~bridgedesk.results.teams.score_team_event`) and written by the same
writers as ``bridgedesk teams score``: the standings as text, the JSON
(``{"matches": [...], "standings": [...]}`` and what the reports need),
the CSV files, the PBN of both rooms (with the stored deals), or with
``--out DIR`` the whole report set (standings with the cross-table,
scorecards, team sheets, B-a-M recap, round sheet or bracket, Butler),
``results.json``, ``results.pbn`` and the CSV files.  Rooms still missing mark the results
``PROVISIONAL`` (listed on standard error); ``--final`` refuses them.
"""

from __future__ import annotations

from pathlib import Path

import typer

from bridgedesk.cli._teams_run import write
from bridgedesk.deals.deal import Deal
from bridgedesk.errors import BridgedeskError
from bridgedesk.store import team_draws
from bridgedesk.store.service import Store

__all__ = ["team_results"]


def team_results(
    store: Store, event: str, fmt: str, out: Path | None, lang: str, final: bool
) -> None:
    """Score the stored team event and print or write it (module doc)."""
    if fmt not in ("text", "json", "csv", "html", "pbn"):
        raise BridgedeskError(
            f"--format {fmt} is for a pairs event; a team event writes text, json, csv, pbn or html"
        )
    scored, snap = team_draws.scored(store, event)
    deals = {b: Deal.from_pbn(text, b) for b, text in store.deals(event).items()}
    if snap.missing:
        for line in snap.missing:
            typer.echo(f"missing: {line}", err=True)
        count = f"{len(snap.missing)} matches have room results missing"
        if final:
            raise BridgedeskError(
                f"the results cannot be final: {count} (listed above); enter them with "
                "`bridgedesk result team`"
            )
        if fmt == "text":
            typer.echo(f"PROVISIONAL: {count}")
    if out is not None and fmt == "text":
        fmt = "html"  # --out DIR asks for the report set
    if fmt == "html" and out is None:
        out = Path("results")  # as for a pairs event
    write(scored, fmt, lang, out, deals=deals)
