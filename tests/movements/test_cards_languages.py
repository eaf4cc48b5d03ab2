"""The printed movement in the club's language: master sheet, table guide cards and pair
guide slips in Japanese (the JCBL manual's terms: マスターシート, ガイドシート,
ガイドスリップ, 004:835-866, 004:1107) and Swedish; only what a table or a pair needs
(no notes on how the movement was made); a "boards go to" column where the pairs carry
the boards (a Howell); one card a row on a 390 px phone, no word broken in two."""

from __future__ import annotations

import os
import re
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from bridgedesk.cli import main
from bridgedesk.movements.howell import complete_howell
from bridgedesk.movements.mitchell import straight_mitchell
from bridgedesk.movements.rover import rover_mitchell
from bridgedesk.reports.hand_records import chromium_args
from bridgedesk.reports.movement_cards import pair_slip, render_html, render_text

CHROMIUM = Path("/usr/bin/chromium")
#: Words of the English cards that a Japanese or Swedish card must not show.
ENGLISH = ("Table", "Pair", "Boards", "Master sheet", "guide", "sit out", "end", "next",
           "Against", "Rover", "phantom", "rounds", "tables")  # fmt: skip


def _visible(html: str) -> str:
    body = html.split("<body>", 1)[1]
    return re.sub(r"<[^>]+>", " ", body)


@pytest.mark.parametrize("lang", ["ja", "sv"])
def test_cards_speak_the_language_asked(lang: str, tmp_path: Path) -> None:
    # before: `movement cards ... --lang ja` was refused ("No such option: --lang")
    argv = ["movement", "cards", "rover-mitchell", "--pairs", "15", "--out", str(tmp_path)]
    assert main([*argv, "--lang", lang]) == 0
    html = (tmp_path / "movement.html").read_text("utf-8")
    assert f'<html lang="{lang}">' in html
    text = _visible(html)
    for word in ENGLISH:
        assert not re.search(rf"\b{word}\b", text), (lang, word)
    if lang == "ja":
        assert "マスターシート" in text and "ローバー・ミッチャエル" in text
        assert "テーブルのガイドシート" in text and "ローバー・ペア NS 8" in text
    else:
        assert "Översiktsblad" in text and "Vandrande par NS 8" in text
    # the text cards too
    words = (tmp_path / "movement.txt").read_text("utf-8")
    assert ("テーブル 1" if lang == "ja" else "Bord 1") in words


def test_the_language_comes_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BRIDGEDESK_LANG", "sv")
    assert main(["movement", "cards", "howell", "--tables", "4", "--out", str(tmp_path)]) == 0
    assert "Parens vägvisare" in (tmp_path / "movement.html").read_text("utf-8")
    monkeypatch.setenv("BRIDGEDESK_LANG", "xx")
    assert main(["movement", "cards", "howell", "--tables", "4", "--out", str(tmp_path)]) == 2


def test_no_developer_notes_on_paper(capsys: pytest.CaptureFixture[str]) -> None:
    m = rover_mitchell(15)
    assert m.notes  # how the rover was placed: for the director, not the players
    for lang in ("en", "ja", "sv"):
        printed = render_html(m, lang) + render_text(m, lang)
        assert not any(note in printed for note in m.notes)
        assert "note:" not in printed
    # `movement show` keeps them
    assert main(["movement", "show", "mitchell", "--pairs", "15"]) == 0
    assert m.notes[0] in capsys.readouterr().out


def test_boards_go_to_on_a_howell_slip() -> None:
    m = complete_howell(4)  # 8 pairs, 7 rounds, 7 sets on 4 tables: 3 sets rest a round
    slip = pair_slip(m, m.real_pairs()[0])
    for line, nxt in pairwise(slip):
        here = m.where(m.real_pairs()[0], line.round)
        assert here is not None
        playing = [s.table for s in m.round(nxt.round).seatings if s.board_set == here.board_set]
        assert line.boards_to == (", ".join(map(str, playing)) if playing else "bye")
    assert slip[-1].boards_to == "—"
    assert "Boards to" in render_html(m)
    # a Mitchell's boards go down a table by the rule: its slips keep their five columns
    assert "Boards to</th>" not in render_html(straight_mitchell(7)).split("pair-slip", 1)[1]


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")
@pytest.mark.parametrize("lang", ["ja", "sv"])
def test_cards_fit_a_phone_and_keep_words_whole(lang: str, tmp_path: Path) -> None:
    playwright = pytest.importorskip("playwright.sync_api")
    page_file = tmp_path / "cards.html"
    page_file.write_text(render_html(complete_howell(7), lang), encoding="utf-8")
    shots = Path(os.environ.get("BRIDGEDESK_SCREENSHOTS", tmp_path / "shots"))
    shots.mkdir(parents=True, exist_ok=True)
    flags = [a for a in chromium_args("") if not a.startswith(("--headless", "--user-data-dir"))]
    with playwright.sync_playwright() as p:
        browser: Any = p.chromium.launch(executable_path=str(CHROMIUM), args=flags)
        try:
            page = browser.new_page(viewport={"width": 390, "height": 844})
            page.goto(page_file.as_uri())
            # every card fits the screen's width: nothing to scroll sideways on a card
            widths = page.eval_on_selector_all(".card", "cs => cs.map(c => c.scrollWidth)")
            assert widths and max(widths) <= 390
            # a heading cell wraps only between words: each line is a whole word
            heads = page.eval_on_selector_all(
                ".card th", "ts => ts.map(t => t.innerText.split('\\n'))"
            )
            words = {w for h in heads for line in h for w in line.split()}
            assert ("テーブル" in words) if lang == "ja" else ("Bord" in words)
            assert not any(w in words for w in ("テー", "ブル", "ボー", "Bric"))
            page.screenshot(path=str(shots / f"cards-phone-{lang}.png"), full_page=True)
            page.pdf(path=str(tmp_path / f"cards-{lang}.pdf"), format="A4")
        finally:
            browser.close()
    assert (tmp_path / f"cards-{lang}.pdf").read_bytes()[:5] == b"%PDF-"
