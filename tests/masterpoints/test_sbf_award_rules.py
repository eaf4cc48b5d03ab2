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


def test_a2_principle_continues_from_the_half_row() -> None:
    # 001:730-827: "Tvåan erhåller 2/3 av ettan, trean erhåller lika många poäng som ettan
    # vid halva parantalet och därefter är principen att femman erhåller lika mycket som
    # tvåan, sjuan som trean, nian som fyran etc. Fyran får vad trean + femman får delat
    # med två och höjt till helt tal".  The 100-pair row is the principle applied to the
    # 50-pair row (the printed typos are named in test_sbf_tables.A2_TYPOS); its odd
    # places are the half row's exactly.
    from bridgedesk.masterpoints.sbf.tables import _a2_principle

    derived = _a2_principle(100, bronze_pairs(50))
    assert derived == bronze_pairs(100)
    assert len(derived) == 34
    assert derived[2::2] == bronze_pairs(50)[: len(derived[2::2])]


def test_bronze_simultaneous_above_100_pairs() -> None:
    # 001:443-446: "Vid 200 par får segrarna 400 bp osv." - 2 bp per pair to the winner;
    # the best third (67 places) from the 100-pair row: 3rd = 100-pair winner (200),
    # 5th = 100-pair 2nd (134), 4th = (200+134)/2 = 167, 2nd = 2/3 of 400 -> 267.
    row = bronze_simultaneous(200)
    assert row[:5] == (400, 267, 200, 167, 134)
    # the 67th place is the 100-pair row's 33rd (5: the printed 4 is a typo, 001:804)
    assert len(row) == 67 and row[-1] == bronze_pairs(100)[32] == 5
    # up to 100 pairs it is the ordinary table
    assert bronze_simultaneous(64) == bronze_pairs(64)
    # an odd count averages its even neighbours, rounded up (001:824-827)
    assert bronze_simultaneous(201)[:2] == (402, 269)  # (400+404)/2, (267+270)/2 = 268.5 up
    result = award(field(list(range(1, 201))), "sbf", SbfEvent("A", simultaneous=True))
    assert of(result, "1a") == [("400", "bp")]
    assert of(result, "67b") == [("5", "bp")]
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


def _final(
    places: int, stage: str, *, carry_over: bool = True, transferred: int = 0
) -> tuple[Award, ...]:
    from bridgedesk.masterpoints.sbf.rules import SbfFinal

    final = SbfFinal(60, 12, 12, stage, carry_over=carry_over, transferred=transferred)
    return award(field(list(range(1, places + 1))), "sbf", SbfEvent("D", final=final))


def paid(awards: tuple[Award, ...]) -> list[tuple[str, str]]:
    return [(str(a.points), a.colour) for a in awards if a.member.endswith("a")]


def test_finals_after_a_qualifying() -> None:
    # 001:419-429: 60 pairs, 12 qualifying rounds, 12 rounds in the A final:
    # winners 12 + 12 + 1 + (60 - 25)/2 = 42.5 -> 43 sp; the best 11 (a quarter of 43)
    # get sp on the 43-pair row of table D (001:1183: 43 29 21 18 14 12 10 9 7 5 4),
    # "inga bp delas ut" (001:401-402).
    row_43 = ["43", "29", "21", "18", "14", "12", "10", "9", "7", "5", "4"]
    assert paid(_final(14, "A")) == [(v, "sp") for v in row_43]
    # With TK's permission 2 sp places go to the B final (001:431-439): the A final pays
    # places 1-9, its 10th and 11th nothing ...
    assert paid(_final(14, "A", transferred=2)) == [(v, "sp") for v in row_43[:9]]
    # ... and the B final (20 pairs, carry-over) pays its 1st and 2nd the A final's 10th
    # and 11th (5 and 4 sp), then bp to the other "mp-berättigade" pairs: the bronze
    # scale of 20 pairs (A1 row 20, 001:644: 40 27 18 12 8 6 4, the best third)
    # from its 3rd place: 18 12 8 6 4.
    b = _final(20, "B", transferred=2)
    assert paid(b) == [("5", "sp"), ("4", "sp")] + [(v, "bp") for v in ("18", "12", "8", "6", "4")]
    # A B final without the transfer, or without carry-over, pays bp by the current
    # scale of its own field (001:413-414): 40 27 18 12 8 6 4
    bronze_20 = [(v, "bp") for v in ("40", "27", "18", "12", "8", "6", "4")]
    assert paid(_final(20, "B")) == bronze_20
    assert paid(_final(20, "B", carry_over=False)) == bronze_20
    # an A final without carry-over pays no sp (001:387-389): bp on 14 pairs
    # (A1 row 14, 001:632: 28 19 13 9 6, the best third: 5 places)
    assert paid(_final(14, "A", carry_over=False)) == [
        (v, "bp") for v in ("28", "19", "13", "9", "6")
    ]
    # a C final (16 pairs): bronze 32 22 15 10 7 5 (A1 row 16, 001:636)
    assert paid(_final(16, "C")) == [(v, "bp") for v in ("32", "22", "15", "10", "7", "5")]


