"""Table terminals at a club's pace: open-loop arrivals against ``bridgedesk serve``.

Run: .venv/bin/python bench/bench_open_loop.py [--rate 20] [--seconds 30] [--warm 5] [--rounds 1]
     [--viewers 20] [--postgres] [--workers N] [--db PATH-or-URL] [--profile FILE]
     [--profile-phase posts|viewers] [--gil]

The issue's figures (issue 22: 100 tables, 20 viewers, 20 results/s, SQLite, one
worker) are the defaults: on a quiet machine run it with no options and read
"CPU a POST / floor's" (the target is at most 2x) and the p99 of the POSTs
(target < 100 ms), the "201 -> on every viewer's page" p95 (target 200 ms) and
the live results' CPU of a 20-table section (target 10 ms after a new result,
1 ms unchanged).  Every figure is printed with the load average beside it: on a
shared machine only the CPU times mean anything.  ``--profile FILE`` samples the
server with py-spy during the POSTs-only phase (``--profile-phase viewers``: the
phase with the viewers) into FILE (collapsed stacks, one per line with its
count: grep it, or feed it to flamegraph.pl).

Tables do not keep requests in flight as fast as the server answers: a slip is
sent when a pair has filled it in.  So the results arrive as a Poisson process
of ``--rate`` a second, each sent at its scheduled time by a table that has no
request of its own in flight, and each latency is measured from the scheduled
time, not from when the client got round to sending it (a server that falls
behind is charged for the queue it builds; "coordinated omission").

The event of ``bench_web.py``: 100 tables in 5 sections of 20 (skip Mitchell,
3 boards a round); every table enters its slips round by round.  Three phases
of ``--seconds`` each, one after another in this one process tree (both servers
running from the start; ``--rounds N`` takes the first two in turn N times and
prints each round's ratio and their median, so that a host whose other load drifts
during the run charges the drift to both):

Each server is warmed up first with ``--warm`` seconds of results at the same rate,
not counted (a server runs all evening: its first connections and caches are not
what every POST costs).

1. **floor**: ``bench/floor_app.py`` (FastAPI under the same uvicorn, a bearer
   token checked, one SQLite row inserted a request): the least a POST costs;
2. **posts**: ``bridgedesk serve`` (one worker unless ``--workers``), result
   POSTs only;
3. **viewers**: the same with ``--viewers`` people watching the live page as a
   browser does (``live.js``): each listens to ``/e/ID/events`` (server-sent
   events) and fetches ``/e/ID/live`` when an ``update`` announces a version it
   does not show, one fetch at a time.  For
   each result answered 201, the time until each viewer holds a page that
   includes it (its ``data-version`` has the result's id) is the "on the page"
   delay.

Then, in this process on the same database, the CPU time of the server's live
results (:class:`bridgedesk.services.live_results.LiveResults`, what ``serve``
keeps per process) for a 20-table section: after one new result, and unchanged.

Prints p50/p95/p99 latencies, the server's CPU time per POST (from /proc: what
the machine's other load does not change), split between its event loop's thread
and its worker threads (one worker), its ratio to the floor's, the load average
before and after each phase, and the share of the CPUs the hypervisor gave to
other machines during it ("steal": on a shared host every figure moves with it).
Asserts nothing.  Bounded: each phase sends at most ``rate * seconds`` results,
every request has a 30 s timeout, and the whole run stops after ``LIMIT`` seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).parent))

from bench_web import Server, cpu_seconds, postgres, setup, stat_fields, stat_seconds

LIMIT = 600.0
TIMEOUT = 30.0
SEED = 22


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else 0.0


def line(what: str, times: list[float]) -> None:
    print(f"  {what:<30} p50 {pct(times, 0.5):7.1f} ms  p95 {pct(times, 0.95):7.1f} ms  "
          f"p99 {pct(times, 0.99):7.1f} ms  max {pct(times, 1.0):7.1f} ms  "
          f"({len(times)})")  # fmt: skip


@dataclass
class Table:
    """A table's token and its slips still to send, in the order it plays them."""

    token: str
    slips: list[dict[str, Any]]
    busy: bool = False


