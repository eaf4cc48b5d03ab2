"""The stagger movement: a two-session team round robin for 2N teams (004:3705-3737).

For 6, 8, 10 and 12 teams (004:3709).  The tables stand in two rows of N,
table t beside table t+N, and the two tables of a row relay the same set
(004:3719-3726).  NS pairs stay at their home table (004:3728).

* Session 1, N-1 rounds: odd-numbered teams meet each other and so do the
  even-numbered ones (004:3713).  Before round 1 the EW pairs skip down two
  tables (004:3730); set k starts at tables k and k+N (004:3734).
* Session 2, N rounds: odd against even (004:3715).  The EW pairs move down
  one table before its first round (004:3732); a fresh group of N sets starts
  as in session 1.

From round 2 of each session: boards down, EW pairs skip down (004:3737).
So there are (N-1) + N rounds (004:3717) and every team meets every other
once; the two halves of a match (NS A v EW B, NS B v EW A) are on the same
set, in two rounds of one session or at the two relay tables of one round.
"""

from __future__ import annotations

from bridgedesk.errors import MovementError
from bridgedesk.movements.model import Movement, Round, Seating, ew, ns

TEAMS = (6, 8, 10, 12)


def stagger(teams: int, *, boards_per_round: int = 7) -> Movement:
    """Both sessions of the stagger for ``teams`` teams; session 2 plays sets N+1..2N."""
    if teams not in TEAMS:
        raise MovementError(
            "the stagger movement is for {known} teams, not {teams}",
            code="movement.stagger-teams",
            known=", ".join(map(str, TEAMS)),
            teams=teams,
        )
    n = teams // 2
    rounds: list[Round] = []
    # session 1: table t has the EW pair of team t+2r, set t+r-1 (0-based, rows mod N)
    for r in range(1, n):
        rounds.append(_round(len(rounds) + 1, teams, 2 * r, lambda t, r=r: (t + r - 1) % n))
    # session 2: offsets -1, 1, 3 ..., fresh sets N+1..2N
    for j in range(n):
        rounds.append(_round(len(rounds) + 1, teams, 2 * j - 1, lambda t, j=j: n + (t + j) % n))
    return Movement(
        kind="stagger",
        tables=teams,
        boards_per_round=boards_per_round,
        board_sets=teams,
        winners=2,
        rounds=tuple(rounds),
        relay_groups=tuple((t, t + n) for t in range(1, n + 1)),
        teams=True,
        notes=(
            f"tables t and t+{n} stand side by side and relay the boards (004:3719)",
            f"session 1, rounds 1-{n - 1}: odd teams v odd, even v even (004:3713)",
            f"session 2, rounds {n}-{2 * n - 1}: odd v even; EW pairs move down one "
            "table first (004:3715, 004:3732)",
        ),
    )


def _round(number: int, teams: int, offset: int, set_of: object) -> Round:
    assert callable(set_of)
    return Round(
        number,
        tuple(
            Seating(t + 1, ns(t + 1), ew((t + offset) % teams + 1), set_of(t) + 1)
            for t in range(teams)
        ),
    )
