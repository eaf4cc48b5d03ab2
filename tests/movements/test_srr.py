"""The SRR team quick-reference tables (004:3376-3431) and ``movement recommend --teams``."""

from __future__ import annotations

import pytest

from bridgedesk.cli import main
from bridgedesk.movements.srr import PRR, SRR_PAIRS, SRR_TEAMS, SrrRow, team_options
from bridgedesk.movements.team_catalogue import build_team
from bridgedesk.movements.validate import validate

from .seedfig import lines


def test_rows_follow_the_seed_lines() -> None:
    for row in (*SRR_TEAMS, *SRR_PAIRS):
        (line,) = lines(int(row.source[4:]), int(row.source[4:]))
        cells = [c.strip() for c in line.split("\t")]
        rounds = " + ".join(map(str, row.rounds))
        # 004:3397-3425 prints "4 + 4"; 004:3380-3387 prints the sessions in two cells
        assert rounds in line or cells[2:4] == [str(r) for r in row.rounds], line
        assert row.played.replace("/", " / ") in line or row.played in cells, line
        if cells[0]:
            assert cells[0] == str(row.teams)


BUILT = [r for r in (*SRR_TEAMS, *SRR_PAIRS) if r.kind is not None]


@pytest.mark.parametrize("row", BUILT, ids=lambda r: f"{r.teams}-{r.kind}")
def test_every_buildable_row_validates(row: SrrRow) -> None:
    assert row.kind is not None
    sessions = build_team(row.kind, row.teams, sessions=len(row.rounds))
    assert sorted(m.round_count for m in sessions) == sorted(row.rounds)
    for m in sessions:
        assert validate(m) == []
    if row.kind in (PRR, "srr-pairs"):  # 004:3380-3410: the seed's rounds, session by session
        assert tuple(m.round_count for m in sessions) == row.rounds
    # over both sessions every team meets every other once
    met = {(s.ns.number, s.ew.number) for m in sessions for _, s in m.seatings()}
    assert len(met) == row.teams * (row.teams - 1)


def test_recommend_teams(capsys: pytest.CaptureFixture[str]) -> None:
    assert [r.kind for r in team_options(8)] == [PRR, "round-robin", "stagger", "srr-pairs"]
    assert [r.kind for r in team_options(7)] == [PRR, "awl", "srr-pairs"]
    assert main(["movement", "recommend", "--teams", "14"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("14 teams: board-a-match, 6+7 rounds of 4 boards (52 played")
    assert "[movement show mirror-mitchell --teams 14 --sessions 2] (004:3421)" in out[0]
    assert out[-1].startswith("14 teams: a Swiss is advised from 13 teams")
    assert main(["movement", "recommend", "--teams", "8", "--pairs", "8"]) == 2
