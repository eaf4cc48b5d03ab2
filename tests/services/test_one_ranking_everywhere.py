"""Every surface of a stored event gives the same numbers (issue 21).

A stored event of each kind is built through the library (its results simulated from
seeded deals, :mod:`bridgedesk.simulate`), then read back the six ways a club sees
it: ``bridgedesk results --format json``, ``GET /api/events/ID/ranking``, the public
``/e/`` page, the console's report zip (``reports.zip``, and ``event.zip`` for an
event of several sessions; ``/d/teams/ID/publish/reports.zip`` for a team event) and the
masterpoint awards (the places they are given for).  Each must give the same
totals, percentages and places.

Before the services floor, the live page, the ranking API and the console's
reports zip scored a pairs event without its matchpoint convention (pair 2 had
130.67 of 180 by ``results`` and 65.33 of 90 on ``/e/``), so the pairs events under
``two-per-comparison`` and ``jfr-pary`` fail on that code.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import re
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgedesk import demo_individuals, demo_sessions, demo_teams
from bridgedesk.cli import main
from bridgedesk.deals.generate import generate
from bridgedesk.events.model import Entry, Player, Result
from bridgedesk.events.rulings import PenaltyUnit, ProceduralPenalty
from bridgedesk.movements.catalogue import build
from bridgedesk.services import rulings, slips
from bridgedesk.services.awards import event_awards
from bridgedesk.services.draws import next_pair_round
from bridgedesk.services.event_setup import NewEvent, create_event_of_kind
from bridgedesk.simulate import simulate
from bridgedesk.store import users
from bridgedesk.store.service import Store
from bridgedesk.store.users import Role
from bridgedesk.web.app import create_app
from tests.web.test_console import PASSWORD, log_in

#: (pair, rank, total, percentage) as every surface prints them
Row = tuple[str, str, str, str]


@dataclass(frozen=True)
class Built:
    db: Path
    event: int
    #: the event has several sessions (its ranking is over them)
    sessions: bool = False
    #: a team event
    teams: bool = False
    #: the masterpoint awards apply (pairs and individuals)
    awards: bool = True


def _people(n: int, first: int) -> tuple[Player, Player]:
    return (Player(f"North{n}", str(first + 2 * n)), Player(f"South{n}", str(first + 2 * n + 1)))


def _play_movement(store: Store, event: int, seed: int) -> None:
    """A simulated result for every table of the movement (seeded deals and play)."""
    grid = store.movement(event)
    assert grid is not None
    deals = {d.board: d for d in generate(len(grid.boards), grid.boards[0], seed=seed)}
    rng = random.Random(seed)
    rows: list[tuple[int | None, Result]] = []
    for (rnd, table), seat in sorted(grid.grid.items()):
        for b in seat.boards:
            p = simulate(deals[b], None, rng)
            rows.append((None, Result(rnd, table, b, seat.ns, seat.ew, p.contract, p.declarer,
                                      p.tricks)))  # fmt: skip
    slips.import_slips(store, event, rows, who="test")


def pairs_event(db: Path, scoring: str, convention: str | None = None) -> Built:
    """Eight pairs in a Howell, scored by ``scoring`` (and ``convention``), with a penalty."""
    with Store.open(db) as store:
        asked = NewEvent(f"{scoring} {convention}", scoring=scoring, convention=convention,
                         date="2026-11-24")  # fmt: skip
        eid = create_event_of_kind(store, asked, who="test").id
        for n in range(1, 9):
            store.add_entry(eid, Entry(n, _people(n, 1000)))
        store.set_movement(eid, build("howell", pairs=8, boards_per_round=2))
        _play_movement(store, eid, seed=7)
        if scoring != "butler":  # a Butler pairs penalty is in VPs (003:55-57): none here
            penalty = ProceduralPenalty(3, Fraction(1, 4), PenaltyUnit.BOARDS, "slow play")
            rulings.penalty(store, eid, penalty, who="test")
    return Built(db, eid)


def swiss_pairs_event(db: Path) -> Built:
    """Eight pairs, two rounds of Swiss pairs (VPs a round, 004:2589-2602)."""
    with Store.open(db) as store:
        asked = NewEvent("Swiss pairs", format="swiss-pairs", date="2026-11-24")
        eid = create_event_of_kind(store, asked, who="test").id
        for n in range(1, 9):
            store.add_entry(eid, Entry(n, _people(n, 2000)))
        rng = random.Random(5)
        for _ in range(2):
            drawn = next_pair_round(store, eid, 3)
            deals = {d.board: d for d in generate(3, drawn.boards[0], seed=drawn.draw.round)}
            rows: list[tuple[int | None, Result]] = []
            for table, (ns, ew) in enumerate(drawn.draw.tables, start=1):
                for b in drawn.boards:
                    p = simulate(deals[b], None, rng)
                    rows.append((None, Result(drawn.draw.round, table, b, ns, ew, p.contract,
                                              p.declarer, p.tricks)))  # fmt: skip
            slips.import_slips(store, eid, rows, who="test")
    return Built(db, eid)


def _events(tmp: Path) -> Iterator[tuple[str, Built]]:
    for scoring, convention in (
        ("mp", "jcbl"),
        ("mp", "two-per-comparison"),
        ("mp", "jfr-pary"),
        ("ximp", None),
        ("butler", None),
        ("total", None),
    ):
        yield f"pairs-{scoring}-{convention}", pairs_event(tmp / "pairs.sqlite3", scoring,
                                                          convention)  # fmt: skip
    made = demo_sessions.run(pairs=16, sessions=2, out=tmp / "sessions", db=tmp / "s.sqlite3")
    yield "two-sessions", Built(tmp / "s.sqlite3", made.event_id, sessions=True)
    made_i = demo_individuals.run(players=8, out=tmp / "ind", db=tmp / "i.sqlite3", dd=False)
    yield "individual", Built(tmp / "i.sqlite3", made_i.event_id)
    yield "swiss-pairs", swiss_pairs_event(tmp / "swiss.sqlite3")
    for form, teams in (("round-robin", 4), ("swiss", 6)):
        made_t = demo_teams.run(teams=teams, form=form, out=tmp / form, db=tmp / "t.sqlite3")
        yield f"teams-{form}", Built(tmp / "t.sqlite3", made_t.event_id, teams=True, awards=False)


# -- how each surface is read ------------------------------------------------------------


def _rows(doc: dict[str, Any]) -> list[Row]:
    """The ranking of a results document: a section's or the ranking over the sessions,
    a Swiss event's standings after its last round, a team event's standings."""
    if "standings" in doc and "matches" in doc:  # a team event
        return [
            (str(s["team"]), str(s["rank"]), f"{float(s['points']):.2f}", "")
            for s in doc["standings"]
        ]
    # round by round: the standings after the last round
    lines = doc["rounds"][-1]["ranking"] if "rounds" in doc else doc["ranking"]
    return [
        (str(r["pair"]), str(r["rank"]), f"{float(r['total']):.2f}",
         "" if r.get("percentage") is None else f"{float(r['percentage']):.2f}")
        for r in lines
    ]  # fmt: skip


def cli_json(built: Built) -> list[Row]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["results", str(built.event), "--format", "json", "--db", str(built.db)]) == 0
    return _rows(json.loads(out.getvalue()))


def _page_rows(html: str, table: str) -> list[Row]:
    """The rows of the page's ranking table (``table``: its class or id marker)."""
    body = html.split(table, 1)[1].split("</table>", 1)[0]
    rows = []
    for cells in re.findall(r"<tr data-(?:pair|team)=[^>]*>(.*?)</tr>", body, re.S):
        text = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>",
                                                                       cells, re.S)]  # fmt: skip
        rows.append(text)
    return rows  # type: ignore[return-value]


