"""The director's tools on a stored event's results, added to ``bridgedesk result``.

``penalty`` (003:47-121), ``fouled`` (004:3531-3658, 003:161-226), ``not-played``
(004:3838-3846), ``rulings`` and ``cancel``; every one is audited (who, when,
why), see :mod:`bridgedesk.services.rulings`.  ``release`` shows a session's
travellers and hands to everybody before every table has played them (or folds
them again), :func:`bridgedesk.services.visibility.release`, audited likewise.
This module is listed in ``_EXTENSIONS`` of :mod:`bridgedesk.cli`.
"""

from __future__ import annotations

from typing import Annotated

import typer

from bridgedesk import limits as limit
from bridgedesk.cli._lang import LangOption, chosen
from bridgedesk.cli._options import (
    BoardOption,
    ByOption,
    DbOption,
    EventArg,
    RoundOption,
    SectionOption,
    SessionOption,
    TableOption,
    pair_name,
)
from bridgedesk.cli._store import open_store, who
from bridgedesk.cli.result import app, pair_numbers
from bridgedesk.errors import EntryError
from bridgedesk.events.rulings import (
    PenaltyUnit,
    ProceduralPenalty,
    fouled_places,
    parse_amount,
    parse_places,
)
from bridgedesk.services import rulings, visibility
from bridgedesk.store import director
from bridgedesk.store.team_events import is_team_event

Reason = Annotated[str, typer.Option("--reason", help="Why (printed and kept in the audit log).")]
Amount = Annotated[str | None, typer.Option(show_default=False)]


