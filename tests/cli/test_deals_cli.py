"""``bridgedesk deals``: generate, analyse, convert and print through the real entry point."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgedesk.cli import main
from bridgedesk.deals.generate import generate as make
from bridgedesk.formats import hnd, pbn, pbn_deals
from tests.deals.test_dd import CASES


def test_generate_pbn_is_reproducible(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b = tmp_path / "a.pbn", tmp_path / "b.pbn"
    assert main(["deals", "generate", "--boards", "8", "--first", "9", "--seed", "42",
                 "--out", str(a)]) == 0  # fmt: skip
    assert main(["deals", "generate", "-n", "8", "--first", "9", "--seed", "42", "-o", str(b)]) == 0
    assert a.read_bytes() == b.read_bytes()
    deals = [r.deal for r in pbn_deals.load(a)]
    assert deals == make(8, 9, seed=42)
    assert pbn.load(a)[0]["Generator"] == "bridgedesk 0.1.0 seed 42"
    assert "8 boards, 9-16" in capsys.readouterr().out


def test_generate_hnd_and_the_32_board_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "set.hnd"
    assert main(["deals", "generate", "--boards", "40", "--seed", "1", "--out", str(out)]) == 2
    assert "at most 32 boards" in capsys.readouterr().err
    assert not out.exists()
    assert main(["deals", "generate", "--boards", "40", "--seed", "1", "--out", str(out),
                 "--split"]) == 0  # fmt: skip
    parts = [hnd.load(tmp_path / f"set-{i}.hnd") for i in (1, 2)]
    assert [len(p) for p in parts] == [32, 8]
    assert [d for p in parts for d in p.deals] == make(40, seed=1)


def test_unknown_suffix(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deals", "generate", "--boards", "1", "--out", str(tmp_path / "x.txt")]) == 2
    assert "use a .pbn or .hnd file name" in capsys.readouterr().err


def test_analyse_writes_tags_and_reports_time(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "dds.pbn"
    deals = [c[0].with_board(i + 1, c[0].dealer, c[0].vulnerability) for i, c in enumerate(CASES)]
    games = []
    for deal in deals:
        game = pbn_deals.game_of(deal)
        game.set("Room", "Open")
        games.append(game)
    pbn.dump(games, src)
    out = tmp_path / "dd.pbn"
    assert main(["deals", "analyse", str(src), "--out", str(out), "--no-progress"]) == 0
    text = capsys.readouterr().out
    assert f"analysed {len(CASES)} boards in " in text and "worker process" in text
    records = pbn_deals.load(out)
    assert [r.dd for r in records] == [c[1] for c in CASES]  # DDS's own tables
    assert [r.par.score for r in records if r.par] == [c[2] for c in CASES]
    assert pbn.load(out)[0]["Room"] == "Open"  # other tags kept


def test_analyse_prints_par_without_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "one.pbn"
    pbn_deals.dump([CASES[0][0]], src)
    assert main(["deals", "analyse", str(src), "--workers", "1", "--no-progress"]) == 0
    assert "board   1: par EW 620    E 4S" in capsys.readouterr().out


def test_convert_round_trip(tmp_path: Path) -> None:
    src = tmp_path / "a.pbn"
    pbn_deals.dump(make(20, seed=5), src)
    assert main(["deals", "convert", str(src), str(tmp_path / "a.hnd")]) == 0
    assert (tmp_path / "a.hnd").read_bytes().endswith(b"\r\n")
    assert main(["deals", "convert", str(tmp_path / "a.hnd"), str(tmp_path / "b.pbn")]) == 0
    assert (tmp_path / "b.pbn").read_bytes() == src.read_bytes()


def test_convert_reports_located_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.hnd"
    bad.write_text("        65\n" + "        -\n" * 4)
    assert main(["deals", "convert", str(bad), str(tmp_path / "x.pbn")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {bad}:1:9: board number 65 is outside 1-64")


def test_print_html(tmp_path: Path) -> None:
    src = tmp_path / "s.pbn"
    pbn_deals.dump(make(5, seed=9), src)
    out = tmp_path / "s.html"
    assert main(["deals", "print", str(src), "--lang", "ja", "--per-page", "2",
                 "--out", str(out)]) == 0  # fmt: skip
    html = out.read_text(encoding="utf-8")
    assert html.count('class="page per2"') == 3  # 5 boards, 2 per page
    assert html.count('class="board"') == 5
    assert "ボード 1" in html and 'ディーラー: <span class="word">ノース</span>' in html
    assert "両サイドノンバル" in html  # board 1 (002:74)
    assert html.count('<table class="dd">') == 5  # double dummy solved on the way


def test_print_rejects_unknown_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "s.pbn"
    pbn_deals.dump(make(1, seed=9), src)
    assert main(["deals", "print", str(src), "--format", "docx"]) == 2
    assert "choose html or pdf" in capsys.readouterr().err


def test_analyse_refuses_hnd_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "a.pbn"
    pbn_deals.dump(make(1, seed=1), src)
    assert main(["deals", "analyse", str(src), "--out", str(tmp_path / "a.hnd")]) == 2
    assert "write a .pbn file" in capsys.readouterr().err


def test_convert_pbn_to_pbn_keeps_other_tags(tmp_path: Path) -> None:
    src = tmp_path / "a.pbn"
    src.write_text(
        '[Board "3"]\n[Deal "' + make(1, seed=2)[0].pbn() + '"]\n[Room "Closed"]\n'
        '[ScoreTable "PairId_NS;Score_NS"]\n1 420\n',
        encoding="utf-8",
    )
    assert main(["deals", "convert", str(src), str(tmp_path / "b.pbn")]) == 0
    game = pbn.load(tmp_path / "b.pbn")[0]
    assert game["Room"] == "Closed" and game["Board"] == "3"
    table = game.table("ScoreTable")
    assert table is not None and table.records() == [{"PairId_NS": "1", "Score_NS": "420"}]
