"""The console's team pages and a team table's page: how long each takes.

Run: .venv/bin/python bench/bench_team_console.py [--teams 8] [--boards 2] [--repeat 5]

A round robin of ``--teams`` teams on VPs (``--boards`` boards a match) in a
temporary SQLite store, every room result entered; the app is driven in
process (Starlette's test client, no network).  Prints the median and the
worst wall time of each page over ``--repeat`` requests, the CPU time per
request, and the machine's load average (the machine is shared, so the CPU
figure is the one to compare).  Asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fastapi.testclient import TestClient
from tests.web import team_event as te

from bridgedesk.services import draws
from bridgedesk.store import team_events, terminals, users
from bridgedesk.store.service import Store
from bridgedesk.store.team_entries import enter_team
from bridgedesk.store.users import Role
from bridgedesk.web.app import create_app


def _event(store: Store, teams: int, boards: int) -> int:
    import datetime as dt

    from bridgedesk.events import Event, Rating, ScoringMethod
    from bridgedesk.services.event_setup import team_settings

    event = Event("Bench teams", dt.date(2026, 11, 24), Rating.WEEKLY, 3, ScoringMethod.TEAM_VP)
    settings = team_settings("round-robin", "vp", boards_per_match=boards)
    eid = team_events.create_team_event(store, event, settings)
    for t in range(1, teams + 1):
        enter_team(store, eid, te.players(t), name=f"Team {t}")
    draws.make_draw(store, eid)
    return eid


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--teams", type=int, default=8)
    parser.add_argument("--boards", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        store = Store.open(Path(tmp) / "bench.sqlite3")
        users.add_user(store, "boss", Role.DIRECTOR, "bench-password")
        eid = _event(store, args.teams, args.boards)
        started = time.perf_counter()
        rooms = te.enter_rest(store, eid)
        entered = time.perf_counter() - started
        code = terminals.table_codes(store, eid)[0].code
        with TestClient(create_app(store=store)) as client:
            form = client.get("/d/login").text
            token = re.search(r'name="csrf_token" value="([^"]+)"', form)
            assert token is not None
            client.post("/d/login", data={"username": "boss", "password": "bench-password",
                                          "csrf_token": token.group(1)})  # fmt: skip
            login = {"event": eid, "section": "A", "table": 1, "code": code}
            bearer = client.post("/api/table/login", json=login).json()["token"]
            pages = {
                "teams and draw": (f"/d/teams/{eid}", {}),
                "match grid": (f"/d/teams/{eid}/grid", {}),
                "match results": (f"/d/teams/{eid}/results?round=1&home=1&away={args.teams}", {}),
                "standings": (f"/d/teams/{eid}/standings", {}),
                "report zip": (f"/d/teams/{eid}/publish/reports.zip", {}),
                "public live": (f"/e/{eid}/teams/", {}),
                "team table": ("/t/team", {"Authorization": f"Bearer {bearer}"}),
            }
            print(f"{args.teams} teams, {args.boards} boards a match: {rooms} room results "
                  f"entered through the store in {entered:.2f} s "
                  f"({1000 * entered / max(rooms, 1):.1f} ms each)")  # fmt: skip
            for name, (path, headers) in pages.items():
                walls, cpus = [], []
                for _ in range(args.repeat):
                    c0, w0 = time.process_time(), time.perf_counter()
                    answer = client.get(path, headers=headers)
                    walls.append(time.perf_counter() - w0)
                    cpus.append(time.process_time() - c0)
                    assert answer.status_code == 200, (path, answer.status_code)
                median, worst = statistics.median(walls), max(walls)
                cpu = statistics.median(cpus)
                print(f"  {name:<15} median {1000 * median:7.1f} ms  worst {1000 * worst:7.1f} ms"
                      f"  cpu {1000 * cpu:7.1f} ms")  # fmt: skip
        store.close()
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