def live_rows(client: TestClient, built: Built) -> list[Row]:
    if built.teams:
        html = client.get(f"/e/{built.event}/teams/").text
        return [(r[1], r[0], r[6], "") for r in _page_rows(html, 'id="standings"')]
    html = client.get(f"/e/{built.event}/").text
    assert 'id="live"' in html
    marker = 'class="grid ranking overall"' if "ranking overall" in html else 'class="grid ranking"'
    return [(r[1], r[0], r[3], r[4]) for r in _page_rows(html, marker)]


def zip_rows(client: TestClient, built: Built) -> list[Row]:
    """The console's download of the report set, its ``results.json``."""
    if built.teams:
        url = f"/d/teams/{built.event}/publish/reports.zip"
    elif built.sessions:
        url = f"/d/events/{built.event}/publish/event.zip"
    else:
        url = f"/d/events/{built.event}/publish/reports.zip"
    answer = client.get(url)
    assert answer.status_code == 200, answer.text[:300]
    with zipfile.ZipFile(io.BytesIO(answer.content)) as archive:
        return _rows(json.loads(archive.read("results.json")))


def award_places(built: Built, ranking: list[Row]) -> None:
    """Every award's place is the rank of the member's pair in the ranking."""
    with Store.open(built.db) as store:
        awards = event_awards(store, built.event)
        entries = {str(n): e for n, e in store.entries(built.event).items()}
    assert awards, "no awards"
    ranks = {pair: int(rank.rstrip("=")) for pair, rank, _, _ in ranking}
    members = {p.member: n for n, e in entries.items() for p in e.players if p.member}
    for a in awards:
        if built.sessions:  # the combined ranking names competitors, not numbers
            continue
        assert a.place == ranks[members[a.member]], (a, ranks)
    if built.sessions:
        assert sorted({a.place for a in awards})[0] == 1


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Built]:
    return dict(_events(tmp_path_factory.mktemp("one-ranking")))


CASES = (
    "pairs-mp-jcbl", "pairs-mp-two-per-comparison", "pairs-mp-jfr-pary", "pairs-ximp-None",
    "pairs-butler-None", "pairs-total-None", "two-sessions", "individual", "swiss-pairs",
    "teams-round-robin", "teams-swiss",
)  # fmt: skip


@pytest.mark.parametrize("case", CASES)
def test_every_surface_gives_the_same_ranking(built: dict[str, Built], case: str) -> None:
    event = built[case]
    printed = cli_json(event)
    assert printed, "nothing ranked"
    with Store.open(event.db) as store:
        if not users.users(store):
            users.add_user(store, "boss", Role.DIRECTOR, PASSWORD)
        app = create_app(store=store, poll_seconds=0.01)
        with TestClient(app) as client:
            api = client.get(f"/api/events/{event.event}/ranking")
            assert api.status_code == 200, api.text
            assert _rows(api.json()) == printed
            assert live_rows(client, event) == printed
            log_in(client, "boss")
            assert zip_rows(client, event) == printed
    if event.awards:
        award_places(event, printed)
