"""``bridgedesk event``: create and list events, set the correction deadline."""

from typing import Annotated

import typer

from bridgedesk import limits as limit
from bridgedesk.bridge.methods import Convention
from bridgedesk.cli._options import DbOption, EventArg, ScoringOption, VpScaleOption
from bridgedesk.cli._store import open_store, parse_datetime, who
from bridgedesk.errors import EntryError, Location
from bridgedesk.events.model import Event, correction_deadline
from bridgedesk.events.team_settings import TeamSettings
from bridgedesk.services.event_setup import NewEvent, prepare_event, store_prepared
from bridgedesk.store.individuals import individual_event
from bridgedesk.store.team_events import session_counts

app = typer.Typer(
    help="Create and list events (tournaments).",
    no_args_is_help=True,
)


def created_line(
    eid: int, event: Event, settings: TeamSettings, sessions: int = 1, even_chance: bool = False
) -> str:
    """What ``event new --kind teams`` prints of the team event it stored."""
    extra = f", {settings.rounds} rounds" if settings.rounds else ""
    extra += f", {sessions} sessions" if sessions > 1 else ""
    extra += ", even-chance: pairs enter with --seed-points" if even_chance else ""
    extra += {1: "", 2: ", double", 3: ", triple"}[settings.cycles]
    extra += f", {settings.segments} segments" if settings.segments > 1 else ""
    return (
        f"event {eid}: {event.name} ({event.date}, teams, {settings.form.value}, "
        f"{settings.scoring.value}, {settings.boards_per_match} "
        f"board{'' if settings.boards_per_match == 1 else 's'} a match{extra})"
    )


@app.command("new")
def new(
    name: Annotated[str, typer.Argument(help="The event's name.", show_default=False)],
    date: Annotated[
        str | None, typer.Option("--date", help="Date YYYY-MM-DD (default: today).")
    ] = None,
    rating: Annotated[
        str,
        typer.Option(
            "--rating",
            help="weekly, club-championship, local, sectional, regional or national.",
        ),
    ] = "weekly",
    event_class: Annotated[int, typer.Option("--class", min=1, max=5, help="Event class 1-5.")] = 3,
    scoring: ScoringOption = None,
    club: Annotated[str, typer.Option("--club", help="The organising club.")] = "",
    sessions: Annotated[
        int, typer.Option("--sessions", min=1, max=limit.SESSIONS, help="Number of sessions.")
    ] = 1,
    sections: Annotated[
        str, typer.Option("--sections", help="Section names per session, comma-separated.")
    ] = "A",
    deadline: Annotated[
        str | None,
        typer.Option(
            "--deadline", help="Correction deadline, YYYY-MM-DDTHH:MM (UTC) or with zone."
        ),
    ] = None,
    kind: Annotated[
        str, typer.Option("--kind", help="pairs, teams or individual (players, 004:1576-1614).")
    ] = "pairs",
    fmt: Annotated[
        str | None,
        typer.Option(
            "--format",
            help="Pairs played round by round: swiss-pairs, barometer or houston (then "
            "`event round EVENT --next`). Teams: round-robin, swiss, knockout, awl, "
            "mirror-mitchell, stagger or srr-pairs.",
        ),
    ] = None,
    vp_scale: VpScaleOption = None,
    stock: Annotated[
        int, typer.Option("--stock", min=30, max=60, help="Teams: McCallum stock 30-60.")
    ] = 40,
    boards_per_match: Annotated[
        int | None,
        typer.Option("--boards-per-match", min=1, max=64, help="Teams: boards a match."),
    ] = None,
    rounds: Annotated[
        int | None, typer.Option("--rounds", min=1, max=limit.ROUNDS, help="Swiss: rounds.")
    ] = None,
    swiss_rule: Annotated[
        str | None, typer.Option("--swiss-rule", help="Swiss: jcbl-1 (default), jcbl-2, jcbl-3.")
    ] = None,
    rematch: Annotated[
        str | None,
        typer.Option("--rematch", help="Swiss: never, not-consecutive, until-round:R, allowed."),
    ] = None,
    cycles: Annotated[
        int, typer.Option("--cycles", min=1, max=3, help="Round robin: played 1-3 times.")
    ] = 1,
    segments: Annotated[
        int, typer.Option("--segments", min=1, max=8, help="Knockout: segments a match.")
    ] = 1,
    even_chance: Annotated[
        bool,
        typer.Option(
            "--even-chance",
            help="Teams: pairs enter with seed points, teams formed best + worst "
            "(`event form-teams`, 004:2725-2734).",
        ),
    ] = False,
    convention: Annotated[
        str | None, typer.Option("--convention", help=Convention.help_text())
    ] = None,
    db: DbOption = None,
    create: Annotated[
        bool,
        typer.Option(
            "--create", help="Start the new store in --db even if that file is empty (0 bytes)."
        ),
    ] = False,
) -> None:
    """Create an event and print its id.

    Without --scoring a pairs or individual event is scored mp, a team event vp (a
    knockout imp, an AWL or mirror Mitchell bam).

    Example: bridgedesk event new "Tuesday pairs" --date 2026-11-24 --rating weekly
    --class 3 --scoring mp

    Example: bridgedesk event new "Swiss pairs" --format swiss-pairs --scoring mp

    Example: bridgedesk event new "Autumn Swiss" --kind teams --format swiss --scoring vp
    --rounds 7 --boards-per-match 8 (docs/teams.md)
    """
    asked = NewEvent(
        name, kind=kind, date=date, rating=rating, class_=event_class, scoring=scoring,
        club=club, sessions=sessions, sections=sections, deadline=deadline, format=fmt,
        convention=convention, vp_scale=vp_scale, stock=stock,
        boards_per_match=boards_per_match, rounds=rounds, swiss_rule=swiss_rule,
        rematch=rematch, cycles=cycles, even_chance=even_chance, segments=segments,
    )  # fmt: skip
    prepared = prepare_event(asked)  # refused before the store is opened
    with open_store(db, create=create) as store:
        made = store_prepared(store, prepared, who=who(None))
    if made.team is not None:
        typer.echo(created_line(made.id, made.event, made.team, sessions, even_chance))
        return
    event = made.event
    typer.echo(
        f"event {made.id}: {event.name} ({event.date}, {event.rating} class {event.class_}, "
        f"{event.scoring}{', individual' if kind == 'individual' else ''})"
    )


