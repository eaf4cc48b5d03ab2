"""A whole weekly game through the command line, checked against an independent count.

Two sessions are run with ``bridgedesk.cli.main`` only (the store is read
directly just to learn who sits where, as a director reads the guide cards):

* 13 pairs on the complete 7-table Howell with the phantom (pair 14) (004:810-948);
* 18 pairs on a 9-table Mitchell, NS 1-9 and EW 10-18 (004:950-1000).

Every contract is 4S by North (or passed out), so each NS score is computed
here from the duplicate score rules by hand (004:662-674) and the matchpoints
are counted here (one per score beaten, a half per tie, 004:1175-1210): the
reports must agree with that count, not with bridgedesk's own numbers.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pytest

from bridgedesk.cli import main
from tests.reports.chromium import open_page

CHROMIUM = Path("/usr/bin/chromium")

#: Vulnerability of boards 1-16 (004:421-434), repeating every 16 boards.
VUL = ("None", "NS", "EW", "All", "NS", "EW", "All", "None",
       "EW", "All", "None", "NS", "All", "None", "NS", "EW")  # fmt: skip

JA_NAMES = ("山口", "小林", "高柳", "青木", "吉田", "上野", "深川", "中沢", "新海", "村上",
            "大谷", "岩石", "市国", "萩原", "前田", "近藤", "亀田", "佐藤", "鈴木", "高橋",
            "田中", "伊藤", "渡辺", "山本", "中村", "加藤")  # fmt: skip


def ns_vulnerable(board: int) -> bool:
    return VUL[(board - 1) % 16] in ("NS", "All")


def four_spades_north(board: int, tricks: int) -> int:
    """NS score of 4S by North taking ``tricks`` (004:662-674: game 300 / 500)."""
    vul = ns_vulnerable(board)
    if tricks >= 10:
        return 120 + (500 if vul else 300) + 30 * (tricks - 10)
    return -(100 if vul else 50) * (10 - tricks)


def planned(board: int, ns: int, ew: int) -> tuple[str, int | None]:
    """The slip entered for a table: PASS now and then, else 4S N with 8-12 tricks."""
    if (board + ns) % 11 == 0:
        return "PASS", None
    return "4S", 8 + (board * 5 + ns * 3 + ew * 7) % 5


def count_matchpoints(scores: list[int]) -> list[Fraction]:
    """One point for each score beaten, a half for each tie (004:1175-1210)."""
    return [
        sum((Fraction(1) if s > t else Fraction(1, 2) if s == t else Fraction(0))
            for j, t in enumerate(scores) if j != i)
        for i, s in enumerate(scores)
    ]  # fmt: skip


def run(*args: str | int | Path) -> tuple[int, str, str]:
    """``bridgedesk ARGS`` in this process: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(a) for a in args])
    return code, out.getvalue(), err.getvalue()


@dataclass
class Game:
    db: Path
    name: str
    out: Path
    seating: dict[tuple[int, int], tuple[int, int, tuple[int, ...]]]
    phantom: int | None
    corrected: tuple[int, int, int]
    expected: dict[tuple[int, int, int], int]
    messages: dict[str, str]


def _grid(db: Path, name: str) -> dict[tuple[int, int], tuple[int, int, tuple[int, ...]]]:
    from bridgedesk.store.service import Store

    with Store.open(db) as store:
        grid = store.movement(name)
    assert grid is not None
    return {k: (a.ns, a.ew, a.boards) for k, a in grid.grid.items()}


