"""Individual movements: partners change every round (004:1576-1614, 004:3070-3082).

Ideally everybody partners everybody once and meets everybody twice as an
opponent, once on each side (004:1584).  The master sheet lists the players of
each table in the order N, S, E, W (004:1592); Fig 20 is the 8-player sheet.

The movements here are cyclic: player ``M+1`` (when the count is a multiple of
4) stays at table 1 North, the others add one each round (mod ``M``), and
every table plays the round's board set (the sets are relayed between tables,
as in Fig 20, where each round has one column).  Round 1 is found by a
search over differences: each partner difference at most once, each
opponent difference at most twice.  For 8 players Fig 20's round 1 is used.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from bridgedesk.errors import Location, MovementError
from bridgedesk.movements.problems import WARNING, Problem

MIN_PLAYERS = 8
MAX_PLAYERS = 19

#: Fig 20 round 1 (004:1596-1597): N-S-E-W at tables 1 and 2; 8 is stationary.
FIG20: tuple[tuple[int, int, int, int], ...] = ((8, 1, 6, 2), (5, 7, 3, 4))


@dataclass(frozen=True)
class IndividualSeating:
    table: int
    north: int
    south: int
    east: int
    west: int
    board_set: int

    def players(self) -> tuple[int, int, int, int]:
        return (self.north, self.south, self.east, self.west)


@dataclass(frozen=True)
class IndividualRound:
    number: int
    seatings: tuple[IndividualSeating, ...]
    sitout: tuple[int, ...] = ()


@dataclass(frozen=True)
class IndividualMovement:
    players: int
    tables: int
    boards_per_round: int
    board_sets: int
    rounds: tuple[IndividualRound, ...]
    relay_groups: tuple[tuple[int, ...], ...] = ()
    notes: tuple[str, ...] = ()
    kind: str = "individual"

    @property
    def round_count(self) -> int:
        return len(self.rounds)

    def master_rows(self) -> list[list[str]]:
        """Per round, per table ``N-S-E-W`` (the layout of Fig 20)."""
        return [[f"{s.north}-{s.south}-{s.east}-{s.west}" for s in r.seatings] for r in self.rounds]


def _cls(a: int, b: int, m: int) -> int:
    d = (a - b) % m
    return min(d, m - d)


def _weight(c: int, m: int) -> int:
    # a difference of exactly m/2 yields every such couple twice over m rounds
    return 2 if 2 * c == m else 1


@lru_cache(maxsize=32)
def _starter(players: int) -> tuple[tuple[int, int, int, int], ...]:
    """Round 1 as 0-based residues; -1 is the stationary player.

    Fig 20 for 8 players; the others were found by :func:`search_starter` and
    are shipped in ``data/individual_starters.json``.
    """
    if players == 8:
        return tuple(tuple(-1 if p == 8 else p % 7 for p in t) for t in FIG20)  # type: ignore[misc]

    text = (
        resources.files("bridgedesk.movements")
        .joinpath("data/individual_starters.json")
        .read_text("utf-8")
    )
    stored: dict[str, list[list[int]]] = json.loads(text)["starters"]
    if str(players) in stored:
        return tuple(tuple(row) for row in stored[str(players)])  # type: ignore[misc]
    return search_starter(players)


def search_starter(players: int) -> tuple[tuple[int, int, int, int], ...]:
    """Search a cyclic round 1 for ``players`` players (deterministic)."""
    stationary = players % 4 == 0
    m = players - 1 if stationary else players
    tables = players // 4
    rng = random.Random(players)
    # Strictly (every opponent at most twice) first; 9 players have no such
    # cyclic round 1, so some meet three times and others once (a warning).
    for limit, attempts in ((2, 60), (3, 200)):
        for _ in range(attempts):
            seats: list[int] = [-1] if stationary else []
            pool = list(range(m))
            rng.shuffle(pool)
            if _fill(seats, pool, m, tables, rng, limit):
                return tuple(tuple(seats[4 * t : 4 * t + 4]) for t in range(tables))  # type: ignore[misc]
    raise MovementError(
        "no individual movement found for {players} players",
        code="movement.no-individual-found",
        players=players,
    )


def _fill(
    seats: list[int], pool: list[int], m: int, tables: int, rng: random.Random, limit: int
) -> bool:
    partner: Counter[int] = Counter()
    opponent: Counter[int] = Counter()
    budget = [3000]

    def pos_ok(seats: list[int], x: int) -> list[tuple[str, int]] | None:
        i = len(seats)
        base = i - i % 4
        table = [*seats[base:], x]
        adds: list[tuple[str, int]] = []
        k = len(table) - 1
        partner_of = {1: 0, 3: 2}
        if x == -1:
            return adds
        if k in partner_of and table[partner_of[k]] != -1:
            adds.append(("p", _cls(x, table[partner_of[k]], m)))
        if k >= 2:
            for j in (0, 1):
                if table[j] != -1:
                    adds.append(("o", _cls(x, table[j], m)))
        return adds

    def go() -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            return False
        if len(seats) == 4 * tables:
            return True
        options = [x for x in pool if x not in seats]
        rng.shuffle(options)
        for x in options:
            adds = pos_ok(seats, x)
            if adds is None:
                continue
            if any(c == 0 for _, c in adds):
                continue
            p_new = Counter(c for kind, c in adds if kind == "p")
            o_new = Counter(c for kind, c in adds if kind == "o")
            if any((partner[c] + n) * _weight(c, m) > 1 for c, n in p_new.items()):
                continue
            if any((opponent[c] + n) * _weight(c, m) > limit for c, n in o_new.items()):
                continue
            seats.append(x)
            partner.update(p_new)
            opponent.update(o_new)
            if go():
                return True
            seats.pop()
            partner.subtract(p_new)
            opponent.subtract(o_new)
        return False

    return go()


def individual(
    players: int, *, rounds: int | None = None, boards_per_round: int = 2
) -> IndividualMovement:
    """The cyclic individual movement for ``players`` players (8 to 20)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise MovementError(
            "individual movements exist here for {min_players} to {max_players} "
            "players, not {players}",
            code="movement.individual-players",
            min_players=MIN_PLAYERS,
            max_players=MAX_PLAYERS,
            players=players,
        )
    if boards_per_round < 1:
        raise MovementError(
            "boards per round must be at least 1, not {boards_per_round}",
            code="movement.boards-per-round",
            boards_per_round=boards_per_round,
        )
    stationary = players % 4 == 0
    m = players - 1 if stationary else players
    if rounds is None:
        rounds = m
    if not 1 <= rounds <= m:
        raise MovementError(
            "{players} players play 1 to {most} rounds, not {rounds}",
            code="movement.individual-rounds",
            players=players,
            most=m,
            rounds=rounds,
        )
    starter = _starter(players)
    tables = len(starter)

    def label(x: int, r: int) -> int:
        return players if x == -1 else (x + r) % m or m

    out: list[IndividualRound] = []
    for r in range(rounds):
        seats = tuple(
            IndividualSeating(t, *(label(x, r) for x in row), board_set=r + 1)  # type: ignore[misc]
            for t, row in enumerate(starter, start=1)
        )
        playing = {p for s in seats for p in s.players()}
        out.append(
            IndividualRound(
                r + 1, seats, tuple(p for p in range(1, players + 1) if p not in playing)
            )
        )
    return IndividualMovement(
        players=players,
        tables=tables,
        boards_per_round=boards_per_round,
        board_sets=rounds,
        rounds=tuple(out),
        relay_groups=(tuple(range(1, tables + 1)),) if tables > 1 else (),
        notes=("every table plays the round's boards (relay them between tables)",),
    )


