"""Telling UTF-8, Shift_JIS and Latin-1 PBN files apart, or refusing with --encoding (issue 10)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgedesk.cli import main
from bridgedesk.errors import FormatError
from bridgedesk.formats import pbn, pbn_deals
from bridgedesk.formats.text_encoding import guess

DEAL = "N:6.QT986.8754.J65 AQT983.2.A93.AK2 KJ74.K73.KQJ.987 52.AJ54.T62.QT43"


def _game(event: str, north: str) -> str:
    return (
        f'[Event "{event}"]\r\n[Board "1"]\r\n[North "{north}"]\r\n[Dealer "N"]\r\n'
        f'[Vulnerable "None"]\r\n[Deal "{DEAL}"]\r\n'
    )


@pytest.mark.parametrize(
    ("text", "encoding", "expected"),
    [
        ("Sato 佐藤", "utf-8", "utf-8"),
        ("佐藤 太郎", "cp932", "cp932"),
        ("日本ブリッジ連盟 第3回", "cp932", "cp932"),
        ("田中", "cp932", "cp932"),  # second bytes 0x63 and 0x86: “c’† as cp1252
        ("Hélène Møller", "cp1252", "cp1252"),  # é+l and è+n are Shift_JIS kanji too
        ("Jürgen Müßig", "cp1252", "cp1252"),
        ("Pérez-Lòpez", "cp1252", "cp1252"),
        ("Chorzów", "latin-1", "cp1252"),
        ("plain ASCII", "ascii", "utf-8"),
        # too short to tell: "表" is 0x95 0x5C, "•\\" in cp1252
        ("表", "cp932", None),
        ("ＡＢＣ", "cp932", None),
    ],
)
def test_guess(text: str, encoding: str, expected: str | None) -> None:
    assert guess(text.encode(encoding)) == expected


def test_bytes_neither_reads_are_unsure() -> None:
    # 0x81 is undefined in cp1252 and 0x81 0x20 is no Shift_JIS character
    assert guess(b"\x81 \x81 \x81") is None


def test_shift_jis_pbn_reads_as_japanese(tmp_path: Path) -> None:
    # Japanese club programs write PBN in Shift_JIS; it used to be read as cp1252
    # and the mojibake written back out
    path = tmp_path / "jcbl.pbn"
    path.write_bytes(_game("第12回 水曜ペア戦", "佐藤 太郎").encode("cp932"))
    game = pbn.load(path)[0]
    assert game["Event"] == "第12回 水曜ペア戦" and game["North"] == "佐藤 太郎"
    (record,) = pbn_deals.load(path)
    assert record.deal.board == 1


def test_converted_shift_jis_pbn_keeps_its_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "jcbl.pbn"
    source.write_bytes(_game("第12回 水曜ペア戦", "佐藤 太郎").encode("cp932"))
    target = tmp_path / "out.pbn"
    assert main(["deals", "convert", str(source), str(target)]) == 0
    text = target.read_bytes().decode("utf-8")
    assert '[Event "第12回 水曜ペア戦"]' in text and '[North "佐藤 太郎"]' in text


def test_unsure_bytes_are_refused_with_a_line_naming_encoding(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "short.pbn"
    path.write_bytes(_game("Club", "表").encode("cp932"))
    with pytest.raises(FormatError, match=r"short.pbn:3:9: cannot tell the text encoding") as err:
        pbn.load(path)
    assert "--encoding" in str(err.value)
    assert main(["deals", "print", str(path), "-o", str(tmp_path / "p.html"), "--no-dd"]) == 2
    out = capsys.readouterr().err
    assert out.count("\n") == 1 and "--encoding" in out
    # told the encoding, the file reads
    assert pbn.load(path, encoding="shift_jis")[0]["North"] == "表"
    assert main(
        ["deals", "print", str(path), "-o", str(tmp_path / "p.html"), "--no-dd",
         "--encoding", "shift_jis"]
    ) == 0  # fmt: skip
    target = tmp_path / "c.pbn"
    assert main(["deals", "convert", str(path), str(target), "--input-encoding", "cp932"]) == 0
    assert '[North "表"]' in target.read_text(encoding="utf-8")


def test_named_encoding_that_does_not_fit_is_refused_with_the_place(tmp_path: Path) -> None:
    path = tmp_path / "u.pbn"
    path.write_bytes(_game("Club", "佐藤").encode("cp932"))
    with pytest.raises(FormatError, match=r"u.pbn:3:9: not 'utf-8' text: byte 0x8d"):
        pbn.load(path, encoding="utf-8")


def test_latin1_pbn_reads_and_no_text_is_replaced(tmp_path: Path) -> None:
    path = tmp_path / "l.pbn"
    data = _game("Coupe de Noël", "Hélène Müller").encode("latin-1")
    path.write_bytes(data)
    game = pbn.load(path)[0]
    assert game["North"] == "Hélène Müller"
    assert "\ufffd" not in "".join(t.value for t in game.tags)
