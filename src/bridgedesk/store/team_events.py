"""Team events in the store: the event's settings, its teams, the draw, line-ups,
withdrawals, forfeits, its sessions and a knockout match's carry-over.

A team event is an ordinary event (one session, section A) with a
``team_events`` row saying how it is played and scored
(:class:`~bridgedesk.events.team_settings.TeamSettings`).  Its entries are
teams of 4-6 players.  Its draw is stored twice over, each for its reader:

* the section's movement grid seats the teams' pairs (team *t*'s pairs are
  *t* and *t + N*), so room results are slips placed on it
  (:mod:`bridgedesk.events.team_rooms`), checked and corrected exactly as pairs
  results are (:mod:`bridgedesk.services.slips`);
* ``team_matches`` lists each match: round, home, away, boards, the grid
  places of its open and closed rooms (004:1631-1633), a forfeit
  (003:228-250), or a bye (``away`` empty).

A Swiss or a knockout adds a round at a time (:func:`add_round`); a movement
form is drawn whole (:func:`set_draw`).  An event of several sessions keeps one
grid, its rounds numbered through the event (session 2 of an 8 + 6 round event
starts at round 9), and where each session ends (:func:`store_split`).  A director
may give a knockout match a carry-over of IMPs (:func:`set_carry_over`, kept on the
match).  Each function is one transaction of the unit of work it is given (those
taking an ORM session run in the caller's).
"""

from __future__ import annotations

import json
from fractions import Fraction

from sqlalchemy import bindparam, delete, func, select
from sqlalchemy.orm import Session as OrmSession

from bridgedesk.bridge.methods import Method
from bridgedesk.errors import EntryError
from bridgedesk.events.model import Entry, EntryKind, Event
from bridgedesk.events.seating import GridMovement
from bridgedesk.events.swiss import Rematch, SwissRule
from bridgedesk.events.team_draw import DrawnMatch, Room, boards_of, boards_text
from bridgedesk.events.team_rooms import TeamDraw
from bridgedesk.events.team_sessions import SessionSplit, swiss_split
from bridgedesk.events.team_settings import TeamForm, TeamSettings
from bridgedesk.store.events_repo import discard_event, insert_entry, insert_event
from bridgedesk.store.lookups import event_row, section_entries, section_row
from bridgedesk.store.models import (
    DirectorAuditRow,
    EventRow,
    MovementRow,
    ResultRow,
    SectionRow,
    TeamEventRow,
    TeamLineupRow,
    TeamMatchRow,
    TeamWithdrawalRow,
)
from bridgedesk.store.table_rounds import once
from bridgedesk.store.team_models import (
    EvenChanceEventRow,
    EvenChancePairRow,
    TeamHalfRow,
    TeamMisseatRow,
    TeamOriginRow,
    TeamSessionsRow,
)
from bridgedesk.store.unit import Tx, UnitOfWork, orm, statements, utcnow

__all__ = [
    "add_round",
    "add_team",
    "carry_of",
    "check_sessions",
    "create_team_event",
    "declare_sessions",
    "discard_team_event",
    "draw",
    "event_draw",
    "forfeit_match",
    "is_team_event",
    "lineups",
    "match_results",
    "next_team_number",
    "read_draw",
    "section",
    "session_count",
    "session_counts",
    "set_carry_over",
    "set_draw",
    "set_lineup",
    "settings",
    "settings_of",
    "split_of",
    "store_split",
    "team_row",
    "teams_entered",
    "withdraw_team",
]


#: The rows of migrations 0012 (sessions, mis-seated rooms, even-chance pairs) and 0015
#: (second halves, a knockout's teams' origins).
EXTRA_TABLES = (
    TeamSessionsRow, TeamMisseatRow, EvenChancePairRow, EvenChanceEventRow, TeamHalfRow,
    TeamOriginRow,
)  # fmt: skip

# -- the event and its settings ------------------------------------------------------


