"""Swiss teams pairing (004:1778-1797, 004:2658-2716) through ``bridgedesk swiss pair``."""

from __future__ import annotations

import itertools
import json
import random
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgedesk.cli import main
from bridgedesk.errors import FormatError, PairingError
from bridgedesk.events.swiss import (
    Rematch,
    SwissHistory,
    SwissMatch,
    SwissRound,
    SwissRule,
    SwissTeam,
    group_size,
    pair_round,
    ranking,
)
from bridgedesk.formats.swiss_history import loads


def _history(n: int, rounds: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"teams": [{"team": t, "seed": t} for t in range(1, n + 1)], "rounds": rounds or []}


def _cli_pair(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], history: dict[str, Any], *args: str
) -> dict[str, Any]:
    path = tmp_path / "history.json"
    path.write_text(json.dumps(history), encoding="utf-8")
    assert main(["swiss", "pair", str(path), *args, "--format", "json"]) == 0
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    return out


def _simulate(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    n: int,
    rounds: int,
    rule: str,
    rematch: str = "never",
    seed: int = 7,
) -> list[dict[str, Any]]:
    """Drive a whole Swiss through the command line with random VPs (WBF 20-point)."""
    rng = random.Random(seed)
    history = _history(n)
    draws = []
    for r in range(1, rounds + 1):
        extra = ["--last-round"] if r == rounds else []
        draw = _cli_pair(tmp_path, capsys, history, "--rule", rule, "--rematch", rematch, *extra)
        assert draw["round"] == r
        matches = []
        for m in draw["matches"]:
            home = rng.randint(0, 200) / 10
            matches.append({"home": m["home"], "away": m["away"], "vp": [home, 20 - home]})
        if draw["triangle"]:
            a, b, c = draw["triangle"]
            for x, y in ((a, b), (b, c), (c, a)):
                home = rng.randint(0, 100) / 10
                matches.append({"home": x, "away": y, "vp": [home, 10 - home]})
        history["rounds"].append({"round": r, "matches": matches, "triangle": draw["triangle"]})
        draws.append(draw)
    return draws


def _pairs(draw: dict[str, Any]) -> list[tuple[int, int]]:
    return [tuple(sorted((m["home"], m["away"]))) for m in draw["matches"]]  # type: ignore[misc]


def _no_rematch(draws: list[dict[str, Any]]) -> None:
    seen: set[frozenset[int]] = set()
    for d in draws:
        now = {frozenset(p) for p in _pairs(d)}
        if d["triangle"]:
            now |= {frozenset(c) for c in itertools.combinations(d["triangle"], 2)}
        assert not now & seen
        seen |= now


HALVES = [(i, i + 8) for i in range(1, 9)]  # 004:1780
QUARTERS = [(1, 5), (2, 6), (3, 7), (4, 8), (9, 13), (10, 14), (11, 15), (12, 16)]  # 004:1781


