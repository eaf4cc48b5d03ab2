"""The scored team event through the team results file: the seed's worked examples,
generated round robins and board-a-match events, the standings and the tie-break."""

from __future__ import annotations

import contextlib
import io
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from bridgedesk.bridge import Seat, board_vulnerability, imps, score_ns
from bridgedesk.bridge.contract import ALL_CONTRACTS
from bridgedesk.bridge.methods import Adjustment, Method
from bridgedesk.cli import main
from bridgedesk.errors import BridgedeskError
from bridgedesk.formats import team_matches_csv, team_results_json, team_standings_csv
from bridgedesk.results.model import EventHeading
from bridgedesk.results.teams import (
    BoardRooms,
    MatchPlay,
    RoomScore,
    TeamEntry,
    TeamEventPlay,
    score_team_event,
)
from bridgedesk.scoring.teams import MatchEntry, TeamBoard, round_robin
from tests.results.team_files import awl_bam_file, round_robin_file


def run(*args: str | Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(a) for a in args])
    return code, out.getvalue(), err.getvalue()


def write(tmp_path: Path, data: dict[str, Any], name: str = "teams.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def _rooms(*rooms: tuple[str, str, str]) -> list[dict[str, str]]:
    return [{"contract": c, "declarer": d, "result": r} for c, d, r in rooms]


# -- 004:1660-1668: the comparison of team A's two score sheets ---------------------------

#: (board, open room as A's NS sheet, closed room as A's EW sheet), 004:1646-1660.
SEED_COMPARISON = [
    (1, ("3NT", "E", "-1"), ("4SX", "E", "-2")),
    (2, ("2S", "S", "="), ("3S", "S", "-1")),
    (3, ("4S", "N", "+1"), ("4H", "N", "=")),
    (4, ("4H", "E", "="), ("4H", "E", "=")),
]


def test_comparison_of_the_seed_as_printed() -> None:
    """004:1662-1666: -250 -> -6, +160 -> +4, +30 -> +1, 0 -> 0, on the printed scores."""
    printed = [(1, 50, 300), (2, 110, -50), (3, 450, 420), (4, -620, -620)]
    play = TeamEventPlay(
        EventHeading("seed"),
        (TeamEntry(1, "A"), TeamEntry(2, "B")),
        (
            MatchPlay(
                1, 1, 2, tuple(BoardRooms(b, RoomScore(o), RoomScore(c)) for b, o, c in printed)
            ),
        ),
        scoring=Method.TEAM_IMPS,
    )
    match = score_team_event(play).matches[0]
    assert [b.net for b in match.boards] == [-250, 160, 30, 0]
    assert [b.imps for b in match.boards] == [(-6, 6), (4, -4), (1, -1), (0, 0)]
    assert match.imps == (5, 6)  # A won 4 + 1, B won 6 (004:1686: B's are A's negated)


def test_comparison_through_the_file_names_the_seeds_typo(tmp_path: Path) -> None:
    """From the contracts the reader computes every score.  Board 2 is N-S vulnerable
    (004:1648), so 3S by S one down is -100 for NS, not the sheet's "Plus 50" for EW
    (004:1657): the formula governs and board 2 is +210 -> +5, not +160 -> +4."""
    data = {
        "scoring": "imp",
        "teams": [{"team": 1, "name": "A"}, {"team": 2, "name": "B"}],
        "rounds": [
            {
                "matches": [
                    {
                        "home": 1,
                        "away": 2,
                        "boards": [
                            {"board": b, "open": _rooms(o)[0], "closed": _rooms(c)[0]}
                            for b, o, c in SEED_COMPARISON
                        ],
                    }
                ]
            }
        ],
    }
    code, out, err = run("teams", "score", write(tmp_path, data), "--format", "json")
    assert code == 0, err
    result = json.loads(out)
    boards = result["matches"][0]["boards"]
    assert [(b["open_ns"], b["closed_ns"]) for b in boards] == [
        (50, 300),
        (110, -100),
        (450, 420),
        (-620, -620),
    ]
    assert [b["imps"] for b in boards] == [[-6, 6], [5, -5], [1, -1], [0, 0]]
    assert boards[0]["open"] == {"contract": "3NT", "declarer": "E", "result": "-1"}
    assert result["matches"][0]["imps"] == [6, 6]


# -- 004:1817-1872: the B-a-M + VP report of team 3 v team 1 ----------------------------


def bam_seed() -> dict[str, Any]:
    """Boards 3 and 4 as the travellers print them (004:1839-1857); team 3 is at home,
    so the open room is NS 3 v EW 1 and the closed room NS 1 v EW 3."""
    return {
        "scoring": "bam-vp",
        "form": "awl",
        "teams": [{"team": 1}, {"team": 3}],
        "rounds": [
            {
                "round": 1,
                "matches": [
                    {
                        "home": 3,
                        "away": 1,
                        "boards": [
                            {
                                "board": 3,
                                "open": {"contract": "2S", "declarer": "N", "result": "="},
                                "closed": {
                                    "contract": "3S",
                                    "declarer": "N",
                                    "result": "-2",
                                    "score": -100,
                                },
                            },
                            {
                                "board": 4,
                                "open": {"contract": "3S", "declarer": "N", "result": "="},
                                "closed": {
                                    "contract": "3NT",
                                    "declarer": "S",
                                    "result": "=",
                                    "score": 600,
                                },
                            },
                        ],
                    }
                ],
            }
        ],
    }


def test_bam_vp_example_of_the_seed(tmp_path: Path) -> None:
    """Team 3 wins board 3 by 210, team 1 board 4 by 460: 2 B-a-M points each; the
    net 250 for team 1 is 5-1 on the 2-board table; grand total 3 to 7 (004:1829-1831)."""
    code, out, err = run("teams", "score", write(tmp_path, bam_seed()), "--format", "json")
    assert code == 0, err
    m = json.loads(out)["matches"][0]
    assert [b["open_ns"] - b["closed_ns"] for b in m["boards"]] == [210, -460]
    assert [b["bam"] for b in m["boards"]] == [[2, 0], [0, 2]]
    assert m["bam"] == [2, 2]
    assert m["net_points"] == -250
    assert m["bam_vp"] == [1, 5]
    assert m["points"] == [3, 7]
    standings = json.loads(out)["standings"]
    assert [(s["team"], s["vp"], s["rank"]) for s in standings] == [(1, 7, "1"), (3, 3, "2")]


# -- 004:1754-1760: the round-robin cross-table ------------------------------------------

#: The seed's cross-table: row team's VPs against each column team (004:1754-1760).
SEED_CROSS = {
    1: {2: 19, 3: 0, 4: 8, 5: 7, 6: 20},
    2: {1: 1, 3: 10, 4: 18, 5: 15, 6: 0},
    3: {1: 20, 2: 10, 4: 4, 5: 6, 6: 17},
    4: {1: 12, 2: 2, 3: 16, 5: 7, 6: 4},
    5: {1: 13, 2: 5, 3: 14, 4: 13, 6: 11},
    6: {1: 0, 2: 20, 3: 3, 4: 16, 5: 9},
}
SEED_TOTALS = {1: (54, "3"), 2: (44, "5"), 3: (57, "1"), 4: (41, "6"), 5: (56, "2"), 6: (48, "4")}


def _scores(board: int) -> list[int]:
    vul = board_vulnerability(board)
    found = {0}
    for contract in ALL_CONTRACTS:
        if contract.is_pass:
            continue
        for seat in (Seat.N, Seat.E):
            for tricks in range(14):
                found.add(score_ns(contract, seat, tricks, vul))
    return sorted(found)


def _rooms_for(margin: int, board: int) -> tuple[int, int]:
    """Two real scores on ``board`` whose difference is worth ``margin`` IMPs."""
    for a in _scores(board):
        for b in _scores(board):
            if imps(a - b) == margin:
                return a, b
    raise AssertionError(margin)


def test_cross_table_of_the_seed(tmp_path: Path) -> None:
    """A 20-0 scale of one VP per IMP (a scale file) turns each match's IMP margin
    into the seed's VPs; the cross-table, totals and ranks are the seed's."""
    scale = {
        "format": "bridgedesk-vp-scale",
        "version": 1,
        "name": "one-per-imp",
        "tables": [{"boards": {"min": 1}, "steps": [[m, 10 + m, 10 - m] for m in range(11)]}],
    }
    scale_path = write(tmp_path, scale, "scale.json")
    matches = []
    for home in range(1, 7):
        for away in range(home + 1, 7):
            o, c = _rooms_for(SEED_CROSS[home][away] - 10, 1)
            matches.append(
                {
                    "home": home,
                    "away": away,
                    "boards": [{"board": 1, "open": {"score": o}, "closed": {"score": c}}],
                }
            )
    data = {
        "teams": [{"team": t, "name": f"{t}."} for t in range(1, 7)],
        "rounds": [{"round": 1, "matches": matches}],
    }
    # one round holds every match here only to keep the file short; teams may not
    # play twice a round outside a triangle, so spread them over rounds
    data["rounds"] = [{"round": i + 1, "matches": [m]} for i, m in enumerate(matches)]
    path = write(tmp_path, data)
    code, out, err = run("teams", "score", path, "--vp-scale", scale_path, "--format", "json")
    assert code == 0, err
    result = json.loads(out)
    cross = {
        int(t): {int(o): v for o, v in row.items()} for t, row in result["cross_table"].items()
    }
    assert cross == SEED_CROSS
    totals = {s["team"]: (s["vp"], s["rank"]) for s in result["standings"]}
    assert totals == SEED_TOTALS


# -- generated events ----------------------------------------------------------------------


def test_round_robin_of_8_teams_on_vps(tmp_path: Path) -> None:
    """The standings agree with the engine's own round robin on the same matches."""
    data = round_robin_file(8, 8, seed=12)
    play = team_results_json.loads(json.dumps(data))
    event = score_team_event(play)
    assert len(event.matches) == 28 and event.rounds == tuple(range(1, 8))
    for m in event.matches:
        assert m.vp is not None and sum(m.vp) == 20  # wbf2013 shares 20 VPs
        assert m.imps[0] - m.imps[1] == sum(b.imps[0] for b in m.boards)
    entries = [
        MatchEntry(
            str(m.home),
            str(m.away),
            tuple(TeamBoard(b.board, b.open_ns, b.closed_ns) for b in m.boards),
        )
        for m in event.matches
    ]
    engine = round_robin(entries, boards=8)
    assert {s.team: s.points for s in event.standings} == {
        int(t): v for t, v in engine.totals.items()
    }
    assert [s.points for s in event.standings] == sorted(
        (s.points for s in event.standings), reverse=True
    )
    # every pair played every board of its team's seven matches
    assert len(event.butler) == 16 and {b.boards for b in event.butler} == {56}
    assert all(b.pair.startswith(str(b.team)) for b in event.butler)


def test_forfeit_and_bye_follow_003_228_250() -> None:
    """A walkover gives the winner the most of its average, the forfeiting team's
    opponents' average and 12 (1.2 x a 10-10 draw); the loser the minimum, 0."""
    base = round_robin_file(5, 4, seed=3)  # 5 teams: a bye each round
    # team 2 forfeits its match in the last round
    last = base["rounds"][-1]["matches"]
    for m in last:
        if 2 in (m["home"], m["away"]):
            m.pop("boards")
            m.pop("lineup")
            m["forfeited_by"] = 2
    byes = {}
    for rnd in base["rounds"]:
        playing = {t for m in rnd["matches"] for t in (m["home"], m["away"])}
        rnd["byes"] = sorted(set(range(1, 6)) - playing - {0})
        byes[rnd["round"]] = rnd["byes"]
    event = score_team_event(team_results_json.loads(json.dumps(base)))
    forfeit = next(m for m in event.matches if m.forfeited_by == 2)
    winner = forfeit.opponent(2)
    played = [m for m in event.matches if m.forfeited_by is None]
    own = [m.vp[m.side(winner)] for m in played if winner in (m.home, m.away) if m.vp]
    against_2 = [m.vp[1 - m.side(2)] for m in played if 2 in (m.home, m.away) if m.vp]
    expected = max(sum(own) / len(own), sum(against_2) / len(against_2), Fraction(12))
    assert forfeit.points[forfeit.side(winner)] == expected
    assert forfeit.points[forfeit.side(2)] == 0
    assert len(event.byes) == 5 and all(b.points >= 12 for b in event.byes)
    for b in event.byes:
        own_vp = [m.vp[m.side(b.team)] for m in played if b.team in (m.home, m.away) if m.vp]
        assert b.points == max(Fraction(12), sum(own_vp) / len(own_vp))
    total = {s.team: s.points for s in event.standings}
    for team in range(1, 6):
        got = sum(m.points[m.side(team)] for m in event.team_matches(team))
        got += sum(b.points for b in event.byes if b.team == team)
        assert total[team] == got


def test_board_a_match_awl_of_10_teams(tmp_path: Path) -> None:
    """Each match's B-a-M points compared board by board by hand: 2 won, 1 tied, 0 lost."""
    data = awl_bam_file(10, seed=4)
    event = score_team_event(team_results_json.loads(json.dumps(data)))
    assert len(event.matches) == 45  # every team meets every other once
    for m in event.matches:
        home = sum(
            2 if b.open_ns - b.closed_ns > 0 else 1 if b.open_ns == b.closed_ns else 0
            for b in m.boards
            if b.open_ns is not None and b.closed_ns is not None
        )
        assert m.bam == (home, 2 * len(m.boards) - home)
    assert sum(s.points for s in event.standings) == 45 * 2 * 2
    assert {s.played for s in event.standings} == {9}
    code, out, err = run(
        "teams", "score", write(tmp_path, data), "--scoring", "bam-vp", "--format", "json"
    )
    assert code == 0, err
    for m in json.loads(out)["matches"]:
        assert sum(m["bam_vp"]) == 6 and m["points"] == [
            a + b for a, b in zip(m["bam"], m["bam_vp"], strict=True)
        ]


def test_tie_break_head_to_head_then_quotient() -> None:
    """Equal totals are split by the match between the tied teams, then the IMP
    quotient; teams that never met and have the same quotient share the place."""

    def board(n: int, o: int, c: int) -> BoardRooms:
        return BoardRooms(n, RoomScore(o), RoomScore(c))

    play = TeamEventPlay(
        EventHeading("ties"),
        tuple(TeamEntry(t) for t in (1, 2, 3, 4)),
        (
            MatchPlay(1, 1, 2, (board(1, 620, -100),)),  # 1 beats 2
            MatchPlay(1, 3, 4, (board(1, 620, -100),)),  # 3 beats 4
            MatchPlay(2, 2, 3, (board(2, 650, -100),)),  # 2 beats 3
            MatchPlay(2, 4, 1, (board(2, 650, -100),)),  # 4 beats 1
        ),
        scoring=Method.TEAM_IMPS,
    )
    event = score_team_event(play)
    ranks = {s.team: (s.rank, s.tie_break) for s in event.standings}
    # 1 and 3 have +13 - 14 = -1, 2 and 4 have -13 + 14 = +1: 2 v 4 never met, so the
    # IMP quotient (won/lost) decides nothing either: shared; likewise 1 and 3.
    assert ranks[2] == ("1=", "shared") and ranks[4] == ("1=", "shared")
    assert ranks[1] == ("3=", "shared") and ranks[3] == ("3=", "shared")
    # 2 and 3 end level on 0 and met: 2 won that match, so 2 is second (head-to-head)
    play2 = TeamEventPlay(
        play.event,
        play.teams,
        (*play.matches[:2], MatchPlay(2, 2, 3, (board(2, 620, -100),))),
        scoring=Method.TEAM_IMPS,
    )
    ranks2 = {s.team: (s.rank, s.tie_break) for s in score_team_event(play2).standings}
    assert ranks2 == {
        1: ("1", None),
        2: ("2", "head-to-head"),
        3: ("3", "head-to-head"),
        4: ("4", None),
    }


def test_mccallum_and_adjusted_board() -> None:
    play = TeamEventPlay(
        EventHeading("mc"),
        (TeamEntry(1), TeamEntry(2)),
        (
            MatchPlay(
                1,
                1,
                2,
                (
                    BoardRooms(1, RoomScore(420), RoomScore(-50)),
                    BoardRooms(2, adjustment=Adjustment.AVERAGE_PLUS),
                ),
            ),
        ),
        scoring=Method.MCCALLUM,
        stock=30,
    )
    m = score_team_event(play).matches[0]
    assert m.boards[1].imps == (3, -3)  # average plus 3 IMPs (003:39-45)
    assert m.imps == (10 + 3, 0) and m.mccallum == (43, 17)


# -- refusals -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["rounds"][0]["matches"][0]["boards"][0]["closed"].update(score=51),
            "is no contract's score",
        ),
        (lambda d: d["rounds"][0]["matches"][0].update(away=4), "team 4 is not in teams"),
        (
            lambda d: d.update(scoring="bam", rounds=d["rounds"] + [{"byes": [3]}]),
            "byes are scored in VPs",
        ),
        (
            lambda d: d["rounds"][0]["matches"][0]["boards"][0]["open"].update(score=170),
            "does not match",
        ),
        # the file and the field are named (the scale was looked up only when scoring)
        (
            lambda d: d.update(vp_scale="wbf2031"),
            "teams.json, field vp_scale: unknown VP scale 'wbf2031'",
        ),
    ],
)
def test_bad_files_are_one_line(tmp_path: Path, change: Any, message: str) -> None:
    data = {
        "teams": [{"team": 1}, {"team": 2}, {"team": 3}],
        "rounds": [
            {
                "matches": [
                    {
                        "home": 1,
                        "away": 2,
                        "boards": [
                            {
                                "board": 1,
                                "open": {"contract": "4S", "declarer": "N", "result": "="},
                                "closed": {"score": -420},
                            }
                        ],
                    }
                ]
            }
        ],
    }
    data["rounds"][0]["matches"][0]["boards"][0]["open"]["score"] = 420
    change(data)
    code, out, err = run("teams", "score", write(tmp_path, data))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ") and message in err, err


