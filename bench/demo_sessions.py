"""Print how long ``bridgedesk demo --sessions N`` takes (figures only, no assertions).

Run: ``.venv/bin/python bench/demo_sessions.py``.  Each run creates a stored
event, enters the pairs once, stores the JCBL plan of every session, simulates
and imports every slip, scores the sessions and the combined ranking and writes
every report (``bridgedesk.demo_sessions.run``).
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from bridgedesk.demo_sessions import run


def main() -> None:
    for pairs, sessions in ((12, 2), (26, 2), (40, 2), (60, 2), (90, 2), (26, 3)):
        with tempfile.TemporaryDirectory() as tmp:
            start = time.perf_counter()
            made = run(pairs=pairs, sessions=sessions, out=Path(tmp) / "out")
            wall = time.perf_counter() - start
        boards = sum(len(sec.travellers) for s in made.scored.sessions for sec in s.sections)
        print(
            f"{pairs:>2} pairs, {sessions} sessions ({made.plan[:40]:<40}): "
            f"{wall:5.1f} s, {len(made.files)} files, {boards} travellers"
        )


if __name__ == "__main__":
    main()
