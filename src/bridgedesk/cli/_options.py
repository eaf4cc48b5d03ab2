"""Options several commands share, declared once (their type, flag and help)."""

from __future__ import annotations

import enum
from pathlib import Path
from typing import Annotated

import typer

from bridgedesk.reports.output import Output

__all__ = ["FormatOption", "Lang", "LangOption", "OutDirOption"]


class Lang(enum.StrEnum):
    """The languages of printed labels."""

    en = "en"
    ja = "ja"


LangOption = Annotated[Lang, typer.Option("--lang", help="Labels: en or ja.")]
FormatOption = Annotated[
    Output, typer.Option("--format", help="text, html, csv, json, pbn or usebio.")
]
OutDirOption = Annotated[
    Path | None,
    typer.Option("--out", help="Directory to write into (html needs it; default ./results)."),
]
