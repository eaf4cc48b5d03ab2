"""Read a master sheet figure from the Director Manual seed (004) for comparison."""

from __future__ import annotations

import re
from pathlib import Path

SEED = Path(__file__).resolve().parents[2] / "docs" / "sources" / "004_16bbaa7e6a40222d.txt"
TOKEN = re.compile(r"\(?(\d+)\)?-(\d+)")


def lines(first: int, last: int) -> list[str]:
    text = SEED.read_text(encoding="utf-8").splitlines()
    return text[first - 1 : last]


def tokens(line: str) -> list[str]:
    """The ``NS-EW`` pairings printed on a line (a rover's ``(2)-1`` reads as 2-1)."""
    return [f"{a}-{b}" for a, b in TOKEN.findall(line)]
