"""``bridgedesk deals``: generate, analyse, convert and print hand records."""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from bridgedesk import __version__
from bridgedesk import limits as limit
from bridgedesk.cli._encoding import encodable
from bridgedesk.cli._encoding import encoding as check_encoding
from bridgedesk.cli._lang import LangOption, chosen
from bridgedesk.cli._options import InputEncodingOption
from bridgedesk.deals.analysis import BoardRecord
from bridgedesk.deals.dd import analyse as solve_all
from bridgedesk.deals.deal import Deal
from bridgedesk.deals.generate import generate as make
from bridgedesk.errors import BridgedeskError
from bridgedesk.formats import dealfile, pbn
from bridgedesk.formats.dealfile import kind
from bridgedesk.reports.hand_records import html_to_pdf, render_html
from bridgedesk.reports.output import output_file
from bridgedesk.store.analyses import analyse_cached
from bridgedesk.store.service import Store

app = typer.Typer(
    help="Hand records: generate deals, solve double dummy and par, convert, print.",
    no_args_is_help=True,
)

#: A deal file read (``analyse``, ``print``).
DealFileArg = Annotated[Path, typer.Argument(help="Deal file (.pbn or .hnd).")]
#: ``--split``: an .hnd file holds 32 boards (``generate``, ``convert``).
SplitOption = Annotated[bool, typer.Option(help="Write more than 32 boards as several .hnd files.")]


@app.command()
def generate(
    out: Annotated[Path, typer.Option("--out", "-o", help="File to write: .pbn or .hnd.")],
    boards: Annotated[
        int, typer.Option("--boards", "-n", min=1, max=limit.BOARDS, help="Number of boards.")
    ],
    first: Annotated[
        int, typer.Option("--first", min=1, max=limit.BOARDS, help="Number of the first board.")
    ] = 1,
    seed: Annotated[
        str | None,
        typer.Option(help="Make the set reproducible: the same seed gives the same deals."),
    ] = None,
    event: Annotated[str, typer.Option(help="Event name for the PBN Event tag.")] = "",
    split: SplitOption = False,
    encoding: Annotated[
        str | None, typer.Option(help="Text encoding (default: cp932 for .hnd, utf-8 for .pbn).")
    ] = None,
) -> None:
    """Deal random boards (cryptographically strong unless --seed is given)."""

    kind(out)
    output_file(out)
    encoding = check_encoding(encoding)
    seed_value: int | str | None = None
    if seed is not None:
        digits = seed.removeprefix("-")
        # a number seeds as the number; anything else (even "²") as text
        seed_value = int(seed) if digits.isascii() and digits.isdigit() else seed
    deals = make(boards, first, seed=seed_value)
    generator = f"bridgedesk {__version__}" + (f" seed {seed}" if seed is not None else "")
    with encodable(out):
        written = dealfile.dump(
            [BoardRecord(d) for d in deals],
            out,
            encoding=encoding,
            split=split,
            event=event,
            generator=generator,
        )
    for path in written:
        typer.echo(f"wrote {path}")
    typer.echo(f"{len(deals)} boards, {first}-{first + len(deals) - 1}")


