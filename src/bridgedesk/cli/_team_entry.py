"""What ``entry add`` does in a team event (docs/teams.md): a team of 4-6 players, or
in an even-chance team event a pair with its seed points (004:2725-2734).

``entry add EVENT --kind team --name T --player ...`` (:func:`add_team_entry`) and
``entry add EVENT --names "A, B" --seed-points P`` (:func:`add_even_chance_pair`)
come here from :mod:`bridgedesk.cli.entry`, which hands over as soon as it sees a
team event.
"""

from __future__ import annotations

from decimal import Decimal

import typer

from bridgedesk.errors import EntryError, Location
from bridgedesk.store import even_chance_teams
from bridgedesk.store.entry_players import players_of
from bridgedesk.store.service import Store
from bridgedesk.store.team_entries import enter_team, team_players


def parse_player(text: str) -> tuple[str | None, str | None]:
    """``--player "Aoki Taro:123456"``: a name and, after a colon, the member number."""
    name, sep, member = text.rpartition(":") if ":" in text else (text, "", "")
    return (name.strip() or None), (member.strip() or None) if sep else None


def add_team_entry(
    store: Store,
    event: str,
    number: int | None,
    name: str | None,
    players: list[str],
    names: str,
    members: str,
) -> None:
    """``entry add EVENT --kind team``: 4-6 players, each ``NAME[:MEMBER]`` (a member
    number alone, ``:123456``, takes the name from the register)."""
    if players and (names or members):
        raise EntryError(
            "give the players with --player, or with --names/--members, not both",
            code="team.players-twice",
        )
    if players:
        parsed = [parse_player(p) for p in players]
        if any(n is None and m is None for n, m in parsed):
            raise EntryError(
                '--player needs a name, "NAME:MEMBER" or ":MEMBER"',
                Location(input="--player"),
                code="team.player-format",
            )
        people = team_players(store, parsed)
    else:
        people = players_of(store, names, members)
    got = enter_team(store, event, people, number=number, name=name)
    members_text = ", ".join(p.member or "-" for p in people)
    typer.echo(
        f"entered team {got.entry.number}: {got.entry.names} "
        f"({len(people)} players: {members_text})"
    )
    if got.draw_cleared:
        typer.echo("the draw was cleared: make it again with `bridgedesk event movement EVENT`")


def add_even_chance_pair(
    store: Store,
    event: str,
    number: int | None,
    names: str,
    members: str,
    points: str | None,
    floater: bool,
) -> None:
    """``entry add EVENT --names "A, B" --seed-points P [--floater]`` in an even-chance
    team event (004:2725-2734)."""
    if points is None and not floater:
        raise EntryError(
            "a pair of an even-chance team event enters with its --seed-points "
            "(004:2728), or as the --floater pair",
            code="team.even-chance-entry",
        )
    value = even_chance_teams.seed_points(points) if points is not None else Decimal(0)
    people = players_of(store, names, members)
    got = even_chance_teams.add_pair(store, event, number, people, value, floater)
    what = "the floater pair" if floater else f"{value} seed points"
    typer.echo(f"entered pair {got}: {' – '.join(p.name for p in people)} ({what})")
