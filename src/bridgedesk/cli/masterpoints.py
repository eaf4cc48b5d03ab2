"""``bridgedesk masterpoints``: award tables, awarding a ranking, the player ledger."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from bridgedesk.cli._ledger import open_ledger, read_ledger
from bridgedesk.cli._store import ByOption, DbOption
from bridgedesk.errors import MasterpointError

app = typer.Typer(
    name="masterpoints",
    help="Masterpoint tables (JCBL, SBF), awards for a ranking, and the player ledger.",
    no_args_is_help=True,
    add_completion=False,
)

_RULE_SETS = ("jcbl-weekly", "sbf")


@app.command("table")
def table_command(
    rules: Annotated[str, typer.Argument(help="jcbl-weekly or sbf")],
    name: Annotated[str | None, typer.Argument(help="SBF table: A1, A2, B1, C, D, E1, F")] = None,
    klass: Annotated[int | None, typer.Option("--class", help="JCBL weekly class 1-5")] = None,
    kind: Annotated[str, typer.Option(help="pairs, individual or teams")] = "pairs",
    competitors: Annotated[int | None, typer.Option(help="JCBL: competitors (2 or more)")] = None,
    sessions: Annotated[int, typer.Option(help="JCBL: sessions S")] = 1,
    pairs: Annotated[int | None, typer.Option(help="SBF: field size (pairs)")] = None,
    teams: Annotated[int | None, typer.Option(help="SBF: field size (teams)")] = None,
    players: Annotated[int | None, typer.Option(help="SBF: field size (players)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Print an award table computed from the federation's formula or data."""
    if rules == "jcbl-weekly":
        from bridgedesk.masterpoints.jcbl.weekly import GameKind, weekly_table

        if klass is None:
            raise MasterpointError("jcbl-weekly needs --class 1-5")
        if competitors is None:
            raise MasterpointError("jcbl-weekly needs --competitors (2 or more)")
        try:
            game_kind = GameKind(kind)
        except ValueError:
            raise MasterpointError(
                f"--kind must be pairs, individual or teams, got {kind!r}"
            ) from None
        row = weekly_table(klass, game_kind, competitors, sessions)
        if as_json:
            doc: dict[str, Any] = {
                "rules": "jcbl-weekly",
                "class": klass,
                "kind": game_kind.value,
                "competitors": competitors,
                "awards": [float(v) for v in row],
            }
            if sessions != 1:
                doc["sessions"] = sessions
            typer.echo(json.dumps(doc))
            return
        typer.echo(f"JCBL weekly, class {klass}, {game_kind.value}, {competitors} competitors")
        for place, value in enumerate(row, start=1):
            typer.echo(f"{place:>3}  {value}")
        return
    if rules == "sbf":
        from bridgedesk.masterpoints.sbf.tables import TABLES, table

        if name is None:
            raise MasterpointError(f"sbf needs a table name: {', '.join(TABLES)}")
        sizes = [s for s in (pairs, teams, players) if s is not None]
        if len(sizes) != 1:
            raise MasterpointError("give the field size once: --pairs, --teams or --players")
        scale = table(name, sizes[0])
        unit = TABLES[scale.table]
        if as_json:
            typer.echo(
                json.dumps(
                    {"rules": "sbf", "table": scale.table, unit: sizes[0], **scale.as_json()}
                )
            )
            return
        typer.echo(f"SBF table {scale.table}, {sizes[0]} {unit} (points per player)")
        for place, (colour, points) in enumerate(scale.places(), start=1):
            typer.echo(f"{place:>3}  {points:>4} {colour.value}")
        return
    raise MasterpointError(f"unknown rule set {rules!r}; choose one of {', '.join(_RULE_SETS)}")


