"""SBF sub-rules applied inside award(): bronze simultaneous events above 100 pairs,
the H1 semifinal and final bronze tails, DM final bonuses."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bridgedesk.errors import MasterpointError
from bridgedesk.masterpoints.award import Award, SbfEvent, award
from bridgedesk.masterpoints.ranking import Placing, Ranking
from bridgedesk.masterpoints.sbf.rules import h1_final, h1_semifinal
from bridgedesk.masterpoints.sbf.tables import bronze_pairs, bronze_simultaneous, table_d


def field(places: list[int], size: int | None = None) -> Ranking:
    placings = tuple(Placing(str(i), (f"{i}a", f"{i}b"), p) for i, p in enumerate(places, start=1))
    return Ranking(placings, competitors={"": size} if size else {})


def of(awards: tuple[Award, ...], member: str) -> list[tuple[str, str]]:
    return [(str(a.points), a.colour) for a in awards if a.member == member]


def test_a2_principle_continues_the_printed_table() -> None:
    # 001:730-827: "Tvåan erhåller 2/3 av ettan, trean erhåller lika många poäng som ettan
    # vid halva parantalet och därefter är principen att femman erhåller lika mycket som
    # tvåan, sjuan som trean, nian som fyran etc. Fyran får vad trean + femman får delat
    # med två och höjt till helt tal".  The principle applied to the printed 50-pair row
    # gives the printed 100-pair row except places 10 and 24 (39 and 10 printed, the
    # principle 38 and 11: "Principen gäller icke helt konsekvent", 001:819), and the
    # odd places are the half row's exactly.
    from bridgedesk.masterpoints.sbf.tables import _a2_principle

    printed = bronze_pairs(100)
    derived = _a2_principle(100, bronze_pairs(50))
    assert len(derived) == len(printed) == 34
    assert [i + 1 for i, (a, b) in enumerate(zip(derived, printed, strict=True)) if a != b] == [
        10, 24,
    ]  # fmt: skip
    assert derived[2::2] == bronze_pairs(50)[: len(derived[2::2])]


def test_bronze_simultaneous_above_100_pairs() -> None:
    # 001:443-446: "Vid 200 par får segrarna 400 bp osv." - 2 bp per pair to the winner;
    # the best third (67 places) from the 100-pair row: 3rd = 100-pair winner (200),
    # 5th = 100-pair 2nd (134), 4th = (200+134)/2 = 167, 2nd = 2/3 of 400 -> 267.
    row = bronze_simultaneous(200)
    assert row[:5] == (400, 267, 200, 167, 134)
    assert len(row) == 67 and row[-1] == 4
    # up to 100 pairs it is the ordinary table
    assert bronze_simultaneous(64) == bronze_pairs(64)
    # an odd count averages its even neighbours, rounded up (001:824-827)
    assert bronze_simultaneous(201)[:2] == (402, 269)  # (400+404)/2, (267+270)/2 = 268.5 up
    result = award(field(list(range(1, 201))), "sbf", SbfEvent("A", simultaneous=True))
    assert of(result, "1a") == [("400", "bp")]
    assert of(result, "67b") == [("4", "bp")]
    assert of(result, "68a") == []
    # without simultaneous, A stops at 100 pairs
    with pytest.raises(MasterpointError, match="A2 is defined for 32-100 pairs, got 200"):
        award(field(list(range(1, 201))), "sbf", SbfEvent("A"))
    # 001:446: at least 4 pairs in every heat
    with pytest.raises(MasterpointError, match=r"4 or more pairs .* got a heat of 3"):
        award(field(list(range(1, 9))), "sbf", SbfEvent("A", simultaneous=True, heats=(5, 3)))


def test_silver_simultaneous_common_list_pays_the_bonus_only() -> None:
    # 001:448-455: 1/5 of a normal silver event of the total size, at most 16 pairs,
    # no bp; table D of 40 pairs pays 40 27 18 ... sp -> 8 6 4 ...
    result = award(field(list(range(1, 41))), "sbf", SbfEvent("D", simultaneous=True))
    d40 = table_d(40).sp
    assert of(result, "1a") == [(str(-(-d40[0] // 5)), "sp")]
    assert of(result, "2a") == [(str(-(-d40[1] // 5)), "sp")]
    assert all(a.colour == "sp" for a in result)
    with pytest.raises(MasterpointError, match="8 or more pairs"):
        award(field(list(range(1, 41))), "sbf", SbfEvent("D", simultaneous=True, heats=(33, 7)))


def test_h1_final_bronze_tail() -> None:
    # 001:1871-1877: gp 50 ... 1 to 13 places, "samt brons till och med 18:e plats",
    # bronze = the bronze table x 3 in the final.  With 54 pairs (best third 18):
    # A2(54) places 14-18 are 7 6 5 4 4 -> 21 18 15 12 12.
    assert bronze_pairs(54)[13:18] == (7, 6, 5, 4, 4)
    row = h1_final(54)
    assert row.bp == (21, 18, 15, 12, 12)
    # a final of 45 pairs pays bronze only to its best third (15th place)
    assert len(h1_final(45).bp) == 2
    assert h1_final(30).bp == ()
    result = award(field(list(range(1, 55))), "sbf", SbfEvent("H1"))
    assert of(result, "1a") == [("50", "gp")]
    assert of(result, "13b") == [("1", "gp")]
    assert of(result, "14a") == [("21", "bp")]
    assert of(result, "19a") == []


def test_h1_semifinal() -> None:
    # 001:1866-1870: sp to the first 16 on the 100-pair scale "och ytterligare 41 par
    # får bronspoäng"; bronze x 2 in the semifinal.  170 pairs: best third 57 = 16 + 41.
    row = h1_semifinal(170)
    assert row.sp == table_d(100).sp[:16]
    assert len(row.bp) == 41
    assert row.bp[0] == 2 * bronze_simultaneous(170)[16]
    # "Vid färre parantal, enligt samma metod": table D of the field itself
    assert h1_semifinal(80).sp == table_d(80).sp and h1_semifinal(80).bp == table_d(80).bp


def test_dm_bonus_in_award() -> None:
    # 001:1755-1762: DM pairs, open: 60 / 40 / 30 sp per player besides the table's
    # points; "Delad placering ger här den högre bonusen": pairs tied for 2nd both get
    # 40; 50 % of the event needed.
    ranking = Ranking(
        (
            Placing("1", ("1a", "1b"), 1),
            Placing("2", ("2a", "2b", "r"), 2, participation={"2b": Fraction(1, 3)}),
            Placing("3", ("3a", "3b"), 2),
            *(Placing(str(i), (f"{i}a", f"{i}b"), i) for i in range(4, 21)),
        )
    )
    result = award(ranking, "sbf", SbfEvent("D", dm="pairs-open"))
    bonus = {a.member: str(a.points) for a in result if "DM final bonus" in a.reason}
    assert bonus == {"1a": "60", "1b": "60", "2a": "40", "r": "40", "3a": "40", "3b": "40"}
    # the table D award is still there (20 pairs: winner 20 sp)
    assert ("20", "sp") in of(result, "1a")
    # teams: 42 / 30 / 21 per player, to the team's players
    teams = Ranking(
        tuple(Placing(str(i), tuple(f"{i}-{k}" for k in range(5)), i) for i in range(1, 9))
    )
    result = award(teams, "sbf", SbfEvent("E1", dm="teams-open"))
    bonus = {a.member: str(a.points) for a in result if "DM final bonus" in a.reason}
    assert bonus["1-4"] == "42" and bonus["3-0"] == "21" and "4-0" not in bonus
    with pytest.raises(MasterpointError, match="DM bonus kinds are"):
        award(field(list(range(1, 17))), "sbf", SbfEvent("D", dm="closed"))


def test_multi_evening_reserve_gets_his_share() -> None:
    # 001:526-531: a player needs half the rounds or 50 % of the boards, "Vid
    # flerkvällarstävling får reserven sin andel av erövrade mp": over 3 evenings the
    # reserve r who played 1 of them gets a third of the winners' D points (20 pairs:
    # 20 sp -> 6.67 -> 7); 2b who played the other 2 evenings gets them in full.
    ranking = Ranking(
        (
            Placing(
                "1",
                ("1a", "1b", "r"),
                1,
                participation={"1b": Fraction(2, 3), "r": Fraction(1, 3)},
            ),
            *(Placing(str(i), (f"{i}a", f"{i}b"), i) for i in range(2, 21)),
        )
    )
    result = award(ranking, "sbf", SbfEvent("D", evenings=3))
    assert of(result, "r") == [("7", "sp")] and of(result, "1b") == [("20", "sp")]
    assert "reserve's share" in next(a.reason for a in result if a.member == "r")
    # a one-evening event: the reserve who played a third gets nothing
    assert of(award(ranking, "sbf", SbfEvent("D")), "r") == []
