"""``bridgedesk movement``: show, print, check and recommend movements."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from bridgedesk import limits as limit
from bridgedesk.cli._lang import LangOption, chosen
from bridgedesk.cli._options import (
    DbOption,
    SectionOption,
    SessionOption,
    TextOrJsonOption,
    output_choice,
)
from bridgedesk.errors import Location, MovementError
from bridgedesk.formats import movement_json, plan_json
from bridgedesk.movements.budget import SEARCH_SECONDS
from bridgedesk.movements.catalogue import build
from bridgedesk.movements.howell import complete_howell, short_howell
from bridgedesk.movements.individual import individual
from bridgedesk.movements.interwoven import meetings, two_sessions
from bridgedesk.movements.plan import plan_text, recommend_plan, two_session_rows
from bridgedesk.movements.recommend import recommend as rec
from bridgedesk.movements.recommend_individual import recommend_individual
from bridgedesk.movements.sessions import double_howell
from bridgedesk.movements.srr import advice, team_options
from bridgedesk.movements.team_catalogue import build_team
from bridgedesk.movements.validate import ERROR, validate
from bridgedesk.reports import movement_cards
from bridgedesk.reports.output import Output

if TYPE_CHECKING:
    from bridgedesk.movements.individual import IndividualMovement
    from bridgedesk.movements.model import Movement

app = typer.Typer(
    help="Movements: show master sheets, print guide cards, check and recommend.",
    no_args_is_help=True,
)

_KIND_HELP = (
    "howell, appendix-howell, mitchell, skip-mitchell, relay-mitchell, rover-mitchell, "
    "appendix-mitchell, scrambled-mitchell, web-mitchell, interwoven-howell, team-of-pairs, "
    "individual (--players); with --teams: awl, mirror-mitchell, stagger, round-robin, "
    "pair-round-robin, srr-pairs"
)

Kind = Annotated[str, typer.Argument(help=_KIND_HELP)]
Tables = Annotated[
    int | None, typer.Option("--tables", min=1, max=limit.TABLES, help="number of tables")
]
Pairs = Annotated[
    int | None, typer.Option("--pairs", min=1, max=limit.PAIRS, help="number of pairs")
]
Rounds = Annotated[
    int | None, typer.Option("--rounds", min=1, max=limit.ROUNDS, help="rounds to play")
]
Bpr = Annotated[
    int | None,
    typer.Option("--boards-per-round", min=1, max=limit.BOARDS_PER_ROUND, help="boards a round"),
]
Players = Annotated[
    int | None, typer.Option("--players", min=1, max=limit.PLAYERS, help="individual: players")
]
Base = Annotated[str | None, typer.Option("--base", help="a rover's base: straight, skip or relay")]
Teams = Annotated[
    int | None, typer.Option("--teams", min=1, max=limit.TEAMS, help="a team movement for N teams")
]
Sessions = Annotated[
    int,
    typer.Option("--sessions", min=1, max=limit.ROUNDS, help="team movements: sessions (AWL: any)"),
]
Cycles = Annotated[
    int,
    typer.Option("--cycles", min=1, max=limit.SMALL_COUNT, help="round robin: 1, 2 or 3 cycles"),
]


def _team_sessions(
    kind: str,
    teams: int,
    sessions: int,
    rounds: int | None,
    boards_per_round: int | None,
    cycles: int,
    tables: int | None = None,
    pairs: int | None = None,
) -> tuple[Movement, ...]:
    if tables is not None or pairs is not None:
        raise MovementError(
            "a team movement takes --teams, not --tables or --pairs", code="movement.team-options"
        )
    return build_team(
        kind,
        teams,
        sessions=sessions,
        rounds=rounds,
        boards_per_round=boards_per_round,
        cycles=cycles,
    )


def _show_teams(ms: tuple[Movement, ...], form: Output, lang: str) -> None:
    if form is Output.JSON:
        if len(ms) == 1:
            typer.echo(movement_json.dumps(ms[0]), nl=False)
        else:
            data = {"sessions": [movement_json.to_dict(m) for m in ms]}
            typer.echo(json.dumps(data, indent=1, ensure_ascii=False))
        return
    for i, m in enumerate(ms, start=1):
        if len(ms) > 1:
            typer.echo(f"session {i}" if form is Output.TEXT else f"<!-- session {i} -->")
        if form is Output.TEXT:
            typer.echo(movement_cards.master_text(m, lang), nl=False)
        else:
            typer.echo(movement_cards.render_html(m, lang))


def _build(
    kind: str,
    tables: int | None,
    pairs: int | None,
    rounds: int | None,
    boards_per_round: int | None,
    base: str | None,
) -> Movement:
    return build(
        kind,
        tables=tables,
        pairs=pairs,
        rounds=rounds,
        boards_per_round=boards_per_round,
        base=base,
    )


@app.command()
def show(
    kind: Kind,
    tables: Tables = None,
    pairs: Pairs = None,
    rounds: Rounds = None,
    boards_per_round: Bpr = None,
    fmt: Annotated[str, typer.Option("--format", help="text, html or json")] = "text",
    ew_offset: Annotated[bool, typer.Option("--ew-offset", help="number EW n+1..2n")] = False,
    base: Base = None,
    players: Players = None,
    teams: Teams = None,
    sessions: Sessions = 1,
    cycles: Cycles = 1,
    lang: LangOption = None,
) -> None:
    """Print a movement's master sheet with how it was made (text), its cards (html) or JSON."""
    language = chosen(lang)
    form = output_choice(fmt, Output.TEXT, Output.HTML, Output.JSON)
    if teams is not None:
        ms = _team_sessions(kind, teams, sessions, rounds, boards_per_round, cycles, tables, pairs)
        _show_teams(ms, form, language)
        return
    if kind == "individual":
        _show_individual(players, rounds, boards_per_round, form, language)
        return
    m = _build(kind, tables, pairs, rounds, boards_per_round, base)
    if ew_offset:
        m = m.with_ew_offset()
    if form is Output.TEXT:
        typer.echo(movement_cards.master_text(m, language), nl=False)
    elif form is Output.HTML:
        typer.echo(movement_cards.render_html(m, language))
    else:
        typer.echo(movement_json.dumps(m), nl=False)