def play_game(
    tmp: Path,
    *,
    pairs: int,
    movement: list[str],
    names: list[str],
    phantom: int | None,
    lang: str,
    deal: bool,
) -> Game:
    db = tmp / "club.sqlite3"
    name = "火曜デュプリケート" if lang == "ja" else "Tuesday pairs"
    messages: dict[str, str] = {}
    code, out, err = run("event", "new", name, "--date", "2026-11-24", "--rating",
                         "weekly", "--class", "3", "--scoring", "mp", "--club", "丸の内 BC",
                         "--db", db)  # fmt: skip
    assert code == 0, err
    for n in range(1, pairs + 1):
        a, b = names[(2 * n) % len(names)], names[(2 * n + 1) % len(names)]
        code, out, err = run("entry", "add", name, "--pair", n, "--names", f"{a}, {b}",
                             "--members", f"{1000 + 2 * n},{1001 + 2 * n}", "--db", db)  # fmt: skip
        assert code == 0, err
    code, out, err = run("event", "movement", name, *movement, "--db", db)
    assert code == 0, err
    messages["movement"] = out
    seating = _grid(db, name)
    boards_played = sorted({b for _, _, bs in seating.values() for b in bs})
    if deal:
        hands = tmp / "session.pbn"
        code, out, err = run("deals", "generate", "--boards", len(boards_played), "--seed", 7,
                             "--out", hands)  # fmt: skip
        assert code == 0, err
        code, out, err = run("event", "deals", name, hands, "--db", db)
        assert code == 0, err
        messages["deals"] = out
    # Round 1 through `result add`, one slip at a time.
    expected: dict[tuple[int, int, int], int] = {}
    rows = []
    for (rnd, table), (ns, ew, boards) in sorted(seating.items()):
        if phantom in (ns, ew):
            continue
        for b in boards:
            contract, tricks = planned(b, ns, ew)
            expected[(b, ns, ew)] = 0 if tricks is None else four_spades_north(b, tricks)
            slip = ["PASS"] if tricks is None else ["4S", "N", str(tricks)]
            if rnd == 1:
                code, out, err = run("result", "add", name, "--round", rnd, "--table",
                                     table, "--board", b, "--ns", ns, "--ew", ew, *slip,
                                     "--db", db)  # fmt: skip
                assert code == 0, err
            else:
                rows.append([rnd, table, b, ns, ew, contract, "" if tricks is None else "N",
                             "" if tricks is None else tricks])  # fmt: skip
    # A slip for a board the table does not play is rejected and changes nothing.
    table = next(t for (r, t), seat in sorted(seating.items()) if r == 2 and phantom not in seat)
    ns, ew, boards = seating[(2, table)]
    wrong = next(b for b in range(1, 40) if b not in boards)
    code, out, err = run("result", "add", name, "--round", 2, "--table", table, "--board",
                         wrong, "--ns", ns, "--ew", ew, "4S", "N", "=", "--db", db)  # fmt: skip
    assert code == 2
    messages["wrong board"] = err
    # Everything else through `result import` of a slip file.
    slips = tmp / "slips.csv"
    with slips.open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(["round", "table", "board", "ns", "ew", "contract", "declarer", "result"])
        w.writerows(rows)
    code, out, err = run("result", "import", name, slips, "--db", db)
    assert code == 0, err
    # A correction with its reason: the table made one more trick than it wrote.
    table = next(t for (r, t), seat in sorted(seating.items()) if r == 3 and phantom not in seat)
    ns, ew, boards = seating[(3, table)]
    b = boards[0]
    tricks = 11
    code, out, err = run("result", "correct", name, "--board", b, "--ns", ns, "--ew", ew,
                         "4S", "N", str(tricks), "--reason", "NS made 11 tricks, not as written",
                         "--by", "director", "--db", db)  # fmt: skip
    assert code == 0, err
    expected[(b, ns, ew)] = four_spades_north(b, tricks)
    code, out, err = run("result", "history", name, "--board", b, "--db", db)
    assert code == 0, err
    messages["history"] = out
    out_dir = tmp / "results"
    code, out, err = run("results", name, "--format", "html", "--out", out_dir,
                         "--lang", lang, "--db", db)  # fmt: skip
    assert code == 0, err
    code, out, err = run("results", name, "--db", db, "--lang", lang)
    assert code == 0, err
    messages["text"] = out
    return Game(db, name, out_dir, seating, phantom, (b, ns, ew), expected, messages)


