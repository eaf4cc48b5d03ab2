"""`import bridgedesk.bridge` loads nothing but the standard library (issue 2)."""

from __future__ import annotations

import subprocess
import sys


def test_bridge_imports_only_the_standard_library() -> None:
    code = (
        "import sys, bridgedesk.bridge, bridgedesk.bridge.vp;"
        "heavy = {'numpy', 'endplay', 'fastapi', 'sqlalchemy', 'typer', 'rich', 'starlette'};"
        "print(sorted(heavy & {m.split('.')[0] for m in sys.modules}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
