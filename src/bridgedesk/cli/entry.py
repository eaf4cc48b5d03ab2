"""``bridgedesk entry``: enter pairs, teams and individuals in an event."""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from bridgedesk import limits as limit
from bridgedesk.bridge import Side
from bridgedesk.cli import _individual
from bridgedesk.cli._options import (
    ByOption,
    DbOption,
    EventArg,
    ReasonOption,
    SectionOption,
    SessionOption,
)
from bridgedesk.cli._store import open_store, who
from bridgedesk.cli._team_entry import add_even_chance_pair, add_team_entry
from bridgedesk.errors import EntryError, Location
from bridgedesk.events import Entry, EntryKind
from bridgedesk.events.late_rover import rover_route
from bridgedesk.events.pair_numbers import PairNumbers
from bridgedesk.events.seating import seats
from bridgedesk.formats import entries_csv
from bridgedesk.store import entries, even_chance_teams, team_events
from bridgedesk.store.competitors import seat_labels
from bridgedesk.store.entry_players import changed_players, players_of
from bridgedesk.store.individuals import individual_event

if TYPE_CHECKING:
    from bridgedesk.events.seating import SeatingPlan

app = typer.Typer(help="Enter pairs, teams or individuals in an event.", no_args_is_help=True)

#: An entry's kind, when it is not the event's (``add`` and ``import``).
KindOption = Annotated[
    str | None, typer.Option("--kind", help="pair, team or individual [default: the event's].")
]
#: The entry a command changes (``edit`` and ``withdraw``).
NumberOption = Annotated[
    int,
    typer.Option("--pair", "--number", min=1, max=limit.ENTRY_NUMBER, help="The entry's number."),
]


