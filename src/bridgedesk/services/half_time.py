"""Half time in a stored team match: compare the first half, move the pairs, bring in
the substitutes (004:1668-1686).

``bridgedesk league half-time`` and the console's league page come here.  The match
is read in one transaction: its first half (the boards before the middle of the
match's boards), both rooms of every one of them, and each team's first-half pairs
(the round's line-up, players 1-2 NS and 3-4 EW unless given).  The first half is
compared board by board in IMPs (004:1660-1668); the rule of the league says which
team's pairs move (:func:`bridgedesk.events.half_time.mover`), the move gives each
team's second half (:func:`~bridgedesk.events.half_time.second_half`), and a team
that brings a player or a pair in names its second-half pairs, checked against the
substitution rule (:func:`~bridgedesk.events.half_time.check_change`).  Both teams'
second halves are stored at once, audited
(:func:`bridgedesk.store.team_halves.set_second_half`); a refusal stores nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bridgedesk.errors import EntryError
from bridgedesk.events.half_time import (
    HalfTimeRule,
    MatchSeats,
    PairChange,
    Side,
    TeamSeats,
    check_change,
    mover,
    second_half,
)
from bridgedesk.i18n import phrase
from bridgedesk.scoring.teams import imp_match
from bridgedesk.services.team_scores import as_played
from bridgedesk.store.leagues import league, league_of_event
from bridgedesk.store.lookups import event_row
from bridgedesk.store.team_halves import SecondHalf, set_second_half
from bridgedesk.store.team_results import read_team_event
from bridgedesk.store.unit import UnitOfWork

__all__ = ["HalfTime", "half_time", "rules_of"]


@dataclass(frozen=True)
class HalfTime:
    """What half time decided: the first half's IMPs, the team that moved and both
    halves' pairs (places in the teams' entries)."""

    round: int
    home: int
    away: int
    imps: tuple[int, int]
    moved: Side
    first: MatchSeats
    second: MatchSeats
    first_board: int
    audit: int

    @property
    def moving_team(self) -> int:
        return self.home if self.moved is Side.HOME else self.away


def rules_of(unit: UnitOfWork, event: int | str) -> tuple[HalfTimeRule, PairChange]:
    """The half-time rules of a league's division (the league's own); any other team
    match: the IMP league's move, with free changes (004:1686)."""
    with unit.transaction(write=False) as s:
        found = league_of_event(unit, event_row(s, event).id)
        if found is None:
            return HalfTimeRule.WINNER_STAYS, PairChange.FREE
        settings = league(unit, found[0]).settings
        return settings.half_time, settings.change


def half_time(
    unit: UnitOfWork,
    event: int | str,
    rnd: int,
    home: int,
    *,
    tie: Side | None = None,
    changes: Mapping[int, TeamSeats] | None = None,
    who: str,
    reason: str = "half time",
) -> HalfTime:
    """Half time in the match of round ``rnd`` at home to team ``home`` (module doc);
    ``tie``: the team that moves after a tied half (the teams' agreement); ``changes``:
    a team's second-half pairs when it brings someone in."""
    changes = dict(changes or {})
    with unit.transaction():
        rule, change = rules_of(unit, event)
        stored = read_team_event(unit, event)
        found = [d for d in stored.draw.matches if d.round == rnd and d.home == home]
        if not found or found[0].away is None:
            stored.draw.match(rnd, home, -1)  # says what the round has
        d = found[0]
        away = d.away
        assert away is not None
        if stored.draw.forfeited_by(d) is not None:
            raise EntryError(
                "round {round}: the match {match} was forfeited; it has no half time",
                code="half-time.forfeited",
                round=rnd,
                match=d.label,
            )
        boards = sorted(d.boards)
        if len(boards) < 2:
            raise EntryError(
                "round {round}: the match {match} of one board has no half time",
                code="half-time.one-board",
                round=rnd,
                match=d.label,
            )
        first_board = boards[len(boards) // 2]
        for team in changes:
            if team not in (home, away):
                raise EntryError(
                    "team {team} does not play the match {match}",
                    code="half-time.team-not-in-match",
                    team=team,
                    match=d.label,
                )
        play = as_played(stored).play
        played = [m for m in play.matches if m.round == rnd and m.home == home]
        halves = [b for m in played for b in m.boards if b.board < first_board]
        missing = len(boards) // 2 - len(halves)
        if missing:
            raise EntryError(
                "round {round}: the first half of {match} has {missing} without both rooms' "
                "results; compare the scores when every first-half board is in (004:1672)",
                code="half-time.first-half-missing",
                round=rnd,
                match=d.label,
                missing=(
                    phrase("{count} boards", count=missing)
                    if missing > 1
                    else phrase("{count} board", count=missing)
                ),
            )
        im = imp_match([b.team_board() for b in halves])
        seats = MatchSeats(
            *(TeamSeats(*stored.lineups.get((rnd, t), ((1, 2), (3, 4)))) for t in (home, away))
        )
        moving = mover(rule, im.imps_a, im.imps_b, tie)
        moved = second_half(seats, moving)
        given = {home: moved.home, away: moved.away}
        for team, wanted in changes.items():
            side = Side.HOME if team == home else Side.AWAY
            roster = len(stored.teams[team].players)
            check_change(team, seats.of(side), moved.of(side), wanted, change, roster)
            given[team] = wanted
        second = MatchSeats(given[home], given[away])
        audit = set_second_half(
            unit,
            event,
            (
                SecondHalf(rnd, home, home, second.home, moving is Side.HOME, first_board),
                SecondHalf(rnd, home, away, second.away, moving is Side.AWAY, first_board),
            ),
            who=who,
            reason=f"{reason}: first half {im.imps_a}-{im.imps_b} IMPs",
        )
    return HalfTime(
        rnd, home, away, (im.imps_a, im.imps_b), moving, seats, second, first_board, audit
    )
