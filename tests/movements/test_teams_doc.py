"""Every command shown in docs/teams.md runs, on the history and results file the page shows."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from bridgedesk.cli import main

DOC = (Path(__file__).resolve().parents[2] / "docs" / "teams.md").read_text(encoding="utf-8")
COMMANDS = [
    command
    for block in re.findall(r"```sh\n(.*?)```", DOC, re.S)
    for command in re.findall(r"^bridgedesk (.+?)(?:\s+#.*)?$", block, re.M)
]


def test_the_page_shows_commands() -> None:
    assert len(COMMANDS) >= 12


@pytest.mark.parametrize("line", COMMANDS)
def test_doc_commands_run(
    line: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    block = re.search(r"```json\n(.*?)```", DOC, re.S)
    assert block is not None
    (tmp_path / "history.json").write_text(block.group(1), encoding="utf-8")
    results = DOC.split("### The results file")[1].split("```json\n")[1].split("```")[0]
    (tmp_path / "autumn.json").write_text(results, encoding="utf-8")
    assert main(shlex.split(line)) == 0, capsys.readouterr().err


def test_doc_history_draws(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    block = re.search(r"```json\n(.*?)```", DOC, re.S)
    assert block is not None
    path = tmp_path / "history.json"
    path.write_text(block.group(1), encoding="utf-8")
    expect = {
        "jcbl-1": [(1, 2), (3, 4)],  # seeds 2, 1, 3, 4 in groups of two
        "jcbl-2": [(2, 4), (1, 3)],  # ranking after round 1: 2, 4, 1, 3
        "jcbl-3": [(1, 3), (2, 4)],  # numbers in halves
    }
    for rule, pairs in expect.items():
        assert main(["swiss", "pair", str(path), "--rule", rule, "--format", "json"]) == 0
        draw = json.loads(capsys.readouterr().out)
        assert [tuple(sorted((m["home"], m["away"]))) for m in draw["matches"]] == [
            tuple(sorted(p)) for p in pairs
        ]
