"""Swiss teams: the next round's pairings from the rounds played so far.

The JCBL allows three rules at its events (004:1778-1789, shown for 16 teams);
004:2658-2697 explains them for any number of teams.

``jcbl-1``
    Round 1 by seed, the field cut in halves: 1 v 9, 2 v 10 ... 8 v 16.  Round
    2 by seed in groups: 1 v 5 ... 4 v 8, 9 v 13 ... 12 v 16.  From round 3 by
    the ranking after the round before the previous one, 1 v 2, 3 v 4 ...
    (004:1780-1782, 004:2677-2683), so the draw for a round is known while the
    previous round is still in play.
``jcbl-2``
    Round 1 as ``jcbl-1``; from round 2 by the ranking after the previous
    round (004:1783-1784, 004:2668-2675).
``jcbl-3``
    The team numbers are drawn at random; round 1 by number 1 v 2, 3 v 4 ...;
    round 2 by number in halves 1 v 9 ...; then by the ranking before the
    previous round; the last round by the ranking after the previous one
    (004:1785-1789).

Generalised (004:2675, 004:2683): the halves are 1 v n/2+1 ...; round 2's
groups are the fewest equal groups, at least two, of an even size (two groups
of 8 for 16 teams, three of 6 for 18, 004:2683), teams i and i + size/2 of a
group meeting.  ``last_round`` draws a ``jcbl-1`` last round on the previous
round too (004:2685); ``jcbl-3`` always does.

Ranking: total VPs, ties broken by the better seed (``jcbl-3``: the lower
team number), then the lower team number.

Odd fields play a triangle of three teams (004:1790-1792, 004:2698-2716): in
a seeded round the last three by number (in round 2 of ``jcbl-1`` and
``jcbl-3`` the 4th-6th from last, 004:2706); in a ranked round the lowest
three of the lower half among those that have played the fewest triangles
when there are three such, else the three lowest placed of the whole field
among those with the fewest triangles (so no team plays a second triangle
while three teams have played fewer: the limit 004:2714-2715 asks the
director to announce, and common practice), always three that can be paired.  With
``Triangle.TWO_ROUNDS`` the triangle chosen in an odd round plays on in the
next round (004:2708-2713).

Rematches (004:1793-1797, 004:2687-2697): ``never``, ``not-consecutive``
(not the opponent of the previous round), ``until-round:R`` (none in rounds
1..R) or ``allowed``.  When the natural pairing breaks the rule it is changed
as little as possible: the top unpaired team takes the first legal opponent in
its order of preference (the next below it in the ranking; in a seeded round
its seeded opponent, then the teams nearest that one), but only if the rest
of the field can still be paired legally, which a maximum matching in the
graph of legal pairs decides (:mod:`bridgedesk.events.matching`).  So the
search never dead-ends, and when no legal pairing exists at all it says so.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum

from bridgedesk.errors import PairingError
from bridgedesk.events.matching import has_perfect_matching


class SwissRule(Enum):
    JCBL_1 = "jcbl-1"
    JCBL_2 = "jcbl-2"
    JCBL_3 = "jcbl-3"


class Triangle(Enum):
    """How an odd field's triangle plays (004:2700-2713)."""

    ONE_ROUND = "one-round"
    TWO_ROUNDS = "two-rounds"


@dataclass(frozen=True)
class Rematch:
    """When two teams may meet again (004:2689-2694).

    ``kind`` is ``never``, ``not-consecutive``, ``until-round`` (no rematch in
    rounds 1..``until``) or ``allowed``.
    """

    kind: str = "never"
    until: int = 0

    @classmethod
    def parse(cls, text: str) -> Rematch:
        if text in ("never", "not-consecutive", "allowed"):
            return cls(text)
        name, sep, value = text.partition(":")
        if (
            name == "until-round"
            and sep
            and (value.isascii() and value.isdigit())
            and int(value) >= 1
        ):
            return cls("until-round", int(value))
        raise PairingError(
            "unknown rematch rule {text!r}; use never, not-consecutive, until-round:R or allowed",
            code="swiss.unknown-rematch-rule",
            text=text,
        )

    def forbids(self, met_in: Sequence[int], round_number: int) -> bool:
        """Whether teams that met in rounds ``met_in`` may not meet in ``round_number``."""
        if not met_in or self.kind == "allowed":
            return False
        if self.kind == "never":
            return True
        if self.kind == "not-consecutive":
            return round_number - 1 in met_in
        return round_number <= self.until

    def __str__(self) -> str:
        return f"until-round:{self.until}" if self.kind == "until-round" else self.kind


@dataclass(frozen=True)
class SwissTeam:
    team: int
    seed: int


