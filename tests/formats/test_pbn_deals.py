"""Deals and double-dummy tags in PBN; PBN <-> HND conversion."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgedesk.bridge import Seat, Vulnerability
from bridgedesk.bridge.contract import Contract, Strain
from bridgedesk.deals import DECK, Deal, Hand
from bridgedesk.deals.analysis import BoardRecord, DDTable, Par, ParContract
from bridgedesk.deals.generate import generate
from bridgedesk.errors import FormatError
from bridgedesk.formats import hnd, pbn, pbn_deals

# A dealing program's output with double-dummy tags, in the form Dealer4/BridgeComposer
# write it (first DDS test hand of dds-bridge/dds hands/list10.txt, see tests/deals/data).
DD_GAME = """\
[Event ""]
[Board "1"]
[Dealer "N"]
[Vulnerable "EW"]
[Deal "N:6.QT986.8754.J65 AQT983.2.A93.AK2 KJ74.K73.KQJ.987 52.AJ54.T62.QT43"]
[OptimumScore "EW 620"]
[ParContract "E 4S"]
[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]
N NT  5
N  S  3
N  H  7
N  D  4
N  C  4
S NT  5
S  S  3
S  H  7
S  D  4
S  C  4
E NT  7
E  S 10
E  H  6
E  D  8
E  C  8
W NT  7
W  S  9
W  H  6
W  D  8
W  C  8
"""


def test_read_deal_and_double_dummy_tags() -> None:
    (record,) = pbn_deals.loads(DD_GAME)
    deal = record.deal
    assert (deal.board, deal.dealer, deal.vulnerability) == (1, Seat.N, Vulnerability.EW)
    assert deal[Seat.E].pbn() == "AQT983.2.A93.AK2"
    assert record.dd is not None
    assert record.dd[Seat.E, Strain.S] == 10 and record.dd[Seat.W, Strain.S] == 9
    assert record.dd[Seat.N, Strain.H] == 7
    assert record.par == Par(-620, (ParContract(Contract.parse("4S"), (Seat.E,)),))


def test_written_game_follows_export_rules() -> None:
    (record,) = pbn_deals.loads(DD_GAME)
    text = pbn_deals.dumps([record], event="Club")
    lines = text.split("\r\n")
    assert lines[:17] == [
        "% PBN 2.1", "% EXPORT", '[Event "Club"]', '[Site ""]', '[Date ""]', '[Board "1"]',
        '[West ""]', '[North ""]', '[East ""]', '[South ""]', '[Dealer "N"]',
        '[Vulnerable "EW"]',
        '[Deal "N:6.QT986.8754.J65 AQT983.2.A93.AK2 KJ74.K73.KQJ.987 52.AJ54.T62.QT43"]',
        '[Scoring ""]', '[Declarer ""]', '[Contract ""]', '[Result ""]',
    ]  # fmt: skip
    assert lines[17:20] == [
        '[OptimumScore "EW 620"]',
        '[ParContract "E 4S"]',
        '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]',
    ]
    assert (
        "\r\n".join(lines[20:40]) + "\r\n"
        == "\n".join(DD_GAME.splitlines()[8:]).replace("\n", "\r\n") + "\r\n"
    )
    assert pbn_deals.loads(text) == [record]


def test_deal_starts_with_dealer_and_vulnerability_words() -> None:
    deal = generate(1, first=3, seed=3)[0]
    game = pbn_deals.game_of(deal)
    assert game["Deal"].startswith("S:")  # board 3: South deals
    assert game["Vulnerable"] == "EW"
    assert pbn_deals.game_of(deal.with_board(4))["Vulnerable"] == "All"
    assert pbn_deals.game_of(deal.with_board(1))["Vulnerable"] == "None"


def test_lenient_spellings_and_defaults() -> None:
    text = (
        '[Board "7"]\n[Vulnerable "Both"]\n[Deal "W:'
        + DD_GAME.split('"N:')[1].split('"')[0]
        + '"]\n'
    )
    (record,) = pbn_deals.loads(text)
    # hands given from West: the first hand is West's
    assert record.deal[Seat.W].pbn() == "6.QT986.8754.J65"
    assert record.deal.vulnerability is Vulnerability.BOTH
    assert record.deal.dealer is Seat.S  # board 7's dealer (004:421-434)
    for word in ("Love", "-", "None"):
        t = text.replace("Both", word)
        assert pbn_deals.loads(t)[0].deal.vulnerability is Vulnerability.NONE


def test_existing_game_keeps_its_other_tags() -> None:
    games = pbn.loads('[Event "Spring"]\n[Board "1"]\n[Room "Open"]\n[Deal "N:' +
                      DD_GAME.split('"N:')[1].split('"')[0] + '"]\n')  # fmt: skip
    record = pbn_deals.record_of(games[0])
    dd = DDTable(tuple((7, 7, 7, 7, 7) for _ in range(4)))
    game = pbn_deals.game_of(BoardRecord(record.deal, dd, Par(0)), games[0])
    assert game["Room"] == "Open" and game["Event"] == "Spring"
    assert game["ParContract"] == "Pass" and game["OptimumScore"] == "NS 0"
    table = game.table("OptimumResultTable")
    assert table is not None and len(table.rows) == 20


HANDS = "N:6.QT986.8754.J65 AQT983.2.A93.AK2 KJ74.K73.KQJ.987 52.AJ54.T62"


@pytest.mark.parametrize(
    ("deal", "pattern"),
    [
        ("N:AKQ.J.T98.765 - - -", "North has 4 cards|not given"),
        (HANDS + ".QT4", "West has 12"),
        (HANDS + ".QT4X", "unknown card"),
        (HANDS + ".QT44", "C4 is given twice"),
    ],
)  # fmt: skip
def test_malformed_deal_is_located(deal: str, pattern: str) -> None:
    text = f'[Event ""]\n[Board "2"]\n   [Deal "{deal}"]\n'
    # strict: a deal with unknown hands is refused (leniently it is skipped as no deal)
    with pytest.raises(FormatError, match=pattern) as err:
        pbn_deals.records(pbn.loads(text, filename="set.pbn"), strict="-" in deal)
    assert err.value.where.file == "set.pbn"
    assert (err.value.where.line, err.value.where.column) == (3, 4)
    assert str(err.value).startswith("set.pbn:3:4: board 2:")


def test_bad_dd_row_is_located() -> None:
    bad = DD_GAME.replace("E  S 10", "E  S 15")
    with pytest.raises(FormatError, match="0-13 tricks") as err:
        pbn_deals.loads(bad)
    assert err.value.where.line == 20


def test_pbn_hnd_pbn_round_trip_64_random_boards(tmp_path: Path) -> None:
    deals = generate(64, seed=64)
    pbn_text = pbn_deals.dumps(deals)
    first = [r.deal for r in pbn_deals.loads(pbn_text)]
    paths = hnd.dump_split(first, tmp_path / "set.hnd")  # 64 boards: two files of 32
    assert len(paths) == 2
    back = [d for p in paths for d in hnd.load(p).deals]
    assert back == deals
    assert pbn_deals.dumps(back) == pbn_text


def _hand_pbn(cards: list) -> str:  # type: ignore[type-arg]
    return Hand(frozenset(cards)).pbn()


deals_strategy = st.builds(
    lambda perm, board, dealer, vul: Deal.from_pbn(
        "N:" + " ".join(_hand_pbn(perm[i * 13 : (i + 1) * 13]) for i in range(4)),
        board=board,
        dealer=dealer,
        vulnerability=vul,
    ),
    st.permutations(DECK),
    st.integers(1, 999),
    st.one_of(st.none(), st.sampled_from(list(Seat))),
    st.one_of(st.none(), st.sampled_from(list(Vulnerability))),
)
tables = st.lists(st.tuples(*[st.integers(0, 13)] * 5), min_size=4, max_size=4).map(
    lambda rows: DDTable(tuple(rows))
)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(deals_strategy, st.one_of(st.none(), tables)), max_size=8))
def test_pbn_round_trip(items: list[tuple[Deal, DDTable | None]]) -> None:
    records = [BoardRecord(d, t) for d, t in items]
    assert pbn_deals.loads(pbn_deals.dumps(records), strict=True) == records
