"""A stored individual event through the command line (004:1576-1614, issue 13).

Twelve players: six entered one by one, six from a CSV; the movement the JCBL list
recommends for 12 (2 x 11, 004:3068-3078); every slip entered naming its four
players; a penalty (003:47-59: half a board is half the board's top) and a fouled
board (004:3598-3624: a group of two gets 65 / 55 % of the top, a lone score 60 %).
The ranking is checked against an independent computation written out below (the
seats come from the movement library with the players' own numbers, the
matchpoints are counted here); the HTML ranking is opened in headless Chromium.
A refused slip, movement or entry leaves the store as it was (a dump before and
after, as tests/events/test_director_cli.py does).
"""

from __future__ import annotations

import json
import os
from collections import defaultdict
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from tests.events.store_dump import dump
from tests.events.test_cli import Cli

from bridgedesk.events import make_result
from bridgedesk.movements.individual import individual
from bridgedesk.reports.hand_records import chromium_args

EVENT = "Spring individual"
CHROMIUM = Path("/usr/bin/chromium")
#: 004:3068-3078: 12 players play 11 rounds of 2 boards; seat k is player k here.
MOVEMENT = individual(12, rounds=11, boards_per_round=2)
CONTRACTS = [("4S", "N", "="), ("4S", "N", "-1"), ("3NT", "S", "+1"), ("2H", "E", "="),
             ("1NT", "W", "-2"), ("PASS", "", ""), ("4H", "E", "+1"), ("3C", "S", "=")]  # fmt: skip
FOULED = (7, 4, 2)  # board 7 at round 4 table 2 played the changed hands
PENALISED = 5  # half a board, slow play

Slip = tuple[int, int, int, tuple[int, int, int, int], tuple[str, str, str]]


def slips() -> list[Slip]:
    """Every slip of the movement: round, table, board, (N, S, E, W), the contract."""
    out = []
    for r in MOVEMENT.rounds:
        for s in r.seatings:
            for board in (2 * s.board_set - 1, 2 * s.board_set):
                contract = CONTRACTS[(5 * board + 3 * s.table + r.number) % len(CONTRACTS)]
                out.append((r.number, s.table, board, s.players(), contract))
    return out


def enter(cli: Cli, slip: Slip) -> str:
    rnd, table, board, (n, s, e, w), contract = slip
    return cli("result", "add", EVENT, "--round", str(rnd), "--table", str(table),
               "--board", str(board), "--north", str(n), "--south", str(s), "--east", str(e),
               "--west", str(w), *[c for c in contract if c])  # fmt: skip


def ns_score(slip: Slip) -> int:
    rnd, table, board, (n, _s, e, _w), (contract, declarer, result) = slip
    made = make_result(round=rnd, table=table, board=board, ns=n, ew=e, contract=contract,
                       declarer=declarer or None, result=result or None)  # fmt: skip
    assert made.ns_score is not None
    return made.ns_score


def expected_totals(all_slips: list[Slip], rulings: bool = True) -> dict[int, Fraction]:
    """Each player's matchpoints, counted here: top 2 on a board of 3 scores (with the
    fouled board and the penalty when ``rulings``)."""
    totals: dict[int, Fraction] = defaultdict(Fraction)
    by_board: dict[int, list[Slip]] = defaultdict(list)
    for slip in all_slips:
        by_board[slip[2]].append(slip)
    for board, lines in by_board.items():
        points: list[tuple[Fraction, Fraction]] = []
        for slip in lines:
            if rulings and board == FOULED[0]:
                fouled = (slip[0], slip[1]) == FOULED[1:]
                group = [x for x in lines if ((x[0], x[1]) == FOULED[1:]) == fouled]
                if len(group) == 1:  # a lone score: 60 % of the top both ways
                    points.append((Fraction(6, 5), Fraction(6, 5)))
                    continue
                other = ns_score(next(x for x in group if x is not slip))
                mine = ns_score(slip)
                pct = 65 if mine > other else 55 if mine < other else 60
                points.append((Fraction(2 * pct, 100), Fraction(2 * (120 - pct), 100)))
                continue
            mine = ns_score(slip)
            ns = sum(
                (Fraction(1) if mine > ns_score(x) else Fraction(1, 2) if mine == ns_score(x)
                 else Fraction(0)) for x in lines if x is not slip
            )  # fmt: skip
            points.append((ns, 2 - ns))
        for slip, (ns, ew) in zip(lines, points, strict=True):
            n, s, e, w = slip[3]
            for p in (n, s):
                totals[p] += ns
            for p in (e, w):
                totals[p] += ew
    if rulings:
        totals[PENALISED] -= 1  # half a board: half the top of 2 (003:47-59)
    return dict(totals)


