"""``bridgedesk result``: enter, correct, undo, list and import results.

``-2`` after the contract is a result, not an option: these commands pass
unknown dash-words through as arguments.
"""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from bridgedesk import limits as limit
from bridgedesk.bridge import Side
from bridgedesk.cli import _individual
from bridgedesk.cli._options import (
    AdjustedOption,
    BoardOption,
    ByOption,
    CorrectedAdjustedOption,
    CorrectedLeadOption,
    DbOption,
    DirectorOption,
    EventArg,
    LeadOption,
    ReasonOption,
    RoundOption,
    SectionOption,
    SessionOption,
    TableOption,
)
from bridgedesk.cli._store import open_store, parse_datetime, who
from bridgedesk.errors import BridgedeskError, EntryError, FormatError, Location
from bridgedesk.events import make_result
from bridgedesk.events.correction import corrected
from bridgedesk.events.pair_numbers import PairNumbers
from bridgedesk.events.slips import SeatedResult
from bridgedesk.formats import results_csv
from bridgedesk.reports.output import output_file
from bridgedesk.services import missing_slips, slips

if TYPE_CHECKING:
    from bridgedesk.store.service import Store, StoredResult

app = typer.Typer(help="Enter, correct and import results.", no_args_is_help=True)

#: The result commands read a slip's words after the options (``4SX S -2``), so
#: typer must let a word that looks like an option through to :func:`split_slip`.
PASS_THROUGH = {"ignore_unknown_options": True}

Seat = Annotated[
    int | None,
    typer.Option(min=1, max=limit.ENTRY_NUMBER, help="An individual's player at this seat."),
]

SlipArgs = Annotated[
    list[str] | None,
    typer.Argument(
        help="CONTRACT DECLARER RESULT, e.g. 4SX S -2 (or 3NT N =, or PASS).",
        show_default=False,
    ),
]


def split_slip(slip: list[str] | None) -> tuple[str | None, str | None, str | None]:
    """A slip's words as contract, declarer and result (``None`` for each left out);
    an unknown option that came through :data:`PASS_THROUGH` is refused here."""
    words = list(slip or [])
    for word in words:
        if word.startswith("--"):
            raise EntryError(
                "unknown option {word}; see --help", code="result.unknown-option", word=word
            )
    if len(words) > 3:
        raise EntryError(
            "expected CONTRACT DECLARER RESULT, got {words!r}",
            code="result.expected-words",
            words=" ".join(words),
        )
    words += [""] * (3 - len(words))
    contract, declarer, result = (w or None for w in words)
    return contract, declarer, result


def pair_numbers(store: "Store", event: str, section: str, session: int) -> PairNumbers:
    """The section's pairs as the cards number them (an EW 1 of a Mitchell is typed 1)."""
    return PairNumbers.of(store.movement(event, section=section, session=session))


def _line(stored: "StoredResult", numbers: PairNumbers | None = None) -> str:
    r = stored.result
    score = r.ns_score
    shown = "" if score is None else f"  NS {score:+d}"
    lead = f"  lead {r.lead}" if r.lead else ""
    override = f"  (director: {stored.override})" if stored.override else ""
    pairs = (numbers or PairNumbers()).seated(r.ns, r.ew)
    return (
        f"#{stored.id:<5} board {r.board:>2}  round {r.round} table {r.table}  "
        f"{pairs}  {r.result_text}{shown}{lead}{override}"
    )


def _lines(store: "Store", event: str, stored: "list[StoredResult]") -> list[str]:
    """Each stored result as a line, its pairs as its section's cards number them."""
    found: dict[tuple[str, int], PairNumbers] = {}
    out = []
    for x in stored:
        key = (x.result.section, x.result.session)
        if key not in found:
            found[key] = pair_numbers(store, event, *key)
        out.append(_line(x, found[key]))
    return out