@pytest.fixture(scope="module")
def howell(tmp_path_factory: pytest.TempPathFactory) -> Game:
    return play_game(
        tmp_path_factory.mktemp("howell"),
        pairs=13, movement=["--kind", "howell", "--tables", "7"],
        names=list(JA_NAMES), phantom=14, lang="ja", deal=True,
    )  # fmt: skip


@pytest.fixture(scope="module")
def mitchell(tmp_path_factory: pytest.TempPathFactory) -> Game:
    names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kai", "Lu"]
    return play_game(
        tmp_path_factory.mktemp("mitchell"),
        pairs=18,
        movement=["--kind", "mitchell", "--tables", "9", "--rounds", "9",
                  "--boards-per-round", "3"],
        names=names, phantom=None, lang="en", deal=False,
    )  # fmt: skip


def _results_json(game: Game) -> dict[str, object]:
    data: dict[str, object] = json.loads((game.out / "results.json").read_text("utf-8"))
    return data


def _check_matchpoints(game: Game, top: int) -> dict[int, Fraction]:
    """Every traveller's points equal the independent count; returns each pair's sum."""
    data = _results_json(game)
    boards = data["boards"]
    assert isinstance(boards, list)
    per_pair: dict[int, Fraction] = {}
    for board in boards:
        rows = board["results"]
        scores = [game.expected[(board["board"], r["ns"], r["ew"])] for r in rows]
        assert [r["score_ns"] for r in rows] == scores
        assert board["top"] == top
        ns_mp = count_matchpoints(scores)
        ew_mp = count_matchpoints([-s for s in scores])
        for r, n, e in zip(rows, ns_mp, ew_mp, strict=True):
            assert Fraction(str(r["ns_points"])) == n
            assert Fraction(str(r["ew_points"])) == e
            per_pair[r["ns"]] = per_pair.get(r["ns"], Fraction(0)) + n
            per_pair[r["ew"]] = per_pair.get(r["ew"], Fraction(0)) + e
    return per_pair


def test_howell_slips_checks_and_correction(howell: Game) -> None:
    assert "pair 14 entered as the phantom" in howell.messages["movement"]
    assert "howell 7 tables, 13 rounds" in howell.messages["movement"]
    err = howell.messages["wrong board"]
    assert err.startswith("error: ") and "round 2 table" in err and "plays boards" in err
    assert "NS made 11 tricks, not as written" in howell.messages["history"]
    data = _results_json(howell)
    # 7 tables x 13 rounds x 2 boards, less the phantom's table each round: 6 x 13 x 2.
    boards = data["boards"]
    assert isinstance(boards, list)
    assert sum(len(b["results"]) for b in boards) == 156
    assert data["phantom"] == 14


def test_howell_matchpoints_and_ranking(howell: Game) -> None:
    # The phantom's opponents sit out, so every board has 6 results: top 5.
    per_pair = _check_matchpoints(howell, top=5)
    assert sorted(per_pair) == list(range(1, 14))
    data = _results_json(howell)
    ranking = data["ranking"]
    assert isinstance(ranking, list)
    assert len(ranking) == 13  # the phantom is not ranked
    # Every pair met the phantom once: 24 boards, a maximum of 120 (004:1285-1296).
    best = max(per_pair.values())
    for row in ranking:
        total = per_pair[row["pair"]]
        assert row["boards"] == 24
        assert Fraction(str(row["total"])) == total
        assert row["percentage"] == pytest.approx(float(total / 120 * 100), abs=0.005)
    assert Fraction(str(ranking[0]["total"])) == best
    assert ranking[0]["rank"] in ("1", "1=")


def test_howell_report_set(howell: Game) -> None:
    names = sorted(p.name for p in howell.out.iterdir())
    assert howell.messages["deals"] == "26 deals attached (boards 1-26)\n"
    assert names == sorted(
        ["index.html", "ranking.html", "recap.html", "travellers.html", "scorecards.html",
         "hand_records.html",
         "ranking.csv", "travellers.csv", "results.json", "results.pbn", "results.usebio.xml"]
    )  # fmt: skip
    ranking = (howell.out / "ranking.html").read_text("utf-8")
    assert "順位表（順位順）" in ranking and "順位表（ペア番号順）" in ranking
    assert "丸の内 BC" in ranking and "火曜デュプリケート" in ranking
    recap = (howell.out / "recap.html").read_text("utf-8")
    assert "レキアップシート（ボード毎）" in recap and "レキアップシート（ラウンド毎）" in recap
    cards = (howell.out / "scorecards.html").read_text("utf-8")
    assert cards.count('class="block sheet"') == 13
    travellers = (howell.out / "travellers.html").read_text("utf-8")
    assert travellers.count('class="block traveller"') == 26
    assert "順位" in howell.messages["text"]