@app.command("list")
def list_events(db: DbOption = None) -> None:
    """List the events in the store, oldest first.

    Example: bridgedesk event list --db club.sqlite3
    """
    with open_store(db) as store:
        events = store.events()
        alone = {info.id for info in events if individual_event(store, info.id)}
        team_sessions = session_counts(store)  # a team event's sessions share its one section
    if not events:
        typer.echo("no events yet; create one with `bridgedesk event new NAME`")
        return
    for info in events:
        e = info.event
        parts = "; ".join(f"session {n}: {','.join(names)}" for n, names in info.sections)
        if info.id in team_sessions:
            parts = f"sessions 1-{team_sessions[info.id]}: A"
        kind = ", individual" if info.id in alone else ""
        typer.echo(
            f"{info.id:>4}  {e.date}  {e.name}  [{e.rating} class {e.class_}, {e.scoring}{kind}]"
            f"  {parts}"
        )


@app.command("deadline")
def deadline(
    event: EventArg,
    when: Annotated[
        str | None,
        typer.Argument(help="YYYY-MM-DDTHH:MM (UTC) or with a zone.", show_default=False),
    ] = None,
    published: Annotated[
        str | None,
        typer.Option(
            "--published",
            help="When the last session's results were published: the deadline becomes the "
            "default of 003:131-137 (30 minutes later; for a weekly game, --next-game).",
        ),
    ] = None,
    next_game: Annotated[
        str | None, typer.Option("--next-game", help="Start of the club's next game (weekly).")
    ] = None,
    clear: Annotated[bool, typer.Option("--clear", help="Remove the deadline.")] = False,
    db: DbOption = None,
) -> None:
    """Set the correction deadline: after it only the director corrects (003:123-159).

    Example: bridgedesk event deadline "Tuesday pairs" 2026-11-24T22:00+09:00

    Example: bridgedesk event deadline "Kanto sectional" --published 2026-11-24T21:30+09:00
    """

    if sum((when is not None, published is not None, clear)) != 1:
        raise EntryError(
            "give exactly one of: a deadline, --published TIME, or --clear",
            code="event.deadline-choice",
        )
    with open_store(db) as store:
        info = store.event(event)
        moment = parse_datetime(when) if when else None
        if published is not None:
            moment = correction_deadline(
                info.event.rating,
                parse_datetime(published),
                parse_datetime(next_game) if next_game else None,
            )
            if moment is None:
                raise EntryError(
                    "a weekly game's corrections close at the next game (003:135): give "
                    "--next-game TIME",
                    Location(input="--next-game"),
                    code="event.needs-next-game",
                )
        store.set_deadline(event, moment)
        info = store.event(event)
    shown = info.event.correction_deadline
    typer.echo(
        f"event {info.id}: correction deadline "
        + ("cleared" if shown is None else f"{shown:%Y-%m-%d %H:%M} UTC")
    )