@app.command()
def analyse(
    file: DealFileArg,
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="PBN file to write with the results.")
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option(min=1, max=limit.WORKERS, help="Worker processes (default: one per core)."),
    ] = None,
    progress: Annotated[bool, typer.Option(help="Show a progress bar.")] = True,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help="Keep the results in this database (SQLite file or URL) and solve only "
            "deals not solved before.",
            show_default=False,
        ),
    ] = None,
    event: Annotated[
        str | None,
        typer.Option(help="With --db: attach the deals to this stored event (id or name)."),
    ] = None,
    encoding: InputEncodingOption = None,
    max_boards: Annotated[
        int,
        typer.Option(
            "--max-boards",
            min=1,
            max=limit.ANALYSED_BOARDS,
            help="Refuse a file of more boards than this (each takes seconds of a core).",
        ),
    ] = limit.BOARDS,
) -> None:
    """Solve double dummy and par for every board, on all cores, and report the time.

    A file of more than --max-boards boards (default 999, a few sessions' worth) is
    refused before any is solved: a library of 10,000 deals takes hours; give
    --max-boards to analyse it all the same."""

    if out is not None and kind(out) != "pbn":
        raise BridgedeskError(
            "{out}: a .hnd file has no place for double-dummy tables and par; write a .pbn file",
            code="deals.hnd-no-tables",
            out=out,
        )
    if event is not None and db is None:
        raise BridgedeskError(
            "--event needs --db: the event is in a database", code="deals.event-needs-db"
        )
    if out is not None:
        output_file(out)
    records = dealfile.load(file, encoding=encoding)
    if len(records) > max_boards:
        raise BridgedeskError(
            "{file} holds {boards} boards, more than --max-boards {most}: solving each "
            "takes seconds of a core; give --max-boards {boards} to analyse them all, or "
            "split the file",
            code="deals.too-many-boards",
            file=str(file),
            boards=len(records),
            most=max_boards,
        )
    deals = [r.deal for r in records]
    n_workers = workers or os.cpu_count() or 1
    err = Console(stderr=True)

    def run(todo: Sequence[Deal]) -> list[BoardRecord]:
        if not (progress and todo):
            return solve_all(todo, workers=n_workers)
        with Progress(
            TextColumn("[bold]double dummy"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("boards"),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=err,
            transient=False,
        ) as bar:
            task = bar.add_task("solve", total=len(todo))
            return solve_all(
                todo, workers=n_workers, progress=lambda done, _: bar.update(task, completed=done)
            )

    start = time.perf_counter()
    if db is None:
        solved = run(deals)
        fresh = len(solved)
    else:
        with Store.open(db) as store:
            if event is not None:
                for d in deals:
                    store.set_deal(event, d.board, d.pbn())
            solved, fresh = analyse_cached(store, deals, run)
    elapsed = time.perf_counter() - start
    if out is not None:
        template = pbn.load(file, encoding=encoding) if kind(file) == "pbn" else None
        for path in dealfile.dump(solved, out, template=template):
            typer.echo(f"wrote {path}")
    else:
        for r in solved:
            assert r.par is not None
            contracts = r.par.contracts_text()
            typer.echo(f"board {r.deal.board:>3}: par {r.par.optimum_score():<9} {contracts}")
    typer.echo(
        f"analysed {len(solved)} boards in {elapsed:.2f} s "
        f"({n_workers} worker process{'es' if n_workers != 1 else ''})"
    )
    if db is not None:
        typer.echo(f"{fresh} solved now, {len(solved) - fresh} from the database")
    if event is not None:
        typer.echo(f"deals attached to event {event}")


@app.command()
def convert(
    source: Annotated[Path, typer.Argument(help="Deal file to read (.pbn or .hnd).")],
    target: Annotated[Path, typer.Argument(help="Deal file to write (.pbn or .hnd).")],
    split: SplitOption = False,
    encoding: Annotated[
        str | None, typer.Option(help="Output encoding (default: cp932 for .hnd, utf-8 for .pbn).")
    ] = None,
    strict: Annotated[
        bool, typer.Option(help="Reject anything the format does not allow.")
    ] = False,
    input_encoding: Annotated[
        str | None,
        typer.Option(
            help="Text encoding of the file read (default: told from its bytes: UTF-8, "
            "Shift_JIS or Latin-1).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Convert a deal file between .pbn and .hnd."""

    kind(target)
    output_file(target, "TARGET")
    encoding = check_encoding(encoding)
    records = dealfile.load(source, strict=strict, encoding=input_encoding)
    # PBN to PBN keeps every other tag of the games (players, results, tables...)
    template = (
        pbn.load(source, strict=strict, encoding=input_encoding) if kind(source) == "pbn" else None
    )
    with encodable(target):
        written = dealfile.dump(records, target, encoding=encoding, split=split, template=template)
    for path in written:
        typer.echo(f"wrote {path}")
    typer.echo(f"{len(records)} boards")


@app.command("print")
def print_(
    file: DealFileArg,
    fmt: Annotated[str, typer.Option("--format", "-f", help="html or pdf.")] = "html",
    lang: LangOption = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="File to write.")] = None,
    per_page: Annotated[int, typer.Option(min=2, max=4, help="Boards per A4 page (2-4).")] = 4,
    dd: Annotated[
        bool, typer.Option(help="Solve double dummy and par for boards that lack them.")
    ] = True,
    title: Annotated[str | None, typer.Option(help="Title of the document.")] = None,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help="Take double-dummy results from this database and keep new ones there.",
            show_default=False,
        ),
    ] = None,
    encoding: InputEncodingOption = None,
) -> None:
    """Hand-record sheets: four hands in compass layout, dealer, vulnerability, HCP, DD, par."""

    if fmt not in ("html", "pdf"):
        raise BridgedeskError(
            "unknown format {fmt!r}: choose html or pdf", code="deals.unknown-format", fmt=fmt
        )

    language = chosen(lang)
    target = out or file.with_suffix(f".{fmt}")
    output_file(target)
    records = dealfile.load(file, encoding=encoding)
    if dd:
        missing = [i for i, r in enumerate(records) if r.dd is None or r.par is None]
        if missing and db is not None:
            with Store.open(db) as store:
                solved, _ = analyse_cached(store, [records[i].deal for i in missing], solve_all)
        elif missing:
            solved = solve_all([records[i].deal for i in missing])
        if missing:
            for i, r in zip(missing, solved, strict=True):
                records[i] = BoardRecord(records[i].deal, r.dd, r.par)
    html = render_html(records, lang=language, per_page=per_page, title=title)
    if fmt == "html":
        target.write_text(html, encoding="utf-8")
    else:
        html_to_pdf(html, target)
    typer.echo(f"wrote {target}")