def _show_individual(
    players: int | None, rounds: int | None, boards_per_round: int | None, form: Output, lang: str
) -> None:
    if players is None:
        raise MovementError(
            "an individual movement needs --players (8 to 19)",
            Location(input="--players"),
            code="movement.individual-needs-players",
        )
    m = individual(players, rounds=rounds, boards_per_round=boards_per_round or 2)
    if form is Output.HTML:
        typer.echo(movement_cards.render_individual_html(m, lang))
        return
    if form is Output.TEXT:
        typer.echo(movement_cards.individual_text(m, lang), nl=False)
        return
    typer.echo(movement_json.dumps(m), nl=False)


@app.command()
def cards(
    out: Annotated[Path, typer.Option("--out", help="directory to write into")],
    kind: Annotated[
        str | None, typer.Argument(help=_KIND_HELP + " (not with --event: the event's own)")
    ] = None,
    tables: Tables = None,
    pairs: Pairs = None,
    rounds: Rounds = None,
    boards_per_round: Bpr = None,
    base: Base = None,
    players: Players = None,
    teams: Teams = None,
    sessions: Sessions = 1,
    cycles: Cycles = 1,
    event: Annotated[
        str | None,
        typer.Option("--event", help="a stored event's own movement, numbered as it is played"),
    ] = None,
    section: SectionOption = "A",
    session: SessionOption = 1,
    db: DbOption = None,
    lang: LangOption = None,
) -> None:
    """Write the master sheet, table guide cards and pair slips (text and A4 HTML).

    Example: bridgedesk movement cards --event "Tuesday pairs" --out cards/

    Example: bridgedesk movement cards howell --tables 7 --out cards/ --lang ja
    """
    language = chosen(lang)

    if event is not None:  # the stored event's own rounds and numbers (services.paper)
        built = (tables, pairs, rounds, boards_per_round, base, players, teams)
        if kind not in (None, "individual") or any(x is not None for x in built):
            raise MovementError(
                "--event prints the event's own movement: give no KIND, --tables, "
                "--pairs, --rounds, --boards-per-round, --base, --players or --teams",
                code="movement.event-alone",
            )
        # the store (SQLAlchemy) only for --event: `movement show` stays light
        from bridgedesk.cli import _individual
        from bridgedesk.cli._store import open_store
        from bridgedesk.services.paper import event_sheet

        if kind == "individual":  # refused for a pairs or team event
            _write_individual(_individual.sheet(db, event), out, language)
            return
        with open_store(db) as store:
            found = event_sheet(store, event, section, session)
        if found.individual is not None:
            _write_individual(found.individual, out, language)
        elif found.movement is not None:
            for path in movement_cards.write_cards(found.movement, out, language):
                typer.echo(str(path))
        return
    if kind is None:
        raise MovementError(
            "give the movement's KIND (e.g. howell), or --event EVENT", code="movement.needs-kind"
        )
    if teams is not None:
        ms = _team_sessions(kind, teams, sessions, rounds, boards_per_round, cycles, tables, pairs)
        for i, m in enumerate(ms, start=1):
            where = out if len(ms) == 1 else out / f"session-{i}"
            for path in movement_cards.write_cards(m, where, language):
                typer.echo(str(path))
        return
    if kind == "individual":
        if players is None:
            raise MovementError(
                "an individual movement needs --players (8 to 19)",
                Location(input="--players"),
                code="movement.individual-needs-players",
            )
        ind = individual(players, rounds=rounds, boards_per_round=boards_per_round or 2)
        _write_individual(ind, out, language)
        return
    m = _build(kind, tables, pairs, rounds, boards_per_round, base)
    for path in movement_cards.write_cards(m, out, language):
        typer.echo(str(path))


