"""Several sessions and sections as one stored pair event, through the command line:
entries once, the JCBL plan for every session (004:2071-2260, 004:3214-3307), the
renumbering and section swap kept by the store (004:2375-2440), results per session,
the combined ranking (004:1315-1320) and a final with carry-over (004:1985-2034).

Expected totals are computed here from the slips alone
(:func:`tests.events.test_director_cli.expected_totals`: one point per NS score
beaten, a half per tie), added up by competitor through the seats ``entry list``
prints, independently of bridgedesk.results.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from tests.events.store_dump import cli_fixture, dump  # noqa: F401
from tests.events.test_cli import Cli
from tests.events.test_director_cli import expected_totals, tricks

from bridgedesk.cli import main
from bridgedesk.store.service import Store

Slip = tuple[int, int, int, int, int]
EVENT = "Club two-session"


def new_event(cli: Cli, name: str = EVENT) -> None:
    cli("event", "new", name, "--date", "2026-11-24", "--scoring", "mp")


def import_entries(cli: Cli, tmp: Path, pairs: int, name: str = EVENT) -> None:
    """Every pair entered once, from one CSV (names and member numbers)."""
    lines = ["pair,player1,member1,player2,member2"]
    lines += [f"{n},North {n},{n}01,South {n},{n}02" for n in range(1, pairs + 1)]
    path = tmp / "entries.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    cli("entry", "import", name, str(path))


def planned_slips(cli: Cli, name: str, session: int, section: str = "A") -> list[Slip]:
    """Every slip the stored movement plans, the phantom's tables left out."""
    with Store.open(cli.db) as store:
        grid = store.movement(name, section=section, session=session)
        entries = store.entries(name, section=section, session=session)
    assert grid is not None
    phantom = {n for n, e in entries.items() if e.phantom}
    out = []
    for (rnd, table), seat in sorted(grid.grid.items()):
        if {seat.ns, seat.ew} & phantom:
            continue
        out += [(rnd, table, b, seat.ns, seat.ew) for b in seat.boards]
    return out


def import_slips(cli: Cli, tmp: Path, name: str, rows: list[tuple[int, str, Slip]]) -> None:
    """(session, section, slip) lines through ``result import`` (3NT by North)."""
    lines = ["round,table,board,ns,ew,contract,declarer,result,section,session"]
    for session, section, (rnd, table, board, ns, ew) in rows:
        won = tricks(board, table) - 6
        lines.append(f"{rnd},{table},{board},{ns},{ew},3NT,N,{won},{section},{session}")
    path = tmp / f"slips-{len(rows)}.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    cli("result", "import", name, str(path))


def pair_totals(
    slips: list[Slip], groups: dict[tuple[int, int], str] | None = None
) -> dict[int, Fraction]:
    """A session section's total per pair number, both directions added."""
    out: dict[int, Fraction] = {}
    for (_, pair), value in expected_totals(slips, groups).items():
        out[pair] = out.get(pair, Fraction(0)) + value
    return out


def seats_of(cli: Cli, name: str, sections: list[str]) -> dict[str, list[str]]:
    """competitor (its first-session seat) -> its seat in each session, as
    ``entry list`` prints them (``[s1 A3  s2 B3]``)."""
    out: dict[str, list[str]] = {}
    for section in sections:
        for line in cli("entry", "list", name, "--section", section).splitlines():
            found = re.search(r"\[(s1 [^\]]+)\]$", line)
            assert found, line
            seats = [part.split(" ")[1] for part in found.group(1).split("  ")]
            out[seats[0]] = seats
    return out


def f2(value: Fraction) -> float:
    return float(round(value * 100) / 100)