def settings_of(row: TeamEventRow) -> TeamSettings:
    return TeamSettings(
        form=TeamForm(row.form),
        scoring=Method(row.scoring),
        boards_per_match=row.boards_per_match,
        vp_scale=row.vp_scale,
        vp_scale_data=row.vp_scale_data,
        stock=row.stock,
        rounds=row.rounds,
        swiss_rule=None if row.swiss_rule is None else SwissRule(row.swiss_rule),
        rematch=None if row.rematch is None else Rematch.parse(row.rematch),
        cycles=row.cycles,
        segments=row.segments or 1,
    )


def create_team_event(
    unit: UnitOfWork,
    event: Event,
    team: TeamSettings,
    sessions: int = 1,
    even_chance: bool = False,
) -> int:
    """Store a new team event (one section A; its ``sessions`` in
    :func:`check_sessions`) with its settings; its id.  An
    ``even_chance`` event takes pairs, formed into teams later
    (:mod:`bridgedesk.store.even_chance_teams`)."""
    check_sessions(team, sessions)
    if len(event.sessions) != 1 or len(event.sessions[0].sections) != 1:
        raise EntryError(
            "a team event is stored as one session of one section: leave out "
            "--sessions and --sections",
            code="team.one-session-one-section",
        )
    with unit.transaction() as s:
        ev = insert_event(s, event)
        s.add(
            TeamEventRow(
                event_id=ev.id,
                form=team.form.value,
                scoring=team.scoring.value,
                vp_scale=team.vp_scale,
                vp_scale_data=team.vp_scale_data,
                stock=team.stock,
                boards_per_match=team.boards_per_match,
                rounds=team.rounds,
                cycles=team.cycles,
                swiss_rule=None if team.swiss_rule is None else team.swiss_rule.value,
                rematch=None if team.rematch is None else str(team.rematch),
                segments=team.segments,
            )
        )
        declare_sessions(s, ev.id, sessions)
        if even_chance:
            s.add(EvenChanceEventRow(event_id=ev.id))
        return ev.id


def team_row(s: OrmSession, ev: EventRow) -> TeamEventRow:
    """The event's team settings row; one line when the event is a pairs event."""
    row = s.scalars(select(TeamEventRow).where(TeamEventRow.event_id == ev.id)).first()
    if row is None:
        raise EntryError(
            "event {name!r} is a pairs event; team commands need an event made with "
            "`bridgedesk event new NAME --kind teams`",
            code="team.pairs-event",
            name=ev.name,
        )
    return row


def settings(unit: UnitOfWork, ref: int | str) -> TeamSettings:
    with unit.transaction(write=False) as s:
        return settings_of(team_row(s, event_row(s, ref)))


def is_team_event(unit: UnitOfWork, ref: int | str) -> bool:
    """Whether the event is a team event (the commands' hook to come here)."""
    with unit.transaction(write=False) as s:
        ev = event_row(s, ref)
        found = s.scalars(select(TeamEventRow.id).where(TeamEventRow.event_id == ev.id)).first()
        return found is not None


def discard_team_event(unit: UnitOfWork, ref: int | str) -> None:
    """Delete a team event's own rows, then the event (a half-made demo event)."""
    with unit.transaction() as s:
        ev = event_row(s, ref)
        for table in (TeamLineupRow, TeamMatchRow, TeamWithdrawalRow, *EXTRA_TABLES,
                      TeamEventRow):  # fmt: skip
            s.execute(delete(table).where(table.event_id == ev.id))
        s.execute(delete(DirectorAuditRow).where(DirectorAuditRow.event_id == ev.id))
    discard_event(unit, ref)


def section(s: OrmSession, ev: EventRow, lock: bool = False) -> SectionRow:
    return section_row(s, ev, 1, "A", lock=lock)


def _locked(s: OrmSession, ref: int | str) -> tuple[EventRow, SectionRow]:
    """A team event and its section, locked for a change (one line for a pairs event)."""
    ev = event_row(s, ref)
    team_row(s, ev)
    return ev, section(s, ev, lock=True)


# -- teams -------------------------------------------------------------------------------