def ranks(totals: dict[int, Fraction]) -> dict[int, str]:
    out = {}
    for p, t in totals.items():
        better = sum(1 for q in totals.values() if q > t)
        tied = sum(1 for q in totals.values() if q == t) > 1
        out[p] = f"{better + 1}{'=' if tied else ''}"
    return out


@pytest.fixture
def cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Cli:
    return Cli(tmp_path / "club.sqlite3", capsys)


@pytest.fixture
def entered(cli: Cli, tmp_path: Path) -> Cli:
    out = cli("event", "new", EVENT, "--kind", "individual", "--date", "2026-11-24")
    assert out == "event 1: Spring individual (2026-11-24, weekly class 3, mp, individual)\n"
    for n in range(1, 7):
        out = cli("entry", "add", EVENT, "--kind", "individual", "--player", f"Player {n}",
                  "--member", str(40000 + n))  # fmt: skip
        assert out == f"entered player {n} in section A: Player {n}\n"
    csv = tmp_path / "players.csv"
    csv.write_text(
        "player1,member1\n" + "".join(f"Player {n},{40000 + n}\n" for n in range(7, 13)),
        encoding="utf-8",
    )
    assert cli("entry", "import", EVENT, str(csv)) == (
        "entered 6 entries in section A: 7, 8, 9, 10, 11, 12\n"
    )
    out = cli("event", "movement", EVENT, "--recommend")
    assert out.splitlines()[:2] == [
        "section A: individual 12 players, 3 tables, 11 rounds x 2 boards, boards 1-22",
        "  recommended: individual, 12 players at 3 tables: 2 x 11 = 22 boards, about 165 "
        "min; everyone partners everyone once (004:3068-3078)",
    ]
    return cli


def test_movement_cards_print_the_event_numbers(entered: Cli, tmp_path: Path) -> None:
    entered("movement", "cards", "individual", "--event", EVENT, "--out", str(tmp_path / "c"))
    sheet = (tmp_path / "c" / "movement.txt").read_text("utf-8").splitlines()
    assert sheet[0].startswith("individual - 12 players, 3 tables, 11 rounds, 22 boards")
    for r in MOVEMENT.rounds:  # each round's row: its tables N-S-E-W
        want = [f"{s.north}-{s.south}-{s.east}-{s.west}" for s in r.seatings]
        assert sheet[2 + r.number].split() == [str(r.number), *want]
    listed = entered("entry", "list", EVENT).splitlines()
    assert listed[0].split() == ["1", "Player", "1", "[40001]"]  # no NS / EW number


def test_a_stationary_request_gets_the_seat_that_does_not_move(cli: Cli) -> None:
    cli("event", "new", EVENT, "--kind", "individual")
    for n in range(1, 13):
        extra = ["--stationary"] if n == 3 else []
        cli("entry", "add", EVENT, "--player", f"P{n}", *extra)
    out = cli("event", "movement", EVENT, "--recommend")
    assert "player 3 sits stationary at table 1 North" in out
    err = cli("result", "add", EVENT, "--round", "1", "--table", "1", "--board", "1",
              "--north", "12", "--south", "6", "--east", "5", "--west", "2", "PASS",
              status=2)  # fmt: skip
    # seat 12 (table 1 North in every round) is player 3's; seat 3 went to player 12
    assert err == (
        "error: round 1, table 1, board 1: round 1 table 1 seats N 3 S 6 E 5 W 2, "
        "not N 12 S 6 E 5 W 2\n"
    )