def test_26_pairs_mitchell_then_interwoven_howell(cli: Cli, tmp_path: Path) -> None:
    """13 tables: an appendix Mitchell, then the interwoven Howell on the same numbers
    (004:2117-2170, 004:2178); 25 pairs entered once, the phantom 26 stationary in
    both sessions (004:2159-2163), a late pair taking its number (004:884-898) in
    both sessions; a penalty in session 2."""
    new_event(cli)
    import_entries(cli, tmp_path, 25)
    out = cli("event", "movement", EVENT, "--recommend", "--sessions", "2")
    assert "1st 11(AM), 2nd 11(IWH)" in out
    assert "25 pairs: 26 is the phantom (the phantom is stationary in every session)" in out
    assert "stored: 2 sessions" in out
    # a late pair takes the phantom's number before play, in both sessions
    out = cli("entry", "add", EVENT, "--pair", "30", "--names", "Late, Comer", "--late")
    assert out.startswith("entered pair 26 in section A")
    for session in ("1", "2"):
        listed = cli("entry", "list", EVENT, "--session", session).splitlines()
        assert len(listed) == 26
        assert "Late - Comer" in listed[25] and "[s1 26  s2 26]" in listed[25]
        assert listed[2].endswith("[s1 3  s2 3]")
    one, two = planned_slips(cli, EVENT, 1), planned_slips(cli, EVENT, 2)
    assert len(one) == len(two) == 13 * 11 * 2
    import_slips(cli, tmp_path, EVENT, [(1, "A", s) for s in one] + [(2, "A", s) for s in two])
    cli("result", "penalty", EVENT, "--session", "2", "--pair", "3", "--mp", "2",
        "--reason", "slow play")  # fmt: skip
    doc = json.loads(cli("results", EVENT, "--format", "json"))
    s1 = pair_totals(one)
    s2 = pair_totals(two)
    s2[3] -= 2
    want = {p: s1[p] + s2[p] for p in s1}
    assert {r["pair"]: r["total"] for r in doc["ranking"]} == {p: f2(v) for p, v in want.items()}
    assert [s["session"] for s in doc["sessions"]] == [1, 2]
    first = doc["ranking"][0]
    assert set(first) >= {"pair", "total", "max", "percentage", "rank", "sessions"}
    assert [x["pair"] for x in first["sessions"]] == [first["pair"], first["pair"]]
    best = max(want.values())
    assert first["total"] == f2(best)
    # the session rankings are those of `results --session N`
    alone = json.loads(cli("results", EVENT, "--session", "2", "--format", "json"))
    assert alone["ranking"] == doc["sessions"][1]["ranking"]
    assert "PROVISIONAL" not in cli("results", EVENT, "--final")


