"""The team report set: written by ``bridgedesk teams score --format html``, read back
as HTML and opened in headless Chromium (screenshots kept in tests/reports/output/
when that directory exists, for a human to look at)."""

from __future__ import annotations

import contextlib
import io
import json
import re
from html import unescape
from pathlib import Path

import pytest

from bridgedesk.cli import main
from bridgedesk.formats import team_results_json
from bridgedesk.reports import teams as team_reports
from bridgedesk.results.teams import score_team_event
from tests.reports.chromium import CHROMIUM, open_page
from tests.results.team_files import awl_bam_file, round_robin_file
from tests.results.test_teams import bam_seed


def run(*args: str | Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(a) for a in args])
    return code, out.getvalue(), err.getvalue()


def _write(tmp_path: Path, data: dict[str, object]) -> Path:
    data = dict(data)
    data["event"] = {"name": "秋季チーム戦", "date": "2026-11-24", "club": "丸の内 BC"}
    path = tmp_path / "teams.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def html_text(cell: str) -> str:
    return unescape(re.sub(r"<[^>]+>", "", cell)).strip()


def _cells(html: str, table_class: str) -> list[list[str]]:
    """The text of each body row of the first table with ``table_class``."""
    start = html.index(f'class="grid {table_class}') if f"grid {table_class}" in html else -1
    assert start >= 0, table_class
    body = html[start : html.index("</table>", start)]
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", body, flags=re.S)
    cell = re.compile(r"<t[dh][^>]*>(.*?)</t[dh]>", flags=re.S)
    return [[html_text(c) for c in cell.findall(r)] for r in rows if "<td" in r]


def test_round_robin_report_set(tmp_path: Path) -> None:
    path = _write(tmp_path, round_robin_file(8, 4, seed=7))
    code, out, err = run("teams", "score", path, "--format", "html", "--out", tmp_path / "html")
    assert code == 0, err
    names = {Path(p).name for p in out.split()}
    assert names == {
        "standings.html",
        "scorecards.html",
        "sheets.html",
        "rounds.html",
        "butler.html",
        "index.html",
        "standings.csv",
        "matches.csv",
        "results.json",
        "results.pbn",
    }
    event = score_team_event(team_results_json.load(path))
    html = (tmp_path / "html" / "standings.html").read_text(encoding="utf-8")
    rows = _cells(html, "standings")
    assert [r[0] for r in rows] == [s.rank for s in event.standings]
    cross = _cells(html, "compact cross")
    assert len(cross) == 8 and all(len(r) == 3 + 8 for r in cross)
    # the cross-table's totals are the standings' points
    totals = {r[0].split(".")[0]: r[2] for r in cross}
    assert totals == {str(s.team): row[6] for s, row in zip(event.standings, rows, strict=True)}
    cards = (tmp_path / "html" / "scorecards.html").read_text(encoding="utf-8")
    assert cards.count('class="grid compact comparison"') == 28
    assert "丸の内 BC" in cards


def test_japanese_bam_recap_matches_the_seeds_form(tmp_path: Path) -> None:
    """The B-a-M report of 004:1859-1866: 210 and 2 for team 3, 460 and 2 for team 1,
    then 1 | 5 | 250 and the grand total 3 | 7."""
    event = score_team_event(team_results_json.load(_write(tmp_path, bam_seed())))
    html = team_reports.bam_html(event, "ja")
    assert "B-a-M 報告用紙" in html and "GRAND TOTAL" in html
    rows = _cells(html, "compact bam")
    assert rows[0] == ["3", "210", "2", "", ""]
    assert rows[1] == ["4", "", "", "2", "460"]
    assert rows[2] == ["Total Plus & VP", "", "1", "5", "250"]
    assert rows[3] == ["GRAND TOTAL", "", "3", "7", ""]


@pytest.fixture(scope="module")
def report_dirs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("team_reports")
    out = {}
    for name, data, extra in (
        ("rr", round_robin_file(8, 8, seed=21), ()),
        ("bam", awl_bam_file(10, seed=22), ("--scoring", "bam-vp", "--lang", "ja")),
    ):
        (base / name).mkdir()
        path = _write(base / name, data)
        code, _, err = run(
            "teams", "score", path, "--format", "html", "--out", base / name / "html", *extra
        )
        assert code == 0, err
        out[name] = base / name / "html"
    return out


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium")
@pytest.mark.parametrize(
    ("event", "page"),
    [
        ("rr", "standings"),
        ("rr", "scorecards"),
        ("rr", "butler"),
        ("rr", "rounds"),
        ("bam", "bam"),
        ("bam", "standings"),
    ],
)
def test_team_pages_open_in_chromium(
    report_dirs: dict[str, Path], event: str, page: str, tmp_path: Path
) -> None:
    text = open_page(report_dirs[event] / f"{page}.html", tmp_path, f"team_{event}_{page}")
    assert "</table>" in text and "丸の内 BC" in text


def test_knockout_bracket(tmp_path: Path) -> None:
    """A four-team knockout scored by IMPs: the bracket shows each round, the winner of
    each match in bold, and the final between the two semi-final winners."""

    def match(home: int, away: int, board: int, open_ns: int, closed_ns: int) -> dict:
        return {"home": home, "away": away,
                "boards": [{"board": board, "open": {"score": open_ns},
                            "closed": {"score": closed_ns}}]}  # fmt: skip

    data = {
        "form": "knockout", "scoring": "imp",
        "teams": [{"team": t, "name": f"T{t}"} for t in range(1, 5)],
        "rounds": [{"round": 1, "matches": [match(1, 4, 1, 420, -50), match(2, 3, 1, -50, 420)]},
                   {"round": 2, "matches": [match(1, 3, 2, 110, 140)]}],
    }  # fmt: skip
    code, out, err = run("teams", "score", _write(tmp_path, data), "--format", "html", "--out",
                         tmp_path / "html")  # fmt: skip
    assert code == 0, err
    assert "bracket.html" in out and "rounds.html" not in out
    html = (tmp_path / "html" / "bracket.html").read_text(encoding="utf-8")
    won = re.findall(r'<tr class="won"><td class="names">([^<]+)</td><td class="num">(\d+)', html)
    assert won == [("1 T1", "10"), ("3 T3", "10"), ("3 T3", "1")]


def test_butler_text_keeps_its_columns(tmp_path: Path) -> None:
    """Issue 25: the team results text's Butler table stays aligned whatever the pair's
    names (they are the last column) and in Japanese (wide characters count twice)."""
    from bridgedesk.reports.text_columns import width

    event = score_team_event(team_results_json.load(_write(tmp_path, round_robin_file(8, 4, 7))))
    for lang in ("en", "ja"):
        lines = team_reports.butler_text(event, lang).splitlines()[1:]
        assert len(lines) == 1 + len(event.butler)
        head = lines[0]
        # every number column ends where its heading ends
        ends = [i + width(w) for i, w in _words(head)][:5]
        for line, b in zip(lines[1:], event.butler, strict=True):
            assert [i + width(w) for i, w in _words(line)][:5] == ends, (lang, line)
            assert line.endswith(b.pair)


def _words(line: str) -> list[tuple[int, str]]:
    """Each word of ``line`` with the display column it starts at."""
    from bridgedesk.reports.text_columns import width

    out, column, word, start = [], 0, "", 0
    for ch in line + " ":
        if ch == " ":
            if word:
                out.append((start, word))
            word = ""
        else:
            if not word:
                start = column
            word += ch
        column += width(ch)
    return out
