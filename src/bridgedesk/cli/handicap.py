"""``bridgedesk handicap``: a pairs session ranked with and without handicaps
(docs/handicap.md)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Annotated

import typer

from bridgedesk.cli._lang import LangOption, chosen
from bridgedesk.cli._options import DbOption, EventArg, JsonOption, SessionOption
from bridgedesk.cli._store import open_store
from bridgedesk.formats import handicap_file
from bridgedesk.reports.handicap import handicap_dict, handicap_text
from bridgedesk.services.handicaps import HandicapAsked, handicap_session


def command(
    event: EventArg,
    ratings: Annotated[
        Path | None,
        typer.Option("--ratings", help="CSV member,rating: each player's average percentage."),
    ] = None,
    grades: Annotated[
        str | None,
        typer.Option(
            "--grades",
            help="The club's bands FROM:HANDICAP on the ledger's masterpoints, "
            "e.g. 0:6,5:4,20:2,50:1,100:0.",
        ),
    ] = None,
    share: Annotated[
        int, typer.Option("--share", min=1, max=100, help="Percent of the handicap applied.")
    ] = 100,
    session: SessionOption = 1,
    section: Annotated[str | None, typer.Option("--section", help="Section name.")] = None,
    as_json: JsonOption = False,
    lang: LangOption = None,
    db: DbOption = None,
) -> None:
    """Rank a pairs session with handicaps from ratings or masterpoints (004:4205).

    Example: bridgedesk handicap "Tuesday pairs" --ratings ratings.csv --share 90
    """
    asked = HandicapAsked(
        handicap_file.load(ratings) if ratings is not None else None,
        handicap_file.parse_grades(grades) if grades is not None else None,
        Fraction(share, 100),
    )
    with open_store(db) as db_store:
        done = handicap_session(db_store, event, asked, session=session, section=section)
    if as_json:
        typer.echo(json.dumps(handicap_dict(done), ensure_ascii=False, indent=1))
    else:
        typer.echo(handicap_text(done, chosen(lang)), nl=False)
