"""SBF team series and cups inside award(): match points split by halves, walkovers,
conceded cup matches and the end-of-series bonuses (B2, B3, B4, E5, G1, G3)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgedesk.errors import MasterpointError
from bridgedesk.masterpoints.award import Award, SbfSeries, TeamMatch, award
from bridgedesk.masterpoints.ranking import Placing, Ranking
from bridgedesk.masterpoints.sbf.rules import MatchResult

W, D, L = MatchResult.WON, MatchResult.DRAWN, MatchResult.LOST
FULL = {"a": 2, "b": 2, "c": 2, "d": 2}


def teams(n: int, first: tuple[str, ...] = ("a", "b", "c", "d", "e")) -> Ranking:
    placings = [Placing("T1", first, 1)]
    placings += [Placing(f"T{i}", tuple(f"{i}{k}" for k in "wxyz"), i) for i in range(2, n + 1)]
    return Ranking(tuple(placings))


def got(awards: tuple[Award, ...]) -> list[tuple[str, str, str]]:
    return [(a.member, a.colour, str(a.points)) for a in awards]


def test_b2_series_walkover_conceded_and_bonus() -> None:
    # 001:928-947: 64 bp a won match, 32 a draw, split by halves: 8 seats-halves a
    # match, so a half is worth 1/8 of the team's points (E2's example, 001:1443-1456).
    # T1: match 1 won, all four full: 64/8 x 2 = 16 each;
    #     match 2 drawn, a b c full, d and reserve e one half each: 32/8 = 4 a half:
    #     a b c 8, d 4, e 4;
    #     match 3 won on a walkover: nothing ("Inga mp utdelas vid seger på W.O", 001:519);
    #     match 4 conceded by the opponents (a cup match given up): paid, 16 each
    #     ("Vid uppgiven cup-match erhåller vinnande lag sina mp", 001:522-523).
    # a b c 40, d 36, e 4.  Bonus (B2 bonus table, 5 teams: 40 10, 001:960-989) to the
    # players of a third of the team's 6 halves played (walkover not counted): e played
    # 1 of 6 -> no bonus.
    matches = (
        TeamMatch("T1", W, FULL),
        TeamMatch("T1", D, {"a": 2, "b": 2, "c": 2, "d": 1, "e": 1}),
        TeamMatch("T1", W, walkover=True),
        TeamMatch("T1", W, FULL, conceded=True),
        TeamMatch("T2", D, {"2w": 2, "2x": 2, "2y": 2, "2z": 2}),
        TeamMatch("T2", L, {"2w": 2, "2x": 2, "2y": 2, "2z": 2}),
    )
    result = award(teams(5), "sbf", SbfSeries("B2", matches, boards=24))
    assert got(result) == [
        ("a", "bp", "40"), ("a", "bp", "40"), ("b", "bp", "40"), ("b", "bp", "40"),
        ("c", "bp", "40"), ("c", "bp", "40"), ("d", "bp", "36"), ("d", "bp", "40"),
        ("e", "bp", "4"),
        # T2: the draw 32/8 x 2 = 8 each, and the 2nd-place bonus 10
        ("2w", "bp", "8"), ("2w", "bp", "10"), ("2x", "bp", "8"), ("2x", "bp", "10"),
        ("2y", "bp", "8"), ("2y", "bp", "10"), ("2z", "bp", "8"), ("2z", "bp", "10"),
    ]  # fmt: skip
    first = result[0]
    assert "walkover" in first.reason and "conceded" in first.reason
    # a B3 division 2 pays half the bonus table (001:1023-1026): 20 and 5
    b3 = award(teams(5), "sbf", SbfSeries("B3", matches, 24, division=2, divisions=2))
    assert ("a", "bp", "20") in got(b3)
    # a won match 56 in division 2 of 2 (001:993-994): T1 56/4 + 28/8*2 + 56/4 = 35
    assert ("a", "bp", "35") in got(b3)


def test_e2_example_rounded_up_at_the_end() -> None:
    # 001:1443-1456: 24 boards, won: A B C 6 sp, D E 3 sp; drawn: A B C 3, D E 1.5;
    # "Dessa halvor adderas i tävlingen och eventuell slutpoängsdecimal avrundas uppåt":
    # after one win and one draw D has 4.5 -> 5.
    halves = {"a": 2, "b": 2, "c": 2, "d": 1, "e": 1}
    matches = (TeamMatch("T1", W, halves), TeamMatch("T1", D, halves))
    result = award(teams(4), "sbf", SbfSeries("E2", matches, boards=24))
    assert got(result) == [
        ("a", "sp", "9"), ("b", "sp", "9"), ("c", "sp", "9"), ("d", "sp", "5"), ("e", "sp", "5"),
    ]  # fmt: skip


def test_b4_winner_gets_one_and_a_half_per_team() -> None:
    # 001:1055-1056 reads "Segrarens poäng blir 1,5 x antalet deltagande lag i
    # tävlingen" ("the winner's points become 1.5 x the number of teams taking part").
    # Our reading: a bonus of 1.5 bp per participating team to each player of the
    # winning team, on top of the match points (32 a win, 16 a draw), rounded up, for
    # players who played a third of the team's halves (the B2 bonus rule, which B4
    # follows: "enligt samma metod som i tabell B2", 001:1047-1049).  Why:
    # * the sentence comes after "Poängen ackumuleras tills tävlingen är
    #   färdigspelad", which already settles the match points, so it adds to them
    #   rather than replacing them (replacing would cut a 16-team cup winner's 32 bp
    #   per player, 4 wins x 32/4, to 24);
    # * elsewhere the same phrase sets a figure per player (B1 "3 per spelare för varje
    #   deltagande lag", E1 "varje spelare i laget erhåller dessa");
    # * it is not a place scale like D's or F's "Segrarens poäng blir ...": nothing
    #   derives 2nd place and below from it, and B2/B3 have a bonus table while B4 has
    #   only this sentence.
    # 7 teams: 10.5 -> 11 bp each to the winners; T1 also won 2 matches at 32/4 = 8 each.
    matches = (TeamMatch("T1", W, FULL), TeamMatch("T1", W, FULL))
    result = award(teams(7), "sbf", SbfSeries("B4", matches, boards=16))
    assert ("a", "bp", "16") in got(result)
    bonus = [a for a in result if "B4 winners" in a.reason]
    assert [(a.member, str(a.points)) for a in bonus] == [
        ("a", "11"), ("b", "11"), ("c", "11"), ("d", "11"),
    ]  # fmt: skip


def test_e5_g1_g3_bonuses() -> None:
    # E5 division 3 (001:1665-1677): 32 sp a match; winners 2 gp, runners-up 1 gp each
    # if they played a third of the halves
    matches = (TeamMatch("T1", W, FULL), TeamMatch("T2", W, {"2w": 2, "2x": 2, "2y": 2}))
    e5 = got(award(teams(6), "sbf", SbfSeries("E5", matches, division=3)))
    assert ("a", "sp", "8") in e5 and ("a", "gp", "2") in e5
    assert ("2w", "gp", "1") in e5 and ("2z", "gp", "1") not in e5
    assert ("e", "gp", "2") not in e5  # the reserve did not play
    # division 4 follows E2 without bonus: no gold
    assert all(c != "gp" for _, c, _ in got(award(teams(6), "sbf", SbfSeries("E5", matches))))
    # G1 (001:1802-1818): 12 gp a won 20-board match, bonus 28 / 20 / 14
    g1 = got(award(teams(6), "sbf", SbfSeries("G1", matches, boards=20)))
    assert ("a", "gp", "3") in g1 and ("a", "gp", "28") in g1 and ("2w", "gp", "20") in g1
    # G3 Elitserien (001:1858-1863): 12 gp a match, winners +20 % of their own points:
    # 5 wins x 12/4 = 15 gp -> 3 gp
    five = tuple(TeamMatch("T1", W, FULL) for _ in range(5))
    g3 = got(award(teams(8), "sbf", SbfSeries("G3", five)))
    assert ("a", "gp", "15") in g3 and ("a", "gp", "3") in g3


def test_series_errors() -> None:
    with pytest.raises(MasterpointError, match="place 2 is shared"):
        tied = Ranking(
            (Placing("T1", ("a",), 1), Placing("T2", ("b",), 2), Placing("T3", ("c",), 2))
        )
        award(tied, "sbf", SbfSeries("B2", ()))
    with pytest.raises(MasterpointError, match="q is not a player of team T1"):
        award(teams(4), "sbf", SbfSeries("B2", (TeamMatch("T1", W, {"q": 2}),)))
    with pytest.raises(MasterpointError, match="team T9 is not in the ranking"):
        award(teams(4), "sbf", SbfSeries("B2", (TeamMatch("T9", W, FULL),)))
    with pytest.raises(MasterpointError, match="walkover or a conceded match"):
        TeamMatch("T1", W, walkover=True, conceded=True)
    with pytest.raises(MasterpointError, match="halves played must be"):
        award(teams(4), "sbf", SbfSeries("B2", (TeamMatch("T1", W, {"a": 3}),)))


def test_cli_series_from_ranking_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    import json

    from bridgedesk.cli import main

    doc = {
        "placings": [
            {"competitor": "T1", "players": ["a", "b", "c", "d"], "place": 1},
            {"competitor": "T2", "players": ["w", "x", "y", "z"], "place": 2},
            {"competitor": "T3", "players": ["p", "q", "r", "s"], "place": 3},
            {"competitor": "T4", "players": ["k", "l", "m", "n"], "place": 4},
        ],
        "matches": [
            {"team": "T1", "result": "won", "halves": {"a": 2, "b": 2, "c": 2, "d": 2}},
            {"team": "T2", "result": "won", "walkover": True},
        ],
    }
    path = tmp_path / "series.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code = main(["masterpoints", "award", str(path), "--rules", "sbf", "--table", "B2",
                 "--json"])  # fmt: skip
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    rows = [(a["member"], a["points"]) for a in json.loads(out)]
    # 64/4 = 16 match points and the 4-team winners' bonus 30 (001:963); T2's walkover
    # win pays nothing and T2 played no halves, so no bonus either
    assert rows[:2] == [("a", "16"), ("a", "30")] and not [r for r in rows if r[0] == "w"]
    doc["matches"] = [{"team": "T1", "result": "victory"}]
    path.write_text(json.dumps(doc), encoding="utf-8")
    code = main(["masterpoints", "award", str(path), "--rules", "sbf", "--table", "B2"])
    _, err = capsys.readouterr()
    assert code == 2 and "match 1: result must be won, drawn or lost" in err


def test_interrupted_e3_match_and_abandoned_silver_event() -> None:
    from fractions import Fraction

    from bridgedesk.masterpoints.award import SbfEvent

    # 001:1463-1465: E3, half scale if at least half the match was played.  24 boards,
    # division 1 of 2 (offset 0): a win is 24 sp, half scale 12 -> 3 each for a full
    # match; under half played: nothing.
    half = TeamMatch("T1", W, FULL, interrupted=Fraction(1, 2))
    little = TeamMatch("T1", W, FULL, interrupted=Fraction(1, 3))
    e3 = SbfSeries("E3", (half, little), boards=24, division=1, divisions=2)
    result = award(teams(4), "sbf", e3)
    assert ("a", "sp", "3") in got(result)
    assert "half scale" in result[0].reason and "nothing" in result[0].reason
    with pytest.raises(MasterpointError, match="only table E3"):
        award(teams(4), "sbf", SbfSeries("E2", (half,), boards=24))
    # 001:520-522: a silver event stopped on purpose before all boards pays nothing;
    # a bronze one is not covered by the rule
    pairs = Ranking(tuple(Placing(str(i), (f"{i}a", f"{i}b"), i) for i in range(1, 17)))
    assert award(pairs, "sbf", SbfEvent("D", abandoned=True)) == ()
    assert award(pairs, "sbf", SbfEvent("A", abandoned=True))


def test_g2a_junior_final_converts_the_top_teams_sp_to_gold() -> None:
    # 001:1820-1832: the junior SM team final plays for sp per match by table E2 (1 sp
    # per board of a won match, half a draw, split by halves: 8 seat-halves a match);
    # at the end the top 2 (6-8 teams), 3 (9-12) or 4 (13+) teams' players get gold per
    # player instead (6-8 teams: 7-4 gp), the others keep the sp they played in.
    # 7 teams, 20-board matches:
    # T1 won two: a b c d full in both -> 40/8 x 2 = 10 sp each, converted to 7 gp;
    #    e never played -> nothing.
    # T2 won one, drew one, 2w 2x 2y full, 2z one half of each: 20/8 = 2.5 a half,
    #    1.25 a drawn half: 2w 2x 2y 5 + 2.5 = 7.5 sp -> 4 gp, 2z 2.5 + 1.25 -> 4 gp
    #    (one half played is enough for a share, 001:945).
    # T3 won one 20-board match, full: 5 sp each, kept as sp.
    full2 = {"2w": 2, "2x": 2, "2y": 2, "2z": 1}
    matches = (
        TeamMatch("T1", W, FULL),
        TeamMatch("T1", W, FULL),
        TeamMatch("T2", W, full2),
        TeamMatch("T2", D, full2),
        TeamMatch("T3", W, {"3w": 2, "3x": 2, "3y": 2, "3z": 2}),
    )
    result = award(teams(7), "sbf", SbfSeries("G2a", matches, boards=20))
    assert got(result) == [
        ("a", "gp", "7"), ("b", "gp", "7"), ("c", "gp", "7"), ("d", "gp", "7"),
        ("2w", "gp", "4"), ("2x", "gp", "4"), ("2y", "gp", "4"), ("2z", "gp", "4"),
        ("3w", "sp", "5"), ("3x", "sp", "5"), ("3y", "sp", "5"), ("3z", "sp", "5"),
    ]  # fmt: skip
    assert "instead of the 10 sp" in result[0].reason
    # 9 teams: a third team converts too (7-5-3 gp)
    nine = award(teams(9), "sbf", SbfSeries("G2a", matches, boards=20))
    assert ("3w", "gp", "3") in got(nine) and ("2w", "gp", "5") in got(nine)
    with pytest.raises(MasterpointError, match="starts at 6 teams"):
        award(teams(5), "sbf", SbfSeries("G2a", matches, boards=20))


def test_series_bonuses_give_no_ranking_points() -> None:
    # 001:563-564: "Bonus i Allsvenskan, SM- eller DM-finaler ger ej rankingpoäng":
    # the G1 bonus awards are marked "bonus", the match points are not.
    matches = (TeamMatch("T1", W, FULL), TeamMatch("T2", L, {"2w": 2, "2x": 2, "2y": 2, "2z": 2}))
    result = award(teams(4), "sbf", SbfSeries("G1", matches, boards=20))
    marks = [(a.member, a.reason.split(",")[0], a.ranking) for a in result if a.member == "a"]
    assert marks == [("a", "SBF table G1 match points", ""), ("a", "SBF G1 bonus", "bonus")]


def test_allsvenskan_division_3_gold_counts_as_silver_for_the_ranking() -> None:
    # 001:565-567 "Guldpoäng i Allsvenskan division 3 ger endast rankingpoäng motsvarande
    # erhållna silverpoäng": the division's only gp are its bonus (001:1672-1677), so
    # this rule, not the general "Bonus i Allsvenskan ... ger ej rankingpoäng" (001:563),
    # decides them: 2 gp = 20 sp -> 20 ranking points (not 0, not 30)
    from datetime import date
    from fractions import Fraction

    from bridgedesk.masterpoints.sbf.rules import (
        RankingAward,
        RankingKind,
        ranking_kind,
        ranking_points,
    )
    from bridgedesk.masterpoints.sbf.units import Denomination

    matches = (TeamMatch("T1", W, FULL),)
    result = award(teams(4), "sbf", SbfSeries("E5", matches, division=3))
    bonus = [a for a in result if a.member == "a" and a.colour == "gp"]
    assert [(str(a.points), a.ranking) for a in bonus] == [("2", "allsvenskan-div3")]
    kind = ranking_kind(bonus[0].ranking)
    assert kind is RankingKind.ALLSVENSKAN_DIV3
    day = date(2015, 1, 1)
    assert ranking_points([RankingAward(day, Fraction(2), Denomination.GOLD, kind)], day) == 20
