"""``bridgedesk entry``: enter pairs, teams and individuals in an event."""

import re
from typing import Annotated

import typer

from bridgedesk.cli import _limits as limit
from bridgedesk.cli._store import DbOption, EventArg, SectionOption, SessionOption, open_store

app = typer.Typer(help="Enter pairs, teams or individuals in an event.", no_args_is_help=True)

_NAME_SPLIT = re.compile(r"\s*(?:,|;|/|&|\s-\s|\s–\s)\s*")


@app.command("add")
def add(
    event: EventArg,
    number: Annotated[
        int,
        typer.Option(
            "--pair",
            "--number",
            min=1,
            max=limit.ENTRY_NUMBER,
            help="The entry's number in the section.",
        ),
    ],
    names: Annotated[
        str,
        typer.Option("--names", help='Player names, separated by "," or " - " (e.g. "Ann, Bo").'),
    ] = "",
    members: Annotated[
        str, typer.Option("--members", help="Member numbers in the same order, comma-separated.")
    ] = "",
    kind: Annotated[str, typer.Option("--kind", help="pair, team or individual.")] = "pair",
    team: Annotated[str | None, typer.Option("--team", help="Team name (for teams).")] = None,
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
    section: SectionOption = "A",
    session: SessionOption = 1,
    db: DbOption = None,
) -> None:
    """Enter a pair (team, individual) under a number.

    Example: bridgedesk entry add "Tuesday pairs" --pair 3 --names "Yamaguchi, Kobayashi"
    --members 123,456
    """
    from bridgedesk.errors import EntryError
    from bridgedesk.events import Entry, EntryKind, Player

    people = [n for n in _NAME_SPLIT.split(names.strip()) if n] if names.strip() else []
    numbers = [m.strip() for m in members.split(",")] if members.strip() else []
    if len(numbers) > len(people):
        raise EntryError(
            f"{len(numbers)} member numbers for {len(people)} names: give one per player "
            "(leave a blank between commas for a non-member)"
        )
    numbers += [""] * (len(people) - len(numbers))
    entry = Entry(
        number=number,
        players=tuple(Player(n, m or None) for n, m in zip(people, numbers, strict=True)),
        kind=EntryKind.parse(kind),
        team_name=team,
        stationary=stationary,
        phantom=phantom,
        late=late,
    )
    with open_store(db) as store:
        got = store.add_entry(event, entry, section=section, session=session)
    label = "phantom" if phantom else entry.names
    typer.echo(f"entered {entry.kind} {got} in section {section}: {label}")


@app.command("list")
def list_entries(
    event: EventArg,
    section: SectionOption = "A",
    session: SessionOption = 1,
    db: DbOption = None,
) -> None:
    """List a section's entries by number.

    Example: bridgedesk entry list "Tuesday pairs"
    """
    with open_store(db) as store:
        entries = store.entries(event, section=section, session=session)
    if not entries:
        typer.echo(f"no entries in section {section} yet")
    for number, e in sorted(entries.items()):
        members = ", ".join(p.member or "-" for p in e.players)
        flags = " ".join(f for f, on in (("stationary", e.stationary), ("late", e.late)) if on)
        typer.echo(
            f"{number:>4}  {e.names}"
            + (f"  [{members}]" if e.players else "")
            + (f"  ({flags})" if flags else "")
        )
