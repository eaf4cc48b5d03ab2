"""``masterpoints award`` as a service call (bridgedesk.services.award_requests): what
the command line prints is what the service returns, the certificates and the record
are decided there, and a results file is scored only by a pairs method."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from bridgedesk.bridge.methods import Method
from bridgedesk.cli import main
from bridgedesk.errors import MasterpointError
from bridgedesk.formats import ledger_csv
from bridgedesk.masterpoints.request import AwardOptions
from bridgedesk.services.award_inputs import InputOptions
from bridgedesk.services.award_requests import AwardAsked, award


def _ranking_file(tmp_path: Path, pairs: int = 12) -> Path:
    # test data: a ranking of `pairs` pairs, pair i placed i, players "i01" and "i02"
    placings = [
        {"competitor": str(i), "players": [f"{i}01", f"{i}02"], "place": i}
        for i in range(1, pairs + 1)
    ]
    path = tmp_path / "ranking.json"
    path.write_text(json.dumps({"placings": placings}), encoding="utf-8")
    return path


def _asked(ranking: Path, **output: Any) -> AwardAsked:
    """JCBL weekly class 3 awards of a ranking JSON."""
    return AwardAsked(AwardOptions("jcbl", klass=3), InputOptions((ranking,)), **output)


def test_the_command_prints_what_the_service_returns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ranking = _ranking_file(tmp_path)
    done = award(_asked(ranking))
    assert done.awards and not done.certificates and done.recorded is None
    args = ["masterpoints", "award", str(ranking), "--rules", "jcbl", "--class", "3", "--json"]
    assert main(args) == 0
    printed = json.loads(capsys.readouterr().out)
    assert [(r["member"], r["place"], Decimal(r["points"])) for r in printed] == [
        (a.member, a.place, a.points) for a in done.awards
    ]


def test_certificates_are_returned_one_per_award(tmp_path: Path) -> None:
    ranking = _ranking_file(tmp_path)
    asked = _asked(ranking, certificates=True, club="Bears", day="2026-11-24")
    done = award(asked)
    assert len(done.certificates) == len(done.awards)
    first = done.certificates[0]
    # 12 pairs and no --tables: two pairs a table
    assert (first.tables, first.club, first.movement) == (6, "Bears", "Howell")
    assert first.issued == dt.date(2026, 11, 24) and first.klass == 3
    with pytest.raises(MasterpointError, match="--movement must be Howell"):
        award(dataclasses.replace(asked, movement="spiral"))


def test_record_adds_the_awards_to_a_ledger_csv(tmp_path: Path) -> None:
    ranking = _ranking_file(tmp_path)
    ledger = tmp_path / "ledger.csv"
    asked = _asked(ranking, record=ledger, event="Tuesday", day="2026-11-24")
    done = award(asked)
    assert done.recorded == f"recorded {len(done.awards)} awards in {ledger} " + (
        f"({len(done.awards)} new member numbers)"
    )
    kept = ledger_csv.load(ledger)
    assert sorted(e.member for e in kept.awards()) == sorted(a.member for a in done.awards)
    again = award(asked)
    assert again.recorded is not None and again.recorded.endswith(
        f"; {len(done.awards)} were in the ledger already"
    )


def test_results_files_are_scored_by_a_pairs_method(tmp_path: Path) -> None:
    files = InputOptions((tmp_path / "s.pbn",), method=Method.TEAM_VP)
    asked = AwardAsked(AwardOptions("jcbl", klass=3), files)
    with pytest.raises(MasterpointError, match="results files are scored mp, ximp, butler"):
        award(asked)
