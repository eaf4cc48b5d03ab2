"""A league season: divisions that each play a round robin of long team matches over
several match days, with promotion and relegation between seasons.

The seed calls the round robin "the league" and names its best-known forms: the
IMP league, the Japan League and club leagues (004:2618-2625, 004:1746-1752).
Matches of 20 boards or more take many days to play (004:2623), so a season is
played on **match days**, each a date and the rounds played on it.  Every
division is a round robin of its own (played once, twice or three times,
004:1752), scored in VPs on a scale named by the league (the IMP league's is the
WBF 25-0 scale, 004:1730); its standings and cross-table are the round robin's
(004:1754-1760).  Each match is played in two halves with the half-time move of
:mod:`bridgedesk.events.half_time`, so the boards a match are even.

Between seasons the lowest ``relegate`` teams of each division go down one
division and the best ``promote`` teams of each division below the first go up
(:func:`next_divisions`).  A shared place across that line is for the organiser
to settle, not for a tie-break to guess, so it is refused.

Masterpoints go by division (:class:`LeaguePoints`): the Japan League's fixed red
points, 320 for division 1 and 160 for division 2; a club league's 100, 50 and
32, with further divisions between 50 and 32 in equal steps (000:587-593).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from bridgedesk.errors import EntryError
from bridgedesk.events.half_time import HalfTimeRule, PairChange
from bridgedesk.i18n import lazy_pgettext

__all__ = [
    "LeaguePoints",
    "LeagueSettings",
    "MatchDay",
    "next_divisions",
]

T = TypeVar("T")

#: The most divisions a league is given (a federation's national league has few).
MAX_DIVISIONS = 12
#: The two lines between divisions, as an error line names them.
_PROMOTION = lazy_pgettext("league line", "promotion")
_RELEGATION = lazy_pgettext("league line", "relegation")


class LeaguePoints(StrEnum):
    """The masterpoints a league's divisions pay (000:587-593), or none."""

    JAPAN_LEAGUE = "japan-league"
    CLUB_LEAGUE = "club-league"
    NONE = "none"

    @classmethod
    def parse(cls, text: str) -> LeaguePoints:
        try:
            return cls(text.strip().lower())
        except ValueError:
            names = ", ".join(p.value for p in cls)
            raise EntryError(
                "a league's masterpoints are {names}, not {text!r}",
                code="league.bad-masterpoints",
                names=names,
                text=text,
            ) from None


@dataclass(frozen=True)
class MatchDay:
    """A match day: its number in the season, its date and the rounds played on it."""

    day: int
    date: dt.date
    first: int
    last: int

    def __post_init__(self) -> None:
        if not 1 <= self.first <= self.last:
            raise EntryError(
                "match day {day} plays rounds {first}-{last}: give the first round and "
                "the last, from 1",
                code="league.bad-day-rounds",
                day=self.day,
                first=self.first,
                last=self.last,
            )

    @property
    def rounds(self) -> range:
        return range(self.first, self.last + 1)

    @classmethod
    def parse(cls, day: int, text: str) -> MatchDay:
        """``2026-04-12:1`` or ``2026-04-12:1-2``: the date and the round(s) played."""
        date_text, colon, rounds = text.strip().partition(":")
        try:
            date = dt.date.fromisoformat(date_text)
        except ValueError:
            raise EntryError(
                "match day {day}: {text!r} is not DATE:ROUNDS (e.g. 2026-04-12:1-2)",
                code="league.bad-day",
                day=day,
                text=text,
            ) from None
        first, _, last = rounds.partition("-")
        if not colon or not first.isdigit() or not (last or first).isdigit():
            raise EntryError(
                "match day {day}: {text!r} is not DATE:ROUNDS (e.g. 2026-04-12:1-2)",
                code="league.bad-day",
                day=day,
                text=text,
            )
        return cls(day, date, int(first), int(last or first))

    def text(self) -> str:
        rounds = str(self.first) if self.first == self.last else f"{self.first}-{self.last}"
        return f"{self.date.isoformat()}:{rounds}"


