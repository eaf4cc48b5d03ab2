"""Individual events: each player scored alone over changing partnerships.

JCBL Director Manual 004:1576-1614: an individual is scored like a pairs game
"except that the totals are kept per player" (004:1582-1584): matchpoints,
Houston (Butler) or IMP scoring all apply.  Fig 20 (004:1592-1611) writes each
table as N-S-E-W, e.g. ``8-1-6-2``.

A result of an individual carries its four players (seat order N, E, S, W);
its ``ns`` / ``ew`` fields name the two partnerships of that table (``"8&1"``,
``"6&2"``), so every board is scored by the pairs functions unchanged (a
player plays a board once, so a partnership name is unique on a board).  The
points each side earns go to both of its players; totals, factoring for boards
not played, percentages and ranks are then per player (one field: players
change direction, 004:1596-1598).  Matchpoint average plus / minus use each
player's own session percentage (003:16-19), so two partners can receive
different values for one artificial score.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from bridgedesk.bridge.seats import Side
from bridgedesk.errors import Location, ScoringError
from bridgedesk.scoring.boards import score_board
from bridgedesk.scoring.matchpoints import FouledMethod, Missing, adjusted_points
from bridgedesk.scoring.results import (
    Adjustment,
    Board,
    Outcome,
    Penalty,
    ScoredBoard,
    ScoredResult,
    TravellerLine,
    Weighted,
)
from bridgedesk.scoring.session import (
    Method,
    PairKey,
    SessionResult,
    _standings,
)

#: The players of a table in seat order N, E, S, W.
Players = tuple[str, str, str, str]


def individual_result(
    north: str | int,
    east: str | int,
    south: str | int,
    west: str | int,
    outcome: Outcome | int,
    ew_outcome: Outcome | None = None,
    *,
    group: str | None = None,
) -> TravellerLine:
    """One table of an individual: four players and an NS score or adjustment."""
    players: Players = (str(north), str(east), str(south), str(west))
    if len(set(players)) != 4:
        raise ScoringError(
            "the four players of a table must differ, got {players}",
            code="individual.players-differ",
            players="-".join(players),
        )
    ns_out: Outcome = Weighted.of(outcome) if isinstance(outcome, int) else outcome
    if ew_outcome is None:
        ew_out = ns_out
        if isinstance(ns_out, Adjustment):
            ew_out = TravellerLine.adjusted("x", "y", ns_out).ew_outcome
    else:
        ew_out = ew_outcome
    return TravellerLine(
        partnership(players[0], players[2]),
        partnership(players[1], players[3]),
        ns_out,
        ew_out,
        group,
        None,
        players,
    )


def partnership(a: str, b: str) -> str:
    """The name of a partnership on one board: ``"8&1"`` (first player first)."""
    return f"{a}&{b}"


def with_players(result: TravellerLine, players: Players) -> TravellerLine:
    """``result`` re-labelled as an individual table with ``players`` (N, E, S, W)."""
    if len(set(players)) != 4:
        raise ScoringError(
            "the four players of a table must differ, got {players}",
            code="individual.players-differ",
            players="-".join(players),
        )
    return replace(
        result,
        ns=partnership(players[0], players[2]),
        ew=partnership(players[1], players[3]),
        players=players,
    )


def side_players(result: TravellerLine, side: Side) -> tuple[str, str]:
    if result.players is None:
        raise ScoringError(
            "the result of {first} v {second} does not name its players",
            code="individual.result-no-players",
            first=result.ns,
            second=result.ew,
        )
    n, e, s, w = result.players
    return (n, s) if side is Side.NS else (e, w)


def validate_individual(board: Board) -> list[ScoringError]:
    """Problems with an individual traveller: players missing or seen twice."""
    where = Location(board=board.number)
    problems: list[ScoringError] = []
    seen: set[str] = set()
    for r in board.results:
        if r.players is None:
            problems.append(
                ScoringError(
                    "the result of {first} v {second} does not name its four players",
                    where,
                    code="individual.result-no-four-players",
                    first=r.ns,
                    second=r.ew,
                )
            )
            continue
        for p in r.players:
            if p in seen:
                problems.append(
                    ScoringError(
                        "player {player} has two results on this board",
                        where,
                        code="individual.player-two-results",
                        player=p,
                    )
                )
            seen.add(p)
    problems += board.validate()
    return problems


def score_individual(
    boards: Sequence[Board],
    *,
    method: Method = Method.MP,
    missing: Missing = Missing.NEUBERG,
    fouled: FouledMethod = FouledMethod.FORMULA,
    butler_drop: int = 1,
    penalties: Sequence[Penalty] = (),
    common_top: bool = True,
) -> SessionResult:
    """Score an individual event and rank the players (004:1582-1584).

    The standings' ``pair`` is the player; ``direction`` is None (one field).
    The scored boards keep the partnerships' points, with matchpoint A+ / A-
    shown at their 60 % / 40 % values; the players' totals use each player's
    own session percentage for them.  ``penalties`` name players.
    """
    numbers: set[int] = set()
    for b in boards:
        if b.number in numbers:
            raise ScoringError(
                "the board appears twice in the session",
                Location(board=b.number),
                code="scoring.board-twice",
            )
        numbers.add(b.number)
        problems = validate_individual(b)
        if problems:
            raise problems[0]
    n_common = max((len(b.results) for b in boards), default=0) if common_top else None
    scored = [
        score_board(b, method, missing=missing, fouled=fouled, butler_drop=butler_drop,
                    scores=n_common)
        for b in boards
    ]  # fmt: skip
    # Each player's real points and tops, for the A+ / A- percentages (003:16-19).
    real: dict[str, Fraction] = {}
    real_top: dict[str, Fraction] = {}
    for sb in scored:
        for sr in sb.results:
            for side in (Side.NS, Side.EW):
                v = sr.value(side)
                if isinstance(v, Fraction):
                    for p in side_players(sr.result, side):
                        real[p] = real.get(p, Fraction(0)) + v
                        real_top[p] = real_top.get(p, Fraction(0)) + (sb.top or 0)
    raw: dict[PairKey, Fraction] = {}
    tops: dict[PairKey, Fraction] = {}
    played: dict[PairKey, int] = {}
    shown: list[ScoredBoard] = []
    for sb in scored:
        rows = []
        for sr in sb.results:
            values = []
            for side in (Side.NS, Side.EW):
                v = sr.value(side)
                for p in side_players(sr.result, side):
                    k: PairKey = (p, None)
                    raw.setdefault(k, Fraction(0))
                    tops.setdefault(k, Fraction(0))
                    played.setdefault(k, 0)
                    mine = v
                    if isinstance(v, Adjustment):
                        pct = real[p] / real_top[p] * 100 if real_top.get(p) else None
                        mine = adjusted_points(v, sb.top or Fraction(0), pct)
                    if mine is None:
                        continue
                    assert isinstance(mine, Fraction)
                    raw[k] += mine
                    tops[k] += sb.top or 0
                    played[k] += 1
                if isinstance(v, Adjustment):
                    v = adjusted_points(v, sb.top or Fraction(0), None)
                values.append(v)
            rows.append(ScoredResult(sr.result, values[0], values[1]))
        shown.append(replace(sb, results=tuple(rows)))
    unit_default = max((sb.penalty_unit for sb in scored), default=Fraction(0))
    units = {sb.number: sb.penalty_unit for sb in scored}
    penalty: dict[PairKey, Fraction] = dict.fromkeys(raw, Fraction(0))
    for pen in penalties:
        key: PairKey = (pen.pair, None)
        if key not in raw:
            raise ScoringError(
                "penalty for player {player}, who has no result in this session",
                code="individual.penalty-no-result",
                player=pen.pair,
            )
        unit = units.get(pen.board, unit_default) if pen.board is not None else unit_default
        penalty[key] += pen.boards * unit
    standings = _standings(raw, tops, played, penalty, method, 1, None)
    return SessionResult(method, 1, tuple(shown), tuple(standings))
