"""Plain-text tables that stay aligned in a terminal, whatever the language.

A Japanese character takes two columns of a terminal (``unicodedata``'s wide and
full-width classes), so a column is padded by the width it shows, not by its length
(:func:`width`).  :func:`columns` lays out a header and rows: each column as wide as
its widest cell, numbers to the right, and a last column of names left as it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from unicodedata import east_asian_width

__all__ = ["columns", "width"]


def width(text: str) -> int:
    """Columns a terminal gives ``text``: two for a wide (Japanese) character."""
    return sum(2 if east_asian_width(c) in "WF" else 1 for c in text)


def _pad(text: str, size: int, right: bool) -> str:
    gap = " " * (size - width(text))
    return gap + text if right else text + gap


def columns(
    head: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[bool] | None = None
) -> list[str]:
    """``head`` and ``rows`` as aligned lines, two spaces between columns; ``right``
    says which columns are aligned right (default: none); trailing spaces dropped."""
    aligned = right if right is not None else [False] * len(head)
    sizes = [max(width(r[i]) for r in [head, *rows]) for i in range(len(head))]
    return [
        "  ".join(_pad(c, s, a) for c, s, a in zip(r, sizes, aligned, strict=True)).rstrip()
        for r in [head, *rows]
    ]