def test_library_refuses_a_team_twice_in_a_round() -> None:
    b = (BoardRooms(1, RoomScore(420), RoomScore(420)),)
    play = TeamEventPlay(
        EventHeading("x"),
        tuple(TeamEntry(t) for t in (1, 2, 3, 4)),
        (MatchPlay(1, 1, 2, b), MatchPlay(1, 1, 3, b), MatchPlay(1, 1, 4, b)),
    )
    with pytest.raises(BridgedeskError, match="plays three matches in round 1"):
        score_team_event(play)


# -- writers ------------------------------------------------------------------------------


def test_csv_and_text_from_the_same_value(tmp_path: Path) -> None:
    path = write(tmp_path, round_robin_file(4, 2, seed=5))
    code, text, err = run("teams", "score", path, "--lang", "ja")
    assert code == 0, err
    event = score_team_event(team_results_json.load(path))
    first = event.standings[0]
    assert f"{first.team:>5}" in text.splitlines()[2] and "順位" in text
    code, _, err = run("teams", "score", path, "--format", "csv", "--out", tmp_path / "csv")
    assert code == 0, err
    standings = (tmp_path / "csv" / "standings.csv").read_bytes()
    assert standings.startswith(b"\xef\xbb\xbf")
    assert standings.decode("utf-8-sig") == team_standings_csv.dumps(event)
    lines = team_matches_csv.dumps(event).splitlines()
    assert len(lines) == 1 + sum(len(m.boards) for m in event.matches)


