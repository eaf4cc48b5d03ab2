"""bridgedesk's PBN outputs parse in endplay, the ecosystem's Python reader (issue 10).

endplay refuses ``[Deal "?"]``, ``[Dealer "?"]``, ``[Vulnerable "?"]`` and any
``[Board]`` that is not a number; a results file written from JSON travellers
(no deals) used to hold the first two.  The deals endplay reads back must be
the ones written.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from endplay.parsers import pbn as endplay_pbn

from bridgedesk.bridge import Seat
from bridgedesk.cli import main
from bridgedesk.deals.analysis import BoardRecord, DDTable, Par, ParContract
from bridgedesk.deals.deal import Deal
from bridgedesk.deals.generate import generate
from bridgedesk.formats import pbn, pbn_deals, pbn_scores, traveller_json
from tests.conftest import REPO

FIG15 = REPO / "tests" / "scoring" / "data" / "fig15_howell.json"
DATA = Path(__file__).parent / "data"


def _endplay_deals(text: str) -> list[tuple[int | None, str]]:
    return [
        (b.board_num, Deal.from_pbn(b.deal.to_pbn(), b.board_num or 1).pbn(Seat.N))
        for b in endplay_pbn.loads(text)
    ]


def test_hand_records_with_double_dummy_and_par() -> None:
    deals = generate(4, 5, seed=7)
    dd = DDTable(tuple((7, 6, 8, 5, 9) for _ in range(4)))
    par = Par(420, (ParContract.parse("NS 4S"),))
    text = pbn_deals.dumps([BoardRecord(d, dd, par) for d in deals], event="Club")
    assert _endplay_deals(text) == [(d.board, d.pbn(Seat.N)) for d in deals]
    first = endplay_pbn.loads(text)[0]
    assert first.dealer.abbr == deals[0].dealer.value


def test_results_file_written_from_json_travellers_has_no_question_marks_endplay_refuses(
    capsys: pytest.CaptureFixture[str],
) -> None:
    inp = traveller_json.load(FIG15)
    text = pbn_scores.dumps(inp)
    assert '[Deal "?"]' not in text and '[Board "?"]' not in text
    boards = endplay_pbn.loads(text)
    assert [b.board_num for b in boards] == [b.number for b in inp.boards]
    # the scored file the score command prints
    assert main(["score", str(FIG15), "--format", "pbn"]) == 0
    scored = capsys.readouterr().out
    assert [b.board_num for b in endplay_pbn.loads(scored)] == [b.number for b in inp.boards]
    # and bridgedesk reads its own file back: the same results, no deals
    again = pbn_scores.score_input(pbn.loads(scored), "scored.pbn")
    assert [len(b.results) for b in again.boards] == [len(b.results) for b in inp.boards]
    assert pbn_deals.records(pbn.loads(scored)) == []


def test_a_game_without_board_number_or_deal() -> None:
    game = pbn.Game()
    game.set("Event", "Notes")
    text = pbn.dumps([game])
    assert "[Board" not in text and '[Deal ""]' in text
    (board,) = endplay_pbn.loads(text)
    assert board.board_num is None


@pytest.mark.parametrize(
    "name", ["bridgecomposer_bkp.pbn", "pbntools_kops_sm0807.pbn", "bigdeal_psbridge.pbn"]
)
def test_files_of_other_programs_converted_by_bridgedesk(name: str, tmp_path: Path) -> None:
    target = tmp_path / "out.pbn"
    assert main(["deals", "convert", str(DATA / name), str(target)]) == 0
    ours = [(r.deal.board, r.deal.pbn(Seat.N)) for r in pbn_deals.load(DATA / name)]
    assert _endplay_deals(target.read_text(encoding="utf-8")) == ours
