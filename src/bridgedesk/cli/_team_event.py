"""What the event, entry and movement commands do for a team event (docs/teams.md).

``event new NAME --kind teams --format F --scoring S`` (stored by
:mod:`bridgedesk.services.event_setup`, printed by :func:`created_line`),
``entry add EVENT --kind team --name T --player ...`` (:func:`add_team_entry`) and
``event movement EVENT`` for a team event (:func:`team_movement`) come here from
their commands' modules, which hand over as soon as they see a team event.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path

import typer

from bridgedesk import demo_teams
from bridgedesk.cli._store import open_store
from bridgedesk.errors import EntryError
from bridgedesk.events.model import Event
from bridgedesk.events.team_draw import DrawnMatch, by_round
from bridgedesk.events.team_sessions import SessionSplit
from bridgedesk.events.team_settings import TeamSettings
from bridgedesk.reports.teams import standings_text
from bridgedesk.services import draws
from bridgedesk.store import even_chance_teams, team_events
from bridgedesk.store.entry_players import players_of
from bridgedesk.store.service import Store
from bridgedesk.store.team_entries import enter_team, team_players


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
        raise EntryError("give the players with --player, or with --names/--members, not both")
    if players:
        parsed = [parse_player(p) for p in players]
        if any(n is None and m is None for n, m in parsed):
            raise EntryError('--player needs a name, "NAME:MEMBER" or ":MEMBER"')
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
            "a pair of an even-chance team event enters with its --seed-points (004:2728), "
            "or as the --floater pair"
        )
    value = even_chance_teams.seed_points(points) if points is not None else Decimal(0)
    people = players_of(store, names, members)
    got = even_chance_teams.add_pair(store, event, number, people, value, floater)
    what = "the floater pair" if floater else f"{value} seed points"
    typer.echo(f"entered pair {got}: {' – '.join(p.name for p in people)} ({what})")


def draw_lines(
    matches: tuple[DrawnMatch, ...],
    forfeits: dict[tuple[int, int], int],
    split: SessionSplit | None = None,
) -> list[str]:
    """The draw as text, round by round: ``table 1: 3 v 8  boards 1-8``; each session
    headed ``session 2 (rounds 9-14)`` in an event of several."""
    out = []
    for rnd, ms in by_round(matches).items():
        if split is not None and rnd in split.rounds(k := split.session_of(rnd))[:1]:
            span = split.rounds(k)
            out.append(f"session {k} (rounds {span[0]}-{span[-1]})")
        out.append(f"round {rnd}")
        for d in ms:
            if d.away is None:
                out.append(f"  team {d.home}: bye")
                continue
            assert d.open is not None and d.closed is not None
            lost = forfeits.get((d.round, d.home))
            rooms = (
                f"open: round {d.open.round} table {d.open.table}, "
                f"closed: round {d.closed.round} table {d.closed.table}"
            )
            if d.open.round != d.closed.round:  # an odd field's triangle (team_triangle)
                rooms = (
                    f"triangle: open table {d.open.table} (1st half), closed table "
                    f"{d.closed.table} (2nd half)"
                )
            elif d.open.round != d.round:  # an odd field: each round is two halves
                rooms = f"open: table {d.open.table}, closed: table {d.closed.table}"
            note = f"  (forfeited by {lost})" if lost is not None else ""
            out.append(
                f"  {d.home:>3} v {d.away:<3} boards {d.boards[0]}-{d.boards[-1]}  {rooms}{note}"
            )
    return out


def team_movement(store: Store, event: str) -> None:
    """``event movement EVENT`` for a team event: make and print its draw."""
    report = draws.make_draw(store, event)
    draw = team_events.draw(store, event)
    typer.echo(f"draw: {report.name}" + (f" ({report.basis})" if report.basis else ""))
    for line in draw_lines(report.matches, draw.forfeits, draw.split):
        typer.echo(line)


def run_teams(
    teams: int, form: str, seed: int, out: Path, db: Path | None, lang: str,
    date: dt.date | None = None,
) -> None:  # fmt: skip
    """``demo --teams N``: run the demonstration team event and say what it wrote."""
    made = demo_teams.run(teams=teams, form=form, seed=seed, out=out, db=db, lang=lang, date=date)
    typer.echo(f"{made.draw}; {made.slips} room results entered")
    typer.echo(standings_text(made.scored, lang), nl=False)
    if made.db is None:
        typer.echo("the event was kept in a temporary database, now deleted (--db FILE keeps it)")
    else:
        typer.echo(f"event {made.event_id} stored in {made.db}")
    typer.echo(f"reports in {out}/ (open {out / 'index.html'}):")
    for path in made.files:
        typer.echo(f"  {path.name}")
    typer.echo(f"done in {made.timings['total']:.1f} s")


def team_round(event: str, next_round: bool, last_round: bool, db: str | None) -> None:
    """``event round EVENT [--next]``: show a team event's draw, or draw the next Swiss
    or knockout round."""
    with open_store(db) as store:
        if next_round:
            report = draws.next_round(store, event, last_round=last_round)
            draw = team_events.draw(store, event)
            typer.echo(f"round {report.matches[0].round} ({report.basis or report.name})")
            for line in draw_lines(report.matches, draw.forfeits)[1:]:
                typer.echo(line)
            return
        if last_round:
            raise EntryError("--last-round goes with --next")
        draw = team_events.draw(store, event)
    if not draw.matches:
        typer.echo("no draw yet; make it with `bridgedesk event movement EVENT`")
        return
    for line in draw_lines(draw.matches, draw.forfeits, draw.split):
        typer.echo(line)
    for team, rnd in sorted(draw.withdrawn.items()):
        typer.echo(f"team {team} withdrawn from round {rnd}")
