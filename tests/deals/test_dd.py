"""Double-dummy tables and par against DDS's own published test hands."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from bridgedesk.bridge import SEATS, Seat, Vulnerability
from bridgedesk.bridge.contract import Contract, Strain
from bridgedesk.deals import Deal
from bridgedesk.deals.analysis import DDTable, Par, ParContract
from bridgedesk.deals.dd import analyse, solve

DATA = Path(__file__).parent / "data" / "dds_list10.txt"
_DDS_STRAINS = (Strain.S, Strain.H, Strain.D, Strain.C, Strain.NT)
_DDS_VUL = (Vulnerability.NONE, Vulnerability.BOTH, Vulnerability.NS, Vulnerability.EW)


def _cases() -> list[tuple[Deal, DDTable, int, str]]:
    cases = []
    lines = [ln for ln in DATA.read_text().splitlines() if ln and not ln.startswith("#")]
    for pbn_line, table_line, par_line in zip(lines[::3], lines[1::3], lines[2::3], strict=True):
        fields = shlex.split(pbn_line)
        deal = Deal.from_pbn(
            fields[5], board=1, dealer=SEATS[int(fields[1])], vulnerability=_DDS_VUL[int(fields[2])]
        )
        numbers = [int(x) for x in table_line.split()[1:]]
        values = {
            (seat, strain): numbers[d * 4 + p]
            for d, strain in enumerate(_DDS_STRAINS)
            for p, seat in enumerate(SEATS)
        }
        par = shlex.split(par_line)
        score = int(par[1].split()[1])
        cases.append((deal, DDTable.from_mapping(values), score, par[3]))
    return cases


CASES = _cases()


@pytest.mark.parametrize(("deal", "table", "score", "contracts"), CASES)
def test_table_and_par_agree_with_dds(
    deal: Deal, table: DDTable, score: int, contracts: str
) -> None:
    record = solve(deal)
    assert record.dd == table
    assert record.par is not None
    assert record.par.score == score


def test_par_contracts_of_first_and_last_hand() -> None:
    first = solve(CASES[0][0]).par
    assert first is not None
    # DDS: "NS:E 4S" - East declares 4S for 620 to EW
    assert first.contracts == (ParContract(Contract.parse("4S"), (Seat.E,), 0),)
    assert first.optimum_score() == "EW 620"
    last = solve(CASES[-1][0]).par
    assert last is not None
    # DDS: "EW 5Hx" (PAR2 "5H*-EW-1"): a sacrifice one down doubled, +200 to NS
    assert [str(c) for c in last.contracts] == ["EW 5HX-1"]
    assert last.optimum_score() == "NS 200"


def test_parallel_analyse_matches_single() -> None:
    deals = [c[0].with_board(i + 1, c[0].dealer, c[0].vulnerability) for i, c in enumerate(CASES)]
    seen: list[int] = []
    records = analyse(deals, workers=2, progress=lambda done, total: seen.append(done))
    assert [r.dd for r in records] == [c[1] for c in CASES]
    assert [r.par.score for r in records if r.par] == [c[2] for c in CASES]
    assert seen == list(range(1, len(CASES) + 1))
    assert [r.deal for r in records] == deals


def test_par_text_round_trip() -> None:
    par = Par(-650, (ParContract(Contract.parse("4S"), (Seat.E, Seat.W), 1),))
    assert par.optimum_score() == "EW 650"
    assert par.contracts_text() == "EW 4S+1"
    assert Par.parse("EW 650", "EW 4S+1") == par
    assert Par.parse("NS 0", "Pass") == Par(0, ())
