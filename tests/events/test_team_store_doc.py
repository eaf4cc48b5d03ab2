"""The stored team event commands of docs/teams.md run, in order, on one store."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from tests.events.team_cli import add_teams
from tests.events.test_cli import Cli

from bridgedesk.cli import main

DOC = (Path(__file__).resolve().parents[2] / "docs" / "teams.md").read_text(encoding="utf-8")
BLOCK = DOC.split("## A stored team event")[1].split("```shell\n")[1].split("```")[0]
COMMANDS = [
    shlex.split(line.split("  #")[0])[1:]
    for line in BLOCK.replace("\\\n", " ").splitlines()
    if line.startswith("bridgedesk ")
]


def test_the_block_runs_in_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    cli = Cli(tmp_path / "doc.sqlite3", capsys)
    (tmp_path / "round1.csv").write_text(
        "round,home,away,room,board,contract,declarer,result\n1,1,8,open,4,3NT,S,=\n",
        encoding="utf-8",
    )
    assert len(COMMANDS) >= 15
    for args in COMMANDS:
        if args[:2] == ["event", "movement"]:
            add_teams(cli, args[2], 8 if args[2] == "Swiss" else 7)  # the rest of the field
        if args[0] == "demo":
            assert main([*args, "--db", str(tmp_path / "demo.sqlite3")]) == 0
            capsys.readouterr()
            continue
        cli(*args)
    assert re.search(r"team 7 withdrawn from round 4", cli("event", "round", "Swiss"))
    assert (tmp_path / "autumn" / "standings.html").exists()
    assert (tmp_path / "swiss12" / "index.html").exists()