@app.command("add", context_settings=PASS_THROUGH)
def add(
    event: EventArg,
    round: RoundOption,
    table: TableOption,
    board: BoardOption,
    ns: Annotated[
        int | None,
        typer.Option(
            "--ns", min=1, max=limit.ENTRY_NUMBER, help="NS pair number.", show_default=False
        ),
    ] = None,
    ew: Annotated[
        int | None,
        typer.Option(
            "--ew", min=1, max=limit.ENTRY_NUMBER, help="EW pair number.", show_default=False
        ),
    ] = None,
    slip: SlipArgs = None,
    north: Seat = None,
    south: Seat = None,
    east: Seat = None,
    west: Seat = None,
    lead: LeadOption = None,
    adjusted: AdjustedOption = None,
    override: Annotated[
        str | None,
        typer.Option(
            "--override",
            help="Director's reason to accept pairs or a board the movement did not plan "
            "(both pairs must play the board for the first time).",
        ),
    ] = None,
    section: SectionOption = "A",
    session: SessionOption = 1,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """Enter one result slip line, checked against the movement.

    Example: bridgedesk result add "Tuesday pairs" --round 2 --table 4 --board 7
    --ns 3 --ew 10 4SX S -2

    Example (an individual, 004:1576-1614): bridgedesk result add "Spring individual"
    --round 1 --table 1 --board 1 --north 12 --south 6 --east 5 --west 2 4S N =
    """

    contract, declarer, result = split_slip(slip)
    ns, ew, players = _individual.slip_seats(ns, ew, (north, south, east, west), override)
    with open_store(db) as store:
        numbers = PairNumbers() if players else pair_numbers(store, event, section, session)
        ns, ew = numbers.entered(ns, ew)  # the cards' numbers: EW 1 of a Mitchell is 1
        entered = make_result(
            round=round,
            table=table,
            board=board,
            ns=ns,
            ew=ew,
            contract=contract,
            declarer=declarer,
            result=result,
            lead=lead,
            adjusted=adjusted,
            section=section,
            session=session,
        )
        given = entered if players is None else SeatedResult(entered, players)
        rid = slips.enter(store, event, given, who=who(by), override=override)
    score = entered.ns_score
    sides = numbers.seated(ns, ew) if players is None else "N {} S {} v E {} W {}".format(*players)
    typer.echo(
        f"result {rid}: board {board} {sides} {entered.result_text}"
        + ("" if score is None else f" (NS {score:+d})")
    )


@app.command("correct", context_settings=PASS_THROUGH)
def correct(
    event: EventArg,
    reason: ReasonOption,
    slip: SlipArgs = None,
    result_id: Annotated[
        int | None,
        typer.Option(
            "--id", min=1, max=limit.ROW_ID, help="The result's id (see `result history`)."
        ),
    ] = None,
    board: Annotated[
        int | None,
        typer.Option("--board", min=1, max=limit.BOARDS, help="Find the result by board..."),
    ] = None,
    ns: Annotated[
        int | None, typer.Option("--ns", min=1, max=limit.ENTRY_NUMBER, help="...NS pair...")
    ] = None,
    ew: Annotated[
        int | None, typer.Option("--ew", min=1, max=limit.ENTRY_NUMBER, help="...and EW pair.")
    ] = None,
    new_round: Annotated[
        int | None, typer.Option("--new-round", min=1, max=limit.ROUNDS, help="Corrected round.")
    ] = None,
    new_table: Annotated[
        int | None, typer.Option("--new-table", min=1, max=limit.TABLES, help="Corrected table.")
    ] = None,
    new_board: Annotated[
        int | None, typer.Option("--new-board", min=1, max=limit.BOARDS, help="Corrected board.")
    ] = None,
    new_ns: Annotated[
        int | None,
        typer.Option("--new-ns", min=1, max=limit.ENTRY_NUMBER, help="Corrected NS pair."),
    ] = None,
    new_ew: Annotated[
        int | None,
        typer.Option("--new-ew", min=1, max=limit.ENTRY_NUMBER, help="Corrected EW pair."),
    ] = None,
    lead: CorrectedLeadOption = None,
    adjusted: CorrectedAdjustedOption = None,
    override: Annotated[
        str | None, typer.Option("--override", help="Director's reason for an unplanned seating.")
    ] = None,
    director: Annotated[
        bool,
        typer.Option("--director", help="Correct as the director (needed after the deadline)."),
    ] = False,
    at: Annotated[
        str | None, typer.Option("--at", help="When the correction is made (default: now).")
    ] = None,
    section: SectionOption = "A",
    session: SessionOption = 1,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """Correct a stored result; the old and new values, who, when and why are logged.

    Example: bridgedesk result correct "Tuesday pairs" --board 7 --ns 3 --ew 10
    4SX S -1 --reason "EW agreed one down, not two"
    """

    contract, declarer, result = split_slip(slip)
    with open_store(db) as store:
        if result_id is not None:
            if board is not None or ns is not None or ew is not None:
                raise EntryError(
                    "give either --id or --board/--ns/--ew, not both", code="result.id-or-board"
                )
            matches = [r for r in store.results(event) if r.id == result_id]
            if not matches:
                raise EntryError(
                    "no result {result_id} in this event",
                    code="result.no-such-result-cli",
                    result_id=result_id,
                )
            stored = matches[0]
        elif board is not None and ns is not None and ew is not None:
            ns, ew = pair_numbers(store, event, section, session).entered(ns, ew)
            stored = store.find_result(event, board, ns, ew, section=section, session=session)
        else:
            raise EntryError(
                "say which result: --id N, or --board B --ns X --ew Y", code="result.which-result"
            )
        old = stored.result
        numbers = pair_numbers(store, event, old.section, old.session)
        if new_ns is not None:
            new_ns = numbers.stored(Side.NS, new_ns)
        if new_ew is not None:
            new_ew = numbers.stored(Side.EW, new_ew)
        new = corrected(
            old,
            contract=contract,
            declarer=declarer,
            result=result,
            lead=lead,
            adjusted=adjusted,
            round=new_round,
            table=new_table,
            board=new_board,
            ns=new_ns,
            ew=new_ew,
        )
        cid = slips.correct(
            store,
            event,
            stored.id,
            new,
            who=who(by),
            reason=reason,
            director=director,
            override=override if override is not None else stored.override,
            now=parse_datetime(at) if at else None,
        )
    typer.echo(f"correction {cid}: result {stored.id} {old.result_text} -> {new.result_text}")


@app.command("delete")
def delete(
    event: EventArg,
    result_id: Annotated[
        int,
        typer.Option("--id", min=1, max=limit.ROW_ID, help="The result's id.", show_default=False),
    ],
    reason: ReasonOption,
    director: DirectorOption = False,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """Delete a result that should not exist (audited; `result undo` restores it).

    Example: bridgedesk result delete "Tuesday pairs" --id 12 --reason "sit-out entered by mistake"
    """
    with open_store(db) as store:
        cid = slips.delete(store, event, result_id, who=who(by), reason=reason, director=director)
    typer.echo(f"correction {cid}: deleted result {result_id}")


@app.command("undo")
def undo(
    event: EventArg,
    correction: Annotated[
        int,
        typer.Argument(min=1, max=limit.ROW_ID, help="The correction's id.", show_default=False),
    ],
    reason: ReasonOption,
    director: DirectorOption = False,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """Undo a correction: put back the value it replaced (the undo is logged too).

    Example: bridgedesk result undo "Tuesday pairs" 5 --reason "entered on the wrong board"
    """
    with open_store(db) as store:
        cid = slips.undo(store, event, correction, who=who(by), reason=reason, director=director)
    typer.echo(f"correction {cid}: undid correction {correction}")


@app.command("history")
def history(
    event: EventArg,
    board: BoardOption,
    section: Annotated[str | None, typer.Option("--section", help="Only this section.")] = None,
    session: Annotated[
        int | None, typer.Option("--session", min=1, max=limit.SESSIONS, help="Only this session.")
    ] = None,
    db: DbOption = None,
) -> None:
    """Show a board's results with every correction (who, when, why, old -> new).

    Example: bridgedesk result history "Tuesday pairs" --board 7
    """
    with open_store(db) as store:
        lines = store.board_history(event, board, section=section, session=session)
        shown = _lines(store, event, [h.current for h in lines])
    if not lines:
        typer.echo(f"no results on board {board} yet")
    for h, text in zip(lines, shown, strict=True):
        typer.echo(text + ("  [deleted]" if h.current.withdrawn else ""))
        first = h.current
        typer.echo(
            f"        entered {first.entered_at:%Y-%m-%d %H:%M} by {first.entered_by or '-'}"
            + ("" if not h.corrections else f": {h.original.result_text}")
        )
        for c in h.corrections:
            what = {"undo": f"undo of {c.undoes}", "delete": "deletion"}.get(c.action, "correction")
            flags = " [director]" if c.director else ""
            flags += " [after deadline]" if c.after_deadline else ""
            typer.echo(
                f"        {what} {c.id} {c.at:%Y-%m-%d %H:%M} by {c.who}{flags}: "
                f"{c.old.result_text} -> {c.new.result_text if c.action != 'delete' else '(none)'}"
                f" ({c.reason})"
            )


@app.command("list")
def list_results(
    event: EventArg,
    board: Annotated[
        int | None, typer.Option("--board", min=1, max=limit.BOARDS, help="Only this board.")
    ] = None,
    db: DbOption = None,
) -> None:
    """List stored results by board, round and table.

    Example: bridgedesk result list "Tuesday pairs" --board 7
    """
    with open_store(db) as store:
        results = store.results(event, board=board)
        shown = _lines(store, event, results)
    if not results:
        typer.echo("no results yet")
    for text in shown:
        typer.echo(text)


@app.command("missing")
def missing(
    event: EventArg,
    section: SectionOption = "A",
    session: SessionOption = 1,
    every: Annotated[
        bool, typer.Option("--all", help="Also list the slips of the rounds to come.")
    ] = False,
    db: DbOption = None,
) -> None:
    """List the slips still missing, the late ones first (rounds the field has left),
    then the round being played; the rounds to come are counted (``--all`` lists them).

    Example: bridgedesk result missing "Tuesday pairs" --section B
    """
    with open_store(db) as store:
        found = missing_slips.missing(store, event, section, session)
    if not len(found):
        typer.echo(f"every slip is in ({found.planned} planned)")
        return
    typer.echo(f"{len(found)} of {found.planned} slips missing; round {found.round} is played")
    for slip in found.late:
        typer.echo(f"late  {slip}")
    for slip in found.due:
        typer.echo(f"now   {slip}")
    if every:
        for slip in found.later:
            typer.echo(f"later {slip}")
    elif found.later:
        typer.echo(f"and {len(found.later)} in the rounds to come (--all lists them)")


@app.command("import")
def import_results(
    event: EventArg,
    file: Annotated[Path, typer.Argument(help="A results CSV file.", show_default=False)],
    batch: Annotated[
        int, typer.Option("--batch", min=1, max=limit.BATCH, help="Rows per transaction.")
    ] = 100,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """Import results from CSV; re-running it (after a crash) adds no duplicates.

    Every row is checked first and nothing is written if one is wrong.  Columns:
    round,table,board,ns,ew,contract,declarer,result[,lead,adjusted,section,session];
    an individual's slips give north,south,east,west instead of ns,ew.

    Example: bridgedesk result import "Tuesday pairs" slips.csv
    """

    if file.suffix.lower() != ".csv":
        raise FormatError(
            "results can be imported from .csv files",
            Location(file=str(file)),
            code="result.import-csv-only",
        )
    rows = results_csv.load_seated(file)
    given: list[tuple[int | None, slips.GivenSlip]] = [
        (line, r if players is None else SeatedResult(r, players)) for line, r, players in rows
    ]
    with open_store(db) as store:
        try:
            report = slips.import_slips(store, event, given, who=who(by), batch=batch)
        except BridgedeskError as exc:
            raise exc.located(Location(file=str(file))) from None
    typer.echo(
        f"imported {report.added} result(s) from {file.name}; {report.skipped} already stored"
    )


@app.command("export")
def export_results(
    event: EventArg,
    out: Annotated[
        Path | None, typer.Option("--out", help="Write to this .csv file (default: print).")
    ] = None,
    db: DbOption = None,
) -> None:
    """Write the stored result slips as CSV, in the layout `result import` reads.

    Example: bridgedesk result export "Tuesday pairs" --out slips.csv
    """

    if out is not None:
        output_file(out)
    with open_store(db) as store:
        results = [r.result for r in store.results(event)]
        plan = _individual.event_plan(store, event)  # an individual: its four players
    seats = None if plan is None else plan.players_of
    if out is None:
        typer.echo(results_csv.dumps(results, seats), nl=False)
        return
    results_csv.dump(results, out, seats)
    typer.echo(f"wrote {len(results)} result(s) to {out}")