def test_a_whole_individual_event(entered: Cli, tmp_path: Path) -> None:
    cli = entered
    all_slips = slips()
    assert len(all_slips) == 66
    for slip in all_slips[:-1]:
        assert enter(cli, slip).startswith("result ")
    # a slip naming players the movement does not seat there: one line, nothing stored
    rnd, table, board, (n, s, e, w), _ = all_slips[0]
    before = dump(cli.db)
    err = cli("result", "add", EVENT, "--round", str(rnd), "--table", str(table),
              "--board", str(board), "--north", str(n), "--south", str(w), "--east", str(e),
              "--west", str(s), "3NT", "N", "=", status=2)  # fmt: skip
    assert err == (
        f"error: round 1, table 1, board 1: round 1 table 1 seats N {n} S {s} E {e} W {w}, "
        f"not N {n} S {w} E {e} W {s}\n"
    )
    err = cli("result", "add", EVENT, "--round", "1", "--table", "1", "--board", "1",
              "--ns", str(n), "--ew", str(e), "PASS", status=2)  # fmt: skip
    assert "is an individual: a slip names its four players" in err and err.count("\n") == 1
    err = cli("result", "correct", EVENT, "--board", "1", "--ns", str(n), "--ew", str(e),
              "--override", "moved", "--reason", "x", "PASS", status=2)  # fmt: skip
    assert "stored only where the movement seats its four players" in err
    err = cli("event", "movement", EVENT, "--recommend", status=2)
    assert err == (
        "error: results are in: an individual's movement cannot change now (its slips name "
        "the players the movement seats)\n"
    )
    err = cli("entry", "add", EVENT, "--kind", "pair", "--pair", "13", "--names", "A, B",
              status=2)  # fmt: skip
    assert "is an individual: enter players" in err
    assert dump(cli.db) == before

    # the last slip is missing: the ranking is provisional, --final refuses naming it
    last = all_slips[-1]
    rnd, table, board, (n, s, e, w), _ = last
    err = cli("results", EVENT, "--final", status=2)
    assert err.splitlines()[0] == (
        f"missing slip: round {rnd} table {table} board {board} (N {n} S {s} E {e} W {w})"
    )
    assert dump(cli.db) == before
    assert cli("results", EVENT).splitlines()[0] == "PROVISIONAL: 1 of 66 slips missing"
    enter(cli, last)

    out = cli("result", "penalty", EVENT, "--player", str(PENALISED), "--boards", "0.5",
              "--reason", "slow play")  # fmt: skip
    assert out.startswith("ruling ")
    cli("result", "fouled", EVENT, "--board", str(FOULED[0]), "--at",
        f"{FOULED[1]}:{FOULED[2]}", "--reason", "E/W hands swapped")  # fmt: skip

    doc = json.loads(cli("results", EVENT, "--final", "--format", "json"))
    assert doc["individual"] is True
    want = expected_totals(all_slips)
    got = {int(r["pair"]): (r["total"], r["rank"]) for r in doc["ranking"]}
    want_ranks = ranks(want)
    assert got == {p: (round(float(t), 2), want_ranks[p]) for p, t in want.items()}
    text = cli("results", EVENT, "--final")
    assert "PROVISIONAL" not in text and "Player" in text

    # the reports: en and ja, the ranking looked at in headless Chromium
    for lang in ("en", "ja"):
        out = cli("results", EVENT, "--format", "html", "--out", str(tmp_path / lang),
                  "--lang", lang)  # fmt: skip
        names = {Path(line).name for line in out.splitlines()}
        assert {"ranking.html", "travellers.html", "scorecards.html", "results.json"} <= names
    assert "順位表（プレイヤー番号順）" in (tmp_path / "ja" / "ranking.html").read_text("utf-8")
    sheets = (tmp_path / "en" / "scorecards.html").read_text("utf-8")
    assert "Player 1: Player 1" in sheets and sheets.count("<tr") > 12 * 22
    _look_at(tmp_path / "en" / "ranking.html", tmp_path, want)

    # masterpoints: JCBL weekly, one player a competitor (000:173-228, P = 1 for
    # individuals), the top 35 % of 12 rounded up = 5 places
    awards = json.loads(cli("masterpoints", "award", "--from-event", EVENT, "--rules", "jcbl",
                            "--json"))  # fmt: skip
    assert {a["member"] for a in awards} == {
        str(40000 + p) for p in want if int(want_ranks[p].rstrip("=")) <= 5
    }
    assert all(a["reason"].startswith("JCBL weekly K=3 C=12 P=1") for a in awards)