def test_12_pairs_the_howell_twice_renumbered(cli: Cli, tmp_path: Path) -> None:
    """Up to 7 tables the Howell is played twice with new numbers (004:2072-2073):
    pair 1 plays as 2 in session 2, and is still one competitor."""
    new_event(cli)
    import_entries(cli, tmp_path, 12)
    out = cli("event", "movement", EVENT, "--recommend", "--sessions", "2")
    assert "1 plays as 2" in out and "12 plays as 1" in out
    seats = seats_of(cli, EVENT, ["A"])
    assert seats["1"] == ["1", "2"] and seats["12"] == ["12", "1"]
    two = cli("entry", "list", EVENT, "--session", "2").splitlines()
    assert two[1].split()[0] == "2" and "North 1 - South 1" in two[1]  # pair 1 plays as 2
    # a substitute entered once reaches session 2 (where pair 1 plays as 2)
    cli("entry", "edit", EVENT, "--pair", "1", "--names", "North 1, Sub 1", "--reason", "sub")
    assert "North 1 - Sub 1" in cli("entry", "list", EVENT, "--session", "2").splitlines()[1]
    one, other = planned_slips(cli, EVENT, 1), planned_slips(cli, EVENT, 2)
    rows = [(1, "A", s) for s in one] + [(2, "A", s) for s in other[:-1]]
    import_slips(cli, tmp_path, EVENT, rows)
    rnd, table, board, ns, ew = other[-1]  # the last slip, entered naming its session
    won = tricks(board, table) - 6
    cli("result", "add", EVENT, "--session", "2", "--round", str(rnd), "--table", str(table),
        "--board", str(board), "--ns", str(ns), "--ew", str(ew), "3NT", "N", str(won))  # fmt: skip
    s1, s2 = pair_totals(one), pair_totals(other)
    want = {who: s1[int(a)] + s2[int(b)] for who, (a, b) in seats.items()}
    # each session's own boards, both numbered 1-22: the event's deals are session 1's
    for session, seed in ((1, "first"), (2, "second")):
        path = tmp_path / f"{seed}.pbn"
        assert (
            main(["deals", "generate", "--out", str(path), "--boards", "22", "--seed", seed]) == 0
        )
        cli.capsys.readouterr()
        args = ["--session", "2"] if session == 2 else []
        assert cli("event", "deals", EVENT, str(path), *args) == "22 deals attached (boards 1-22)\n"
    doc = json.loads(cli("results", EVENT, "--format", "json"))
    deal1 = {b["board"]: b["deal"] for b in doc["sessions"][0]["boards"]}
    deal2 = {b["board"]: b["deal"] for b in doc["sessions"][1]["boards"]}
    assert set(deal1) == set(deal2) == set(range(1, 23)) and deal1[1] != deal2[1]
    alone = json.loads(cli("results", EVENT, "--session", "2", "--format", "json"))
    assert {b["board"]: b["deal"] for b in alone["boards"]} == deal2
    assert {str(r["pair"]): r["total"] for r in doc["ranking"]} == {
        w: f2(v) for w, v in want.items()
    }
    row = next(r for r in doc["ranking"] if r["pair"] == 1)
    assert [x["pair"] for x in row["sessions"]] == [1, 2]
    assert row["names"] == "North 1 - Sub 1"


def play_40(cli: Cli, tmp_path: Path) -> None:
    """The 40-pair event of the test below, every slip in (for the browser test)."""
    new_event(cli)
    import_entries(cli, tmp_path, 40)
    cli("event", "movement", EVENT, "--recommend", "--sessions", "2")
    rows = [(session, section, s) for session in (1, 2) for section in ("A", "B")
            for s in planned_slips(cli, EVENT, session, section)]  # fmt: skip
    import_slips(cli, tmp_path, EVENT, rows)


def test_40_pairs_two_sections_two_sessions(cli: Cli, tmp_path: Path) -> None:
    """20 tables from the multi-section list (004:3218: 11T + 9T): the 40 pairs entered
    once in one list are placed in sections A and B, and half of each section changes
    section for session 2 (004:2381-2452)."""
    new_event(cli)
    import_entries(cli, tmp_path, 40)
    out = cli("event", "movement", EVENT, "--recommend", "--sessions", "2")
    assert "11T + 9T (20 tables)" in out
    assert "pair 23 plays as B1" in out and "A1 plays as B1" in out
    seats = seats_of(cli, EVENT, ["A", "B"])
    assert len(seats) == 40 and seats["A1"] == ["A1", "B1"] and seats["B1"] == ["B1", "A1"]
    rows: list[tuple[int, str, Slip]] = []
    totals: dict[tuple[int, str], dict[int, Fraction]] = {}
    for session in (1, 2):
        for section in ("A", "B"):
            slips = planned_slips(cli, EVENT, session, section)
            rows += [(session, section, s) for s in slips]
            totals[(session, section)] = pair_totals(slips)
    import_slips(cli, tmp_path, EVENT, rows)
    # a penalty on whoever sits at B3 in session 2 (A3 of session 1: the section swap)
    cli("result", "penalty", EVENT, "--session", "2", "--section", "B", "--pair", "3",
        "--mp", "1.5", "--reason", "slow play")  # fmt: skip
    totals[(2, "B")][3] -= Fraction(3, 2)
    want = {}
    for who, places in seats.items():
        want[who] = sum(
            (totals[(i + 1, seat[0])][int(seat[1:])] for i, seat in enumerate(places)),
            Fraction(0),
        )
    doc = json.loads(cli("results", EVENT, "--format", "json"))
    assert {r["pair"]: r["total"] for r in doc["ranking"]} == {w: f2(v) for w, v in want.items()}
    # fields of different sizes: ranked by percentage (004:1315-1320), and in each section
    pcts = [r["percentage"] for r in doc["ranking"]]
    assert pcts == sorted(pcts, reverse=True)
    assert {r["section"] for r in doc["ranking"]} == {"A", "B"}
    assert all("section_rank" in r for r in doc["ranking"])
    session = doc["sessions"][0]
    assert [s["section"] for s in session["sections"]] == ["A", "B"]
    assert len(session["ranking"]) == 40
    text = cli("results", EVENT, "--out", str(tmp_path / "report"))
    assert "== Session 2 ==" in text and "Ranking over all sessions" in text
    assert (tmp_path / "report" / "session-2" / "B" / "travellers.html").is_file()
    assert next(r for r in doc["ranking"] if r["pair"] == "A3")["sessions"][1]["pair"] == "B3"
    # a final cut in each first-session section (004:1987; directions change between
    # the sessions): the best 2 of A and of B by percentage, ties on the last place in
    best = set()
    for name in ("A", "B"):
        mine = sorted(r["percentage"] for r in doc["ranking"] if r["section"] == name)[::-1]
        best |= {r["pair"] for r in doc["ranking"]
                 if r["section"] == name and r["percentage"] >= mine[1]}  # fmt: skip
    out = cli("event", "final", EVENT, "Final", "--cut", "2", "--cut-by", "field")
    assert {line.split()[2] for line in out.splitlines()[1:]} == best


