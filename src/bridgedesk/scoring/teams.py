"""Team scoring: IMP matches, VPs, board-a-match, McCallum, forfeits, cross-tables.

A match is between team A and team B.  On each board A's NS pair plays in one
room and A's EW pair in the other (004:1628-1640); both NS scores are stored
and A's net is ``room_a_ns - room_b_ns`` (room B is where B sits NS).  B's
figures are A's negated (004:1686).

* IMPs: each board's net in IMPs (004:1660-1720).  Adjusted boards: average 0,
  average plus +3, average minus -3 IMPs (003:39-45); team penalties 3 / 6 IMPs
  (003:258) are deducted from the match.
* VPs: the match's IMP margin on a scale from :mod:`bridgedesk.bridge.vp`.
* Board-a-match (004:1817-1872): 2 for a won board, 1 tied, 0 lost; B-a-M + VP
  adds the round's total-point margin converted on the ``bam`` scale.
  Adjusted: average plus 1.5 (and +100 points), from the third adjusted board
  of a match 1.2 unless the team's played boards average more; average minus
  0.5 (and -100) (003:29-37).
* McCallum (004:2615): a stock of 30/40/50/60 plus / minus the IMP margin,
  capped at the stock.
* Forfeits (003:228-250): the winner gets the most of its own average VPs, its
  opponents' average VPs and 1.2 times a draw; the loser the scale's minimum.
* Byes (a team without an opponent in a round, odd counts): the seed gives
  no rule of its own; bridgedesk treats a bye as a walkover with nobody to
  forfeit it, so the team gets the larger of its own average VPs over matches
  actually played and 1.2 times a draw (003:236-242 items 1 and 3; item 2 has
  no opponent), and nobody gets the minimum.  A fixed award can be given instead.
* Round robin (004:1746-1760): a cross-table with totals and ranks, built from
  the matches themselves (:func:`round_robin`): team penalties in IMPs
  (003:258) are deducted from the match before the VP conversion, forfeits
  and byes get their VPs from the matches actually played.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from bridgedesk.bridge.imps import imps
from bridgedesk.bridge.vp import get_scale
from bridgedesk.errors import Location, ScoringError
from bridgedesk.scoring.results import Adjustment
from bridgedesk.scoring.session import rank_labels

_IMP_ADJUSTED = {Adjustment.AVERAGE: 0, Adjustment.AVERAGE_PLUS: 3, Adjustment.AVERAGE_MINUS: -3}


@dataclass(frozen=True)
class TeamBoard:
    """One board of a match, from team A's side.

    ``room_a_ns`` is the NS score in the room where A sits NS; ``room_b_ns`` in
    the room where B sits NS.  An adjusted board has ``adjustment`` (A's) and,
    when the two teams' adjustments do not balance, ``adjustment_b``.
    """

    number: int
    room_a_ns: int | None = None
    room_b_ns: int | None = None
    adjustment: Adjustment | None = None
    adjustment_b: Adjustment | None = None

    def __post_init__(self) -> None:
        played = self.room_a_ns is not None and self.room_b_ns is not None
        if played == (self.adjustment is not None):
            raise ScoringError(
                "a team board needs both rooms' scores or an adjustment, not both or neither",
                Location(board=self.number),
                code="team.board-rooms",
            )

    @property
    def net(self) -> int | None:
        """A's point margin on the board (None when adjusted)."""
        if self.room_a_ns is None or self.room_b_ns is None:
            return None
        return self.room_a_ns - self.room_b_ns

    def b_adjustment(self) -> Adjustment | None:
        if self.adjustment_b is not None:
            return self.adjustment_b
        flip = {Adjustment.AVERAGE_PLUS: Adjustment.AVERAGE_MINUS,
                Adjustment.AVERAGE_MINUS: Adjustment.AVERAGE_PLUS}  # fmt: skip
        return flip.get(self.adjustment, self.adjustment) if self.adjustment else None


@dataclass(frozen=True)
class ImpMatch:
    """An IMP match: per-board IMPs for A and B, totals after penalties."""

    boards: tuple[tuple[int, int, int], ...]  # (board, A's IMPs, B's IMPs)
    imps_a: int
    imps_b: int

    @property
    def margin(self) -> int:
        return self.imps_a - self.imps_b


def imp_match(boards: Sequence[TeamBoard], penalty_a: int = 0, penalty_b: int = 0) -> ImpMatch:
    """IMPs of a match (004:1660-1688); penalties in IMPs are deducted (003:258)."""
    rows = []
    for b in boards:
        if b.net is not None:
            a = imps(b.net)
            rows.append((b.number, a, -a))
        else:
            assert b.adjustment is not None
            adj_b = b.b_adjustment()
            assert adj_b is not None
            if Adjustment.NOT_PLAYED in (b.adjustment, adj_b):
                continue
            rows.append((b.number, _IMP_ADJUSTED[b.adjustment], _IMP_ADJUSTED[adj_b]))
    # Each side scores what it won on a board; a split adjustment (e.g. A+ to
    # both) gives each side its own figure, which may be negative.
    won_a = -penalty_a
    won_b = -penalty_b
    for _, got_a, got_b in rows:
        if got_a == -got_b:
            won_a += max(got_a, 0)
            won_b += max(got_b, 0)
        else:
            won_a += got_a
            won_b += got_b
    return ImpMatch(tuple(rows), won_a, won_b)


def imps_to_vp(match: ImpMatch, boards: int, scale: str = "wbf2013") -> tuple[Decimal, Decimal]:
    """VPs of A and B for an IMP match on the named scale (004:1722-1738)."""

    return get_scale(scale).vp(match.margin, boards)


def vp_penalty(round_max_vp: Decimal | int, boards: Fraction | int = 1) -> Decimal:
    """A penalty of ``boards`` boards in a VP event: 5 % of a round's maximum each (003:55-57)."""
    b = Fraction(boards)
    return (
        Decimal(round_max_vp)
        * Decimal(5)
        / Decimal(100)
        * Decimal(b.numerator)
        / Decimal(b.denominator)
    )


@dataclass(frozen=True)
class BamMatch:
    """A board-a-match round: B-a-M points, net total points and (optionally) VPs."""

    points_a: Fraction
    points_b: Fraction
    net_a: int
    vp_a: Decimal | None
    vp_b: Decimal | None

    @property
    def total_a(self) -> Fraction:
        return self.points_a + (Fraction(self.vp_a) if self.vp_a is not None else 0)

    @property
    def total_b(self) -> Fraction:
        return self.points_b + (Fraction(self.vp_b) if self.vp_b is not None else 0)


_BAM_ADJ = {Adjustment.AVERAGE: Fraction(1), Adjustment.AVERAGE_PLUS: Fraction(3, 2),
            Adjustment.AVERAGE_MINUS: Fraction(1, 2)}  # fmt: skip
_BAM_ADJ_POINTS = {Adjustment.AVERAGE: 0, Adjustment.AVERAGE_PLUS: 100,
                   Adjustment.AVERAGE_MINUS: -100}  # fmt: skip


def bam_match(boards: Sequence[TeamBoard], *, with_vp: bool = False) -> BamMatch:
    """Board-a-match: 2 / 1 / 0 per board; with ``with_vp`` the round's total-point
    margin converted on the ``bam`` scale is added (004:1817-1872, 7 to 3)."""
    played = [b for b in boards if b.net is not None]
    pts_a = Fraction(0)
    pts_b = Fraction(0)
    net = 0
    for b in played:
        assert b.net is not None
        pts_a += 2 if b.net > 0 else 1 if b.net == 0 else 0
        pts_b += 2 if b.net < 0 else 1 if b.net == 0 else 0
        net += b.net
    avg_a = pts_a / len(played) if played else Fraction(0)
    avg_b = pts_b / len(played) if played else Fraction(0)
    plus_seen = {"a": 0, "b": 0}
    for b in boards:
        if b.net is not None:
            continue
        for who, adj, avg in (("a", b.adjustment, avg_a), ("b", b.b_adjustment(), avg_b)):
            if adj is None or adj is Adjustment.NOT_PLAYED:
                continue
            value = _BAM_ADJ[adj]
            if adj is Adjustment.AVERAGE_PLUS:
                plus_seen[who] += 1
                if plus_seen[who] >= 3:
                    value = max(Fraction(6, 5), avg)  # 003:35
            if who == "a":
                pts_a += value
                net += _BAM_ADJ_POINTS[adj]
            else:
                pts_b += value
    vp_a = vp_b = None
    if with_vp:
        vp_a, vp_b = get_scale("bam").vp(net, max(1, len(boards)))
    return BamMatch(pts_a, pts_b, net, vp_a, vp_b)


def mccallum(margin: int, stock: int = 40) -> tuple[int, int]:
    """McCallum VPs of A and B: ``stock +- margin``, the margin capped at the stock."""
    if stock not in (30, 40, 50, 60):
        raise ScoringError(
            "McCallum stock must be 30, 40, 50 or 60 (004:2615), not {given}",
            code="team.mccallum-stock",
            given=stock,
        )
    m = max(-stock, min(stock, margin))
    return stock + m, stock - m


def forfeit_vp(
    winner_vps: Sequence[Decimal], loser_opponent_vps: Sequence[Decimal], draw: Decimal,
    minimum: Decimal,
) -> tuple[Decimal, Decimal]:  # fmt: skip
    """VPs for a walkover (003:232-244): the winner's award and the loser's.

    ``winner_vps`` are the VPs the winner earned in matches actually played;
    ``loser_opponent_vps`` the VPs the forfeiting team's opponents earned against
    it in matches actually played; ``draw`` the VPs of a drawn match.
    """
    options = [draw * Decimal("1.2")]
    if winner_vps:
        options.append(sum(winner_vps, Decimal(0)) / len(winner_vps))
    if loser_opponent_vps:
        options.append(sum(loser_opponent_vps, Decimal(0)) / len(loser_opponent_vps))
    return max(options), minimum


def bye_vp(own_vps: Sequence[Decimal], draw: Decimal) -> Decimal:
    """VPs for a bye: the larger of the team's average over matches actually
    played and 1.2 times a draw (a walkover nobody forfeited; 003:236-242)."""
    options = [draw * Decimal("1.2")]
    if own_vps:
        options.append(sum(own_vps, Decimal(0)) / len(own_vps))
    return max(options)


@dataclass(frozen=True)
class CrossTable:
    """A round-robin cross-table: ``cells[a][b]`` is what a scored against b.

    ``byes`` holds each team's bye awards (added to its total), ``penalties``
    what was deducted from its total, ``imp_penalties`` the IMPs deducted
    inside its matches (already in the cells), ``forfeits`` the (winner,
    loser) pairs scored as walkovers.
    """

    teams: tuple[str, ...]
    cells: Mapping[str, Mapping[str, Fraction]]
    totals: Mapping[str, Fraction]
    ranks: Mapping[str, str]
    byes: Mapping[str, Fraction] = field(default_factory=dict)
    penalties: Mapping[str, Fraction] = field(default_factory=dict)
    imp_penalties: Mapping[str, int] = field(default_factory=dict)
    forfeits: tuple[tuple[str, str], ...] = ()


def cross_table(
    matches: Sequence[tuple[str, str, Fraction | Decimal | int, Fraction | Decimal | int]],
    penalties: Mapping[str, Fraction] | None = None,
) -> CrossTable:
    """Totals and ranks of a round robin from (team, opponent, VPs, opponent's VPs).

    A double round robin lists each pairing twice; the cells add up.
    """
    teams: list[str] = []
    cells: dict[str, dict[str, Fraction]] = {}
    for a, b, va, vb in matches:
        if a == b:
            raise ScoringError("team {home} cannot play itself", code="team.plays-itself", home=a)
        for t in (a, b):
            if t not in cells:
                teams.append(t)
                cells[t] = {}
        cells[a][b] = cells[a].get(b, Fraction(0)) + Fraction(str(va))
        cells[b][a] = cells[b].get(a, Fraction(0)) + Fraction(str(vb))
    totals = {
        t: sum(cells[t].values(), Fraction(0)) - (penalties or {}).get(t, Fraction(0))
        for t in teams
    }
    labels = rank_labels([totals[t] for t in teams])
    return CrossTable(tuple(teams), cells, totals, dict(zip(teams, labels, strict=True)))


@dataclass(frozen=True)
class MatchEntry:
    """One match of a round robin as the director enters it.

    ``boards`` are the match's boards from ``team_a``'s side; ``penalty_a`` /
    ``penalty_b`` are team penalties in IMPs (3 for a first offence, 6 for a
    second, 003:258) deducted from that team's IMPs in this match.
    ``forfeited_by`` names the team that forfeited: the match is a walkover
    (003:228-250) and its boards are ignored.
    """

    team_a: str
    team_b: str
    boards: tuple[TeamBoard, ...] = ()
    penalty_a: int = 0
    penalty_b: int = 0
    forfeited_by: str | None = None

    def __post_init__(self) -> None:
        if self.team_a == self.team_b:
            raise ScoringError(
                "team {home} cannot play itself", code="team.plays-itself", home=self.team_a
            )
        if self.forfeited_by not in (None, self.team_a, self.team_b):
            raise ScoringError(
                "team {team} forfeits a match between {home} and {away}: name one of the two",
                code="team.forfeit-by-outsider",
                team=self.forfeited_by,
                home=self.team_a,
                away=self.team_b,
            )
        if self.penalty_a < 0 or self.penalty_b < 0:
            raise ScoringError(
                "team penalties are positive numbers of IMPs (3, 6, 003:258)",
                code="team.penalty-positive",
            )
        if self.forfeited_by is None and not self.boards:
            raise ScoringError(
                "the match {home} v {away} has no boards",
                code="team.match-no-boards",
                home=self.team_a,
                away=self.team_b,
            )


def round_robin(
    matches: Sequence[MatchEntry],
    *,
    boards: int,
    scale: str = "wbf2013",
    byes: Sequence[str] = (),
    bye_award: Decimal | None = None,
    penalties: Mapping[str, Fraction] | None = None,
) -> CrossTable:
    """A VP round robin from its matches (004:1746-1760).

    Played matches are IMPed with their IMP penalties deducted and converted
    on ``scale`` for ``boards`` boards.  Walkovers then give the winner
    :func:`forfeit_vp` and the loser the scale's minimum (003:232-244), and
    each entry of ``byes`` (a team name once per bye) gives that team
    ``bye_award`` or :func:`bye_vp`; averages count matches actually played.
    ``penalties`` (VPs) are deducted from totals.
    """

    vp_scale = get_scale(scale)
    draw = vp_scale.vp(0, boards)[0]
    minimum = vp_scale.vp(-(10**6), boards)[0]
    rows: list[tuple[str, str, Fraction, Fraction]] = []
    earned: dict[str, list[Decimal]] = {}
    conceded: dict[str, list[Decimal]] = {}
    imp_pen: dict[str, int] = {}
    for m in matches:
        imp_pen[m.team_a] = imp_pen.get(m.team_a, 0) + m.penalty_a
        imp_pen[m.team_b] = imp_pen.get(m.team_b, 0) + m.penalty_b
        if m.forfeited_by is not None:
            continue
        result = imp_match(m.boards, m.penalty_a, m.penalty_b)
        va, vb = vp_scale.vp(result.margin, boards)
        rows.append((m.team_a, m.team_b, Fraction(va), Fraction(vb)))
        earned.setdefault(m.team_a, []).append(va)
        earned.setdefault(m.team_b, []).append(vb)
        conceded.setdefault(m.team_a, []).append(vb)
        conceded.setdefault(m.team_b, []).append(va)
    forfeits: list[tuple[str, str]] = []
    for m in matches:
        if m.forfeited_by is None:
            continue
        loser = m.forfeited_by
        winner = m.team_b if loser == m.team_a else m.team_a
        won, lost = forfeit_vp(earned.get(winner, []), conceded.get(loser, []), draw, minimum)
        rows.append((winner, loser, Fraction(won), Fraction(lost)))
        forfeits.append((winner, loser))
    bye_totals: dict[str, Fraction] = {}
    for team in byes:
        award = bye_award if bye_award is not None else bye_vp(earned.get(team, []), draw)
        bye_totals[team] = bye_totals.get(team, Fraction(0)) + Fraction(award)
    table = cross_table(rows, penalties)
    teams = list(table.teams) + [t for t in bye_totals if t not in table.cells]
    totals = {t: table.totals.get(t, Fraction(0)) + bye_totals.get(t, Fraction(0)) for t in teams}
    labels = rank_labels([totals[t] for t in teams])
    return CrossTable(
        tuple(teams),
        {t: table.cells.get(t, {}) for t in teams},
        totals,
        dict(zip(teams, labels, strict=True)),
        bye_totals,
        dict(penalties or {}),
        {t: p for t, p in imp_pen.items() if p},
        tuple(forfeits),
    )
