"""Opening a report page in Debian's headless Chromium, for the report tests."""

from __future__ import annotations

import struct
import subprocess
from pathlib import Path

from bridgedesk.reports.hand_records import chromium_args

CHROMIUM = Path("/usr/bin/chromium")


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def open_page(source: Path, tmp_path: Path, keep_as: str) -> str:
    """Screenshot ``source`` at A4 size (1240x1754) and return its DOM as Chromium built it.

    The screenshot must be the page's size and not blank, and no script error may be
    logged; a copy is kept as ``tests/reports/output/KEEP_AS.png`` when that directory
    exists, for a human to look at.
    """
    png = tmp_path / f"{keep_as}.png"
    base = [str(CHROMIUM), *chromium_args(str(tmp_path / "profile"))]
    shot = subprocess.run(
        [*base, f"--screenshot={png}", "--window-size=1240,1754", source.as_uri()],
        capture_output=True, timeout=120, check=True,
    )  # fmt: skip
    assert png_size(png) == (1240, 1754)
    assert png.stat().st_size > 20_000  # a blank page is a few kB
    assert b"Uncaught" not in shot.stderr
    dom = subprocess.run(
        [*base, "--dump-dom", source.as_uri()], capture_output=True, timeout=120, check=True
    )
    keep = Path(__file__).parent / "output"
    if keep.is_dir():
        (keep / f"{keep_as}.png").write_bytes(png.read_bytes())
    return dom.stdout.decode("utf-8")