def _write_individual(ind: IndividualMovement, out: Path, language: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    path = out / "movement.txt"
    path.write_text(movement_cards.individual_text(ind, language, notes=False), "utf-8")
    html = out / "movement.html"
    html.write_text(movement_cards.render_individual_html(ind, language), encoding="utf-8")
    typer.echo(str(path))
    typer.echo(str(html))


@app.command()
def check(
    file: Annotated[
        Path, typer.Argument(help="a movement in bridgedesk's JSON shape, or a KIND with --teams")
    ],
    teams: Teams = None,
    sessions: Sessions = 1,
    rounds: Rounds = None,
    cycles: Cycles = 1,
) -> None:
    """Validate a movement written by hand (or a built team movement); exit 1 on errors."""

    if teams is not None:
        failed = False
        ms = _team_sessions(str(file), teams, sessions, rounds, None, cycles)
        for i, tm in enumerate(ms, start=1):
            found = validate(tm)
            for p in found:
                typer.echo(str(p))
            failed = failed or any(p.severity == ERROR for p in found)
            label = f"session {i}: " if len(ms) > 1 else ""
            typer.echo(
                f"{label}{tm.kind}, {teams} teams, {tm.round_count} rounds: "
                + ("errors" if any(p.severity == ERROR for p in found) else "no errors")
            )
        if failed:
            raise typer.Exit(1)
        return
    m = movement_json.load(file)
    problems = validate(m)
    for p in problems:
        typer.echo(str(p))
    if any(p.severity == ERROR for p in problems):
        raise typer.Exit(1)
    typer.echo(f"{file}: {m.kind}, {m.tables} tables, {m.round_count} rounds: no errors")


def _range(text: str | None) -> tuple[int, int] | None:
    if text is None:
        return None
    lo, sep, hi = text.partition("..")
    try:
        if not sep:
            return int(lo), int(lo)
        return int(lo), int(hi)
    except ValueError:
        raise MovementError(
            "--boards must look like 20..27 or 24, not {text!r}",
            Location(input="--boards"),
            code="movement.boards-format",
            text=text,
        ) from None


@app.command()
def recommend(
    pairs: Annotated[
        int | None, typer.Option("--pairs", min=1, max=limit.PAIRS, help="pairs present")
    ] = None,
    boards: Annotated[str | None, typer.Option("--boards", help="MIN..MAX boards")] = None,
    minutes: Annotated[
        int | None, typer.Option("--minutes", min=1, max=limit.MINUTES, help="time available")
    ] = None,
    sessions: Annotated[
        int, typer.Option("--sessions", min=1, max=limit.SESSIONS, help="1 or 2")
    ] = 1,
    teams: Annotated[
        int | None,
        typer.Option("--teams", min=1, max=limit.TEAMS, help="teams present: the SRR team tables"),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option("--players", min=1, max=limit.PLAYERS, help="players present: an individual"),
    ] = None,
    sections: Annotated[
        int | None,
        typer.Option(
            "--sections",
            min=1,
            max=limit.SMALL_COUNT,
            help="sections wanted: the plan of the two-session / multi-section lists",
        ),
    ] = None,
    rounds: Annotated[
        int | None,
        typer.Option("--rounds", min=1, max=limit.ROUNDS, help="plan: rounds of session 1"),
    ] = None,
    fmt: TextOrJsonOption = "text",
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            help="plan: also write plan.json, plan.txt and every session's and section's "
            "master sheet and cards into this directory",
        ),
    ] = None,
) -> None:
    """List suitable movements in the order of the JCBL quick-reference list.

    With --sessions 2 or --sections, the plan of the JCBL two-session and
    multi-section lists (004:2117-2170, 004:3214-3307): every session's movement
    of each section and the renumbering between sessions.
    """

    form = output_choice(fmt, Output.TEXT, Output.JSON)
    if players is not None:
        if teams is not None or pairs is not None:
            raise MovementError(
                "give one of --players, --pairs or --teams", code="movement.field-size"
            )
        _recommend_individual(players, sessions, form)
        return
    if teams is not None:
        _recommend_teams(teams, pairs, boards, minutes)
        return
    if pairs is None:
        raise MovementError(
            "give --pairs (pair movements), --players (individual) or --teams (team movements)",
            code="movement.field-size-kind",
        )
    if sessions > 1 or sections is not None or form is Output.JSON or out is not None:
        _recommend_plan(pairs, sessions, sections, rounds, form, out)
        return

    found = rec(pairs, _range(boards), minutes, sessions)
    if not found:
        typer.echo(f"no listed movement for {pairs} pairs fits; relax --boards or --minutes")
        raise typer.Exit(1)
    for r in found:
        extra = [x for x in (r.relays, r.stationary) if x]
        if not r.buildable:
            extra.append("not generated by bridgedesk: use the JCBL sheet")
        typer.echo(f"{r.describe()}" + (f"  [{'; '.join(extra)}]" if extra else ""))


