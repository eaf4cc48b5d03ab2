"""A simultaneous event at a federation's scale, through the store: 500 heats of 15
tables on 24 boards (180,000 results) uploaded, scored across the field and published,
on SQLite and on PostgreSQL.

Run ``.venv/bin/python bench/simultaneous_scale.py [--heats 500] [--tables 15]
[--sqlite-only | --postgres-only]``.  PostgreSQL is a throw-away server started like
``bench_web.py --postgres`` (``initdb``/``pg_ctl`` on 127.0.0.1).  Prints figures and
asserts nothing but that what was stored is what was sent.

Each heat is a synthetic Mitchell (its NS pairs 1..T stay, its EW pairs T+1..2T move
one table a board), every table playing every board: NS scores drawn from a pool of
plausible scores per board, 1 % artificial scores.  What is timed, each step with the
floor it is measured against in the same run:

1. **upload**: every heat through :func:`bridgedesk.services.heat_uploads.receive`
   (the API's path without HTTP: the token, the checks against the deal set, the heat
   stored whole, the audit), one transaction a heat; the floor is the same 180,000
   rows inserted by one bare ``INSERT`` per heat into ``heat_results`` and rolled back;
2. **re-upload** of one heat with the same content (nothing written);
3. **scoring across the field** (:func:`bridgedesk.services.simultaneous_scores.field_scores`:
   every row read in one query, every board scored over the whole field, every heat on
   its own), cold, then again with no upload in between (the process's copy); the floor
   is reading the rows alone;
4. **publication**: the report set in HTML (national ranking, 500 heat pages,
   frequency tables, booklet without double dummy) and the JSON; the floor is writing
   the same bytes to the same number of files.

CPU seconds are this process's (PostgreSQL's own CPU is not in them); the machine's load
average is printed before and after.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

from sqlalchemy import insert

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_web import postgres
from score_scale import POOL

from bridgedesk.deals.analysis import BoardRecord
from bridgedesk.deals.generate import generate
from bridgedesk.events.model import AdjustedScore
from bridgedesk.events.simultaneous import HeatLine, HeatPair, HeatResults
from bridgedesk.formats import dealfile
from bridgedesk.reports.output import Output
from bridgedesk.services import heat_uploads, simultaneous, simultaneous_scores
from bridgedesk.store import simultaneous as sim_store
from bridgedesk.store.models import HeatResultRow
from bridgedesk.store.service import Store

BOARDS = 24


def heat(number: int, tables: int, deals: dict[int, str], rng: random.Random) -> HeatResults:
    """Heat ``number``: a Mitchell of ``tables`` tables, every table every board."""
    lines = []
    for b in range(1, BOARDS + 1):
        likely = POOL[b % 7 :: 3]
        for t in range(1, tables + 1):
            ew = tables + 1 + (t + b) % tables
            if rng.random() < 0.01:
                lines.append(HeatLine(b, t, ew, adjusted=AdjustedScore.parse("A+/A-")))
            else:
                lines.append(HeatLine(b, t, ew, score=rng.choice(likely)))
    pairs = tuple(
        HeatPair(n, f"Player {number}-{n}a - Player {number}-{n}b",
                 (f"{number:03d}{n:02d}1", f"{number:03d}{n:02d}2"))
        for n in range(1, 2 * tables + 1)
    )  # fmt: skip
    return HeatResults(f"Club {number}", "Tuesday sim", dt.date(2026, 11, 24), None, deals, pairs,
                       tuple(lines))  # fmt: skip


def _row(t0: float, c0: float, label: str, floor: float | None = None) -> float:
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    ratio = "" if floor is None else f"   x{cpu / max(floor, 1e-6):.1f} the floor"
    print(f"  {label:<50} {wall:8.2f} {cpu:8.2f}{ratio}")
    return cpu


def run(url: str, heats: int, tables: int, label: str) -> None:
    rng = random.Random(2026)
    deals = {d.board: d.pbn() for d in generate(BOARDS, 1, seed=26)}
    with tempfile.TemporaryDirectory() as tmp:
        deal_path = Path(tmp) / "set.pbn"
        dealfile.dump([BoardRecord(d) for d in generate(BOARDS, 1, seed=26)], deal_path)
        with Store.open(url) as fed:
            eid = simultaneous.create_simultaneous(
                fed, simultaneous.NewSimultaneous("Bench sim", deal_path, "2026-11-24",
                                                  masterpoints="jcbl:regional"),
            )  # fmt: skip
            tokens = [
                simultaneous.add_heat(fed, eid, f"Club {h}", kind="mitchell", tables=tables)[1]
                for h in range(1, heats + 1)
            ]
            sent = [heat(h, tables, deals, rng) for h in range(1, heats + 1)]
            results = sum(len(x.lines) for x in sent)
            print(f"\n{label}: {heats} heats x {tables} tables x {BOARDS} boards = {results:,} "
                  f"results, {2 * heats * tables:,} pairs")  # fmt: skip
            print(f"  {'':<50} {'wall s':>8} {'cpu s':>8}")

            # the floor: the same rows, one bare INSERT a heat, rolled back
            t0, c0 = time.perf_counter(), time.process_time()
            with fed.transaction() as s:
                for x in sent:
                    s.execute(
                        insert(HeatResultRow),
                        [{"heat_id": 1, "board": ln.board, "ns": ln.ns, "ew": ln.ew,
                          "score": ln.score, "adjusted": None if ln.adjusted is None
                          else str(ln.adjusted)} for ln in x.lines],
                    )  # fmt: skip
                s.rollback()
            floor = _row(t0, c0, "floor: bare INSERT of the rows (rolled back)")

            t0, c0 = time.perf_counter(), time.process_time()
            for token, x in zip(tokens, sent, strict=True):
                done = heat_uploads.receive(fed, eid, token, x)
                assert done.outcome == "stored"
            cpu = _row(t0, c0, "upload every heat (receive: check, store, audit)", floor)
            print(f"  {'':<50} {cpu / heats * 1000:8.1f} ms of CPU a heat")
            stored = sum(h.results for h in sim_store.heats(fed, eid))
            assert stored == results, (stored, results)

            t0, c0 = time.perf_counter(), time.process_time()
            again = heat_uploads.receive(fed, eid, tokens[0], sent[0])
            assert again.outcome == "unchanged"
            _row(t0, c0, "the same heat again (unchanged)")

            t0, c0 = time.perf_counter(), time.process_time()
            rows = sim_store.field_rows(fed, eid)
            read = _row(t0, c0, "floor: read every row (field_rows)")
            assert len(rows) == results

            t0, c0 = time.perf_counter(), time.process_time()
            field = simultaneous_scores.field_scores(fed, eid)
            _row(t0, c0, "score across the field (cold)", read)
            t0, c0 = time.perf_counter(), time.process_time()
            simultaneous_scores.field_scores(fed, eid)
            _row(t0, c0, "score across the field (no upload since)")
            top = field.pairs[0]
            print(f"  the winner: pair {top.id} {float(top.percentage):.2f} %, "
                  f"{len(field.pairs):,} pairs ranked")  # fmt: skip

            out = Path(tmp) / "site"
            t0, c0 = time.perf_counter(), time.process_time()
            done_pages = simultaneous_scores.publish_field(fed, eid, Output.HTML, "en", out)
            published = _row(t0, c0, "publish: every page and the JSON")
            files = list(done_pages.files)
            size = sum(f.stat().st_size for f in files)
            texts = [f.read_bytes() for f in files]
            copy = Path(tmp) / "copy"
            copy.mkdir()
            t0, c0 = time.perf_counter(), time.process_time()
            for n, text in enumerate(texts):
                (copy / f"{n}.html").write_bytes(text)
            wrote = _row(t0, c0, "floor: write the same bytes")
            print(f"  {len(files)} files, {size / 1e6:.1f} MB; publishing is "
                  f"x{published / max(wrote, 1e-6):.0f} the floor")  # fmt: skip

            t0, c0 = time.perf_counter(), time.process_time()
            awards = simultaneous_scores.field_awards(fed, eid)
            _row(t0, c0, "JCBL awards on the national ranking")
            print(f"  {len(awards.all):,} awards")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"  peak memory of this process so far: {peak:,.0f} MB")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--heats", type=int, default=500)
    ap.add_argument("--tables", type=int, default=15)
    which = ap.add_mutually_exclusive_group()
    which.add_argument("--sqlite-only", action="store_true")
    which.add_argument("--postgres-only", action="store_true")
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    if not args.postgres_only:
        with tempfile.TemporaryDirectory() as tmp:
            run(str(Path(tmp) / "fed.sqlite3"), args.heats, args.tables, "SQLite")
    if not args.sqlite_only:
        with postgres() as url:
            run(url, args.heats, args.tables, "PostgreSQL")
    print(f"\nload average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
