"""From a scored PBN event to masterpoints, both federations (the engine's ranking,
members from the PBN TotalScoreTable or a players file).

``data/mitchell4.pbn``: 4 tables, 2 boards, NS 1-4 and EW 5-8.  Matchpoints by hand
(1 per opponent beaten, top 3 a board):
board 1 NS 420 450 -50 170 -> pairs 1:2 2:3 3:0 4:1, EW 5:1 6:0 7:3 8:2;
board 2 NS 600 -100 630 150 (pairs 1 2 3 4 against 6 5 8 7) -> 1:2 2:0 3:3 4:1,
EW 6:1 5:3 8:0 7:2.
NS totals 4, 3, 3, 2 (1st, 2nd=, 2nd=, 4th); EW 7:5, 5:4, 8:2, 6:1.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from bridgedesk.cli import main
from bridgedesk.formats import pbn_scores
from bridgedesk.masterpoints.award import ClubGame, SbfEvent
from bridgedesk.masterpoints.jcbl.club import ClubEvent, ClubRating, EventKind
from bridgedesk.masterpoints.jcbl.weekly import GameKind, WeeklyGame
from bridgedesk.masterpoints.scored import award_scored, ranking_from_sessions, session_scores
from bridgedesk.scoring.session import Method, score_session

PBN = Path(__file__).parent / "data" / "mitchell4.pbn"
PLAYERS = {str(i): (f"10{i}01", f"10{i}02") for i in range(1, 9)}


def scored(method: Method = Method.MP):  # type: ignore[no-untyped-def]
    inp = pbn_scores.load(PBN)
    return score_session(inp.boards, method=method, winners=inp.check())


def points(awards, session: int | None = None) -> dict[str, str]:  # type: ignore[no-untyped-def]
    return {
        f"{a.member}/{a.colour}": str(a.points)
        for a in awards
        if a.session == session and a.member.endswith("01")
    }


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["masterpoints", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_ranking_and_session_scores_from_the_engine() -> None:
    result = scored()
    ranking = ranking_from_sessions([result], PLAYERS)
    assert ranking.fields() == ("EW", "NS")
    assert [(p.competitor, p.place) for p in ranking.in_field("NS")] == [
        ("1", 1), ("2", 2), ("3", 2), ("4", 4),
    ]  # fmt: skip
    s = session_scores(result, 1)
    # B = 2, T = 4 (Sc 3), Av = 2*3/2 = 3; V = percentage x B x Sc: pair 7 83.33 % -> 5
    assert (s.boards, s.tables, s.average, s.scoring) == (2, 4, 3, Method.MP)
    assert {(x.field, x.competitor): x.score for x in s.scores}[("EW", "7")] == 5


def test_sbf_bronze_from_pbn() -> None:
    # A1 of 4 pairs in each field (two-winner Mitchell = two events, 001:674-676): 8, 6.
    # NS 2= and 3= share places 2-3: (6 + nothing)/2 = 3, a shared last place -> 4.
    awards = award_scored([scored()], PLAYERS, "sbf", SbfEvent("A"))
    assert points(awards) == {
        "10701/bp": "8", "10501/bp": "6", "10101/bp": "8", "10201/bp": "4", "10301/bp": "4",
    }  # fmt: skip


def test_jcbl_weekly_from_pbn() -> None:
    # class 3, 4 pairs per field: 3*4/100 = 0.12 then x0.7 = 0.084, 35 % of 4 -> 2 places;
    # NS 2= / 2= average 0.084 and an unpaid 3rd 0.0588 -> 0.0714 -> 0.07 (000:505-507)
    awards = award_scored([scored()], PLAYERS, "jcbl", WeeklyGame(3, GameKind.PAIRS))
    assert points(awards) == {
        "10701/black": "0.12", "10501/black": "0.08", "10101/black": "0.12",
        "10201/black": "0.07", "10301/black": "0.07",
    }  # fmt: skip


def test_jcbl_ccg_two_sessions_overall_and_session_awards() -> None:
    # the same session played twice (totals double, ranks unchanged); CCG class 2
    # (L1 12) pairs, T = 4, S = 2: overall 1*1*(12/16)*(4+0.2*4*2)/5 = 0.84 -> 20 % red
    # 0.168 -> 0.17, 80 % black 0.672 -> 0.67; NS 2= / 2=: (0.7+0.5)/2 x 0.84 = 0.504
    # -> red 0.1008 -> 0.10, black 0.4032 -> 0.40; EW pair 5 alone 2nd: 0.7 x 0.84 = 0.588
    # -> red 0.1176 -> 0.12, black 0.4704 -> 0.47.
    # Session awards 3*1*(12/16)/5 * 2/24 = 0.0375 x V/M: pair 1 V 4, Av 3:
    # 3*1/(2*3)+0.3 = 0.8 -> 0.03; pairs 2, 3 at the average: 0.3 -> 0.01125 -> 0.01;
    # pair 7 V 5: 1.3 -> 1 -> 0.0375 -> 0.04; pair 5 0.03; pairs 4, 8, 6 below: nothing.
    event = ClubEvent(EventKind.PAIRS, ClubRating.CCG, 4, 2, 4, (12,))
    result = scored()
    awards = award_scored([result, result], PLAYERS, "jcbl", ClubGame(event))
    assert points(awards) == {
        "10701/red": "0.17", "10701/black": "0.67", "10501/red": "0.12", "10501/black": "0.47",
        "10101/red": "0.17", "10101/black": "0.67", "10201/red": "0.10", "10201/black": "0.40",
        "10301/red": "0.10", "10301/black": "0.40",
    }  # fmt: skip
    each = {
        "10701/black": "0.04", "10501/black": "0.03", "10101/black": "0.03",
        "10201/black": "0.01", "10301/black": "0.01",
    }  # fmt: skip
    assert points(awards, 1) == each
    assert points(awards, 2) == each


def test_cross_imp_session_scores() -> None:
    # cross-IMP totals keep their own scale: Av = 0 (a cross-IMP field sums to 0), Sl = 10
    s = session_scores(scored(Method.XIMP), 1)
    assert s.scoring is Method.XIMP and s.average == 0
    assert sum((x.score for x in s.scores if x.field == "NS"), Fraction(0)) == 0


def test_cli_award_pbn_members_from_total_score_table(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "award", str(PBN), "--rules", "sbf", "--json")
    assert (code, err) == (0, "")
    got = {(a["member"], a["points"]) for a in json.loads(out)}
    assert ("10701", "8") in got and ("10302", "4") in got and len(got) == 10
    code, out, _ = run(capsys, "award", str(PBN), "--rules", "jcbl", "--class", "3")
    assert code == 0
    assert "0.12" in out.splitlines()[0]


def test_cli_award_two_sessions_ccg(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "award", str(PBN), str(PBN), "--rules", "jcbl", "--rating", "ccg",
        "--limit", "12", "--json",
    )  # fmt: skip
    assert (code, err) == (0, "")
    rows = [(a["member"], a["colour"], a["points"], a["session"]) for a in json.loads(out)]
    assert ("10101", "red", "0.17", None) in rows
    assert ("10101", "black", "0.03", 1) in rows and ("10101", "black", "0.03", 2) in rows


def test_cli_sbf_bronze_is_per_session(capsys: pytest.CaptureFixture[str]) -> None:
    # 001:685-686: bronze pair points are always paid on each session's own results
    code, out, _ = run(capsys, "award", str(PBN), str(PBN), "--rules", "sbf", "--json")
    assert code == 0
    mine = [(a["session"], a["points"]) for a in json.loads(out) if a["member"] == "10101"]
    assert mine == [(1, "8"), (2, "8")]


def test_cli_players_file_with_flights(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # flights A (pairs 1, 2, 5, 7) and B (3, 4, 6, 8): in NS flight B ranks 3 (3 MP) 1st,
    # 4 2nd; A1 needs 4 pairs, so table A cannot pay B's 2-pair NS stratum -> error;
    # JCBL weekly pays B's own winner: class 1, 2 competitors: 0.02 (1*2/100).
    players = tmp_path / "players.csv"
    lines = ["pair,members,flight"] + [
        f"{i},{i}x;{i}y,{'A' if i in (1, 2, 5, 7) else 'B'}" for i in range(1, 9)
    ]
    players.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = run(
        capsys, "award", str(PBN), "--rules", "jcbl", "--class", "1", "--players", str(players),
        "--json",
    )  # fmt: skip
    assert (code, err) == (0, "")
    rows = {(a["member"], a["flight"], a["place"], a["points"]) for a in json.loads(out)}
    # pair 3 is 2nd= of all four NS pairs (A: 1*4/100 x (0.7+0.49)/2 = 0.0238 -> 0.02) and
    # 1st of B's two (0.02): equal, the first stratum found is kept
    assert ("3x", "A", 2, "0.02") in rows
    assert ("1x", "A", 1, "0.04") in rows
    code, _, err = run(capsys, "award", str(PBN), "--rules", "sbf", "--players", str(players))
    assert code == 2 and "flight B: table A1 is defined for 4-32 pairs, got 2" in err


def test_cli_players_file_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("pair,members\n1,a;b\n2,\n", encoding="utf-8")
    code, _, err = run(capsys, "award", str(PBN), "--rules", "sbf", "--players", str(bad))
    assert code == 2 and f"{bad}:3" in err and "pair 2: no member numbers" in err
    short = tmp_path / "short.csv"
    short.write_text("pair,members\n1,a;b\n", encoding="utf-8")
    code, _, err = run(capsys, "award", str(PBN), "--rules", "sbf", "--players", str(short))
    assert code == 2 and "no member numbers given" in err
    nomembers = tmp_path / "plain.pbn"
    text = PBN.read_text(encoding="utf-8")
    nomembers.write_text(text.replace("MemberID", "Member"), encoding="utf-8")
    code, _, err = run(capsys, "award", str(nomembers), "--rules", "sbf")
    assert code == 2 and "give --players FILE" in err


def test_cli_award_records_into_the_ledger_then_statement_and_ranks(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # the office's loop: award a scored event into the ledger, print the month's
    # statements (every member with points in the month), see who changed rank
    ledger = tmp_path / "ledger.csv"
    code, _, err = run(
        capsys, "award", str(PBN), str(PBN), "--rules", "jcbl", "--rating", "ccg",
        "--limit", "12", "--record", str(ledger), "--event", "CCG pairs", "--date", "2003-11-22",
    )  # fmt: skip
    assert code == 0 and f"recorded 40 awards in {ledger} (10 new member numbers)" in err
    # 10101: overall 0.17 red + 0.67 black, session 1 and 2 0.03 black each
    code, out, _ = run(
        capsys, "statement", "--period", "2003-11", "--ledger", str(ledger), "--json"
    )
    statements = {s["member"]: s for s in json.loads(out)}
    assert sorted(statements) == sorted(
        f"10{i}0{k}" for i in (1, 2, 3, 5, 7) for k in (1, 2)
    )  # pairs 4, 6, 8 earned nothing
    mine = statements["10101"]
    assert [(e["event"], e["rp"], e["mp"]) for e in mine["events"]] == [
        ("CCG pairs", "0.17", "0.84"),
        ("CCG pairs (session 1)", "0.00", "0.03"),
        ("CCG pairs (session 2)", "0.00", "0.03"),
    ]
    assert mine["totals"] == {"rp": "0.17", "mp": "0.90"}
    assert mine["rank"] is None  # Junior Master from 1 MP (000:90)
    code, out, _ = run(capsys, "statement", "--period", "2003-11", "--ledger", str(ledger))
    assert out.count("締切日\t2003/11/30") == 10
    # a second event in December brings 10101 to 1 MP: Junior Master (000:90)
    past = tmp_path / "past.csv"
    past.write_text(
        "member,date,event,rules,version,points,colour\n"
        "10101,2003-12-06,weekly,jcbl,2007,0.10,black\n",
        encoding="utf-8",
    )
    assert run(capsys, "import", str(past), "--ledger", str(ledger))[0] == 0
    code, out, _ = run(capsys, "ranks", "--ledger", str(ledger), "--since", "2003-11-30", "--json")
    assert json.loads(out) == [
        {"member": "10101", "name": "", "rp": "0.17", "mp": "1.00", "rank": "Junior Master",
         "previous": None},
    ]  # fmt: skip
    code, out, _ = run(capsys, "ranks", "--ledger", str(ledger))
    assert out.splitlines()[0] == "member\tname\trp\tmp\trank"
    code, _, err = run(capsys, "award", str(PBN), "--rules", "sbf", "--record", str(ledger))
    assert code == 2 and "--record needs --event NAME and --date YYYY-MM-DD" in err


def test_cli_import_errors_name_file_and_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    past = tmp_path / "past.csv"
    past.write_text(
        "member,date,event,rules,version,points,colour\n"
        "1,2003-12-06,weekly,jcbl,2007,0.10,black\n"
        "2,2003-12-32,weekly,jcbl,2007,0.10,black\n",
        encoding="utf-8",
    )
    code, _, err = run(capsys, "import", str(past), "--ledger", str(tmp_path / "l.csv"))
    assert code == 2 and f"{past}:3" in err and "date must be YYYY-MM-DD" in err
    past.write_text(
        "member,date,event,rules,version,points,colour\n1,2003-12-06,w,jcbl,2007,0.1,gold\n",
        encoding="utf-8",
    )
    code, _, err = run(capsys, "import", str(past), "--ledger", str(tmp_path / "l.csv"))
    assert code == 2 and f"{past}:2" in err and "red or black" in err
    assert not (tmp_path / "l.csv").exists()  # nothing written when rejected


def test_cli_table_h1_and_simultaneous(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "table", "sbf", "H1", "--pairs", "54", "--json")
    assert code == 0 and json.loads(out)["bp"] == [21, 18, 15, 12, 12]
    code, out, _ = run(capsys, "table", "sbf", "A", "--pairs", "200", "--simultaneous", "--json")
    assert json.loads(out)["awards"][:3] == [400, 267, 200]


def test_cap_on_a_scored_event() -> None:
    # the same PBN declared a 1-session CCG of 60 tables (no limits): overall
    # (4+0.2*60)/5 = 3.20 > the CCG cap 2.50 (000:477-488): 1st 2.50, the rest by N
    # from it: EW 2nd 0.7 x 2.50 = 1.75, NS 2= / 2= (0.7+0.5)/2 x 2.50 = 1.50; all black
    # (one session).  Session awards: 3/5 x 2/24 = 0.05 x V/M: pair 7 V/M 1 -> 0.05,
    # pair 1 0.8 -> 0.04; pair 5 (V 4) 0.8 -> 0.04; pairs 2, 3 0.3 -> 0.015 -> 0.02.
    event = ClubEvent(EventKind.PAIRS, ClubRating.CCG, 60, 1, 4)
    awards = award_scored([scored()], PLAYERS, "jcbl", ClubGame(event))
    assert points(awards) == {
        "10701/black": "2.50", "10501/black": "1.75", "10101/black": "2.50",
        "10201/black": "1.50", "10301/black": "1.50",
    }  # fmt: skip
    assert "capped at 2.50" in next(a.reason for a in awards if a.member == "10701")
    assert points(awards, 1) == {
        "10701/black": "0.05", "10501/black": "0.04", "10101/black": "0.04",
        "10201/black": "0.02", "10301/black": "0.02",
    }  # fmt: skip


def test_team_round_robin_to_jcbl_weekly() -> None:
    # 4 teams, 8-board matches on a 20-VP scale (M = 20), 4 players each:
    # A-B 15-5, A-C 10-10, A-D 4-16, B-C 12-8, B-D 20-0, C-D 11-9
    # totals B 37, A 29, C 29, D 25 -> B 1, A 2=, C 2=, D 4;
    # V (won matches, draws included, 000:208): A 15+10 = 25, B 32, C 10+11 = 21, D 16.
    from bridgedesk.masterpoints.award import award
    from bridgedesk.masterpoints.scored import ranking_from_matches

    matches = [
        ("A", "B", 15, 5), ("A", "C", 10, 10), ("A", "D", 4, 16),
        ("B", "C", 12, 8), ("B", "D", 20, 0), ("C", "D", 11, 9),
    ]  # fmt: skip
    members = {t: tuple(f"{t}{k}" for k in range(4)) for t in "ABCD"}
    ranking = ranking_from_matches(matches, members)
    assert [(p.competitor, p.place, p.won_vp) for p in ranking.placings] == [
        ("B", 1, 32), ("A", 2, 25), ("C", 2, 21), ("D", 4, 16),
    ]  # fmt: skip
    # class 3 teams: ① 3*4*2/100 = 0.24, 35 % of 4 = 2 places, A and C tie for 2-3:
    # (0.168 + 0.1176)/2 = 0.1428 -> 0.14; ② = 3*8*V/(100*20*4) = 0.003 V: B 0.096,
    # A 0.075, C 0.063, D 0.048.  ② has no place in it, so D, 4th and outside the 35 %
    # of ① (000:491), still gets its ② 0.048 -> 0.05.
    game = WeeklyGame(3, GameKind.TEAMS, boards=8, max_vp=Fraction(20))
    got = {a.member: str(a.points) for a in award(ranking, "jcbl", game)}
    assert (got["B0"], got["A1"], got["C2"], got["D3"]) == ("0.24", "0.14", "0.14", "0.05")
    d = next(a for a in award(ranking, "jcbl", game) if a.member == "D0")
    assert "K*B*V/(100*M*Pm)" in d.reason and d.place == 4


def test_cli_award_json_travellers_with_players_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # one board, one field of 8 pairs (a Howell: pair numbers in both directions are
    # one field): NS 1 +420, 3 +450, 5 -50, 7 +170 against EW 2, 4, 6, 8.  Matchpoints
    # NS 3:3 1:2 7:1 5:0, EW the reverse: 6:3 8:2 2:1 4:0 - one field of 8 with
    # 3 and 6 tied 1st=, 1 and 8 3rd=, ...  JCBL weekly class 1: 1*8/100 = 0.08, 35 % of
    # 8 = 3 places; 1st= averages 0.08 and 0.056 -> 0.068 -> 0.07 (000:505).
    travellers = {
        "format": "bridgedesk-travellers", "version": 1, "winners": 1,
        "boards": [{"board": 1, "results": [
            {"ns": "1", "ew": "2", "score_ns": 420}, {"ns": "3", "ew": "4", "score_ns": 450},
            {"ns": "5", "ew": "6", "score_ns": -50}, {"ns": "7", "ew": "8", "score_ns": 170},
        ]}],
    }  # fmt: skip
    path = tmp_path / "session.json"
    path.write_text(json.dumps(travellers), encoding="utf-8")
    players = tmp_path / "players.json"
    players.write_text(
        json.dumps({str(i): {"members": [f"m{i}a", f"m{i}b"]} for i in range(1, 9)}),
        encoding="utf-8",
    )
    code, out, err = run(
        capsys, "award", str(path), "--rules", "jcbl", "--class", "1", "--players",
        str(players), "--json",
    )  # fmt: skip
    assert (code, err) == (0, "")
    got = {a["member"]: (a["place"], a["points"]) for a in json.loads(out)}
    assert got["m3a"] == (1, "0.07") and got["m6b"] == (1, "0.07")
    # 3rd= (pairs 1 and 8, 2 MP each): 3rd 0.0392 and 4th 0.02744 -> 0.03332 -> 0.03
    assert got["m1a"] == (3, "0.03") and got["m8a"] == (3, "0.03")
    assert "m7a" not in got


def test_cli_fmp_certificates_for_a_weekly_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "award", str(PBN), "--rules", "jcbl", "--class", "3", "--certificates",
        "--club", "Bears Club", "--date", "2007-04-01", "--movement", "Mitchell",
    )  # fmt: skip
    assert (code, err) == (0, "")
    cards = out.split("\n\n")
    assert len(cards) == 10  # both players of NS 1, 2=, 2= and EW 7, 5
    assert cards[0].splitlines() == [
        "Date 2007.4.1", "Tables 4 Rank 1",
        "Rating  [Weekly]  Series Movement  Howell  [Mitchell]  Team  Individual",
        "10701様", "Club Bears Club", "0.12", "クラス3 水色  有効期限 2008.4.1",
    ]  # fmt: skip
    code, _, err = run(capsys, "award", str(PBN), "--rules", "jcbl", "--class", "3",
                       "--certificates")  # fmt: skip
    assert code == 2 and "--certificates needs --club NAME" in err
    code, _, err = run(capsys, "award", str(PBN), "--rules", "sbf", "--certificates")
    assert code == 2 and "FMP certificates of JCBL weekly games" in err
