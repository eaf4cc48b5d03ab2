"""``bridgedesk masterpoints``: award tables, awarding a ranking, the player ledger."""

from __future__ import annotations

import enum
import json
from pathlib import Path
from typing import Annotated, Any

import typer

from bridgedesk.cli._ledger import open_ledger, read_ledger
from bridgedesk.cli._store import ByOption, DbOption
from bridgedesk.errors import BridgedeskError, MasterpointError

app = typer.Typer(
    name="masterpoints",
    help="Masterpoint tables (JCBL, SBF), awards for a ranking, and the player ledger.",
    no_args_is_help=True,
    add_completion=False,
)

_RULE_SETS = ("jcbl-weekly", "sbf")
_SERIES_TABLES = ("B2", "B3", "B4", "E2", "E3", "E4", "E5", "G1", "G2A", "G2B", "G2C", "G3")


@app.command("table")
def table_command(
    rules: Annotated[str, typer.Argument(help="jcbl-weekly or sbf")],
    name: Annotated[
        str | None, typer.Argument(help="SBF table: A1, A2, B1, C, D, E1, F, H1, H1S")
    ] = None,
    klass: Annotated[int | None, typer.Option("--class", help="JCBL weekly class 1-5")] = None,
    kind: Annotated[str, typer.Option(help="pairs, individual or teams")] = "pairs",
    competitors: Annotated[int | None, typer.Option(help="JCBL: competitors (2 or more)")] = None,
    sessions: Annotated[int, typer.Option(help="JCBL: sessions S")] = 1,
    pairs: Annotated[int | None, typer.Option(help="SBF: field size (pairs)")] = None,
    teams: Annotated[int | None, typer.Option(help="SBF: field size (teams)")] = None,
    players: Annotated[int | None, typer.Option(help="SBF: field size (players)")] = None,
    simultaneous: Annotated[
        bool, typer.Option(help="SBF A: a simultaneous event's list (above 100 pairs)")
    ] = False,
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
        key = name.upper()
        if key in ("H1", "H1S"):
            from bridgedesk.masterpoints.sbf.rules import h1_final, h1_semifinal

            scale = (h1_final if key == "H1" else h1_semifinal)(sizes[0])
            unit = "pairs"
        elif simultaneous and key == "A":
            from bridgedesk.masterpoints.sbf.tables import ScaleRow, bronze_simultaneous

            scale = ScaleRow("A", sizes[0], bp=bronze_simultaneous(sizes[0]))
            unit = "pairs"
        else:
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


def _qualifying(text: str) -> Any:
    """``SESSIONS:TABLES+TABLES...:ENTRANTS`` -> a JCBL QualifyingRound."""
    from bridgedesk.masterpoints.jcbl.club import QualifyingRound

    parts = text.split(":")
    try:
        if len(parts) != 3:
            raise ValueError
        return QualifyingRound(
            int(parts[0]), tuple(int(t) for t in parts[1].split("+")), int(parts[2])
        )
    except ValueError:
        raise MasterpointError(
            f"--qualifying must be SESSIONS:TABLES+TABLES...:ENTRANTS, e.g. 2:30+30:60, "
            f"got {text!r}"
        ) from None


def _group_map(items: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in items:
        field, sep, number = item.partition("=")
        if not sep or not number.isdigit():
            raise MasterpointError(f"--group takes FIELD=N (N = 1 for group A), got {item!r}")
        out[field] = int(number)
    return out


class _MethodOpt(enum.StrEnum):
    mp = "mp"
    ximp = "ximp"
    butler = "butler"
    total = "total"


def _is_ranking_json(path: Path) -> bool:
    if path.suffix.lower() != ".json":
        return False
    from bridgedesk import reading

    try:
        data = reading.read_json(path)
    except BridgedeskError:
        return True  # let the ranking reader report it, with file and line
    return not isinstance(data, dict) or "placings" in data or "boards" not in data


def _score_files(paths: list[Path], method: str, winners: int | None) -> tuple[list[Any], Any]:
    """Score each results file (one per session); the roster from the first PBN's
    TotalScoreTable member numbers, if any."""
    from bridgedesk.errors import FormatError, Location
    from bridgedesk.formats import pbn_scores, traveller_json
    from bridgedesk.formats.players_file import roster_from_pbn
    from bridgedesk.scoring.session import Method, score_session

    sessions: list[Any] = []
    roster = None
    for path in paths:
        if not path.is_file():
            raise FormatError("no such file", Location(file=str(path)))
        parsed = None
        if path.suffix.lower() == ".pbn":
            inp, parsed = pbn_scores.load(path)
        elif path.suffix.lower() == ".json":
            inp = traveller_json.load(path)
        else:
            raise FormatError(
                "give a ranking .json, a .pbn results file or a .json traveller file",
                Location(file=str(path)),
            )
        used = inp.check(winners)
        sessions.append(
            score_session(inp.boards, method=Method(method), winners=used, penalties=inp.penalties)
        )
        if roster is None and parsed is not None:
            roster = roster_from_pbn(parsed, str(path))
    return sessions, roster


def _score_stored_event(event: str, section: str, db: str | None) -> tuple[list[Any], Any]:
    """Score every session of a stored event's section; member numbers from its entries
    (``None`` when no entry has any: ``--players`` must give them)."""
    from bridgedesk.formats.players_file import Roster
    from bridgedesk.reports.scored import score_section
    from bridgedesk.store.service import Store

    with Store.open(db) as store:
        info = store.event(event)
        sessions = sorted(n for n, names in info.sections if section in names)
        if not sessions:
            known = sorted({name for _n, names in info.sections for name in names})
            raise MasterpointError(
                f"event {event!r} has no section {section!r}; its sections: "
                + (", ".join(known) or "none")
            )
        snapshots = [store.section_results(event, section, n) for n in sessions]
    scored = [score_section(snap).session_result for snap in snapshots]
    players: dict[str, tuple[str, ...]] = {}
    for snap in snapshots:
        for number, entry in snap.entries.items():
            members = tuple(p.member for p in entry.players if p.member)
            if members and not entry.phantom:
                players.setdefault(str(number), members)
    # No member numbers at all: the caller asks for --players.
    return scored, Roster(players) if players else None


@app.command("award")
def award_command(
    results: Annotated[
        list[Path] | None,
        typer.Argument(
            metavar="[RESULTS]...",
            help="a ranking JSON (bridgedesk.formats.ranking_json), or one results file per "
            "session: PBN with ScoreTables or JSON travellers, scored here; or none with "
            "--event",
            show_default=False,
        ),
    ] = None,
    rules: Annotated[str, typer.Option(help="jcbl or sbf")] = "",
    stored: Annotated[
        str | None,
        typer.Option(
            "--from-event",
            help="a stored event (id or name) to score and award instead of files: every "
            "session of --section, member numbers from its entries",
        ),
    ] = None,
    section: Annotated[str, typer.Option(help="with --from-event: the section")] = "A",
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help="with --from-event: SQLite file or database URL (default: $BRIDGEDESK_DB, else "
            "the default database)",
            show_default=False,
        ),
    ] = None,
    klass: Annotated[int | None, typer.Option("--class", help="JCBL weekly class 1-5")] = None,
    kind: Annotated[str, typer.Option(help="JCBL: pairs, individual or teams")] = "pairs",
    sessions: Annotated[
        int | None, typer.Option(help="JCBL: sessions (default: results files given, or 1)")
    ] = None,
    restriction_class: Annotated[
        int | None, typer.Option(help="JCBL: class of the entry restriction")
    ] = None,
    boards: Annotated[
        int | None, typer.Option(help="JCBL teams: boards per match; SBF: boards")
    ] = None,
    max_vp: Annotated[str | None, typer.Option(help="JCBL teams: VP of a match (M)")] = None,
    table: Annotated[
        str,
        typer.Option(
            help="SBF table: A, A1, A2, B1, C, D, E1, F, H1, H1S; team series (the "
            "ranking JSON's matches): B2, B3, B4, E2, E3, E4, E5, G1, G2a, G2b, G2c, G3"
        ),
    ] = "A",
    division: Annotated[int, typer.Option(help="SBF series: the division (1 = top)")] = 1,
    divisions: Annotated[int, typer.Option(help="SBF series: number of divisions")] = 1,
    double_round: Annotated[
        bool, typer.Option(help="SBF B2/B3: a double round robin (bonus doubled)")
    ] = False,
    met: Annotated[int | None, typer.Option(help="SBF: opponents met (D) / rounds (F)")] = None,
    groups: Annotated[int | None, typer.Option(help="SBF: number of strength groups")] = None,
    group: Annotated[list[str] | None, typer.Option(help="SBF: FIELD=N group of a field")] = None,
    handicap: Annotated[bool, typer.Option(help="SBF: handicap result list")] = False,
    simultaneous: Annotated[
        bool, typer.Option(help="SBF: a bronze simultaneous event (above 100 pairs allowed)")
    ] = False,
    dm: Annotated[
        str | None, typer.Option(help="SBF: DM final bonus: pairs-open, teams-open or other")
    ] = None,
    abandoned: Annotated[
        bool, typer.Option(help="SBF: stopped on purpose before all boards were played")
    ] = False,
    evenings: Annotated[
        int | None, typer.Option(help="SBF: evenings of a multi-evening event (reserves' share)")
    ] = None,
    rating: Annotated[
        str | None,
        typer.Option(help="JCBL CCG and up: ccg, local, sectional, regional, national, ..."),
    ] = None,
    tables: Annotated[
        int | None, typer.Option(help="JCBL CCG and up: tables T (default: from the results)")
    ] = None,
    competitors: Annotated[
        int | None, typer.Option(help="JCBL CCG and up: original competitors (35 % range)")
    ] = None,
    limit: Annotated[
        list[int] | None, typer.Option(help="JCBL CCG and up: a limiting factor Lx (of 16)")
    ] = None,
    team_size: Annotated[int, typer.Option(help="JCBL teams: players per team (P)")] = 4,
    bridge_center: Annotated[bool, typer.Option(help="JCBL: CCG run by a bridge centre")] = False,
    stage: Annotated[
        str | None, typer.Option(help="JCBL CCG and up: a round, qualifying or final")
    ] = None,
    qualifying: Annotated[
        str | None,
        typer.Option(
            help="JCBL final: the qualifying as SESSIONS:TABLES+TABLES...:ENTRANTS, the "
            "tables of each qualifying session (e.g. 2:30+30:60)"
        ),
    ] = None,
    players: Annotated[
        Path | None,
        typer.Option(
            help="results files: CSV pair,members[,flight] or JSON; default: the PBN "
            "TotalScoreTable MemberID columns"
        ),
    ] = None,
    method: Annotated[
        _MethodOpt, typer.Option(help="results files: scoring method")
    ] = _MethodOpt.mp,
    winners: Annotated[
        int | None, typer.Option(min=1, max=2, help="results files: 1 or 2 winners")
    ] = None,
    flights: Annotated[
        str | None, typer.Option(help="flights top first, e.g. A,B (default: sorted)")
    ] = None,
    certificates: Annotated[
        bool,
        typer.Option(help="JCBL weekly: print the FMP certificates (needs --club, --date)"),
    ] = False,
    club: Annotated[str | None, typer.Option(help="--certificates: the issuing club")] = None,
    movement: Annotated[
        str, typer.Option(help="--certificates: Howell, Mitchell, Team or Individual")
    ] = "Howell",
    record: Annotated[
        Path | None,
        typer.Option(help="append the awards to this ledger CSV (created if missing)"),
    ] = None,
    event: Annotated[str | None, typer.Option(help="--record: the event's name")] = None,
    day: Annotated[
        str | None, typer.Option("--date", help="--record: the event's date YYYY-MM-DD")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Award a ranking or scored results: every player's points, colour, place and reason.

    JCBL weekly games take --class; CCG-and-up games take --rating (with --tables,
    --sessions, --limit, --competitors) and, from results files, also pay each
    session's award.  SBF takes --table.
    """
    from fractions import Fraction

    from bridgedesk.formats.ranking_json import loads_ranking
    from bridgedesk.masterpoints.award import ClubGame, SbfEvent, SbfSeries, award
    from bridgedesk.masterpoints.jcbl.club import ClubEvent, EventKind, Rating
    from bridgedesk.masterpoints.jcbl.weekly import GameKind, WeeklyGame
    from bridgedesk.masterpoints.ranking import Ranking

    if rules not in ("jcbl", "sbf"):
        raise MasterpointError(f"--rules must be jcbl or sbf, got {rules!r}")
    scored: list[Any] = []
    roster: Any = None
    results = list(results or [])
    if stored is None and not results:
        raise MasterpointError("give a ranking JSON, results files, or --from-event EVENT")
    if stored is None and len(results) == 1 and _is_ranking_json(results[0]):
        from bridgedesk import reading

        ranking = loads_ranking(reading.read_text(results[0]), str(results[0]))
    else:
        from bridgedesk.formats.players_file import load_roster
        from bridgedesk.masterpoints.scored import ranking_from_sessions, session_tables

        if stored is not None:
            if results:
                raise MasterpointError("give either --from-event or results files, not both")
            scored, roster = _score_stored_event(stored, section, db)
        elif any(_is_ranking_json(p) for p in results):
            raise MasterpointError("a ranking JSON file is awarded alone, not with other files")
        else:
            scored, roster = _score_files(results, method.value, winners)
        if players is not None:
            roster = load_roster(players)
        if roster is None:
            raise MasterpointError(
                "no member numbers: give --players FILE (CSV pair,members[,flight] or JSON) "
                "or a PBN file whose TotalScoreTable has MemberID columns"
            )
        order = (
            tuple(flights.split(",")) if flights else tuple(sorted(set(roster.flights.values())))
        )
        ranking = ranking_from_sessions(
            scored, roster.players, flights=roster.flights or None, flight_order=order
        )
        if tables is None:
            tables = session_tables(scored[0])
    n_sessions = sessions if sessions is not None else max(1, len(scored))
    params: WeeklyGame | SbfEvent | ClubGame | SbfSeries
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
                n_sessions,
                field_size,
                tuple(limit or ()),
                team_size,
            ),
            bridge_center=bridge_center,
            stage=stage,
            qualifying=None if qualifying is None else _qualifying(qualifying),
        )
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
            n_sessions,
            restriction_class,
            boards,
            None if max_vp is None else Fraction(max_vp),
        )
    elif table.upper() in _SERIES_TABLES:
        from bridgedesk import reading
        from bridgedesk.formats.ranking_json import loads_matches

        if scored:
            raise MasterpointError(
                f"table {table} is awarded match by match: give a ranking JSON with matches"
            )
        params = SbfSeries(
            table,
            loads_matches(reading.read_text(results[0]), str(results[0])),
            boards,
            division,
            divisions,
            double_round,
        )
    else:
        params = SbfEvent(
            table,
            met,
            boards,
            groups,
            _group_map(group or []),
            handicap,
            simultaneous=simultaneous,
            dm=dm,
            abandoned=abandoned,
            evenings=evenings,
        )
    if scored:
        from bridgedesk.masterpoints.scored import award_scored

        assert not isinstance(params, SbfSeries)
        awards = award_scored(
            scored,
            roster.players,
            "jcbl" if rules == "jcbl" else "sbf",
            params,
            flights=roster.flights or None,
            flight_order=ranking.flights,
        )
    else:
        assert isinstance(ranking, Ranking)
        awards = award(ranking, "jcbl" if rules == "jcbl" else "sbf", params)
    if certificates:
        if not isinstance(params, WeeklyGame):
            raise MasterpointError(
                "--certificates are FMP certificates of JCBL weekly games (--class)"
            )
        _print_certificates(awards, params.klass, club, day, movement, tables, ranking)
        return
    if record is not None:
        kind_of = "" if rules == "sbf" else "fmp" if isinstance(params, WeeklyGame) else "ccg"
        note = _record(record, awards, rules, event, day, kind_of)
        typer.echo(note, err=True)
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
                        "session": a.session,
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
        session = "" if a.session is None else f"s{a.session}"
        typer.echo(
            f"{a.member:>10}  {a.competitor:>5} {where:>4} {a.place:>3} {session:>3}  "
            f"{a.points:>7} {a.colour:<5}  {a.reason}"
        )


def _print_certificates(
    awards: Any,
    klass: int,
    club: str | None,
    day: str | None,
    movement: str,
    tables: int | None,
    ranking: Any,
) -> None:
    """One FMP certificate per award of a weekly game (000:17-54)."""
    import math
    from datetime import date

    from bridgedesk.masterpoints.jcbl.ranks import FmpCertificate

    if not club or day is None:
        raise MasterpointError("--certificates needs --club NAME and --date YYYY-MM-DD")
    try:
        issued = date.fromisoformat(day)
    except ValueError:
        raise MasterpointError(f"--date must be YYYY-MM-DD, got {day!r}") from None
    if movement.lower() not in ("howell", "mitchell", "team", "individual"):
        raise MasterpointError(
            f"--movement must be Howell, Mitchell, Team or Individual, got {movement!r}"
        )
    if tables is None:  # pairs: two a table
        tables = math.ceil(len(ranking.placings) / 2)
    cards = [
        FmpCertificate(
            issued, club, a.member, a.points, klass, tables, a.place, movement=movement
        ).render()
        for a in awards
    ]
    typer.echo("\n".join(cards), nl=False)


#: Rule-set versions written with recorded awards.
RULE_VERSIONS = {"jcbl": "2007", "sbf": "2014-2015"}


def _record(
    path: Path, awards: Any, rules: str, event: str | None, day: str | None, kind: str
) -> str:
    """Append awards to a ledger CSV: one entry per award, session awards named
    "EVENT (session N)"; a non-member's (joined after the date) is held."""
    from datetime import date

    from bridgedesk.formats.ledger_csv import dumps_ledger
    from bridgedesk.masterpoints.ledger import InMemoryRepository, Ledger, LedgerEntry, Player

    if not event or day is None:
        raise MasterpointError("--record needs --event NAME and --date YYYY-MM-DD")
    try:
        when = date.fromisoformat(day)
    except ValueError:
        raise MasterpointError(f"--date must be YYYY-MM-DD, got {day!r}") from None
    repo = _read_ledger(path) if path.exists() else InMemoryRepository()
    book = Ledger(repo)
    new = held = 0
    for a in awards:
        if repo.player(a.member) is None:
            book.add_player(Player(a.member))
            new += 1
        name = event if a.session is None else f"{event} (session {a.session})"
        entry = LedgerEntry(
            a.member, when, name, rules, RULE_VERSIONS[rules], a.points, a.colour,
            a.place, a.reason, a.ranking or kind,
        )  # fmt: skip
        if not book.record(entry):
            held += 1
    path.write_text(dumps_ledger(repo), encoding="utf-8")
    note = f"recorded {len(awards)} awards in {path}"
    if new:
        note += f" ({new} new member numbers)"
    if held:
        note += f", {held} held for players not yet members"
    return note


def _read_ledger(path: Path) -> Any:
    from bridgedesk.formats.ledger_csv import load_ledger

    return load_ledger(path)


def _statement_json(statement: Any) -> dict[str, Any]:
    return {
        "member": statement.member,
        "closing": statement.closing.isoformat(),
        "rank": statement.rank.name_en if statement.rank else None,
        "carried": {"rp": f"{statement.carried.rp:.2f}", "mp": f"{statement.carried.mp:.2f}"},
        "events": [
            {"date": d.isoformat(), "event": e, "rp": f"{rp:.2f}", "mp": f"{mp:.2f}"}
            for d, e, rp, mp in statement.lines
        ],
        "year_to_date": {
            "rp": f"{statement.year_to_date.rp:.2f}",
            "mp": f"{statement.year_to_date.mp:.2f}",
        },
        "totals": {"rp": f"{statement.totals.rp:.2f}", "mp": f"{statement.totals.mp:.2f}"},
        "sp": statement.sp_now,
        "sp_june": statement.sp_june,
    }


@app.command("statement")
def statement_command(
    period: Annotated[str, typer.Option(help="YYYY-MM")],
    ledger: Annotated[Path | None, typer.Option(help="ledger CSV file")] = None,
    db: DbOption = None,
    member: Annotated[
        str | None,
        typer.Option(help="member number (default: every member with awards in the period)"),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Print monthly MP statements (JCBL layout, 000:56-84): one member's, or the
    month's mailing, every member who earned points in the period."""
    import calendar
    from datetime import date

    year_text, sep, month_text = period.partition("-")
    if not (sep and year_text.isdigit() and month_text.isdigit() and len(year_text) == 4):
        raise MasterpointError(f"--period must be YYYY-MM, got {period!r}")
    year, month = int(year_text), int(month_text)
    if member is not None:  # one member: read only that member's awards
        with open_ledger(ledger, db) as live:
            statements = [live.statement(member, year, month)]
    else:
        if not 1 <= month <= 12:
            raise MasterpointError(f"month must be 1-12, got {month}")
        book = read_ledger(ledger, db)
        first, last = date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1])
        members = sorted(
            {
                a.member
                for a in book.repository.awards()
                if a.rules == "jcbl" and first <= a.day <= last
            }
        )
        statements = [book.statement(m, year, month) for m in members]
    if as_json:
        typer.echo(json.dumps([_statement_json(x) for x in statements], ensure_ascii=False))
        return
    typer.echo("\n".join(x.render_ja() for x in statements), nl=False)


@app.command("ranks")
def ranks_command(
    ledger: Annotated[Path | None, typer.Option(help="ledger CSV file")] = None,
    db: DbOption = None,
    on: Annotated[str | None, typer.Option(help="date YYYY-MM-DD (default: all awards)")] = None,
    since: Annotated[
        str | None,
        typer.Option(help="list only members whose rank / class changed after YYYY-MM-DD"),
    ] = None,
    rules: Annotated[
        str, typer.Option(help="jcbl (MP list and ranks) or sbf (classes, ranking points)")
    ] = "jcbl",
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """The MP list: every member's totals and rank (JCBL) or master class and ranking
    points (SBF: the 24 months up to --on or today, by the award's ledger kind); with
    --since, the members promoted in the period (for certificates)."""
    from datetime import date

    def parse(text: str | None, option: str, default: date) -> date:
        try:
            return date.fromisoformat(text) if text else default
        except ValueError:
            raise MasterpointError(f"{option} must be YYYY-MM-DD, got {text!r}") from None

    day = parse(on, "--on", date.max)
    before = parse(since, "--since", date.min)
    book = read_ledger(ledger, db)
    rows: list[dict[str, Any]] = []
    if rules == "jcbl":
        for player, totals, rank in book.mp_list(day):
            previous = book.rank(player.member, before) if since else None
            if since and previous == rank:
                continue
            row: dict[str, Any] = {
                "member": player.member,
                "name": player.name,
                "rp": f"{totals.rp:.2f}",
                "mp": f"{totals.mp:.2f}",
                "rank": rank.name_en if rank else None,
            }
            if since:
                row["previous"] = previous.name_en if previous else None
            rows.append(row)
    elif rules == "sbf":
        from fractions import Fraction

        from bridgedesk.masterpoints.sbf.rules import RankingAward, ranking_kind, ranking_points
        from bridgedesk.masterpoints.sbf.units import Denomination

        # ranking points: the 24 months up to --on (default today), 001:545-571
        rp_day = day if on else date.today()
        for player in book.repository.players():
            rp = ranking_points(
                [
                    RankingAward(
                        a.day, Fraction(a.points), Denomination(a.colour), ranking_kind(a.kind)
                    )
                    for a in book.repository.awards(player.member)
                    if a.rules == "sbf"
                ],
                rp_day,
            )
            holding = book.holding(player.member, day)
            klass = book.master_class(player.member, day)
            previous_class = book.master_class(player.member, before) if since else None
            if since and str(previous_class) == str(klass):
                continue
            row = {
                "member": player.member,
                "name": player.name,
                "bp": str(holding.bp),
                "sp": str(holding.sp),
                "gp": str(holding.gp),
                "mp": _exact(holding.mp),
                "class": str(klass),
                "ranking": str(rp),
            }
            if since:
                row["previous"] = str(previous_class)
            rows.append(row)
        rows.sort(key=lambda r: (-Fraction(r["mp"]), r["member"]))
    else:
        raise MasterpointError(f"--rules must be jcbl or sbf, got {rules!r}")
    if as_json:
        typer.echo(json.dumps(rows, ensure_ascii=False))
        return
    if rows:
        typer.echo("\t".join(rows[0]))
    for r in rows:
        typer.echo("\t".join("" if v is None else str(v) for v in r.values()))


def _exact(value: Any) -> str:
    """A fraction of a unit whose denominator divides a power of ten, as a decimal."""
    from decimal import Decimal

    return str(Decimal(value.numerator) / Decimal(value.denominator))


@app.command("import")
def import_command(
    source: Annotated[Path, typer.Argument(help="CSV of past awards")],
    ledger: Annotated[Path | None, typer.Option(help="ledger CSV (created if missing)")] = None,
    db: DbOption = None,
) -> None:
    """Load past awards from a CSV into the ledger (members created as needed)."""
    from bridgedesk.formats.ledger_csv import load_awards
    from bridgedesk.masterpoints.ledger import Player

    entries = load_awards(source)
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
    from bridgedesk import reading

    text = sys.stdin.read() if str(awards_file) == "-" else reading.read_text(awards_file)
    data = reading.loads_json(text, str(awards_file))
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