@dataclass
class Outcome:
    latencies: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    #: result id -> when its 201 arrived (monotonic)
    created: dict[int, float] = field(default_factory=dict)
    skipped: int = 0
    #: the share of the machine's CPU time its hypervisor gave to others (steal), or None
    steal: float | None = None


async def open_loop(
    client: httpx.AsyncClient, tables: list[Table], rate: float, seconds: float
) -> Outcome:
    """Send results at Poisson arrival times; latency from the scheduled time."""
    rng = random.Random(SEED)
    out = Outcome()
    pending: set[asyncio.Task[None]] = set()

    async def send(t: Table, body: dict[str, Any], due: float) -> None:
        try:
            r = await client.post(
                "/api/table/results", json=body,
                headers={"Authorization": f"Bearer {t.token}",
                         "Idempotency-Key": secrets.token_hex(8)},
            )  # fmt: skip
            done = time.monotonic()
            out.latencies.append(done - due)
            out.statuses[r.status_code] = out.statuses.get(r.status_code, 0) + 1
            if r.status_code == 201:
                out.created[int(r.json()["id"])] = done
        except httpx.HTTPError:
            out.statuses[0] = out.statuses.get(0, 0) + 1
        finally:
            t.busy = False

    start = time.monotonic()
    due = start
    count = int(rate * seconds)
    for _ in range(count):
        due += rng.expovariate(rate)
        wait = due - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)
        idle = [t for t in tables if not t.busy and t.slips]
        if not idle:  # every table waits for an answer: this arrival is lost
            out.skipped += 1
            continue
        t = rng.choice(idle)
        t.busy = True
        task = asyncio.create_task(send(t, t.slips.pop(0), due))
        pending.add(task)
        task.add_done_callback(pending.discard)
    if pending:
        await asyncio.wait(pending, timeout=TIMEOUT)
    return out


_VERSION = re.compile(rb'data-version="(\d+)\.(\d+)\.(\d+)"')


async def viewer(
    base: str, eid: int, seen: list[tuple[float, int]], stop: asyncio.Event,
    fetch_times: list[float],
) -> None:  # fmt: skip
    """A browser on ``/e/ID/`` as ``live.js`` drives it: listens to the stream and
    fetches the fragment when an ``update`` (or the ``hello``) announces a version
    other than the one on the page, one fetch at a time (updates arriving meanwhile ask
    for one more, unless the fetch brought the version last announced); ``seen`` gets
    (when, the highest result id on the page)."""
    pending = asyncio.Event()
    state = {"wanted": "", "shown": ""}

    async def listen(client: httpx.AsyncClient) -> None:
        while not stop.is_set():
            try:
                async with client.stream("GET", f"/e/{eid}/events") as stream:
                    announcing = False
                    async for text in stream.aiter_lines():
                        if text.startswith("event: "):
                            announcing = text in ("event: update", "event: hello")
                        elif announcing and text.startswith("data: "):
                            state["wanted"] = text[len("data: ") :]
                            if state["wanted"] != state["shown"]:
                                pending.set()
                            announcing = False
            except httpx.HTTPError:
                await asyncio.sleep(0.2)

    async with httpx.AsyncClient(base_url=base, timeout=TIMEOUT) as client:
        listening = asyncio.create_task(listen(client))
        try:
            while not stop.is_set():
                await pending.wait()
                pending.clear()
                t0 = time.monotonic()
                try:
                    r = await client.get(f"/e/{eid}/live")
                except httpx.HTTPError:
                    continue
                now = time.monotonic()
                fetch_times.append(now - t0)
                found = _VERSION.search(r.content)
                if found:
                    seen.append((now, int(found.group(2))))
                    state["shown"] = found.group(0).split(b'"')[1].decode()
                    if state["shown"] == state["wanted"]:
                        pending.clear()  # the newest announced is on the page
        finally:
            listening.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await listening


def on_page_delays(created: dict[int, float], views: list[list[tuple[float, int]]]) -> list[float]:
    """For each result answered 201 and each viewer: from the 201 until the viewer's page
    first shows a version that includes the result."""
    delays = []
    for seen in views:
        ordered = sorted(seen)
        for rid, at in created.items():
            shown = next((when for when, last in ordered if last >= rid), None)
            if shown is not None:
                delays.append(max(0.0, shown - at))
            else:
                delays.append(float("inf"))
    return delays