def carry_expected(
    totals: dict[str, Fraction], finalists: list[str], boards: int, top: int, cap_boards: int
) -> dict[str, Fraction]:
    """C = M x Q/E x (A x B) / (S/Q), at most cap_boards boards at the final's top
    (004:2010-2034), written out again here."""
    q, e = len(finalists), len(totals)
    s = sum(totals[p] for p in finalists)
    a = Fraction(top, 2)
    exact = {p: totals[p] * Fraction(q, e) * (a * boards) / (s / q) for p in finalists}
    cap = cap_boards * top
    high = max(exact.values())
    if high > cap:
        exact = {p: c * cap / high for p, c in exact.items()}
    return exact


def test_qualifying_and_final_with_carry_over(cli: Cli, tmp_path: Path) -> None:
    """A two-session qualifying of 12 pairs, a cut of 6 with pair 1 withdrawn before the
    final (004:1991), the final stored with its cut; its ranking adds the carry-over."""
    new_event(cli, "Qualifying")
    import_entries(cli, tmp_path, 12, "Qualifying")
    cli("event", "movement", "Qualifying", "--recommend", "--sessions", "2")
    one, two = planned_slips(cli, "Qualifying", 1), planned_slips(cli, "Qualifying", 2)
    # the final cannot be made while the qualifying has a slip missing
    import_slips(cli, tmp_path, "Qualifying", [(1, "A", s) for s in one])
    before = dump(cli.db)
    err = cli("event", "final", "Qualifying", "Final", "--cut", "6", status=2)
    assert "the qualifying is not complete" in err
    assert dump(cli.db) == before
    import_slips(cli, tmp_path, "Qualifying", [(2, "A", s) for s in two])
    q = json.loads(cli("results", "Qualifying", "--format", "json"))
    totals = {str(r["pair"]): Fraction(str(r["total"])) for r in q["ranking"]}
    order = [str(r["pair"]) for r in q["ranking"]]
    out = cli("event", "final", "Qualifying", "Final", "--cut", "6", "--withdrawn", order[0])
    finalists = [p for p in order if p != order[0]][:6]
    assert f"the final of Qualifying ({len(finalists)} pairs)" in out
    assert out.splitlines()[1].startswith(f"  pair 1: {finalists[0]} in the qualifying")
    cli("event", "movement", "Final", "--recommend")
    slips = planned_slips(cli, "Final", 1)
    import_slips(cli, tmp_path, "Final", [(1, "A", s) for s in slips])
    doc = json.loads(cli("results", "Final", "--format", "json"))
    boards = len({s[2] for s in one}) + len({s[2] for s in two})
    top = max(sum(1 for s in slips if s[2] == b) for b in {s[2] for s in slips}) - 1
    carry = carry_expected(totals, finalists, boards, top, 4)
    played = pair_totals(slips)
    rows = {r["pair"]: r for r in doc["ranking"]}
    for number, who in enumerate(finalists, start=1):
        c = round(carry[who] * 100) / 100
        assert rows[number]["carry_over"] == float(c)
        assert rows[number]["total"] == f2(played[number] + Fraction(c))
    totals_shown = [r["total"] for r in doc["ranking"]]
    assert totals_shown == sorted(totals_shown, reverse=True)


