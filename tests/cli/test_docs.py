"""The examples in docs/calculator.md and the README stay true."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from bridgedesk.bridge import load_scale_file
from bridgedesk.cli import main

REPO = Path(__file__).resolve().parents[2]
DOC = (REPO / "docs" / "calculator.md").read_text(encoding="utf-8")
README = (REPO / "README.md").read_text(encoding="utf-8")


def test_club_scale_example_loads(tmp_path: Path) -> None:
    block = re.search(r"```json\n(.*?)```", DOC, re.S)
    assert block is not None
    path = tmp_path / "club20.json"
    path.write_text(block.group(1), encoding="utf-8")
    scale = load_scale_file(path)
    assert scale.vp(4, 7) == (12, 8)
    assert scale.vp(-40, 12) == (0, 20)


@pytest.mark.parametrize(
    "example", re.findall(r"^\$ bridgedesk (.+)\n(\{.*\})$", DOC, re.M), ids=lambda e: e[0]
)
def test_doc_json_examples(capsys: pytest.CaptureFixture[str], example: tuple[str, str]) -> None:
    command, expected = example
    assert main(shlex.split(command)) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(expected)


def test_readme_keeps_the_two_command_quick_start() -> None:
    quick = README.index("## Quick start")
    assert README.index("make demo") > quick
    assert README.index("make test") > quick
    assert README.index("## The calculator") > README.index("make test")


@pytest.mark.parametrize("line", re.findall(r"^bridgedesk (calc .+?)(?:\s+#.*)?$", README, re.M))
def test_readme_calc_examples_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, line: str
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "my-club-scale.json").write_text(
        json.dumps({"format": "bridgedesk-vp-scale", "version": 1, "name": "my-club",
                    "tables": [{"boards": {"min": 1}, "steps": [[0, 10, 10], [10, 15, 5]]}]}),
        encoding="utf-8",
    )  # fmt: skip
    assert main(shlex.split(line)) == 0, capsys.readouterr().err
