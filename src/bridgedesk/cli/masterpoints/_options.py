"""The options several ``masterpoints`` commands share, each declared once (the ones
every command group shares, ``--db`` and ``--json``, are :mod:`bridgedesk.cli._options`')."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

__all__ = ["KindOption", "LedgerOption"]

LedgerOption = Annotated[
    Path | None,
    typer.Option(help="ledger CSV file instead of the database (created if missing when written)"),
]
KindOption = Annotated[
    str | None, typer.Option(help="JCBL: pairs, individual or teams [default: pairs]")
]