@app.command("penalty")
def penalty(
    event: EventArg,
    pair: Annotated[
        str,
        typer.Option(
            "--pair", "--player", help="The penalised pair (player): 7, or NS 3 / EW 1 (Mitchell)."
        ),
    ],
    reason: Reason,
    boards: Annotated[
        str | None, typer.Option("--boards", help="In boards (1, 0.5): JCBL's unit (003:47-59).")
    ] = None,
    mp: Annotated[str | None, typer.Option("--mp", help="In matchpoints.")] = None,
    percent: Annotated[
        str | None, typer.Option("--percent", help="In percent of one board's top.")
    ] = None,
    imp: Annotated[str | None, typer.Option("--imp", help="In IMPs (IMP pairs).")] = None,
    board: Annotated[
        int | None,
        typer.Option("--board", min=1, max=limit.BOARDS, help="The board it was given on (shown)."),
    ] = None,
    section: SectionOption = "A",
    session: SessionOption = 1,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """Give a pair a procedural penalty (003:47-121), in one of four units.

    Example: bridgedesk result penalty "Tuesday pairs" --pair 3 --boards 0.5 --reason "slow play"

    Example: bridgedesk result penalty 1 --pair 3 --mp 2 --reason "wrong board, second time"
    """

    given = [
        (unit, value, option)
        for unit, value, option in (
            (PenaltyUnit.BOARDS, boards, "--boards"),
            (PenaltyUnit.MATCHPOINTS, mp, "--mp"),
            (PenaltyUnit.PERCENT, percent, "--percent"),
            (PenaltyUnit.IMPS, imp, "--imp"),
        )
        if value is not None
    ]
    if len(given) != 1:
        raise EntryError(
            "give the penalty's size once: --boards, --mp, --percent or --imp",
            code="penalty.size-once",
        )
    unit, value, option = given[0]
    side, number = pair_name(pair)
    amount = parse_amount(value, option)
    with open_store(db) as store:
        numbers = pair_numbers(store, event, section, session)
        p = ProceduralPenalty(numbers.named(number, side), amount, unit, reason, board)
        rid = rulings.penalty(store, event, p, who=who(by), section=section, session=session)
    typer.echo(f"ruling {rid}: penalty on pair {numbers.label(p.pair)}, {p.text} ({reason})")


@app.command("fouled")
def fouled(
    event: EventArg,
    board: Annotated[
        int, typer.Option("--board", min=1, max=limit.BOARDS, help="The fouled board.")
    ],
    reason: Reason,
    at: Annotated[
        list[str] | None,
        typer.Option("--at", help="ROUND:TABLE that played the changed hands (repeat it)."),
    ] = None,
    from_round: Annotated[
        int | None,
        typer.Option(
            "--from-round",
            min=1,
            max=limit.ROUNDS,
            help="Every table playing it from this round on.",
        ),
    ] = None,
    group: Annotated[
        str, typer.Option("--group", help="The changed hands' group (the dealt hands are 1).")
    ] = "2",
    section: SectionOption = "A",
    session: SessionOption = 1,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """Mark a fouled board: the tables that played changed hands form a group, scored
    apart and brought to the board's top (004:3531-3658).

    Example: bridgedesk result fouled "Tuesday pairs" --board 5 --from-round 3
    --reason "E and W hands swapped at round 3 table 2"

    Example: bridgedesk result fouled 1 --board 5 --at 2:1 --at 3:3 --reason "..."
    """

    places = parse_places(at or [])
    with open_store(db) as store:
        if from_round is not None:
            movement = store.movement(event, section=section, session=session)
            if movement is None:
                raise EntryError(
                    "section {section} has no movement yet",
                    code="section.no-movement-yet",
                    section=section,
                )
            places = fouled_places(movement, board, from_round, places)
        ids = rulings.fouled(
            store,
            event,
            board,
            places,
            group,
            reason=reason,
            who=who(by),
            section=section,
            session=session,
        )
    shown = ", ".join(f"round {r} table {t}" for r, t in places)
    typer.echo(f"ruling(s) {', '.join(map(str, ids))}: board {board} group {group}: {shown}")


@app.command("not-played")
def not_played(
    event: EventArg,
    round_: RoundOption,
    table: TableOption,
    board: BoardOption,
    reason: Reason,
    section: SectionOption = "A",
    session: SessionOption = 1,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """Mark a board not played at a table, so the results can be made final
    (its pairs are factored up, 004:1297-1302).

    Example: bridgedesk result not-played "Tuesday pairs" --round 2 --table 3 --board 6
    --reason "out of time"
    """

    with open_store(db) as store:
        rid = rulings.not_played(
            store,
            event,
            round_,
            table,
            board,
            reason=reason,
            who=who(by),
            section=section,
            session=session,
        )
    typer.echo(f"ruling {rid}: board {board} not played at round {round_} table {table}")


@app.command("rulings")
def list_rulings(
    event: EventArg,
    section: SectionOption = "A",
    session: SessionOption = 1,
    db: DbOption = None,
) -> None:
    """List the director's rulings in force (penalties, fouled boards, not played).

    Example: bridgedesk result rulings "Tuesday pairs"
    """

    with open_store(db) as store:
        lines = director.ruling_lines(store, event, section=section, session=session)
    if not lines:
        typer.echo("no rulings")
    for rid, text in lines:
        typer.echo(f"#{rid:<4} {text}")


@app.command("cancel")
def cancel(
    event: EventArg,
    ruling: Annotated[
        int, typer.Argument(min=1, max=limit.ROW_ID, help="The ruling's id.", show_default=False)
    ],
    reason: Reason,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """Cancel a ruling (kept in the audit log).

    Example: bridgedesk result cancel "Tuesday pairs" 4 --reason "appeal upheld"
    """

    with open_store(db) as store:
        aid = director.cancel_ruling(store, event, ruling, reason=reason, who=who(by))
    typer.echo(f"audit {aid}: ruling {ruling} cancelled")


@app.command("release")
def release(
    event: EventArg,
    reason: Reason,
    fold: Annotated[
        bool, typer.Option("--fold", help="Fold them again: the visibility rule holds again.")
    ] = False,
    session: SessionOption = 1,
    by: ByOption = None,
    db: DbOption = None,
    lang: LangOption = None,
) -> None:
    """Show a session's travellers and hands to everybody now, before every table has
    played them (the live pages, the ranking JSON, every table); --fold hides them again.
    A team event's release shows every round's boards and scorecards.  Audited.

    Example: bridgedesk result release "Tuesday pairs" --reason "results on the club's screen"
    """

    language = chosen(lang)
    with open_store(db) as store:
        aid = visibility.release(store, event, session, shown=not fold, who=who(by), reason=reason)
        team = is_team_event(store, event)
    typer.echo(visibility.release_said(language, aid, session, shown=not fold, team=team))
