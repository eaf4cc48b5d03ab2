"""The pair round robin for an odd number of teams: SRR teams + pairs at 5-11 tables.

The seed lists odd-count pair round robins (004:3400, 3403, 3408: 5, 7 and 9
teams) and SRR teams + pairs sheets (004:3381-3387: 5, 7, 9 and 11 tables) but
does not print them: they are built into the JTOS software.  These are
bridgedesk's own sheets with the seed's shape -- every pair meets both pairs of
every other team, one of them in each session; ``n - 1`` rounds a session at
``n`` tables, nobody sits out, no relay.  Session 1 uses ``n`` board sets, as
the seed's boards used say (30, 28, 27, 33 at 6, 4, 3, 3 boards a round);
session 2 uses ``n`` sets for 5 teams and more for 7, 9 and 11 (9, 12 and 15
sets, in the movement's notes), so more boards are in play than in JTOS.

Why session 2 is not the seed's ``n`` sets for 7, 9 and 11 teams: the seed
prints only the counts (004:3383-3387, 004:3403-3408), not the JTOS sheets, and
a sheet with them has to be found.  With ``n`` sets and no relay each set is at
one table every round, so its matches form a near-1-factor of the teams and
its ``n - 1`` halves fall one to a round; add the seating equations below and it
is a hard combinatorial search.  The random search that made the stored squares
(``bench/srr_odd_search.py``) got no lower than 9, 12 and 15 sets.  The exact
model of ``bench/srr_odd_sat.py`` (CP-SAT, ``pip install -e '.[search]'``)
finds the 5-team sheet in 0.1 s and proves that no 7-team session 2 exists
on the AWL's own grouping of matches into sets (set s = {s - i, s + i}:
INFEASIBLE in about 2 minutes, one core).  For 7 teams with any grouping it
found neither a sheet nor a proof: UNKNOWN after 2400 s with session 1 the
AWL, and after 900 s with session 1 free too (2 shared cores, November 2026).
So whether the seed's 28/27/33 boards can be met by a sheet of this shape is
open; bridgedesk keeps its sheets, which are complete and valid, with the
extra sets.

Every team sits NS at its home table (its number) and EW at its opponent's
(004:1631-1633), and a match's two halves are played on the same board set,
so the team scores compare directly (004:2607).  What varies from round to
round is *which* of a team's pairs sits NS.  Why the even-count construction
(:func:`~bridgedesk.movements.round_robin.pair_round_robin`) does not carry
over, and how these sheets are found:

* In a round every team's NS pair and EW pair each play one half of a match,
  so the halves form cycles through the teams.  Going round a cycle, a half
  where the two teams' pairs have *the same* number (1 v 1, 2 v 2) changes which
  pair of the next team sits NS; so each cycle holds an even number of such
  halves.  Over both sessions each match must be played once "same" and once
  "crossed" (1 v 2, 2 v 1).
* Two AWL sessions (a cycle per offset, of odd length) cannot do that: the
  crossed/same choices would have to alternate round an odd cycle.  So session 1
  is the AWL (NS t v EW t+2r on set t+r, 004:1896-1898), and session 2 a
  different schedule -- a unipotent Latin square without two-cycles (a match's
  halves never in the same round), its matches grouped into board sets of
  matches between different teams in different rounds.  The squares were
  found by a seeded random search (``bench/srr_odd_search.py``) and are kept in
  ``data/pair_round_robin_odd.json``.
* Given the schedule, which pair sits NS in each round is a system of linear
  equations over GF(2) (one unknown per team and round; a team's pair choice
  is the same in both rounds of a half-match pair; the two plays of each match
  differ in kind); :func:`_solve` solves it by Gaussian elimination, the free
  unknowns 0 (pair 1 NS), so the sheet is the same every time.

Three teams (004:3398: TP2S, 4 + 4 rounds of 6 or 7 boards) cannot be built at all,
by any schedule, with each team's one pair NS and the other EW every round
(004:1631-1633).  The proof, checked by ``tests/movements/test_srr_odd.py``:

1. A round of three teams is one 3-cycle: NS A v EW B, NS B v EW C, NS C v EW A
   (or the other way round), so *every* round has all three matches in it.
2. Call a half *crossed* when the two pairs' numbers differ (pair 1 v pair 2).
   Writing x_t = 0/1 for which of team t's pairs sits NS, the half NS t v EW u
   is crossed when x_t = x_u; round the cycle the x's cancel in pairs, so the
   crossed halves of a round are odd in number (1 or 3) whatever the seating.
3. The TP2S pair round robin meets one pair of each other team in session 1
   and the other in session 2 (004:3427-3428): between two teams the meetings
   are all straight (1 v 1, 2 v 2) in one session and all crossed in the other.
   With k = the number of the three matches crossed in session 1, every round
   of session 1 has k crossed halves, so k is odd; every round of session 2 has
   3 - k, which is then even -- against step 2.

So no seating of any 3-team schedule is a TP2S.  The seed's 48 boards a pair
(8 rounds) would fit a schedule where each pair meets each other team's pairs
twice with no session split, but that is not the pair round robin the seed
describes (004:3427-3428); bridgedesk refuses 3 teams and says so.
Team n's pairs are ``NS n`` (pair 1) and ``EW n`` (pair 2) whichever seat
they take, as in the even-count sheet.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib.resources import files

from bridgedesk.errors import MovementError
from bridgedesk.movements.model import Movement, Pair, Round, Seating, ew, ns

#: Odd team counts with a sheet: 5-9 (pair round robin), 5-11 (SRR teams + pairs).
ODD_TEAMS = (5, 7, 9, 11)
#: The seed's boards a round (004:3381-3387, 004:3400-3408).
BOARDS_PER_ROUND = {5: 6, 7: 4, 9: 3, 11: 3}


@dataclass(frozen=True)
class _Half:
    """One table of one round: ``ns`` team's NS pair v ``ew`` team's EW pair on ``board_set``
    (0-based teams, 0-based rounds within the session)."""

    session: int
    round: int
    ns: int
    ew: int
    board_set: int


#: A play: the two halves of one match on one set (NS A v EW B, NS B v EW A).
_Play = tuple[_Half, _Half]


@cache
def _data() -> dict[str, dict[str, list[list[object]]]]:
    text = files("bridgedesk.movements").joinpath("data/pair_round_robin_odd.json").read_text()
    data: dict[str, dict[str, list[list[object]]]] = json.loads(text)["teams"]
    return data


def _awl_session(n: int) -> list[_Half]:
    """Session 1: the odd AWL, NS t v EW t+2r on set t+r (004:1896-1898)."""
    return [_Half(0, r - 1, t, (t + 2 * r) % n, (t + r) % n) for r in range(1, n) for t in range(n)]


def _square_session(n: int) -> list[_Half]:
    """Session 2 from the stored square: round k, NS t v EW rounds[k][t], sets by group."""
    sheet = _data()[str(n)]
    group: dict[frozenset[int], int] = {}
    for g, matches in enumerate(sheet["sets"]):
        for m in matches:
            assert isinstance(m, list)
            group[frozenset(m)] = n + g
    out = []
    for k, row in enumerate(sheet["rounds"]):
        for t, opp in enumerate(row):
            assert isinstance(opp, int)
            out.append(_Half(1, k, t, opp, group[frozenset((t, opp))]))
    return out


def _plays(halves: Iterable[_Half]) -> list[_Play]:
    """Pair each half NS A v EW B with the half NS B v EW A on the same set."""
    waiting: dict[tuple[int, int, int, int], _Half] = {}
    out: list[_Play] = []
    for h in halves:
        back = waiting.pop((h.session, h.board_set, h.ew, h.ns), None)
        if back is None:
            waiting[(h.session, h.board_set, h.ns, h.ew)] = h
        else:
            out.append((back, h))
    if waiting:  # pragma: no cover - the sheets pair every half
        raise MovementError(
            "a half-match has no other half on its set", code="movement.half-match-alone"
        )
    return out


def _solve(
    plays: Sequence[_Play], groups: Iterable[tuple[int, int]]
) -> dict[tuple[int, int, int], int] | None:
    """Which pair (0: pair 1, 1: pair 2) of each team sits NS in each round, or None.

    ``groups`` pairs up the two plays of a match that must differ in kind (one
    with the same-numbered pairs meeting, one crossed).
    """
    index: dict[tuple[int, int, int], int] = {}

    def var(h: _Half, team: int) -> int:
        return index.setdefault((h.session, h.round, team), len(index))

    rows: list[tuple[int, int]] = []
    for a, b in plays:
        for team in (a.ns, a.ew):
            rows.append(((1 << var(a, team)) ^ (1 << var(b, team)), 0))

    def kind(p: _Play) -> int:
        h = p[0]
        return (1 << var(h, h.ns)) ^ (1 << var(h, h.ew))

    for i, j in groups:
        rows.append((kind(plays[i]) ^ kind(plays[j]), 1))
    pivots: dict[int, tuple[int, int]] = {}
    for mask, rhs in rows:
        while mask:
            top = mask.bit_length() - 1
            if top not in pivots:
                pivots[top] = (mask, rhs)
                break
            pm, pr = pivots[top]
            mask, rhs = mask ^ pm, rhs ^ pr
        else:
            if rhs:
                return None
    value: dict[int, int] = {}
    for top in sorted(pivots):
        mask, rhs = pivots[top]
        rest = mask & ~(1 << top)
        while rest:
            low = rest.bit_length() - 1
            rhs ^= value.get(low, 0)
            rest &= ~(1 << low)
        value[top] = rhs
    return {key: value.get(i, 0) for key, i in index.items()}


def _match_groups(plays: Sequence[_Play]) -> list[tuple[int, int]]:
    by_match: dict[frozenset[int], list[int]] = {}
    for i, (h, _) in enumerate(plays):
        by_match.setdefault(frozenset((h.ns, h.ew)), []).append(i)
    out = []
    for found in by_match.values():
        if len(found) != 2:  # pragma: no cover - two plays of each match
            raise MovementError(
                "a match is not played exactly twice", code="movement.match-not-twice"
            )
        out.append((found[0], found[1]))
    return out


def _seating(h: _Half, seats: dict[tuple[int, int, int], int]) -> Seating:
    def pair(team: int, sitting_ns: bool) -> Pair:
        first = seats.get((h.session, h.round, team), 0) == 0
        return ns(team + 1) if first == sitting_ns else ew(team + 1)

    return Seating(h.ns + 1, pair(h.ns, True), pair(h.ew, False), h.board_set + 1)


def pair_round_robin_odd(teams: int, *, boards_per_round: int | None = None) -> Movement:
    """The two-session pair round robin / SRR teams + pairs for 3-11 teams, odd (module doc)."""
    if teams not in ODD_TEAMS:
        raise MovementError(
            "bridgedesk has the odd pair round robin for {known} teams "
            "(004:3381-3408), not {teams}",
            code="movement.odd-pair-round-robin-teams",
            known=", ".join(map(str, ODD_TEAMS)),
            teams=teams,
        )
    bpr = boards_per_round or BOARDS_PER_ROUND[teams]
    halves = [*_awl_session(teams), *_square_session(teams)]
    plays = _plays(halves)
    seats = _solve(plays, _match_groups(plays))
    if seats is None:  # pragma: no cover - the stored squares are solvable (tests)
        raise MovementError(
            "the stored pair round robin for {teams} teams has no seating",
            code="movement.odd-pair-round-robin-no-seating",
            teams=teams,
        )
    per, sets = teams - 1, teams + len(_data()[str(teams)]["sets"])
    by_round: dict[int, list[Seating]] = {}
    for h in halves:
        by_round.setdefault(h.session * per + h.round + 1, []).append(_seating(h, seats))
    rounds = tuple(
        Round(r, tuple(sorted(by_round[r], key=lambda st: st.table))) for r in sorted(by_round)
    )
    return Movement(
        kind="pair-round-robin",
        tables=teams,
        boards_per_round=bpr,
        board_sets=sets,
        winners=2,
        rounds=rounds,
        teams=True,
        notes=(
            f"session 1, rounds 1-{per}; session 2, rounds {per + 1}-{2 * per}; each team "
            "sits NS at its home table (its number), EW at the other team's",
            "which of a team's pairs sits NS changes from round to round: every pair meets "
            "both pairs of every other team, one per session (004:2633-2655)",
            f"board sets: 1-{teams} in session 1, {teams + 1}-{sets} in session 2",
            "bridgedesk's own sheet: the seed lists the JTOS sheet (004:3381-3408) without "
            "printing it",
        ),
    )