class Floor:
    """``bench/floor_app.py`` under uvicorn on 127.0.0.1."""

    def __init__(self, tokens: list[str]) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        db = Path(tempfile.mkdtemp(prefix="bridgedesk-floor-")) / "floor.sqlite3"
        env = {**os.environ, "FLOOR_DB": str(db), "FLOOR_TOKENS": ",".join(tokens)}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "floor_app:app", "--app-dir",
             str(Path(__file__).parent), "--host", "127.0.0.1", "--port", str(self.port),
             "--log-level", "warning"],
            env=env, start_new_session=True,
        )  # fmt: skip
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(f"{self.base}/", timeout=2)
                break
            except httpx.HTTPError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise SystemExit("the floor app did not start") from None
                time.sleep(0.2)

    def cpu(self) -> float:
        return cpu_seconds(self.process.pid)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)


def slips_of(
    codes: dict[tuple[str, int], str], grid: dict[str, Any]
) -> dict[tuple[str, int], list[dict[str, Any]]]:
    """Every table's slips, round by round."""
    out: dict[tuple[str, int], list[dict[str, Any]]] = {}
    for section, number in codes:
        g = grid[section]
        slips = []
        for rnd in range(1, g.rounds + 1):
            a = g.assignment(rnd, number)
            if a is None:
                continue
            for i, board in enumerate(a.boards):
                slips.append({"round": rnd, "board": board, "ns": a.ns, "ew": a.ew,
                              "contract": "3NT", "declarer": "S",
                              "result": str(7 + (i + number + rnd) % 5)})  # fmt: skip
        out[(section, number)] = slips
    return out


async def logins(
    base: str, eid: int, codes: dict[tuple[str, int], str]
) -> dict[tuple[str, int], str]:
    async with httpx.AsyncClient(base_url=base, timeout=TIMEOUT) as client:
        tokens = {}
        for (section, number), code in codes.items():
            r = await client.post("/api/table/login", json={
                "event": eid, "section": section, "table": number, "code": code})  # fmt: skip
            tokens[(section, number)] = r.json()["token"]
        return tokens


def cpu_ticks() -> tuple[int, int] | None:
    """The machine's CPU time so far (Linux /proc/stat, in ticks): all of it, and what
    the hypervisor gave to other machines ("steal"; a busy host slows every figure)."""
    try:
        first = Path("/proc/stat").read_text().split("\n", 1)[0].split()
    except OSError:
        return None
    ticks = [int(x) for x in first[1:9]]
    return sum(ticks), ticks[7]


def main_thread_cpu(pid: int) -> float:
    """CPU time used so far by a process's main thread (Linux /proc): a uvicorn server's
    event loop, without its worker threads."""
    fields = stat_fields(Path(f"/proc/{pid}/task/{pid}/stat"))
    return 0.0 if fields is None else stat_seconds(fields)


def report(name: str, out: Outcome, cpu: float, wall: float, loop: float | None = None) -> float:
    posts = len(out.latencies)
    per = cpu / posts * 1000 if posts else 0.0
    codes = ", ".join(f"{k}: {v}" for k, v in sorted(out.statuses.items()))
    print(f"{name}: {posts} POSTs in {wall:.1f} s ({posts / wall:.1f}/s; answers {codes}; "
          f"arrivals with every table busy: {out.skipped})")  # fmt: skip
    line("POST /api/table/results", out.latencies)
    stolen = "" if out.steal is None else f"; steal {out.steal:.0%}"
    print(f"  server CPU {cpu:.2f} s: {per:.2f} ms a POST; load average now {load()}{stolen}")
    if loop is not None and posts:
        print(f"    of which the event loop's thread {loop / posts * 1000:.2f} ms, "
              f"the worker threads {(cpu - loop) / posts * 1000:.2f} ms")  # fmt: skip
    return per


#: A phase's outcome, server CPU, wall time, what each viewer was shown, the viewers'
#: fetches and the server's event-loop thread's CPU (None: not measured).
Measured = tuple[Outcome, float, float, list[list[tuple[float, int]]], list[float], float | None]