def add_team(unit: UnitOfWork, ref: int | str, entry: Entry) -> int:
    """Enter a team (4-6 players) under its number.

    A team can join until the first result is in: a draw made already is
    cleared (its matches and movement), to be made again for the new field.
    """
    if entry.kind is not EntryKind.TEAM:
        raise EntryError(
            "a team event takes teams: `entry add EVENT --kind team`, not a {kind}",
            code="team.entry-not-a-team",
            kind=entry.kind,
        )
    if entry.phantom or entry.late:
        raise EntryError(
            "a team is entered whole: no phantom or late team in a team event",
            code="team.entered-whole",
        )
    with unit.transaction() as s:
        ev, sec = _locked(s, ref)
        if _has_results(s, sec):
            raise EntryError(
                "results are in already: a team can join only before play starts (a team "
                "that leaves is withdrawn with `event withdraw-team`)",
                code="team.join-after-play",
            )
        s.execute(delete(TeamMatchRow).where(TeamMatchRow.event_id == ev.id))
        sec.movement = None
        return insert_entry(s, sec, entry)


def next_team_number(unit: UnitOfWork, ref: int | str) -> int:
    with unit.transaction(write=False) as s:
        entries = section_entries(s, section(s, event_row(s, ref)))
        return max(entries, default=0) + 1


def teams_entered(s: OrmSession, ev: EventRow) -> dict[int, Entry]:
    """The event's teams by number; refused unless they are numbered 1..N, N >= 2."""
    entries = section_entries(s, section(s, ev))
    if len(entries) < 2:
        raise EntryError(
            "a team event needs at least 2 teams; {entered} entered (`bridgedesk "
            "entry add EVENT --kind team ...`)",
            code="team.too-few-teams",
            entered=len(entries),
        )
    gap = [n for n in range(1, len(entries) + 1) if n not in entries]
    if gap:
        raise EntryError(
            "the teams must be numbered 1-{teams} for the draw; team {gap} is "
            "missing (entered: {entered})",
            code="team.numbers-gap",
            teams=len(entries),
            gap=gap[0],
            entered=", ".join(map(str, sorted(entries))),
        )
    return entries


# -- the draw -----------------------------------------------------------------------------


def _match_rows(s: OrmSession, ev: EventRow) -> list[TeamMatchRow]:
    return list(
        s.scalars(
            select(TeamMatchRow)
            .where(TeamMatchRow.event_id == ev.id)
            .order_by(TeamMatchRow.round, TeamMatchRow.open_table, TeamMatchRow.home)
        )
    )


def _drawn(row: TeamMatchRow) -> DrawnMatch:
    def room(rnd: int | None, table: int | None) -> Room | None:
        return None if rnd is None or table is None else Room(rnd, table)

    return DrawnMatch(
        row.round, row.home, row.away, boards_of(row.boards),
        room(row.open_round, row.open_table), room(row.closed_round, row.closed_table),
    )  # fmt: skip


def read_draw(s: OrmSession, ev: EventRow) -> TeamDraw:
    """The stored draw of a team event, in the caller's transaction."""
    sec = section(s, ev)
    rows = _match_rows(s, ev)
    withdrawn = {
        w.team: w.from_round
        for w in s.scalars(select(TeamWithdrawalRow).where(TeamWithdrawalRow.event_id == ev.id))
    }
    return TeamDraw(
        None if sec.movement is None else GridMovement.from_json(sec.movement.data),
        tuple(_drawn(r) for r in rows),
        {(r.round, r.home): r.forfeited_by for r in rows if r.forfeited_by is not None},
        withdrawn,
        split_of(s, ev),
        {(r.round, r.home): carry_of(r.carry_over) for r in rows if r.carry_over},
    )


def event_draw(s: Tx, event_id: int) -> tuple[TeamDraw, int] | None:
    """A team event's draw and how many teams it has, read once per transaction (a
    batch of tables' slips reads it once); None for any other event."""
    return once(s, ("team-draw", event_id), lambda: _event_draw(s, event_id))


_TEAM_EVENT = select(TeamEventRow.event_id).where(TeamEventRow.event_id == bindparam("event_id"))


