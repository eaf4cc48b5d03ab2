"""Issue 10: every reader survives any bytes -- one test for each defect the fuzzing found,
and for what a user's bad day brings (empty files, binary junk, NUL bytes, huge fields)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgedesk import reading
from bridgedesk.bridge.vp import load_scale_file
from bridgedesk.cli import main
from bridgedesk.errors import FormatError, ScaleError, ScoringError
from bridgedesk.formats import (
    hnd,
    ledger_csv,
    movement_json,
    pbn,
    pbn_deals,
    pbn_scores,
    players_file,
    results_csv,
    traveller_json,
)
from bridgedesk.scoring.session import detect_winners
from tests.conftest import REPO
from tests.fuzz.readers import time_limit

FIG15 = REPO / "tests" / "scoring" / "data" / "fig15_howell.json"
RUTER = REPO / "tests" / "scoring" / "data" / "ruter_2021_board1.pbn"


# --------------------------------------------------------------------------- PBN table rows


@pytest.mark.parametrize("space", ["\f", "\xa0", "\u3000", "\x85", "\u2028", "\x1c"])
def test_table_row_with_unicode_white_space_ends_the_cell(space: str) -> None:
    # _scan_line skipped fewer white-space characters than _table_element stopped
    # at: the reader looped forever, growing memory, on a row holding one of these
    text = f'[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n1{space}2 420\n'
    with time_limit(2):
        table = pbn.loads(text)[0].table("ScoreTable")
    assert table is not None
    assert [tuple(r) for r in table.rows] == [("1", "2", "420")]


# --------------------------------------------------------------------------- decoding


def test_non_utf8_json_ledger_scale_and_players_files_are_one_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"format": "bridgedesk-travellers", "event": "Caf\xe9"}')
    for read in (traveller_json.load, movement_json.load, players_file.load):
        with pytest.raises(FormatError, match=r"bad.json:1:\d+: not UTF-8 text: byte 0xe9"):
            read(bad)
    with pytest.raises(ScaleError, match="not UTF-8 text"):
        load_scale_file(bad)
    ledger = tmp_path / "ledger.csv"
    ledger.write_bytes(b"type,member,name\nplayer,1,M\xfcller\n")
    with pytest.raises(FormatError, match=r"ledger.csv:2:\d+: not UTF-8"):
        ledger_csv.load(ledger)
    with pytest.raises(FormatError, match=r"ledger.csv:2:\d+: not UTF-8"):
        ledger_csv.load_awards(ledger)


def test_hnd_with_a_bom_and_bytes_that_are_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "b.hnd"
    path.write_bytes(b"\xef\xbb\xbf       * caf\xe9\r\n")
    with pytest.raises(FormatError, match=r"b.hnd:1:\d+: not 'utf-8-sig' text: byte 0xe9"):
        hnd.load(path)


def test_hnd_never_replaces_text(tmp_path: Path) -> None:
    # 0x80 is no Shift_JIS byte: refused with a hint, not read as U+FFFD
    path = tmp_path / "c.hnd"
    path.write_bytes(b"       * \x85\x40\r\n")  # row 0x85 is empty in Shift_JIS
    with pytest.raises(FormatError, match="name another encoding with --encoding"):
        hnd.load(path)
    assert hnd.load(path, encoding="cp1252").trailing == ("       * …@",)


def test_utf8_bom_cr_and_nul_everywhere(tmp_path: Path) -> None:
    csv_path = tmp_path / "r.csv"
    csv_path.write_bytes(
        b"\xef\xbb\xbfround,table,board,ns,ew,contract,declarer,result\r1,1,1,1,2,3NT,N,=\r"
    )
    ((_, result),) = results_csv.load(csv_path)
    assert (result.board, str(result.contract), result.tricks) == (1, "3NT", 9)
    ledger = tmp_path / "l.csv"
    ledger.write_bytes(b"\xef\xbb\xbftype,member,name\nplayer,7,Sato\n")
    assert ledger_csv.load(ledger).player("7") is not None
    nul = tmp_path / "n.pbn"
    nul.write_bytes(b'[Event "a\x00b"]\n[Board "1"]\n')
    assert pbn.load(nul)[0]["Event"] == "a\x00b"


@pytest.mark.parametrize("content", [b"", b"\n", b"\x00" * 64, bytes(range(256))])
def test_empty_and_binary_files_are_one_error(tmp_path: Path, content: bytes) -> None:
    for suffix, read in ((".json", traveller_json.load), (".csv", results_csv.load)):
        path = tmp_path / f"x{suffix}"
        path.write_bytes(content)
        with pytest.raises(FormatError):
            read(path)
    path = tmp_path / "x.hnd"
    path.write_bytes(content)
    if content.strip(b"\n"):
        with pytest.raises(FormatError):
            hnd.load(path)
    else:
        assert len(hnd.load(path)) == 0  # an empty hand file holds no boards


def test_files_over_the_size_bound_are_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "big.pbn"
    path.write_bytes(b" " * 100)
    with pytest.raises(FormatError, match="larger than 0 MiB"):
        reading.read_bytes(path, limit=99)
    assert reading.read_bytes(path, limit=100) == b" " * 100
    with pytest.raises(FormatError, match="it is a directory"):
        pbn.load(tmp_path)
    with pytest.raises(FormatError, match="No such file"):
        traveller_json.load(tmp_path / "missing.json")


# --------------------------------------------------------------------------- JSON and CSV


def _travellers(result: str) -> str:
    return (
        '{"format": "bridgedesk-travellers", "version": 1, "boards": [{"board": 1, '
        f'"results": [{result}]}}]}}'
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000, "nested too deeply"),
        (_travellers('{"ns": 1, "ew": 2, "score_ns": 1' + "0" * 5000 + "}"), "5001 digits"),
        (_travellers('{"ns": 1, "ew": 2, "score_ns": NaN}'), "NaN is not a number"),
        (_travellers('{"ns": 1, "ew": 2, "score_ns": 1e999999}'), "too large"),
    ],
)
def test_json_that_python_would_crash_on_or_let_through(text: str, message: str) -> None:
    with pytest.raises(FormatError, match=message):
        traveller_json.loads(text, "t.json")


def test_an_unknown_key_with_a_line_break_is_said_on_one_line() -> None:
    # found by the reader fuzz (a mutated key "score\ns"): the key is quoted with its
    # escapes, an ordinary one is said as written
    text = _travellers('{"ns": 1, "ew": 2, "score\\ns": 1, "scor_ew": 2}')
    with pytest.raises(FormatError) as caught:
        traveller_json.loads(text, "t.json", strict=True)
    assert "\n" not in str(caught.value)
    assert "unknown key(s) scor_ew, 'score\\ns' in a result" in str(caught.value)


def test_csv_fields_over_128_kib(tmp_path: Path) -> None:
    huge = "x" * (reading.MAX_CSV_FIELD + 1)
    with pytest.raises(FormatError, match=r"line 2.*longer than 131072 characters"):
        results_csv.loads(f'round,table,board,ns,ew\n1,1,1,1,"{huge}"\n')
    with pytest.raises(FormatError, match="longer than 131072"):
        ledger_csv.loads(f'type,member\naward,"{huge}\n')
    with pytest.raises(FormatError, match="longer than 131072"):
        players_file.loads(f'"{huge}\n')


def test_a_players_csv_header_with_a_quoted_line_break_is_a_one_line_error() -> None:
    # found by tests/fuzz: an unclosed quote makes the whole file one header cell
    with pytest.raises(FormatError) as caught:
        players_file.loads('"air,members,flight\n1,59156;60211,A\n2,101 102,B\n')
    assert "\n" not in str(caught.value)
    assert "got air,members,flight 1,59156;60211,A 2,101 102,B" in str(caught.value)


def test_integers_over_4300_digits_in_csv() -> None:
    with pytest.raises(FormatError, match="board must be a whole number"):
        results_csv.loads("round,table,board,ns,ew\n1,1," + "9" * 5000 + ",1,2\n")
    # "²" passes str.isdigit() but not int()
    with pytest.raises(FormatError, match="board must be a whole number"):
        results_csv.loads("round,table,board,ns,ew\n1,1,²,1,2\n")
    with pytest.raises(FormatError, match="board number '²' must be a whole number"):
        pbn_deals.loads(
            '[Board "²"]\n[Deal "N:6.QT986.8754.J65 AQT983.2.A93.AK2 KJ74.K73.KQJ.987 '
            '52.AJ54.T62.QT43"]\n'
        )


def test_points_of_1e999999_are_refused() -> None:
    text = "type,member,date,rules,points,colour\naward,1,2024-01-01,jcbl,1e999999,black\n"
    with pytest.raises(FormatError, match=r"a\.csv:2: award points must be at most"):
        ledger_csv.loads_awards(text, "a.csv")
    seed = "type,member,date,points\nseed,1,2024-01-01,1e999999\n"
    with pytest.raises(FormatError, match=r"a\.csv:2: seed points must be a number of at most 30"):
        ledger_csv.loads(seed, "a.csv")
    with pytest.raises(FormatError, match="points must be a number"):
        ledger_csv.loads_awards(text.replace("1e999999", "NaN"), "a.csv")
    assert ledger_csv.loads_awards(text.replace("1e999999", "1.50"))[0].points == 1.5


def test_vp_scale_numbers_out_of_range(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    data = {
        "format": "bridgedesk-vp-scale",
        "version": 1,
        "name": "x",
        "tables": [{"boards": 8, "steps": [[0, 10, 10], [1, "1e999999", 0]]}],
    }
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ScaleError, match="winner VPs must be a number"):
        load_scale_file(path)
    path.write_text(json.dumps(data).replace('"1e999999"', "1e999999"), encoding="utf-8")
    with pytest.raises(ScaleError, match="out of range"):
        load_scale_file(path)


# --------------------------------------------------------------------------- wrong acceptances


def test_one_ns_equals_ew_slip_in_a_howell_is_reported_not_two_fields(tmp_path: Path) -> None:
    data = json.loads(FIG15.read_text(encoding="utf-8"))
    inp = traveller_json.loads(json.dumps(data), "fig15.json")
    assert detect_winners(inp.boards) == 1
    data["boards"][0]["results"][1]["ew"] = "2"  # pair 2 against pair 2: a typing slip
    slipped = tmp_path / "slip.json"
    slipped.write_text(json.dumps(data, indent=1), encoding="utf-8")
    inp = traveller_json.load(slipped)
    assert detect_winners(inp.boards) == 1
    with pytest.raises(ScoringError, match="pair 2 is both NS and EW at one table"):
        inp.check()


def test_a_mitchell_numbered_in_each_direction_is_still_two_fields() -> None:
    # round 1 of a 3-table Mitchell: NS n meets EW n at table n, on boards 1-2 ... 5-6
    rows = [{"ns": t, "ew": t, "score_ns": 100 * t} for t in (1, 2, 3)]
    text = json.dumps(
        {
            "format": "bridgedesk-travellers",
            "version": 1,
            "boards": [{"board": 2 * t - 1, "results": [rows[t - 1]]} for t in (1, 2, 3)],
        }
    )
    assert detect_winners(traveller_json.loads(text).boards) == 2
    # round 2: NS 1 meets EW 3 on board 1, which EW 1 plays at another table against
    # NS 2 -- no pair of a Howell plays a board twice, so these are two fields
    two = {"board": 1, "results": [{"ns": 1, "ew": 3, "score_ns": 50},
                                   {"ns": 2, "ew": 1, "score_ns": 90}]}  # fmt: skip
    text = json.dumps({"format": "bridgedesk-travellers", "version": 1, "boards": [two]})
    assert detect_winners(traveller_json.loads(text).boards) == 2


@pytest.mark.parametrize(
    "result",
    [
        '{"ns": 1, "ew": 2, "adjusted": "A", "contract": "3NT", "declarer": "N", "tricks": 9}',
        '{"ns": 1, "ew": 2, "not_played": true, "score_ns": 400}',
        '{"ns": 1, "ew": 2, "split": {"ns": 400, "ew": 420}, "score_ns": 400}',
        '{"ns": 1, "ew": 2, "weighted": [{"weight": 1, "score_ns": 400}], "adjusted": "A+"}',
        '{"ns": 1, "ew": 2, "split": {"ns": {"adjusted": "A", "score_ns": 5}, "ew": 420}}',
    ],
)
def test_conflicting_outcome_keys_are_refused_strict_or_not(result: str) -> None:
    for strict in (False, True):
        with pytest.raises(FormatError, match="keep one of them"):
            traveller_json.loads(_travellers(result), "t.json", strict=strict)
    # not_played false is no outcome
    ok = _travellers('{"ns": 1, "ew": 2, "not_played": false, "score_ns": 400}')
    assert traveller_json.loads(ok).boards[0].results[0].ns == "1"


def test_pbn_row_with_a_missing_pair_but_a_score_is_refused() -> None:
    spec = '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW"]\n'
    text = '[Board "1"]\n' + spec + "1 2 4S S 10 420 -\n- 4 3NT N 9 400 -\n"
    with pytest.raises(FormatError, match=r"p.pbn:4, board 1: a score row needs PairId_NS"):
        pbn_scores.score_input(pbn.loads(text), "p.pbn")
    # a bye row (Ruter: "-" for the pair, "Bye" for the scores) is still skipped
    inp = pbn_scores.load(RUTER)
    assert len(inp.boards[0].results) == 3


# --------------------------------------------------------------------------- command line


def test_unknown_or_non_text_encoding_is_one_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "d.pbn"
    assert main(["deals", "generate", "-o", str(source), "-n", "2", "--seed", "1"]) == 0
    capsys.readouterr()
    for args in (
        ["deals", "convert", str(source), str(tmp_path / "d.hnd"), "--encoding", "nonesuch"],
        ["deals", "convert", str(source), str(tmp_path / "e.pbn"), "--input-encoding", "base64"],
        ["deals", "print", str(source), "--encoding", "nonesuch", "-o", str(tmp_path / "p.html")],
        ["score", str(RUTER), "--encoding", "rot13"],
    ):
        assert main(args) == 2
        err = capsys.readouterr().err
        assert err.startswith("error: ") and err.count("\n") == 1
        assert "unknown text encoding" in err
    assert not (tmp_path / "d.hnd").exists()


def test_text_the_output_encoding_cannot_hold_is_one_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "j.pbn"
    assert main(["deals", "generate", "-o", str(source), "-n", "1", "--event", "東京"]) == 0
    capsys.readouterr()
    assert (
        main(["deals", "convert", str(source), str(tmp_path / "k.pbn"), "--encoding", "cp1252"])
        == 2
    )
    assert "cannot be written in the encoding cp1252" in capsys.readouterr().err


def test_convert_split_of_a_pbn_without_deals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "results.pbn"  # a results file written from travellers: no deals
    results.write_text(pbn_scores.dumps(traveller_json.load(FIG15)), encoding="utf-8")
    target = tmp_path / "out.hnd"
    assert main(["deals", "convert", str(results), str(target), "--split"]) == 2
    err = capsys.readouterr().err
    assert "holds no deals" in err and err.count("\n") == 1
    assert not target.exists()