def _group_map(items: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in items:
        field, sep, number = item.partition("=")
        if not sep or not number.isdigit():
            raise MasterpointError(f"--group takes FIELD=N (N = 1 for group A), got {item!r}")
        out[field] = int(number)
    return out


@app.command("award")
def award_command(
    results: Annotated[
        Path, typer.Argument(help="ranking JSON (see bridgedesk.formats.ranking_json)")
    ],
    rules: Annotated[str, typer.Option(help="jcbl or sbf")],
    klass: Annotated[int | None, typer.Option("--class", help="JCBL weekly class 1-5")] = None,
    kind: Annotated[str, typer.Option(help="JCBL: pairs, individual or teams")] = "pairs",
    sessions: Annotated[int, typer.Option(help="JCBL: sessions")] = 1,
    restriction_class: Annotated[
        int | None, typer.Option(help="JCBL: class of the entry restriction")
    ] = None,
    boards: Annotated[
        int | None, typer.Option(help="JCBL teams: boards per match; SBF: boards")
    ] = None,
    max_vp: Annotated[str | None, typer.Option(help="JCBL teams: VP of a match (M)")] = None,
    table: Annotated[str, typer.Option(help="SBF table: A, A1, A2, B1, C, D, E1, F")] = "A",
    met: Annotated[int | None, typer.Option(help="SBF: opponents met (D) / rounds (F)")] = None,
    groups: Annotated[int | None, typer.Option(help="SBF: number of strength groups")] = None,
    group: Annotated[list[str] | None, typer.Option(help="SBF: FIELD=N group of a field")] = None,
    handicap: Annotated[bool, typer.Option(help="SBF: handicap result list")] = False,
    rating: Annotated[
        str | None,
        typer.Option(help="JCBL CCG and up: ccg, local, sectional, regional, national, ..."),
    ] = None,
    tables: Annotated[int | None, typer.Option(help="JCBL CCG and up: tables T")] = None,
    competitors: Annotated[
        int | None, typer.Option(help="JCBL CCG and up: original competitors (35 % range)")
    ] = None,
    limit: Annotated[
        list[int] | None, typer.Option(help="JCBL CCG and up: a limiting factor Lx (of 16)")
    ] = None,
    team_size: Annotated[int, typer.Option(help="JCBL teams: players per team (P)")] = 4,
    bridge_center: Annotated[bool, typer.Option(help="JCBL: CCG run by a bridge centre")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Award a ranking: every player's points, colour, place and reason.

    JCBL weekly games take --class; CCG-and-up games take --rating and --tables
    (with --sessions, --limit, --competitors).
    """
    from fractions import Fraction

    from bridgedesk.formats.ranking_json import loads_ranking
    from bridgedesk.masterpoints.award import ClubGame, SbfEvent, award
    from bridgedesk.masterpoints.jcbl.club import ClubEvent, EventKind, Rating
    from bridgedesk.masterpoints.jcbl.weekly import GameKind, WeeklyGame

    try:
        text = results.read_text(encoding="utf-8")
    except OSError as exc:
        raise MasterpointError(f"cannot read {results}: {exc.strerror}") from None
    ranking = loads_ranking(text, str(results))
    params: WeeklyGame | SbfEvent | ClubGame
    if rules == "jcbl" and rating is not None:
        try:
            event_rating = Rating(rating)
            event_kind = EventKind(kind)
        except ValueError:
            raise MasterpointError(
                f"--rating must be one of {', '.join(r.value for r in Rating)} and --kind one "
                f"of {', '.join(k.value for k in EventKind)}; got {rating!r}, {kind!r}"
            ) from None
        if tables is None:
            raise MasterpointError("a CCG-and-up award needs --tables")
        field_size = competitors or max(len(ranking.in_field(f)) for f in ranking.fields())
        params = ClubGame(
            ClubEvent(
                event_kind,
                event_rating,
                tables,
                sessions,
                field_size,
                tuple(limit or ()),
                team_size,
            ),
            bridge_center=bridge_center,
        )
        awards = award(ranking, "jcbl", params)
    elif rules == "jcbl":
        if klass is None:
            raise MasterpointError(
                "--rules jcbl needs --class 1-5 (weekly) or --rating (CCG and up)"
            )
        try:
            game_kind = GameKind(kind)
        except ValueError:
            raise MasterpointError(
                f"--kind must be pairs, individual or teams, got {kind!r}"
            ) from None
        params = WeeklyGame(
            klass,
            game_kind,
            sessions,
            restriction_class,
            boards,
            None if max_vp is None else Fraction(max_vp),
        )
        awards = award(ranking, "jcbl", params)
    elif rules == "sbf":
        params = SbfEvent(table, met, boards, groups, _group_map(group or []), handicap)
        awards = award(ranking, "sbf", params)
    else:
        raise MasterpointError(f"--rules must be jcbl or sbf, got {rules!r}")
    if as_json:
        typer.echo(
            json.dumps(
                [
                    {
                        "member": a.member,
                        "competitor": a.competitor,
                        "field": a.field,
                        "flight": a.flight,
                        "place": a.place,
                        "points": str(a.points),
                        "colour": a.colour,
                        "reason": a.reason,
                    }
                    for a in awards
                ],
                ensure_ascii=False,
            )
        )
        return
    for a in awards:
        where = " ".join(x for x in (a.field, a.flight or "") if x)
        typer.echo(
            f"{a.member:>10}  {a.competitor:>5} {where:>4} {a.place:>3}  "
            f"{a.points:>7} {a.colour:<5}  {a.reason}"
        )


def _read_ledger(path: Path) -> Any:
    from bridgedesk.formats.ledger_csv import loads_ledger

    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise MasterpointError(f"cannot read ledger {path}: {exc.strerror}") from None
    return loads_ledger(text, str(path))


@app.command("statement")
def statement_command(
    member: Annotated[str, typer.Option(help="member number")],
    period: Annotated[str, typer.Option(help="YYYY-MM")],
    ledger: Annotated[Path | None, typer.Option(help="ledger CSV file")] = None,
    db: DbOption = None,
) -> None:
    """Print a member's monthly MP statement (JCBL layout, 000:56-84)."""
    year_text, sep, month_text = period.partition("-")
    if not (sep and year_text.isdigit() and month_text.isdigit() and len(year_text) == 4):
        raise MasterpointError(f"--period must be YYYY-MM, got {period!r}")
    with open_ledger(ledger, db) as book:
        statement = book.statement(member, int(year_text), int(month_text))
    typer.echo(statement.render_ja(), nl=False)


@app.command("ranks")
def ranks_command(
    ledger: Annotated[Path | None, typer.Option(help="ledger CSV file")] = None,
    db: DbOption = None,
    on: Annotated[str | None, typer.Option(help="date YYYY-MM-DD (default: all awards)")] = None,
    rules: Annotated[str, typer.Option(help="jcbl (MP list and ranks) or sbf (classes)")] = "jcbl",
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """The MP list: every member's totals and rank (JCBL) or master class (SBF)."""
    from datetime import date

    try:
        day = date.fromisoformat(on) if on else date.max
    except ValueError:
        raise MasterpointError(f"--on must be YYYY-MM-DD, got {on!r}") from None
    book = read_ledger(ledger, db)
    rows: list[dict[str, Any]] = []
    if rules == "jcbl":
        for player, totals, rank in book.mp_list(day):
            rows.append(
                {
                    "member": player.member,
                    "name": player.name,
                    "rp": f"{totals.rp:.2f}",
                    "mp": f"{totals.mp:.2f}",
                    "rank": rank.name_en if rank else None,
                }
            )
    elif rules == "sbf":
        for player in book.repository.players():
            holding = book.holding(player.member, day)
            klass = book.master_class(player.member, day)
            rows.append(
                {
                    "member": player.member,
                    "name": player.name,
                    "bp": str(holding.bp),
                    "sp": str(holding.sp),
                    "gp": str(holding.gp),
                    "mp": str(holding.mp),
                    "class": str(klass),
                }
            )
        rows.sort(key=lambda r: -float(r["mp"]))
    else:
        raise MasterpointError(f"--rules must be jcbl or sbf, got {rules!r}")
    if as_json:
        typer.echo(json.dumps(rows, ensure_ascii=False))
        return
    for r in rows:
        typer.echo("\t".join("" if v is None else str(v) for v in r.values()))


@app.command("import")
def import_command(
    source: Annotated[Path, typer.Argument(help="CSV of past awards")],
    ledger: Annotated[Path | None, typer.Option(help="ledger CSV (created if missing)")] = None,
    db: DbOption = None,
) -> None:
    """Load past awards from a CSV into the ledger (members created as needed)."""
    from bridgedesk.formats.ledger_csv import loads_awards
    from bridgedesk.masterpoints.ledger import Player

    try:
        text = source.read_text(encoding="utf-8")
    except OSError as exc:
        raise MasterpointError(f"cannot read {source}: {exc.strerror}") from None
    entries = loads_awards(text, str(source))
    with open_ledger(ledger, db, write=True) as book:
        for entry in entries:
            if book.repository.player(entry.member) is None:
                book.add_player(Player(entry.member))
            book.record(entry)
    typer.echo(f"imported {len(entries)} awards into {ledger or 'the database'}")


@app.command("list")
def list_command(
    ledger: Annotated[Path | None, typer.Option(help="ledger CSV file")] = None,
    db: DbOption = None,
    member: Annotated[str | None, typer.Option(help="only this member's awards")] = None,
    event: Annotated[str | None, typer.Option(help="only awards of this event name")] = None,
    held: Annotated[bool, typer.Option(help="list the awards held for non-members")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """List the ledger's awards: date, member, event, rules and version, points, reason."""
    with open_ledger(ledger, db) as book:
        repo = book.repository
        entries = list(repo.pending(member) if held else repo.awards(member))
    if event is not None:
        entries = [e for e in entries if e.event == event]
    entries.sort(key=lambda e: (e.day, e.member))
    rows = [
        {
            "member": e.member,
            "date": e.day.isoformat(),
            "event": e.event,
            "rules": e.rules,
            "version": e.version,
            "points": str(e.points),
            "colour": e.colour,
            "place": e.place,
            "kind": e.kind,
            "reason": e.reason,
        }
        for e in entries
    ]
    if as_json:
        typer.echo(json.dumps(rows, ensure_ascii=False))
        return
    for r in rows:
        typer.echo("\t".join("" if v is None else str(v) for v in r.values()))


@app.command("record")
def record_command(
    awards_file: Annotated[
        Path, typer.Argument(help="the awards as `award --json` prints them ('-': stdin)")
    ],
    event: Annotated[str, typer.Option(help="the stored event: its id or name")],
    rules: Annotated[str, typer.Option(help="jcbl or sbf")],
    reason: Annotated[str, typer.Option(help="why (kept in the audit log)")],
    db: DbOption = None,
    version: Annotated[
        str | None, typer.Option(help="rule-set version (default: jcbl 2007, sbf 2014-2015)")
    ] = None,
    by: ByOption = None,
) -> None:
    """Write a stored event's awards into the ledger in the database, in one transaction.

    Re-recording the event replaces its awards (audited); the same awards again
    change nothing.  Players entered in the event under a member number join the
    ledger; other players' points are held until they join (000:141-151).
    """
    import sys
    from decimal import Decimal, InvalidOperation

    from bridgedesk.cli._ledger import RULE_VERSIONS as DEFAULT_VERSIONS
    from bridgedesk.cli._store import open_store, who
    from bridgedesk.store.ledger import RecordedAward

    if rules not in DEFAULT_VERSIONS:
        raise MasterpointError(f"--rules must be jcbl or sbf, got {rules!r}")
    try:
        text = sys.stdin.read() if str(awards_file) == "-" else awards_file.read_text("utf-8")
        data = json.loads(text)
    except OSError as exc:
        raise MasterpointError(f"cannot read {awards_file}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise MasterpointError(f"{awards_file}: not JSON ({exc.msg}, line {exc.lineno})") from None
    if not isinstance(data, list):
        raise MasterpointError(f"{awards_file}: expected a JSON list of awards")
    awards: list[RecordedAward] = []
    for n, item in enumerate(data, start=1):
        try:
            awards.append(
                RecordedAward(
                    member=str(item["member"]),
                    place=int(item["place"]),
                    points=Decimal(str(item["points"])),
                    colour=str(item["colour"]),
                    reason=str(item.get("reason", "")),
                    session=None if item.get("session") is None else int(item["session"]),
                )
            )
        except (KeyError, TypeError, ValueError, InvalidOperation, AttributeError):
            raise MasterpointError(
                f"{awards_file}: award {n} needs member, place, points and colour"
            ) from None
    with open_store(db) as store:
        done = store.record_awards(
            event,
            awards,
            rules=rules,
            version=version or DEFAULT_VERSIONS[rules],
            who=who(by),
            reason=reason,
        )
    if done.audit is None:
        typer.echo(
            f"event {done.event_id}: the same {done.recorded + done.held} awards are "
            "stored already; nothing changed"
        )
        return
    note = f"event {done.event_id}: recorded {done.recorded} awards"
    if done.held:
        note += f", {done.held} held for players not yet members"
    if done.replaced:
        note += f" (replacing {done.replaced}; audit {done.audit})"
    typer.echo(note)


@app.command("annual")
def annual_command(
    year: Annotated[int, typer.Option(help="the award year")],
    ledger: Annotated[Path | None, typer.Option(help="ledger CSV file")] = None,
    db: DbOption = None,
    deemed: Annotated[
        list[str] | None,
        typer.Option(help="MEMBER=MP: a member's deemed MP (transfers, 000:163)"),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """The JCBL annual award winners (000:110-126): best player (most RP), best
    newcomer (under 20 MP at the start of the year) and most MP per rank."""
    from decimal import Decimal, InvalidOperation

    levels: dict[str, Decimal] = {}
    for item in deemed or []:
        who_, sep, value = item.partition("=")
        try:
            if not sep:
                raise InvalidOperation
            levels[who_.strip()] = Decimal(value)
        except InvalidOperation:
            raise MasterpointError(f"--deemed takes MEMBER=MP, got {item!r}") from None
    winners = read_ledger(ledger, db).annual_awards(year, levels)
    doc = {
        "year": winners.year,
        "best_player": list(winners.best_player),
        "best_newcomer": list(winners.best_newcomer),
        "by_rank": {rank: list(ms) for rank, ms in winners.by_rank.items()},
    }
    if as_json:
        typer.echo(json.dumps(doc, ensure_ascii=False))
        return
    typer.echo(f"best player      {' '.join(winners.best_player) or '-'}")
    typer.echo(f"best newcomer    {' '.join(winners.best_newcomer) or '-'}")
    for rank, members in winners.by_rank.items():
        typer.echo(f"{rank:<16} {' '.join(members) or '-'}")
