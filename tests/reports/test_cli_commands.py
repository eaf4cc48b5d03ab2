"""`event movement`, `event deals` and `demo` through the command line."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from bridgedesk.cli import main


def run(*args: str | int | Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(a) for a in args])
    return code, out.getvalue(), err.getvalue()


def _event(tmp_path: Path, pairs: int) -> Path:
    db = tmp_path / "club.sqlite3"
    assert run("event", "new", "Club", "--date", "2026-11-24", "--db", db)[0] == 0
    for n in range(1, pairs + 1):
        code, _, err = run("entry", "add", "Club", "--pair", n, "--names", f"A{n}, B{n}",
                           "--db", db)  # fmt: skip
        assert code == 0, err
    return db


def test_recommend_for_13_pairs_enters_the_phantom(tmp_path: Path) -> None:
    db = _event(tmp_path, 13)
    code, out, err = run("event", "movement", "Club", "--recommend", "--db", db)
    assert code == 0, err
    # The JCBL list's first row for 13 pairs (004:3048-3066, the 6T row for 11-14 pairs):
    # the 6-table sheet with an appendix table, 3 boards x 7 rounds, pair 14 the phantom.
    assert "pair 14 entered as the phantom" in out
    assert "appendix-howell 7 tables, 7 rounds x 3 boards" in out
    assert "warning" not in out
    from bridgedesk.store.service import Store

    with Store.open(db) as store:
        grid = store.movement("Club")
        entries = store.entries("Club")
    assert grid is not None and grid.rounds == 7 and len(grid.boards) == 21
    assert entries[14].phantom


def test_kind_with_tables_rounds_and_boards(tmp_path: Path) -> None:
    db = _event(tmp_path, 12)
    code, out, err = run("event", "movement", "Club", "--kind", "howell", "--tables", 6,
                         "--rounds", 11, "--boards-per-round", 2, "--db", db)  # fmt: skip
    assert code == 0, err
    assert out.startswith("section A: howell 6 tables, 11 rounds x 2 boards, boards 1-22")


def test_movement_needs_one_way_to_choose(tmp_path: Path) -> None:
    db = _event(tmp_path, 8)
    code, _, err = run("event", "movement", "Club", "--db", db)
    assert code == 2 and "give one of --recommend, --kind KIND or --file" in err
    code, _, err = run("event", "movement", "Club", "--recommend", "--kind", "howell",
                       "--db", db)  # fmt: skip
    assert code == 2 and err.count("\n") == 1


def test_event_deals_from_a_pbn_file(tmp_path: Path) -> None:
    db = _event(tmp_path, 8)
    hands = tmp_path / "set.pbn"
    assert run("deals", "generate", "--boards", 4, "--seed", 1, "--out", hands)[0] == 0
    code, out, err = run("event", "deals", "Club", hands, "--db", db)
    assert (code, out) == (0, "4 deals attached (boards 1-4)\n"), err
    code, _, err = run("event", "deals", "Club", tmp_path / "missing.pbn", "--db", db)
    assert code == 2 and "no such file" in err


def test_demo_small_field_without_double_dummy(tmp_path: Path) -> None:
    out_dir = tmp_path / "demo"
    code, out, err = run("demo", "--pairs", 8, "--seed", 4, "--out", out_dir, "--no-dd",
                         "--db", tmp_path / "demo.sqlite3")  # fmt: skip
    assert code == 0, err
    # 8 pairs: the 4T row's first entry, 3 boards x 6 rounds (004:3051).
    assert out.startswith("short-howell 4 tables, 6 rounds x 3 boards")
    assert "reports in" in out and "index.html" in out
    data = json.loads((out_dir / "results.json").read_text("utf-8"))
    assert len(data["ranking"]) == 8 and data["phantom"] is None
    # 4 tables x 6 rounds x 3 boards, every result stored and scored.
    assert sum(len(b["results"]) for b in data["boards"]) == 72
    # The same seed gives the same session.
    again = tmp_path / "again"
    assert run("demo", "--pairs", 8, "--seed", 4, "--out", again, "--no-dd")[0] == 0
    assert (again / "results.json").read_text("utf-8") == (out_dir / "results.json").read_text(
        "utf-8"
    )


def test_demo_default_session(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run("demo", "--lang", "ja")
    assert code == 0, err
    demo = tmp_path / "bridgedesk-demo"
    names = {p.name for p in demo.iterdir()}
    assert {"index.html", "ranking.html", "hand_records.html", "results.pbn",
            "results.usebio.xml", "ranking.csv"} <= names  # fmt: skip
    assert "ペア 14 はファントムです" in out
    data = json.loads((demo / "results.json").read_text("utf-8"))
    assert len(data["ranking"]) == 13 and data["phantom"] == 14
    assert all("deal" in b for b in data["boards"])
    hands = (demo / "hand_records.html").read_text("utf-8")
    assert "ダブルダミー" in hands  # double dummy and par were solved for the demo


def test_recommend_falls_back_to_a_mitchell(tmp_path: Path) -> None:
    db = _event(tmp_path, 0)
    code, out, err = run("event", "movement", "Club", "--recommend", "--pairs", 55, "--db", db)
    assert code == 0, err
    # 55 pairs: the list's rover rows stop at 53 pairs (004:3783), so the Mitchell pattern
    # of its lower rows continues with a phantom (004:1088): 28 tables, even, so a skip.
    assert "skip-mitchell 28 tables, 7 rounds x 3 boards" in out
    assert "guide-sheet" in out
    code, _, err = run("event", "movement", "Club", "--recommend", "--pairs", 70, "--db", db)
    assert code == 2 and "several sections" in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("pairs", "kind", "winners"),
    [(7, "short-howell", 1), (19, "appendix-howell", 1), (25, "rover-mitchell", 2)],
)
def test_demo_runs_for_other_fields(tmp_path: Path, pairs: int, kind: str, winners: int) -> None:
    code, out, err = run("demo", "--pairs", pairs, "--no-dd", "--out", tmp_path)
    assert code == 0, err
    assert out.startswith(kind + " ")
    data = json.loads((tmp_path / "results.json").read_text("utf-8"))
    assert data["winners"] == winners
    assert len(data["ranking"]) == pairs
