"""Mirror Mitchell (004:3676-3703), stagger (004:3705-3737) and Berger round robins."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from pathlib import Path

import pytest

from bridgedesk.cli import main
from bridgedesk.errors import MovementError
from bridgedesk.formats import movement_json
from bridgedesk.movements.awl import corresponding_rounds
from bridgedesk.movements.mirror_mitchell import (
    TEAMS,
    mirror_mitchell,
    mirror_without_twins,
    second_session,
)
from bridgedesk.movements.model import ew, ns
from bridgedesk.movements.round_robin import (
    berger,
    home_away,
    pair_round_robin,
    round_robin,
    schedule,
)
from bridgedesk.movements.stagger import stagger
from bridgedesk.movements.team_catalogue import build_team
from bridgedesk.movements.validate import validate

from .seedfig import lines


def test_mirror_mitchell_sheet_14_teams() -> None:
    # 004:3696-3703: per round, per set: "NS-EW NS-EW" (first half, second half)
    header, *rows = lines(3696, 3703)
    assert header.split("\t")[1:8] == ["set", "1", "2", "3", "4", "5", "6", "7"][1:8]
    printed = []
    for row in rows:
        cells = row.split("\t")[1:8]
        printed.append(["/".join(t.replace(" ", "") for t in _two(c)) for c in cells])
    m = mirror_mitchell(14)
    assert m.master_rows() == printed
    assert validate(m) == []
    # teams of one half never meet in session 1; across the halves all meet
    meets = {(s.ns.number, s.ew.number) for _, s in m.seatings()}
    assert meets == {(a, b) for a in range(1, 15) for b in range(1, 15) if (a <= 7) != (b <= 7)}


def _two(cell: str) -> list[str]:
    """'1- 8 8- 1' -> ['1-8', '8-1']."""
    parts = cell.replace("- ", "-").split()
    assert len(parts) == 2, cell
    return parts


@pytest.mark.parametrize("teams", TEAMS)
def test_every_mirror_mitchell_validates(teams: int) -> None:
    one, two = mirror_mitchell(teams), second_session(teams)
    assert validate(one) == [] and validate(two) == []
    h = teams // 2
    # over both sessions every team meets every other (004:3692)
    both = {(s.ns.number, s.ew.number) for m in (one, two) for _, s in m.seatings()}
    assert len(both) == teams * (teams - 1)
    assert (one.round_count, two.round_count) == (h, h - 1)
    with pytest.raises(MovementError, match="half the teams"):
        mirror_mitchell(12)


@pytest.mark.parametrize("teams", [6, 8, 10, 12])
def test_stagger(teams: int) -> None:
    m = stagger(teams)
    n = teams // 2
    assert validate(m) == []
    assert m.round_count == (n - 1) + n  # 004:3717
    meets = [(s.ns.number, s.ew.number, r) for r, s in m.seatings()]
    for a, b, r in meets:
        # session 1 same parity, session 2 odd v even (004:3713-3715)
        assert ((a - b) % 2 == 0) == (r < n)
    assert len({(a, b) for a, b, _ in meets}) == teams * (teams - 1)
    # round 1: EW skipped down two tables; tables t, t+N relay set t (004:3724-3734)
    first = m.round(1)
    assert [s.ew.number for s in first.seatings] == [
        (t + 1) % teams + 1 for t in range(1, teams + 1)
    ]
    assert [s.board_set for s in first.seatings] == [*range(1, n + 1), *range(1, n + 1)]


def test_berger_six_teams_is_the_fide_table() -> None:
    # FIDE Handbook C.05, Annex 1 (Berger tables), 5-6 players, white first
    assert berger(6) == (
        ((1, 6), (2, 5), (3, 4)),
        ((1, 2), (5, 3), (6, 4)),
        ((3, 1), (2, 6), (4, 5)),
        ((1, 4), (2, 3), (6, 5)),
        ((5, 1), (4, 2), (3, 6)),
    )


@pytest.mark.parametrize("teams", range(3, 31))
@pytest.mark.parametrize("cycles", [1, 2, 3])
def test_round_robins(teams: int, cycles: int) -> None:
    rounds = schedule(teams, cycles)
    assert len(rounds) == cycles * (teams - 1 + teams % 2)
    met = Counter(frozenset(m) for rnd in rounds for m in rnd)
    assert set(met) == {frozenset(c) for c in itertools.combinations(range(1, teams + 1), 2)}
    assert set(met.values()) == {cycles}
    for rnd in rounds:
        playing = [t for m in rnd for t in m]
        assert len(playing) == len(set(playing)) == teams - teams % 2
    assert all(abs(h - a) <= 1 for h, a in home_away(teams, cycles).values())
    if cycles >= 2:
        # the second cycle is the first with home and away exchanged
        first = {m for rnd in rounds[: len(rounds) // cycles] for m in rnd}
        second = {
            m for rnd in rounds[len(rounds) // cycles : 2 * len(rounds) // cycles] for m in rnd
        }
        assert second == {(b, a) for a, b in first}
    assert validate(round_robin(teams, cycles=cycles)) == []


def test_team_sessions_and_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert [m.round_count for m in build_team("stagger", 10, sessions=2)] == [4, 5]
    assert main(["movement", "show", "awl", "--teams", "10", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["teams"] is True and data["rounds"] == 9
    assert data["rounds_detail"][0]["tables"][0] == {
        "table": 1,
        "ns": 1,
        "ew": 3,
        "set": 2,
        "boards": [3, 4],
    }
    assert (
        main(["movement", "show", "awl", "--teams", "15", "--sessions", "2", "--format", "json"])
        == 0
    )
    both = json.loads(capsys.readouterr().out)
    assert [s["rounds"] for s in both["sessions"]] == [8, 6]
    assert main(["movement", "check", "mirror-mitchell", "--teams", "18", "--sessions", "2"]) == 0
    assert "session 2: mirror-mitchell, 18 teams, 8 rounds: no errors" in capsys.readouterr().out
    assert main(["movement", "show", "stagger", "--teams", "7"]) == 2
    assert "error: the stagger movement is for 6, 8, 10, 12 teams, not 7" in capsys.readouterr().err
    assert main(["movement", "show", "awl", "--teams", "9", "--rounds", "7"]) == 2


@pytest.mark.parametrize("teams", range(4, 31, 2))
def test_pair_round_robin(teams: int) -> None:
    m = pair_round_robin(teams)
    assert validate(m) == []
    assert m.round_count == 2 * (teams - 1)  # 004:3398-3410: (T-1) + (T-1)
    pairs = [p for t in range(1, teams + 1) for p in (ns(t), ew(t))]
    met = {frozenset((s.ns, s.ew)) for _, s in m.seatings()}
    # every pair meets every pair but its teammate once, one pair of each team a session
    assert met == {
        frozenset((a, b)) for a, b in itertools.combinations(pairs, 2) if a.number != b.number
    }
    half = teams - 1
    for r, s in m.seatings():
        assert (s.ns.side is s.ew.side) == (r > half)
    assert movement_json.loads(movement_json.dumps(m)) == m
    with pytest.raises(MovementError, match="even number of teams"):
        pair_round_robin(5)


def test_pair_round_robin_json_names_a_pair_in_the_other_seat() -> None:
    data = json.loads(movement_json.dumps(pair_round_robin(4)))
    first = data["rounds_detail"][3]["tables"][:2]
    assert [(t["ns"], t["ew"]) for t in first] == [(1, "NS 4"), ("EW 4", 1)]


def test_check_reads_a_team_movement_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from dataclasses import replace

    good = tmp_path / "prr.json"
    movement_json.dump(pair_round_robin(6), good)
    assert main(["movement", "check", str(good)]) == 0
    assert "pair-round-robin, 6 tables, 10 rounds: no errors" in capsys.readouterr().out
    # the second table of the first match plays another set: the match no longer compares
    m = pair_round_robin(6)
    r1 = m.rounds[0]
    seats = (r1.seatings[0], replace(r1.seatings[1], board_set=7), *r1.seatings[2:])
    bad = tmp_path / "bad.json"
    movement_json.dump(replace(m, rounds=(replace(r1, seatings=seats), *m.rounds[1:])), bad)
    assert main(["movement", "check", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "[match-sets]" in out and "[set-twice]" in out
    assert (
        main(
            [
                "movement",
                "cards",
                "awl",
                "--teams",
                "15",
                "--sessions",
                "2",
                "--out",
                str(tmp_path / "c"),
            ]
        )
        == 0
    )
    assert (tmp_path / "c" / "session-2" / "movement.html").exists()


def test_mirror_mitchell_without_round_1() -> None:
    # 004:3688-3690: cut round 1, no twin boards; rounds 2-7, 3-6, 4-5 correspond and
    # the halves exchange their boards after round 4
    m = mirror_without_twins(14)
    assert validate(m) == []
    sheet = mirror_mitchell(14)
    for r in range(2, 8):
        assert {(s.ns, s.ew) for s in m.round(r - 1).seatings} == {
            (s.ns, s.ew) for s in sheet.round(r).seatings
        }
    assert corresponding_rounds(m) == {1: 6, 2: 5, 3: 4, 4: 3, 5: 2, 6: 1}
    for k in range(1, 15):
        halves = {(r <= 3, s.table <= 7) for r, s in m.seatings() if s.board_set == k}
        assert len({first for first, _ in halves}) == 2
        assert all((first == a_half) == (k <= 7) for first, a_half in halves)
    assert build_team("mirror-mitchell", 14, rounds=6)[0] == m
    with pytest.raises(MovementError, match="7 rounds, or 6 without round 1"):
        build_team("mirror-mitchell", 14, rounds=5)
