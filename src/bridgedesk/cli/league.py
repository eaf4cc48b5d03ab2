"""``bridgedesk league``: a league season of divisions over match days (docs/leagues.md).

A division is a stored team event named ``LEAGUE/DIVISION``: its teams are entered
with ``entry add LEAGUE/1 --kind team``, its first-half line-ups with ``event lineup``
and its rooms with ``result team``, as any team event's.  This group adds what a
league has besides: the season (``new``, ``list``), every division's draw
(``draw``), half time (``half-time``), the standings and report set (``results``),
the masterpoints by division (``awards``) and the next season (``next``).
"""

from __future__ import annotations

import json
from typing import Annotated

import typer

from bridgedesk import limits as limit
from bridgedesk.cli._lang import LangOption, chosen
from bridgedesk.cli._options import ByOption, DbOption, EventArg, FormatOption, OutDirOption
from bridgedesk.cli._store import open_store, who
from bridgedesk.cli.results import echo
from bridgedesk.errors import EntryError, Location
from bridgedesk.events.half_time import Side, TeamSeats
from bridgedesk.reports.output import Output
from bridgedesk.services import half_time as half_time_service
from bridgedesk.services import league_tables, leagues
from bridgedesk.store import leagues as league_store

app = typer.Typer(
    help="Leagues: a season of divisions over match days, half time, promotion.",
    no_args_is_help=True,
)

LeagueArg = Annotated[str, typer.Argument(help="The league: its id or its name.")]
DayOption = Annotated[
    list[str],
    typer.Option(
        "--day",
        help="A match day, DATE:ROUNDS (2026-04-12:1 or 2026-04-12:1-2), in order; repeat.",
    ),
]


@app.command("new")
def new(
    name: Annotated[str, typer.Argument(help="The league season's name.", show_default=False)],
    day: DayOption,
    season: Annotated[str, typer.Option("--season", help="The season, e.g. 2026.")] = "",
    divisions: Annotated[
        int, typer.Option("--divisions", min=1, max=12, help="Divisions (1 the top).")
    ] = 1,
    boards_per_match: Annotated[
        int,
        typer.Option(
            "--boards-per-match", min=2, max=64, help="Boards a match, two halves (even)."
        ),
    ] = 16,
    vp_scale: Annotated[
        str, typer.Option("--vp-scale", help="The VP scale by name (wbf25: 25-0, wbf2013...).")
    ] = "wbf2013",
    cycles: Annotated[
        int, typer.Option("--cycles", min=1, max=3, help="Round robins a division plays.")
    ] = 1,
    half_time: Annotated[
        str,
        typer.Option(
            "--half-time", help="winner-stays (IMP league, 004:1674), home-moves or away-moves."
        ),
    ] = "winner-stays",
    substitution: Annotated[
        str,
        typer.Option("--substitution", help="imp-league (004:1684) or free (004:1686)."),
    ] = "imp-league",
    promote: Annotated[
        int, typer.Option("--promote", min=0, max=limit.TEAMS, help="Teams up a division.")
    ] = 1,
    relegate: Annotated[
        int, typer.Option("--relegate", min=0, max=limit.TEAMS, help="Teams down a division.")
    ] = 1,
    masterpoints: Annotated[
        str,
        typer.Option(
            "--masterpoints", help="japan-league (320/160), club-league (100/50/32) or none."
        ),
    ] = "none",
    club: Annotated[str, typer.Option("--club", help="The organiser.")] = "",
    db: DbOption = None,
) -> None:
    """Create a league season: its divisions (each a team event LEAGUE/N) and match days.

    Example: bridgedesk league new "Kanto 2026" --season 2026 --divisions 2
    --boards-per-match 16 --day 2026-04-12:1 --day 2026-05-10:2 --day 2026-06-14:3
    --masterpoints club-league
    """
    asked = leagues.NewLeague(
        name=name, season=season, divisions=divisions, boards_per_match=boards_per_match,
        days=tuple(day), vp_scale=vp_scale, cycles=cycles, half_time=half_time,
        change=substitution, promote=promote, relegate=relegate, masterpoints=masterpoints,
        club=club,
    )  # fmt: skip
    leagues.prepare_league(asked)  # refused before the store is opened
    with open_store(db) as store:
        made = leagues.create_league(store, asked)
    typer.echo(f"league {made.id}: {made.settings.name}, {len(made.settings.days)} match days")
    for d in made.divisions:
        typer.echo(f"  division {d.division}: event {d.event_id} {d.event_name!r}")
    typer.echo(
        f'enter teams with `bridgedesk entry add "{made.divisions[0].event_name}" --kind team ...`'
    )


@app.command("list")
def list_leagues(db: DbOption = None) -> None:
    """List the league seasons."""
    with open_store(db) as store:
        found = league_store.leagues(store)
    for lg in found:
        st = lg.settings
        days = ", ".join(d.text() for d in st.days)
        typer.echo(f"{lg.id:>4}  {st.name}  [{st.season}] {st.divisions} divisions; days {days}")


@app.command("draw")
def draw(league: LeagueArg, db: DbOption = None) -> None:
    """Draw every division's round robin (the teams must be entered)."""
    with open_store(db) as store:
        done = leagues.draw_league(store, league)
    for division, report in done:
        rounds = sorted({m.round for m in report.matches})
        typer.echo(f"division {division}: {report.name}, rounds {rounds[0]}-{rounds[-1]}")


