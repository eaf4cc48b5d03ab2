"""The repository carries everything its tests and docs read (issue: a fresh clone passes)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from tests.conftest import REPO, SEEDS, _outside_repo

CITED = re.compile(r"\b(00[0-4]):(\d+)(?:-(\d+))?")


def test_every_source_document_is_in_the_repository() -> None:
    names = sorted(p.name[:3] for p in SEEDS.glob("00?_*.txt"))
    assert names == ["000", "001", "002", "003", "004"]


def test_citations_resolve_to_lines_that_exist() -> None:
    lengths = {
        p.name[:3]: len(p.read_text(encoding="utf-8").splitlines()) for p in SEEDS.glob("00?_*.txt")
    }
    tracked = subprocess.run(
        ["git", "ls-files", "src", "docs", "tests"], cwd=REPO, capture_output=True, text=True
    ).stdout.split()
    checked = 0
    for name in tracked:
        path = REPO / name
        if path.suffix not in {".py", ".md"} or path.parent == SEEDS:
            continue
        for doc, first, last in CITED.findall(path.read_text(encoding="utf-8")):
            end = int(last or first)
            assert 1 <= int(first) <= end <= lengths[doc], f"{name}: {doc}:{first}-{last}"
            checked += 1
    assert checked > 100


def test_no_source_file_names_a_folder_beside_the_checkout() -> None:
    guards = {REPO / "tests" / "conftest.py", Path(__file__).resolve()}
    beside = "/".join(["..", "shared"])
    for path in [*REPO.joinpath("src").rglob("*.py"), *REPO.joinpath("tests").rglob("*.py")]:
        if path not in guards:
            text = path.read_text(encoding="utf-8")
            assert beside not in text and '"shared" / "seeds"' not in text, path


def test_the_guard_sees_a_path_beside_the_checkout() -> None:
    assert _outside_repo(str(REPO.parent / "shared" / "seeds" / "004.txt"))
    assert not _outside_repo(str(REPO / "docs" / "sources" / "004.txt"))
    assert not _outside_repo("/usr/lib/python3/os.py")
    assert isinstance(Path(REPO), Path)
