"""`bridgedesk masterpoints award --from-event`: a stored, scored event awarded directly.

The demo stores a weekly game of 8 pairs (seeded) in SQLite; the award must follow the
ranking the results report gives, with the JCBL weekly formula K*C*P*S/100*0.7^(N-1)
(000:173-228) for class 3, 8 competitors, top 35 % rounded up = 3 places (000:489-497),
2 decimals half up (000:473-476).
"""

from __future__ import annotations

import json
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pytest

from bridgedesk.cli import main


def _run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def _weekly(place: int) -> str:
    exact = Decimal(3 * 8) / 100 * Decimal("0.7") ** (place - 1)
    return str(exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def test_award_from_a_stored_event(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "club.sqlite3"
    code, _, err = _run(capsys, "demo", "--pairs", 8, "--seed", 4, "--no-dd", "--db", db,
                        "--out", tmp_path / "out")  # fmt: skip
    assert code == 0, err
    report = json.loads((tmp_path / "out" / "results.json").read_text("utf-8"))
    ranks = {str(r["pair"]): r["rank"] for r in report["ranking"]}
    assert sorted(ranks.values())[:3] == ["1", "2", "3"], "the seeded game has no tie at the top"

    code, out, err = _run(capsys, "masterpoints", "award", "--from-event", 1, "--db", db,
                          "--rules", "jcbl", "--class", 3, "--json")  # fmt: skip
    assert code == 0, err
    awards = json.loads(out)
    # Two players per pair, the three best pairs paid.
    assert len(awards) == 6
    for a in awards:
        place = int(ranks[str(a["competitor"])])
        assert a["place"] == place <= 3
        assert a["points"] == _weekly(place)
    assert sorted({a["points"] for a in awards}, reverse=True) == ["0.24", "0.17", "0.12"]


def test_from_event_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "club.sqlite3"
    assert _run(capsys, "demo", "--pairs", 8, "--seed", 4, "--no-dd", "--db", db,
                "--out", tmp_path / "out")[0] == 0  # fmt: skip
    code, _, err = _run(capsys, "masterpoints", "award", "--from-event", 1, "--db", db,
                        "--section", "B", "--rules", "jcbl", "--class", 3)  # fmt: skip
    assert code == 2
    assert err.strip().splitlines() == ["error: event '1' has no section 'B'; its sections: A"]
    code, _, err = _run(capsys, "masterpoints", "award", "--rules", "jcbl", "--class", 3)
    assert code == 2 and "--from-event" in err and err.count("\n") == 1


def test_from_event_takes_what_the_store_knows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # issue 17: the stored event is a class 3 weekly game; --class is not asked again,
    # a contradicting one is refused; --record takes the event's name and date
    from bridgedesk.store.service import Store

    db = tmp_path / "club.sqlite3"
    assert _run(capsys, "demo", "--pairs", 8, "--seed", 4, "--no-dd", "--db", db,
                "--out", tmp_path / "out")[0] == 0  # fmt: skip
    with Store.open(str(db)) as store:
        stored = store.event(1).event
    assert (stored.rating.value, stored.class_) == ("weekly", 3)
    code, out, err = _run(capsys, "masterpoints", "award", "--from-event", 1, "--db", db,
                          "--rules", "jcbl", "--json")  # fmt: skip
    assert code == 0, err
    assert sorted({a["points"] for a in json.loads(out)}, reverse=True) == ["0.24", "0.17", "0.12"]
    code, _, err = _run(capsys, "masterpoints", "award", "--from-event", 1, "--db", db,
                        "--rules", "jcbl", "--class", 4)  # fmt: skip
    assert code == 2
    assert "stored as a class 3 weekly game, not class 4" in err and err.count("\n") == 1
    code, _, err = _run(capsys, "masterpoints", "award", "--from-event", 1, "--db", db,
                        "--rules", "jcbl", "--rating", "ccg")  # fmt: skip
    assert code == 2 and "--rating does not apply" in err
    ledger = tmp_path / "ledger.csv"
    code, _, err = _run(capsys, "masterpoints", "award", "--from-event", 1, "--db", db,
                        "--rules", "jcbl", "--record", ledger)  # fmt: skip
    assert code == 0 and "recorded 6 awards" in err
    code, out, _ = _run(capsys, "masterpoints", "list", "--ledger", ledger, "--json")
    rows = json.loads(out)
    assert {(r["event"], r["date"]) for r in rows} == {(stored.name, stored.date.isoformat())}
    # the same award recorded again is not added twice
    code, _, err = _run(capsys, "masterpoints", "award", "--from-event", 1, "--db", db,
                        "--rules", "jcbl", "--record", ledger)  # fmt: skip
    assert code == 0 and "6 were in the ledger already" in err
    code, out, _ = _run(capsys, "masterpoints", "list", "--ledger", ledger, "--json")
    assert len(json.loads(out)) == 6


def test_fmp_certificates_of_a_stored_event_name_the_player(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 25: the FMP card is made out to the player by name (000:23-31: "橋 之介・
    マクブリッジ様"), as the event's entries hold it, with the event's own club and date."""
    from bridgedesk.store.service import Store

    db = tmp_path / "club.sqlite3"
    assert _run(capsys, "demo", "--pairs", 8, "--seed", 4, "--no-dd", "--db", db,
                "--date", "2026-11-24", "--out", tmp_path / "out")[0] == 0  # fmt: skip
    with Store.open(db) as store:
        names = {p.member: p.name for e in store.entries(1).values() for p in e.players}
    code, out, err = _run(capsys, "masterpoints", "award", "--from-event", 1, "--db", db,
                          "--rules", "jcbl", "--class", 3, "--certificates")  # fmt: skip
    assert code == 0, err
    cards = [c.splitlines() for c in out.strip().split("\n\n")]
    assert len(cards) == 6
    for card in cards:
        assert card[0] == "Date 2026.11.24" and card[4] == "Club bridgedesk club"
        assert card[3].endswith("様") and card[3][:-1] in names.values()
    assert not any(card[3][:-1] in names for card in cards)  # no member number