@app.command("add")
def add(
    event: EventArg,
    number: Annotated[
        int | None,
        typer.Option(
            "--pair",
            "--number",
            min=1,
            max=limit.ENTRY_NUMBER,
            help="The entry's number in the section (a team or a player: default the next "
            "free one).",
        ),
    ] = None,
    names: Annotated[
        str,
        typer.Option("--names", help='Player names, separated by "," or " - " (e.g. "Ann, Bo").'),
    ] = "",
    members: Annotated[
        str, typer.Option("--members", help="Member numbers in the same order, comma-separated.")
    ] = "",
    kind: KindOption = None,
    team: Annotated[
        str | None, typer.Option("--team", "--name", help="Team name (for teams).")
    ] = None,
    player: Annotated[
        list[str] | None,
        typer.Option(
            "--player",
            help='A team\'s player, "NAME:MEMBER" (4-6 of them; ":MEMBER" alone '
            "takes the name from the register); an individual: the player's name.",
        ),
    ] = None,
    member: Annotated[
        str | None, typer.Option("--member", help="individual: the player's member number.")
    ] = None,
    stationary: Annotated[
        bool, typer.Option("--stationary", help="Asks for a seat that does not move.")
    ] = False,
    phantom: Annotated[
        bool, typer.Option("--phantom", help="The phantom pair of an odd field (no names).")
    ] = False,
    late: Annotated[
        bool,
        typer.Option(
            "--late", help="Arrived late: allowed before round 2; takes the phantom's number."
        ),
    ] = False,
    seed_points: Annotated[
        str | None,
        typer.Option("--seed-points", help="Even-chance teams: the pair's seed points (004:2728)."),
    ] = None,
    floater: Annotated[
        bool,
        typer.Option("--floater", help="Even-chance teams: the floater pair (004:2733)."),
    ] = False,
    flight: Annotated[
        str | None,
        typer.Option("--flight", help="A stratified event's flight of the pair: A (top), B, C."),
    ] = None,
    section: SectionOption = "A",
    session: SessionOption = 1,
    db: DbOption = None,
) -> None:
    """Enter a pair (team, individual) under a number.

    Example: bridgedesk entry add "Tuesday pairs" --pair 3 --names "Yamaguchi, Kobayashi"
    --members 123,456

    Example: bridgedesk entry add "Spring individual" --kind individual --player "Mori Ken"
    --member 10234
    """

    with open_store(db) as store:
        if team_events.is_team_event(store, event):
            if even_chance_teams.is_even_chance(store, event):
                add_even_chance_pair(store, event, number, names, members, seed_points, floater)
                return
            if seed_points is not None or floater:
                raise EntryError(
                    "--seed-points and --floater are for an even-chance team event",
                    code="entry.even-chance-options",
                )
            add_team_entry(store, event, number, team, player or [], names, members)
            return
        if seed_points is not None or floater:
            raise EntryError(
                "--seed-points and --floater are for an even-chance team event",
                code="entry.even-chance-options",
            )
        if flight is not None and (kind not in (None, "pair") or individual_event(store, event)):
            raise EntryError(
                "--flight places a pair in a stratified pairs event (004:1515-1532)",
                Location(input="--flight"),
                code="entry.flight-stratified",
            )
        if kind == "individual" or (kind is None and individual_event(store, event)):
            if player is not None and len(player) > 1:
                raise EntryError(
                    "an individual entry is one --player", code="entry.individual-one-player"
                )
            player_entry = _individual.add_player(
                store,
                event,
                number=number,
                player=(player[0] if player else None) or names or None,
                member=member or members or None,
                stationary=stationary,
                late=late,
                section=section,
                session=session,
            )
            typer.echo(
                f"entered player {player_entry.number} in section {section}: {player_entry.names}"
            )
            return
        if number is None or player:
            raise EntryError(
                "a pair is entered with --pair N --names ... (--player is for teams)",
                code="entry.pair-names",
            )
        players = players_of(store, names, members)
        entry = Entry(
            number=number,
            players=players,
            kind=EntryKind.parse(kind or "pair"),
            team_name=team,
            stationary=stationary,
            phantom=phantom,
            late=late,
            flight=flight,
        )
        got = store.add_entry(event, entry, section=section, session=session)
        grid = store.movement(event, section=section, session=session) if late else None
    label = "phantom" if phantom else entry.names
    typer.echo(f"entered {entry.kind} {got} in section {section}: {label}")
    if grid is not None and grid.name.endswith(f"late pair {got} roving from round 2"):
        typer.echo(rover_route(grid, got))


@app.command("list")
def list_entries(
    event: EventArg,
    section: SectionOption = "A",
    session: SessionOption = 1,
    db: DbOption = None,
) -> None:
    """List a section's entries by number, with the NS / EW number the movement gives
    each pair (a two-field movement numbers each field from 1, 004:968-980).

    Example: bridgedesk entry list "Tuesday pairs"
    """
    with open_store(db) as store:
        entries = store.entries(event, section=section, session=session)
        movement = store.movement(event, section=section, session=session)
        if team_events.is_team_event(store, event):
            movement = None  # a team's pairs are t and t + N (docs/teams.md)
            if not entries and even_chance_teams.is_even_chance(store, event):
                for p in even_chance_teams.pairs(store, event):  # teams not formed yet
                    what = "floater" if p.floater else f"{p.seed_points} seed points"
                    typer.echo(f"{p.pair:>4}  {p.names}  ({what})")
                return
        across = seat_labels(store, event)  # each session's number (store/competitors.py)
    if not entries:
        typer.echo(f"no entries in section {section} yet")
    individual = movement is not None and movement.kind == "individual"  # no NS / EW
    labels = {} if movement is None or individual else field_numbers(movement)
    for number, e in sorted(entries.items()):
        members = ", ".join(p.member or "-" for p in e.players)
        flags = " ".join(f for f, on in (("stationary", e.stationary), ("late", e.late)) if on)
        if e.flight:
            flags = " ".join(x for x in (f"flight {e.flight}", flags) if x)
        label = f"  {labels.get(number, '(none)'):<6}" if labels else ""
        typer.echo(
            f"{number:>4}{label}  {e.names}"
            + (f": {', '.join(p.name for p in e.players)}" if e.kind is EntryKind.TEAM else "")
            + (f"  [{members}]" if e.players else "")
            + (f"  ({flags})" if flags else "")
            + (
                f"  [{across[(session, section, number)]}]"
                if across.get((session, section, number))
                else ""
            )
        )