def _seats(text: str) -> tuple[int, TeamSeats]:
    """``--change TEAM:NS:EW`` (``2:1,5:3,4``): a team's second-half pairs."""
    parts = text.split(":")
    try:
        if len(parts) != 3:
            raise ValueError
        team = int(parts[0])
        ns = tuple(int(x) for x in parts[1].split(","))
        ew = tuple(int(x) for x in parts[2].split(","))
        if len(ns) != 2 or len(ew) != 2:
            raise ValueError
    except ValueError:
        raise EntryError(
            "--change is TEAM:NS:EW with each pair two places in the team, e.g. "
            "2:1,5:3,4; not {text!r}",
            Location(input="--change"),
            code="league.change-format",
            text=text,
        ) from None
    return team, TeamSeats((ns[0], ns[1]), (ew[0], ew[1]))


@app.command("half-time")
def half_time(
    event: EventArg,
    rnd: Annotated[int, typer.Option("--round", min=1, max=limit.ROUNDS, help="Round.")],
    home: Annotated[
        int, typer.Option("--home", min=1, max=limit.ENTRY_NUMBER, help="The home team.")
    ],
    tie: Annotated[
        str | None,
        typer.Option("--tie", help="After a tied first half: the team that moves, home or away."),
    ] = None,
    change: Annotated[
        list[str] | None,
        typer.Option(
            "--change",
            help="A team's second-half pairs when it brings someone in, TEAM:NS:EW "
            "(2:1,5:3,4); repeat for the other team.",
        ),
    ] = None,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """Half time in a match: the team behind moves, substitutes come in (004:1668-1686).

    Example: bridgedesk league half-time "Kanto 2026/1" --round 1 --home 1
    --change 4:5,6:3,4
    """
    changes = dict(_seats(c) for c in change or ())
    side = None if tie is None else Side.parse(tie)
    with open_store(db) as store:
        done = half_time_service.half_time(
            store, event, rnd, home, tie=side, changes=changes, who=who(by)
        )
    h, a = done.imps
    typer.echo(
        f"audit {done.audit}: round {rnd}, {done.home} v {done.away}: first half {h}-{a} IMPs; "
        f"team {done.moving_team}'s pairs move"
    )
    for team, seats in ((done.home, done.second.home), (done.away, done.second.away)):
        typer.echo(f"  team {team} from board {done.first_board}: {seats.text()}")


@app.command("results")
def results(
    league: LeagueArg,
    fmt: FormatOption = Output.TEXT,
    out: OutDirOption = None,
    lang: LangOption = None,
    db: DbOption = None,
) -> None:
    """Every division's standings (text, json) or the league's report set (html).

    Example: bridgedesk league results "Kanto 2026" --format html --out kanto/ --lang ja
    """
    if out is not None and fmt is Output.TEXT:
        fmt = Output.HTML
    with open_store(db) as store:
        done = league_tables.publish_league(store, league, fmt, chosen(lang), out)
    echo(done)


@app.command("awards")
def awards(
    league: LeagueArg,
    record: Annotated[
        bool, typer.Option("--record", help="Record the awards in the ledger (audited).")
    ] = False,
    reason: Annotated[
        str, typer.Option("--reason", help="Why (kept in the ledger's audit log).")
    ] = "league season awards",
    as_json: Annotated[bool, typer.Option("--json", help="Print the awards as JSON.")] = False,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """The masterpoints of each division by the league's rule (000:587-593)."""
    with open_store(db) as store:
        found = league_tables.league_awards(store, league)
        if record:
            done = league_tables.record_league_awards(store, league, who=who(by), reason=reason)
    if as_json:
        rows = [
            {"division": d.division, "member": a.member, "team": a.competitor, "place": a.place,
             "points": str(a.points), "colour": a.colour, "reason": a.reason}
            for d in found
            for a in d.awards
        ]  # fmt: skip
        typer.echo(json.dumps(rows, ensure_ascii=False, indent=1))
    else:
        for d in found:
            typer.echo(f"division {d.division}")
            for a in d.awards:
                typer.echo(f"  {a.place:>3}  team {a.competitor:>3}  {a.member:>10}  "
                           f"{a.points} {a.colour}")  # fmt: skip
    if record:
        recorded = sum(e.recorded for e in done)
        typer.echo(f"recorded {recorded} awards in the ledger", err=as_json)


@app.command("next")
def next_season(
    league: LeagueArg,
    name: Annotated[str, typer.Option("--name", help="The new season's name.")],
    day: DayOption,
    season: Annotated[str, typer.Option("--season", help="The new season, e.g. 2027.")] = "",
    db: DbOption = None,
) -> None:
    """Make the next season: teams promoted and relegated by the final standings.

    Example: bridgedesk league next "Kanto 2026" --name "Kanto 2027" --season 2027
    --day 2027-04-11:1 --day 2027-05-09:2 --day 2027-06-13:3
    """
    with open_store(db) as store:
        made = leagues.next_season(store, league, name, season, tuple(day))
        divisions = [
            (d, league_tables.league_tables(store, made.id).divisions[d.division - 1])
            for d in made.divisions
        ]
    typer.echo(f"league {made.id}: {made.settings.name}")
    for d, table in divisions:
        names = ", ".join(f"{t.number} {t.name}" for t in table.scored.teams)
        typer.echo(f"  division {d.division} ({d.event_name}): {names}")
