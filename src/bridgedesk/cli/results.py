"""``bridgedesk results EVENT``: score a stored event and print or write its results.

``--format text`` (the default) prints the ranking; ``html`` writes the whole
report set (ranking, recap, travellers, private score sheets, hand records
when deals are attached, and every data file) into ``--out``; ``csv``,
``json``, ``pbn`` and ``usebio`` print that one file, or write it into
``--out`` when given.
"""

from __future__ import annotations

from typing import Annotated

import typer

from bridgedesk import limits as limit
from bridgedesk.cli._lang import LangOption, chosen
from bridgedesk.cli._options import DbOption, EventArg, FormatOption, OutDirOption
from bridgedesk.cli._store import open_store, who
from bridgedesk.errors import BridgedeskError
from bridgedesk.i18n import Phrase, listed, phrase, said_in
from bridgedesk.reports.output import Output
from bridgedesk.services.publishing import Publication, Published, publish


def command(
    event: EventArg,
    fmt: FormatOption = Output.TEXT,
    out: OutDirOption = None,
    lang: LangOption = None,
    dd: Annotated[
        bool,
        typer.Option("--dd", help="Add double-dummy tables and par to the hand records (slower)."),
    ] = False,
    pdf: Annotated[
        bool,
        typer.Option("--pdf", help="With --format html: also print every page to PDF (Chromium)."),
    ] = False,
    section: Annotated[
        str | None,
        typer.Option("--section", help="One section (default: every section of the session)."),
    ] = None,
    final: Annotated[
        bool,
        typer.Option(
            "--final",
            help="Refuse unless every slip is in or marked not played (004:3838-3846) and no "
            "result is under dispute.",
        ),
    ] = False,
    despite_disputes: Annotated[
        bool,
        typer.Option(
            "--despite-disputes",
            help="With --final: publish although a result is under dispute (said in the "
            "output, kept in the director's audit log).",
        ),
    ] = False,
    missing: Annotated[
        bool,
        typer.Option(
            "--missing",
            help="List every missing slip (without it, the first few and how many in all).",
        ),
    ] = False,
    session: Annotated[
        int | None,
        typer.Option(
            "--session",
            min=1,
            max=limit.SESSIONS,
            help="One session (default: the whole event; session 1 of a one-session event).",
        ),
    ] = None,
    flight: Annotated[
        list[str] | None,
        typer.Option(
            "--flight",
            help="SRR teams + pairs: another flight (event) of the same pair field "
            "(004:2650-2651); repeat for more.",
        ),
    ] = None,
    db: DbOption = None,
) -> None:
    """Score an event and print its ranking or write its results and reports.

    Example: bridgedesk results "Tuesday pairs" --format html --out results/ --lang ja

    Example: bridgedesk results 3 --format usebio --out upload/

    Example: bridgedesk results 3 --format html --out results/ --pdf

    Example: bridgedesk results "Autumn teams" --out teams/ (a team event: standings,
    cross-table, scorecards... as `teams score` writes them, docs/teams.md)

    An event with several sections: each is scored and ranked on its own, and the
    pairs are ranked across sections by percentage (004:1315-1320); html writes a
    directory per section and an index with that ranking.

    An event of several sessions (or a final): each session's ranking, then the
    ranking over all sessions by competitor (with a final's carry-over); html writes
    session-N/ for each session, combined.html and results.json.
    """
    asked = Publication(
        fmt, out, chosen(lang), final, session, section, tuple(flight or ()), dd, pdf,
        despite_disputes=despite_disputes, who=who(None),
    )  # fmt: skip
    with open_store(db) as store:
        try:
            done = publish(store, event, asked)
        except BridgedeskError as exc:
            raise exc.noted(summarised(exc.details, missing)) from None
    echo(done, missing, asked.lang)


#: Missing slips listed by name before the rest are counted (``--missing``: all).
FIRST_MISSING = 3


def summarised(notes: tuple[str, ...], every: bool = False) -> tuple[str, ...]:
    """The missing slips as standard error shows them: each one with ``every``, else
    the first :data:`FIRST_MISSING` and how many in all, on one line."""
    if every or len(notes) <= FIRST_MISSING:
        return notes
    first = listed([_slip_of(n) for n in notes[:FIRST_MISSING]])
    line = phrase(
        "missing slips: {first}; {count} in all (--missing lists every one)",
        first=first,
        count=len(notes),
    )
    return (line,)


def _slip_of(note: str) -> object:
    """The slip a "missing slip: ..." note names (a phrase: said in the reader's words)."""
    if isinstance(note, Phrase) and "slip" in note.params:
        return note.params["slip"]
    return note.removeprefix("missing slip: ")


def echo(done: Published, every: bool = False, lang: str = "en") -> None:
    """What a publication printed and wrote, as the command line shows it."""
    for line in summarised(done.notes, every):
        typer.echo(str(said_in(line, lang)), err=True)
    if done.text:
        typer.echo(done.text, nl=False)
    for path in done.files:
        typer.echo(str(path))
