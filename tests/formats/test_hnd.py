"""The Micro Bridge .HND hand file (002:59-124)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgedesk.bridge import Seat, Vulnerability
from bridgedesk.deals import Deal
from bridgedesk.errors import FormatError
from bridgedesk.formats import hnd
from tests.conftest import SEEDS

# The sample hand file of 002:105-121, transcribed exactly (between the column rulers).
SAMPLE = """\
       *******************************************
       *        Sample hand data.                *
       *******************************************
       *
       *  S               W               N               E
       *
         1              W
        4               965             J1082           AKQ73
        4               KJ53            9876            AQ102
        QJ10943         AK              8652            7
        QJ964           AK85            3               1072
       *
         2              S
        -               AQ8752          KJ9             10643
        Q106            K85             J2              A9743
        KJ8762          A               Q109            543
        AK97            J42             Q10653          8
"""


def test_sample_matches_the_seed_text() -> None:
    seed = SEEDS / "002_cd402e93e527042e.txt"
    if not seed.exists():
        pytest.skip("seed documents not beside the repository")
    lines = seed.read_text(encoding="utf-8").splitlines()
    assert "\n".join(lines[104:121]) + "\n" == SAMPLE  # 002:105-121


def test_sample_reads_into_the_right_deals() -> None:
    f = hnd.loads(SAMPLE)
    assert len(f) == 2
    one, two = f.deals
    # 002:111-115 board 1, dealer W stated, vulnerability blank = board 1's standard (none)
    assert (one.board, one.dealer, one.vulnerability) == (1, Seat.W, Vulnerability.NONE)
    assert one[Seat.S].pbn() == "4.4.QJT943.QJ964"
    assert one[Seat.W].pbn() == "965.KJ53.AK.AK85"
    assert one[Seat.N].pbn() == "JT82.9876.8652.3"
    assert one[Seat.E].pbn() == "AKQ73.AQT2.7.T72"
    # 002:117-121 board 2, dealer S stated, South void in spades written "-"
    assert (two.board, two.dealer, two.vulnerability) == (2, Seat.S, Vulnerability.NS)
    assert two[Seat.S].pbn() == ".QT6.KJ8762.AK97"
    assert two[Seat.W].pbn() == "AQ8752.K85.A.J42"
    assert two[Seat.N].pbn() == "KJ9.J2.QT9.QT653"
    assert two[Seat.E].pbn() == "T643.A9743.543.8"
    assert f.boards[0].comments[4] == "       *  S               W               N               E"
    assert f.boards[1].comments == ("       *",)
    assert f.boards[0].line == 7


def test_sample_written_back_byte_identical() -> None:
    f = hnd.loads(SAMPLE)
    assert hnd.dumps(f, newline="\n") == SAMPLE
    assert hnd.dumps(f).encode("cp932") == SAMPLE.replace("\n", "\r\n").encode("ascii")


def test_plain_deals_written_in_the_columns() -> None:
    deals = hnd.loads(SAMPLE).deals
    text = hnd.dumps(deals, newline="\n")
    lines = text.splitlines()
    assert lines[0] == "         1              W"
    assert lines[1] == "        4               965             J1082           AKQ73"
    assert lines[5] == "         2              S"
    assert hnd.loads(text).deals == deals
    t_text = hnd.dumps(deals, ten="T", newline="\n")
    assert "QJT943" in t_text
    assert hnd.loads(t_text).deals == deals


def test_explicit_vulnerability_and_dealer_columns() -> None:
    deal = hnd.loads(SAMPLE).deals[0].with_board(5, dealer=Seat.E, vulnerability=Vulnerability.EW)
    first = hnd.dumps([deal], newline="\n").splitlines()[0]
    assert first == "         5      EW      E"
    assert first[16:20] == "EW  " and first[24] == "E"
    deal = deal.with_board(12, vulnerability=Vulnerability.BOTH)
    first = hnd.dumps([deal], newline="\n").splitlines()[0]
    assert first == "        12      BOTH"  # dealer W is board 12's standard: left blank


def test_tabs_expand_to_stops_9_17_25() -> None:
    tabbed = "\t 1\t\tW\n\t4\t\t965\t\tJ1082\t\tAKQ73\n\t4\t\tKJ53\t\t9876\t\tAQ102\n"
    tabbed += "\tQJ10943\t\tAK\t\t8652\t\t7\n\tQJ964\t\tAK85\t\t3\t\t1072\n"
    assert hnd.loads(tabbed).deals[0] == hnd.loads(SAMPLE).deals[0]
    assert "".join(hnd.expand_columns("a\tb")) == "a       b"


def test_shift_jis_and_utf8_comments(tmp_path: Path) -> None:
    text = "ボード *  日本語のコメント\n" + SAMPLE
    sjis = tmp_path / "sjis.hnd"
    sjis.write_bytes(text.replace("\n", "\r\n").encode("shift_jis"))
    utf8 = tmp_path / "utf8.hnd"
    utf8.write_bytes(text.encode("utf-8"))
    a, b = hnd.load(sjis), hnd.load(utf8)
    assert a.encoding == "cp932" and b.encoding == "utf-8"
    assert a.deals == b.deals == hnd.loads(SAMPLE).deals
    assert a.boards[0].comments[0] == "ボード *  日本語のコメント"
    # "ボード" is 3 full-width characters = 6 Shift_JIS columns, so '*' is column 8 again.
    out = tmp_path / "out.hnd"
    hnd.dump(a, out)
    assert out.read_bytes() == sjis.read_bytes()


def test_board_numbers_any_order_and_repeated() -> None:
    deal = hnd.loads(SAMPLE).deals[0]
    deals = [deal.with_board(n) for n in (64, 3, 3, 1)]
    assert [d.board for d in hnd.loads(hnd.dumps(deals)).deals] == [64, 3, 3, 1]


def _replace_line(text: str, lineno: int, new: str) -> str:
    lines = text.splitlines()
    lines[lineno - 1] = new
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("lineno", "new", "line", "column", "pattern"),
    [
        (7, "         0              W", 7, 9, "board number 0 is outside 1-64"),
        (7, "        65              W", 7, 9, "board number 65 is outside 1-64"),
        (7, "         1              X", 7, 25, "dealer 'X'"),
        (7, "         1      BOTX    W", 7, 17, "vulnerability 'BOTX'"),
        # the ace of spades given to South as well as East
        (8, "        A               965             J1082           AKQ73", 8, 57,
         r"card SA is given twice \(South and East\)"),
        # South's diamond 10 removed: a hand of 12
        (10, "        QJ943           AK              8652            7", 8, 9,
         "South has 12 cards, a hand needs 13; cards in no hand: DT"),
        (9, "        4               KJ53            9876            AQ1X2", 9, 59,
         "unknown card '1'"),
        (8, "        4               965             J1082          AKQ73", 8, 56,
         "outside the hand columns"),
    ],
)  # fmt: skip
def test_errors_carry_file_line_and_column(
    lineno: int, new: str, line: int, column: int, pattern: str
) -> None:
    bad = _replace_line(SAMPLE, lineno, new)
    with pytest.raises(FormatError, match=pattern) as err:
        hnd.loads(bad, filename="set.hnd")
    assert err.value.where.file == "set.hnd"
    assert (err.value.where.line, err.value.where.column) == (line, column)


def test_strict_wants_cards_left_aligned() -> None:
    shifted = _replace_line(
        SAMPLE, 8, "        4               965             J1082            AKQ73"
    )
    assert hnd.loads(shifted).deals == hnd.loads(SAMPLE).deals
    with pytest.raises(FormatError, match="left-aligned") as err:
        hnd.loads(shifted, strict=True)
    assert (err.value.where.line, err.value.where.column) == (8, 58)


def test_columns_1_to_7_are_free() -> None:
    # 002:69, 002:86: columns 1-7 may hold anything, on the board line and the card lines
    text = "\n".join(
        f"{i:<7}{line[7:]}" if line[7:8] != "*" else line
        for i, line in enumerate(SAMPLE.splitlines())
    )
    assert hnd.loads(text + "\n", strict=True).deals == hnd.loads(SAMPLE).deals
    bad = _replace_line(SAMPLE, 9, "       A4               KJ53            9876            AQ102")
    with pytest.raises(FormatError, match="column 8 must be blank") as err:
        hnd.loads(bad, strict=True)
    assert (err.value.where.line, err.value.where.column) == (9, 8)


def test_truncated_board() -> None:
    with pytest.raises(FormatError, match="has 3 of its 5 lines"):
        hnd.loads("\n".join(SAMPLE.splitlines()[:-2]) + "\n")


def test_more_than_32_boards_refused_with_split_offer(tmp_path: Path) -> None:
    deal = hnd.loads(SAMPLE).deals[0]
    deals = [deal.with_board(n % 64 + 1) for n in range(40)]
    with pytest.raises(FormatError, match=r"at most 32 boards.*split them into 2 files"):
        hnd.dumps(deals)
    chunks = hnd.split(deals)
    assert [len(c) for c in chunks] == [32, 8]
    paths = hnd.dump_split(deals, tmp_path / "set.hnd")
    assert [p.name for p in paths] == ["set-1.hnd", "set-2.hnd"]
    assert [d for p in paths for d in hnd.load(p).deals] == deals
    # reading is lenient about the limit, strict mode is not
    text = hnd.dumps(deals[:32]) + hnd.dumps(deals[32:])
    assert len(hnd.loads(text)) == 40
    with pytest.raises(FormatError, match="at most 32"):
        hnd.loads(text, strict=True)


def _deal_strategy() -> st.SearchStrategy[Deal]:
    from bridgedesk.deals import DECK

    return st.builds(
        lambda perm, board, dealer, vul: Deal.from_pbn(
            "N:" + " ".join(_hand_pbn(perm[i * 13 : (i + 1) * 13]) for i in range(4)),
            board=board,
            dealer=dealer,
            vulnerability=vul,
        ),
        st.permutations(DECK),
        st.integers(1, 64),
        st.one_of(st.none(), st.sampled_from(list(Seat))),
        st.one_of(st.none(), st.sampled_from(list(Vulnerability))),
    )


def _hand_pbn(cards: list) -> str:  # type: ignore[type-arg]
    from bridgedesk.deals import Hand

    return Hand(frozenset(cards)).pbn()


@settings(max_examples=60, deadline=None)
@given(st.lists(_deal_strategy(), min_size=1, max_size=32), st.sampled_from(["10", "T"]))
def test_hnd_round_trip(deals: list[Deal], ten: str) -> None:
    text = hnd.dumps(deals, ten=ten)
    assert hnd.loads(text, strict=True).deals == deals
    for line in text.split("\r\n"):
        assert len(line) <= 70


def test_the_32_board_limit_is_checked_as_board_33_starts() -> None:
    """Strict reading stops at the 33rd board (issue 23): what follows it, here a broken
    board and a megabyte of lines, is never parsed."""
    deal = hnd.loads(SAMPLE).deals[0]
    text = hnd.dumps([deal.with_board(n + 1) for n in range(32)])
    start = len(text.splitlines()) + 1
    text += hnd.dumps([deal.with_board(33)]) + "broken\n" * 150_000
    with pytest.raises(FormatError, match=r"at most 32 boards.*board 33 starts here") as found:
        hnd.loads(text, strict=True)
    assert f":{start}:" in str(found.value) or f"line {start}" in str(found.value)
