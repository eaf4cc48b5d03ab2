"""The ledger: the sample statement of 000:56-84, ranks, annual awards, held points,
CSV round trips."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from bridgedesk.errors import FormatError, MasterpointError
from bridgedesk.formats import ledger_csv
from bridgedesk.formats.ledger_csv import loads_awards
from bridgedesk.masterpoints.jcbl.ranks import (
    RANKS,
    FmpCertificate,
    deemed_level,
    rank_for,
    transfer,
)
from bridgedesk.masterpoints.ledger import InMemoryRepository, Ledger, LedgerEntry, Member

from .seeds import JCBL

# 000:63-70: (date, event, RP, MP); MP includes RP
SAMPLE_EVENTS = [
    ("031103", "兵庫県知事杯", "15.60", "16.97"),
    ("031116", "東中野スイペア", "0.59", "1.45"),
    ("031122", "五反田SRR&ペアP", "0.79", "1.30"),
    ("031122", "五反田SRR&ペアT", "3.45", "5.23"),
    ("031123", "中日杯", "12.05", "15.18"),
    ("031124", "名古屋オープンペア", "", "0.39"),
    ("031129", "馬場スライファイト*", "1.42", "2.94"),
    ("031130", "四谷FMP(11月)", "", "0.21"),
]


def _jcbl(
    member: str, day: date, event: str, points: str, colour: str, kind: str = "ccg"
) -> LedgerEntry:
    return LedgerEntry(member, day, event, "jcbl", "2007", Decimal(points), colour, kind=kind)


def sample_ledger() -> Ledger:
    """The member of the sample card: the balance before 2003 and Jan-Oct 2003 are
    derived from the card (carried 1273.86/3051.57, year to date 104.71/210.92)."""
    ledger = Ledger()
    ledger.add_player(Member("59156", "橋 之介", date(1980, 4, 1), marker="*"))
    m = "59156"
    # before 2003: 1307.76 - 104.71 = 1203.05 RP, 3095.24 - 210.92 = 2884.32 MP
    ledger.record(_jcbl(m, date(2002, 12, 31), "opening", "1203.05", "red", "opening"))
    ledger.record(_jcbl(m, date(2002, 12, 31), "opening", "1681.27", "black", "opening"))
    # Jan-Oct 2003: 104.71 - 33.90 = 70.81 RP, 210.92 - 43.67 = 167.25 MP
    ledger.record(_jcbl(m, date(2003, 6, 1), "earlier events", "70.81", "red"))
    ledger.record(_jcbl(m, date(2003, 6, 1), "earlier events", "96.44", "black"))
    for day, event, rp, mp in SAMPLE_EVENTS:
        when = date(2000 + int(day[:2]), int(day[2:4]), int(day[4:]))
        if rp:
            ledger.record(_jcbl(m, when, event, rp, "red"))
        black = Decimal(mp) - Decimal(rp or "0")
        ledger.record(
            _jcbl(m, when, event, str(black), "black", "fmp" if "FMP" in event else "ccg")
        )
    ledger.repository.set_seed_points(m, date(2003, 6, 30), 382)
    ledger.repository.set_seed_points(m, date(2003, 11, 30), 400)
    return ledger


def test_sample_statement_reproduced() -> None:
    # 000:60-73, byte for byte (tab-separated, each line ending in a tab)
    expected = "\n".join(JCBL.read_text(encoding="utf-8").splitlines()[59:73]) + "\n"
    statement = sample_ledger().statement("59156", 2003, 11)
    assert statement.render_ja() == expected
    assert statement.rank is not None and statement.rank.name_en == "Silver Life Master"


def test_statement_totals() -> None:
    s = sample_ledger().statement("59156", 2003, 11)
    assert (s.carried.rp, s.carried.mp) == (Decimal("1273.86"), Decimal("3051.57"))
    assert (s.totals.rp, s.totals.mp) == (Decimal("1307.76"), Decimal("3095.24"))
    assert (s.year_to_date.rp, s.year_to_date.mp) == (Decimal("104.71"), Decimal("210.92"))
    with pytest.raises(MasterpointError, match="no member"):
        sample_ledger().statement("1", 2003, 11)


@pytest.mark.parametrize(
    ("mp", "rp", "early", "rank"),
    [
        ("0.99", "0", "0", None),
        ("1", "0", "0", "Junior Master"),
        ("19.99", "0", "0", "Junior Master"),
        ("20", "0", "0", "Master"),
        ("50", "0", "0", "National Master"),
        ("100", "0", "0", "Senior Master"),
        ("300", "49.99", "0", "Senior Master"),
        ("300", "50", "0", "Life Master"),
        ("1000", "200", "0", "Senior Life Master"),
        ("2500", "300", "0", "Silver Life Master"),
        ("2500", "299", "0", "Senior Life Master"),
        ("5000", "300", "0", "Gold Life Master"),
        ("7500", "300", "0", "Platinum Life Master"),
        ("10000", "300", "0", "Diamond Life Master"),
        # 000:102: 20 % of the MP of 1973 and before counts as RP: 250 early MP -> 50 RP
        ("300", "0", "250", "Life Master"),
        ("300", "0", "249", "Senior Master"),
    ],
)
def test_rank_thresholds(mp: str, rp: str, early: str, rank: str | None) -> None:
    # 000:90-100
    got = rank_for(Decimal(mp), Decimal(rp), Decimal(early))
    assert (got.name_en if got else None) == rank


def test_ranks_change_in_the_ledger() -> None:
    ledger = Ledger()
    ledger.add_player(Member("1"))
    ledger.record(_jcbl("1", date(2020, 1, 5), "a", "19.99", "black"))
    assert ledger.rank("1").name_en == "Junior Master"  # type: ignore[union-attr]
    ledger.record(_jcbl("1", date(2020, 2, 5), "b", "0.01", "black"))
    assert ledger.rank("1").name_en == "Master"  # type: ignore[union-attr]
    assert ledger.rank("1", date(2020, 1, 31)).name_en == "Junior Master"  # type: ignore[union-attr]
    assert len(RANKS) == 10


def test_fmp_certificate() -> None:
    # 000:23-35: the sample certificate of 2007.4.1, class 3 (light blue), 0.36
    cert = FmpCertificate(
        date(2007, 4, 1), "Bears Club", "橋 之介・マクブリッジ", Decimal("0.36"), 3, 6, 1
    )
    assert cert.colour == "水色"
    assert cert.valid_until == date(2008, 4, 1)  # 000:54
    assert cert.is_valid(date(2008, 4, 1)) and not cert.is_valid(date(2008, 4, 2))
    with pytest.raises(MasterpointError):
        FmpCertificate(date(2007, 4, 1), "x", "y", Decimal("0.1"), 6, 6, 1)


def test_transfers_and_deemed_levels() -> None:
    # 000:132-137 ratios; 000:165-171 levels
    assert transfer(Decimal(500), "uk") == 10
    assert transfer(Decimal(300), "Greece") == 3
    assert transfer(Decimal(42), "USA") == 42
    with pytest.raises(MasterpointError, match="case by case"):
        transfer(Decimal(1), "France")
    assert deemed_level(Decimal(5000)) == (deemed_level(Decimal(9999))[0], 400)
    assert deemed_level(Decimal("4999.99"))[1] == 150
    assert deemed_level(Decimal("999.99"))[1] == 50
    assert deemed_level(Decimal(100))[1] == 15
    assert deemed_level(Decimal(20))[1] == 5
    assert deemed_level(Decimal("19.99"))[1] == 0


def test_non_member_points_held_until_joining() -> None:
    # 000:141-151: CCG and up within one month of earning; FMP while valid
    ledger = Ledger()
    assert not ledger.record(_jcbl("9", date(2020, 3, 10), "CCG", "1.20", "black"))
    assert not ledger.record(_jcbl("9", date(2020, 1, 10), "CCG old", "0.50", "black"))
    assert not ledger.record(_jcbl("9", date(2019, 6, 1), "FMP", "0.30", "black", "fmp"))
    assert ledger.totals("9").mp == 0
    added, expired = ledger.join(Member("9", joined=date(2020, 4, 10)))
    assert [e.event for e in added] == ["CCG", "FMP"]
    assert [e.event for e in expired] == ["CCG old"]
    assert ledger.totals("9").mp == Decimal("1.50")
    assert ledger.repository.pending() == ()


def test_annual_awards() -> None:
    # 000:114-126
    ledger = Ledger()
    for member in ("a", "b", "c", "d"):
        ledger.add_player(Member(member))
    ledger.record(_jcbl("a", date(2019, 5, 1), "x", "25", "black"))  # Master at start
    ledger.record(_jcbl("b", date(2019, 5, 1), "x", "30", "black"))  # Master at start
    ledger.record(_jcbl("a", date(2020, 5, 1), "y", "10", "red"))
    ledger.record(_jcbl("b", date(2020, 5, 1), "y", "12", "black"))
    ledger.record(_jcbl("c", date(2020, 5, 1), "y", "8", "black"))  # newcomer
    ledger.record(_jcbl("d", date(2020, 5, 1), "y", "9", "black"))  # deemed 20: excluded
    awards = ledger.annual_awards(2020, deemed_mp={"d": Decimal(20)})
    assert awards.best_player == ("a",)
    assert awards.best_newcomer == ("c",)
    assert awards.by_rank == {"Master": ("b",)}


def test_csv_round_trip_and_errors() -> None:
    ledger = sample_ledger()
    repo = ledger.repository
    assert isinstance(repo, InMemoryRepository)
    ledger.record(_jcbl("77", date(2020, 1, 1), "held", "0.5", "black"))
    text = ledger_csv.dumps(repo)
    again = ledger_csv.loads(text)
    assert ledger_csv.dumps(again) == text
    assert Ledger(again).statement("59156", 2003, 11) == ledger.statement("59156", 2003, 11)
    assert len(again.pending()) == 1
    with pytest.raises(FormatError, match=r"x.csv:2: date must be YYYY-MM-DD"):
        loads_awards("member,date,rules,points,colour\n1,2020/1/1,jcbl,1,black\n", "x.csv")
    with pytest.raises(FormatError, match="red or black"):
        loads_awards("member,date,rules,points,colour\n1,2020-01-01,jcbl,1,sp\n", "x.csv")
    with pytest.raises(FormatError, match="unknown columns"):
        loads_awards("member,colour2\n", "x.csv")


def test_sbf_holding_and_class() -> None:
    ledger = Ledger()
    ledger.add_player(Member("s"))
    for day in range(1, 21):
        ledger.record(
            LedgerEntry("s", date(2015, 1, day), "club", "sbf", "2014-2015", Decimal(100), "bp")
        )
    assert ledger.holding("s").mp == 20
    assert str(ledger.master_class("s")) == "Rutermästare"  # 001:130-132
    # 1 900 bp on 19 January: a klövermästare with three stars (1 500 bp, 001:86-92)
    assert str(ledger.master_class("s", date(2015, 1, 19))) == "Klövermästare***"
    for day, shown in ((5, "Klövermästare*"), (10, "Klövermästare**"), (15, "Klövermästare***")):
        assert str(ledger.master_class("s", date(2015, 1, day))) == shown


def test_fmp_certificate_text() -> None:
    # 000:23-35: Date 2007.4.1 / Tables 6 Rank 1 / Rating Weekly ... Howell / the
    # player 様 / Club Bears Club / 0.36, on a class-3 (水色, 000:39-41) card
    cert = FmpCertificate(
        date(2007, 4, 1), "Bears Club", "橋 之介・マクブリッジ", Decimal("0.36"), 3, 6, 1
    )
    lines = cert.render().splitlines()
    seed = JCBL.read_text(encoding="utf-8").splitlines()
    assert lines[0] == seed[22] == "Date 2007.4.1"
    assert lines[1] == seed[24] == "Tables 6 Rank 1"
    assert lines[2] == "Rating  [Weekly]  Series Movement  [Howell]  Mitchell  Team  Individual"
    assert lines[3] == seed[28] == "橋 之介・マクブリッジ様"
    assert lines[4] == seed[30] == "Club Bears Club"
    assert lines[5] == seed[32] == "0.36"
    assert lines[6] == "クラス3 水色  有効期限 2008.4.1"
