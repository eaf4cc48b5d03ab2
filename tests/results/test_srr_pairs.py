"""SRR teams + pairs (results/srr_pairs.py): the pairs ranked across flights that share
their boards (004:2649-2651), checked against matchpoints counted here by hand, and the
mis-seated rule (004:2652-2655) on the seed's comparison (004:1660-1668)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from bridgedesk.bridge.methods import Method
from bridgedesk.errors import ScoringError
from bridgedesk.events.team_draw import MisSeat, RoomName
from bridgedesk.formats import srr_flight_json
from bridgedesk.results.model import EventHeading
from bridgedesk.results.srr_pairs import (
    Flight,
    can_share_field,
    corrected_play,
    pair_lines,
    srr_pairs_ranking,
)
from bridgedesk.results.teams import (
    BoardRooms,
    Lineup,
    MatchPlay,
    RoomScore,
    TeamEntry,
    TeamEventPlay,
    score_team_event,
)
from tests.reports.chromium import CHROMIUM, open_page
from tests.results.srr_files import flight_file
from tests.results.test_teams import run, write


def by_hand(flights: list[dict[str, Any]]) -> dict[str, Fraction]:
    """Matchpoint percentages counted from the files alone: on each board every NS
    score against every other NS score (1 for better, 1/2 for equal), EW the other
    way; a pair's percentage is its points over (results - 1) for each board it played."""
    rows: dict[int, list[tuple[str, str, int]]] = {}
    several = len(flights) > 1
    for f in flights:
        prefix = f"{f['flight']}:" if several else ""
        for rnd in f["rounds"]:
            for m in rnd["matches"]:
                lu = m["lineup"]
                for b in m["boards"]:
                    here = rows.setdefault(b["board"], [])
                    ns, ew = prefix + lu["home_ns"], prefix + lu["away_ew"]
                    here.append((ns, ew, b["open"]["score"]))
                    ns, ew = prefix + lu["away_ns"], prefix + lu["home_ew"]
                    here.append((ns, ew, b["closed"]["score"]))
    got: dict[str, Fraction] = {}
    top: dict[str, int] = {}
    for lines in rows.values():
        for i, (ns, ew, score) in enumerate(lines):
            mp = sum(
                (Fraction(1) if score > o else Fraction(1, 2) if score == o else Fraction(0))
                for j, (_, _, o) in enumerate(lines) if j != i
            )  # fmt: skip
            n = len(lines) - 1
            got[ns] = got.get(ns, Fraction(0)) + mp
            got[ew] = got.get(ew, Fraction(0)) + n - mp
            top[ns] = top.get(ns, 0) + n
            top[ew] = top.get(ew, 0) + n
    return {p: got[p] / top[p] * 100 for p in got}


def test_one_flight_ranked_by_matchpoints() -> None:
    data = flight_file(6, "A", seed=3)
    flight = srr_flight_json.loads(json.dumps(data), "A.json")
    lines = srr_pairs_ranking([flight])
    assert {p.pair: p.result for p in lines} == by_hand([data])
    assert len(lines) == 12 and {p.boards for p in lines} == {20}  # 10 rounds of 2
    assert [p.result for p in lines] == sorted((p.result for p in lines), reverse=True)
    assert all(p.pair.startswith(str(p.team)) for p in lines)


def test_flights_of_five_and_six_tables_form_one_field() -> None:
    """004:2651: 5 and 6 tables use the same boards, so their pairs are one field.
    The 5-team flight's pairs play 16 boards (a bye each round), the 6-team flight's 20:
    each pair is ranked by its percentage on the boards it played."""
    six = flight_file(6, "A", seed=4)
    five = flight_file(5, "B", seed=5, tables=5)
    flights = [srr_flight_json.loads(json.dumps(d), f"{d['flight']}.json") for d in (six, five)]
    lines = srr_pairs_ranking(flights)
    expected = by_hand([six, five])
    assert {p.pair: p.result for p in lines} == expected
    assert {p.boards for p in lines if p.flight == "A"} == {20}
    assert {p.boards for p in lines if p.flight == "B"} == {16}
    best = max(expected.values())
    assert lines[0].result == best and lines[0].rank in ("1", "1=")
    assert {p.flight for p in lines} == {"A", "B"} and len(lines) == 22


