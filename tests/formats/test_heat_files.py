"""A simultaneous heat's results from a club's file: bridgedesk's heat export read back as
written, USEBIO (bridgedesk's own writer's output, and a two-winner file numbering each
direction from 1 as the EBU's programs write it), PBN; and the heat checks that refuse
a heat that did not play the event, each in one line.

The hand-written USEBIO document follows the element structure of USEBIO 1.2 as
``bridgedesk.formats.usebio`` documents it, with ``DIRECTION`` and pair numbers from 1 in
each direction; its scores are the Laws' (4S by N making 10 tricks, not vulnerable,
board 1: 420)."""

from __future__ import annotations

import pytest

from bridgedesk.bridge.contract import Contract
from bridgedesk.bridge.seats import Seat
from bridgedesk.errors import EntryError, FormatError
from bridgedesk.events.model import AdjustedScore
from bridgedesk.events.seating import GridMovement, TableAssignment
from bridgedesk.events.simultaneous import (
    HeatLine,
    HeatMovement,
    HeatPair,
    HeatResults,
    HeatSpec,
    check_heat,
)
from bridgedesk.formats import heat_files, heat_json

DEAL = "N:AKQJ.T98.765.432 T987.765.432.AKQ 6543.432.AKQ.JT9 2.AKQJ.JT98.8765"
GRID = GridMovement(
    "mitchell 2 tables", "mitchell", 1, 2, 2,
    {(1, 1): TableAssignment(1, 3, (1, 2)), (1, 2): TableAssignment(2, 4, (1, 2))},
)  # fmt: skip


def _heat() -> HeatResults:
    four_spades = Contract.parse("4S")
    return HeatResults(
        "Lunds BK", "Sim heat", None, HeatMovement("mitchell", 2, 2, GRID), {1: DEAL, 2: DEAL},
        (HeatPair(1, "Ek - Alm", ("11", "12")), HeatPair(2, "Ask - Bok"),
         HeatPair(3, "Lind - Gran"), HeatPair(4, "Tall - Ek")),
        (HeatLine(1, 1, 3, 420, None, four_spades, Seat.N, 10, 1, 1),
         HeatLine(2, 1, 3, adjusted=AdjustedScore.parse("A+/A-"), round=1, table=1),
         HeatLine(1, 2, 4, -50, None, four_spades, Seat.N, 9, 1, 2),
         HeatLine(2, 2, 4, 0, None, Contract.parse("PASS"), None, 0, 1, 2)),
    )  # fmt: skip


def test_the_heat_export_reads_back_as_written() -> None:
    heat = _heat()
    back = heat_json.loads(heat_json.dumps(heat))
    assert back.digest == heat.digest
    assert back.lines == heat.lines and back.pairs == heat.pairs
    assert back.movement is not None and back.movement.grid == GRID


def test_a_score_that_is_not_the_contracts_is_refused() -> None:
    text = heat_json.dumps(_heat()).replace('"score":420', '"score":450')
    with pytest.raises(FormatError, match="score 450 is not what 4S makes with 10 tricks"):
        heat_json.loads(text, "h.json")


USEBIO = """<?xml version="1.0" encoding="UTF-8"?>
<USEBIO Version="1.2"><CLUB><CLUB_NAME>Kent BC</CLUB_NAME></CLUB>
<EVENT EVENT_TYPE="MP_PAIRS"><EVENT_DESCRIPTION>Sim heat</EVENT_DESCRIPTION>
<DATE>24/11/2026</DATE><WINNER_TYPE>2</WINNER_TYPE>
<SESSION SESSION_NUMBER="1"><SECTION SECTION_ID="A"><PARTICIPANTS>
<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>NS</DIRECTION>
 <PLAYER><PLAYER_NAME>Ann</PLAYER_NAME><NATIONAL_ID_NUMBER>501</NATIONAL_ID_NUMBER></PLAYER>
 <PLAYER><PLAYER_NAME>Bob</PLAYER_NAME></PLAYER></PAIR>
<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>EW</DIRECTION>
 <PLAYER><PLAYER_NAME>Cid</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>Dee</PLAYER_NAME></PLAYER></PAIR>
<PAIR><PAIR_NUMBER>2</PAIR_NUMBER><DIRECTION>NS</DIRECTION></PAIR>
<PAIR><PAIR_NUMBER>2</PAIR_NUMBER><DIRECTION>EW</DIRECTION></PAIR>
</PARTICIPANTS>
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
 <TRAVELLER_LINE><ROUND>1</ROUND><TABLE>1</TABLE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>
  <EW_PAIR_NUMBER>1</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY>
  <TRICKS>10</TRICKS><SCORE>420</SCORE></TRAVELLER_LINE>
 <TRAVELLER_LINE><ROUND>1</ROUND><TABLE>2</TABLE><NS_PAIR_NUMBER>2</NS_PAIR_NUMBER>
  <EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><ADJUSTED_SCORE>A+/A-</ADJUSTED_SCORE></TRAVELLER_LINE>
</BOARD></SECTION></SESSION></EVENT></USEBIO>
"""