def test_howell_csv_matches_json(howell: Game) -> None:
    text = (howell.out / "ranking.csv").read_bytes()
    assert text.startswith(b"\xef\xbb\xbf")  # UTF-8 byte-order mark for spreadsheets
    rows = list(csv.DictReader(io.StringIO(text.decode("utf-8-sig"))))
    data = _results_json(howell)
    ranking = data["ranking"]
    assert isinstance(ranking, list)
    assert [int(r["pair"]) for r in rows] == [r["pair"] for r in ranking]
    assert [float(r["total"]) for r in rows] == [r["total"] for r in ranking]
    travellers = list(
        csv.DictReader(io.StringIO((howell.out / "travellers.csv").read_text("utf-8-sig")))
    )
    assert len(travellers) == 156
    b, ns, ew = howell.corrected
    line = next(
        r for r in travellers if (int(r["board"]), int(r["ns"]), int(r["ew"])) == (b, ns, ew)
    )
    assert (line["contract"], line["declarer"], line["tricks"]) == ("4S", "N", "11")


def test_howell_pbn_read_back_by_our_reader_and_endplay(howell: Game) -> None:
    from bridgedesk.formats import pbn, pbn_scores
    from bridgedesk.scoring.session import score_session

    path = howell.out / "results.pbn"
    parsed = pbn.load(path)
    first = parsed[0]
    total = first.table("TotalScoreTable")
    assert total is not None and len(total.rows) == 13
    inp = pbn_scores.score_input(parsed, str(path), strict=True)
    again = score_session(inp.boards)
    per_pair = _check_matchpoints(howell, top=5)
    assert {s.pair: s.total for s in again.standings} == {str(p): t for p, t in per_pair.items()}

    endplay_pbn = pytest.importorskip("endplay.parsers.pbn")
    with path.open(encoding="utf-8") as f:
        boards = endplay_pbn.load(f)
    assert len(boards) == 26
    assert boards[0].board_num == 1
    # The deals are the ones attached from the generated file.
    from bridgedesk.formats.pbn_deals import load as load_deals

    dealt = {r.deal.board: r.deal for r in load_deals(howell.out.parent / "session.pbn")}
    ours = {r.deal.board: r.deal for r in load_deals(path)}
    assert ours == dealt
    from bridgedesk.bridge import Seat

    for board in boards:
        assert board.deal.to_pbn() == dealt[board.board_num].pbn(Seat.N)


def test_usebio_structure(howell: Game, mitchell: Game) -> None:
    from bridgedesk.formats.usebio import ORDER

    for game, winners, pairs in ((howell, "1", 13), (mitchell, "2", 18)):
        root = ET.parse(game.out / "results.usebio.xml").getroot()
        assert root.tag == "USEBIO" and root.get("Version") == "1.2"
        # Every element's children are allowed there and in the allowed order.
        for el in root.iter():
            allowed = ORDER.get(el.tag)
            kids = [c.tag for c in el]
            if allowed is None:
                assert kids == [], el.tag  # a leaf
                continue
            positions = [allowed.index(k) for k in kids]  # ValueError: not allowed here
            assert positions == sorted(positions), el.tag
        event = root.find("EVENT")
        assert event is not None and event.get("EVENT_TYPE") == "MP_PAIRS"
        assert event.findtext("WINNER_TYPE") == winners
        assert event.findtext("DATE") == "24/11/2026"
        section = event.find("SESSION/SECTION")
        assert section is not None
        found = section.findall("PARTICIPANTS/PAIR")
        assert len(found) == pairs
        directions = {el.findtext("DIRECTION") for el in found}
        assert directions == ({"NS", "EW"} if winners == "2" else {None})
        data = _results_json(game)
        ranking = data["ranking"]
        assert isinstance(ranking, list)
        for el, row in zip(found, ranking, strict=True):
            assert el.findtext("PAIR_NUMBER") == str(row["pair"])
            assert el.findtext("PLACE") == row["rank"]
            assert float(el.findtext("PERCENTAGE") or "nan") == row["percentage"]
            assert [p.findtext("NATIONAL_ID_NUMBER") for p in el.findall("PLAYER")] == [
                pl["member"] for pl in row["players"]
            ]
        lines = section.findall("BOARD/TRAVELLER_LINE")
        assert len(lines) == sum(len(b["results"]) for b in data["boards"])  # type: ignore[union-attr]


