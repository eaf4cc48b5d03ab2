"""Options several commands share, declared once (their type, flag and help); the
language's is :mod:`bridgedesk.cli._lang`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from bridgedesk.reports.output import Output

__all__ = ["FormatOption", "OutDirOption"]


FormatOption = Annotated[
    Output, typer.Option("--format", help="text, html, csv, json, pbn or usebio.")
]
OutDirOption = Annotated[
    Path | None,
    typer.Option("--out", help="Directory to write into (html needs it; default ./results)."),
]