def _event_draw(s: Tx, event_id: int) -> tuple[TeamDraw, int] | None:
    found = statements(s).execute(_TEAM_EVENT, {"event_id": event_id})
    if found.scalar() is None:  # a pairs event: every table's slip asks, so one Core statement
        return None
    session = orm(s)  # the draw's rows are read by the ORM
    ev = session.get(EventRow, event_id)
    assert ev is not None
    return read_draw(session, ev), len(teams_entered(session, ev))


def draw(unit: UnitOfWork, ref: int | str) -> TeamDraw:
    with unit.transaction(write=False) as s:
        ev = event_row(s, ref)
        team_row(s, ev)
        return read_draw(s, ev)


def _has_results(s: OrmSession, sec: SectionRow) -> bool:
    found = s.scalars(
        select(ResultRow.id).where(ResultRow.section_id == sec.id, ResultRow.withdrawn.is_(False))
    ).first()
    return found is not None


def _insert_matches(
    s: OrmSession, ev: EventRow, matches: tuple[DrawnMatch, ...], withdrawn: dict[int, int]
) -> None:
    for d in matches:
        forfeit = None
        if d.away is not None:
            gone = [t for t in (d.home, d.away) if withdrawn.get(t, d.round + 1) <= d.round]
            forfeit = gone[0] if len(gone) == 1 else None
        s.add(
            TeamMatchRow(
                event_id=ev.id, round=d.round, home=d.home, away=d.away,
                open_round=None if d.open is None else d.open.round,
                open_table=None if d.open is None else d.open.table,
                closed_round=None if d.closed is None else d.closed.round,
                closed_table=None if d.closed is None else d.closed.table,
                boards=boards_text(d.boards), forfeited_by=forfeit,
            )
        )  # fmt: skip


def _store_grid(s: OrmSession, sec: SectionRow, grid: GridMovement) -> None:
    mrow = MovementRow(name=grid.name, kind=grid.kind, data=grid.to_json())
    s.add(mrow)
    sec.movement = mrow


def set_draw(
    unit: UnitOfWork,
    ref: int | str,
    grid: GridMovement,
    matches: tuple[DrawnMatch, ...],
    split: SessionSplit | None = None,
) -> None:
    """Store a whole draw (a movement form's, or round 1 of a Swiss or knockout),
    replacing one made before while no result is in; ``split``: where the sessions
    of a several-session event end."""
    with unit.transaction() as s:
        ev, sec = _locked(s, ref)
        if _has_results(s, sec):
            raise EntryError(
                "results are in already: the draw cannot be made again (correct or "
                "delete the results first)",
                code="team.draw-after-play",
            )
        withdrawn = read_draw(s, ev).withdrawn
        s.execute(delete(TeamMatchRow).where(TeamMatchRow.event_id == ev.id))
        _insert_matches(s, ev, matches, withdrawn)
        _store_grid(s, sec, grid)
        store_split(s, ev, split)


def add_round(
    unit: UnitOfWork,
    ref: int | str,
    grid: GridMovement,
    matches: tuple[DrawnMatch, ...],
    after: int,
) -> None:
    """Store the next round of a Swiss or knockout: ``grid`` is the movement with the
    round added, drawn when round ``after`` was the last one stored."""
    with unit.transaction() as s:
        ev, sec = _locked(s, ref)
        last = s.scalar(select(func.max(TeamMatchRow.round)).where(TeamMatchRow.event_id == ev.id))
        if (last or 0) != after:
            raise EntryError(
                "round {round} was drawn meanwhile by someone else; draw again (`event "
                "round EVENT --next`)",
                code="team.drawn-meanwhile",
                round=last,
            )
        _insert_matches(s, ev, matches, read_draw(s, ev).withdrawn)
        _store_grid(s, sec, grid)


# -- line-ups --------------------------------------------------------------------------