def test_rule_1_sixteen_teams(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    draws = _simulate(tmp_path, capsys, 16, 8, "jcbl-1")
    assert _pairs(draws[0]) == HALVES
    assert _pairs(draws[1]) == QUARTERS
    assert draws[2]["basis"] == "ranking after round 1"  # previous-but-one (004:2677)
    assert draws[7]["basis"] == "ranking after round 7"  # --last-round (004:2685)
    _no_rematch(draws)


def test_rule_2_sixteen_teams(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    draws = _simulate(tmp_path, capsys, 16, 8, "jcbl-2")
    assert _pairs(draws[0]) == HALVES  # 004:1783
    assert draws[1]["basis"] == "ranking after round 1"  # 004:1784
    _no_rematch(draws)


def test_rule_3_sixteen_teams(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    draws = _simulate(tmp_path, capsys, 16, 8, "jcbl-3")
    assert _pairs(draws[0]) == [(i, i + 1) for i in range(1, 16, 2)]  # 004:1786
    assert _pairs(draws[1]) == HALVES  # 004:1787
    assert [d["basis"] for d in draws[2:]] == [
        *(f"ranking after round {r}" for r in range(1, 6)),  # 004:1788
        "ranking after round 7",  # the last round on the previous one (004:1789)
    ]
    _no_rematch(draws)


def test_rule_2_ranks_on_the_previous_round() -> None:
    teams = tuple(SwissTeam(t, t) for t in range(1, 9))
    vps = {1: 3, 5: 17, 2: 10, 6: 10, 3: 12, 7: 8, 4: 16, 8: 4}
    r1 = SwissRound(
        1,
        tuple(SwissMatch(a, a + 4, (Decimal(vps[a]), Decimal(vps[a + 4]))) for a in range(1, 5)),
    )
    h = SwissHistory(teams, (r1,))
    # 5 (17), 4 (16), 3 (12), then 2 and 6 tie on 10: the better seed first
    assert ranking(h, 1) == [5, 4, 3, 2, 6, 7, 8, 1]
    p = pair_round(h, SwissRule.JCBL_2)
    # 5 v 4, 3 v 2, 6 v 7, 8 v 1: no rematch, so the natural pairing stands
    assert [tuple(sorted(m)) for m in p.matches] == [(4, 5), (2, 3), (6, 7), (1, 8)]
    # home: the team with fewer home matches (5 was away in round 1)
    assert p.matches[0] == (5, 4)


def test_eighteen_teams_round_2_in_groups_of_six() -> None:
    # 004:2683: 18 teams, three groups of six, 1 v 4, 2 v 5 ... 7 v 10 ...
    assert group_size(18) == 6 and group_size(16) == 8
    teams = tuple(SwissTeam(t, t) for t in range(1, 19))
    r1 = pair_round(SwissHistory(teams, ()), SwissRule.JCBL_1)
    assert r1.matches[0] == (1, 10)
    h = SwissHistory(teams, (SwissRound(1, tuple(SwissMatch(a, b) for a, b in r1.matches)),))
    r2 = pair_round(h, SwissRule.JCBL_1)
    expect = [(g + i, g + i + 3) for g in (1, 7, 13) for i in range(3)]
    assert [tuple(sorted(m)) for m in r2.matches] == expect


def test_seventeen_teams_triangle(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    draws = _simulate(tmp_path, capsys, 17, 7, "jcbl-1")
    # 004:2706: the last three by number, in round 2 the 4th-6th from last
    assert draws[0]["triangle"] == [15, 16, 17]
    assert draws[1]["triangle"] == [12, 13, 14]
    assert all(d["triangle"] is not None and len(d["matches"]) == 7 for d in draws)
    _no_rematch(draws)
    two = _cli_pair(tmp_path, capsys, _history(17), "--rule", "jcbl-2", "--triangle", "two-rounds")
    assert two["triangle"] == [15, 16, 17]


def test_two_round_triangle_continues() -> None:
    teams = tuple(SwissTeam(t, t) for t in range(1, 8))
    from bridgedesk.events.swiss import Triangle

    p1 = pair_round(SwissHistory(teams, ()), SwissRule.JCBL_2, triangle=Triangle.TWO_ROUNDS)
    played = tuple(SwissMatch(a, b, (Decimal(10), Decimal(10))) for a, b in p1.matches)
    h = SwissHistory(teams, (SwissRound(1, played, p1.triangle),))
    p2 = pair_round(h, SwissRule.JCBL_2, triangle=Triangle.TWO_ROUNDS)
    assert p2.triangle == p1.triangle == (5, 6, 7)
    assert sorted(t for m in p2.matches for t in m) == [1, 2, 3, 4]


def _ranked_history(n: int, met: list[tuple[int, int]]) -> SwissHistory:
    """Teams ranked 1..n after round 1 by VPs; ``met`` lists round-1 opponents."""
    teams = tuple(SwissTeam(t, t) for t in range(1, n + 1))
    vp = {t: Decimal(n - t) for t in range(1, n + 1)}
    r1 = SwissRound(1, tuple(SwissMatch(a, b, (vp[a], vp[b])) for a, b in met))
    return SwissHistory(teams, (r1,))


def test_rematch_changes_as_little_as_possible() -> None:
    # natural 1v2 is a rematch: 1 takes 3, then 2 v 4
    h = _ranked_history(4, [(1, 2), (3, 4)])
    assert pair_round(h, SwissRule.JCBL_2).matches == ((1, 3), (2, 4))
    # a greedy top-down pairing 1-2, 3-4 would strand 5 v 6 (a rematch):
    # the matching check makes 3 take 5 instead
    h = _ranked_history(6, [(1, 4), (2, 3), (5, 6)])
    pairs = [tuple(sorted(m)) for m in pair_round(h, SwissRule.JCBL_2).matches]
    assert pairs == [(1, 2), (3, 5), (4, 6)]


def test_rematch_rules() -> None:
    assert not Rematch.parse("not-consecutive").forbids([1], 3)
    assert Rematch.parse("not-consecutive").forbids([2], 3)
    assert Rematch.parse("until-round:4").forbids([1], 4)
    assert not Rematch.parse("until-round:4").forbids([1], 5)
    assert not Rematch.parse("allowed").forbids([1, 2], 3)
    with pytest.raises(PairingError, match="unknown rematch rule 'twice'"):
        Rematch.parse("twice")


def test_no_legal_pairing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 4 teams have met everybody after 3 rounds
    rounds = [
        {"round": r + 1, "matches": [{"home": a, "away": b, "vp": [10, 10]} for a, b in ms]}
        for r, ms in enumerate([[(1, 2), (3, 4)], [(1, 3), (2, 4)], [(1, 4), (2, 3)]])
    ]
    path = tmp_path / "h.json"
    path.write_text(json.dumps(_history(4, rounds)), encoding="utf-8")
    assert main(["swiss", "pair", str(path), "--rule", "jcbl-2"]) == 2
    err = capsys.readouterr().err
    assert err == (
        "error: round 4: no pairing of the 4 teams keeps the rematch rule 'never'; "
        "allow rematches or play fewer rounds\n"
    )
    assert main(["swiss", "pair", str(path), "--rule", "jcbl-2", "--rematch", "allowed"]) == 0
    assert (
        main(["swiss", "pair", str(path), "--rule", "jcbl-2", "--rematch", "not-consecutive"]) == 0
    )
    assert "table  1:   2 v 1" in capsys.readouterr().out  # 1 has been home more


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[]", "the top level must be an object"),
        ('{"rounds": []}', "missing teams"),
        (
            '{"teams": [{"team": 1}, {"team": 1}, {"team": 2}, {"team": 3}]}',
            "team 1 is listed twice",
        ),
        (
            '{"teams": [{"team": 1}, {"team": 2}, {"team": 3}, {"team": 4}], "rounds": '
            '[{"matches": [{"home": 1, "away": 9}, {"home": 2, "away": 3}]}]}',
            "rounds[0].matches[0].away: team 9 is not in teams",
        ),
        (
            '{"teams": [{"team": 1}, {"team": 2}, {"team": 3}, {"team": 4}], "rounds": '
            '[{"matches": [{"home": 1, "away": 2, "vp": [1]}, {"home": 3, "away": 4}]}]}',
            "rounds[0].matches[0].vp must be two numbers",
        ),
        (
            '{"teams": [{"team": 1}, {"team": 2}, {"team": 3}, {"team": 4}], "rounds": '
            '[{"matches": [{"home": 1, "away": 2}]}]}',
            "rounds[0]: team 3 plays 0 matches",
        ),
        ('{"teams": [{"team": "x"}]}', "teams[0].team must be a whole number"),
    ],
)
def test_bad_history(text: str, message: str) -> None:
    with pytest.raises(FormatError, match=r"h\.json") as exc:
        loads(text, "h.json")
    assert message in str(exc.value)
    assert "\n" not in str(exc.value)


def test_ranking_needs_scored_rounds() -> None:
    h = loads(
        json.dumps(_history(4, [{"matches": [{"home": 1, "away": 2}, {"home": 3, "away": 4}]}]))
    )
    with pytest.raises(PairingError, match="match 1 v 2 has no VPs yet"):
        pair_round(h, SwissRule.JCBL_2)
    # rule 1 pairs round 2 by seed, without round 1's VPs
    assert pair_round(h, SwissRule.JCBL_1).round == 2


def _legal_exists(teams: list[int], forbidden: set[frozenset[int]]) -> bool:
    """Brute force: can ``teams`` be paired (a triangle for an odd count) legally?"""
    if not teams:
        return True
    if len(teams) % 2:
        return any(
            all(frozenset(p) not in forbidden for p in itertools.combinations(trio, 2))
            and _legal_exists([t for t in teams if t not in trio], forbidden)
            for trio in itertools.combinations(teams, 3)
        )
    first, rest = teams[0], teams[1:]
    return any(
        frozenset((first, c)) not in forbidden
        and _legal_exists([t for t in rest if t != c], forbidden)
        for c in rest
    )


@settings(max_examples=40, deadline=None)
@given(
    n=st.integers(4, 60),
    rounds=st.integers(3, 12),
    rule=st.sampled_from(list(SwissRule)),
    rematch=st.sampled_from(["never", "not-consecutive", "until-round:4", "allowed"]),
    seed=st.integers(0, 10_000),
)
def test_property_pairings_are_legal(
    n: int, rounds: int, rule: SwissRule, rematch: str, seed: int
) -> None:
    """Every draw seats each team once (or in the triangle) and keeps the rematch rule;
    a refusal happens only when no legal pairing exists (brute force, small fields)."""
    rng = random.Random(seed)
    policy = Rematch.parse(rematch)
    teams = tuple(SwissTeam(t, rng.randint(1, n)) for t in range(1, n + 1))
    h = SwissHistory(teams, ())
    met: dict[frozenset[int], list[int]] = {}
    for r in range(1, rounds + 1):
        forbidden = {k for k, when in met.items() if policy.forbids(when, r)}
        try:
            p = pair_round(h, rule, policy, last_round=r == rounds)
        except PairingError:
            if n <= 10:
                assert not _legal_exists(list(range(1, n + 1)), forbidden)
            return
        seated = [t for m in p.matches for t in m] + list(p.triangle or ())
        assert sorted(seated) == list(range(1, n + 1))
        assert (p.triangle is not None) == (n % 2 == 1)
        now = [frozenset(m) for m in p.matches]
        if p.triangle:
            now += [frozenset(c) for c in itertools.combinations(p.triangle, 2)]
        assert not set(now) & forbidden
        played = []
        for a, b in p.matches:
            x = Decimal(rng.randint(0, 20))
            played.append(SwissMatch(a, b, (x, 20 - x)))
        if p.triangle:
            a, b, c = p.triangle
            played += [
                SwissMatch(a, b, (Decimal(5), Decimal(5))),
                SwissMatch(b, c),
                SwissMatch(c, a),
            ]
            played = [
                m if m.vp else SwissMatch(m.home, m.away, (Decimal(5), Decimal(5))) for m in played
            ]
        for k in now:
            met.setdefault(k, []).append(r)
        h = SwissHistory(teams, (*h.rounds, SwissRound(r, tuple(played), p.triangle)))