def _look_at(page_file: Path, tmp_path: Path, want: dict[int, Fraction]) -> None:
    """The ranking page in headless Chromium: headed by players, best total first."""
    playwright = pytest.importorskip("playwright.sync_api")
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed")
    target = Path(os.environ.get("BRIDGEDESK_SCREENSHOTS", tmp_path / "shots"))
    target.mkdir(parents=True, exist_ok=True)
    flags = [a for a in chromium_args("") if not a.startswith(("--headless", "--user-data-dir"))]
    with playwright.sync_playwright() as p:
        browser: Any = p.chromium.launch(executable_path=str(CHROMIUM), args=flags)
        try:
            page = browser.new_page(viewport={"width": 1000, "height": 1300})
            page.goto(page_file.as_uri())
            heads = page.locator("table.ranking").first.locator("th").all_inner_texts()
            assert heads[:2] == ["Rank", "Player"]
            rows = page.locator("table.ranking").first.locator("tbody tr")
            shown = [int(rows.nth(i).locator("td").nth(1).inner_text()) for i in range(12)]
            assert sorted(shown) == sorted(want)
            assert [want[p] for p in shown] == sorted(want.values(), reverse=True)
            shot = target / "individual-ranking.png"
            page.screenshot(path=str(shot), full_page=True)
            assert shot.stat().st_size > 20_000
        finally:
            browser.close()