def test_final_parameters_are_checked() -> None:
    from bridgedesk.masterpoints.sbf.rules import SbfFinal

    with pytest.raises(MasterpointError, match="to the B final only"):
        SbfFinal(60, 12, 12, "C", transferred=1)
    with pytest.raises(MasterpointError, match="need the carry-over"):
        SbfFinal(60, 12, 12, "B", carry_over=False, transferred=1)
    with pytest.raises(MasterpointError, match="pays sp to 11 places"):
        _final(14, "A", transferred=11)
    with pytest.raises(MasterpointError, match="silver pairs events"):
        SbfEvent("A", final=SbfFinal(60, 12, 12))


def test_awards_name_their_ranking_treatment() -> None:
    # 001:563-569: the DM final bonus gives no ranking points ("bonus"), the SM pairs
    # final's gp 9 each ("sm-pairs-final"); ordinary places carry no mark.
    dm = award(field(list(range(1, 21))), "sbf", SbfEvent("D", dm="pairs-open"))
    kinds = {(a.member, a.colour, a.ranking) for a in dm if a.member == "1a"}
    assert kinds == {("1a", "sp", ""), ("1a", "sp", "bonus")}
    h1 = award(field(list(range(1, 41))), "sbf", SbfEvent("H1"))
    first = [a for a in h1 if a.member == "1a"]
    assert [(a.colour, a.ranking) for a in first] == [("gp", "sm-pairs-final")]
    last = [a for a in h1 if a.colour == "bp"]
    assert last and {a.ranking for a in last} == {""}


def test_gold_event_and_h2_final_inside_award() -> None:
    # Gold pairs, 52 pairs (001:1772-1790 on table D's row 52, 001:1192:
    # sp 52 35 26 22 18 15 12 10 8 7 6 4 3, bp 10 8 8 8 8): the first three places in
    # gold, sp / 10 rounded up: 6 4 3 gp; then sp 22 ... 3 (places 4-13); then bronze at
    # three times the bronze table = D's red figures x 3/2: 15 12 12 12 12 (14-18).
    # For the ranking (001:559-560) the sp of a gold event count 1.5: "gold-event".
    gold = award(field(list(range(1, 53))), "sbf", SbfEvent("GOLD"))
    assert [(str(a.points), a.colour, a.ranking) for a in gold if a.member.endswith("a")] == (
        [(v, "gp", "") for v in ("6", "4", "3")]
        + [(v, "sp", "gold-event") for v in ("22", "18", "15", "12", "10", "8", "7", "6", "4", "3")]
        + [(v, "bp", "") for v in ("15", "12", "12", "12", "12")]
    )
    # H2 junior final, 24 pairs (001:1879-1898): 10 5 3 2 gp, then table D's row 24
    # (001:1164: sp 24 16 11 8 6 4, bp 10 8) from the 5th place: 6 4 sp, bronze x 3:
    # 15 12.  SM pair final gp give 9 ranking points each: "sm-pairs-final".
    h2 = award(field(list(range(1, 25))), "sbf", SbfEvent("H2", sm_class="junior"))
    assert [(str(a.points), a.colour, a.ranking) for a in h2 if a.member.endswith("a")] == (
        [(v, "gp", "sm-pairs-final") for v in ("10", "5", "3", "2")]
        + [("6", "sp", "gold-event"), ("4", "sp", "gold-event"), ("15", "bp", ""), ("12", "bp", "")]
    )
    with pytest.raises(MasterpointError, match="needs sm_class"):
        SbfEvent("H2")
    with pytest.raises(MasterpointError, match="enhanced scale"):
        SbfEvent("D", enhanced=True)


