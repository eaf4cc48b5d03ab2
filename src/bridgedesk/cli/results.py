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
from typing import TYPE_CHECKING, Annotated

import typer

from bridgedesk.cli import _individual
from bridgedesk.cli import _limits as limit
from bridgedesk.cli._lang import LangOption, chosen
from bridgedesk.cli._paths import output_dir
from bridgedesk.cli._slips import report_missing
from bridgedesk.cli._store import DbOption, EventArg, open_store
from bridgedesk.cli._team_results import team_results
from bridgedesk.cli.event_sessions import show_event
from bridgedesk.deals.dd import analyse
from bridgedesk.errors import BridgedeskError
from bridgedesk.reports import bundle
from bridgedesk.reports.hand_records import html_to_pdf
from bridgedesk.reports.overall import overall_text
from bridgedesk.reports.session import ranking_text
from bridgedesk.results.individual import score_individual_section
from bridgedesk.results.section import score_sections
from bridgedesk.store import director, event_results, team_events
from bridgedesk.store.pair_rounds import is_round_by_round
from bridgedesk.store.pair_rounds import options as event_options
from bridgedesk.store.session_deals import session_deals

if TYPE_CHECKING:
    from bridgedesk.events.individual import IndividualPlan
    from bridgedesk.events.rulings import Rulings
    from bridgedesk.results.model import ScoredSession
    from bridgedesk.store.service import Store


class ResultsFormat(enum.StrEnum):
    text = "text"
    html = "html"
    csv = "csv"
    json = "json"
    pbn = "pbn"
    usebio = "usebio"


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
    asked_lang: LangOption = None,
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
            help="Refuse unless every slip is in or marked not played (004:3838-3846).",
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
    # The writers and templates load only when the command runs (bridgedesk --help stays quick).
    lang = chosen(asked_lang)
    if pdf and fmt is not ResultsFormat.html:
        raise BridgedeskError("--pdf goes with --format html (it prints the HTML pages)")
    asked = session  # a team event's sessions: cli/_team_results.py
    if session is None:
        with open_store(db) as store:
            whole = section is None and event_results.is_whole_event(store, event)
        if whole:  # several sessions, or a final: cli/event_sessions.py
            if flight:
                raise BridgedeskError("--flight is for an SRR teams + pairs event")
            if pdf or dd:
                raise BridgedeskError("--pdf and --dd print one session: give --session N")
            show_event(db, event, fmt.value, out, lang, final)
            return
        session = 1
    with open_store(db) as store:
        if team_events.is_team_event(store, event):
            if dd or pdf or section is not None:
                raise BridgedeskError("--dd, --pdf and --section are for a pairs event")
            team_results(store, event, fmt.value, out, lang, final, asked, flight or ())
            return
        if flight:
            raise BridgedeskError("--flight is for an SRR teams + pairs event")
        info = store.event(event)
        if is_round_by_round(store, event):  # Swiss pairs, barometer, Houston pairs
            from bridgedesk.cli.results_rounds import run

            return run(store, event, fmt.value, out, lang, final)
        convention = event_options(store, event).convention
        names = [n for number, ns in info.sections if number == session for n in ns]
        if section is not None or not names:
            names = [section or "A"]  # the store says which sections exist
        if len(names) > 1 and fmt is ResultsFormat.html:
            for name in names:  # each section's directory stays inside --out
                bundle.inside(out if out is not None else Path("results"), name)
        snapshots = [store.section_results(event, section=n, session=session) for n in names]
        # a later session's own boards (store/session_deals.py); the event's are session 1's
        deals = store.deals(event) if session == 1 else session_deals(store, event, session)
        plan = _individual.plan_of(store, event, names[0], session)  # players ranked alone
        provisional = _check_slips(store, event, names, session, final, plan)
        rulings = _rulings(store, event, session)
    if provisional and fmt is ResultsFormat.text:
        typer.echo(provisional)
    if plan is not None:
        scored = score_individual_section(
            snapshots[0], plan, deals=deals, rulings=rulings.get(names[0])
        )
    else:
        scored = score_sections(snapshots, deals=deals, rulings=rulings, convention=convention)
    if len(snapshots) > 1:
        _several(scored, fmt, out, lang, pdf)
        return
    if fmt is ResultsFormat.text:
        typer.echo(ranking_text(scored, lang), nl=False)
        return
    if fmt is ResultsFormat.html:
        target = output_dir(out if out is not None else Path("results"))
        records = None
        if dd and deals:
            records = analyse([r.deal for r in bundle.records_from_deals(deals, scored.boards)])
        written = bundle.write_all(scored, target, lang=lang, records=records)
        if pdf:
            written += _pdf(written)
        for path in written:
            typer.echo(str(path))
        return
    files = _FILES[fmt]
    if out is None:
        for name in files:
            text = bundle.data_text(scored, name).decode("utf-8-sig")
            typer.echo(text.replace("\r\n", "\n"), nl=False)
        return
    output_dir(out)
    for name in files:
        path = out / name
        path.write_bytes(bundle.data_text(scored, name))
        typer.echo(str(path))


def _pdf(written: list[Path]) -> list[Path]:
    """Every written page but the index, printed to PDF beside it."""

    return [
        html_to_pdf(page.read_text("utf-8"), page.with_suffix(".pdf"))
        for page in written
        if page.suffix == ".html" and page.stem != "index"
    ]


def _several(
    scored: ScoredSession, fmt: ResultsFormat, out: Path | None, lang: str, pdf: bool
) -> None:
    """Every section of the session, then the ranking across them."""

    names = ", ".join(s.name for s in scored.sections)
    if fmt not in (ResultsFormat.text, ResultsFormat.html):
        raise BridgedeskError(
            f"the session has sections {names}: give --section for --format {fmt.value} "
            "(text and html cover every section)"
        )
    if fmt is ResultsFormat.text:
        for sec in scored.sections:
            typer.echo(f"== {sec.name} ==")
            typer.echo(ranking_text(scored.with_section(sec), lang))
        typer.echo(overall_text(scored, lang), nl=False)
        return
    target = output_dir(out if out is not None else Path("results"))
    written = bundle.write_sections(scored, target, lang=lang)
    if pdf:
        written += _pdf(written)
    for path in written:
        typer.echo(str(path))


def _check_slips(
    store: Store,
    event: str,
    names: list[str],
    session: int,
    final: bool,
    plan: IndividualPlan | None = None,
) -> str:
    """Missing slips (004:3838-3846): with ``final`` refuse, listing them on standard
    error; otherwise warn there and return the line marking the ranking provisional.
    An individual's slip is listed with its four players (``plan``)."""

    missing = [(n, slip) for n in names for slip in director.missing(store, event, n, session)]
    if not missing:
        return ""
    planned = sum(director.planned(store, event, n, session) for n in names)
    where = [
        (f"section {n} " if len(names) > 1 else "")
        + (str(slip) if plan is None else plan.describe_slip(slip))
        for n, slip in missing
    ]
    return report_missing(where, planned, final, "bridgedesk result not-played")


def _rulings(store: Store, event: str, session: int) -> dict[str, Rulings]:
    """Each section's director's rulings (penalties, fouled boards), by section name."""

    return {
        n: director.rulings(store, event, n, session)
        for number, names in store.event(event).sections
        if number == session
        for n in names
    }
