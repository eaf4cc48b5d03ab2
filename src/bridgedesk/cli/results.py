"""``bridgedesk results EVENT``: score a stored event and print or write its results.

``--format text`` (the default) prints the ranking; ``html`` writes the whole
report set (ranking, recap, travellers, private score sheets, hand records
when deals are attached, and every data file) into ``--out``; ``csv``,
``json``, ``pbn`` and ``usebio`` print that one file, or write it into
``--out`` when given.
"""

from __future__ import annotations

import enum
from pathlib import Path
from typing import Annotated

import typer

from bridgedesk.cli._store import DbOption, EventArg, SectionOption, SessionOption, open_store


class ResultsFormat(enum.StrEnum):
    text = "text"
    html = "html"
    csv = "csv"
    json = "json"
    pbn = "pbn"
    usebio = "usebio"


class Lang(enum.StrEnum):
    en = "en"
    ja = "ja"


_FILES = {
    ResultsFormat.json: ("results.json",),
    ResultsFormat.pbn: ("results.pbn",),
    ResultsFormat.usebio: ("results.usebio.xml",),
    ResultsFormat.csv: ("ranking.csv", "travellers.csv"),
}


def command(
    event: EventArg,
    fmt: Annotated[
        ResultsFormat, typer.Option("--format", help="text, html, csv, json, pbn or usebio.")
    ] = ResultsFormat.text,
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Directory to write into (html needs it; default ./results)."),
    ] = None,
    lang: Annotated[Lang, typer.Option("--lang", help="Labels: en or ja.")] = Lang.en,
    dd: Annotated[
        bool,
        typer.Option("--dd", help="Add double-dummy tables and par to the hand records (slower)."),
    ] = False,
    pdf: Annotated[
        bool,
        typer.Option("--pdf", help="With --format html: also print every page to PDF (Chromium)."),
    ] = False,
    section: SectionOption = "A",
    session: SessionOption = 1,
    db: DbOption = None,
) -> None:
    """Score an event and print its ranking or write its results and reports.

    Example: bridgedesk results "Tuesday pairs" --format html --out results/ --lang ja

    Example: bridgedesk results 3 --format usebio --out upload/

    Example: bridgedesk results 3 --format html --out results/ --pdf
    """
    from bridgedesk.errors import BridgedeskError
    from bridgedesk.reports import bundle
    from bridgedesk.reports.scored import score_section
    from bridgedesk.reports.session import ranking_text

    with open_store(db) as store:
        snapshot = store.section_results(event, section=section, session=session)
        deals = store.deals(event)
    if pdf and fmt is not ResultsFormat.html:
        raise BridgedeskError("--pdf goes with --format html (it prints the HTML pages)")
    scored = score_section(snapshot)
    if fmt is ResultsFormat.text:
        typer.echo(ranking_text(scored, lang.value), nl=False)
        return
    if fmt is ResultsFormat.html:
        target = out if out is not None else Path("results")
        records = None
        if dd and deals:
            from bridgedesk.deals.dd import analyse

            records = analyse([r.deal for r in bundle.records_from_deals(deals, scored.boards)])
        written = bundle.write_all(scored, target, lang=lang.value, deals=deals, records=records)
        if pdf:
            from bridgedesk.reports.hand_records import html_to_pdf

            for page in [p for p in written if p.suffix == ".html" and p.stem != "index"]:
                written.append(html_to_pdf(page.read_text("utf-8"), page.with_suffix(".pdf")))
        for path in written:
            typer.echo(str(path))
        return
    names = _FILES[fmt]
    if out is None:
        for name in names:
            text = bundle.data_text(scored, name, deals).decode("utf-8-sig")
            typer.echo(text.replace("\r\n", "\n"), nl=False)
        return
    out.mkdir(parents=True, exist_ok=True)
    for name in names:
        path = out / name
        path.write_bytes(bundle.data_text(scored, name, deals))
        typer.echo(str(path))
