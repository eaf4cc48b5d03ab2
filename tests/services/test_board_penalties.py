"""A penalty the director gives on a board is written on that board's traveller: the
ranking's penalty column, the printed travellers, the live page's and the results
JSON all say the same points (one board is worth a board's top, 003:47-59)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from bridgedesk.events.rulings import PenaltyUnit, ProceduralPenalty
from bridgedesk.formats.results_json import to_dict
from bridgedesk.reports.session import travellers_html
from bridgedesk.services import live, rulings
from bridgedesk.services.event_scores import SessionScores, score
from bridgedesk.services.live_results import LiveResults
from bridgedesk.store.results_repo import section_results
from bridgedesk.store.service import Store
from bridgedesk.web.live import fragment_html
from bridgedesk.web.live_kept import SectionBlocks
from tests.services.test_one_ranking_everywhere import pairs_event


def test_a_penalty_on_a_board_is_on_its_traveller(tmp_path: Path) -> None:
    built = pairs_event(tmp_path / "p.sqlite3", "mp", "jcbl")  # pair 3: 1/4 board, no board
    with Store.open(built.db) as store:
        given = ProceduralPenalty(5, Fraction(1, 2), PenaltyUnit.BOARDS, "slow play", board=3)
        rulings.penalty(store, built.event, given, who="test")
        found = score(store, built.event)
        assert isinstance(found, SessionScores)
        section = found.scored.section
        # eight pairs in a Howell: every board played 4 times, a top of 3 (JCBL: 1 a
        # comparison), so half a board is 3/2 points and a quarter 3/4
        assert all(t.top == 3 for t in section.travellers)
        penalties = {s.pair: s.penalty for s in section.ranking}
        assert penalties["5"] == Fraction(3, 2) and penalties["3"] == Fraction(3, 4)
        named = {t.board: t.penalties for t in section.travellers if t.penalties}
        assert list(named) == [3]  # pair 3's penalty named no board: on no traveller
        (only,) = named[3]
        assert (only.pair, only.points, only.reason) == ("5", Fraction(3, 2), "slow play")
        html = travellers_html(found.scored)
        assert html.count('class="penalty"') == 1
        assert "Penalty: 5 −1.5 (slow play)"  # as the points column in html
        boards = {b["board"]: b for b in to_dict(found.scored)["boards"]}
        assert boards[3]["penalties"] == [{"pair": 5, "points": 1.5, "reason": "slow play"}]
        assert all("penalties" not in b for n, b in boards.items() if n != 3)
        shown = live.live_section(store, built.event, section_results(store, built.event, "A"))
        (board3,) = [t for t in shown["travellers"] if t["board"] == 3]
        assert board3["penalties"] == [{"pair": "5", "points": "1.5", "reason": "slow play"}]
        # the tables' traveller of the board (kept per stamp, and read afresh): the pair
        # as the players know it, the points the section's boards size
        table = {"pair": "5", "points": 1.5, "reason": "slow play"}
        kept = json.loads(LiveResults(store).section(built.event, 1, "A").traveller(3))
        assert kept["penalties"] == [table] and "penalties" not in json.loads(
            LiveResults(store).section(built.event, 1, "A").traveller(4)
        )
        assert live.board_traveller(store, built.event, "A", 1, 3)["penalties"] == [table]
        # the live page, in Japanese, once every table has played the board
        page = fragment_html(store, built.event, "ja", LiveResults(store), SectionBlocks())
        assert "ペナルティ: 5 −1.5 (slow play)" in page