def test_the_example_of_docs_teams_md(tmp_path: Path) -> None:
    """docs/teams.md's file, worked by hand: round 1 is -250 -> -6 and A+ -> +3, so
    3 - 6 IMPs and 8.73 - 11.27 on 8 boards (wbf2013); team 1 forfeits round 2, so
    team 3 gets the most of 12 (1.2 x 10) and team 2's 11.27 against team 1; each
    bye is 12, above any average played."""
    doc = (Path(__file__).parents[2] / "docs" / "teams.md").read_text(encoding="utf-8")
    block = doc.split("### The results file")[1].split("```json")[1].split("```")[0]
    code, out, err = run("teams", "score", write(tmp_path, json.loads(block)), "--format", "json")
    assert code == 0, err
    result = json.loads(out)
    first, forfeit = result["matches"]
    assert [b["imps"] for b in first["boards"]] == [[-6, 6], [3, -3]]
    assert first["imps"] == [3, 6] and first["vp"] == [8.73, 11.27]
    assert forfeit["forfeited_by"] == 1 and forfeit["vp"] == [12, 0]
    assert [b["vp"] for b in result["byes"]] == [12, 12]
    assert [(s["team"], s["vp"], s["rank"]) for s in result["standings"]] == [
        (3, 24, "1"),
        (2, 23.27, "2"),
        (1, 8.73, "3"),
    ]
    code, text, err = run("teams", "score", tmp_path / "teams.json")
    assert "3 Chiba v 1 Aoki: forfeit by 1 Aoki, 12 – 0" in text