def set_lineup(
    unit: UnitOfWork,
    ref: int | str,
    rnd: int,
    team: int,
    ns: tuple[int, int],
    ew: tuple[int, int],
) -> None:
    """Which of the team's players (positions 1-6 in its entry) sit NS and EW in a round.

    The NS pair plays NS at its home table, the EW pair EW at the opponents'
    (004:1631-1633).  Until one is given a team plays its first two players NS
    and the next two EW.
    """
    seats = (*ns, *ew)
    with unit.transaction() as s:
        ev = event_row(s, ref)
        team_row(s, ev)
        entries = teams_entered(s, ev)
        entry = entries.get(team)
        if entry is None:
            raise EntryError("team {team} is not entered", code="team.not-entered", team=team)
        count = len(entry.players)
        if len(set(seats)) != 4 or not all(1 <= p <= count for p in seats):
            raise EntryError(
                "a line-up names four different players of team {team} by their place "
                "1-{count} in its entry, e.g. --ns 1,2 --ew 3,4; got NS {ns} EW {ew}",
                code="team.line-up-players",
                team=team,
                count=count,
                ns=ns,
                ew=ew,
            )
        rounds = {d.round for d in read_draw(s, ev).matches}
        if rnd not in rounds:
            raise EntryError(
                "round {round} is not drawn yet", code="team.round-not-drawn", round=rnd
            )
        row = s.scalars(
            select(TeamLineupRow).where(
                TeamLineupRow.event_id == ev.id,
                TeamLineupRow.round == rnd,
                TeamLineupRow.team == team,
            )
        ).first()
        if row is None:
            row = TeamLineupRow(event_id=ev.id, round=rnd, team=team)
            s.add(row)
        row.ns = f"{ns[0]},{ns[1]}"
        row.ew = f"{ew[0]},{ew[1]}"


def lineups(s: OrmSession, ev: EventRow) -> dict[tuple[int, int], tuple[tuple[int, int], ...]]:
    """Stored line-ups: (round, team) -> ((NS positions), (EW positions))."""
    out: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}
    for row in s.scalars(select(TeamLineupRow).where(TeamLineupRow.event_id == ev.id)):
        a, b = (int(x) for x in row.ns.split(","))
        c, d = (int(x) for x in row.ew.split(","))
        out[(row.round, row.team)] = ((a, b), (c, d))
    return out


# -- forfeits and withdrawals (003:228-250) ---------------------------------------------


def _audit(
    s: OrmSession, ev: EventRow, action: str, subject: str, who: str, reason: str, new: object
) -> int:
    if not reason.strip():
        raise EntryError(
            "give a --reason (it is kept in the director's audit log)", code="team.needs-reason"
        )
    row = DirectorAuditRow(
        event_id=ev.id, action=action, subject=subject, at=utcnow(), who=who,
        reason=reason, old="null", new=json.dumps(new),
    )  # fmt: skip
    s.add(row)
    s.flush()
    return row.id


def match_results(
    s: OrmSession, sec: SectionRow, d: DrawnMatch, from_board: int | None = None
) -> int:
    """How many results a drawn match's rooms hold (withdrawn ones left out); with
    ``from_board``, only those of the match's boards from that board on (a half)."""
    count = 0
    for room in (d.open, d.closed):
        if room is None:
            continue
        query = select(ResultRow.id).where(
            ResultRow.section_id == sec.id,
            ResultRow.round == room.round,
            ResultRow.table_no == room.table,
            ResultRow.withdrawn.is_(False),
        )
        if from_board is not None:
            query = query.where(ResultRow.board >= from_board, ResultRow.board.in_(d.boards))
        count += len(s.scalars(query).all())
    return count


