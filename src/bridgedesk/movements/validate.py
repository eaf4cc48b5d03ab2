"""Checking a movement: every rule problem is returned in a list, never raised.

The checks follow what the Director Manual asks a director to verify on a
master sheet (004:836-838, 004:1144-1160): nobody at two tables at once, no
board set played twice by a pair, no set at two tables unless they relay, every
board played the same number of times (else the tops differ, 004:2267),
no pair meeting another twice, NS/EW balanced, and arrow switches that keep
the fields comparable.  A team movement gets the team checks of
:mod:`~bridgedesk.movements.team_checks` instead of the equal-plays and
meet-once checks.
"""

from __future__ import annotations

from collections import Counter, defaultdict

from bridgedesk.bridge import Side
from bridgedesk.errors import Location
from bridgedesk.movements.model import Movement, Pair
from bridgedesk.movements.problems import ERROR, WARNING, Problem, errors
from bridgedesk.movements.team_checks import team_problems

__all__ = ["ERROR", "WARNING", "Problem", "errors", "validate"]


def validate(movement: Movement) -> list[Problem]:
    """All rule problems of ``movement`` (empty when it can be played as it stands)."""
    problems: list[Problem] = []
    problems += _structure(movement)
    problems += _declared_size(movement)
    problems += _per_round(movement)
    problems += _sets_per_pair(movement)
    if movement.teams:
        problems += team_problems(movement)
    else:
        problems += _plays_per_set(movement)
        problems += _meetings(movement)
    problems += _directions(movement)
    problems += _arrow_switches(movement)
    return problems


def _structure(m: Movement) -> list[Problem]:
    out: list[Problem] = []
    for i, rnd in enumerate(m.rounds, start=1):
        if rnd.number != i:
            out.append(
                Problem(
                    "round-number",
                    f"rounds must be numbered 1..{m.round_count} in order; found {rnd.number}",
                    where=Location(round=rnd.number),
                )
            )
        for s in rnd.seatings:
            here = Location(round=rnd.number, table=s.table)
            if not 1 <= s.table <= m.tables:
                out.append(
                    Problem(
                        "table-range", f"table {s.table} is not one of 1..{m.tables}", where=here
                    )
                )
            if not 1 <= s.board_set <= m.board_sets:
                out.append(
                    Problem(
                        "set-range",
                        f"board set {s.board_set} is not one of 1..{m.board_sets}",
                        where=here,
                    )
                )
            if s.ns == s.ew:
                out.append(Problem("self", f"pair {s.ns} plays against itself", where=here))
        tables = Counter(s.table for s in rnd.seatings)
        for table, n in sorted(tables.items()):
            if n > 1:
                out.append(
                    Problem(
                        "table-twice",
                        f"table {table} is given {n} seatings",
                        where=Location(round=rnd.number, table=table),
                    )
                )
    return out


def _declared_size(m: Movement) -> list[Problem]:
    """The size the movement declares is the size its rounds use.

    A master sheet's heading names its tables (004:836-838); a table that no
    round seats anyone at is a heading that disagrees with the body (e.g. a
    4-table body declared as 99 tables), not a table to set up.
    """
    if not m.rounds:
        return [Problem("no-rounds", f"the movement declares {m.tables} tables but no rounds")]
    used = {s.table for _, s in m.seatings()}
    unused = [t for t in range(1, m.tables + 1) if t not in used]
    if not unused:
        return []
    return [
        Problem(
            "unused-tables",
            f"the movement declares {m.tables} tables but no round seats anyone at "
            f"{_spans(unused)}; its rounds use {len(used & set(range(1, m.tables + 1)))} "
            "tables: correct the declared size",
        )
    ]


