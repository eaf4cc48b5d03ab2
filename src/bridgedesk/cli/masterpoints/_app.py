"""The ``bridgedesk masterpoints`` command group (its commands live beside it)."""

from __future__ import annotations

import typer

app = typer.Typer(
    name="masterpoints",
    help="Masterpoint tables (JCBL, SBF), awards for a ranking, and the player ledger.",
    no_args_is_help=True,
    add_completion=False,
)