def test_refused_commands_leave_the_store_as_it_was(cli: Cli, tmp_path: Path) -> None:
    new_event(cli)
    import_entries(cli, tmp_path, 12)
    before = dump(cli.db)
    err = cli("event", "movement", EVENT, "--kind", "howell", "--sessions", "2", status=2)
    assert err == "error: give one of --recommend, --kind KIND or --file MOVEMENT.json\n" or (
        "--sessions N goes with --recommend" in err
    )
    assert dump(cli.db) == before
    cli("event", "movement", EVENT, "--recommend", "--sessions", "2")
    one = planned_slips(cli, EVENT, 1)
    import_slips(cli, tmp_path, EVENT, [(1, "A", s) for s in one[:5]])
    before = dump(cli.db)
    err = cli("event", "movement", EVENT, "--recommend", "--sessions", "2", status=2)
    assert err.startswith("error: session 1 section A has results already")
    assert dump(cli.db) == before
    err = cli("results", EVENT, "--final", status=2)
    assert "slips missing" in err and "missing slips: session 1 section A round" in err
    assert dump(cli.db) == before
    err = cli("results", EVENT, "--format", "csv", status=2)
    assert "give --session N" in err
    nobody = tmp_path / "nobody.json"
    nobody.write_text('{"competitors": {"99": ["99", "99", "99"]}}', encoding="utf-8")
    err = cli("event", "movement", EVENT, "--session", "3", "--kind", "howell",
              "--renumber", str(nobody), status=2)  # fmt: skip
    assert err == "error: the renumbering seats nobody in session 3 section A\n"
    assert dump(cli.db) == before
    out = cli("results", EVENT)
    assert out.startswith("PROVISIONAL: ")
    assert "== Session 1 ==" in out and "== Session 2 ==" not in out  # not begun yet


def test_a_stationary_request_is_met_in_every_session(cli: Cli, tmp_path: Path) -> None:
    """Pair 5 cannot move (004:810-948): it takes the Howell's stationary number 12 in
    session 1, and in session 2, where the plan moves number 12 to 1 (004:2072-2073),
    it keeps the stationary seat and the pair planned there takes its place."""
    new_event(cli)
    lines = ["pair,names,stationary"] + [
        f"{n},North {n};South {n},{'yes' if n == 5 else ''}" for n in range(1, 13)
    ]
    path = tmp_path / "entries.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    cli("entry", "import", EVENT, str(path))
    out = cli("event", "movement", EVENT, "--recommend", "--sessions", "2")
    assert "session 2: 12 plays as 12, not 1 (a stationary seat asked for" in out
    assert "session 2: 11 plays as 1, not 12" in out
    seats = seats_of(cli, EVENT, ["A"])
    assert seats["12"] == ["12", "12"]  # pair 5, renumbered to 12 in session 1
    assert seats["11"] == ["11", "1"]  # planned at 12 in session 2, moved to 1
    two = cli("entry", "list", EVENT, "--session", "2").splitlines()
    assert "North 5 - South 5" in two[11] and "(stationary)" in two[11]


