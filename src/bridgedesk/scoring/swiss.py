"""Swiss pairs and barometer: scoring by rounds, with a ranking after each round.

JCBL Director Manual 004:1505-1515 and 004:2589-2597:

* **Barometer** (004:1513): every table plays the same boards in each round;
  the boards are scored and the standings published after every round.
  :func:`barometer` gives the ranking over rounds 1..r for each r.
* **Swiss pairs** (004:1507-1511, 004:2589-2597): each round a pair meets one
  opponent for six boards or more; the whole field plays the same boards and
  they are scored across it.  A round's result is converted to VPs, either
  from the pair's matchpoint percentage on the round ("converted on a table",
  004:1509, 004:2595) or from its IMPs against the datum (Butler, as in the
  Houston trial, 004:2599-2602).  The running VP totals decide the next
  pairings (:mod:`bridgedesk.events` does the pairing).

The seed names the conversion tables without giving them.  bridgedesk uses
the WBF 2013 20-point scale (:mod:`bridgedesk.bridge.vp`) for both: a round's
Butler IMPs ``m`` over ``b`` boards earn ``wbf2013.vp(m, b)``; a round's
matchpoint percentage ``p`` earns ``20 * p / 100`` VPs, i.e. the WBF 2013
scale's 20 VPs shared in proportion to the matchpoints (the two opponents'
percentages add up to 100 when every board was really played, so their VPs
add up to 20, and 50 % is the scale's 10-10 draw).  Another conversion can be
passed as ``mp_to_vp``.  A pair without an opponent in a round (a bye,
004:2596) gets the larger of its average VPs over the rounds it played and 60 %
of the scale (12 VPs), the same rule as a team's bye in
:mod:`bridgedesk.scoring.teams`; the average counts every round the pair
played, so a running total that includes a bye is provisional until the last
round has been scored.  VPs are exact inside and rounded to 2
decimals (half up) for display only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum
from fractions import Fraction

from bridgedesk.bridge.seats import Side
from bridgedesk.bridge.vp import VPScale, get_scale
from bridgedesk.errors import Location, ScoringError
from bridgedesk.scoring.matchpoints import Missing
from bridgedesk.scoring.results import Board
from bridgedesk.scoring.rounding import round_half_up
from bridgedesk.scoring.session import (
    Method,
    SessionResult,
    _pair_order,
    detect_winners,
    rank_labels,
    score_session,
)


def barometer(
    rounds: Sequence[Sequence[Board]],
    *,
    method: Method = Method.MP,
    missing: Missing = Missing.NEUBERG,
    butler_drop: int = 1,
    winners: int | None = None,
) -> list[SessionResult]:
    """The standings after each round: element ``r`` scores rounds 1..r+1 (004:1513)."""
    seen: set[int] = set()
    for i, boards in enumerate(rounds, start=1):
        for b in boards:
            if b.number in seen:
                raise ScoringError(
                    "board {board} is played again in round {round}",
                    Location(board=b.number, round=i),
                    code="swiss.board-played-again",
                    board=b.number,
                    round=i,
                )
            seen.add(b.number)
    if winners is None:
        # One decision for the whole event: after round 1 a Howell can look like two fields.
        winners = detect_winners([b for boards in rounds for b in boards])
    out: list[SessionResult] = []
    so_far: list[Board] = []
    for boards in rounds:
        so_far += boards
        out.append(
            score_session(so_far, method=method, missing=missing, butler_drop=butler_drop,
                          winners=winners)
        )  # fmt: skip
    return out


class SwissBy(Enum):
    """What a Swiss pairs round is converted from (004:2595)."""

    MP = "mp"
    IMP = "imp"


@dataclass(frozen=True)
class SwissLine:
    """One pair's round: its opponent (None for a bye), its result and VPs.

    ``result`` is the matchpoint percentage or the Butler IMPs of the round
    (None for a bye); ``total`` and ``rank`` are the running VP total and
    rank after this round.
    """

    round: int
    pair: str
    opponent: str | None
    result: Fraction | None
    vp: Fraction
    total: Fraction
    rank: str


@dataclass(frozen=True)
class SwissResult:
    rounds: tuple[tuple[SwissLine, ...], ...]

    def final(self) -> tuple[SwissLine, ...]:
        """The standings after the last round, best first."""
        return self.rounds[-1] if self.rounds else ()


def linear_mp_vp(percentage: Fraction, total: Fraction = Fraction(20)) -> Fraction:
    """The round's matchpoint percentage as a share of ``total`` VPs (see module doc)."""
    return total * percentage / 100


