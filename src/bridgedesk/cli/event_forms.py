"""``bridgedesk event forms EVENT --out DIR``: the paper of a club evening without phones.

Added to the ``event`` group through ``_EXTENSIONS`` of :mod:`bridgedesk.cli`.  Writes
the section's pick-up slips (one per table and round, its pairs and boards filled in),
its blank travelling score sheets (one per board, its tables filled in) and, for a
board-a-match team event, the B-a-M report form of every match: A4 HTML in the chosen
language, and PDF beside it with ``--pdf`` (:mod:`bridgedesk.services.paper`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from bridgedesk.cli._lang import LangOption, chosen
from bridgedesk.cli._options import DbOption, EventArg, SectionOption, SessionOption
from bridgedesk.cli._store import open_store
from bridgedesk.cli.event import app
from bridgedesk.reports.hand_records import html_to_pdf
from bridgedesk.reports.output import output_dir
from bridgedesk.services.paper import FORMS, forms


@app.command("forms")
def forms_command(
    event: EventArg,
    out: Annotated[Path, typer.Option("--out", help="Directory to write the forms into.")],
    only: Annotated[
        str | None, typer.Option("--only", help=f"One form: {', '.join(FORMS)}.")
    ] = None,
    pdf: Annotated[
        bool, typer.Option("--pdf", help="Also print each page to PDF (Chromium).")
    ] = False,
    section: SectionOption = "A",
    session: SessionOption = 1,
    db: DbOption = None,
    lang: LangOption = None,
) -> None:
    """Write the pick-up slips, travelling score sheets and B-a-M report forms (A4).

    Example: bridgedesk event forms "Tuesday pairs" --out paper/ --pdf

    Example: bridgedesk event forms "Autumn teams" --out paper/ --only bam_forms --lang ja
    """
    with open_store(db) as store:
        pages = forms(store, event, section, session, chosen(lang), only)
    target = output_dir(out)
    for name, html in pages.items():
        path = target / f"{name}.html"
        path.write_text(html, encoding="utf-8")
        typer.echo(str(path))
        if pdf:
            typer.echo(str(html_to_pdf(html, path.with_suffix(".pdf"))))
