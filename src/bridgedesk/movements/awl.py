"""The American Whist League (AWL) board-a-match movement for 5 to 51 teams.

004:1874-1971.  Every team has a home table whose number is the team number;
its NS pair stays there, its EW pair moves.  The basic move is "boards down,
EW pairs skip down" (004:1886-1894): boards go to the next lower table, EW
pairs two tables lower.  Before round 1 the boards are placed as a Mitchell's
passed once down (table t has set t+1) and the EW pairs make their first skip
(004:1890-1892).  There are teams - 1 rounds (004:1882).

Odd number of teams (Fig 21, 9 teams, 004:1896-1910): in round r the NS pair
of team t meets the EW pair of team t+2r on set t+r (modulo the team count).
The play ends when the EW pairs are two tables above home.  Rounds r and
teams-r are the two halves of one match: NS A v EW B, then NS B v EW A, on the
same set, so teammates play every board on both sides (004:1898).

Even number of teams 2k (Fig 22, 10 teams, 004:1912-1933): EW offsets can not
all be reached by skipping two, so the play is in three parts.

* Part 1, the even offsets but k, k-1 or k-2 rounds: boards down and EW skip
  down; at the half of the part comes the *crossover*: the EW pairs carry the
  boards they have just played to their home table, where their teammates
  play them next (004:1918; after round 2 for 10 teams).
* Part 2, the odd offsets but k: the boards are re-arranged and the EW pairs
  go to set tables, then boards down and EW skip down again (004:1920; after
  round 4 for 10 teams).
* The last round, offset k: tables t and t+k play the same relay boards,
  which are extra sets (004:1920).

These rules give Figs 21, 22 and 23 cell for cell.  Fig 22 prints its relay
round under set columns 1-5, but the NS pairs of teams 6-10 have already
played those sets in round 7, so the relay boards here are sets of their own
(11-15 for 10 teams), in the same order.

Rounds can be cut only in corresponding pairs (the two halves of the same
matches), except the relay round of an even count, which can go alone
(004:1937-1943).  Two sessions split the rounds into whole matches; for 15
teams session 1 is rounds 1-4 and 11-14, session 2 rounds 5-10 (004:1945-1953),
and at the join the EW pairs carry their boards home and move one table up
without a skip.
"""

from __future__ import annotations

from dataclasses import replace

from bridgedesk.errors import MovementError
from bridgedesk.movements.model import Movement, Round, Seating, ew, ns

MIN_TEAMS = 5
MAX_TEAMS = 51


def _layout(teams: int) -> list[list[tuple[int, int, int]]]:
    """Per round, per table (0-based): (table, EW team, set), all 0-based."""
    n = teams
    out: list[list[tuple[int, int, int]]] = []
    if n % 2:
        for r in range(1, n):
            out.append([(t, (t + 2 * r) % n, (t + r) % n) for t in range(n)])
        return out
    k = n // 2
    # part 1: offsets 2r (2r != k); before the crossover set t+r, after it t+r-k
    for r in range(1, k):
        if 2 * r == k:
            continue
        shift = r if 2 * r < k else r - k
        out.append([(t, (t + 2 * r) % n, (t + shift) % n) for t in range(n)])
    # part 2: the odd offsets but k, re-arranged boards moving down again
    first = k + 2 if k % 2 else k + 1
    count = k - 1 if k % 2 else k
    c = (k + 1) // 2
    for j in range(count):
        d = first + 2 * j
        out.append([(t, (t + d) % n, (t + j + c) % n) for t in range(n)])
    # the relay round: tables t and t+k share the relay set n + (t mod k)
    out.append([(t, (t + k) % n, n + t % k) for t in range(n)])
    return out