def test_usebio_numbering_each_direction_from_one() -> None:
    heat = heat_files.loads(USEBIO, "kent.xml")
    assert heat.source == "usebio" and heat.club == "Kent BC" and heat.winners == 2
    # EW 1 and 2 are numbered after the NS pairs: 3 and 4
    assert [(x.ns, x.ew, x.score, str(x.adjusted or "")) for x in heat.lines] == [
        (1, 3, 420, ""), (2, 4, None, "A+/A-")
    ]  # fmt: skip
    assert heat.pairs[0] == HeatPair(3, "Cid - Dee", ())
    assert HeatPair(1, "Ann - Bob", ("501",)) in heat.pairs


def test_usebio_with_a_wrong_score_names_it() -> None:
    with pytest.raises(FormatError, match="SCORE 450 is not what 4S makes with 10 tricks"):
        heat_files.loads(USEBIO.replace("<SCORE>420", "<SCORE>450"), "kent.xml")


def test_pbn_score_tables_and_deals() -> None:
    text = (
        '[Event "Sim heat"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        f'[Deal "{DEAL}"]\n'
        '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;'
        'Score_NS\\5R"]\n'
        " 1  1 4S   N 10   420\n 2  2 4S   N  9   -50\n"
    )
    heat = heat_files.loads(text, "heat.pbn")
    assert heat.source == "pbn" and heat.deals == {1: DEAL}
    assert [(x.ns, x.ew, x.score) for x in heat.lines] == [(1, 3, 420), (2, 4, -50)]


def test_a_file_that_is_no_heat_is_refused() -> None:
    with pytest.raises(FormatError, match="not a heat's results"):
        heat_files.loads("hello", "x.txt")


SPEC = HeatSpec(7, "Lunds BK", "mitchell", 2)


def test_check_heat_refuses_what_the_event_did_not_play() -> None:
    heat = _heat()
    check_heat(heat, SPEC, {1: DEAL, 2: DEAL})
    with pytest.raises(EntryError, match=r"board 2 is not one of the event's boards \(board 1\)"):
        check_heat(heat, SPEC, {1: DEAL})
    other = "N:T987.765.432.AKQ AKQJ.T98.765.432 6543.432.AKQ.JT9 2.AKQJ.JT98.8765"
    with pytest.raises(EntryError, match="board 2 was dealt otherwise than the event's board"):
        check_heat(heat, SPEC, {1: DEAL, 2: other})
    # the same hands written from East are the same deal
    east = "E:T987.765.432.AKQ 6543.432.AKQ.JT9 2.AKQJ.JT98.8765 AKQJ.T98.765.432"
    check_heat(heat, SPEC, {1: DEAL, 2: east})
    with pytest.raises(EntryError, match="registered as a howell of 3 tables; its results are"):
        check_heat(heat, HeatSpec(7, "Lunds BK", "howell", 3), {1: DEAL, 2: DEAL})
    moved = HeatResults(
        heat.club, heat.event, None, heat.movement, heat.deals, heat.pairs,
        (*heat.lines[:3], HeatLine(2, 4, 2, 0, round=1, table=2)),
    )  # fmt: skip
    with pytest.raises(EntryError, match="seats NS 2 v EW 4 on boards 1-2 there, not NS 4 v EW 2"):
        check_heat(moved, SPEC, {1: DEAL, 2: DEAL})
    twice = HeatResults(
        heat.club, heat.event, None, None, {}, (), (*heat.lines, HeatLine(1, 1, 4, 100))
    )
    with pytest.raises(EntryError, match="pair 1 plays board 1 twice"):
        check_heat(twice, SPEC, {1: DEAL, 2: DEAL})
