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
        raise MovementError(
            "a round robin needs at least 2 teams, not {teams}",
            code="movement.round-robin-teams",
            teams=teams,
        )
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
        raise MovementError(
            "a round robin is single, double or triple (1-3), not {cycles}",
            code="movement.round-robin-cycles",
            cycles=cycles,
        )
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
            "a team round robin is for {min_teams} to {max_teams} teams, not {teams}",
            code="movement.team-round-robin-teams",
            min_teams=MIN_TEAMS,
            max_teams=MAX_TEAMS,
            teams=teams,
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


def pair_round_robin(teams: int, *, boards_per_round: int = 5) -> Movement:
    """The pair round robin (TP2S, 004:3398-3410, 004:3427) for an even number of teams.

    Each pair meets both pairs of every other team, one in each session.
    Session 1 (rounds 1..n-1) is the round robin above: NS pair 1 of the home
    team against EW pair 2 of the away team, and the other way round at the
    match's second table.  Session 2 plays the same Berger table again with
    the away team's pairs changing seats: the home team's pair 1 (NS) meets
    the away team's pair 1 (EW), and the away team's pair 2 (NS) the home
    team's pair 2 (EW), on a new set.  Each team's two pairs still sit in
    opposite directions on every set, so the match scores compare directly,
    and every pair meets every pair but its teammate once, which also gives a
    pair ranking (SRR teams + pairs, 004:2633-2655).  Team n's pairs are
    ``NS n`` (pair 1) and ``EW n`` (pair 2) whichever seat they take.
    """
    if teams % 2 or not 4 <= teams <= MAX_TEAMS:
        raise MovementError(
            "this pair round robin is for an even number of teams, 4 to {max_teams}, "
            "not {teams}; odd counts: movements.pair_round_robin_odd",
            code="movement.pair-round-robin-teams",
            max_teams=MAX_TEAMS,
            teams=teams,
        )
    one = round_robin(teams, boards_per_round=boards_per_round)
    later: list[Round] = []
    for rnd in one.rounds:
        seats: list[Seating] = []
        for home_seat, away_seat in zip(rnd.seatings[::2], rnd.seatings[1::2], strict=True):
            home, away = home_seat.ns.number, away_seat.ns.number
            k = rnd.number + one.round_count
            seats.append(Seating(home_seat.table, ns(home), ns(away), k))
            seats.append(Seating(away_seat.table, ew(away), ew(home), k))
        later.append(Round(rnd.number + one.round_count, tuple(seats)))
    return Movement(
        kind="pair-round-robin",
        tables=one.tables,
        boards_per_round=boards_per_round,
        board_sets=2 * one.board_sets,
        winners=2,
        rounds=(*one.rounds, *later),
        relay_groups=one.relay_groups,
        copy_groups=one.copy_groups,
        teams=True,
        notes=(
            f"session 1, rounds 1-{one.round_count}: pair 1 NS, pair 2 EW; home NS at the "
            "odd table of its match",
            f"session 2, rounds {one.round_count + 1}-{2 * one.round_count}: the away team's "
            "pairs change seats (its pair 1 sits EW, pair 2 NS)",
            "every pair meets every pair but its teammate once: a pair ranking too (004:2633-2655)",
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
