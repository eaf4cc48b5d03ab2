"""Read printed number tables straight from the seed documents."""

from __future__ import annotations

from pathlib import Path

SEEDS = Path(__file__).resolve().parents[2] / "docs" / "sources"
JCBL = SEEDS / "000_7213318c585aab36.txt"
SBF = SEEDS / "001_18af0e66f52a62b2.txt"
DIRECTOR_MANUAL = SEEDS / "004_16bbaa7e6a40222d.txt"


def number_rows(path: Path, first: int, last: int) -> list[tuple[int, int, list[int]]]:
    """(line, first number, the other numbers) of each all-integer line in first..last."""
    lines = path.read_text(encoding="utf-8").splitlines()
    out: list[tuple[int, int, list[int]]] = []
    for number in range(first, last + 1):
        parts = lines[number - 1].split()
        if len(parts) > 1 and all(p.isdigit() for p in parts):
            out.append((number, int(parts[0]), [int(p) for p in parts[1:]]))
    return out