def awl(teams: int, *, boards_per_round: int = 2, rounds: int | None = None) -> Movement:
    """The AWL master sheet for ``teams`` teams; ``rounds`` cuts rounds (004:1937-1943)."""
    if not MIN_TEAMS <= teams <= MAX_TEAMS:
        raise MovementError(
            "the AWL movement is for {min_teams} to {max_teams} teams, not {teams}",
            code="movement.awl-teams",
            min_teams=MIN_TEAMS,
            max_teams=MAX_TEAMS,
            teams=teams,
        )
    layout = _layout(teams)
    relay = teams % 2 == 0
    k = teams // 2
    built = Movement(
        kind="awl",
        tables=teams,
        boards_per_round=boards_per_round,
        board_sets=teams + (k if relay else 0),
        winners=2,
        rounds=tuple(
            Round(
                r,
                tuple(Seating(t + 1, ns(t + 1), ew(e + 1), s + 1) for t, e, s in sorted(row)),
            )
            for r, row in enumerate(layout, start=1)
        ),
        relay_groups=tuple((t, t + k) for t in range(1, k + 1)) if relay else (),
        teams=True,
        notes=_notes(teams),
    )
    if rounds is None or rounds == built.round_count:
        return built
    return omit_rounds(built, _rounds_to_cut(built, rounds))


def _notes(teams: int) -> tuple[str, ...]:
    base = "NS pairs stay at home; boards down, EW pairs skip down (004:1894)"
    if teams % 2:
        return (base,)
    k = teams // 2
    part1 = k - 1 if k % 2 else k - 2
    cross = (k - 1) // 2 if k % 2 else k // 2 - 1
    return (
        base,
        f"after round {cross}: crossover, EW pairs take the boards just played to their "
        "home table (004:1918)",
        f"after round {part1}: boards re-arranged as on the sheet, EW pairs to their "
        "tables (004:1920)",
        f"last round: tables t and t+{k} play the same relay boards (004:1920)",
    )


def corresponding_rounds(m: Movement) -> dict[int, int]:
    """Each round and the round that plays the other half of its matches (004:1941).

    A relay round, where both halves are in the round itself, maps to itself.
    """
    meets: dict[frozenset[tuple[int, int]], int] = {}
    for rnd in m.rounds:
        meets[frozenset((s.ns.number, s.ew.number) for s in rnd.seatings)] = rnd.number
    out: dict[int, int] = {}
    for rnd in m.rounds:
        back = frozenset((s.ew.number, s.ns.number) for s in rnd.seatings)
        if back not in meets:
            raise MovementError(
                "round {round} has no corresponding round",
                code="movement.awl-no-corresponding-round",
                round=rnd.number,
            )
        out[rnd.number] = meets[back]
    return out


def _rounds_to_cut(m: Movement, rounds: int) -> list[int]:
    full = m.round_count
    if not 1 <= rounds < full:
        raise MovementError(
            "an AWL for {tables} teams has 1 to {full} rounds, not {rounds}",
            code="movement.awl-rounds",
            tables=m.tables,
            full=full,
            rounds=rounds,
        )
    partner = corresponding_rounds(m)
    cut = full - rounds
    out: list[int] = []
    singles = [r for r, p in partner.items() if r == p]
    if cut % 2:
        if not singles:
            raise MovementError(
                "an AWL for {tables} teams can only cut rounds in corresponding pairs "
                "(004:1941): play {fewer} or {more} rounds, not {rounds}",
                code="movement.awl-cut-in-pairs",
                tables=m.tables,
                fewer=rounds - 1,
                more=rounds + 1,
                rounds=rounds,
            )
        out.append(singles[0])
    for r in sorted(partner):
        if len(out) >= cut:
            break
        if partner[r] != r and r not in out:
            out += [r, partner[r]]
    return out