@dataclass(frozen=True)
class SwissMatch:
    """A match played; ``vp`` is None while it is not scored yet."""

    home: int
    away: int
    vp: tuple[Decimal, Decimal] | None = None


@dataclass(frozen=True)
class SwissRound:
    number: int
    matches: tuple[SwissMatch, ...]
    triangle: tuple[int, int, int] | None = None


@dataclass(frozen=True)
class SwissHistory:
    teams: tuple[SwissTeam, ...]
    rounds: tuple[SwissRound, ...]

    def team_numbers(self) -> tuple[int, ...]:
        return tuple(t.team for t in self.teams)


@dataclass(frozen=True)
class Pairing:
    """The draw for one round: matches (home, away) by table, and the triangle."""

    round: int
    matches: tuple[tuple[int, int], ...]
    triangle: tuple[int, int, int] | None = None
    basis: str = ""


def ranking(history: SwissHistory, after: int, *, by_number: bool = False) -> list[int]:
    """Teams in order after round ``after``: total VPs, then seed (or number), then number."""
    total = {t.team: Decimal(0) for t in history.teams}
    for rnd in history.rounds[:after]:
        for m in rnd.matches:
            if m.vp is None:
                raise PairingError(
                    "round {round}: the match {home} v {away} has no VPs yet, and the "
                    "ranking after round {after} needs them",
                    code="swiss.no-vps",
                    round=rnd.number,
                    home=m.home,
                    away=m.away,
                    after=after,
                )
            total[m.home] += m.vp[0]
            total[m.away] += m.vp[1]
    seed = {t.team: (t.team if by_number else t.seed) for t in history.teams}
    return sorted(total, key=lambda t: (-total[t], seed[t], t))


def _meetings(history: SwissHistory) -> dict[frozenset[int], list[int]]:
    met: dict[frozenset[int], list[int]] = {}
    for rnd in history.rounds:
        for m in rnd.matches:
            met.setdefault(frozenset((m.home, m.away)), []).append(rnd.number)
        if rnd.triangle is not None:
            for a, b in itertools.combinations(rnd.triangle, 2):
                rounds = met.setdefault(frozenset((a, b)), [])
                if rnd.number not in rounds:
                    rounds.append(rnd.number)
    return met


def halves(order: Sequence[int]) -> list[tuple[int, int]]:
    """1 v n/2+1, 2 v n/2+2 ... (004:1780, 004:2675)."""
    h = len(order) // 2
    return [(order[i], order[i + h]) for i in range(h)]