def test_mitchell_two_fields(mitchell: Game) -> None:
    assert "mitchell 9 tables, 9 rounds" in mitchell.messages["movement"]
    assert "plays boards" in mitchell.messages["wrong board"]
    # Every board is played at all 9 tables: top 8 in each direction.
    per_pair = _check_matchpoints(mitchell, top=8)
    data = _results_json(mitchell)
    assert data["winners"] == 2
    ranking = data["ranking"]
    assert isinstance(ranking, list)
    ns_field = [r for r in ranking if r["direction"] == "NS"]
    ew_field = [r for r in ranking if r["direction"] == "EW"]
    assert sorted(r["pair"] for r in ns_field) == list(range(1, 10))
    assert sorted(r["pair"] for r in ew_field) == list(range(10, 19))
    for field in (ns_field, ew_field):
        totals = [Fraction(str(r["total"])) for r in field]
        assert totals == sorted(totals, reverse=True)
        assert totals == [per_pair[r["pair"]] for r in field]
        assert field[0]["rank"] in ("1", "1=")
        # 27 boards x top 8 = 216 maximum, and the field shares 27 x 9 x 8 / 2 points.
        assert sum(totals) == Fraction(27 * 9 * 8, 2)
    text = mitchell.messages["text"]
    assert "North-South" in text and "East-West" in text


@pytest.mark.parametrize("fmt", ["csv", "json", "pbn", "usebio"])
def test_every_format_prints(mitchell: Game, fmt: str) -> None:
    code, out, err = run("results", mitchell.name, "--format", fmt, "--db", mitchell.db)
    assert code == 0, err
    head = {"csv": "rank,pair,direction", "json": "{", "pbn": "% PBN 2.1", "usebio": "<?xml"}
    assert out.startswith(head[fmt])


def test_unknown_event_is_one_line(mitchell: Game) -> None:
    code, _, err = run("results", "no such event", "--db", mitchell.db)
    assert code == 2
    assert err.startswith("error: no event named") and err.count("\n") == 1


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium")
@pytest.mark.parametrize("page", ["ranking", "recap", "travellers", "scorecards", "index"])
def test_html_opens_in_chromium(howell: Game, page: str, tmp_path: Path) -> None:
    text = open_page(howell.out / f"{page}.html", tmp_path, page)
    assert "</table>" in text or page == "index"
    assert "丸の内 BC" in text


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium")
def test_pdf_of_every_page(mitchell: Game, tmp_path: Path) -> None:
    code, out, err = run("results", mitchell.name, "--format", "html", "--pdf", "--out", tmp_path,
                         "--db", mitchell.db)  # fmt: skip
    assert "ranking.pdf" in out
    assert code == 0, err
    pdfs = sorted(p.name for p in tmp_path.glob("*.pdf"))
    assert pdfs == ["ranking.pdf", "recap.pdf", "scorecards.pdf", "travellers.pdf"]
    for name in pdfs:
        assert (tmp_path / name).read_bytes()[:5] == b"%PDF-"
    code, _, err = run("results", mitchell.name, "--pdf", "--db", mitchell.db)
    assert code == 2 and "--pdf goes with --format html" in err
