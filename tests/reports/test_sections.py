"""Two sections of one session: each ranked alone, then across by percentage (004:1315-1320)."""

from __future__ import annotations

import contextlib
import csv
import io
from pathlib import Path

from bridgedesk.cli import main


def run(*args: str | int | Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(a) for a in args])
    return code, out.getvalue(), err.getvalue()


def test_two_sections(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite3"
    assert run("event", "new", "Club", "--sections", "A,B", "--date", "2026-11-24",
               "--db", db)[0] == 0  # fmt: skip
    from bridgedesk.store.service import Store

    slips = tmp_path / "slips.csv"
    with slips.open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(["section", "round", "table", "board", "ns", "ew", "contract", "declarer",
                    "result"])  # fmt: skip
        for section, shift in (("A", 0), ("B", 1)):
            for n in range(1, 9):
                code, _, err = run("entry", "add", "Club", "--pair", n, "--names",
                                   f"{section}{n}a, {section}{n}b", "--section", section,
                                   "--db", db)  # fmt: skip
                assert code == 0, err
            code, _, err = run("event", "movement", "Club", "--kind", "howell", "--tables", 4,
                               "--section", section, "--db", db)  # fmt: skip
            assert code == 0, err
            with Store.open(db) as store:
                grid = store.movement("Club", section=section)
            assert grid is not None
            for (rnd, table), a in sorted(grid.grid.items()):
                for b in a.boards:
                    # Every table plays 4S by North: 9 tricks (one down), except that the
                    # star pair (A1, B2) makes it as NS and beats it by two as EW, so it
                    # has the best score on every board it plays.
                    good = a.ns == 1 + shift or a.ew == 1 + shift
                    tricks = 10 if (good and a.ns == 1 + shift) else 9
                    if good and a.ew == 1 + shift:
                        tricks = 8
                    w.writerow([section, rnd, table, b, a.ns, a.ew, "4S", "N", tricks])
    code, _, err = run("result", "import", "Club", slips, "--db", db)
    assert code == 0, err
    code, out, err = run("results", "Club", "--db", db)
    assert code == 0, err
    assert "== A ==" in out and "== B ==" in out
    overall = out.split("Ranking across sections")[1].splitlines()
    # A1 and B2 beat everyone on every board they played: 100 %, sharing first place.
    assert [line.split()[:3] for line in overall[2:4]] == [["1=", "A1", "100.00"],
                                                           ["1=", "B2", "100.00"]]  # fmt: skip
    assert len(overall) == 2 + 16
    code, out, err = run("results", "Club", "--format", "html", "--out", tmp_path / "r", "--db", db)
    assert code == 0, err
    index = (tmp_path / "r" / "index.html").read_text("utf-8")
    assert 'href="A/index.html"' in index and 'href="B/index.html"' in index
    assert (tmp_path / "r" / "B" / "results.usebio.xml").is_file()
    code, _, err = run("results", "Club", "--format", "json", "--db", db)
    assert code == 2 and "give --section" in err
    code, out, err = run("results", "Club", "--format", "json", "--section", "B", "--db", db)
    assert code == 0 and '"section": "B"' in out