def test_demo_individuals(tmp_path: Path, cli: Cli) -> None:
    """``demo --individuals 8``: Fig 20's 8 players, 3 boards x 7 rounds (004:3070), every
    report written; each board is played at both tables (top 1), so the players' totals
    add up to 21 boards x 2 tables x 1 point x 2 players = 84."""
    out = cli("demo", "--individuals", "8", "--no-dd", "--seed", "3", "--out",
              str(tmp_path / "demo"))  # fmt: skip
    assert out.splitlines()[0] == "individual 8 players, 2 tables, 7 rounds x 3 boards; 21 boards"
    written = {p.name for p in (tmp_path / "demo").iterdir()}
    assert {"index.html", "ranking.html", "recap.html", "travellers.html", "scorecards.html",
            "hand_records.html", "results.json", "results.pbn"} <= written  # fmt: skip
    doc = json.loads((tmp_path / "demo" / "results.json").read_text("utf-8"))
    assert doc["individual"] is True and len(doc["ranking"]) == 8
    assert sum(Fraction(str(r["total"])) for r in doc["ranking"]) == 84
    # the event is kept in --db, and each run adds a fresh one (other seeds too)
    cli("demo", "--individuals", "8", "--no-dd", "--out", str(tmp_path / "d2"))
    cli("demo", "--individuals", "8", "--no-dd", "--seed", "5", "--out", str(tmp_path / "d3"))
    listed = cli("event", "list")
    assert listed.count("Demo individual  [weekly class 3, mp, individual]  session 1: A") == 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["event", "movement", EVENT, "--kind", "howell", "--tables", "3"],
         "is an individual: its movement is individual, not howell"),
        (["event", "movement", EVENT, "--kind", "individual", "--rounds", "12"],
         "12 players play 1 to 11 rounds, not 12"),
        (["entry", "add", EVENT, "--kind", "individual", "--pair", "3", "--player", "Late",
          "--late"], "player 3 is seated by the movement already"),
        (["entry", "add", EVENT, "--pair", "20", "--phantom", "--kind", "pair"],
         "is an individual: it has no phantom pair"),
        (["result", "add", EVENT, "--round", "12", "--table", "1", "--board", "1",
          "--north", "1", "--south", "2", "--east", "3", "--west", "4", "PASS"],
         "round 12 does not exist: the movement has rounds 1-11"),
        (["result", "add", EVENT, "--round", "1", "--table", "1", "--board", "3",
          "--north", "12", "--south", "6", "--east", "5", "--west", "2", "PASS"],
         "round 1 table 1 plays boards 1-2, not 3"),
        (["result", "add", EVENT, "--round", "1", "--table", "1", "--board", "1",
          "--north", "12", "--south", "6", "--east", "5", "PASS"],
         "an individual's slip names all four players"),
        (["result", "add", EVENT, "--round", "1", "--table", "1", "--board", "1",
          "--north", "12", "--south", "6", "--east", "5", "--west", "2", "--override", "x",
          "PASS"],
         "stored only where the movement seats its four players"),
        (["result", "penalty", EVENT, "--player", "13", "--boards", "1", "--reason", "r"],
         "pair 13 is not entered in section A"),
        (["event", "new", "Two sessions", "--kind", "individual", "--sessions", "2"],
         "an individual event has one session of one section"),
        (["event", "new", "Quartets", "--kind", "quartet"],
         "--kind is pairs, teams or individual"),
    ],
)  # fmt: skip
def test_refusals_change_nothing(entered: Cli, args: list[str], message: str) -> None:
    before = dump(entered.db)
    err = entered(*args, status=2)
    assert message in err and err.count("\n") == 1, err
    assert dump(entered.db) == before


def test_a_pairs_event_takes_no_players(cli: Cli) -> None:
    cli("event", "new", "Tuesday pairs")
    before = dump(cli.db)
    err = cli("entry", "add", "Tuesday pairs", "--kind", "individual", "--player", "Ann",
              status=2)  # fmt: skip
    assert err == (
        "error: event 'Tuesday pairs' is not an individual event "
        "(`bridgedesk event new NAME --kind individual` makes one)\n"
    )
    err = cli("movement", "cards", "individual", "--event", "Tuesday pairs", "--out", "x",
              status=2)  # fmt: skip
    assert "is not an individual" in err
    assert dump(cli.db) == before


def test_a_correction_keeps_the_four_players(entered: Cli) -> None:
    first = slips()[0]
    enter(entered, first)
    _, _, board, (n, s, e, w), _ = first
    entered("result", "correct", EVENT, "--board", str(board), "--ns", str(n), "--ew", str(e),
            "--reason", "NS showed it was 1C +1", "1C", "S", "+1")  # fmt: skip
    doc = json.loads(entered("results", EVENT, "--format", "json"))
    line = doc["boards"][0]["results"][0]
    assert (line["ns"], line["ew"]) == (f"{n}&{s}", f"{e}&{w}")
    assert line["score_ns"] == 90


