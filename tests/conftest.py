"""Shared test fixtures.  The seed documents live in ../shared/seeds beside the repo."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SEEDS = REPO.parent / "shared" / "seeds"


@pytest.fixture
def repo_root() -> Path:
    return REPO