def forfeit_match(
    unit: UnitOfWork, ref: int | str, rnd: int, team: int, who: str, reason: str
) -> int:
    """Record that ``team`` forfeits its match of round ``rnd`` (003:228-250); the audit id.

    Only a match without results: delete them first if they must go.
    """
    with unit.transaction() as s:
        ev, sec = _locked(s, ref)
        found = [
            r
            for r in _match_rows(s, ev)
            if r.round == rnd and team in (r.home, r.away) and r.away is not None
        ]
        if not found:
            raise EntryError(
                "team {team} has no match in round {round} to forfeit",
                code="team.no-match-to-forfeit",
                team=team,
                round=rnd,
            )
        for row in found:  # two half-matches for a team in a triangle
            if row.forfeited_by is not None:
                raise EntryError(
                    "round {round}: the match {home} v {away} is already forfeited by team "
                    "{forfeited_by}",
                    code="team.already-forfeited",
                    round=rnd,
                    home=row.home,
                    away=row.away,
                    forfeited_by=row.forfeited_by,
                )
            n = match_results(s, sec, _drawn(row))
            if n:
                raise EntryError(
                    "round {round}: the match {home} v {away} has {results} room results; a "
                    "match with results is not a forfeit (003:228: half the boards or more "
                    "unplayed): delete them first",
                    code="team.forfeit-has-results",
                    round=rnd,
                    home=row.home,
                    away=row.away,
                    results=n,
                )
        for row in found:
            row.forfeited_by = team
        row = found[0]
        return _audit(
            s, ev, "team-forfeit", f"round {rnd} team {team}", who, reason,
            {"round": rnd, "home": row.home, "away": row.away, "forfeited_by": team},
        )  # fmt: skip


def withdraw_team(
    unit: UnitOfWork, ref: int | str, team: int, from_round: int, who: str, reason: str
) -> int:
    """Withdraw ``team`` from round ``from_round`` on; the audit id.

    The team stays in the draw, so the field stays even and the Swiss keeps
    its rematch rule; each match it is drawn in from that round is a
    walkover for its opponent (003:228-250).  Matches of those rounds drawn
    already become forfeits; none of them may have results.
    """
    with unit.transaction() as s:
        ev, sec = _locked(s, ref)
        if team not in teams_entered(s, ev):
            raise EntryError("team {team} is not entered", code="team.not-entered", team=team)
        exists = s.scalars(
            select(TeamWithdrawalRow).where(
                TeamWithdrawalRow.event_id == ev.id, TeamWithdrawalRow.team == team
            )
        ).first()
        if exists is not None:
            raise EntryError(
                "team {team} is withdrawn already (from round {from_round})",
                code="team.already-withdrawn",
                team=team,
                from_round=exists.from_round,
            )
        for row in _match_rows(s, ev):
            if row.round < from_round or team not in (row.home, row.away) or row.away is None:
                continue
            n = match_results(s, sec, _drawn(row))
            if n:
                raise EntryError(
                    "team {team} has {results} room results in round {round}: withdraw it "
                    "from round {next_round}, or delete them first",
                    code="team.withdraw-has-results",
                    team=team,
                    results=n,
                    round=row.round,
                    next_round=row.round + 1,
                )
            if row.forfeited_by is None:
                row.forfeited_by = team
        s.add(TeamWithdrawalRow(event_id=ev.id, team=team, from_round=from_round))
        return _audit(
            s, ev, "team-withdraw", f"team {team}", who, reason,
            {"team": team, "from_round": from_round},
        )  # fmt: skip


# -- a knockout's carry-over (004:1762-1772) -----------------------------------------------


def carry_of(text: str) -> tuple[Fraction, Fraction]:
    """A stored carry-over, ``HOME:AWAY`` in IMPs."""
    home, _, away = text.partition(":")
    return Fraction(home), Fraction(away)


# -- its sessions (rounds numbered through the event, 004:3395-3425) ---------------

#: Forms whose team catalogue movement splits into two sessions; the AWL into any number.
_TWO = (TeamForm.ROUND_ROBIN, TeamForm.MIRROR_MITCHELL, TeamForm.STAGGER, TeamForm.SRR_PAIRS)


def check_sessions(team: TeamSettings, sessions: int) -> None:
    """Refuse a number of sessions the form cannot be split into (one line)."""
    if sessions == 1:
        return
    if team.form is TeamForm.KNOCKOUT:
        raise EntryError(
            "a knockout is played match by match (004:1762-1772): leave out --sessions",
            code="team.knockout-sessions",
        )
    if team.form is TeamForm.SWISS:
        swiss_split(team.rounds, sessions)
    elif team.form in _TWO and sessions != 2:
        raise EntryError(
            "a {form} is played in one or two sessions (004:3395-3425), not "
            "{sessions}; only an AWL takes more",
            code="team.form-sessions",
            form=team.form.value,
            sessions=sessions,
        )