def players(places: list[int]) -> Ranking:
    return Ranking(tuple(Placing(str(i), (f"p{i}",), p) for i, p in enumerate(places, start=1)))


def test_rally_bonus_inside_award() -> None:
    # 001:459-487: a district rally of at least six silver events gives a gold bonus by
    # the total starting pairs of its events, individually; 101-200 pairs: the winner
    # 2 gp, the second 1 gp; not counted for the ranking ("bonusen inte är
    # rankinggrundande", 001:466-470).
    rally = SbfEvent("RALLY", starters=150, rally_events=8)
    result = award(players(list(range(1, 31))), "sbf", rally)
    assert [(a.member, str(a.points), a.colour, a.ranking) for a in result] == [
        ("p1", "2", "gp", "bonus"),
        ("p2", "1", "gp", "bonus"),
    ]
    # two players sharing the first place share 2 + 1 = 3 gp: 1.5 each, rounded up
    # to 2 (001:489-493)
    tied = award(players([1, 1, 3, 4]), "sbf", rally)
    assert [(a.member, str(a.points)) for a in tied] == [("p1", "2"), ("p2", "2")]
    # team events count each team as two pairs: 60 teams = 120 pairs -> 2, 1;
    # individual events half: 190 players = 95 pairs -> nothing (96 needed)
    teams = SbfEvent("RALLY", starters=60, rally_kind="teams", rally_events=6)
    assert [str(a.points) for a in award(players([1, 2, 3]), "sbf", teams)] == ["2", "1"]
    alone = SbfEvent("RALLY", starters=190, rally_kind="individual", rally_events=6)
    assert award(players([1, 2, 3]), "sbf", alone) == ()
    with pytest.raises(MasterpointError, match="six or more silver events"):
        SbfEvent("RALLY", starters=150, rally_events=5)
    with pytest.raises(MasterpointError, match="needs its starters"):
        SbfEvent("RALLY")


def test_beginners_meeting() -> None:
    # 001:497-500: up to 99 pairs the 50-pair bp scale of table A2 (001:754:
    # 100 67 50 42 34 ...), from 100 pairs the 100-pair scale (001:804: 200 134 100 ...)
    small = award(field(list(range(1, 61))), "sbf", SbfEvent("BEGINNERS"))
    assert [str(a.points) for a in small if a.member.endswith("a")][:5] == [
        "100", "67", "50", "42", "34",
    ]  # fmt: skip
    assert len([a for a in small if a.member.endswith("a")]) == 17  # the 50-pair row's places
    big = award(field(list(range(1, 101))), "sbf", SbfEvent("BEGINNERS"))
    assert [str(a.points) for a in big if a.member.endswith("a")][:3] == ["200", "134", "100"]


def test_silver_boards_requirements() -> None:
    # 001:336-352: silver pairs need 42 boards; 36-41 boards play on half the silver
    # scale ("Spelas med halv silverpoängskala"); individuals 38.  Table D, 16 pairs:
    # sp 16 11 8 6, bp 14 10 (001:1156); halved and rounded up: 8 6 4 3, bp unchanged.
    def row(boards: int) -> list[tuple[str, str]]:
        result = award(field(list(range(1, 17))), "sbf", SbfEvent("D", boards=boards))
        return [(str(a.points), a.colour) for a in result if a.member.endswith("a")]

    assert row(42) == [
        ("16", "sp"),
        ("11", "sp"),
        ("8", "sp"),
        ("6", "sp"),
        ("14", "bp"),
        ("10", "bp"),
    ]
    assert row(40) == [
        ("8", "sp"),
        ("6", "sp"),
        ("4", "sp"),
        ("3", "sp"),
        ("14", "bp"),
        ("10", "bp"),
    ]
    with pytest.raises(MasterpointError, match=r"needs 42 boards \(36-41 on half"):
        row(35)
    with pytest.raises(MasterpointError, match="silver individual event needs 38 boards"):
        award(players(list(range(1, 21))), "sbf", SbfEvent("F", boards=37))