def validate_individual(mv: IndividualMovement) -> list[Problem]:
    """Rule problems of an individual movement (never raises)."""
    problems: list[Problem] = []
    partners: Counter[frozenset[int]] = Counter()
    opponents: Counter[frozenset[int]] = Counter()
    played: dict[int, set[int]] = {}
    relay = {t for g in mv.relay_groups for t in g}
    for rnd in mv.rounds:
        seen: Counter[int] = Counter()
        by_set: Counter[int] = Counter()
        for s in rnd.seatings:
            n, so, e, w = s.players()
            seen.update(s.players())
            by_set[s.board_set] += 1
            partners.update([frozenset((n, so)), frozenset((e, w))])
            opponents.update(frozenset((a, b)) for a in (n, so) for b in (e, w))
            for p in s.players():
                if s.board_set in played.setdefault(p, set()):
                    problems.append(
                        Problem(
                            "set-twice",
                            f"player {p} plays board set {s.board_set} twice",
                            where=Location(round=rnd.number, table=s.table),
                        )
                    )
                played[p].add(s.board_set)
        for p, n in seen.items():
            if n > 1 or p in rnd.sitout:
                problems.append(
                    Problem(
                        "player-twice-in-round",
                        f"player {p} is in two places",
                        where=Location(round=rnd.number),
                    )
                )
        for k, n in by_set.items():
            if n > 1 and not relay:
                problems.append(
                    Problem(
                        "set-unrelayed",
                        f"board set {k} is at {n} tables that do not relay",
                        where=Location(round=rnd.number),
                    )
                )
    for couple, n in sorted(partners.items(), key=lambda kv: sorted(kv[0])):
        if n > 1:
            a, b = sorted(couple)
            problems.append(
                Problem("partners-twice", f"players {a} and {b} are partners {n} times")
            )
    for couple, n in sorted(opponents.items(), key=lambda kv: sorted(kv[0])):
        if n > 2:
            a, b = sorted(couple)
            problems.append(
                Problem(
                    "opponents-often",
                    f"players {a} and {b} are opponents {n} times",
                    severity=WARNING,
                )
            )
    return problems
