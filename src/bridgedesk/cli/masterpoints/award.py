"""``bridgedesk masterpoints award``: award a ranking, results files or a stored event.

The command declares its options, gathers them (the event's, the input's, what to do
with the awards) into one :class:`~bridgedesk.services.award_requests.AwardAsked`
for :func:`bridgedesk.services.award_requests.award` and prints what comes back:
the awards (text, or the JSON ``masterpoints record`` reads), the FMP certificates,
or the line saying what ``--record`` added to a ledger CSV.  Which option applies to
which rules, input and output, and what a stored event gives of itself, is the
service's (and :mod:`bridgedesk.masterpoints.request`'s) to decide.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Annotated

import typer

from bridgedesk import limits as limit
from bridgedesk.bridge.methods import Method
from bridgedesk.cli._options import DbOption, JsonOption
from bridgedesk.cli.masterpoints._app import app
from bridgedesk.cli.masterpoints._options import KindOption
from bridgedesk.formats import handicap_file
from bridgedesk.masterpoints.award import Award
from bridgedesk.masterpoints.handicap_lists import Split
from bridgedesk.masterpoints.request import AwardOptions
from bridgedesk.services.award_inputs import InputOptions
from bridgedesk.services.award_requests import AwardAsked, award
from bridgedesk.services.handicaps import HandicapAsked


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
    db: DbOption = None,
    klass: Annotated[
        int | None, typer.Option("--class", min=1, max=5, help="JCBL weekly class 1-5")
    ] = None,
    kind: KindOption = None,
    sessions: Annotated[
        int | None,
        typer.Option(
            min=1, max=limit.SESSIONS, help="JCBL: sessions (default: results files given, or 1)"
        ),
    ] = None,
    restriction_class: Annotated[
        int | None, typer.Option(min=1, max=5, help="JCBL weekly: class of the entry restriction")
    ] = None,
    boards: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=limit.BOARDS,
            help="JCBL weekly teams: boards per match; SBF D/F/GOLD/H2, series",
        ),
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
        int | None,
        typer.Option(min=1, max=limit.SMALL_COUNT, help="SBF B3/E3/E5/G3: the division (1 = top)"),
    ] = None,
    divisions: Annotated[
        int | None,
        typer.Option(min=1, max=limit.SMALL_COUNT, help="SBF B3/E3: number of divisions"),
    ] = None,
    double_round: Annotated[
        bool, typer.Option(help="SBF B2/B3: a double round robin (bonus doubled)")
    ] = False,
    met: Annotated[
        int | None,
        typer.Option(min=0, max=limit.PLAYERS, help="SBF: opponents met (D, GOLD) / rounds (F)"),
    ] = None,
    groups: Annotated[
        int | None, typer.Option(min=2, max=5, help="SBF: number of strength groups (2-5)")
    ] = None,
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
        typer.Option(
            min=2,
            max=limit.SMALL_COUNT,
            help="SBF: evenings of a multi-evening event (reserves' share)",
        ),
    ] = None,
    rating: Annotated[
        str | None,
        typer.Option(help="JCBL CCG and up: ccg, local, sectional, regional, national, ..."),
    ] = None,
    tables: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=limit.COMPETITORS,
            help="JCBL CCG and up: tables T (default: from the results)",
        ),
    ] = None,
    competitors: Annotated[
        int | None,
        typer.Option(
            min=2, max=limit.COMPETITORS, help="JCBL CCG and up: original competitors (35 % range)"
        ),
    ] = None,
    limit: Annotated[
        list[int] | None,
        typer.Option(min=1, max=16, help="JCBL CCG and up: a limiting factor Lx (of 16)"),
    ] = None,
    team_size: Annotated[
        int | None,
        typer.Option(
            min=1, max=limit.SMALL_COUNT, help="JCBL CCG teams: players per team P [default: 4]"
        ),
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
        Method | None,
        typer.Option(help="results files: scoring method, mp, ximp, butler or total [default: mp]"),
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
    handicap_ratings: Annotated[
        Path | None,
        typer.Option(
            help="--from-event, a handicap event: pay its scratch and its handicap places, "
            "the handicaps from this CSV member,rating (docs/handicap.md)"
        ),
    ] = None,
    handicap_grades: Annotated[
        str | None,
        typer.Option(
            help="--from-event, a handicap event: the handicaps from the ledger's "
            "masterpoints by the club's bands FROM:HANDICAP,... (docs/handicap.md)"
        ),
    ] = None,
    handicap_share: Annotated[
        int, typer.Option(min=1, max=100, help="percent of the handicap applied")
    ] = 100,
    handicap_both: Annotated[
        bool,
        typer.Option(
            help="a pair placed on both lists is paid both (default: the list that pays more, "
            "SBF 001:502-516)"
        ),
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """Award a ranking or scored results: every player's points, colour, place and reason.

    JCBL weekly games take --class; CCG-and-up games take --rating (with --tables,
    --sessions, --limit, --competitors) and, from results files, also pay each
    session's award.  SBF takes --table.  An option that does not apply to the event
    is an error.
    """
    event_options = AwardOptions(
        rules=rules, klass=klass, kind=kind, sessions=sessions,
        restriction_class=restriction_class, boards=boards, table=table, division=division,
        divisions=divisions, double_round=double_round, met=met, groups=groups,
        handicap=handicap, simultaneous=simultaneous, dm=dm, abandoned=abandoned,
        evenings=evenings, rating=rating, tables=tables, competitors=competitors,
        limits=tuple(limit or ()), team_size=team_size, bridge_center=bridge_center,
        stage=stage,
    )  # fmt: skip
    handicaps = None
    if handicap_ratings is not None or handicap_grades is not None or handicap_share != 100:
        handicaps = HandicapAsked(
            handicap_file.load(handicap_ratings) if handicap_ratings is not None else None,
            handicap_file.parse_grades(handicap_grades) if handicap_grades is not None else None,
            Fraction(handicap_share, 100),
        )
    source = InputOptions(
        tuple(results or ()), stored, section, db, players, method, winners, flights
    )
    done = award(
        AwardAsked(
            event_options, source, max_vp=max_vp, group=tuple(group or ()),
            qualifying=qualifying, certificates=certificates, club=club, movement=movement,
            record=record, event=event, day=day, as_json=as_json, handicap=handicaps,
            split=Split.BOTH if handicap_both else Split.BETTER,
        )
    )  # fmt: skip
    if done.certificates:
        typer.echo("\n".join(card.render() for card in done.certificates), nl=False)
        return
    if done.recorded is not None:
        typer.echo(done.recorded, err=True)
    print_awards(done.awards, as_json, done.ranking)


def print_awards(awards: Sequence[Award], as_json: bool, ranking: str | None = None) -> None:
    """The awards as lines, or as the JSON ``record`` reads (with ``ranking``, the digest
    of the stored event's ranking they place, which ``record`` checks is still it)."""
    if as_json:
        rows = [
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
                **({"ranking": ranking} if ranking else {}),
            }
            for a in awards
        ]
        typer.echo(json.dumps(rows, ensure_ascii=False))
        return
    for a in awards:
        where = " ".join(x for x in (a.field, a.flight or "") if x)
        session = "" if a.session is None else f"s{a.session}"
        typer.echo(
            f"{a.member:>10}  {a.competitor:>5} {where:>4} {a.place:>3} {session:>3}  "
            f"{a.points:>7} {a.colour:<5}  {a.reason}"
        )