def _spans(numbers: list[int]) -> str:
    """``table 5`` or ``tables 5-99`` or ``tables 2, 5-7`` for sorted numbers."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    text = ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)
    return ("table " if len(numbers) == 1 else "tables ") + text


def _per_round(m: Movement) -> list[Problem]:
    out: list[Problem] = []
    relay_of: dict[int, int] = {}
    for gi, group in enumerate(m.relay_groups):
        for t in group:
            relay_of[t] = gi
    for rnd in m.rounds:
        where_pair: dict[Pair, list[int]] = defaultdict(list)
        for s in rnd.seatings:
            where_pair[s.ns].append(s.table)
            where_pair[s.ew].append(s.table)
        for pair, tables in sorted(where_pair.items(), key=lambda kv: kv[0].sort_key()):
            if len(tables) > 1:
                out.append(
                    Problem(
                        "pair-twice-in-round",
                        f"pair {pair} is at tables {', '.join(map(str, sorted(tables)))} at once",
                        where=Location(round=rnd.number),
                    )
                )
            if pair in rnd.sitout and not any(
                m.phantom in s.pairs() and pair in s.pairs() for s in rnd.seatings
            ):
                out.append(
                    Problem(
                        "sitout-plays",
                        f"pair {pair} is listed as sitting out but plays at table {tables[0]}",
                        where=Location(round=rnd.number),
                    )
                )
        copy_of = {t: gi for gi, g in enumerate(m.copy_groups) for t in g}
        by_set: dict[tuple[int, int], list[int]] = defaultdict(list)
        for s in rnd.seatings:
            by_set[(s.board_set, copy_of.get(s.table, -1))].append(s.table)
        for (board_set, _), tables in sorted(by_set.items()):
            if len(tables) < 2:
                continue
            groups = {relay_of.get(t, -t) for t in tables}
            if len(groups) > 1 or any(t not in relay_of for t in tables):
                out.append(
                    Problem(
                        "set-unrelayed",
                        f"board set {board_set} is at tables "
                        f"{', '.join(map(str, sorted(tables)))}, which do not relay",
                        where=Location(round=rnd.number),
                    )
                )
    return out


def _sets_per_pair(m: Movement) -> list[Problem]:
    out: list[Problem] = []
    played: dict[Pair, list[tuple[int, int]]] = defaultdict(list)
    for rnd_no, s in m.seatings():
        played[s.ns].append((s.board_set, rnd_no))
        played[s.ew].append((s.board_set, rnd_no))
    for pair in sorted(played, key=Pair.sort_key):
        if pair == m.phantom:
            continue
        first: dict[int, int] = {}
        for board_set, rnd_no in played[pair]:
            if board_set in first:
                out.append(
                    Problem(
                        "set-twice",
                        f"pair {pair} plays board set {board_set} "
                        f"in rounds {first[board_set]} and {rnd_no}",
                        where=Location(round=rnd_no),
                    )
                )
            else:
                first[board_set] = rnd_no
    return out


def plays_per_set(m: Movement) -> Counter[int]:
    """How many times each board set is actually played (phantom tables do not play)."""
    count: Counter[int] = Counter(dict.fromkeys(range(1, m.board_sets + 1), 0))
    for _, s in m.seatings():
        if m.phantom not in s.pairs():
            count[s.board_set] += 1
    return count


def _plays_per_set(m: Movement) -> list[Problem]:
    count = plays_per_set(m)
    values = set(count.values())
    if len(values) <= 1:
        return []
    detail = ", ".join(f"set {k}: {n}" for k, n in sorted(count.items()))
    # A phantom, a rover or a sit-out makes unequal tops by design (the 1.5-table
    # appendix on a skip base, 004:1130); the seed scores them by factoring
    # (004:1290-1320), so a difference of one play is only a warning.
    sits_out = any(r.sitout for r in m.rounds)
    severity = WARNING if (m.phantom is not None or m.rover is not None or sits_out) else ERROR
    if max(values) - min(values) > 1:
        severity = ERROR
    return [
        Problem(
            "unequal-plays",
            f"board sets are not played equally often, so the tops differ ({detail})",
            severity=severity,
        )
    ]


def _meetings(m: Movement) -> list[Problem]:
    out: list[Problem] = []
    met: dict[frozenset[Pair], int] = {}
    for rnd_no, s in m.seatings():
        key = frozenset(s.pairs())
        if m.phantom in key:
            continue
        if key in met and met[key] != rnd_no:
            a, b = sorted(key, key=Pair.sort_key)
            out.append(
                Problem(
                    "meet-twice",
                    f"pairs {a} and {b} meet in rounds {met[key]} and {rnd_no}",
                    where=Location(round=rnd_no, table=s.table),
                )
            )
        else:
            met[key] = rnd_no
    return out


def _directions(m: Movement) -> list[Problem]:
    out: list[Problem] = []
    if m.winners == 2:
        ns_field = {p for p in m.pairs() if p.side is Side.NS}
        ew_field = {p for p in m.pairs() if p.side is Side.EW}
        if not ns_field or not ew_field or any(p.side is None for p in m.pairs()):
            out.append(
                Problem(
                    "fields",
                    "a two-winner movement needs every pair in the NS or the EW field",
                )
            )
        for rnd_no, s in m.seatings():
            if s.arrow_switch or m.teams:
                # a team's pairs may take either seat (the pair round robin);
                # the team checks compare the teams by the seats they take
                continue
            if s.ns.side is Side.EW or s.ew.side is Side.NS:
                out.append(
                    Problem(
                        "wrong-field",
                        f"pairs {s.ns} and {s.ew} sit in the wrong direction for their fields",
                        where=Location(round=rnd_no, table=s.table),
                    )
                )
        return out
    counts: dict[Pair, list[int]] = defaultdict(lambda: [0, 0])
    for _, s in m.seatings():
        counts[s.ns][0] += 1
        counts[s.ew][1] += 1
    stationary = set(m.stationary_pairs())
    for pair in sorted(counts, key=Pair.sort_key):
        if pair in stationary or pair == m.phantom:
            continue
        n_ns, n_ew = counts[pair]
        if abs(n_ns - n_ew) > max(1, (n_ns + n_ew) // 4):
            out.append(
                Problem(
                    "ns-ew-imbalance",
                    f"pair {pair} sits NS {n_ns} times and EW {n_ew} times",
                    severity=WARNING,
                )
            )
    return out


def _arrow_switches(m: Movement) -> list[Problem]:
    out: list[Problem] = []
    switched = [(r, s) for r, s in m.seatings() if s.arrow_switch]
    if not switched:
        return out
    if m.winners == 2:
        r, s = switched[0]
        out.append(
            Problem(
                "arrow-two-fields",
                "an arrow switch mixes the NS and EW fields of a two-winner movement; "
                "score it as one field (winners 1) or remove the switch",
                where=Location(round=r, table=s.table),
            )
        )
        return out
    # In a relay the tables sharing a set must face the same way, or the
    # same board is compared between pairs of the two fields in one round.
    relay_of = {t: gi for gi, g in enumerate(m.relay_groups) for t in g}
    for rnd in m.rounds:
        by_group: dict[tuple[int, int], set[bool]] = defaultdict(set)
        for s in rnd.seatings:
            if s.table in relay_of:
                by_group[(relay_of[s.table], s.board_set)].add(s.arrow_switch)
        for (_, board_set), flags in sorted(by_group.items()):
            if len(flags) > 1:
                out.append(
                    Problem(
                        "arrow-relay",
                        f"board set {board_set} is relayed between tables facing "
                        "different ways; switch both tables or neither",
                        where=Location(round=rnd.number),
                    )
                )
    return out