async def phase(
    base: str, tables: list[Table], rate: float, seconds: float, server_cpu: Any,
    viewers: int = 0, eid: int = 0, loop_cpu: Any = None,
) -> Measured:  # fmt: skip
    limits = httpx.Limits(max_connections=400, max_keepalive_connections=400)
    views: list[list[tuple[float, int]]] = [[] for _ in range(viewers)]
    fetches: list[float] = []
    stop = asyncio.Event()
    watching = [asyncio.create_task(viewer(base, eid, v, stop, fetches)) for v in views]
    if watching:
        await asyncio.sleep(1.0)  # every stream open
    async with httpx.AsyncClient(base_url=base, timeout=TIMEOUT, limits=limits) as client:
        cpu0, t0, ticks0 = server_cpu(), time.monotonic(), cpu_ticks()
        loop0 = loop_cpu() if loop_cpu is not None else 0.0
        out = await open_loop(client, tables, rate, seconds)
        if watching:
            await asyncio.sleep(0.5)  # the last updates reach the pages
        cpu, wall = server_cpu() - cpu0, time.monotonic() - t0
        loop = loop_cpu() - loop0 if loop_cpu is not None else None
        ticks = cpu_ticks()
        if ticks is not None and ticks0 is not None and ticks[0] > ticks0[0]:
            out.steal = (ticks[1] - ticks0[1]) / (ticks[0] - ticks0[0])
    stop.set()
    for task in watching:
        task.cancel()
    await asyncio.gather(*watching, return_exceptions=True)
    return out, cpu, wall, views, fetches, loop


def profiler(pid: int, out: str | None, gil: bool = False) -> subprocess.Popen[bytes] | None:
    """py-spy (in this Python's bin) sampling the server into ``out`` until SIGINT
    (``gil``: only the thread holding the GIL, so idle worker threads and the event
    loop's wait are not counted)."""
    if out is None:
        return None
    spy = subprocess.Popen(
        [str(Path(sys.executable).with_name("py-spy")), "record", "--subprocesses",
         "--format", "raw", "-o", out, "--pid", str(pid), "--rate", "500",
         *(["--gil"] if gil else [])],
        stdout=subprocess.DEVNULL,
    )  # fmt: skip
    time.sleep(2)  # attached before the first POST
    return spy


def ranking_cpu(db: str, eid: int, codes: dict[tuple[str, int], str], grid: dict[str, Any]) -> None:
    """In this process: the server's live results of a 20-table section, after one new
    result and unchanged (CPU time, best of 5)."""
    from bridgedesk.services import slips, visibility
    from bridgedesk.services.live_results import LiveResults
    from bridgedesk.store import terminals
    from bridgedesk.store.service import Store
    from bridgedesk.web import live as web_live
    from bridgedesk.web.app import create_app
    from bridgedesk.web.table_body import table_slip

    store = Store.open(db)
    live = LiveResults(store)
    stored = {(r.result.section, r.result.table, r.result.round, r.result.board)
              for r in store.results(eid)}  # fmt: skip
    todo = [(s, n, body) for (s, n), bodies in slips_of(codes, grid).items() if s == "A"
            for body in bodies if ("A", n, body["round"], body["board"]) not in stored]  # fmt: skip
    terminal = {n: terminals.login(store, eid, "A", n, codes[("A", n)])[1] for _, n, _ in todo}
    results = sum(1 for s, *_ in stored if s == "A")
    app = create_app(store=store, poll_seconds=60.0)  # the web's cache, as serve has it

    async def kept_answer() -> float:
        """The ranking JSON asked twice of the web app: the second is what a request
        between two changes costs (its CPU time)."""
        await web_live.ranking_body(app, eid, "A", 1)
        t0 = time.process_time()
        await web_live.ranking_body(app, eid, "A", 1)
        return time.process_time() - t0

    def refresh() -> None:  # as the server does after a change: one read of the stamps
        stamp = live.stamps(eid)[(1, "A")]
        live.section(eid, 1, "A", stamp).display  # noqa: B018
        visibility.kept_public_ranking(store, live, eid, "A", 1)  # the public JSON's body

    refresh()
    new, unchanged, known = [], [], []
    for _ in range(5):
        t0 = time.process_time()
        refresh()
        unchanged.append(time.process_time() - t0)
        known.append(asyncio.run(kept_answer()))
        done = set()
        for _, n, body in todo:  # the next slip of some table still playing
            if n in done:
                continue
            try:
                slips.enter_at_table(store, table_slip(terminal[n], body))
            except Exception:  # a table waiting for its round
                continue
            todo.remove(("A", n, body))
            break
        t0 = time.process_time()
        refresh()
        new.append(time.process_time() - t0)
    print(f"live results of section A (20 tables, {results}+ results), CPU in this process, "
          f"load average {load()}:")  # fmt: skip
    print(f"  after one new result (ranking, travellers, JSON): best {min(new) * 1000:.2f} ms, "
          f"median {sorted(new)[2] * 1000:.2f} ms")  # fmt: skip
    print(
        f"  unchanged, the store asked (one read of the stamps): best "
        f"{min(unchanged) * 1000:.3f} ms, median {sorted(unchanged)[2] * 1000:.3f} ms"
    )
    print(f"  unchanged, between two changes (the answer kept for the version): best "
          f"{min(known) * 1000:.4f} ms, median {sorted(known)[2] * 1000:.4f} ms")  # fmt: skip
    store.close()


