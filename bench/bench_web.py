"""Table terminals under load: 200 tables enter a round at once.

Run: .venv/bin/python bench/bench_web.py [--tables 200] [--db PATH-or-URL | --postgres]
     [--workers N] [--viewers N] [--kill] [--profile FILE]

A 400-pair event in 5 sections of 40 tables (skip Mitchell, 7 rounds of 3
boards; ``--tables 100``: 5 sections of 20).  ``bridgedesk serve`` runs in its
own process on 127.0.0.1; the table clients log in, then each enters its 3
boards of round 1 as fast as the server answers, and sends every request a
second time with the same Idempotency-Key (a flaky connection's retry).
Meanwhile ``--viewers`` clients reload the live ranking (``/e/{event}/live``)
and the ranking JSON (``/api/events/{event}/ranking?section=A``).  Prints
p50/p99 latencies, the machine's load average, the server's CPU time per
request (the figure that does not depend on what else the machine runs), and
counts the results stored: 600 expected, none lost, none twice.  Asserts nothing.

``--postgres`` starts a throw-away PostgreSQL server (``initdb``/``pg_ctl`` on
PATH or in /usr/lib/postgresql/*/bin) in a temp directory on 127.0.0.1 and a
free port, and serves from it.  ``--kill`` SIGKILLs the server (every worker)
once half the results are in, starts it again, and lets the tables resend
what got no answer (as the terminal's queue does on reconnect); it then
checks that every result answered 201 is in the store.  ``--profile FILE``
samples the server with py-spy (``pip install py-spy``) into FILE as
collapsed stacks.

Bounded: a fixed number of requests, each with a 60 s timeout; the whole run
stops after ``LIMIT`` seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime as dt
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx

from bridgedesk.events import Entry, Event, Player, Rating, ScoringMethod
from bridgedesk.events.adapters import as_grid
from bridgedesk.events.model import Section, Session
from bridgedesk.movements.catalogue import build
from bridgedesk.store import terminals
from bridgedesk.store.service import Store

SECTIONS = ("A", "B", "C", "D", "E")
LIMIT = 300.0
#: How long a table keeps resending a request that got no answer (the server is down).
RECONNECT = 90.0


def setup(db: str, tables: int) -> tuple[int, dict[tuple[str, int], str], dict[str, object]]:
    pairs = 2 * (tables // len(SECTIONS))
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
    movement = build("skip-mitchell", pairs=pairs, rounds=7, boards_per_round=3)
    for s in SECTIONS:
        for n in range(1, pairs + 1):
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


def stat_fields(stat: Path) -> list[str] | None:
    """The fields of a Linux ``/proc/.../stat`` file after the command's name (``[1]``
    the parent's pid, ``[11]`` and ``[12]`` the user and system CPU ticks); None when
    the process or thread is gone."""
    try:
        return stat.read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def stat_seconds(fields: list[str]) -> float:
    """The CPU time (user and system) of :func:`stat_fields`, in seconds."""
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """CPU time used so far by a process and its children (Linux /proc)."""
    total = 0.0
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        fields = stat_fields(proc / "stat")
        if fields is not None and (int(proc.name) == pid or int(fields[1]) == pid):
            total += stat_seconds(fields)
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
            give_up = time.monotonic() + RECONNECT
            while time.monotonic() < give_up:  # no answer: send it again, same key
                t0 = time.perf_counter()
                try:
                    r = await client.post(
                        "/api/table/results", json=body, headers={**auth, "Idempotency-Key": key}
                    )
                except httpx.TransportError:
                    resent.append(key)
                    await asyncio.sleep(0.5)
                    continue
                if r.status_code >= 500:  # the server is going down
                    resent.append(key)
                    await asyncio.sleep(0.5)
                    continue
                post_times.append(time.perf_counter() - t0)
                answers.setdefault(key, []).append((r.status_code, r.json().get("id")))
                break


async def viewer(
    client: httpx.AsyncClient, url: str, times: list[float], stop: asyncio.Event
) -> None:
    while not stop.is_set():
        t0 = time.perf_counter()
        try:
            r = await client.get(url)
        except httpx.TransportError:  # the server was killed (--kill)
            await asyncio.sleep(0.5)
            continue
        if r.status_code < 500:
            times.append(time.perf_counter() - t0)
        await asyncio.sleep(0.2)


class Server:
    """``bridgedesk serve`` in its own process group on 127.0.0.1: started, killed, started
    again; ``cpu`` adds up the CPU time of every run of it."""

    def __init__(self, db: str, workers: int) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.db, self.workers = db, workers
        self.base = f"http://127.0.0.1:{self.port}"
        self.cpu = 0.0
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bridgedesk", "serve", "--db", self.db, "--host", "127.0.0.1",
             "--port", str(self.port), "--workers", str(self.workers)],
            stdout=subprocess.DEVNULL,
            start_new_session=True,  # its own process group: --kill reaches every worker
        )  # fmt: skip
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{self.base}/e/", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise SystemExit("the server did not start")
            time.sleep(0.2)
        self.cpu -= cpu_seconds(self.process.pid)

    def stop(self, kill: bool = False) -> None:
        if self.process is None:
            return
        self.cpu += cpu_seconds(self.process.pid)
        os.killpg(self.process.pid, signal.SIGKILL if kill else signal.SIGTERM)
        self.process.wait(timeout=30)
        self.process = None


@contextlib.contextmanager
def postgres() -> Iterator[str]:
    """A throw-away PostgreSQL server in a temp directory (127.0.0.1, a free port);
    its URL."""
    found = [shutil.which("initdb"), shutil.which("pg_ctl")]
    for root in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        found = [f or (str(root / n) if (root / n).exists() else None)
                 for f, n in zip(found, ("initdb", "pg_ctl"), strict=True)]  # fmt: skip
    initdb, pg_ctl = found
    if initdb is None or pg_ctl is None:
        raise SystemExit("--postgres: initdb and pg_ctl not found (apt-get install postgresql)")
    base = Path(tempfile.mkdtemp(prefix="bridgedesk-bench-pg-"))
    as_user: list[str] = []
    if os.geteuid() == 0:  # initdb will not run as root
        import pwd

        pw = pwd.getpwnam("postgres")
        os.chown(base, pw.pw_uid, pw.pw_gid)
        as_user = ["runuser", "-u", "postgres", "--"]
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    data = base / "data"
    subprocess.run([*as_user, initdb, "-D", str(data), "-A", "trust", "-U", "bench", "-E",
                    "UTF8", "--no-sync"], check=True, capture_output=True)  # fmt: skip
    subprocess.run([*as_user, pg_ctl, "-D", str(data), "-l", str(base / "log"), "-w", "-o",
                    f"-p {port} -h 127.0.0.1 -k {base} -c max_connections=200", "start"],
                   check=True, capture_output=True)  # fmt: skip
    try:
        import psycopg

        with psycopg.connect(f"postgresql://bench@127.0.0.1:{port}/postgres", autocommit=True) as c:
            c.execute("create database bench")
        yield f"postgresql+psycopg://bench@127.0.0.1:{port}/bench"
    finally:
        subprocess.run([*as_user, pg_ctl, "-D", str(data), "-m", "fast", "stop"],
                       capture_output=True)  # fmt: skip
        shutil.rmtree(base, ignore_errors=True)


async def kill_midway(server: Server, answers: dict[str, list[object]], half: int) -> None:
    """SIGKILL the server once ``half`` results have their answer, then start it again."""
    while sum(1 for v in answers.values() if v and v[0][0] == 201) < half:  # type: ignore[index]
        await asyncio.sleep(0.05)
    await asyncio.to_thread(server.stop, True)
    print(f"SIGKILL after {sum(1 for v in answers.values() if v)} answered results")
    t0 = time.perf_counter()
    await asyncio.to_thread(server.start)
    print(f"server up again after {time.perf_counter() - t0:.1f} s")


async def run(
    server: Server, eid: int, codes: dict[tuple[str, int], str], grid: dict, viewers: int,
    kill: bool,
) -> dict[str, list[object]]:  # type: ignore[type-arg]  # fmt: skip
    limits = httpx.Limits(max_connections=400, max_keepalive_connections=400)
    async with httpx.AsyncClient(base_url=server.base, timeout=60, limits=limits) as client:
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
        killing = (
            asyncio.ensure_future(kill_midway(server, answers, len(codes) * 3 // 2))
            if kill
            else None
        )
        t0 = time.perf_counter()
        start.set()
        await entering
        wall = time.perf_counter() - t0
        stop.set()
        await watching
        if killing is not None:
            await killing
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
        f"{retries_same}/{len(answers)}; sent again after no answer: {len(resent)}"
    )
    print(f"requests the server answered: {len(post_times) + len(live_times) + len(json_times)}")
    print(f"this client's CPU time (it shares the cores): {time.process_time():.1f} s")
    return answers


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", default=None)
    parser.add_argument("--postgres", action="store_true", help="a throw-away PostgreSQL server")
    parser.add_argument("--tables", type=int, default=200, choices=(100, 200))
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--viewers", type=int, default=4)
    parser.add_argument("--kill", action="store_true", help="SIGKILL the server midway")
    parser.add_argument(
        "--profile", default=None, help="sample the server with py-spy into FILE (collapsed stacks)"
    )
    args = parser.parse_args()
    with contextlib.ExitStack() as stack:
        db = args.db or str(Path(tempfile.mkdtemp(prefix="bridgedesk-bench-")) / "bench.sqlite3")
        if args.postgres:
            db = stack.enter_context(postgres())
        bench(db, args)


def bench(db: str, args: argparse.Namespace) -> None:
    eid, codes, grid = setup(db, args.tables)
    server = Server(db, args.workers)
    server.start()
    spy = None
    try:
        load = " ".join(f"{x:.1f}" for x in os.getloadavg())
        print(f"database: {db.split('+')[0] if '://' in db else 'sqlite'}; workers: "
              f"{args.workers}; {os.cpu_count()} cores, load average before: {load}")  # fmt: skip
        if args.profile:  # py-spy (pip install py-spy) samples the server until SIGINT
            assert server.process is not None
            spy = subprocess.Popen(
                [str(Path(sys.executable).with_name("py-spy")), "record", "--subprocesses",
                 "--format", "raw", "-o", args.profile, "--pid", str(server.process.pid)],
                stdout=subprocess.DEVNULL,
            )  # fmt: skip
            time.sleep(2)
        answers = asyncio.run(
            asyncio.wait_for(run(server, eid, codes, grid, args.viewers, args.kill), LIMIT)
        )
        if spy is not None:
            spy.send_signal(signal.SIGINT)
            spy.wait(timeout=60)
    finally:
        server.stop()
    posts = sum(len(v) for v in answers.values())
    print(f"server CPU time for the run: {server.cpu:.1f} s ({server.cpu / posts * 1000:.1f} ms "
          "a POST, ranking requests included)")  # fmt: skip
    print("load average after: " + " ".join(f"{x:.1f}" for x in os.getloadavg()))
    with Store.open(db) as store:
        stored = store.results(eid)
    keys = {(r.result.section, r.result.board, r.result.ns, r.result.ew) for r in stored}
    expected = sum(len(grid[s].assignment(1, t).boards) for s, t in codes)  # type: ignore[attr-defined]
    print(f"stored: {len(stored)} of {expected} expected; distinct: {len(keys)}; "
          f"lost: {expected - len(keys)}; duplicated: {len(stored) - len(keys)}")  # fmt: skip
    ids = {r.id for r in stored}
    created = {v[0][1] for v in answers.values() if v and v[0][0] == 201}  # type: ignore[index]
    print(f"answered 201 but not in the store: {len(created - ids)} of {len(created)}")


if __name__ == "__main__":
    main()
