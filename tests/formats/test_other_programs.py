"""PBN files written by other programs read (issue 10); provenance in data/README.md.

The deals are checked against endplay's reading of the same files where
endplay reads them (an independent PBN reader), and against counts taken from
the files' text otherwise.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from endplay.parsers import pbn as endplay_pbn

from bridgedesk.bridge import Seat
from bridgedesk.deals.deal import Deal
from bridgedesk.errors import FormatError
from bridgedesk.formats import pbn, pbn_deals, pbn_scores

DATA = Path(__file__).parent / "data"


def _deal_tags(path: Path) -> list[str]:
    """The [Deal] values of a file, taken from its raw bytes (no PBN reader)."""
    return re.findall(r'^\[Deal "([^"]*)"\]', path.read_bytes().decode("latin-1"), re.M)


def _whole(value: str) -> bool:
    hands = value[2:].split()
    return len(hands) == 4 and all(len(h.replace(".", "")) == 13 for h in hands)


@pytest.mark.parametrize(
    ("name", "deals"),
    [
        ("bigdeal_psbridge.pbn", 32),
        ("bridgecomposer_bkp.pbn", 15),
        ("endplay_sample.pbn", 2),
        ("pbntools_kops_sm0807.pbn", 108),
        ("pbntools_pary_wb130808.pbn", 295),
        ("pbntools_bbo_annamar.pbn", 57),
    ],
)
def test_hand_records_of_other_programs_read_as_endplay_reads_them(name: str, deals: int) -> None:
    path = DATA / name
    for strict in (False, True):
        records = pbn_deals.records(pbn.load(path, strict=strict))
        assert len(records) == deals == len(_deal_tags(path))
    ours = [r.deal.pbn(Seat.N) for r in records]
    try:
        boards = endplay_pbn.loads(pbn.decode(path.read_bytes()))
    except (ValueError, AttributeError, KeyError):
        # endplay refuses this file (BBO names it cannot parse): compare with the raw tags
        theirs = [Deal.from_pbn(v, i + 1).pbn(Seat.N) for i, v in enumerate(_deal_tags(path))]
    else:
        theirs = [Deal.from_pbn(b.deal.to_pbn(), i + 1).pbn(Seat.N) for i, b in enumerate(boards)]
    assert ours == theirs


def test_latin1_text_of_other_programs_is_kept() -> None:
    # KOPS / pbntools and BridgeComposer write ISO 8859-1 (BridgeComposer says so in a
    # % line); the accented letters come through, none replaced
    kops = pbn.load(DATA / "pbntools_kops_sm0807.pbn")
    assert kops[0]["Event"] == "Turniej MONIKA Chorzów, 7.08.2013 r."
    composer = pbn.load(DATA / "bridgecomposer_bkp.pbn")
    assert "%Content-type: text/x-pbn; charset=ISO-8859-1" in composer.directives
    assert '%HRTitleEvent "2. párový turnaj BKP 19. 10. 2022"' in composer.directives


def test_crlf_files_read_the_same_as_lf() -> None:
    path = DATA / "pbntools_pary_wb130808.pbn"
    data = path.read_bytes()
    assert b"\r\n" in data
    crlf = pbn.loads(pbn.decode(data))
    lf = pbn.loads(pbn.decode(data.replace(b"\r\n", b"\n")))
    cr = pbn.loads(pbn.decode(data.replace(b"\r\n", b"\r")))
    assert [g.tags for g in crlf] == [g.tags for g in lf] == [g.tags for g in cr]


def test_pbn_verifier_files_read() -> None:
    # The PBN verifier's own "no errors" files: every Latin-1 character in tag values,
    # "##" inheritance, frequency score tables without pairs, bidding problems with
    # three hands unknown ("-"), action tables.
    ten = pbn.load(DATA / "pbn_verifier_correct_10.pbn", strict=True)
    south = next(g["South"] for g in ten if "\xa0 ¡ ¢" in g.get("South", ""))
    assert south == " " + " ".join(chr(c) for c in range(0xA0, 0xC0))
    twenty = pbn.load(DATA / "pbn_verifier_correct_20.pbn")
    whole = [v for v in _deal_tags(DATA / "pbn_verifier_correct_20.pbn") if _whole(v)]
    assert len(pbn_deals.records(twenty)) == len(whole) == 26
    # its score tables are frequency tables (no pair columns): no results to score
    with pytest.raises(FormatError, match="no \\[ScoreTable\\] with results"):
        pbn_scores.score_input(twenty, "correct_20.pbn")
    # strictly, a bidding problem's unknown hands are refused with their place
    with pytest.raises(FormatError, match=r"correct_20.pbn:189: game has no \[Deal\] tag"):
        pbn_deals.records(twenty, strict=True)


# --------------------------------------------------------------------------- forms of issue 10

BSO = """\
[Event "BSO"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:6.QT986.8754.J65 AQT983.2.A93.AK2 KJ74.K73.KQJ.987 52.AJ54.T62.QT43"]
[OptimumScore "NS 6N; +990"]
[ParContract "NS 6N"]
"""


def test_bridge_solver_online_optimum_score_with_contract() -> None:
    (record,) = pbn_deals.loads(BSO)
    assert record.par is not None
    assert record.par.score == 990 and record.par.contracts_text() == "NS 6NT"
    east = BSO.replace("NS 6N; +990", "EW 4S; +620").replace('"NS 6N"', '"EW 4S"')
    (record,) = pbn_deals.loads(east)
    assert record.par is not None and record.par.score == -620
    with pytest.raises(FormatError, match="optimum score 'NS 6N; \\+990'"):
        pbn_deals.loads(BSO, strict=True)


def test_unreadable_par_leaves_the_record_without_par_not_the_file_refused() -> None:
    text = BSO.replace("NS 6N; +990", "soon")
    (record,) = pbn_deals.loads(text)
    assert record.par is None and record.deal.board == 1


def test_white_space_and_line_breaks_inside_a_tag_pair() -> None:
    text = (
        '[ Event "Club" ]\n[Board\n "7"]\n[Dealer "S"\n]\n[\tVulnerable\t"All"]\n'
        '[Deal\n  "N:6.QT986.8754.J65 AQT983.2.A93.AK2 KJ74.K73.KQJ.987 52.AJ54.T62.QT43"\n]\n'
    )
    for strict in (False, True):
        (game,) = pbn.loads(text, strict=strict)
        assert game["Event"] == "Club" and game["Board"] == "7" and game["Dealer"] == "S"
        (record,) = pbn_deals.records(pbn.loads(text, strict=strict), strict=strict)
        assert record.deal.board == 7 and record.deal.dealer is Seat.S
    # a tag pair does not run on over an empty line: that ends the game
    with pytest.raises(FormatError, match="quoted value of tag Board"):
        pbn.loads('[Board\n\n"7"]\n')


def test_end_positions_are_skipped_leniently_and_refused_strictly() -> None:
    text = (
        '[Board "1"]\n[Deal "N:AK.Q.. Q.K.J. .A.Q.2 J.J.A."]\n\n'
        '[Board "2"]\n[Deal "N:6.QT986.8754.J65 AQT983.2.A93.AK2 KJ74.K73.KQJ.987 '
        '52.AJ54.T62.QT43"]\n'
    )
    assert pbn_deals.is_partial_deal("N:AK.Q.. Q.K.J. .A.Q.2 J.J.A.")
    (record,) = pbn_deals.loads(text)
    assert record.deal.board == 2
    with pytest.raises(FormatError, match="board 1"):
        pbn_deals.loads(text, strict=True)


SCORES = '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]\n'


def test_second_score_table_of_a_board_adds_its_rows() -> None:
    # in one game, the same table tag twice (rows in two parts)
    text = '[Board "1"]\n' + SCORES + "1 2 3NT N 9 400\n" + SCORES + "3 4 3NT N 10 430\n"
    inp = pbn_scores.score_input(pbn.loads(text), "two.pbn")
    assert [(r.ns, r.ew) for r in inp.boards[0].results] == [("1", "2"), ("3", "4")]
    # one game per section with the same board number
    text2 = (
        '[Board "1"]\n' + SCORES + '1 2 3NT N 9 400\n\n[Board "1"]\n' + SCORES + "3 4 - - - -50\n"
    )
    inp = pbn_scores.score_input(pbn.loads(text2), "two.pbn")
    assert len(inp.boards) == 1
    assert [r.ns for r in inp.boards[0].results] == ["1", "3"]
    with pytest.raises(FormatError, match="two score tables"):
        pbn_scores.score_input(pbn.loads(text2), "two.pbn", strict=True)
    with pytest.raises(FormatError, match="occurs twice"):
        pbn.loads(text, strict=True)


def _total_columns(text: str) -> set[str]:
    """The column names of a file's ``[TotalScoreTable]`` header."""
    found = re.search(r'\[TotalScoreTable "([^"]*)"\]', text)
    assert found is not None
    return {re.sub(r"\\.*$", "", c).lstrip("+-") for c in found.group(1).split(";")}


def test_written_ranking_uses_the_column_names_other_programs_write(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The boards played per pair is ``NrBoards`` in the PBN verifier's PBN 2.0 file
    and in Ruter's file (issue 10: read NrBoards); bridgedesk writes that name too."""
    from bridgedesk.cli import main

    theirs = _total_columns((DATA / "pbn_verifier_correct_20.pbn").read_text("latin-1"))
    theirs |= _total_columns(
        (DATA.parents[1] / "scoring/data/ruter_2021_board1.pbn").read_text("utf-8")
    )
    assert "NrBoards" in theirs
    source = DATA.parents[1] / "scoring/data/fig15_howell.json"
    assert main(["score", str(source), "--format", "pbn"]) == 0
    ours = _total_columns(capsys.readouterr().out)
    assert "NrBoards" in ours and "NrOfBoards" not in ours
    assert ours - {"Direction"} <= theirs | {"TotalScoreMP"}
