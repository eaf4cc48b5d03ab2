"""Issue 11: one scored value under every writer.

A stored event and the PBN file exported from it score to the same value, so
``bridgedesk score FILE`` and ``bridgedesk results EVENT`` print the same
ranking and the same points per board in every data format.  The demo's
session (13 pairs, simulated results) is the example.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from bridgedesk.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> str:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The demo's store and the PBN results file ``bridgedesk results`` exports from it."""
    tmp = tmp_path_factory.mktemp("demo")
    db = tmp / "demo.sqlite3"
    assert main(["demo", "--db", str(db), "--out", str(tmp / "reports"), "--no-dd"]) == 0
    assert main(["results", "1", "--db", str(db), "--format", "pbn", "--out", str(tmp)]) == 0
    return db, tmp / "results.pbn"


def _ranking(doc: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [
        (r["rank"], r["pair"], r["direction"], r["total"], r["max"], r["percentage"], r["boards"],
         r["names"])
        for r in doc["ranking"]
    ]  # fmt: skip


def _points(doc: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [
        (b["board"], b["top"], r["ns"], r["ew"], r["contract"], r["declarer"], r["tricks"],
         r["score_ns"], r["ns_points"], r["ew_points"], r["round"], r["table"])
        for b in doc["boards"]
        for r in b["results"]
    ]  # fmt: skip


def test_json_same_ranking_and_points(
    demo: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    db, pbn_file = demo
    stored = json.loads(run(capsys, "results", "1", "--db", db, "--format", "json"))
    scored = json.loads(run(capsys, "score", pbn_file, "--format", "json"))
    assert len(stored["ranking"]) == 13  # the phantom is not ranked
    assert _ranking(scored) == _ranking(stored)
    assert _points(scored) == _points(stored)
    assert len(_points(stored)) > 50
    # Nothing but what a file cannot know (the rating, the movement) differs.
    for key in ("method", "winners", "section", "session"):
        assert scored[key] == stored[key]
    assert scored["event"]["name"] == stored["event"]["name"]
    assert scored["event"]["date"] == stored["event"]["date"]


def test_pbn_the_same_text(demo: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    db, pbn_file = demo
    stored = run(capsys, "results", "1", "--db", db, "--format", "pbn")
    scored = run(capsys, "score", pbn_file, "--format", "pbn")
    assert "[TotalScoreTable" in stored and "MP_NS" in stored
    assert scored == stored


def _usebio(text: str) -> tuple[list[list[str | None]], list[list[str | None]]]:
    root = ET.fromstring(text)
    pairs = [
        [p.findtext(n) for n in ("PAIR_NUMBER", "DIRECTION", "PLACE", "TOTAL_SCORE",
                                 "PERCENTAGE", "BOARDS_PLAYED")]
        for p in root.iter("PAIR")
    ]  # fmt: skip
    lines = [
        [x.findtext(n) for n in ("ROUND", "TABLE", "NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "CONTRACT",
                                 "SCORE", "NS_MATCH_POINTS", "EW_MATCH_POINTS")]
        for x in root.iter("TRAVELLER_LINE")
    ]  # fmt: skip
    return pairs, lines


def test_usebio_same_participants_and_travellers(
    demo: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    db, pbn_file = demo
    stored = run(capsys, "results", "1", "--db", db, "--format", "usebio")
    scored = run(capsys, "score", pbn_file, "--format", "usebio")
    assert _usebio(scored) == _usebio(stored)
    assert len(_usebio(stored)[0]) == 13
    # Only the players' member numbers, which a PBN file does not carry, are missing.
    drop = [x for x in stored.splitlines() if "PLAYER" not in x and "NATIONAL_ID" not in x]
    assert [x for x in scored.splitlines() if "PLAYER" not in x] == drop


def test_csv_same_ranking_and_travellers(
    demo: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    db, pbn_file = demo
    stored = run(capsys, "results", "1", "--db", db, "--format", "csv").splitlines()
    scored = run(capsys, "score", pbn_file, "--format", "csv").splitlines()
    assert len(stored) == len(scored) > 1 + 13 + 1 + 50
    members = stored[0].split(",").index("members")
    for mine, theirs in zip(scored, stored, strict=True):
        if mine.startswith("board,") or (mine[0].isdigit() and mine.count(",") > 10):
            assert mine == theirs  # a traveller line
        else:  # a ranking line: a PBN file keeps the names but not the member numbers
            a, b = mine.split(","), theirs.split(",")
            assert a[:members] + a[members + 1 :] == b[:members] + b[members + 1 :]


def test_html_report_set_the_same_pages(
    demo: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import re

    db, pbn_file = demo
    run(capsys, "results", "1", "--db", db, "--format", "html", "--out", tmp_path / "stored")
    run(capsys, "score", pbn_file, "--format", "html", "--out", tmp_path / "scored")
    # A PBN file names neither the movement nor the phantom pair: the stored event's pages
    # show them (in the header and under the ranking), the file's do not; all else is equal.
    known = re.compile(
        r'<span>Movement: [^<]*</span>|<p class="note">Pair 14 is the phantom[^<]*</p>'
    )
    for page in ("ranking", "recap", "travellers", "scorecards"):
        stored = (tmp_path / "stored" / f"{page}.html").read_text("utf-8")
        scored = (tmp_path / "scored" / f"{page}.html").read_text("utf-8")
        assert known.search(stored) and not known.search(scored)
        assert scored == known.sub("", stored), page
    assert (tmp_path / "scored" / "hand_records.html").is_file()  # the deals came with the file
