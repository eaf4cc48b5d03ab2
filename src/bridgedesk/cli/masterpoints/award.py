"""``bridgedesk masterpoints award``: award a ranking, results files or a stored event.

The command gathers its options into :class:`~bridgedesk.masterpoints.request.AwardOptions`
(what the event is) and :class:`._inputs.InputOptions` (where it comes from), reads
the input, calls :func:`~bridgedesk.masterpoints.request.award_request` and prints,
records or certifies the awards.  An option that does not apply is refused with a
line saying why; what a stored event knows (its class or rating, name, date) is
taken from it.
"""

from __future__ import annotations

import enum
from pathlib import Path
from typing import Annotated

import typer

from bridgedesk.cli.masterpoints._app import app
from bridgedesk.cli.masterpoints._inputs import group_map, parse_fraction, parse_qualifying
from bridgedesk.cli.masterpoints._output import print_awards, print_certificates, record_csv
from bridgedesk.cli.masterpoints._views import parse_day
from bridgedesk.errors import MasterpointError
from bridgedesk.masterpoints.jcbl.weekly import WeeklyGame
from bridgedesk.masterpoints.request import AwardOptions, award_request
from bridgedesk.services.award_inputs import InputOptions, load_input


class _MethodOpt(enum.StrEnum):
    mp = "mp"
    ximp = "ximp"
    butler = "butler"
    total = "total"


