"""Table terminals under load: 200 tables enter a round at once.

Run: .venv/bin/python bench/bench_web.py [--db PATH-or-URL] [--workers N] [--viewers N]

A 400-pair event in 5 sections of 40 tables (skip Mitchell, 7 rounds of 3
boards).  ``bridgedesk serve`` runs in its own process on 127.0.0.1; 200 table
clients log in, then each enters its 3 boards of round 1 as fast as the server
answers, and sends every request a second time with the same Idempotency-Key
(a flaky connection's retry).  Meanwhile ``--viewers`` clients reload the live
ranking of section A (``/e/{event}/live``) and the ranking JSON
(``/api/events/{event}/ranking?section=A``).  Prints p50/p99 latencies, and
counts the results stored: 600 expected, none lost, none twice.  Asserts nothing.

Bounded: a fixed number of requests, each with a 60 s timeout; the whole run
stops after ``LIMIT`` seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from bridgedesk.events import Entry, Event, Player, Rating, ScoringMethod
from bridgedesk.events.adapters import as_grid
from bridgedesk.events.model import Section, Session
from bridgedesk.movements.catalogue import build
from bridgedesk.store import terminals
from bridgedesk.store.service import Store

SECTIONS = ("A", "B", "C", "D", "E")
PAIRS = 80  # per section: 40 tables
LIMIT = 300.0


def setup(db: str) -> tuple[int, dict[tuple[str, int], str], dict[str, object]]:
    store = Store.open(db)
    eid = store.create_event(
        Event(
            "Bench congress",
            dt.date(2026, 11, 24),
            Rating.WEEKLY,
            3,
            ScoringMethod.MATCHPOINTS,
            sessions=(Session(1, tuple(Section(s) for s in SECTIONS)),),
        )
    )
    movement = build("skip-mitchell", pairs=PAIRS, rounds=7, boards_per_round=3)
    for s in SECTIONS:
        for n in range(1, PAIRS + 1):
            store.add_entry(eid, Entry(n, (Player(f"N{s}{n}"), Player(f"S{s}{n}"))), section=s)
        store.set_movement(eid, movement, section=s)
    codes = {(c.section, c.table): c.code for c in terminals.table_codes(store, eid)}
    grid = {s: as_grid(store.movement(eid, section=s)) for s in SECTIONS}  # type: ignore[arg-type]
    store.close()
    return eid, codes, grid  # type: ignore[return-value]


def line(what: str, times: list[float]) -> None:
    if times:
        print(
            f"{what:<26} p50 {pct(times, 0.5):8.1f} ms  p99 {pct(times, 0.99):8.1f} ms  "
            f"({len(times)} requests)"
        )


def cpu_seconds(pid: int) -> float:
    """CPU time used so far by a process and its children (Linux /proc)."""
    total = 0.0
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(proc.name) == pid or int(fields[1]) == pid:  # fields[1]: the parent's pid
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


async def table(
    client: httpx.AsyncClient,
    eid: int,
    section: str,
    number: int,
    code: str,
    grid: object,
    start: asyncio.Event,
    post_times: list[float],
    answers: dict[str, list[object]],
    resent: list[str],
) -> None:
    login = await client.post(
        "/api/table/login",
        json={"event": eid, "section": section, "table": number, "code": code},
    )
    auth = {"Authorization": f"Bearer {login.json()['token']}"}
    a = grid.assignment(1, number)  # type: ignore[attr-defined]
    await start.wait()
    for i, board in enumerate(a.boards):
        body = {"round": 1, "board": board, "ns": a.ns, "ew": a.ew,
                "contract": "3NT", "declarer": "S", "result": str(8 + i)}  # fmt: skip
        key = f"{section}{number}-{board}"
        for _ in range(2):  # the second is a retry with the same key
            for _attempt in range(5):  # a dropped connection: send it again, same key
                t0 = time.perf_counter()
                try:
                    r = await client.post(
                        "/api/table/results", json=body, headers={**auth, "Idempotency-Key": key}
                    )
                except httpx.TransportError:
                    resent.append(key)
                    continue
                post_times.append(time.perf_counter() - t0)
                answers.setdefault(key, []).append((r.status_code, r.json().get("id")))
                break


async def viewer(
    client: httpx.AsyncClient, url: str, times: list[float], stop: asyncio.Event
) -> None:
    while not stop.is_set():
        t0 = time.perf_counter()
        r = await client.get(url)
        times.append(time.perf_counter() - t0)
        assert r.status_code in (200, 422), r.text[:200]
        await asyncio.sleep(0.2)


async def run(
    base: str, eid: int, codes: dict[tuple[str, int], str], grid: dict, viewers: int
) -> None:  # type: ignore[type-arg]
    limits = httpx.Limits(max_connections=400, max_keepalive_connections=400)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:
        start, stop = asyncio.Event(), asyncio.Event()
        post_times: list[float] = []
        live_times: list[float] = []
        json_times: list[float] = []
        answers: dict[str, list[object]] = {}
        resent: list[str] = []
        tables = [
            table(client, eid, s, n, code, grid[s], start, post_times, answers, resent)
            for (s, n), code in codes.items()
        ]
        watchers = [viewer(client, f"/e/{eid}/live", live_times, stop) for _ in range(viewers)] + [
            viewer(client, f"/api/events/{eid}/ranking?section=A", json_times, stop)
            for _ in range(max(1, viewers // 2))
        ]
        entering = asyncio.gather(*tables)
        watching = asyncio.gather(*watchers)
        await asyncio.sleep(1.0)  # every table logged in
        t0 = time.perf_counter()
        start.set()
        await entering
        wall = time.perf_counter() - t0
        stop.set()
        await watching
    firsts = [v[0] for v in answers.values()]
    retries_same = sum(1 for v in answers.values() if v[0] == v[1])
    print(
        f"tables: {len(codes)}  POSTs: {len(post_times)} ({len(answers)} results, each sent twice)"
    )
    print(f"round entered in {wall:.2f} s: {len(answers) / wall:.0f} results/s")
    line("POST /api/table/results", post_times)
    line("GET /e/ID/live (ranking)", live_times)
    line("GET /api/.../ranking", json_times)
    statuses = sorted({str(s) for s, _ in firsts})  # type: ignore[misc]
    print(
        f"first answers: {', '.join(statuses)}; retries answered identically: "
        f"{retries_same}/{len(answers)}; sent again after a dropped connection: {len(resent)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", default=None)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--viewers", type=int, default=4)
    parser.add_argument(
        "--profile", default=None, help="sample the server with py-spy into FILE (collapsed stacks)"
    )
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="bridgedesk-bench-")
    db = args.db or str(Path(tmp) / "bench.sqlite3")
    eid, codes, grid = setup(db)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "bridgedesk", "serve", "--db", db, "--host", "127.0.0.1",
         "--port", str(port), "--workers", str(args.workers)],
        stdout=subprocess.DEVNULL,
        env={**os.environ},
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{base}/e/", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise SystemExit("the server did not start")
            time.sleep(0.2)
        load = " ".join(f"{x:.1f}" for x in os.getloadavg())
        print(f"database: {db.split('://')[0] if '://' in db else 'sqlite'}; workers: "
              f"{args.workers}; {os.cpu_count()} cores, load average before: {load}")  # fmt: skip
        spy = None
        if args.profile:  # py-spy (pip install py-spy) samples the server until SIGINT
            spy = subprocess.Popen(
                [str(Path(sys.executable).with_name("py-spy")), "record", "--subprocesses",
                 "--format", "raw", "-o", args.profile, "--pid", str(server.pid)],
                stdout=subprocess.DEVNULL,
            )  # fmt: skip
            time.sleep(2)
        used = cpu_seconds(server.pid)
        asyncio.run(asyncio.wait_for(run(base, eid, codes, grid, args.viewers), LIMIT))
        used = cpu_seconds(server.pid) - used
        print(f"server CPU time for the run: {used:.1f} s ({used / 1200 * 1000:.1f} ms a POST, "
              "ranking requests included)")  # fmt: skip
        if spy is not None:
            spy.send_signal(signal.SIGINT)
            spy.wait(timeout=60)
    finally:
        server.terminate()
        server.wait(timeout=30)
    print("load average after: " + " ".join(f"{x:.1f}" for x in os.getloadavg()))
    with Store.open(db) as store:
        stored = store.results(eid)
    keys = {(r.result.section, r.result.board, r.result.ns, r.result.ew) for r in stored}
    expected = sum(len(grid[s].assignment(1, t).boards) for s, t in codes)
    print(f"stored: {len(stored)} of {expected} expected; distinct: {len(keys)}; "
          f"lost: {expected - len(keys)}; duplicated: {len(stored) - len(keys)}")  # fmt: skip


if __name__ == "__main__":
    main()
