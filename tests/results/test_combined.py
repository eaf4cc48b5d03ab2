"""The ranking over sessions from files: one competitor whatever its numbers.

Each event is played from its plan (``movements.plan``): every table's result
is made from the two competitors' fixed strengths, so a pair matched with the
wrong session-2 line would get another total.  Every expected number is
computed here again, independently of the scoring engine: matchpoints by
counting (1 for each score beaten, 1/2 for each tie, 004:1175-1285), the
field maximum as (times played - 1) x boards, the competitor's sessions found
through the plan's seat map, then summed.
"""

from __future__ import annotations

import json
import subprocess
import tempfile
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from bridgedesk.cli import main
from bridgedesk.formats import plan_json
from bridgedesk.movements.plan import EventPlan, recommend_plan
from bridgedesk.reports.hand_records import chromium_args
from bridgedesk.scoring.rounding import round_half_up

CHROMIUM = Path("/usr/bin/chromium")


def r2(value: Fraction) -> Fraction:
    """Two decimals, half up (004:1303-1305)."""
    return round_half_up(value, 2)


def num(value: float | int) -> Fraction:
    """A JSON number back as an exact value."""
    return Fraction(str(value))


#: NS scores a result is chosen from (all possible duplicate scores).
SCORES = [-800, -620, -420, -200, -140, -110, -50, 50, 90, 110, 140, 170, 420, 620, 800]


def strength(who: str) -> int:
    """A competitor's fixed strength 0..8 (its name's letters and digits mixed)."""
    return sum((i + 3) * ord(c) for i, c in enumerate(who)) * 7 % 9


def ns_score(ns: str, ew: str, board: int) -> int:
    i = 7 + (strength(ns) - strength(ew)) // 2 + (board * 5 + len(ns + ew)) % 3 - 1
    return SCORES[max(0, min(len(SCORES) - 1, i))]


Rows = dict[tuple[int, str], dict[int, list[tuple[str, str, int]]]]


def play(plan: EventPlan) -> Rows:
    """(session, section) -> board -> [(NS seat, EW seat, NS score)], scores by competitor."""
    out: Rows = {}
    for sp in plan.sessions:
        back = plan.renumbering(sp.session)
        many = len(sp.sections) > 1
        for sec in sp.sections:
            m = sec.movement
            boards = out.setdefault((sp.session, sec.name), {})
            for _, seat in m.seatings():
                if m.phantom is not None and m.phantom in seat.pairs():
                    continue
                ns, ew = (f"{sec.name}{p.number}" if many else str(p.number)
                          for p in (seat.ns, seat.ew))  # fmt: skip
                for b in m.boards_of(seat.board_set):
                    boards.setdefault(b, []).append((ns, ew, ns_score(back[ns], back[ew], b)))
    return out


def write_files(rows: Rows, tmp_path: Path) -> list[Path]:
    paths = []
    for (session, section), boards in sorted(rows.items()):
        doc = {
            "format": "bridgedesk-travellers",
            "version": 1,
            "winners": 1,
            "boards": [
                {"board": b, "results": [
                    {"ns": ns.lstrip(section) or ns, "ew": ew.lstrip(section) or ew,
                     "score_ns": s} for ns, ew, s in res]}
                for b, res in sorted(boards.items())
            ],
        }  # fmt: skip
        path = tmp_path / f"s{session}{section}.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        paths.append(path)
    return paths


def independent(plan: EventPlan, rows: Rows) -> dict[str, tuple[Fraction, Fraction]]:
    """competitor -> (total, maximum) over both sessions, counted by hand."""
    seat_total: dict[tuple[int, str], Fraction] = {}
    seat_max: dict[tuple[int, str], Fraction] = {}
    for (session, _), boards in rows.items():
        for res in boards.values():
            n = len(res)
            for ns, ew, s in res:
                beaten = sum(Fraction(1) if s > o else Fraction(1, 2) if s == o else Fraction(0)
                             for _, _, o in res) - Fraction(1, 2)  # fmt: skip
                for seat, mp in ((ns, beaten), (ew, n - 1 - beaten)):
                    key = (session, seat)
                    seat_total[key] = seat_total.get(key, Fraction(0)) + mp
                    seat_max[key] = seat_max.get(key, Fraction(0)) + (n - 1)
    out: dict[str, tuple[Fraction, Fraction]] = {}
    for who, seats in plan.seats.items():
        if who == plan.phantom:
            continue
        keys = [(i + 1, seat) for i, seat in enumerate(seats)]
        out[who] = (sum(seat_total[k] for k in keys), sum(seat_max[k] for k in keys))
    return out


