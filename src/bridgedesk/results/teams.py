"""The scored team event: every match compared room by room, standings, cross-table, Butler.

:class:`ScoredTeamEvent` is to a team event what
:class:`~bridgedesk.results.model.ScoredSession` is to a pairs session: the one
value every team writer (JSON, CSV, text, the HTML reports) reads.  It is made
by :func:`score_team_event` from a :class:`TeamEventPlay` -- the teams and the
matches as played, each board with its two rooms' NS scores -- which a results
file (:mod:`bridgedesk.formats.team_results_json`) or the store fills in.

The rooms follow the seat rule "NS at home, EW away" (004:1631-1633): the
*open* room is where the home team sits NS, the *closed* room where the away
team sits NS.  So on each board the home team's margin is ``open_ns -
closed_ns`` (the comparison of 004:1660-1668; the away team's is its negation,
004:1686).  The scoring is the engine's (:mod:`bridgedesk.scoring.teams`):

* ``imp`` -- a match is its IMPs (004:1660-1720); standings by net IMPs;
* ``vp`` -- the match's IMP margin on a VP scale (004:1722-1738);
* ``bam`` / ``bam-vp`` -- board-a-match 2/1/0, plus the round's total-point
  margin on the ``bam`` scale for B-a-M + VP (004:1817-1872);
* ``mccallum`` -- the stock plus or minus the IMP margin (004:2615).

Forfeits and byes (003:228-250: the winner's award the most of its own
average, the forfeiting team's opponents' average and 1.2 draws; the loser
the least; a bye a walkover nobody forfeited) are the seed's VP rule carried
over to every scoring (:mod:`bridgedesk.results.team_forfeits`).  An odd
Swiss field's triangle is scored as 004:2701 says
(:mod:`bridgedesk.events.team_triangle_scores`).

**Tie-break** (the seeds give none for teams): equal totals are separated by
the points the tied teams scored in the matches among themselves, then by the
IMP quotient (IMPs won / IMPs lost; board-a-match: net total points); teams
still equal share the place ("2=").

**Butler for pairs**: when a match names the pairs in each room (and, where they
changed at half time, the second half's, 004:1672-1686), every room
result becomes a traveller line and the whole field is scored by the engine's
Butler (or cross-IMP) method; pairs are ranked by IMPs per board played, which
is the order of their totals when all played the same number of boards.

Everything is exact (ints and Fractions); :mod:`bridgedesk.results.numbers`
prints it, rounded once.  The values themselves are in
:mod:`bridgedesk.results.team_model` (and importable from here).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction

from bridgedesk.bridge.imps import imps
from bridgedesk.bridge.methods import Method
from bridgedesk.bridge.vp import VPScale, get_scale
from bridgedesk.errors import Location, ScoringError
from bridgedesk.results import team_triangle_scores as triangle_scores
from bridgedesk.results.team_forfeits import Walkover, walkover
from bridgedesk.results.team_model import (
    BoardRooms,
    ButlerLine,
    ComparedBoard,
    Lineup,
    MatchPlay,
    RoomScore,
    ScoredMatch,
    ScoredTeamEvent,
    TeamBye,
    TeamEntry,
    TeamEventPlay,
    TeamStanding,
)
from bridgedesk.scoring.results import Board, TravellerLine
from bridgedesk.scoring.session import score_session
from bridgedesk.scoring.teams import CrossTable, bam_match, cross_table, imp_match, mccallum

# -- scoring ----------------------------------------------------------------------------


def _compare(rooms: BoardRooms) -> ComparedBoard:
    tb = rooms.team_board()
    got = imp_match([tb]).boards
    if tb.net is not None:
        home = imps(tb.net)
        return ComparedBoard(rooms.board, rooms.open, rooms.closed, (home, -home))
    assert tb.adjustment is not None
    away = tb.b_adjustment()
    assert away is not None
    pair = (got[0][1], got[0][2]) if got else (0, 0)
    return ComparedBoard(rooms.board, None, None, pair, (tb.adjustment, away))


def _check(play: TeamEventPlay) -> None:
    numbers = [t.number for t in play.teams]
    dup = [n for n, c in Counter(numbers).items() if c > 1]
    if dup:
        raise ScoringError("team {team} is listed twice", code="team.listed-twice", team=dup[0])
    known = set(numbers)
    seen: dict[tuple[int, int], list[str]] = {}
    for m in play.matches:
        where = Location(round=m.round)
        for t in (m.home, m.away):
            if t not in known:
                raise ScoringError(
                    "team {team} plays in round {round} but is not entered",
                    where,
                    code="team.plays-not-entered",
                    team=t,
                    round=m.round,
                )
        if m.home == m.away:
            raise ScoringError(
                "team {home} cannot play itself", where, code="team.plays-itself", home=m.home
            )
        for t in (m.home, m.away):
            # Two matches a round only in a triangle (004:2698-2716).
            already = seen.setdefault((m.round, t), [])
            if len(already) == 2:
                raise ScoringError(
                    "team {team} plays three matches in round {round} ({matches} and {home} "
                    "v {away})",
                    where,
                    code="team.three-matches",
                    team=t,
                    round=m.round,
                    matches=", ".join(already),
                    home=m.home,
                    away=m.away,
                )
            already.append(f"{m.home} v {m.away}")
        if m.forfeited_by not in (None, m.home, m.away):
            raise ScoringError(
                "team {team} forfeits the match {home} v {away}: name one of the two",
                where,
                code="team.forfeit-by-outsider",
                team=m.forfeited_by,
                home=m.home,
                away=m.away,
            )
        if m.forfeited_by is None and not m.boards:
            raise ScoringError(
                "the match {home} v {away} has no boards",
                where,
                code="team.match-no-boards",
                home=m.home,
                away=m.away,
            )
        numbers_b = [b.board for b in m.boards]
        twice = [n for n, c in Counter(numbers_b).items() if c > 1]
        if twice:
            raise ScoringError(
                "board {board} is listed twice in the match {home} v {away}",
                Location(round=m.round, board=twice[0]),
                code="team.board-twice-in-match",
                board=twice[0],
                home=m.home,
                away=m.away,
            )
        if m.penalty_home < 0 or m.penalty_away < 0:
            raise ScoringError(
                "team penalties are positive numbers of IMPs (3, 6, 003:258)",
                where,
                code="team.penalty-positive",
            )
    for rnd, team in play.byes:
        if team not in known:
            raise ScoringError(
                "team {team} has a bye in round {round} but is not entered",
                code="team.bye-not-entered",
                team=team,
                round=rnd,
            )
        if seen.get((rnd, team)):
            raise ScoringError(
                "team {team} has a bye in round {round} but plays {match}",
                code="team.bye-and-match",
                team=team,
                round=rnd,
                match=seen[rnd, team][0],
            )
        seen[(rnd, team)] = ["a bye"]
    if play.byes and play.scoring is not Method.TEAM_VP and play.form != "knockout":
        raise ScoringError(
            "byes are scored in VPs (a walkover nobody forfeited, 003:228-250); the "
            "event is scored by {scoring}: use vp, or leave the byes out",
            code="team.bye-needs-vp",
            scoring=play.scoring.value,
        )


def _scale(play: TeamEventPlay) -> VPScale:
    if isinstance(play.vp_scale, VPScale):
        return play.vp_scale
    return get_scale(play.vp_scale)


def _match_boards(play: TeamEventPlay, m: MatchPlay) -> int:
    if play.boards_per_match is not None:
        return play.boards_per_match
    return len(m.boards)


def score_team_event(play: TeamEventPlay) -> ScoredTeamEvent:
    """Score every match of ``play``, rank the teams and, when known, the pairs."""
    _check(play)
    scale = _scale(play)
    played = [m for m in play.matches if m.forfeited_by is None]
    counts = Counter(_match_boards(play, m) for m in played)
    usual = play.boards_per_match or (counts.most_common(1)[0][0] if counts else 1)
    first: list[ScoredMatch | None] = [
        None if m.forfeited_by is not None else _score_match(play, m, scale) for m in play.matches
    ]

    def joined(m: MatchPlay, boards: int) -> ScoredMatch:
        return _score_match(replace(play, boards_per_match=boards), m, scale)

    scored = triangle_scores.score_halves(play.matches, first, play, joined)
    tri = triangle_scores.halves(play.matches, play.form)
    earned: dict[int, list[Fraction]] = {}
    conceded: dict[int, list[Fraction]] = {}
    per_round: dict[tuple[int, int], list[Fraction]] = {}
    for i, (m, sm) in enumerate(zip(play.matches, scored, strict=True)):
        if sm is None:
            continue
        for side, team in enumerate((m.home, m.away)):
            if i in tri:  # a triangle's round counts once (team_forfeits)
                tally = per_round.setdefault((m.round, team), [Fraction(0)] * 3)
                tally[0] += sm.points[side]
                tally[1] += sm.points[1 - side]
                tally[2] += 1
                continue
            earned.setdefault(team, []).append(sm.points[side])
            conceded.setdefault(team, []).append(sm.points[1 - side])
    for (_, team), (own, gave, halves) in per_round.items():
        # a half-match played alone counts half: its round's worth is twice that
        earned.setdefault(team, []).append(own * 2 / halves)
        conceded.setdefault(team, []).append(gave * 2 / halves)
    rule = walkover(play.scoring, scale, usual, play.stock)
    matches: list[ScoredMatch] = [
        _forfeit(m, earned, conceded, rule, play.scoring) if one is None else one
        for m, one in zip(play.matches, scored, strict=True)
    ]
    matches = triangle_scores.share_forfeits(play.matches, play.form, matches)
    matches = triangle_scores.round_scores(play.matches, play.form, matches)
    knockout = play.form == "knockout"  # a knockout's bye only takes a team on
    byes = tuple(
        TeamBye(rnd, team, Fraction(0) if knockout else rule.bye(earned.get(team, [])))
        for rnd, team in play.byes
    )
    standings = _standings(play, matches, byes)
    cross = cross_table([(str(m.home), str(m.away), m.points[0], m.points[1]) for m in matches])
    butler, pair_teams = _butler(play)
    return ScoredTeamEvent(
        event=play.event,
        scoring=play.scoring,
        scale=scale.name,
        teams=play.teams,
        matches=tuple(matches),
        standings=standings,
        cross=CrossTable(
            tuple(str(t.number) for t in play.teams),
            {str(t.number): cross.cells.get(str(t.number), {}) for t in play.teams},
            {str(s.team): s.points for s in standings},
            {str(s.team): s.rank for s in standings},
            {str(b.team): b.points for b in byes},
        ),
        byes=byes,
        stock=play.stock if play.scoring is Method.MCCALLUM else None,
        butler=butler,
        pairs_method=play.pairs_method,
        pair_teams=pair_teams,
        form=play.form,
        segments=play.segments,
    )


def _score_match(play: TeamEventPlay, m: MatchPlay, scale: VPScale) -> ScoredMatch:
    compared = tuple(_compare(b) for b in m.boards)
    team_boards = [b.team_board() for b in m.boards]
    im = imp_match(team_boards, m.penalty_home, m.penalty_away)
    imps_hw = (im.imps_a, im.imps_b)
    vp: tuple[Fraction, Fraction] | None = None
    bam: tuple[Fraction, Fraction] | None = None
    bam_vp: tuple[Fraction, Fraction] | None = None
    net: int | None = None
    mc: tuple[int, int] | None = None
    s = play.scoring
    if s is Method.TEAM_VP:
        va, vb = scale.vp(im.margin, _match_boards(play, m))
        vp = (Fraction(va), Fraction(vb))
        points = vp
    elif s.board_a_match:
        bm = bam_match(team_boards, with_vp=s is Method.BAM_VP)
        bam = (bm.points_a, bm.points_b)
        net = bm.net_a
        if bm.vp_a is not None and bm.vp_b is not None:
            bam_vp = (Fraction(bm.vp_a), Fraction(bm.vp_b))
        points = (bm.total_a, bm.total_b)
    elif s is Method.MCCALLUM:
        mc = mccallum(im.margin, play.stock)
        points = (Fraction(mc[0]), Fraction(mc[1]))
    else:
        ahead = Fraction(im.margin)
        if m.carry_over is not None:  # a knockout match starts from its carry-over
            ahead += m.carry_over[0] - m.carry_over[1]
        points = (ahead, -ahead)
    return ScoredMatch(
        m.round, m.home, m.away, compared, imps_hw, points, (m.penalty_home, m.penalty_away),
        vp, bam, bam_vp, net, mc, None, m.table, m.lineup, carry_over=m.carry_over,
    )  # fmt: skip


def _forfeit(
    m: MatchPlay,
    earned: Mapping[int, Sequence[Fraction]],
    conceded: Mapping[int, Sequence[Fraction]],
    rule: Walkover,
    scoring: Method,
) -> ScoredMatch:
    loser = m.forfeited_by
    assert loser is not None
    winner = m.away if loser == m.home else m.home
    won, lost = rule.forfeit(earned.get(winner, []), conceded.get(loser, []))
    pts = {winner: won, loser: lost}
    got = (pts[m.home], pts[m.away])
    return ScoredMatch(
        m.round, m.home, m.away, (), (0, 0), got, (m.penalty_home, m.penalty_away),
        got if scoring is Method.TEAM_VP else None, forfeited_by=loser, table=m.table,
    )  # fmt: skip


def _standings(
    play: TeamEventPlay, matches: Sequence[ScoredMatch], byes: Sequence[TeamBye]
) -> tuple[TeamStanding, ...]:
    points = {t.number: Fraction(0) for t in play.teams}
    won = dict.fromkeys(points, 0)
    lost = dict.fromkeys(points, 0)
    net_points = dict.fromkeys(points, 0)
    count = dict.fromkeys(points, 0)
    halves: set[tuple[int, int]] = set()
    for m in matches:
        for i, team in enumerate((m.home, m.away)):
            points[team] += m.points[i]
            if m.triangle is not None:  # a triangle's two half-matches are one match
                if (m.round, team) in halves:
                    continue
                halves.add((m.round, team))
            count[team] += 1
            won[team] += m.imps[i]
            lost[team] += m.imps[1 - i]
            if m.net_points is not None:
                net_points[team] += m.net_points if i == 0 else -m.net_points
    for b in byes:
        points[b.team] += b.points
    groups: dict[Fraction, list[int]] = {}
    for team, p in points.items():
        groups.setdefault(p, []).append(team)
    head: dict[int, Fraction] = {}
    for tied in groups.values():
        if len(tied) < 2:
            continue
        for m in matches:
            if m.home in tied and m.away in tied:
                head[m.home] = head.get(m.home, Fraction(0)) + m.points[0]
                head[m.away] = head.get(m.away, Fraction(0)) + m.points[1]

    def quotient(team: int) -> Fraction:
        if play.scoring.board_a_match:
            return Fraction(net_points[team])
        if lost[team] == 0:
            return Fraction(10**9 + won[team])
        return Fraction(won[team], lost[team])

    keys = {t: (points[t], head.get(t, Fraction(0)), quotient(t)) for t in points}
    order = sorted(points, key=lambda t: (tuple(-k for k in keys[t]), t))
    out = []
    for team in order:
        place = 1 + sum(1 for o in points if keys[o] > keys[team])
        shared = sum(1 for o in points if keys[o] == keys[team]) > 1
        tie = None
        if len(groups[points[team]]) > 1:
            same_head = [o for o in groups[points[team]] if keys[o][1] == keys[team][1]]
            tie = "shared" if shared else "head-to-head" if len(same_head) == 1 else "quotient"
        entry = play.teams[[t.number for t in play.teams].index(team)]
        out.append(
            TeamStanding(team, entry.name, points[team], f"{place}=" if shared else str(place),
                         count[team], won[team], lost[team], entry.players, tie)
        )  # fmt: skip
    return tuple(out)


def _butler(play: TeamEventPlay) -> tuple[tuple[ButlerLine, ...], dict[str, int]]:
    """The pairs ranked by Butler / cross-IMPs over every room result (module doc)."""
    pair_teams: dict[str, int] = {}
    lines: dict[int, list[TravellerLine]] = {}
    for m in play.matches:
        if m.lineup is None or m.forfeited_by is not None:
            continue
        for seated in (m.lineup, *(h for _, h in m.halves)):
            for pair, team in ((seated.home_ns, m.home), (seated.home_ew, m.home),
                               (seated.away_ns, m.away), (seated.away_ew, m.away)):  # fmt: skip
                if pair_teams.setdefault(pair, team) != team:
                    raise ScoringError(
                        "pair {pair} plays for team {other_team} and team {team}",
                        Location(round=m.round),
                        code="team.pair-in-two-teams",
                        pair=pair,
                        other_team=pair_teams[pair],
                        team=team,
                    )
        for b in m.boards:
            if b.open is None or b.closed is None:
                continue
            lu = m.lineup_on(b.board)
            assert lu is not None
            lines.setdefault(b.board, []).append(
                TravellerLine.played(lu.home_ns, lu.away_ew, b.open.score_ns, play=b.open.play)
            )
            lines.setdefault(b.board, []).append(
                TravellerLine.played(lu.away_ns, lu.home_ew, b.closed.score_ns, play=b.closed.play)
            )
    if not lines:
        return (), pair_teams
    boards = [Board.of(n, rs) for n, rs in sorted(lines.items())]
    drop = 1 if min(len(b.results) for b in boards) >= 5 else 0
    session = score_session(boards, method=play.pairs_method, winners=1, butler_drop=drop)
    rows = [(st.pair, st.boards, st.raw) for st in session.standings if st.pair in pair_teams]
    averages = {p: (imp / n if n else Fraction(0)) for p, n, imp in rows}
    rows.sort(key=lambda r: (-averages[r[0]], r[0]))
    out = []
    for pair, n, imp in rows:
        place = 1 + sum(1 for o in averages.values() if o > averages[pair])
        shared = sum(1 for o in averages.values() if o == averages[pair]) > 1
        out.append(
            ButlerLine(pair, pair_teams[pair], n, imp, f"{place}=" if shared else str(place))
        )
    return tuple(out), pair_teams


__all__ = [
    "BoardRooms",
    "ButlerLine",
    "ComparedBoard",
    "Lineup",
    "MatchPlay",
    "RoomScore",
    "ScoredMatch",
    "ScoredTeamEvent",
    "TeamBye",
    "TeamEntry",
    "TeamEventPlay",
    "TeamStanding",
    "score_team_event",
]
