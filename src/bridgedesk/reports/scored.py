"""Moved: the scored value is :mod:`bridgedesk.results` (issue 11).

Kept only so that callers not yet moved (``cli/masterpoints.py``, being split
on another branch) keep working; import from :mod:`bridgedesk.results`.
"""

from __future__ import annotations

from bridgedesk.results.section import score_section, to_scoring

__all__ = ["score_section", "to_scoring"]