@dataclass(frozen=True)
class LeagueSettings:
    """How a league season is played and what it pays (module doc)."""

    name: str
    season: str
    divisions: int
    boards_per_match: int
    days: tuple[MatchDay, ...]
    vp_scale: str = "wbf2013"
    cycles: int = 1
    half_time: HalfTimeRule = HalfTimeRule.WINNER_STAYS
    change: PairChange = PairChange.IMP_LEAGUE
    promote: int = 1
    relegate: int = 1
    points: LeaguePoints = LeaguePoints.NONE
    club: str = ""

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise EntryError("give the league's name", code="league.needs-name")
        if not 1 <= self.divisions <= MAX_DIVISIONS:
            raise EntryError(
                "a league has 1-{max_divisions} divisions, not {divisions}",
                code="league.bad-divisions",
                max_divisions=MAX_DIVISIONS,
                divisions=self.divisions,
            )
        if self.boards_per_match % 2 or not 2 <= self.boards_per_match <= 64:
            raise EntryError(
                "a league match is played in two halves (004:1620-1640): its boards are "
                "an even number 2-64, not {boards}",
                code="league.bad-boards",
                boards=self.boards_per_match,
            )
        if not 1 <= self.cycles <= 3:
            raise EntryError(
                "a division plays its round robin 1-3 times (004:1752), not {cycles}",
                code="league.bad-cycles",
                cycles=self.cycles,
            )
        if self.promote < 0 or self.relegate < 0:
            raise EntryError(
                "promotion and relegation count teams: 0 or more", code="league.negative-moves"
            )
        if self.points is LeaguePoints.JAPAN_LEAGUE and self.divisions > 2:
            raise EntryError(
                "the Japan League pays fixed red points to divisions 1 and 2 only "
                "(000:587-588); this league has {divisions} divisions: use "
                "--masterpoints club-league or none",
                code="league.japan-divisions",
                divisions=self.divisions,
            )
        if not self.days:
            raise EntryError(
                "a league is played on match days: give at least one --day DATE:ROUNDS",
                code="league.needs-days",
            )
        expect = 1
        for n, day in enumerate(self.days, start=1):
            if day.day != n:
                raise EntryError(
                    "match days are numbered 1, 2, ...; day {day} is number {number}",
                    code="league.day-numbering",
                    day=day.day,
                    number=n,
                )
            if day.first != expect:
                raise EntryError(
                    "match day {day} starts at round {first}; the rounds follow on from day "
                    "to day, so it starts at round {expect}",
                    code="league.day-rounds",
                    day=n,
                    first=day.first,
                    expect=expect,
                )
            if n > 1 and day.date < self.days[n - 2].date:
                raise EntryError(
                    "match day {day} ({date}) is before match day {previous}",
                    code="league.day-order",
                    day=n,
                    date=day.date,
                    previous=n - 1,
                )
            expect = day.last + 1

    @property
    def rounds(self) -> int:
        """The rounds the match days hold."""
        return self.days[-1].last

    def day_of(self, rnd: int) -> MatchDay:
        for day in self.days:
            if rnd in day.rounds:
                return day
        raise EntryError(
            "round {round} is on no match day (the days hold rounds 1-{rounds})",
            code="league.round-no-day",
            round=rnd,
            rounds=self.rounds,
        )

    def halves(self) -> int:
        """The boards of a half."""
        return self.boards_per_match // 2


def next_divisions(
    order: Sequence[Sequence[tuple[T, str]]], promote: int, relegate: int
) -> tuple[tuple[T, ...], ...]:
    """Next season's divisions from this season's final standings.

    ``order`` lists each division's teams from the top, each with its place as the
    standings print it (``"3="`` shared).  The lowest ``relegate`` of a division go
    down one, the best ``promote`` of a division below the first go up; the first
    division relegates into the second and the last promotes into the one above.  A
    new division lists the teams that came down first, then those that stayed, in
    their order, then those that came up.
    """
    count = len(order)
    for d, teams in enumerate(order, start=1):
        down = relegate if d < count else 0
        up = promote if d > 1 else 0
        if down + up > len(teams):
            raise EntryError(
                "division {division} has {teams} teams: it cannot send {up} up and {down} down",
                code="league.moves-too-many",
                division=d,
                teams=len(teams),
                up=up,
                down=down,
            )
        for line, what in ((up, _PROMOTION), (len(teams) - down, _RELEGATION)):
            if 0 < line < len(teams) and teams[line - 1][1] == teams[line][1]:
                raise EntryError(
                    "division {division}: places {line} and {below} are shared ({score}) on "
                    "the {what} line; the organiser decides which team goes (a play-off or "
                    "the conditions of contest) before the next season is made",
                    code="league.shared-place",
                    division=d,
                    line=line,
                    below=line + 1,
                    score=teams[line][1],
                    what=what,
                )
    out: list[tuple[T, ...]] = []
    for d, teams in enumerate(order, start=1):
        down = relegate if d < count else 0
        up = promote if d > 1 else 0
        staying = [t for t, _ in teams[up : len(teams) - down]]
        from_above = [t for t, _ in order[d - 2][len(order[d - 2]) - relegate :]] if d > 1 else []
        from_below = [t for t, _ in order[d][:promote]] if d < count else []
        out.append((*from_above, *staying, *from_below))
    return tuple(out)
