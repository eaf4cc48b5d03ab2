"""`import bridgedesk.deals` and the PBN/HND readers load no heavy dependency."""

from __future__ import annotations

import subprocess
import sys


def test_deals_and_formats_import_light() -> None:
    code = (
        "import sys, bridgedesk.deals, bridgedesk.deals.generate, bridgedesk.deals.analysis,"
        " bridgedesk.formats.pbn, bridgedesk.formats.hnd, bridgedesk.formats.pbn_deals;"
        "heavy = {'numpy', 'endplay', 'fastapi', 'sqlalchemy', 'jinja2', 'rich', 'starlette'};"
        "print(sorted(heavy & {m.split('.')[0] for m in sys.modules}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
