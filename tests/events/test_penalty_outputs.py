"""A procedural penalty (003:47-121) shows in every output of a stored event: the text
ranking, JSON, CSV and the HTML ranking (looked at in headless Chromium) have a
penalty column, each total being the total without the penalty less the penalty.
PBN's TotalScoreTable and USEBIO 1.2 carry the total after the penalty: no program
whose files we hold writes a penalty column in PBN (tests/formats/test_other_programs
keeps bridgedesk to their column names), and USEBIO's DTD was not to be had."""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from tests.events.store_dump import EVENT, cli_fixture, mitchell_event  # noqa: F401
from tests.events.test_cli import Cli

from bridgedesk.events import GridMovement, make_result
from bridgedesk.services import slips


@pytest.fixture
def played(cli: Cli, mitchell: GridMovement) -> None:
    with mitchell_event(cli.db, mitchell) as store:
        for rnd in range(1, mitchell.rounds + 1):
            for table in range(1, mitchell.tables + 1):
                a = mitchell.assignment(rnd, table)
                assert a is not None
                for b in a.boards:
                    tricks = 8 + (b * 2 + table * table) % 3
                    made = f"{tricks - 9:+d}" if tricks != 9 else "="
                    slip = make_result(round=rnd, table=table, board=b, ns=a.ns, ew=a.ew,
                                       contract="3NT", declarer="N", result=made)  # fmt: skip
                    slips.enter(store, 1, slip)


def totals(cli: Cli) -> dict[int, float]:
    doc = json.loads(cli("results", EVENT, "--format", "json"))
    return {x["pair"]: x["total"] for x in doc["ranking"]}


def test_a_penalty_in_every_output(cli: Cli, played: None, tmp_path: Path) -> None:
    before = totals(cli)
    cli("result", "penalty", EVENT, "--pair", "NS 2", "--mp", "1.5", "--reason", "slow play")
    after = totals(cli)
    assert after[2] == before[2] - 1.5
    assert {p: t for p, t in after.items() if p != 2} == {p: t for p, t in before.items() if p != 2}
    # text: a Penalty column, filled on pair 2's line only
    text = cli("results", EVENT).splitlines()
    head = next(line for line in text if "Penalty" in line)
    rows = [line for line in text if line.endswith("N2 - S2")]
    assert head.split()[-2:] == ["Penalty", "Names"] and rows[0].split()[6] == "1.50"
    # JSON, CSV, PBN
    doc = json.loads(cli("results", EVENT, "--format", "json"))
    assert next(x for x in doc["ranking"] if x["pair"] == 2)["penalty"] == 1.5
    both = cli("results", EVENT, "--format", "csv")  # ranking.csv, then travellers.csv
    ranking = both[: both.index("\nboard,") + 1]
    table = list(csv.DictReader(io.StringIO(ranking)))
    assert {r["pair"]: r["penalty"] for r in table if r.get("penalty")} == {"2": "1.50"}
    pbn = cli("results", EVENT, "--format", "pbn")
    line = next(x for x in pbn.splitlines() if x.split()[1:2] == ["2"] and '"' in x)
    assert line.split()[3] == f"{after[2]:.2f}"
    usebio = ET.fromstring(cli("results", EVENT, "--format", "usebio"))
    pair2 = next(p for p in usebio.iter("PAIR") if p.findtext("PAIR_NUMBER") == "2")
    assert pair2.findtext("TOTAL_SCORE") == f"{after[2]:.2f}"
    # HTML, as Chromium builds it
    from tests.reports.chromium import CHROMIUM, open_page

    out = tmp_path / "web"
    cli("results", EVENT, "--format", "html", "--out", str(out))
    if not CHROMIUM.exists():
        pytest.skip("needs /usr/bin/chromium")
    dom = open_page(out / "ranking.html", tmp_path, "ranking_penalty")
    assert dom.count(">Penalty</th>") == 3  # each field by place, and by pair number
    assert dom.count('<td class="num">1.50</td>') == 2


def test_no_penalty_no_column(cli: Cli, played: None) -> None:
    assert "Penalty" not in cli("results", EVENT)
    assert "penalty" not in cli("results", EVENT, "--format", "csv").splitlines()[0]


def test_a_penalty_counts_in_the_masterpoint_placing(cli: Cli, played: None) -> None:
    """The awards place the pairs by the ranking as published, penalty included (it was
    scored without the director's rulings before)."""
    from bridgedesk.services.awards import scored_for_awards
    from bridgedesk.store.service import Store

    cli("result", "penalty", EVENT, "--pair", "NS 2", "--mp", "1.5", "--reason", "slow play")
    published = totals(cli)
    store = Store.open(cli.db)
    try:
        scored = scored_for_awards(store, EVENT, "A").sessions
    finally:
        store.close()
    placed = {int(s.pair): float(s.total) for s in scored[0].standings}
    assert placed == published


def test_the_recap_row_of_a_penalised_pair_adds_up(cli: Cli, played: None, tmp_path: Path) -> None:
    """Issue 25: on the recap sheet (Fig 3 and 4, 004:555-588) a penalised pair's board
    (and round) points less its penalty are its total, so the row adds up on paper."""
    import re

    cli("result", "penalty", EVENT, "--pair", "NS 2", "--mp", "1.5", "--reason", "slow play")
    out = tmp_path / "web"
    cli("results", EVENT, "--format", "html", "--out", str(out))
    recap = (out / "recap.html").read_text("utf-8")
    for by in ("board", "round"):
        table = recap[recap.index(f'data-by="{by}"') :]
        table = table[: table.index("</table>")]
        assert ">Penalty</th>" in table
        for row in re.findall(r"<tr><td class=\"num\">(.*?)</tr>", table, flags=re.S):
            cells = re.findall(r"<td[^>]*>(.*?)</td>", '<td class="num">' + row)
            number, total, penalty, points = cells[0], cells[3], cells[4], cells[5:]
            paid = sum(float(p) for p in points if p) + (float(penalty) if penalty else 0)
            assert abs(paid - float(total)) < 0.01, (by, number, cells)
            assert (penalty == "-1.50") == (number == "2")