def swiss_pairs(
    rounds: Sequence[Sequence[Board]],
    *,
    by: SwissBy = SwissBy.MP,
    scale: str = "wbf2013",
    missing: Missing = Missing.NEUBERG,
    butler_drop: int = 1,
    mp_to_vp: Callable[[Fraction], Fraction] | None = None,
    pairs: Sequence[str] | None = None,
) -> SwissResult:
    """Swiss pairs by rounds: VPs per round and the running ranking (004:1507-1511).

    ``rounds[i]`` are the boards of round i+1, every table of the field playing
    them; each pair must meet one opponent in a round.  ``pairs`` lists the
    field (default: every pair seen), so that a pair missing from a round has
    a bye there.
    """

    vp_scale = get_scale(scale)
    field = list(pairs) if pairs is not None else sorted(
        {p for boards in rounds for b in boards for r in b.results for p in (r.ns, r.ew)},
        key=_pair_order,
    )  # fmt: skip
    to_vp = mp_to_vp or (lambda pct: linear_mp_vp(pct, Fraction(vp_scale.max_total(1))))
    played: list[dict[str, tuple[str, Fraction, Fraction]]] = []
    for i, boards in enumerate(rounds, start=1):
        played.append(_round(i, boards, by, vp_scale, missing, butler_drop, to_vp))
    averages: dict[str, list[Fraction]] = {}
    for rnd in played:
        for p, (_, _, vp) in rnd.items():
            averages.setdefault(p, []).append(vp)
    bye_floor = Fraction(vp_scale.max_total(1)) * Fraction(3, 5)
    totals = dict.fromkeys(field, Fraction(0))
    out: list[tuple[SwissLine, ...]] = []
    for i, rnd in enumerate(played, start=1):
        unknown = [p for p in rnd if p not in totals]
        if unknown:
            raise ScoringError(
                "pair {pair} plays round {round} but is not in the field",
                code="swiss.pair-not-in-field",
                pair=unknown[0],
                round=i,
            )
        lines: dict[str, tuple[str | None, Fraction | None, Fraction]] = {}
        for p in field:
            if p in rnd:
                opp, res, vp = rnd[p]
                lines[p] = (opp, res, vp)
            else:
                own = averages.get(p, [])
                avg = sum(own, Fraction(0)) / len(own) if own else Fraction(0)
                lines[p] = (None, None, max(bye_floor, avg))
            totals[p] += lines[p][2]
        order = sorted(field, key=lambda p: (-totals[p], _pair_order(p)))
        ranks = rank_labels([totals[p] for p in order])
        out.append(
            tuple(
                SwissLine(i, p, lines[p][0], lines[p][1], lines[p][2], totals[p], r)
                for p, r in zip(order, ranks, strict=True)
            )
        )
    return SwissResult(tuple(out))


def _round(
    number: int,
    boards: Sequence[Board],
    by: SwissBy,
    vp_scale: object,
    missing: Missing,
    butler_drop: int,
    to_vp: Callable[[Fraction], Fraction],
) -> dict[str, tuple[str, Fraction, Fraction]]:
    """pair -> (opponent, percentage or IMPs, VPs) for one round."""

    assert isinstance(vp_scale, VPScale)
    opponent: dict[str, str] = {}
    for b in boards:
        for r in b.results:
            for me, them in ((r.ns, r.ew), (r.ew, r.ns)):
                if opponent.setdefault(me, them) != them:
                    raise ScoringError(
                        "pair {pair} meets both {first} and {second} in one Swiss round",
                        Location(board=b.number, round=number),
                        code="swiss.pair-meets-two",
                        pair=me,
                        first=opponent[me],
                        second=them,
                    )
    method = Method.MP if by is SwissBy.MP else Method.BUTLER
    session = score_session(boards, method=method, missing=missing, butler_drop=butler_drop,
                            winners=1)  # fmt: skip
    out: dict[str, tuple[str, Fraction, Fraction]] = {}
    if by is SwissBy.MP:
        for st in session.standings:
            pct = st.percentage if st.percentage is not None else Fraction(0)
            out[st.pair] = (opponent[st.pair], pct, to_vp(pct))
        return out
    imps: dict[str, Fraction] = {}
    count: dict[str, int] = {}
    for sb in session.boards:
        for sr in sb.results:
            for side in (Side.NS, Side.EW):
                v = sr.value(side)
                if isinstance(v, Fraction):
                    p = sr.result.pair(side)
                    imps[p] = imps.get(p, Fraction(0)) + v
                    count[p] = count.get(p, 0) + 1
    for p, total in imps.items():
        margin = int(round_half_up(total, 0))
        mine: Decimal = vp_scale.vp(margin, count[p])[0]
        out[p] = (opponent[p], total, Fraction(mine))
    return out