@app.command("two-session")
def two_session(
    tables: Annotated[
        int, typer.Option("--tables", min=1, max=limit.TABLES, help="tables in the one section")
    ],
    first: Annotated[str, typer.Option("--first", help="AM (appendix) or SM (scrambled)")],
    first_rounds: Annotated[
        int, typer.Option("--first-rounds", min=1, max=limit.ROUNDS, help="rounds of session 1")
    ],
    second_rounds: Annotated[
        int, typer.Option("--second-rounds", min=1, max=limit.ROUNDS, help="rounds of session 2")
    ],
    boards_per_round: Bpr = None,
    fmt: TextOrJsonOption = "text",
    time_limit: Annotated[
        float,
        typer.Option(
            "--time-limit", min=0.1, max=3600, help="seconds the search may take before giving up"
        ),
    ] = SEARCH_SECONDS,
) -> None:
    """Both sessions of a one-section two-session game: Mitchell, then interwoven Howell."""

    form = output_choice(fmt, Output.TEXT, Output.JSON)
    kind = first.upper()
    if kind not in ("AM", "SM"):
        raise MovementError(
            "--first is AM (appendix Mitchell) or SM (scrambled), not {first!r}",
            Location(input="--first"),
            code="movement.first",
            first=first,
        )
    bpr = boards_per_round or (3 if second_rounds <= 9 else 2)
    one, two = two_sessions(
        tables, kind, first_rounds, second_rounds, boards_per_round=bpr, time_budget=time_limit
    )
    again = len(meetings(one) & meetings(two))
    if form is Output.JSON:
        data = {
            "first": json.loads(movement_json.dumps(one)),
            "second": json.loads(movement_json.dumps(two)),
            "rematches": again,
        }
        typer.echo(json.dumps(data, indent=1))
        return
    typer.echo("1st session\n" + movement_cards.master_text(one))
    typer.echo("2nd session\n" + movement_cards.master_text(two))
    typer.echo(f"couples meeting in both sessions: {again}")


