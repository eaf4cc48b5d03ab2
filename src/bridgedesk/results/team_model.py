"""The team event's values: what is handed in to be scored and what comes out.

:class:`TeamEventPlay` (the teams and the matches as played, each board with its
two rooms) is filled in by a results file or the store;
:func:`bridgedesk.results.teams.score_team_event` turns it into a
:class:`ScoredTeamEvent`, the one value every team writer reads.  The rules
(the seat rule, the scorings, the tie-break) are described in
:mod:`bridgedesk.results.teams`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction

from bridgedesk.bridge.methods import Adjustment, Method
from bridgedesk.bridge.vp import VPScale
from bridgedesk.errors import ScoringError
from bridgedesk.events.model import Player
from bridgedesk.results.model import EventHeading
from bridgedesk.scoring.results import Play
from bridgedesk.scoring.teams import CrossTable, TeamBoard

# -- what is handed in (by a results file or the store) ---------------------------------


@dataclass(frozen=True)
class TeamEntry:
    """A team: its number, name and players (with member numbers when known)."""

    number: int
    name: str = ""
    players: tuple[Player, ...] = ()


@dataclass(frozen=True)
class RoomScore:
    """One room's result of a board: NS's score and, when known, what was played."""

    score_ns: int
    play: Play | None = None


@dataclass(frozen=True)
class BoardRooms:
    """A board of a match: the open room (home NS) and the closed room (away NS).

    An adjusted board has no rooms but ``adjustment`` (the home team's; the
    away team's is the opposite unless ``adjustment_away`` says otherwise).
    """

    board: int
    open: RoomScore | None = None
    closed: RoomScore | None = None
    adjustment: Adjustment | None = None
    adjustment_away: Adjustment | None = None

    def team_board(self) -> TeamBoard:
        return TeamBoard(
            self.board,
            None if self.open is None else self.open.score_ns,
            None if self.closed is None else self.closed.score_ns,
            self.adjustment,
            self.adjustment_away,
        )


@dataclass(frozen=True)
class Lineup:
    """The pairs of a match: home NS and away EW in the open room, away NS and home EW
    in the closed room (004:1631-1633).  Pair ids are text, unique in the event."""

    home_ns: str
    home_ew: str
    away_ns: str
    away_ew: str


@dataclass(frozen=True)
class MatchPlay:
    """A match as played: ``forfeited_by`` names the team that forfeited (003:228-250);
    ``penalty_home`` / ``penalty_away`` are team penalties in IMPs (003:258)."""

    round: int
    home: int
    away: int
    boards: tuple[BoardRooms, ...] = ()
    forfeited_by: int | None = None
    penalty_home: int = 0
    penalty_away: int = 0
    table: int | None = None
    lineup: Lineup | None = None
    #: A knockout match's carry-over: the IMPs each side starts with (004:1762-1772).
    carry_over: tuple[Fraction, Fraction] | None = None
    #: The pairs from a board on, when they changed at half time (004:1672-1686):
    #: ``(first board, line-up)``; ``lineup`` holds before the first of them.
    halves: tuple[tuple[int, Lineup], ...] = ()

    def lineup_on(self, board: int) -> Lineup | None:
        """The pairs that played ``board`` of the match."""
        found = self.lineup
        for first, lineup in self.halves:
            if board >= first:
                found = lineup
        return found


@dataclass(frozen=True)
class TeamEventPlay:
    """A team event as played: teams, matches, byes ``(round, team)``, how to score it.

    ``boards_per_match`` is the number of boards a match is scheduled for (the
    VP scale's board count, and the count a forfeit or bye is valued on); by
    default each match's own count, and for forfeits and byes the commonest.
    """

    event: EventHeading
    teams: tuple[TeamEntry, ...]
    matches: tuple[MatchPlay, ...]
    scoring: Method = Method.TEAM_VP
    vp_scale: str | VPScale = "wbf2013"
    stock: int = 40
    byes: tuple[tuple[int, int], ...] = ()
    boards_per_match: int | None = None
    pairs_method: Method = Method.BUTLER
    #: The event's form, for the reports: round-robin, swiss, knockout, awl, ...
    form: str = ""
    #: A knockout match's segments (sessions), their IMPs added; for the reports.
    segments: int = 1

    def in_rounds(self, rounds: range) -> TeamEventPlay:
        """The play of ``rounds`` only (a session's): their matches and byes."""
        return replace(
            self,
            matches=tuple(m for m in self.matches if m.round in rounds),
            byes=tuple(b for b in self.byes if b[0] in rounds),
        )


# -- what comes out ---------------------------------------------------------------------


@dataclass(frozen=True)
class ComparedBoard:
    """A board of a match compared (004:1660-1668), from the home team's side."""

    board: int
    open: RoomScore | None
    closed: RoomScore | None
    imps: tuple[int, int]
    adjustment: tuple[Adjustment, Adjustment] | None = None

    @property
    def open_ns(self) -> int | None:
        return None if self.open is None else self.open.score_ns

    @property
    def closed_ns(self) -> int | None:
        return None if self.closed is None else self.closed.score_ns

    @property
    def net(self) -> int | None:
        """The home team's point margin (None when adjusted)."""
        if self.open is None or self.closed is None:
            return None
        return self.open.score_ns - self.closed.score_ns

    @property
    def bam(self) -> tuple[int, int] | None:
        """Board-a-match points of a played board: 2 won, 1 tied, 0 lost (004:1823)."""
        n = self.net
        if n is None:
            return None
        home = 2 if n > 0 else 1 if n == 0 else 0
        return home, 2 - home


@dataclass(frozen=True)
class ScoredMatch:
    """A match scored: each board compared, IMPs, and what each scoring makes of it.

    ``points`` is what the match counts in the standings under the event's
    scoring (IMP margin, VPs, B-a-M points, B-a-M + VP, McCallum).  ``imps`` are
    the IMPs each side won after its penalty; ``vp`` the VPs (IMP margin on the
    scale, or the forfeit award); ``bam`` the B-a-M points, ``bam_vp`` the VPs
    the B-a-M + VP form adds for the round's net total points (``net_points``).
    """

    round: int
    home: int
    away: int
    boards: tuple[ComparedBoard, ...]
    imps: tuple[int, int]
    points: tuple[Fraction, Fraction]
    penalties: tuple[int, int] = (0, 0)
    vp: tuple[Fraction, Fraction] | None = None
    bam: tuple[Fraction, Fraction] | None = None
    bam_vp: tuple[Fraction, Fraction] | None = None
    net_points: int | None = None
    mccallum: tuple[int, int] | None = None
    forfeited_by: int | None = None
    table: int | None = None
    lineup: Lineup | None = None
    #: A triangle's half-match: each side's score for the whole round (its two
    #: half-matches joined, 004:2701); ``points`` are half of it each.
    triangle: tuple[Fraction, Fraction] | None = None
    #: A knockout match's carry-over in IMPs, in ``points`` already (004:1762-1772).
    carry_over: tuple[Fraction, Fraction] | None = None

    def side(self, team: int) -> int:
        """0 for the home team, 1 for the away team."""
        if team == self.home:
            return 0
        if team == self.away:
            return 1
        raise ScoringError(
            "team {team} does not play the match {home} v {away}",
            code="team.not-in-match",
            team=team,
            home=self.home,
            away=self.away,
        )

    def opponent(self, team: int) -> int:
        return self.away if self.side(team) == 0 else self.home


@dataclass(frozen=True)
class TeamBye:
    """A team without an opponent in a round and what it is awarded."""

    round: int
    team: int
    points: Fraction


@dataclass(frozen=True)
class TeamStanding:
    """A team's line in the standings; ``tie_break`` says what separated it, if anything."""

    team: int
    name: str
    points: Fraction
    rank: str
    played: int
    imps_won: int
    imps_lost: int
    players: tuple[Player, ...] = ()
    tie_break: str | None = None


@dataclass(frozen=True)
class ButlerLine:
    """A pair of a team event ranked by Butler (or cross-) IMPs."""

    pair: str
    team: int
    boards: int
    imps: Fraction
    rank: str

    @property
    def average(self) -> Fraction:
        return self.imps / self.boards if self.boards else Fraction(0)


@dataclass(frozen=True)
class ScoredTeamEvent:
    """A team event scored: the one value the team writers read."""

    event: EventHeading
    scoring: Method
    scale: str
    teams: tuple[TeamEntry, ...]
    matches: tuple[ScoredMatch, ...]
    standings: tuple[TeamStanding, ...]
    cross: CrossTable
    byes: tuple[TeamBye, ...] = ()
    stock: int | None = None
    butler: tuple[ButlerLine, ...] = ()
    pairs_method: Method = Method.BUTLER
    pair_teams: Mapping[str, int] = field(default_factory=dict)
    form: str = ""
    segments: int = 1

    @property
    def rounds(self) -> tuple[int, ...]:
        return tuple(sorted({m.round for m in self.matches} | {b.round for b in self.byes}))

    def team(self, number: int) -> TeamEntry:
        for t in self.teams:
            if t.number == number:
                return t
        raise ScoringError("team {team} is not in the event", code="team.not-in-event", team=number)

    def name(self, number: int) -> str:
        return self.team(number).name or str(number)

    def round_matches(self, rnd: int) -> tuple[ScoredMatch, ...]:
        return tuple(m for m in self.matches if m.round == rnd)

    def team_matches(self, number: int) -> tuple[ScoredMatch, ...]:
        return tuple(m for m in self.matches if number in (m.home, m.away))