def test_a_withdrawal_before_play_reaches_every_session(cli: Cli, tmp_path: Path) -> None:
    new_event(cli)
    import_entries(cli, tmp_path, 12)
    cli("event", "movement", EVENT, "--recommend", "--sessions", "2")
    assert len(cli("entry", "list", EVENT, "--session", "2").splitlines()) == 12
    cli("entry", "withdraw", EVENT, "--pair", "5", "--reason", "did not come")
    two = cli("entry", "list", EVENT, "--session", "2")
    assert len(two.splitlines()) == 11 and "North 5 " not in two  # pair 5 was 6 there


def test_a_later_session_chosen_by_the_director(cli: Cli, tmp_path: Path) -> None:
    """Three sessions: the first two from the plan, the third a movement the director
    chooses, the pairs seated by a renumbering file; a fouled board in the third."""
    new_event(cli)
    import_entries(cli, tmp_path, 8)
    cli("event", "movement", EVENT, "--recommend", "--sessions", "2")
    mapping: dict[str, Any] = {"competitors": {str(n): [str(n), str(n), str(9 - n)]
                                                for n in range(1, 9)}}  # fmt: skip
    path = tmp_path / "third.json"
    path.write_text(json.dumps(mapping), encoding="utf-8")
    out = cli("event", "movement", EVENT, "--session", "3", "--kind", "howell",
              "--renumber", str(path))  # fmt: skip
    assert out.startswith("session 3 section A: howell 4 tables")
    seats = seats_of(cli, EVENT, ["A"])
    assert seats["1"][2] == "8" and seats["8"][2] == "1"
    rows = []
    totals = []
    for session in (1, 2, 3):
        slips = planned_slips(cli, EVENT, session)
        rows += [(session, "A", s) for s in slips]
        totals.append(pair_totals(slips))
    import_slips(cli, tmp_path, EVENT, rows)
    # a fouled board in session 3: the last two tables to play board 1 had changed hands
    # (groups of 2 and 2: 65/55 % of the top, 004:3598-3624)
    third = [s for session, _, s in rows if session == 3]
    late = sorted((s for s in third if s[2] == 1), key=lambda s: s[0])[-2:]
    ats = [x for s in late for x in ("--at", f"{s[0]}:{s[1]}")]
    cli("result", "fouled", EVENT, "--session", "3", "--board", "1", *ats,
        "--reason", "E-W hands swapped")  # fmt: skip
    totals[2] = pair_totals(third, {(1, s[1]): "2" for s in late})
    doc = json.loads(cli("results", EVENT, "--format", "json"))
    want = {w: sum((totals[i][int(p)] for i, p in enumerate(ps)), Fraction(0))
            for w, ps in seats.items()}  # fmt: skip
    assert {str(r["pair"]): r["total"] for r in doc["ranking"]} == {
        w: f2(v) for w, v in want.items()
    }
    assert len(doc["sessions"]) == 3 and len(doc["ranking"][0]["sessions"]) == 3


@pytest.mark.parametrize(("pairs", "sessions"), [(26, 2), (12, 3)])
def test_demo_sessions(tmp_path: Path, pairs: int, sessions: int) -> None:
    from bridgedesk.demo_sessions import run

    made = run(pairs=pairs, sessions=sessions, out=tmp_path / "out", db=tmp_path / "d.sqlite3")
    doc = json.loads((tmp_path / "out" / "results.json").read_text("utf-8"))
    assert [s["session"] for s in doc["sessions"]] == list(range(1, sessions + 1))
    assert len(doc["ranking"]) == pairs
    sums = {r["pair"]: sum(x["total"] for x in r["sessions"]) for r in doc["ranking"]}
    assert all(abs(sums[r["pair"]] - r["total"]) < 0.011 for r in doc["ranking"])
    assert (tmp_path / "out" / "combined.html").is_file()
    assert (tmp_path / "out" / "session-2" / "ranking.html").is_file()
    assert (tmp_path / "out" / "session-2" / "hand_records.html").is_file()
    assert made.db is not None