def field_numbers(movement: "SeatingPlan") -> dict[int, str]:
    """Each seated pair's number as the cards print it: ``NS 3`` / ``EW 1`` in a
    two-field movement (each field numbered from 1, events.pair_numbers), else the
    direction it starts in."""

    numbers = PairNumbers.of(movement)
    out: dict[int, str] = {}
    for _, _, a in sorted(seats(movement), key=lambda t: (t[0], t[1])):
        out.setdefault(a.ns, numbers.label(a.ns, Side.NS))
        out.setdefault(a.ew, numbers.label(a.ew, Side.EW))
    return out


@app.command("import")
def import_entries(
    event: EventArg,
    file: Annotated[Path, typer.Argument(help="CSV: pair, player1, member1, player2, ...")],
    kind: KindOption = None,
    section: SectionOption = "A",
    session: SessionOption = 1,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """Enter every pair of a CSV file (all or none); see docs/events.md for the columns.

    Example: bridgedesk entry import "Tuesday pairs" entries.csv
    """

    lines = entries_csv.load(file)
    with open_store(db) as store:
        numbers = entries.import_entries(
            store,
            event,
            lines,
            who=who(by),
            kind=None if kind is None else EntryKind.parse(kind),
            section=section,
            session=session,
        )
    typer.echo(
        f"entered {len(numbers)} entries in section {section}: " + ", ".join(map(str, numbers))
    )


@app.command("edit")
def edit(
    event: EventArg,
    number: NumberOption,
    reason: ReasonOption,
    names: Annotated[str | None, typer.Option("--names", help="The new player names.")] = None,
    members: Annotated[
        str | None, typer.Option("--members", help="The new member numbers.")
    ] = None,
    stationary: Annotated[
        bool | None,
        typer.Option("--stationary/--moving", help="Ask for (or drop) a stationary seat."),
    ] = None,
    flight: Annotated[
        str | None,
        typer.Option("--flight", help='The pair\'s flight in a stratified event ("" clears it).'),
    ] = None,
    section: SectionOption = "A",
    session: SessionOption = 1,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """Change an entry's players, stationary request or flight (audited).

    Example: bridgedesk entry edit "Tuesday pairs" --pair 3 --members 123,789
    --reason "substitute for the second half"
    """

    players = changed_players(names, members)
    if players is None and stationary is None and flight is None:
        raise EntryError(
            "nothing to change: give --names, --members, --stationary/--moving or --flight",
            code="entry.nothing-to-change-cli",
        )
    with open_store(db) as store:
        aid = entries.edit_entry(
            store,
            event,
            number,
            who=who(by),
            reason=reason,
            players=players,
            stationary=stationary,
            section=section,
            session=session,
            flight=flight,
        )
    typer.echo(f"audit {aid}: entry {number} changed")


@app.command("withdraw")
def withdraw(
    event: EventArg,
    number: NumberOption,
    reason: ReasonOption,
    section: SectionOption = "A",
    session: SessionOption = 1,
    by: ByOption = None,
    db: DbOption = None,
) -> None:
    """Take out an entry that has played nothing yet (audited).

    Example: bridgedesk entry withdraw "Tuesday pairs" --pair 9 --reason "did not come"
    """

    with open_store(db) as store:
        aid = entries.withdraw_entry(
            store, event, number, who=who(by), reason=reason, section=section, session=session
        )
    typer.echo(f"audit {aid}: entry {number} withdrawn")