async def warm_up(base: str, tables: list[Table], args: argparse.Namespace) -> None:
    """``--warm`` seconds of results at the phase's rate, not counted: what a server
    does once in an evening (its first connections, its first slip of each section,
    its caches filled) is not charged to every POST of the measured phase."""
    if args.warm > 0:
        out, *_ = await phase(base, tables, args.rate, args.warm, lambda: 0.0)
        print(f"  (warmed up first: {len(out.latencies)} POSTs in {args.warm:.0f} s, not counted)")


async def run(
    args: argparse.Namespace, db: str
) -> tuple[int, dict[tuple[str, int], str], dict[str, Any]]:
    eid, codes, grid = setup(db, 100)
    slips = slips_of(codes, grid)
    print(f"{os.cpu_count()} cores; load average before: {load()}; rate {args.rate}/s, "
          f"{args.seconds:.0f} s a phase, {len(codes)} tables")  # fmt: skip
    needed = args.rate * (args.warm + args.seconds * (args.rounds + 1)) * 1.1
    held = sum(len(found) for found in slips.values())
    if needed > held:  # a phase that ran out of slips would measure a finished event
        raise SystemExit(f"--rounds {args.rounds} with --seconds {args.seconds:g} at "
                         f"--rate {args.rate:g} needs about {needed:.0f} results; the event "
                         f"has {held}: take fewer rounds or shorter phases")  # fmt: skip
    fake = [secrets.token_urlsafe(24) for _ in codes]
    floor = Floor(fake)
    server = Server(db, args.workers)
    try:
        server.start()
        assert server.process is not None
        pid = server.process.pid
        pairs = zip(fake, codes, strict=True)
        floor_tables = [Table(t, [dict(s) for s in slips[k]]) for t, k in pairs]
        tokens = await logins(server.base, eid, codes)
        tables = [Table(tokens[k], slips[k]) for k in codes]
        await warm_up(floor.base, floor_tables, args)
        await warm_up(server.base, tables, args)
        ratios = []
        for turn in range(1, args.rounds + 1):
            # 1. the floor, then 2. bridgedesk serve, one after the other (each round)
            label = f" (round {turn} of {args.rounds})" if args.rounds > 1 else ""
            out, cpu, wall, _, _, loop = await phase(
                floor.base, floor_tables, args.rate, args.seconds, floor.cpu,
                loop_cpu=lambda: main_thread_cpu(floor.process.pid),
            )  # fmt: skip
            floor_per = report("floor (FastAPI + uvicorn, bearer check, one SQLite insert)"
                               + label, out, cpu, wall, loop)  # fmt: skip
            spy = profiler(pid, args.profile if args.profile_phase == "posts" else None, args.gil)
            try:
                out, cpu, wall, _, _, loop = await phase(
                    server.base, tables, args.rate, args.seconds, lambda: cpu_seconds(pid),
                    loop_cpu=(lambda: main_thread_cpu(pid)) if args.workers == 1 else None,
                )  # fmt: skip
            finally:
                if spy is not None:
                    spy.send_signal(signal.SIGINT)
                    spy.wait(timeout=60)
            per = report(f"bridgedesk serve, {args.workers} worker(s), POSTs only" + label,
                         out, cpu, wall, loop)  # fmt: skip
            ratios.append(per / floor_per)
            print(f"  CPU a POST / floor's: {per / floor_per:.1f}x")
        if args.rounds > 1:
            print(f"CPU a POST / floor's, round by round: "
                  f"{', '.join(f'{r:.2f}x' for r in ratios)}; median "
                  f"{statistics.median(ratios):.2f}x")  # fmt: skip
        floor.stop()
        # 3. bridgedesk serve with the viewers
        spy = profiler(pid, args.profile if args.profile_phase == "viewers" else None, args.gil)
        try:
            out, cpu, wall, views, fetches, _ = await phase(
                server.base, tables, args.rate, args.seconds, lambda: cpu_seconds(pid),
                viewers=args.viewers, eid=eid,
            )  # fmt: skip
        finally:
            if spy is not None:
                spy.send_signal(signal.SIGINT)
                spy.wait(timeout=60)
        per = report(f"bridgedesk serve, with {args.viewers} viewers", out, cpu, wall)
        print(f"  CPU a POST (viewers' pages included) / floor's: {per / floor_per:.1f}x")
        line("GET /e/ID/live on update", fetches)
        made = len({last for seen in views for _, last in seen})
        print(f"  versions of the page the viewers were shown: {made} (each made once)")
        delays = on_page_delays(out.created, views)
        never = sum(1 for d in delays if d == float("inf"))
        line("201 -> on every viewer's page", [d for d in delays if d != float("inf")])
        print(f"  (result, viewer) pairs never shown: {never} of {len(delays)}")
    finally:
        floor.stop()
        server.stop()
    return eid, codes, grid


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0] if __doc__ else None,
        epilog="The defaults are issue 22's rate. On a quiet machine run it with no options "
        "and compare 'CPU a POST / floor's' (target at most 2x), the POSTs' p99 (< 100 ms) "
        "and the p95 of '201 -> on every viewer's page' (200 ms); the load average is printed "
        "beside every phase, and only CPU times mean anything on a busy machine.",
    )
    parser.add_argument("--rate", type=float, default=20.0, help="results a second (20)")
    parser.add_argument("--seconds", type=float, default=30.0, help="length of each phase (30)")
    parser.add_argument(
        "--warm", type=float, default=5.0,
        help="seconds of results sent to the floor and to serve before they are measured (5)",
    )  # fmt: skip
    parser.add_argument(
        "--rounds", type=int, default=1, choices=range(1, 6), metavar="N",
        help="the floor's and serve's POST phases taken in turn N times (1-5), each round's "
        "ratio and their median printed: the host's drift falls on both (1)",
    )  # fmt: skip
    parser.add_argument("--viewers", type=int, default=20, help="people watching /e/ID/ (20)")
    parser.add_argument("--workers", type=int, default=1, help="serve --workers (1)")
    parser.add_argument("--postgres", action="store_true", help="a throw-away PostgreSQL server")
    parser.add_argument("--db", default=None, help="a SQLite path or a database URL")
    parser.add_argument(
        "--profile", default=None, metavar="FILE",
        help="py-spy samples the server during one phase (--profile-phase) into FILE "
        "(collapsed stacks)",
    )  # fmt: skip
    parser.add_argument(
        "--profile-phase", choices=("posts", "viewers"), default="posts",
        help="the phase --profile samples: the POSTs only (posts, the default) or the POSTs "
        "with the viewers' streams and fetches (viewers)",
    )  # fmt: skip
    parser.add_argument(
        "--gil", action="store_true",
        help="--profile samples only the thread holding the GIL (py-spy --gil)",
    )  # fmt: skip
    args = parser.parse_args()
    with contextlib.ExitStack() as stack:
        db = args.db or str(Path(tempfile.mkdtemp(prefix="bridgedesk-bench-")) / "bench.sqlite3")
        if args.postgres:
            db = stack.enter_context(postgres())
        eid, codes, grid = asyncio.run(asyncio.wait_for(run(args, db), LIMIT))
        if "://" not in db:
            ranking_cpu(db, eid, codes, grid)
    print(f"load average after: {load()}; this client's CPU time: {time.process_time():.1f} s")


if __name__ == "__main__":
    main()
