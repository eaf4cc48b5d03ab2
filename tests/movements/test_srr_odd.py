"""The odd-count pair round robins and SRR teams + pairs (movements/pair_round_robin_odd.py):
the seed's rows 004:3381-3387 and 004:3400-3408 built, validated and checked pair by pair,
and why two AWL sessions cannot do it."""

from __future__ import annotations

import itertools
import json
from collections import Counter

import pytest

from bridgedesk.cli import main
from bridgedesk.errors import MovementError
from bridgedesk.movements import pair_round_robin_odd as odd
from bridgedesk.movements.model import ew, ns
from bridgedesk.movements.srr import SRR_PAIRS, SRR_TEAMS
from bridgedesk.movements.validate import validate

#: 004:3381-3387: tables -> (boards a round, boards used a session)
SEED_SRR_PAIRS = {5: (6, 30), 7: (4, 28), 9: (3, 27), 11: (3, 33)}


@pytest.mark.parametrize("teams", odd.ODD_TEAMS)
def test_every_pair_meets_both_pairs_of_every_other_team_once_a_session(teams: int) -> None:
    m = odd.pair_round_robin_odd(teams)
    assert validate(m) == []
    per = teams - 1
    assert m.tables == teams and m.round_count == 2 * per  # 004:3381-3387: (T-1) + (T-1)
    assert m.boards_per_round == SEED_SRR_PAIRS[teams][0]
    for session in (0, 1):
        rounds = m.rounds[session * per : (session + 1) * per]
        met: Counter[tuple[object, int]] = Counter()
        for rnd in rounds:
            # nobody sits out, each team NS at its home table, one set a table
            assert len(rnd.seatings) == teams and not rnd.sitout
            assert all(s.ns.number == s.table for s in rnd.seatings)
            assert len({s.board_set for s in rnd.seatings}) == teams
            for s in rnd.seatings:
                met[(s.ns, s.ew.number)] += 1
                met[(s.ew, s.ns.number)] += 1
        # in a session each pair meets exactly one pair of every other team
        assert set(met.values()) == {1} and len(met) == 2 * teams * (teams - 1)
    both = Counter(frozenset((s.ns, s.ew)) for _, s in m.seatings())
    pairs = [p for t in range(1, teams + 1) for p in (ns(t), ew(t))]
    assert set(both.values()) == {1}
    assert set(both) == {
        frozenset((a, b)) for a, b in itertools.combinations(pairs, 2) if a.number != b.number
    }
    # session 1 uses the seed's boards: T sets of the seed's boards a round
    first = {s.board_set for r in m.rounds[:per] for s in r.seatings}
    assert len(first) * m.boards_per_round == SEED_SRR_PAIRS[teams][1]


def test_two_awl_sessions_cannot_be_seated() -> None:
    """The module's reason for a second schedule: with the AWL in both sessions the
    seating equations have no solution (the cycle of each offset is odd)."""
    for n in (5, 7, 9):
        one = odd._awl_session(n)
        two = [odd._Half(1, h.round, h.ns, h.ew, h.board_set + n) for h in one]
        plays = odd._plays([*one, *two])
        assert odd._solve(plays, odd._match_groups(plays)) is None
        plays = odd._plays([*one, *odd._square_session(n)])
        assert odd._solve(plays, odd._match_groups(plays)) is not None


def test_only_the_three_team_pair_round_robin_is_left() -> None:
    """Of the 33 rows only 004:3398 (3 teams, TP2S) has no bridgedesk sheet: a round of
    three teams is one 3-cycle, which the cycle rule cannot seat (module doc)."""
    missing = [r.source for r in (*SRR_TEAMS, *SRR_PAIRS) if r.kind is None]
    assert missing == ["004:3398"]
    assert len(SRR_PAIRS) == 8 and all(r.kind == "srr-pairs" for r in SRR_PAIRS)


def test_no_three_team_pair_round_robin_exists() -> None:
    """004:3398 (3 teams, TP2S) cannot be seated (module doc, steps 1-3), checked here
    by enumeration rather than by the argument."""
    teams = range(3)
    # steps 1-2: every round (either direction, any seating) has an odd number of
    # crossed halves, and all three matches in it
    for step in (1, 2):
        for x in itertools.product((0, 1), repeat=3):
            halves = [(t, (t + step) % 3) for t in teams]
            assert {frozenset(h) for h in halves} == {
                frozenset(m) for m in itertools.combinations(teams, 2)
            }
            crossed = sum(1 for t, u in halves if x[t] == x[u])  # NS x_t v EW 1 - x_u
            assert crossed % 2 == 1
    # step 3: the matches' kinds in session 1 (1 = crossed) must sum odd in every
    # round of it, and the opposite kinds of session 2 too: no choice does both
    kinds = [k for k in itertools.product((0, 1), repeat=3)
             if sum(k) % 2 == 1 and sum(1 - c for c in k) % 2 == 1]  # fmt: skip
    assert kinds == []
    with pytest.raises(MovementError, match="not 3"):
        odd.pair_round_robin_odd(3)


def test_srr_pairs_through_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["movement", "show", "srr-pairs", "--teams", "7", "--sessions", "2"]
    assert main([*args, "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [s["rounds"] for s in data["sessions"]] == [6, 6]
    assert data["sessions"][0]["boards_per_round"] == 4
    assert main(["movement", "check", "srr-pairs", "--teams", "11", "--sessions", "2"]) == 0
    assert "no errors" in capsys.readouterr().out
    assert main(["movement", "show", "srr-pairs", "--teams", "12"]) == 2
    assert "SRR teams + pairs is for 4 to 11 teams" in capsys.readouterr().err
    assert main(["movement", "show", "pair-round-robin", "--teams", "3"]) == 2
    capsys.readouterr()
    assert main(["movement", "recommend", "--teams", "9"]) == 0
    out = capsys.readouterr().out
    assert "movement show srr-pairs --teams 9 --sessions 2" in out
    assert "movement show pair-round-robin --teams 9 --sessions 2" in out