def test_butler_field_is_imps_per_board() -> None:
    flight = srr_flight_json.loads(json.dumps(flight_file(4, "A", seed=6)), "A.json")
    lines = srr_pairs_ranking([flight], Method.BUTLER)
    assert all(p.result == p.score / p.boards for p in lines) and len(lines) == 8
    assert [p.result for p in lines] == sorted((p.result for p in lines), reverse=True)


@pytest.mark.parametrize(
    ("a", "b", "ok"),
    [(5, 6, True), (7, 8, True), (9, 10, True), (6, 6, True), (4, 5, False), (6, 7, False),
     (8, 9, False), (10, 11, False)],
)  # fmt: skip
def test_which_flights_share_a_field(a: int, b: int, ok: bool) -> None:
    """004:2650-2651 and the note under the table (004:3388)."""
    assert can_share_field(a, b) is ok


def test_flights_that_cannot_share_are_refused() -> None:
    four = srr_flight_json.loads(json.dumps(flight_file(4, "A", seed=1)), "A.json")
    five = srr_flight_json.loads(json.dumps(flight_file(5, "B", seed=1)), "B.json")
    with pytest.raises(ScoringError, match="only 5 and 6, 7 and 8, 9 and 10 tables"):
        srr_pairs_ranking([four, five])
    six = srr_flight_json.loads(json.dumps(flight_file(6, "C", seed=1, boards_per_round=3)), "C")
    with pytest.raises(ScoringError, match="did not play the same boards"):
        srr_pairs_ranking([six, five])


# -- the mis-seated rule, on the seed's comparison -------------------------------------------

#: 004:1662-1666: (board, A's NS score, B's NS score) as seated correctly.
PRINTED = [(1, 50, 300), (2, 110, -50), (3, 450, 420), (4, -620, -620)]
LINEUP = Lineup("A-N", "A-E", "B-N", "B-E")


def _match(rooms: list[tuple[int, int, int]]) -> TeamEventPlay:
    boards = tuple(BoardRooms(b, RoomScore(o), RoomScore(c)) for b, o, c in rooms)
    return TeamEventPlay(
        EventHeading("seed"), (TeamEntry(1, "A"), TeamEntry(2, "B")),
        (MatchPlay(1, 1, 2, boards, lineup=LINEUP),), scoring=Method.TEAM_IMPS,
    )  # fmt: skip


def test_misseated_before_the_other_room_is_played_compares_as_usual() -> None:
    """004:2653-2654: the later room is played swapped too; each slip records the score
    of the pair that sat NS, so both rooms are the negation of the printed scores.
    Corrected, the match is the seed's: -6, +4, +1, 0 and 5 - 6 IMPs."""
    recorded = _match([(b, -o, -c) for b, o, c in PRINTED])
    slip = MisSeat(1, 1, 2, RoomName.OPEN, (1, 2, 3, 4), other_played=False)
    match = score_team_event(corrected_play(recorded, [slip])).matches[0]
    assert [b.imps for b in match.boards] == [(-6, 6), (4, -4), (1, -1), (0, 0)]
    assert match.imps == (5, 6)
    # the pairs sat the other way round in both rooms
    lines = pair_lines(Flight("A", 4, recorded, (slip,)))
    assert [(r.ns, r.ew) for r in lines[1]] == [("B-E", "A-N"), ("A-E", "B-N")]


