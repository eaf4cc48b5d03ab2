"""PBN with both rooms (formats/pbn_team_matches.py): the seed's comparison written as
open and closed room games, read back by our own PBN reader and scored again to the
same matches, read by endplay, and written by ``teams score``."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from endplay.parsers import pbn as endplay_pbn

from bridgedesk.bridge.methods import Method
from bridgedesk.deals.generate import random_deal
from bridgedesk.errors import BridgedeskError, FormatError
from bridgedesk.formats import pbn, pbn_team_matches, team_results_json
from bridgedesk.results.teams import ScoredTeamEvent, score_team_event
from tests.reports.test_team_reports import _write, run
from tests.results.team_files import awl_bam_file, round_robin_file
from tests.results.test_teams import SEED_COMPARISON, _rooms


def _seed_file(tmp_path: Path) -> Path:
    data = {
        "scoring": "imp",
        "teams": [{"team": 1, "name": "A"}, {"team": 2, "name": "B"}],
        "rounds": [{"round": 1, "matches": [{"home": 1, "away": 2, "table": 1, "boards": [
            {"board": b, "open": _rooms(o)[0], "closed": _rooms(c)[0]}
            for b, o, c in SEED_COMPARISON]}]}],
    }  # fmt: skip
    return _write(tmp_path, data)


def test_the_seeds_match_as_two_rooms_a_board(tmp_path: Path) -> None:
    """004:1646-1668: board 1 is 3NT E -1 (NS +50) in the open room, home team A NS,
    and 4SX E -2 (NS +300) in the closed room, team B NS: A loses 6 IMPs, B wins 6."""
    event = score_team_event(team_results_json.load(_seed_file(tmp_path)))
    games = pbn.loads(pbn_team_matches.dumps(event)).games
    assert len(games) == 8
    first, second = games[0], games[1]
    assert [first[t] for t in ("Board", "Room", "HomeTeam", "VisitTeam", "Contract",
                                "Declarer", "Result", "Score", "ScoreIMP")] == [
        "1", "Open", "A", "B", "3NT", "E", "8", "NS 50", "NS -6"]  # fmt: skip
    tags = ("Room", "Contract", "Declarer", "Result", "Score", "ScoreIMP")
    assert [second[t] for t in tags] == ["Closed", "4SX", "E", "8", "NS 300", "NS 6"]
    assert first["Scoring"] == "IMP" and first["Competition"] == "Teams"
    assert first["Vulnerable"] == "None" and games[2]["Vulnerable"] == "NS"
    # board 2: the closed room's NS (team B) 3S -1 vulnerable, -100 (the seed's typo, 004:1657)
    assert games[3]["Score"] == "NS -100" and games[3]["ScoreIMP"] == "NS -5"


def _same_matches(a: ScoredTeamEvent, b: ScoredTeamEvent) -> None:
    key = [(m.round, m.home, m.away, m.table, m.boards, m.imps, m.points) for m in a.matches]
    assert key == [(m.round, m.home, m.away, m.table, m.boards, m.imps, m.points)
                   for m in b.matches]  # fmt: skip
    assert [(s.team, s.points, s.rank) for s in a.standings] == [
        (s.team, s.points, s.rank) for s in b.standings
    ]


@pytest.mark.parametrize("seed", [1, 2])
def test_round_trip_through_our_reader_scores_the_same(tmp_path: Path, seed: int) -> None:
    """A generated 6-team round robin (IMPs, with deals): written, read back by
    pbn_team_matches.loads on top of formats.pbn, scored again: the same boards,
    IMPs, points and standings; the deals are in the file."""
    play = team_results_json.load(_write(tmp_path, round_robin_file(6, 3, seed=seed)))
    play = replace(play, scoring=Method.TEAM_IMPS)
    event = score_team_event(play)
    rng = random.Random(seed)
    deals = {b: random_deal(b, rng) for b in range(1, 16)}
    text = pbn_team_matches.dumps(event, deals)
    assert text.startswith("% PBN 2.1\r\n% EXPORT\r\n")
    back = pbn_team_matches.loads(text)
    assert [t.number for t in back.teams] == [1, 2, 3, 4, 5, 6]
    assert back.teams[0].name == "Team 1"
    again = score_team_event(back)
    _same_matches(event, again)
    parsed = pbn.loads(text)
    assert parsed.games[0]["Deal"] == deals[1].pbn()


def test_board_a_match_round_trip(tmp_path: Path) -> None:
    play = team_results_json.load(_write(tmp_path, awl_bam_file(10, seed=3)))
    event = score_team_event(play)
    text = pbn_team_matches.dumps(event)
    back = pbn_team_matches.loads(text)
    assert back.scoring is Method.BOARD_A_MATCH and 'Scoring "BAM"' in text
    _same_matches(event, score_team_event(replace(back, scoring=play.scoring)))


def test_endplay_reads_both_rooms(tmp_path: Path) -> None:
    event = score_team_event(team_results_json.load(_seed_file(tmp_path)))
    boards = endplay_pbn.loads(pbn_team_matches.dumps(event))
    assert [b.board_num for b in boards] == [1, 1, 2, 2, 3, 3, 4, 4]
    assert repr(boards[0].contract) == 'Contract("3NTE-1")'
    assert repr(boards[1].contract) == 'Contract("4♠Ex-2")'
    assert boards[1].info["Room"] == "Closed"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace('[Room "Closed"]', '[Room "Other"]', 1), "[Room 'Other']"),
        (lambda t: t.replace('[Score "NS 300"]', '[Score "NS 500"]', 1), "score 500 does not"),
        (lambda t: t.replace('[HomeTeamNumber "1"]', '[HomeTeamNumber "x"]', 1),
         "[HomeTeamNumber] must be a number"),
    ],
)  # fmt: skip
def test_bad_team_pbn_is_one_located_line(tmp_path: Path, change: object, message: str) -> None:
    event = score_team_event(team_results_json.load(_seed_file(tmp_path)))
    text = pbn_team_matches.dumps(event, newline="\n")
    assert callable(change)
    with pytest.raises(BridgedeskError) as err:
        pbn_team_matches.loads(change(text), "match.pbn")
    assert message in str(err.value) and "match.pbn:" in str(err.value)


def test_a_board_with_one_room_is_refused(tmp_path: Path) -> None:
    event = score_team_event(team_results_json.load(_seed_file(tmp_path)))
    games = pbn_team_matches.games(event)
    text = pbn.dumps([g for g in games if not (g["Board"] == "3" and g["Room"] == "Closed")])
    with pytest.raises(FormatError, match="board 3 of 1 v 2 in round 1 has no Closed room"):
        pbn_team_matches.loads(text)


def test_teams_score_writes_the_pbn(tmp_path: Path) -> None:
    path = _seed_file(tmp_path)
    code, out, err = run("teams", "score", path, "--format", "pbn")
    assert code == 0, err
    assert out.count('[Room "Open"]') == 4 and out.count('[Room "Closed"]') == 4
    code, out, err = run("teams", "score", path, "--format", "pbn", "--out", tmp_path / "m.pbn")
    assert code == 0, err
    assert pbn_team_matches.load(tmp_path / "m.pbn").matches[0].boards[0].open is not None
    code, out, err = run("teams", "score", path, "--format", "html", "--out", tmp_path / "h")
    assert code == 0, err
    assert "results.pbn" in {Path(p).name for p in out.split()}
    back = score_team_event(pbn_team_matches.load(tmp_path / "h" / "results.pbn"))
    assert back.matches[0].imps == (6, 6)