def score(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["score", *args])
    out, err = capsys.readouterr()
    return code, out, err


def write_plan(plan: EventPlan, tmp_path: Path) -> Path:
    path = tmp_path / "plan.json"
    path.write_text(plan_json.dumps(plan), encoding="utf-8")
    return path


def check_against(doc: dict[str, Any], expected: dict[str, tuple[Fraction, Fraction]]) -> None:
    got = {str(r["pair"]): r for r in doc["ranking"]}
    assert set(got) == set(expected)
    for who, (total, most) in expected.items():
        assert num(got[who]["total"]) == r2(total)
        assert num(got[who]["max"]) == most
        assert num(got[who]["percentage"]) == r2(total * 100 / most)
    # ranked by percentage when the maxima differ, else by total
    by_pct = len({m for _, m in expected.values()}) > 1
    order = [str(r["pair"]) for r in doc["ranking"]]
    values = [expected[w][0] * 100 / expected[w][1] if by_pct else expected[w][0] for w in order]
    assert values == sorted(values, reverse=True)


def test_40_pairs_two_sections_two_sessions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 004:3218: 11T SM + 9T H twice; A1-11 and B1-11 change sections for session 2
    plan = recommend_plan(40)
    rows = play(plan)
    files = [str(p) for p in write_files(rows, tmp_path)]  # s1A s1B s2A s2B
    common = ["--sections", "each", "--sessions", "2", "--format", "json"]
    # without the renumbering the sessions cannot be matched: refused, nothing printed
    code, out, err = score(capsys, *files, *common)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "change section between sessions" in err
    code, out, err = score(capsys, *files, *common, "--renumber", str(write_plan(plan, tmp_path)))
    assert code == 0, err
    doc = json.loads(out)
    assert [s["session"] for s in doc["sessions"]] == [1, 2]
    assert doc["matched_by"] == "renumbering"
    check_against(doc, independent(plan, rows))
    # A1 played as B1 in session 2: its columns name both seats
    a1 = next(r for r in doc["ranking"] if r["pair"] == "A1")
    assert [s["pair"] for s in a1["sessions"]] == ["A1", "B1"]
    assert a1["section"] == "A" and "section_rank" in a1


