"""``bridgedesk masterpoints table``: an award table from the federation's formula or data."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from bridgedesk import limits as limit
from bridgedesk.cli._options import JsonOption
from bridgedesk.cli.masterpoints import _tables
from bridgedesk.cli.masterpoints._app import app
from bridgedesk.cli.masterpoints._options import KindOption
from bridgedesk.errors import MasterpointError


@app.command("table")
def table_command(
    rules: Annotated[str, typer.Argument(help="jcbl-weekly or sbf")],
    name: Annotated[
        str | None, typer.Argument(help="SBF table: A, A1, A2, B1, C, D, E1, F, H1, H1S")
    ] = None,
    klass: Annotated[
        int | None, typer.Option("--class", min=1, max=5, help="JCBL weekly class 1-5")
    ] = None,
    kind: KindOption = None,
    competitors: Annotated[
        int | None, typer.Option(min=2, max=limit.COMPETITORS, help="JCBL: competitors (2 or more)")
    ] = None,
    sessions: Annotated[
        int | None, typer.Option(min=1, max=limit.SESSIONS, help="JCBL: sessions S [default: 1]")
    ] = None,
    pairs: Annotated[
        int | None, typer.Option(min=1, max=limit.COMPETITORS, help="SBF: field size (pairs)")
    ] = None,
    teams: Annotated[
        int | None, typer.Option(min=1, max=limit.COMPETITORS, help="SBF: field size (teams)")
    ] = None,
    players: Annotated[
        int | None, typer.Option(min=1, max=limit.COMPETITORS, help="SBF: field size (players)")
    ] = None,
    simultaneous: Annotated[
        bool, typer.Option(help="SBF A: a simultaneous event's list (above 100 pairs)")
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """Print an award table computed from the federation's formula or data."""

    sizes = {"pairs": pairs, "teams": teams, "players": players}
    if rules == "jcbl-weekly":
        _tables.refuse(
            {"the table name": name, **{f"--{u}": v for u, v in sizes.items()}},
            "jcbl-weekly tables are by --class, --kind and --competitors",
        )
        _tables.refuse({"--simultaneous": simultaneous}, "it is an SBF table switch")
        doc = _tables.weekly(klass, kind, competitors, sessions)
        if as_json:
            typer.echo(json.dumps(doc))
            return
        typer.echo(
            f"JCBL weekly, class {klass}, {doc['kind']}, {competitors} competitors"
            + (f", {sessions} sessions" if "sessions" in doc else "")
        )
        for place, value in enumerate(doc["awards"], start=1):
            typer.echo(f"{place:>3}  {value:.2f}")
        return
    if rules != "sbf":
        raise MasterpointError(
            "unknown rule set {rules!r}; choose one of {rule_sets}",
            code="masterpoint.unknown-rules",
            rules=rules,
            rule_sets=", ".join(_tables.RULE_SETS),
        )
    _tables.refuse(
        {"--class": klass, "--kind": kind, "--competitors": competitors, "--sessions": sessions},
        "it is a jcbl-weekly option; SBF tables take a name and --pairs, --teams or --players",
    )
    if name is None:
        raise MasterpointError(
            "sbf needs a table name: {tables}",
            code="masterpoint.sbf-needs-table",
            tables=", ".join(_tables.TABLE_NAMES),
        )
    given = [(u, v) for u, v in sizes.items() if v is not None]
    if len(given) != 1:
        raise MasterpointError(
            "give the field size once: --pairs, --teams or --players",
            code="masterpoint.field-size-once",
        )
    unit, size = given[0]
    scale, unit = _tables.sbf(name, unit, size, simultaneous)
    if as_json:
        typer.echo(
            json.dumps({"rules": "sbf", "table": scale.table, unit: size, **scale.as_json()})
        )
        return
    typer.echo(f"SBF table {scale.table}, {size} {unit} (points per player)")
    for place, (colour, points) in enumerate(scale.places(), start=1):
        typer.echo(f"{place:>3}  {points:>4} {colour.value}")