@app.command("double-howell")
def double_howell_cmd(
    pairs: Annotated[
        int, typer.Option("--pairs", min=1, max=limit.PAIRS, help="pairs present (one section)")
    ],
    rounds: Rounds = None,
) -> None:
    """Second-session pair numbers for a Howell played twice (004:2072-2073)."""

    if not 5 <= pairs <= 32:
        raise MovementError(
            "a Howell played twice is for 5 to 32 pairs (3 to 16 tables), not "
            "{pairs}; use 'movement recommend --sessions 2' for more pairs",
            code="movement.twice-howell-size",
            pairs=pairs,
        )
    tables = (pairs + 1) // 2
    if rounds is None or rounds == 2 * tables - 1:
        m = complete_howell(pairs=pairs)
    else:
        m = short_howell(pairs=pairs, rounds=rounds)
    plan = double_howell(m)
    for line in plan.describe():
        typer.echo(line)
    typer.echo(
        f"stationary in both sessions: {len(plan.stay_twice)}; couples who never meet: "
        f"{plan.never_meet}; pairs sitting out in both sessions: {len(plan.sit_out_twice)}"
    )


def _recommend_plan(
    pairs: int, sessions: int, sections: int | None, rounds: int | None, form: Output,
    out: Path | None = None,
) -> None:  # fmt: skip
    """The rows of the lists for ``pairs`` pairs, then the first plan that builds."""
    plan = recommend_plan(pairs, sessions, sections, rounds)
    if out is not None:
        written = []
        for sp in plan.sessions:
            for sec in sp.sections:
                where = out / f"session-{sp.session}"
                if plan.multi_section:
                    where = where / f"section-{sec.name}"
                written += movement_cards.write_cards(sec.movement, where)
        doc = out / "plan.json"
        doc.write_text(plan_json.dumps(plan), encoding="utf-8")
        text = out / "plan.txt"
        text.write_text(plan_text(plan), encoding="utf-8")
        written += [doc, text]
    if form is Output.JSON:
        typer.echo(plan_json.dumps(plan), nl=False)
        return
    rows = two_session_rows(pairs, sections, rounds)
    typer.echo(f"rows of the list for {pairs} pairs ({(pairs + 1) // 2} tables):")
    for row in rows:
        typer.echo(f"  {row.describe()}" + ("  [planned below]" if row == plan.row else ""))
    typer.echo("")
    typer.echo(plan_text(plan), nl=False)
    if out is not None:
        for path in written:
            typer.echo(str(path))


def _recommend_individual(players: int, sessions: int, form: Output) -> None:
    """The individual movements for ``players`` players (004:3068-3078), never a pairs Howell."""
    if sessions != 1:
        raise MovementError(
            "the individual list plans one session (004:3068-3078)",
            code="movement.individual-one-session",
        )
    found = recommend_individual(players)
    if form is Output.JSON:
        rows = [
            {"kind": "individual", "players": r.players, "tables": r.tables,
             "boards_per_round": r.boards_per_round, "rounds": r.rounds, "boards": r.boards,
             "minutes": r.minutes, "sitting_out": r.sitting_out, "source": r.source,
             "command": r.command()}
            for r in found
        ]  # fmt: skip
        typer.echo(json.dumps(rows, indent=1))
        return
    for r in found:
        typer.echo(f"{r.describe()}  [{r.command()}]")


def _recommend_teams(
    teams: int, pairs: int | None, boards: str | None, minutes: int | None
) -> None:
    """The SRR team rows of appendix 1 for ``teams`` teams (004:3376-3431)."""

    if pairs is not None or boards is not None or minutes is not None:
        raise MovementError(
            "--teams takes no --pairs, --boards or --minutes", code="movement.teams-options"
        )
    if teams < 2:
        raise MovementError(
            "--teams must be at least 2, not {teams}",
            Location(input="--teams"),
            code="movement.teams-too-few",
            teams=teams,
        )
    for row in team_options(teams):
        typer.echo(row.describe())
    typer.echo(advice(teams))