def test_26_pairs_mitchell_then_interwoven_howell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plan = recommend_plan(26)  # 004:2133: 11(AM) then 11(IWH), the numbers kept
    rows = play(plan)
    files = [str(p) for p in write_files(rows, tmp_path)]
    code, out, err = score(capsys, *files, "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["matched_by"] == "number"
    check_against(doc, independent(plan, rows))
    with_map = score(capsys, *files, "--format", "json", "--renumber",
                     str(write_plan(plan, tmp_path)))  # fmt: skip
    assert json.loads(with_map[1])["ranking"] == doc["ranking"]
    code, out, _ = score(capsys, *files)
    assert code == 0 and "Ranking over all sessions" in out


def test_renumbered_howell_twice_needs_the_map(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 004:2072-2073: 12 pairs, the Howell twice with new numbers in session 2.  Added up
    # by number, pair 3 would get session 2's pair 3, who is someone else.
    plan = recommend_plan(12)
    assert plan.moves(2)
    rows = play(plan)
    files = [str(p) for p in write_files(rows, tmp_path)]
    code, out, err = score(capsys, *files, "--format", "json", "--renumber",
                           str(write_plan(plan, tmp_path)))  # fmt: skip
    assert code == 0, err
    right = json.loads(out)
    check_against(right, independent(plan, rows))
    code, out, _ = score(capsys, *files, "--format", "json")
    wrong = {r["pair"]: r["total"] for r in json.loads(out)["ranking"]}
    assert wrong != {r["pair"]: r["total"] for r in right["ranking"]}


def test_sessions_that_cannot_be_matched_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plan = recommend_plan(26)
    files = write_files(play(plan), tmp_path)
    # session 2 renumbered 1..26 -> 27..52 with no map: not the same pairs
    doc = json.loads(files[1].read_text())
    for b in doc["boards"]:
        for r in b["results"]:
            r["ns"], r["ew"] = str(int(r["ns"]) + 26), str(int(r["ew"]) + 26)
    files[1].write_text(json.dumps(doc))
    code, out, err = score(capsys, str(files[0]), str(files[1]))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "do not have the same pair numbers" in err
    # a renumbering that leaves a pair out
    partial = tmp_path / "partial.json"
    seats = {str(n): [str(n), str(n + 26)] for n in range(1, 26)}
    partial.write_text(json.dumps({"competitors": seats}))
    code, out, err = score(capsys, str(files[0]), str(files[1]), "--renumber", str(partial))
    assert code == 2 and out == ""
    assert "session 1: pair 26 is in no competitor's seats" in err
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    code, _, err = score(capsys, str(files[0]), str(files[1]), "--renumber", str(bad))
    assert code == 2 and "bad.json" in err


# -- qualifying and final with carry-over (004:1985-2034) --------------------------


def test_qualifying_cut_and_final_with_carry_over(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    qual_plan = recommend_plan(26, sessions=1)
    qual_rows = play(qual_plan)
    [qual] = write_files(qual_rows, tmp_path)
    q_totals = {who: t for who, (t, _) in independent(qual_plan, qual_rows).items()}
    best = sorted(q_totals, key=lambda w: (-q_totals[w], int(w)))
    assert q_totals[best[9]] != q_totals[best[10]]  # no tie on the cut in this field
    # the cut alone lists who qualifies (the best 10 overall, 004:1987)
    code, out, err = score(capsys, str(qual), "--cut", "10", "--format", "json")
    assert code == 0, err
    assert [str(p) for p in json.loads(out)["qualified"]] == best[:10]
    # the 3rd withdraws before the final (004:1991): the 11th takes the place
    finalists = best[:2] + best[3:11]
    final_plan = recommend_plan(10, sessions=1)
    final_rows = play(final_plan)
    names = {str(i + 1): f for i, f in enumerate(finalists)}
    renamed: Rows = {
        key: {b: [(names[n], names[e], s) for n, e, s in res] for b, res in boards.items()}
        for key, boards in final_rows.items()
    }
    (tmp_path / "final").mkdir()
    [final] = write_files(renamed, tmp_path / "final")
    args = [str(final), "--qualifying", str(qual), "--cut", "10", "--format", "json"]
    code, out, err = score(capsys, *args)
    assert code == 2 and f"pair {best[10]} plays the final but did not qualify" in err
    code, out, err = score(capsys, *args, "--withdrawn", best[2])
    assert code == 0, err
    doc = json.loads(out)
    # 004:2010-2034: C = M * Q/E * (A*B) / (S/Q); Q = 10 qualifiers, E = 26 entrants,
    # A = half the final's top, B = the qualifying's boards, S the qualifiers' total;
    # no pair carries more than 4 boards at the final's top (4 * 2A)
    top = Fraction(max(len(res) for res in next(iter(final_rows.values())).values()) - 1)
    a, b_boards, q, e = top / 2, 22, 10, 26
    s = sum(q_totals[w] for w in finalists)
    exact = {w: q_totals[w] * Fraction(q, e) * (a * b_boards) / (s / q) for w in finalists}
    cap = 4 * 2 * a
    high = max(exact.values())
    if high > cap:
        exact = {w: c * cap / high for w, c in exact.items()}
    assert {p: num(c) for p, c in doc["carry_over"].items()} == {w: r2(c) for w, c in exact.items()}
    assert max(exact.values()) == cap  # the 4-board maximum binds here
    totals = {t["pair"]: num(t["total"]) for t in doc["totals"]}
    session = {str(r["pair"]): num(r["total"]) for r in doc["ranking"]}
    for w in finalists:
        assert totals[w] == r2(exact[w]) + session[w]
    # the cut per section and direction needs a two-field session: one field is one group
    code, out, _ = score(capsys, str(qual), "--cut", "3", "--cut-by", "field", "--format", "json")
    assert [str(p) for p in json.loads(out)["qualified"]] == best[:3]


# -- the report, looked at in a browser ---------------------------------------------


def test_combined_html_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plan = recommend_plan(40)
    files = [str(p) for p in write_files(play(plan), tmp_path)]
    out_dir = tmp_path / "report"
    code, out, err = score(capsys, *files, "--sections", "each", "--sessions", "2",
                           "--renumber", str(write_plan(plan, tmp_path)), "--format", "html",
                           "--out", str(out_dir))  # fmt: skip
    assert code == 0, err
    page = out_dir / "combined.html"
    assert str(page) in out and (out_dir / "session-1" / "ranking.html").is_file()
    html = page.read_text(encoding="utf-8")
    assert "Ranking over all sessions" in html and html.count("<tr>") == 40 + 2
    assert "ranked by percentage" in html
    if not CHROMIUM.exists():
        pytest.skip("needs /usr/bin/chromium")
    png = tmp_path / "combined.png"
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [str(CHROMIUM), *chromium_args(profile), f"--screenshot={png}",
             "--window-size=1240,1754", page.as_uri()],
            check=True, capture_output=True, timeout=120,
        )  # fmt: skip
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000


def test_two_session_qualifying_and_two_session_final(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 004:2028-2034: qualifying and final of two sessions each, the carry-over within
    # the final's 4-board maximum.  Qualifying: 26 pairs, 11(AM) then 11(IWH); the best
    # 10 play the final, the Howell twice with new numbers in its 2nd session.
    q_plan = recommend_plan(26)
    q_rows = play(q_plan)
    (tmp_path / "q").mkdir()
    q_files = write_files(q_rows, tmp_path / "q")
    q_totals = {w: t for w, (t, _) in independent(q_plan, q_rows).items()}
    best = sorted(q_totals, key=lambda w: (-q_totals[w], int(w)))[:10]
    f_plan = recommend_plan(10)  # 5 tables: 9(H) twice, the numbers changed
    assert f_plan.moves(2)
    names = {str(i + 1): w for i, w in enumerate(best)}
    f_rows = play(f_plan)
    (tmp_path / "f").mkdir()
    f_files = write_files(f_rows, tmp_path / "f")
    fmap = tmp_path / "final-map.json"
    fmap.write_text(
        json.dumps({"competitors": {names[w]: list(s) for w, s in f_plan.seats.items()}})
    )
    code, out, err = score(
        capsys, *map(str, f_files), "--renumber", str(fmap), "--cut", "10", "--format", "json",
        *(x for f in q_files for x in ("--qualifying", str(f))),
    )  # fmt: skip
    assert code == 0, err
    doc = json.loads(out)
    # C = M * Q/E * (A*B) / (S/Q): M over both qualifying sessions, E = 26, Q = 10,
    # B = 44 qualifying boards, A = half the final's top (5 tables: top 4)
    a, b_boards, q, e = Fraction(2), 44, 10, 26
    s = sum(q_totals[w] for w in best)
    exact = {w: q_totals[w] * Fraction(q, e) * (a * b_boards) / (s / q) for w in best}
    high, cap = max(exact.values()), 4 * 2 * a
    assert high > cap  # the formula gives more than 4 boards: scaled down to the cap
    carry = {w: r2(c * cap / high) for w, c in exact.items()}
    assert {p: num(c) for p, c in doc["carry_over"].items()} == carry
    final = independent(f_plan, f_rows)
    got = {str(r["pair"]): r for r in doc["ranking"]}
    for k, w in names.items():
        assert num(got[w]["carry_over"]) == carry[w]
        assert num(got[w]["total"]) == r2(final[k][0] + carry[w])


def test_pbn_files_matched_by_their_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The Howell twice renumbered (004:2072-2073), each session written as PBN with the
    # pairs' names in its TotalScoreTable: the names say who is who, no map needed.
    import re

    plan = recommend_plan(12)
    rows = play(plan)
    pbns = []
    for i, path in enumerate(write_files(rows, tmp_path), start=1):
        assert main(["score", str(path), "--format", "pbn"]) == 0
        text = capsys.readouterr().out
        back = plan.renumbering(i)

        def named(m: re.Match[str], back: dict[str, str] = back) -> str:
            who = back[m.group(2)]
            return f'{m.group(1)}"Ann {who} - Bob {who}"'

        text = re.sub(r'^(\s*\S+\s+(\d+)\s.*)""$', named, text, flags=re.M)
        pbn = tmp_path / f"s{i}.pbn"
        pbn.write_text(text, encoding="utf-8")
        pbns.append(str(pbn))
    code, out, err = score(capsys, *pbns, "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["matched_by"] == "players"
    check_against(doc, independent(plan, rows))
    moved = next(w for w, seats in plan.seats.items() if seats[0] != seats[1])
    row = next(r for r in doc["ranking"] if str(r["pair"]) == moved)
    assert row["names"] == f"Ann {moved} - Bob {moved}"
    assert [str(s["pair"]) for s in row["sessions"]] == list(plan.seats[moved])