def omit_rounds(m: Movement, omit: list[int] | tuple[int, ...]) -> Movement:
    """``m`` without the rounds in ``omit``, renumbered; whole matches only (004:1941)."""
    partner = corresponding_rounds(m)
    gone = set(omit)
    for r in sorted(gone):
        if r not in partner:
            raise MovementError(
                "round {round} does not exist; rounds are 1..{rounds}",
                code="movement.awl-no-such-round",
                round=r,
                rounds=m.round_count,
            )
        if partner[r] not in gone:
            raise MovementError(
                "round {round} can not be cut without round {partner}: they are the two "
                "halves of the same matches (004:1941)",
                code="movement.awl-cut-both-halves",
                round=r,
                partner=partner[r],
            )
    kept = [r for r in m.rounds if r.number not in gone]
    return replace(
        m,
        rounds=tuple(replace(r, number=i) for i, r in enumerate(kept, start=1)),
        notes=(*m.notes, f"rounds {', '.join(map(str, sorted(gone)))} of the full sheet cut"),
    )


def session_split(m: Movement, first: int | None = None) -> tuple[list[int], list[int]]:
    """The rounds of each of two sessions, whole matches in each (004:1945-1953).

    Matches are taken in the order of their first round until session 1 has
    ``first`` rounds (default: half the rounds or just over); for 15 teams this
    gives rounds 1-4 and 11-14, then 5-10, the seed's split; ``first=6`` gives
    its other split, 1-3 and 12-14, then 4-11.
    """
    one, two = split_sessions(m, 2, first)
    return one, two


def split_sessions(m: Movement, sessions: int, first: int | None = None) -> list[list[int]]:
    """The rounds of each of ``sessions`` sessions, whole matches in each.

    Each session takes matches in the order of their first round until it has
    its share of the rounds left (or ``first`` rounds, for session 1).
    """
    partner = corresponding_rounds(m)
    classes: list[list[int]] = []
    for r in sorted(partner):
        if not any(r in c for c in classes):
            classes.append(sorted({r, partner[r]}))
    if not 1 <= sessions <= len(classes):
        raise MovementError(
            "an AWL of {rounds} rounds can be played in 1 to {most_sessions} "
            "sessions, not {sessions}",
            code="movement.awl-sessions",
            rounds=m.round_count,
            most_sessions=len(classes),
            sessions=sessions,
        )
    out: list[list[int]] = []
    left = m.round_count
    for i in range(sessions):
        if i == sessions - 1:
            share = left
        elif i == 0 and first is not None:
            share = first
        else:
            share = left // (sessions - i)
        rounds: list[int] = []
        while classes and len(rounds) < share and (len(classes) > sessions - i - 1):
            rounds += classes.pop(0)
        if i == 0 and first is not None and len(rounds) != first:
            raise MovementError(
                "session 1 of this AWL can not have exactly {first} rounds: each match's "
                "two rounds stay in one session (004:1949)",
                code="movement.awl-first-session-rounds",
                first=first,
            )
        if not rounds:
            raise MovementError(
                "session {session} would have no rounds",
                code="movement.awl-empty-session",
                session=i + 1,
            )
        left -= len(rounds)
        out.append(sorted(rounds))
    return out


def awl_sessions(
    teams: int, *, boards_per_round: int = 2, first: int | None = None, sessions: int = 2
) -> tuple[Movement, ...]:
    """The sessions of an AWL (Fig 23 for 15 teams in two), each a movement of its own."""
    m = awl(teams, boards_per_round=boards_per_round)
    parts = split_sessions(m, sessions, first)
    every = set(range(1, m.round_count + 1))
    return tuple(
        replace(
            omit_rounds(m, sorted(every - set(part))),
            notes=(*m.notes, f"session {i}: sheet rounds {_span(part)}"),
        )
        for i, part in enumerate(parts, start=1)
    )


def _span(rounds: list[int]) -> str:
    parts: list[str] = []
    start = prev = rounds[0]
    for r in [*rounds[1:], None]:
        if r is not None and r == prev + 1:
            prev = r
            continue
        parts.append(str(start) if start == prev else f"{start}-{prev}")
        if r is not None:
            start = prev = r
    return ", ".join(parts)
