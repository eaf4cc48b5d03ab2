"""``bridgedesk event tables EVENT`` and ``bridgedesk event round EVENT ROUND``.

Added to the ``event`` group through ``_EXTENSIONS`` of :mod:`bridgedesk.cli`.
``tables`` lists each table's login code for the table terminals (made the
first time they are asked for, random per event), prints table cards with a QR
code that opens the terminal already logged in (``--cards``), or replaces the
codes, logging every terminal out (``--revoke``).  ``round`` lets the director
hold a round (tables that have finished it wait), close it (tables can no
longer enter or correct in it) or open it again.
"""

from __future__ import annotations

import enum
import json
from pathlib import Path
from typing import Annotated

import typer

from bridgedesk import limits as limit
from bridgedesk.cli._lang import LangOption, chosen
from bridgedesk.cli._options import (
    ByOption,
    DbOption,
    EventArg,
    LastRoundOption,
    SectionOption,
    SessionOption,
    TextOrJsonOption,
    output_choice,
)
from bridgedesk.cli._store import open_store, who
from bridgedesk.cli._team_draw import team_round
from bridgedesk.cli.event import app
from bridgedesk.errors import EntryError, MovementError
from bridgedesk.reports.output import Output
from bridgedesk.reports.pair_rounds import draw_lines
from bridgedesk.reports.table_cards import cards_html
from bridgedesk.services.draws import next_pair_round
from bridgedesk.services.lan import table_base
from bridgedesk.store import team_events
from bridgedesk.store.terminals import CLOSED, HELD, set_round, table_codes


@app.command("tables")
def tables(
    event: EventArg,
    fmt: TextOrJsonOption = "text",
    cards: Annotated[
        bool, typer.Option("--cards", help="Print table cards (HTML, with a QR code each).")
    ] = False,
    revoke: Annotated[
        bool, typer.Option("--revoke", help="Make new codes; every table logs in again.")
    ] = False,
    url: Annotated[
        str,
        typer.Option(
            "--url",
            help="The server's address as the tables reach it (cards); this computer's "
            "network address by default.",
        ),
    ] = "http://127.0.0.1:8000",
    out: Annotated[Path | None, typer.Option("--out", help="Write the cards to this file.")] = None,
    lang: LangOption = None,
    section: Annotated[
        str | None, typer.Option("--section", help="One section (default: all).")
    ] = None,
    session: SessionOption = 1,
    db: DbOption = None,
) -> None:
    """List the table terminals' login codes (or print table cards, or revoke them).

    Example: bridgedesk event tables "Tuesday pairs" --format json

    Example: bridgedesk event tables 3 --cards --url http://192.0.2.10:8000 --out cards.html
    """

    form = output_choice(fmt, Output.TEXT, Output.JSON)
    language = chosen(lang)  # checked before any code is made: a refused call changes nothing
    with open_store(db) as store:
        info = store.event(event)
        codes = table_codes(store, info.id, session=session, section=section, revoke=revoke)
    if cards:
        base, warning = table_base(url)  # a loopback address reaches no phone
        if warning:
            typer.echo(f"warning: {warning}", err=True)
        html = cards_html(info.id, info.event.name, codes, base, language, warning)
        if out is None:
            typer.echo(html, nl=False)
        else:
            out.write_text(html, encoding="utf-8")
            typer.echo(str(out))
        return
    if form is Output.JSON:
        rows = [{"section": c.section, "table": c.table, "code": c.code} for c in codes]
        typer.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    if revoke:
        typer.echo("new codes: the terminals logged in with the old ones must log in again")
    for c in codes:
        typer.echo(f"section {c.section} table {c.table:>3}  {c.code}")


class RoundState(enum.StrEnum):
    hold = "hold"
    close = "close"
    open = "open"


@app.command("round")
def round_(
    event: EventArg,
    round: Annotated[
        int | None, typer.Argument(min=1, max=limit.ROUNDS, help="The round.", show_default=False)
    ] = None,
    action: Annotated[
        RoundState | None,
        typer.Argument(help="hold (tables wait), close (only the director corrects) or open."),
    ] = None,
    next_: Annotated[
        bool,
        typer.Option(
            "--next",
            help="Draw the next round: a team event's Swiss or knockout round, or a Swiss "
            "pairs, barometer or Houston pairs round from the standings so far (no rematch; "
            "see `bridgedesk event draw --help`).",
        ),
    ] = False,
    boards: Annotated[
        int,
        typer.Option(
            "--boards",
            min=1,
            max=limit.BOARDS_PER_ROUND,
            help="Pairs with --next: boards a table plays.",
        ),
    ] = 6,
    last_round: LastRoundOption = False,
    section: SectionOption = "A",
    session: SessionOption = 1,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """Hold, close or open a round for the table terminals, or draw the next round; for
    a team event, with no ROUND, show its draw (docs/teams.md).

    Example: bridgedesk event round "Tuesday pairs" 3 close

    Example: bridgedesk event round "Club Swiss" --next --boards 6

    Example: bridgedesk event round "Autumn Swiss" --next
    """

    if next_ or (round is None and action is None):
        if round is not None or action is not None:
            raise MovementError(
                "--next draws the next round: give no ROUND or ACTION with it",
                code="round.next-alone",
            )
        with open_store(db) as store:
            teams = team_events.is_team_event(store, event)
        if teams or not next_:  # a pairs event with nothing to do: the teams' refusal
            team_round(event, next_, last_round, db)
            return
        if last_round:
            raise MovementError(
                "--last-round is for a Swiss team event", code="round.last-round-swiss"
            )
        with open_store(db) as store:  # Swiss pairs, barometer, Houston pairs
            drawn = next_pair_round(store, event, boards)
        for line in draw_lines(drawn.draw, drawn.boards, drawn.names):
            typer.echo(line)
        return
    if round is None or action is None or last_round:
        raise EntryError(
            "give a round and hold, close or open (or --next)", code="round.choose-action"
        )
    state = {RoundState.hold: HELD, RoundState.close: CLOSED, RoundState.open: None}[action]
    with open_store(db) as store:
        set_round(store, event, round, state, who(by), section=section, session=session)
    typer.echo(f"section {section} round {round}: {state or 'open'}")
