"""Stratified pairs on a stored event (issue 25; 004:1515-1532, 004:2551-2602): pairs of
three flights play one field; the ranking gives every pair its place overall and in each
flight it belongs to (flight A ranks every pair, B the pairs of B and C, C its own), and
the masterpoints are awarded per flight."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.events.test_cli import Cli

from bridgedesk.events import make_result
from bridgedesk.services import slips
from bridgedesk.store.service import Store

EVENT = "Stratified pairs"
FLIGHTS = {1: "A", 2: "A", 3: "B", 4: "C", 5: "C", 6: "A", 7: "A", 8: "B"}


@pytest.fixture
def cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Cli:
    return Cli(tmp_path / "club.sqlite3", capsys)


@pytest.fixture
def played(cli: Cli) -> str:
    cli("event", "new", EVENT, "--date", "2026-11-24", "--class", "3")
    for n, flight in FLIGHTS.items():
        cli("entry", "add", EVENT, "--pair", str(n), "--names", f"N{n}, S{n}",
            "--members", f"{n}01,{n}02", "--flight", flight.lower())  # fmt: skip
    cli("event", "movement", EVENT, "--kind", "howell", "--pairs", "8", "--boards-per-round", "2")
    with Store.open(cli.db) as store:
        grid = store.movement(EVENT)
        assert grid is not None
        for (rnd, table), a in sorted(grid.grid.items()):
            for board in a.boards:
                over = (a.ns * 5 + a.ew * 3 + board) % 5 - 2  # -2..+2 tricks, no two pairs tie
                slips.enter(store, EVENT, make_result(
                    round=rnd, table=table, board=board, ns=a.ns, ew=a.ew, contract="2S",
                    declarer="N", result="=" if over == 0 else f"{over:+d}"))  # fmt: skip
    return EVENT


def test_ranking_per_flight_and_overall(cli: Cli, played: str) -> None:
    assert "(flight B)" in cli("entry", "list", played).splitlines()[2]  # pair 3
    doc = json.loads(cli("results", played, "--format", "json"))
    totals = {str(r["pair"]): r["total"] for r in doc["ranking"]}
    for r in doc["ranking"]:
        assert r["flight"] == FLIGHTS[int(r["pair"])]
    # each flight's ranking, computed here: flight A ranks everyone, B the pairs of B
    # and C, C the pairs of C (004:1525-1528)
    below = {"A": "ABC", "B": "BC", "C": "C"}
    for flight, members in below.items():
        pairs = [p for p in totals if FLIGHTS[int(p)] in members]
        ranks = {p: _place(float(totals[p]), [float(totals[q]) for q in pairs]) for p in pairs}
        for r in doc["ranking"]:
            assert r["flight_ranks"].get(flight) == ranks.get(str(r["pair"])), (flight, r)
    overall = {str(r["pair"]): r["rank"] for r in doc["ranking"]}
    assert all(r["flight_ranks"]["A"] == overall[str(r["pair"])] for r in doc["ranking"])
    text = cli("results", played)
    head = next(line for line in text.splitlines() if line.lstrip().startswith("Rank"))
    assert head.split()[-5:] == ["Flight", "A", "B", "C", "Names"]


def test_awards_per_flight(cli: Cli, played: str) -> None:
    out = cli("masterpoints", "award", "--from-event", played, "--rules", "jcbl", "--class",
              "3", "--json")  # fmt: skip
    awards = json.loads(out)
    doc = json.loads(cli("results", played, "--format", "json"))
    ranks = {int(r["pair"]): r["flight_ranks"] for r in doc["ranking"]}
    # the best pair of flight B (its field: the pairs of B and C) is not among flight
    # A's three paid places (35 % of 8, 000:489-497) and is paid as flight B's first
    best_b = next(p for p, r in ranks.items() if r.get("B") == "1")
    assert ranks[best_b]["A"] not in ("1", "2", "2=", "3", "3=")
    paid = {(int(a["competitor"]), a["flight"], a["place"]) for a in awards}
    assert (best_b, "B", 1) in paid
    for a in awards:  # a pair is paid in its own flight or one above it
        assert a["flight"] in "ABC"[: "ABC".index(FLIGHTS[int(a["competitor"])]) + 1]


def test_a_pair_without_a_flight_is_named(cli: Cli, played: str) -> None:
    cli("entry", "edit", played, "--pair", "5", "--flight", "", "--reason", "typo")
    err = cli("results", played, status=2)
    assert err.startswith("error: pair 5 has no flight") and err.count("\n") == 1
    err = cli("entry", "edit", played, "--pair", "5", "--flight", "B-1", "--reason", "x", status=2)
    assert "flight is named by letters" in err


def _place(value: float, field: list[float]) -> str:
    """A place as rankings print it: one more than the pairs above, ``=`` when tied."""
    above = sum(1 for v in field if v > value)
    return f"{above + 1}" + ("=" if field.count(value) > 1 else "")
