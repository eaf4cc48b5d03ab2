"""Team round robins: single, double and triple, for 3 to 30 teams (004:1746-1752).

The schedule is the Berger table (the one chess uses): with an even count n
(an odd count gets a bye, team n+1, whose opponent sits the round out), teams
1..n-1 sit on a circle and team n in the middle.  In round r teams i and j of
the circle meet when i + j = r + 1 (mod n-1), and team n meets the team i with
2i = r + 1 (mod n-1).  Home and away: team n is away in odd rounds and home
in even ones; of two circle teams the lower number is home when their
difference is odd.  Every team then has home and away within one of each
other.  A double round robin repeats the table with home and away exchanged;
a triple adds the first cycle again (004:1752).

As a movement, each match has two tables: the home team's NS pair against
the away team's EW pair at table 2m-1, the away NS against the home EW at
table 2m, both on the round's set (a relay).  Every match of a round plays
the same boards, so each table pair is a copy group with its own duplicate of
the set.
"""

from __future__ import annotations

from bridgedesk.errors import MovementError
from bridgedesk.movements.model import Movement, Round, Seating, ew, ns

MIN_TEAMS = 3
MAX_TEAMS = 30

Match = tuple[int, int]
"""(home team, away team)."""


def berger(teams: int) -> tuple[tuple[Match, ...], ...]:
    """One cycle of the Berger table: per round, its matches (home, away).

    With an odd count the bye (team ``teams + 1``) is left out of the matches.
    """
    if teams < 2:
        raise MovementError(f"a round robin needs at least 2 teams, not {teams}")
    n = teams + teams % 2
    circle = n - 1
    out: list[tuple[Match, ...]] = []
    for r in range(1, n):
        target = (r + 1) % circle
        matches: list[Match] = []
        for i in range(1, n):
            if (2 * i) % circle == target:
                matches.append((i, n) if r % 2 else (n, i))
            for j in range(i + 1, n):
                if (i + j) % circle == target:
                    matches.append((i, j) if (j - i) % 2 else (j, i))
        out.append(tuple(m for m in matches if n not in m or n == teams))
    return tuple(out)


def schedule(teams: int, cycles: int = 1) -> tuple[tuple[Match, ...], ...]:
    """``cycles`` (1-3) Berger cycles, the even cycles with home and away exchanged."""
    if not 1 <= cycles <= 3:
        raise MovementError(f"a round robin is single, double or triple (1-3), not {cycles}")
    base = berger(teams)
    out: list[tuple[Match, ...]] = []
    for c in range(cycles):
        for rnd in base:
            out.append(rnd if c % 2 == 0 else tuple((b, a) for a, b in rnd))
    return tuple(out)


def round_robin(teams: int, *, cycles: int = 1, boards_per_round: int = 8) -> Movement:
    """The round robin of ``teams`` teams as a team movement (two tables a match)."""
    if not MIN_TEAMS <= teams <= MAX_TEAMS:
        raise MovementError(
            f"a team round robin is for {MIN_TEAMS} to {MAX_TEAMS} teams, not {teams}"
        )
    rounds = schedule(teams, cycles)
    slots = teams // 2
    built: list[Round] = []
    for r, matches in enumerate(rounds, start=1):
        seats: list[Seating] = []
        playing: set[int] = set()
        for m, (home, away) in enumerate(sorted(matches, key=min), start=1):
            seats.append(Seating(2 * m - 1, ns(home), ew(away), r))
            seats.append(Seating(2 * m, ns(away), ew(home), r))
            playing |= {home, away}
        bye = [t for t in range(1, teams + 1) if t not in playing]
        built.append(Round(r, tuple(seats), tuple(p for t in bye for p in (ns(t), ew(t)))))
    name = {1: "single", 2: "double", 3: "triple"}[cycles]
    groups = tuple((2 * m - 1, 2 * m) for m in range(1, slots + 1))
    return Movement(
        kind="round-robin",
        tables=2 * slots,
        boards_per_round=boards_per_round,
        board_sets=len(rounds),
        winners=2,
        rounds=tuple(built),
        relay_groups=groups,
        copy_groups=groups,
        teams=True,
        notes=(
            f"{name} round robin, Berger table"
            + (f"; team {teams + 1} is the bye" if teams % 2 else ""),
            "home team NS at the odd table of its match; every match of a round plays "
            "the same boards (one copy per match)",
        ),
    )


def home_away(teams: int, cycles: int = 1) -> dict[int, tuple[int, int]]:
    """Each team's (home, away) match count over the schedule."""
    count = {t: [0, 0] for t in range(1, teams + 1)}
    for rnd in schedule(teams, cycles):
        for home, away in rnd:
            count[home][0] += 1
            count[away][1] += 1
    return {t: (h, a) for t, (h, a) in count.items()}
