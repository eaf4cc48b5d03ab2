"""A simultaneous event's federation server with two server processes over one PostgreSQL
store (``uvicorn --workers 2``, as ``bridgedesk serve --workers 2`` runs it;
docs/simultaneous.md, "At a federation's scale"):

- heats uploaded at the same moment through either process are all stored, and two
  uploads of the same heat at once store it once (the heat's row is locked while its
  results are replaced; the second finds the same content and changes nothing);
- each process keeps the field it has scored, but never past an upload: after a heat's
  correction, whichever process answers shows the field as the store now holds it
  (each page equal to the page scored afresh here, from the store).

The heats are :func:`tests.services.sim_heats.synthetic_heat`'s.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path

import httpx
import pytest

from bridgedesk.deals.analysis import BoardRecord
from bridgedesk.deals.generate import generate
from bridgedesk.formats import dealfile, heat_json
from bridgedesk.services import simultaneous, simultaneous_scores
from bridgedesk.store import simultaneous as sim_store
from bridgedesk.store.service import Store
from tests.services.sim_heats import SCORES, synthetic_heat
from tests.web.test_console_workers import two_workers

pytestmark = pytest.mark.slow


def test_two_workers_take_heats_and_show_the_field_as_stored(
    new_postgres_db: Callable[[], str], tmp_path: Path
) -> None:
    url = new_postgres_db()
    deals = list(generate(6, 1, seed=26))
    set_file = tmp_path / "set.pbn"
    dealfile.dump([BoardRecord(d) for d in deals], set_file)
    rng = random.Random(26)
    heats = [synthetic_heat(n, deals, rng) for n in (1, 2, 3)]
    with Store.open(url) as fed:
        eid = simultaneous.create_simultaneous(
            fed, simultaneous.NewSimultaneous("Two workers sim", set_file, "2026-11-24")
        )
        tokens = [simultaneous.add_heat(fed, eid, f"Club {n}")[1] for n in (1, 2, 3)]
        server, base = two_workers(url)
        try:
            upload = f"{base}/api/simultaneous/{eid}/upload"

            def send(i: int) -> tuple[int, str]:
                answer = httpx.post(
                    upload, content=heat_json.dumps(heats[i]).encode(), timeout=60,
                    headers={"Authorization": f"Bearer {tokens[i]}"},
                )  # fmt: skip
                assert answer.status_code == 200, answer.text
                return i + 1, str(answer.json()["outcome"])

            # heat 1 twice at once, heats 2 and 3 beside it
            with ThreadPoolExecutor(4) as pool:
                outcomes = sorted(pool.map(send, (0, 0, 1, 2)))
            assert outcomes == [(1, "stored"), (1, "unchanged"), (2, "stored"), (3, "stored")]
            assert [h.results for h in sim_store.heats(fed, eid)] == [18, 18, 18]
            assert len(sim_store.uploads(fed, eid)) == 3

            def pages() -> set[str]:
                """The national ranking and heat 2's page as the processes answer."""
                with httpx.Client(base_url=base) as anyone:
                    return {
                        anyone.get(f"/s/{eid}/{name}").text
                        for _ in range(8)
                        for name in ("index.html", "heat-2.html")
                    }

            def fresh() -> set[str]:
                return {
                    simultaneous_scores.page(fed, eid, name, "en")
                    for name in ("index.html", "heat-2.html")
                }

            before = fresh()
            assert pages() == before
            # heat 2 corrects a score: every process shows the corrected field
            first = heats[1].lines[0]
            other = next(s for s in SCORES if s != first.score)
            heats[1] = replace(heats[1], lines=(replace(first, score=other), *heats[1].lines[1:]))
            assert send(1) == (2, "corrected")
            after = fresh()
            assert after != before
            assert pages() == after
        finally:
            server.terminate()
            server.wait(timeout=30)