def _sessions_row(s: OrmSession, ev: EventRow) -> TeamSessionsRow | None:
    return s.scalars(select(TeamSessionsRow).where(TeamSessionsRow.event_id == ev.id)).first()


def declare_sessions(s: OrmSession, event_id: int, sessions: int) -> None:
    if sessions > 1:
        s.add(TeamSessionsRow(event_id=event_id, sessions=sessions))


def session_count(s: OrmSession, ev: EventRow) -> int:
    row = _sessions_row(s, ev)
    return 1 if row is None else row.sessions


def store_split(s: OrmSession, ev: EventRow, split: SessionSplit | None) -> None:
    row = _sessions_row(s, ev)
    if row is not None:
        row.last_rounds = None if split is None else split.text()


def split_of(s: OrmSession, ev: EventRow) -> SessionSplit | None:
    """Where the event's sessions end; None for a one-session event or before the draw."""
    row = _sessions_row(s, ev)
    if row is None or row.last_rounds is None:
        return None
    return SessionSplit.parse(row.last_rounds)


def session_counts(unit: UnitOfWork) -> dict[int, int]:
    """Event id -> sessions, for every team event of several (``event list``)."""
    with unit.transaction(write=False) as s:
        return {r.event_id: r.sessions for r in s.scalars(select(TeamSessionsRow))}


# -- a knockout match's carry-over of IMPs (004:1762-1772) ---------------------------


def set_carry_over(
    unit: UnitOfWork,
    ref: int | str,
    rnd: int,
    home: int,
    away: int,
    carry: tuple[Fraction, Fraction],
    who: str,
    reason: str,
) -> int:
    """Give a knockout match a carry-over of IMPs (each side's, e.g. from a seeding or an
    earlier stage); the audit id.  ``(0, 0)`` takes it away.  The match's IMPs start
    from it (:mod:`bridgedesk.results.teams`)."""
    if any(c < 0 for c in carry):
        raise EntryError(
            "a carry-over is IMPs each side starts with, none negative: got "
            "{first}:{second} (give the leader's IMPs, e.g. 7.5:0)",
            code="team.carry-over-negative",
            first=carry[0],
            second=carry[1],
        )
    if not reason.strip():
        raise EntryError(
            "give a --reason (it is kept in the director's audit log)", code="team.needs-reason"
        )
    with unit.transaction() as s:
        ev = event_row(s, ref)
        if settings_of(team_row(s, ev)).form.value != "knockout":
            raise EntryError(
                "a carry-over is for a knockout match (004:1762-1772)",
                code="team.carry-over-knockout-only",
            )
        section(s, ev, lock=True)
        found = [
            r
            for r in s.scalars(select(TeamMatchRow).where(TeamMatchRow.event_id == ev.id))
            if r.round == rnd and (r.home, r.away) in ((home, away), (away, home))
        ]
        if not found:
            read_draw(s, ev).match(rnd, home, away)  # says what the round has
        row = found[0]
        if (row.home, row.away) != (home, away):
            raise EntryError(
                "round {round}: team {home} is at home against team {away}: give --home "
                "{home} --away {away} and the carry-over in that order",
                code="team.carry-over-home-first",
                round=rnd,
                home=row.home,
                away=row.away,
            )
        old = row.carry_over
        row.carry_over = None if not any(carry) else f"{carry[0]}:{carry[1]}"
        new = {"round": rnd, "home": home, "away": away, "carry_over": row.carry_over, "was": old}
        audit = DirectorAuditRow(
            event_id=ev.id, action="team-carry-over", subject=f"round {rnd} {home} v {away}",
            at=utcnow(), who=who, reason=reason, old="null", new=json.dumps(new),
        )  # fmt: skip
        s.add(audit)
        s.flush()
        return audit.id