def test_misseated_after_the_other_room_leaves_the_team_comparison() -> None:
    """004:2655: boards 1 and 2 of the open room were played swapped after the closed
    room: they leave the team match (only +1 and 0 remain), the pairs keep them."""
    recorded = _match([(1, -50, 300), (2, -110, -50), (3, 450, 420), (4, -620, -620)])
    slip = MisSeat(1, 1, 2, RoomName.OPEN, (1, 2), other_played=True)
    match = score_team_event(corrected_play(recorded, [slip])).matches[0]
    assert [b.board for b in match.boards] == [3, 4] and match.imps == (1, 0)
    lines = pair_lines(Flight("A", 4, recorded, (slip,)))
    assert [(r.ns, r.ew) for r in lines[1]] == [("B-E", "A-N"), ("B-N", "A-E")]
    assert [(r.ns, r.ew) for r in lines[3]] == [("A-N", "B-E"), ("B-N", "A-E")]


def test_a_slip_on_an_unknown_match_is_refused() -> None:
    with pytest.raises(ScoringError, match="no match 2 v 1 in round 1"):
        corrected_play(_match(PRINTED), [MisSeat(1, 2, 1, RoomName.OPEN, (1,), True)])


# -- through teams score ----------------------------------------------------------------------


def test_teams_score_ranks_the_pairs_across_flights(tmp_path: Path) -> None:
    six, five = flight_file(6, "A", seed=7), flight_file(5, "B", seed=8, tables=5)
    a, b = write(tmp_path, six, "A.json"), write(tmp_path, five, "B.json")
    code, out, err = run("teams", "score", a, "--flight", b, "--format", "json")
    assert code == 0, err
    got = json.loads(out)["srr_pairs"]
    expected = by_hand([six, five])
    assert {p["pair"]: Fraction(str(p["result"])) for p in got} == {
        k: Fraction(str(round(float(v), 2))) for k, v in expected.items()
    }
    code, out, err = run("teams", "score", a)
    assert code == 0, err
    assert "Pairs ranking (SRR teams + pairs)" in out and "1A" in out
    code, out, err = run("teams", "score", a, "--flight", b, "--format", "html", "--out",
                         tmp_path / "h", "--lang", "ja")  # fmt: skip
    assert code == 0, err
    html = (tmp_path / "h" / "srr_pairs.html").read_text(encoding="utf-8")
    assert "ペア順位表（SRR チーム+ペア）" in html and html.count("<tr>") == 22 + 1
    assert "srr_pairs.html" in (tmp_path / "h" / "index.html").read_text(encoding="utf-8")


def test_teams_score_applies_the_misseated_rule(tmp_path: Path) -> None:
    data = flight_file(4, "A", seed=9)
    plain = score_team_event(srr_flight_json.loads(json.dumps(data), "A").play)
    first = data["rounds"][0]["matches"][0]
    for board in first["boards"]:  # both rooms swapped: each slip is the other side's
        board["open"]["score"] *= -1
        board["closed"]["score"] *= -1
    first["misseated"] = [{"room": "open", "boards": [1, 2], "other_room_played": False}]
    code, out, err = run("teams", "score", write(tmp_path, data, "A.json"), "--format", "json")
    assert code == 0, err
    got = json.loads(out)
    assert got["matches"][0]["imps"] == list(plain.matches[0].imps)
    first["misseated"] = [{"room": "shut", "boards": [1], "other_room_played": True}]
    code, out, err = run("teams", "score", write(tmp_path, data, "A.json"))
    assert code == 2 and "misseated[0].room must be" in err


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium")
def test_pairs_page_opens_in_chromium(tmp_path: Path) -> None:
    a = write(tmp_path, flight_file(6, "A", seed=7), "A.json")
    b = write(tmp_path, flight_file(5, "B", seed=8, tables=5), "B.json")
    code, _, err = run("teams", "score", a, "--flight", b, "--format", "html", "--out",
                       tmp_path / "h")  # fmt: skip
    assert code == 0, err
    text = open_page(tmp_path / "h" / "srr_pairs.html", tmp_path, "srr_pairs")
    assert "Pairs ranking (SRR teams + pairs)" in text and "A:1A" in text and "B:5B" in text
    assert '<td class="names">5 B5</td>' in text and '<td class="names">6 A6</td>' in text