def test_a_member_number_alone_takes_the_name_from_the_register(cli: Cli) -> None:
    cli("event", "new", "Tuesday pairs")
    cli("entry", "add", "Tuesday pairs", "--pair", "1", "--names", "Ann, Bo", "--members",
        "111,222")  # fmt: skip
    cli("event", "new", EVENT, "--kind", "individual")
    assert cli("entry", "add", EVENT, "--member", "222") == "entered player 1 in section A: Bo\n"
    before = dump(cli.db)
    err = cli("entry", "add", EVENT, "--member", "999", status=2)
    assert err == "error: member 999 is not in the player register: give the name as well\n"
    assert dump(cli.db) == before


def test_the_web_pages_rank_the_players_as_results_does(tmp_path: Path, cli: Cli) -> None:
    from bridgedesk.services.live import live_section, ranking_document
    from bridgedesk.store.service import Store

    cli("demo", "--individuals", "9", "--no-dd", "--out", str(tmp_path / "demo"))
    printed = json.loads(cli("results", "1", "--format", "json"))
    with Store.open(cli.db) as store:
        doc = ranking_document(store, 1)
        live = live_section(store, 1, store.section_results(1))
    assert doc["individual"] is True and doc["ranking"] == printed["ranking"]
    assert [row["pair"] for row in live["fields"][0]["rows"]] == [
        str(r["pair"]) for r in printed["ranking"]
    ]


def _slips_csv(path: Path, rows: list[Slip]) -> Path:
    lines = ["round,table,board,north,south,east,west,contract,declarer,result"]
    for rnd, table, board, (n, s, e, w), (contract, declarer, result) in rows:
        lines.append(f"{rnd},{table},{board},{n},{s},{e},{w},{contract},{declarer},{result}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_import_an_individuals_slips(entered: Cli, tmp_path: Path) -> None:
    all_slips = slips()
    # one wrong line (South and West swapped) and nothing is stored
    rnd, table, board, (n, s, e, w), contract = all_slips[10]
    wrong = [*all_slips[:10], (rnd, table, board, (n, w, e, s), contract)]
    before = dump(entered.db)
    err = entered("result", "import", EVENT, str(_slips_csv(tmp_path / "bad.csv", wrong)),
                  status=2)  # fmt: skip
    assert err.startswith(f"error: {tmp_path / 'bad.csv'}:12, round {rnd}, table {table}, ")
    assert err.count("\n") == 1
    assert f"seats N {n} S {s} E {e} W {w}, not N {n} S {w} E {e} W {s}" in err
    assert dump(entered.db) == before
    # the whole file, then the same file again: nothing is added twice
    good = _slips_csv(tmp_path / "good.csv", all_slips)
    out = entered("result", "import", EVENT, str(good))
    assert out == "imported 66 result(s) from good.csv; 0 already stored\n"
    out = entered("result", "import", EVENT, str(good))
    assert out == "imported 0 result(s) from good.csv; 66 already stored\n"
    doc = json.loads(entered("results", EVENT, "--final", "--format", "json"))
    want = expected_totals(all_slips, rulings=False)
    got = {int(r["pair"]): r["total"] for r in doc["ranking"]}
    assert got == {p: round(float(t), 2) for p, t in want.items()}
    # an individual's file for a pairs event is refused
    entered("event", "new", "Tuesday pairs")
    err = entered("result", "import", "Tuesday pairs", str(good), status=2)
    assert "is not an individual event" in err


def test_export_then_import_gives_the_same_slips(entered: Cli, tmp_path: Path) -> None:
    for slip in slips()[:6]:
        enter(entered, slip)
    text = entered("result", "export", EVENT)
    rnd, table, board, (n, s, e, w), _ = slips()[0]
    head, first = text.splitlines()[:2]
    assert head.split(",")[5:9] == ["north", "south", "east", "west"]
    assert first.split(",")[2:9] == [str(x) for x in (rnd, table, board, n, s, e, w)]
    exported = tmp_path / "slips.csv"
    exported.write_text(text, encoding="utf-8")
    out = entered("result", "import", EVENT, str(exported))
    assert out == "imported 0 result(s) from slips.csv; 6 already stored\n"