@app.command("award")
def award_command(
    results: Annotated[
        list[Path] | None,
        typer.Argument(
            metavar="[RESULTS]...",
            help="a ranking JSON (bridgedesk.formats.ranking_json), or one results file per "
            "session: PBN with ScoreTables or JSON travellers, scored here; or none with "
            "--from-event",
            show_default=False,
        ),
    ] = None,
    rules: Annotated[str, typer.Option(help="jcbl or sbf")] = "",
    stored: Annotated[
        str | None,
        typer.Option(
            "--from-event",
            help="a stored event (id or name) to score and award instead of files: every "
            "session of --section, member numbers from its entries; its class or rating, "
            "name and date come from the store",
        ),
    ] = None,
    section: Annotated[
        str | None, typer.Option(help="with --from-event: the section [default: A]")
    ] = None,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help="with --from-event: SQLite file or database URL (default: $BRIDGEDESK_DB, else "
            "the default database)",
            show_default=False,
        ),
    ] = None,
    klass: Annotated[
        int | None, typer.Option("--class", min=1, max=5, help="JCBL weekly class 1-5")
    ] = None,
    kind: Annotated[
        str | None, typer.Option(help="JCBL: pairs, individual or teams [default: pairs]")
    ] = None,
    sessions: Annotated[
        int | None,
        typer.Option(min=1, help="JCBL: sessions (default: results files given, or 1)"),
    ] = None,
    restriction_class: Annotated[
        int | None, typer.Option(min=1, max=5, help="JCBL weekly: class of the entry restriction")
    ] = None,
    boards: Annotated[
        int | None,
        typer.Option(min=1, help="JCBL weekly teams: boards per match; SBF D/F/GOLD/H2, series"),
    ] = None,
    max_vp: Annotated[str | None, typer.Option(help="JCBL weekly teams: VP of a match (M)")] = None,
    table: Annotated[
        str | None,
        typer.Option(
            help="SBF table: A, A1, A2, B1, C, D, E1, F, H1, H1S; team series (the "
            "ranking JSON's matches): B2, B3, B4, E2, E3, E4, E5, G1, G2a, G2b, G2c, G3 "
            "[default: A]"
        ),
    ] = None,
    division: Annotated[
        int | None, typer.Option(min=1, help="SBF B3/E3/E5/G3: the division (1 = top)")
    ] = None,
    divisions: Annotated[
        int | None, typer.Option(min=1, help="SBF B3/E3: number of divisions")
    ] = None,
    double_round: Annotated[
        bool, typer.Option(help="SBF B2/B3: a double round robin (bonus doubled)")
    ] = False,
    met: Annotated[
        int | None, typer.Option(min=0, help="SBF: opponents met (D, GOLD) / rounds (F)")
    ] = None,
    groups: Annotated[int | None, typer.Option(help="SBF: number of strength groups (2-5)")] = None,
    group: Annotated[list[str] | None, typer.Option(help="SBF: FIELD=N group of a field")] = None,
    handicap: Annotated[bool, typer.Option(help="SBF: handicap result list")] = False,
    simultaneous: Annotated[
        bool, typer.Option(help="SBF A/D: a simultaneous event (A above 100 pairs allowed)")
    ] = False,
    dm: Annotated[
        str | None, typer.Option(help="SBF: DM final bonus: pairs-open, teams-open or other")
    ] = None,
    abandoned: Annotated[
        bool, typer.Option(help="SBF: stopped on purpose before all boards were played")
    ] = False,
    evenings: Annotated[
        int | None,
        typer.Option(min=2, help="SBF: evenings of a multi-evening event (reserves' share)"),
    ] = None,
    rating: Annotated[
        str | None,
        typer.Option(help="JCBL CCG and up: ccg, local, sectional, regional, national, ..."),
    ] = None,
    tables: Annotated[
        int | None,
        typer.Option(min=1, help="JCBL CCG and up: tables T (default: from the results)"),
    ] = None,
    competitors: Annotated[
        int | None,
        typer.Option(min=2, help="JCBL CCG and up: original competitors (35 % range)"),
    ] = None,
    limit: Annotated[
        list[int] | None,
        typer.Option(min=1, max=16, help="JCBL CCG and up: a limiting factor Lx (of 16)"),
    ] = None,
    team_size: Annotated[
        int | None, typer.Option(min=1, help="JCBL CCG teams: players per team P [default: 4]")
    ] = None,
    bridge_center: Annotated[bool, typer.Option(help="JCBL: a CCG run by a bridge centre")] = False,
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
            help="results files or --from-event: CSV pair,members[,flight] or JSON; default: "
            "the PBN TotalScoreTable MemberID columns, or the stored entries"
        ),
    ] = None,
    method: Annotated[
        _MethodOpt | None, typer.Option(help="results files: scoring method [default: mp]")
    ] = None,
    winners: Annotated[
        int | None, typer.Option(min=1, max=2, help="results files: 1 or 2 winners")
    ] = None,
    flights: Annotated[
        str | None,
        typer.Option(help="results files: flights top first, e.g. A,B (default: sorted)"),
    ] = None,
    certificates: Annotated[
        bool,
        typer.Option(
            help="JCBL weekly: print the FMP certificates (the club and date: a stored event's, "
            "else --club, --date)"
        ),
    ] = False,
    club: Annotated[
        str | None,
        typer.Option(help="--certificates: the issuing club [default: a stored event's club]"),
    ] = None,
    movement: Annotated[
        str | None,
        typer.Option(help="--certificates: Howell, Mitchell, Team or Individual [default: Howell]"),
    ] = None,
    record: Annotated[
        Path | None,
        typer.Option(help="add the awards to this ledger CSV (created if missing)"),
    ] = None,
    event: Annotated[
        str | None,
        typer.Option(help="--record: the event's name (default: the stored event's)"),
    ] = None,
    day: Annotated[
        str | None,
        typer.Option(
            "--date",
            help="--record / --certificates: the event's date YYYY-MM-DD (default: the "
            "stored event's)",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Award a ranking or scored results: every player's points, colour, place and reason.

    JCBL weekly games take --class; CCG-and-up games take --rating (with --tables,
    --sessions, --limit, --competitors) and, from results files, also pay each
    session's award.  SBF takes --table.  An option that does not apply to the event
    is an error.
    """
    # deferred: see the package docstring

    if rules not in ("jcbl", "sbf"):
        raise MasterpointError(f"--rules must be jcbl or sbf, got {rules!r}")
    if not certificates and (club is not None or movement is not None):
        raise MasterpointError("--club and --movement do not apply: they are --certificates'")
    if record is None and event is not None:
        raise MasterpointError("--event does not apply: it names the event --record writes")
    if record is None and not certificates and day is not None:
        raise MasterpointError("--date does not apply: it dates --record or --certificates")
    if certificates and (record is not None or as_json):
        raise MasterpointError("--certificates prints certificates: without --record or --json")
    options = AwardOptions(
        rules=rules,
        klass=klass,
        kind=kind,
        sessions=sessions,
        restriction_class=restriction_class,
        boards=boards,
        max_vp=parse_fraction(max_vp, "--max-vp"),
        table=table,
        division=division,
        divisions=divisions,
        double_round=double_round,
        met=met,
        groups=groups,
        group=group_map(group),
        handicap=handicap,
        simultaneous=simultaneous,
        dm=dm,
        abandoned=abandoned,
        evenings=evenings,
        rating=rating,
        tables=tables,
        competitors=competitors,
        limits=tuple(limit or ()),
        team_size=team_size,
        bridge_center=bridge_center,
        stage=stage,
        qualifying=parse_qualifying(qualifying),
    )
    loaded = load_input(
        InputOptions(
            tuple(results or ()),
            stored,
            section,
            db,
            players,
            None if method is None else method.value,
            winners,
            flights,
        ),
        table,
    )
    source = loaded.input
    done = award_request(options, source)
    name = event if event is not None else source.stored.name if source.stored else None
    when = (
        parse_day(day)
        if day is not None
        else source.stored.day
        if source.stored is not None
        else None
    )
    if isinstance(done.params, WeeklyGame) and tables is not None and not certificates:
        raise MasterpointError(
            "--tables does not apply: a weekly game's award does not depend on the tables "
            "(they are printed on --certificates)"
        )
    if certificates:
        if not isinstance(done.params, WeeklyGame):
            raise MasterpointError(
                "--certificates are FMP certificates of JCBL weekly games (--class)"
            )
        facts = source.stored
        issuer = club if club is not None else facts.club if facts is not None else ""
        if not issuer or when is None:
            raise MasterpointError(
                "--certificates needs --club NAME (a stored event gives its own club) and "
                "--date YYYY-MM-DD"
            )
        print_certificates(
            done.awards,
            done.params.klass,
            issuer,
            when,
            movement or "Howell",
            tables if tables is not None else done.tables,
            done.ranking,
            names=facts.names if facts is not None else None,
        )
        return
    if record is not None:
        if not name or when is None:
            raise MasterpointError("--record needs --event NAME and --date YYYY-MM-DD")
        kind_of = "" if rules == "sbf" else "fmp" if isinstance(done.params, WeeklyGame) else "ccg"
        typer.echo(record_csv(record, done.awards, rules, name, when, kind_of), err=True)
    print_awards(done.awards, as_json, loaded.ranking)