def test_final_cut_in_each_direction(cli: Cli, tmp_path: Path) -> None:
    """A one-session Mitchell qualifying cut by field: the best 3 NS and the best 3 EW
    (004:1987) play the final, entered in qualifying order; refusals change nothing."""
    new_event(cli, "Heat")
    import_entries(cli, tmp_path, 14, "Heat")
    cli("event", "movement", "Heat", "--kind", "mitchell", "--tables", "7")
    slips = planned_slips(cli, "Heat", 1)
    import_slips(cli, tmp_path, "Heat", [(1, "A", s) for s in slips])
    heat = json.loads(cli("results", "Heat", "--format", "json"))
    by_field: dict[str, list[tuple[float, int]]] = {}
    for r in heat["ranking"]:
        by_field.setdefault(r["direction"], []).append((-r["total"], r["pair"]))
    best = set()  # the best 3 of each field, and every pair tied with the third (qualify.py)
    for rows in by_field.values():
        third = sorted(rows)[2][0]
        best |= {p for total, p in rows if total <= third}
    before = dump(cli.db)
    err = cli("event", "final", "Heat", "Heat final", "--cut", "3", "--withdrawn", "99", status=2)
    assert err == "error: withdrawn pair 99 did not play the qualifying\n"
    assert dump(cli.db) == before
    out = cli("event", "final", "Heat", "Heat final", "--cut", "3", "--cut-by", "field")
    chosen = [int(line.split()[2]) for line in out.splitlines()[1:]]
    assert set(chosen) == best and len(chosen) >= 6
    listed = cli("entry", "list", "Heat final").splitlines()
    assert [int(line.split()[0]) for line in listed] == list(range(1, len(chosen) + 1))
    assert f"North {chosen[0]} - South {chosen[0]}" in listed[0]


def test_a_late_pair_in_an_even_field_plays_both_sessions(cli: Cli, tmp_path: Path) -> None:
    """12 pairs, the Howell twice; pair 13 arrives: session 1 plays a 7-table Howell from
    round 2 (004:894-898), and session 2's movement chosen for 14 seats it too, the
    others at the seats the plan gave them."""
    new_event(cli)
    import_entries(cli, tmp_path, 12)
    cli("event", "movement", EVENT, "--recommend", "--sessions", "2")
    first = planned_slips(cli, EVENT, 1)
    import_slips(cli, tmp_path, EVENT, [(1, "A", s) for s in first if s[0] == 1])
    cli("event", "movement", EVENT, "--kind", "howell", "--pairs", "14", "--from-round", "2")
    cli("entry", "add", EVENT, "--pair", "13", "--late", "--names", "Late, Pair")
    cli("entry", "add", EVENT, "--pair", "14", "--phantom")
    before = dump(cli.db)
    out = cli("event", "movement", EVENT, "--session", "2", "--kind", "howell", "--pairs", "14")
    assert out.startswith("session 2 section A: howell 7 tables")
    assert dump(cli.db) != before
    seats = seats_of(cli, EVENT, ["A"])
    assert seats["13"] == ["13", "13"] and seats["1"] == ["1", "2"]
    assert "Late - Pair" in cli("entry", "list", EVENT, "--session", "2").splitlines()[12]


def test_a_refused_demo_leaves_the_store_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "demo.sqlite3"
    args = ["demo", "--sessions", "2", "--out", str(tmp_path / "out"), "--db", str(db)]
    assert main([*args, "--pairs", "12"]) == 0
    before = dump(db)
    assert main([*args, "--pairs", "5"]) == 2  # the lists start at 6 pairs
    assert "error: a two-session pair event needs at least 6 pairs" in capsys.readouterr().err
    assert dump(db) == before
    assert main([*args, "--pairs", "12"]) == 0  # run again into the same store: a new event
    assert "event 2 stored in" in capsys.readouterr().out