def group_size(n: int) -> int:
    """The size of round 2's groups: the fewest equal groups (two or more) of even size."""
    for groups in range(2, n // 2 + 1):
        if n % groups == 0 and (n // groups) % 2 == 0:
            return n // groups
    return n


def groups(order: Sequence[int]) -> list[tuple[int, int]]:
    """Round 2 of ``jcbl-1``: 1 v 5 ... for 16 teams, 1 v 4 ... in sixes for 18 (004:2683)."""
    size = group_size(len(order))
    out: list[tuple[int, int]] = []
    for start in range(0, len(order), size):
        g = order[start : start + size]
        out += halves(g)
    return out


def adjacent(order: Sequence[int]) -> list[tuple[int, int]]:
    """1 v 2, 3 v 4 ... (004:1782)."""
    return [(order[i], order[i + 1]) for i in range(0, len(order) - 1, 2)]


def pair_round(
    history: SwissHistory,
    rule: SwissRule,
    rematch: Rematch = Rematch(),
    *,
    last_round: bool = False,
    triangle: Triangle = Triangle.ONE_ROUND,
) -> Pairing:
    """The pairing of the round after the last one in ``history``."""
    r = len(history.rounds) + 1
    for i, rnd in enumerate(history.rounds, start=1):
        if rnd.number != i:
            raise PairingError(
                "the rounds must be numbered 1, 2, ... in order; found {round}",
                code="swiss.round-numbering",
                round=rnd.number,
            )
    by_number = rule is SwissRule.JCBL_3
    seed_order = [
        t.team
        for t in sorted(history.teams, key=lambda t: (t.team, 0) if by_number else (t.seed, t.team))
    ]
    met = _meetings(history)

    def allowed(a: int, b: int) -> bool:
        return not rematch.forbids(met.get(frozenset((a, b)), []), r)

    seeded: Callable[[Sequence[int]], list[tuple[int, int]]] | None = None
    if r == 1:
        seeded = adjacent if rule is SwissRule.JCBL_3 else halves
        basis = "round 1 by " + ("team number" if by_number else "seed")
        order = seed_order
    elif r == 2 and rule is not SwissRule.JCBL_2:
        seeded = halves if rule is SwissRule.JCBL_3 else groups
        basis = "round 2 by " + ("team number" if by_number else "seed")
        order = seed_order
    else:
        previous = rule is SwissRule.JCBL_2 or last_round
        after = r - 1 if previous else r - 2
        order = ranking(history, after, by_number=by_number)
        basis = f"ranking after round {after}"
    trio = _continuing_triangle(history, r, triangle)
    if trio is None and len(order) % 2:
        trio = _choose_triangle(history, order, r, seeded is not None, allowed)
    field = [t for t in order if trio is None or t not in trio]
    natural = seeded(field) if seeded is not None else adjacent(field)
    matches = pair_preferring(field, natural, allowed, ranked=seeded is None)
    if matches is None:
        raise PairingError(
            "round {round}: no pairing of the {teams} teams keeps the rematch rule "
            "'{rematch}'; allow rematches or play fewer rounds",
            code="swiss.no-pairing",
            round=r,
            teams=len(field),
            rematch=rematch,
        )
    return Pairing(r, _home_away(history, matches), trio, basis)


def _continuing_triangle(
    history: SwissHistory, r: int, mode: Triangle
) -> tuple[int, int, int] | None:
    if mode is not Triangle.TWO_ROUNDS or r % 2 == 1 or not history.rounds:
        return None
    return history.rounds[-1].triangle


def _choose_triangle(
    history: SwissHistory,
    order: list[int],
    r: int,
    seeded: bool,
    allowed: Callable[[int, int], bool],
) -> tuple[int, int, int]:
    def legal(trio: tuple[int, ...]) -> bool:
        if not all(allowed(a, b) for a, b in itertools.combinations(trio, 2)):
            return False
        rest = [t for t in order if t not in trio]
        return _feasible(rest, allowed)

    if seeded:
        # 004:2706: the last three by number; in round 2 the 4th-6th from last
        start = len(order) - 3 if r == 1 else len(order) - 6
        trio = tuple(order[max(start, 0) : max(start, 0) + 3])
        if legal(trio):
            return (trio[0], trio[1], trio[2])
    played = dict.fromkeys(order, 0)
    for rnd in history.rounds:
        for t in rnd.triangle or ():
            played[t] += 1
    bottom_up = list(reversed(order))
    lower_half = bottom_up[: max(3, len(order) // 2)]
    fewest = min(played[t] for t in lower_half)
    fresh = [t for t in lower_half if played[t] == fewest]
    pools = [fresh] if len(fresh) >= 3 else []
    # then the whole field, fewest triangles first and the lowest placed first among
    # equals: nobody plays a second triangle while three others have played fewer
    pools.append(sorted(bottom_up, key=lambda t: played[t]))
    for pool in pools:
        for trio in itertools.combinations(pool, 3):
            if legal(trio):
                ordered = sorted(trio, key=order.index)
                return (ordered[0], ordered[1], ordered[2])
    raise PairingError(
        "round {round}: no three teams can form a triangle under the rematch "
        "rule; allow rematches or play fewer rounds",
        code="swiss.no-triangle",
        round=r,
    )


def _feasible(teams: Sequence[int], allowed: Callable[[int, int], bool]) -> bool:
    index = {t: i for i, t in enumerate(teams)}
    adjacency = [[index[b] for b in teams if b != a and allowed(a, b)] for a in teams]
    return has_perfect_matching(adjacency)


def pair_preferring(
    field: list[int],
    natural: list[tuple[int, int]],
    allowed: Callable[[int, int], bool],
    *,
    ranked: bool,
) -> list[tuple[int, int]] | None:
    """Top-down: each top unpaired team takes its most preferred legal opponent
    that leaves a field which can still be paired."""
    if not _feasible(field, allowed):
        return None
    partner = dict(natural) | {b: a for a, b in natural}
    position = {t: i for i, t in enumerate(field)}
    left = list(field)
    out: list[tuple[int, int]] = []
    while left:
        top = left[0]
        rest = left[1:]
        if ranked:
            prefs = rest
        else:
            aim = position[partner[top]]
            prefs = sorted(rest, key=lambda t: (abs(position[t] - aim), position[t]))
        for c in prefs:
            if not allowed(top, c):
                continue
            remaining = [t for t in rest if t != c]
            if _feasible(remaining, allowed):
                out.append((top, c))
                left = remaining
                break
        else:  # pragma: no cover - excluded by the feasibility checks
            return None
    return out


def _home_away(
    history: SwissHistory, matches: list[tuple[int, int]]
) -> tuple[tuple[int, int], ...]:
    """The team with fewer home matches so far is home; on equal counts the higher placed."""
    home = {t.team: 0 for t in history.teams}
    for rnd in history.rounds:
        for m in rnd.matches:
            home[m.home] += 1
    return tuple((a, b) if home[a] <= home[b] else (b, a) for a, b in matches)
